"""Widget figures measured in Chromium (``make bench``): steps drawn per second while scrubbing a full
game, ms from a click to the redraw it causes, bytes per update on the kernel's websocket, and the
size of the play notebook saved after running it.

It starts the same JupyterLab server as the browser tests (``tests/e2e/hosts.py``), opens a
notebook whose teacher widget shows a whole random game, and drives the slider from the page:

- a fast drag: the slider moves one step per animation frame from 0 to the end; the view coalesces
  the steps wanted (one goto in flight); the figure is the steps Python drew (widget updates on the
  kernel's websocket) per second until the last one;
- holding →: a key press every 33 ms (a typical key repeat) from step 0: steps drawn per second, and
  the step it ends at (no press dropped: the last);
- click to drawn: a click on ◀ / ▶ until the first redraw after the click handler (Python's answer),
  split into the kernel's time per goto (from its busy to its idle status, by the kernel's own clock)
  and the websocket round trip (the goto leaving the page to the update arriving, seen from here).
  When the kernel takes a few ms and the round trip about 40 ms more, the time is lost on the way:
  the server's websocket holds a small message back until the browser acknowledges the one before
  (Nagle's algorithm meeting delayed acknowledgements). A goto that leaves meanwhile releases it,
  which is why the view keeps two in flight while scrubbing (``js/src/scrub.js``).

Redraws are timed by the view itself in ``globalThis.__nagaRenderTimes``.

The game table: the height of the widget of the play notebook's first game (a player against
``RandomBot``) at 1400 and 800 px wide; at 1366×768 (a student's laptop, the file browser open) its
height, the notebook area's, and the pixels to spare under the essential set and the drawer's tab
strip once the widget's top is scrolled to the top of the area (with the drawer closed, and with its
Hint tab open); and the number of clicks a whole game takes when a script
plays gold by clicks only (the first card and Confirm at the Call, Pass in the Confrontation, the
first space and Confirm at the Exploration, the first card and Confirm at the New Deal; a pass that is
the only choice is played by the view itself, auto-pass).
"""

from __future__ import annotations

import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "e2e"))

from hosts import LAB, jupyter_server  # noqa: E402
from playwright.sync_api import Page, WebSocket, sync_playwright  # noqa: E402

CHROMIUM = os.environ.get("NAGA_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
GAME = """from naga_widget import Match, NagaWidget
import random
match, rng = Match(seed=3), random.Random(3)
while not match.state.is_over:
    match.play(rng.choice(list(match.state.legal_actions())))
w = NagaWidget(match, perspective="teacher")
w"""

SLIDER = "document.querySelector('[data-testid=\"tl-slider\"]')"
POSITION = "document.querySelector('[data-testid=\"tl-position\"]')"

# The view pushes each redraw's duration on this array; this one also notes when (page time).
_INIT = """window.__nagaRenderTimes = new (class extends Array {
  push(...v) { (window.__nagaDrawnAt ||= []).push(performance.now()); return super.push(...v); } })();"""

# A fast drag: the slider moves one step per animation frame from 0 to the end, then is let go.
_DRAG = f"""async (last) => {{ const s = {SLIDER}; const frame = () => new Promise(r => requestAnimationFrame(r));
  for (let k = 1; k <= last; k++) {{
    s.value = String(k); s.dispatchEvent(new Event('input', {{bubbles: true}})); await frame(); }}
  s.dispatchEvent(new Event('change', {{bubbles: true}})); }}"""

# Click a control; resolve at the first redraw after the click handler has returned (Python's answer).
_CLICK = """async (testid) => { const t0 = performance.now();
  document.querySelector(`[data-testid="${testid}"]`).click();
  const n = window.__nagaDrawnAt.length;
  while (window.__nagaDrawnAt.length === n) await new Promise(r => setTimeout(r, 0));
  return window.__nagaDrawnAt[n] - t0; }"""


def wait_kernel(page: Page, path: str) -> None:
    page.wait_for_function(
        "(p) => { const nb = window.jupyterapp?.shell?.currentWidget; const k = nb?.sessionContext?.session?.kernel;"
        " return nb?.context?.path === p && k && k.connectionStatus === 'connected' && k.status === 'idle'; }",
        arg=path, timeout=120_000)


def settle(page: Page, frames: list[tuple[float, int]], quiet: float = 1.0) -> None:
    """Wait until no widget update has come for ``quiet`` seconds (the view has caught up)."""
    while True:
        count = len(frames)
        page.wait_for_timeout(quiet * 1000)
        if len(frames) == count:
            return


def go_to(page: Page, step: int) -> None:
    page.locator('[data-testid="tl-slider"]').fill(str(step))
    page.locator('[data-testid="tl-slider"]').dispatch_event("change")


def python_steps(frames: list[tuple[float, int]], start: float) -> tuple[int, float]:
    """Updates from Python after ``start`` and the seconds until the last of them."""
    after = [t for t, _ in frames if t >= start]
    return len(after), (after[-1] - start) if after else float("nan")


_STATUS = re.compile(rb'"execution_state":\s*"(busy|idle)"')
_DATE = re.compile(rb'"date":\s*"([^"]+)"')  # the first one of a message is its header's


def kernel_ms(statuses: list[tuple[str, str]]) -> list[float]:
    """ms from each busy status to the idle after it, by the dates the kernel wrote in their headers."""
    spans, busy = [], None
    for state, date in statuses:
        at = datetime.fromisoformat(date.replace("Z", "+00:00"))
        if state == "busy":
            busy = at
        elif busy is not None:
            spans.append((at - busy).total_seconds() * 1000)
            busy = None
    return spans


def round_trips(sent: list[float], frames: list[tuple[float, int]]) -> list[float]:
    """ms from each goto sent to the first widget update received after it."""
    trips = []
    for t in sent:
        after = [f for f, _ in frames if f > t]
        if after:
            trips.append((after[0] - t) * 1000)
    return trips


def notebook_sizes(tmp: Path) -> dict[str, int]:
    """Bytes of the play notebook saved after running it: with nbconvert's defaults (widget state kept,
    which holds the view's whole ES module per widget) and without the widget state."""
    sizes = {}
    for name, extra in (("default", []), ("no_widget_state", ["--ExecutePreprocessor.store_widget_state=False"])):
        shutil.copy(ROOT / "notebooks" / "01_play.ipynb", tmp / "play.ipynb")
        subprocess.run([sys.executable, "-m", "nbconvert", "--to", "notebook", "--execute", "play.ipynb",
                        "--output", f"played-{name}.ipynb", *extra], cwd=tmp, check=True, capture_output=True,
                       env=dict(os.environ, JUPYTER_RUNTIME_DIR=str(tmp / "runtime")), timeout=300)
        sizes[name] = (tmp / f"played-{name}.ipynb").stat().st_size
    return sizes


TABLE = """from naga_widget import NagaWidget, RandomBot
game = NagaWidget(perspective=0, opponent=RandomBot(seed=7), seed=22, bot_delay=0)
game"""

# What the script clicks now, by the controls shown (their data-testid); null while waiting.
_NEXT = """() => {
  const root = document.querySelector('[data-testid="root"]');
  const visible = (sel) => [...root.querySelectorAll(sel)].filter(e => e.getClientRects().length);
  const shown = (sel) => visible(sel).filter(e => !e.disabled && e.getAttribute('aria-disabled') !== 'true');
  if (root.querySelector('[data-testid="new-game"]')) return {over: true};
  if (root.querySelector('[data-testid="pending"]')) return null;
  const pass = shown('[data-testid="pass"]');
  if (pass.length) return {clicks: ['pass']};
  const give = shown('[data-testid^="give-"]').filter(e => e.dataset.testid !== 'give-confirm');
  if (give.length) return {clicks: [give[0].dataset.testid, 'confirm']};
  const space = shown('[data-testid^="space-"]');
  if (space.length) return {clicks: [space[0].dataset.testid, 'confirm']};
  const card = shown('[data-testid^="card-"]');
  if (card.length && visible('[data-testid="confirm"]').length) return {clicks: [card[0].dataset.testid, 'confirm']};
  return null;
}"""

_POSITION_TEXT = "() => document.querySelector('[data-testid=\"tl-position\"]')?.innerText ?? ''"


def widget_height(page: Page, width: int) -> tuple[float, float]:
    """The widget's height and width (px) in a window ``width`` px wide (and 1000 high)."""
    page.set_viewport_size({"width": width, "height": 1000})
    page.wait_for_timeout(800)  # JupyterLab and the container queries settle
    box = page.evaluate("() => { const r = document.querySelector('[data-testid=\"root\"]')"
                        ".getBoundingClientRect(); return [r.height, r.width]; }")
    return float(box[0]), float(box[1])


# The parts that must show on one screen (tests/e2e/test_table_layout.py checks them at 24 px to spare).
ESSENTIAL = ["temple-gold", "temple-silver", "offered", "actions", "confirm", "head-score-0", "head-score-1",
             "to-move", "step-name", "round", "timeline", "tabs"]

_FIT = """(ids) => {
  const root = document.querySelector('[data-testid="root"]');
  (root.closest('.jp-OutputArea-output') || root).scrollIntoView({block: 'start'});
  const area = document.querySelector('.jp-WindowedPanel-outer').getBoundingClientRect();
  const parts = ids.map((id) => root.querySelector(`[data-testid="${id}"]`)).filter(Boolean);
  const bottom = Math.max(...parts.map((e) => e.getBoundingClientRect().bottom));
  return {height: root.getBoundingClientRect().height, area: area.height, spare: area.bottom - bottom,
          found: parts.length};
}"""


def fit_at_laptop(page: Page) -> dict[str, float]:
    """At 1366×768: the widget's height, the notebook area's, and the pixels to spare under the essential
    set, with the drawer closed and with the Hint tab open (``spare_hint``)."""
    page.set_viewport_size({"width": 1366, "height": 768})
    page.wait_for_timeout(800)
    page.evaluate(_FIT, ESSENTIAL)
    page.wait_for_timeout(300)
    closed = page.evaluate(_FIT, ESSENTIAL)
    page.locator('[data-testid="tab-hint"]').first.click()
    page.wait_for_timeout(300)
    page.evaluate(_FIT, ESSENTIAL)
    page.wait_for_timeout(300)
    hint = page.evaluate(_FIT, ESSENTIAL)
    page.locator('[data-testid="tab-hide"]').first.click()
    if closed["found"] != len(ESSENTIAL) or hint["found"] != len(ESSENTIAL):
        raise RuntimeError(f"parts of the essential set are missing: {closed}, {hint}")
    return {"height": closed["height"], "area": closed["area"], "spare": closed["spare"], "spare_hint": hint["spare"]}


def clicks_of_a_game(page: Page, limit: int = 1000) -> tuple[int, int]:
    """Play gold to the end by clicks; return the clicks and the game's steps."""
    clicks = 0
    deadline = time.monotonic() + 300
    while clicks < limit and time.monotonic() < deadline:
        todo = page.evaluate(_NEXT)
        if todo is None:
            page.wait_for_timeout(30)
            continue
        if todo.get("over"):
            break
        before = page.evaluate(_POSITION_TEXT)
        for testid in todo["clicks"]:
            page.locator(f'[data-testid="{testid}"]').first.click()
            clicks += 1
        page.wait_for_function(f"(b) => ({_POSITION_TEXT})() !== b", arg=before, timeout=30_000)
    last = int(page.locator('[data-testid="tl-slider"]').get_attribute("max") or 0)
    return clicks, last


def table_figures(browser: Any, base: str) -> dict[str, Any]:
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    LAB.open(page, base, "table.ipynb")
    page.locator('[data-testid="confirm"]').first.wait_for(state="visible", timeout=60_000)
    wide = widget_height(page, 1400)
    narrow = widget_height(page, 800)
    laptop = fit_at_laptop(page)
    widget_height(page, 1400)
    clicks, steps = clicks_of_a_game(page)
    page.close()
    return {"wide": wide, "narrow": narrow, "laptop": laptop, "clicks": clicks, "steps": steps}


def main() -> None:
    print("naga_widget browser benchmark (JupyterLab in Chromium)")
    tmp = Path(tempfile.mkdtemp(prefix="naga-bench-"))
    served = tmp / "work"
    served.mkdir()
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(GAME)]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, served / "bench.ipynb")
    table = nbformat.v4.new_notebook()
    table.cells = [nbformat.v4.new_code_cell(TABLE)]
    table.metadata["kernelspec"] = nb.metadata["kernelspec"]
    nbformat.write(table, served / "table.ipynb")
    server = jupyter_server(tmp, served)
    frames: list[tuple[float, int]] = []  # (host time, bytes) of each widget update from Python
    statuses: list[tuple[str, str]] = []  # (busy or idle, the kernel's date) of each kernel status
    sent: list[float] = []  # host time of each goto the page sent
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            page.add_init_script(_INIT)

            def on_socket(ws: WebSocket) -> None:
                def received(payload: str | bytes) -> None:
                    data = payload.encode() if isinstance(payload, str) else payload
                    if b"comm_msg" in data and b'"update"' in data:
                        frames.append((time.perf_counter(), len(data)))
                    state, date = _STATUS.search(data), _DATE.search(data)
                    if state and date:
                        statuses.append((state.group(1).decode(), date.group(1).decode()))

                def posted(payload: str | bytes) -> None:
                    data = payload.encode() if isinstance(payload, str) else payload
                    if b"comm_msg" in data and b'"goto"' in data:
                        sent.append(time.perf_counter())
                ws.on("framereceived", received)
                ws.on("framesent", posted)

            page.on("websocket", on_socket)
            LAB.open(page, server.base, "bench.ipynb")
            last = int(page.locator('[data-testid="tl-slider"]').get_attribute("max") or 0)
            go_to(page, 0)
            settle(page, frames)
            start = time.perf_counter()
            page.evaluate(_DRAG, last)
            settle(page, frames)
            drag = python_steps(frames, start)
            updates = [size for t, size in frames if t >= start]
            go_to(page, 0)
            settle(page, frames)
            page.locator('[data-testid="tl-slider"]').focus()
            start = time.perf_counter()
            for _ in range(last):
                page.keyboard.press("ArrowRight")
                page.wait_for_timeout(33)
            pressed = time.perf_counter() - start
            settle(page, frames)
            held = python_steps(frames, start)
            reached = page.locator('[data-testid="tl-slider"]').input_value()
            marks = len(sent), len(statuses)
            clicks = [page.evaluate(_CLICK, "tl-back" if i % 2 == 0 else "tl-forward") for i in range(40)]
            settle(page, frames, 0.3)
            kernel = kernel_ms(statuses[marks[1]:])
            trips = round_trips(sent[marks[0]:], frames)
            renders = list(page.evaluate("() => [...window.__nagaRenderTimes]"))
            page.close()
            figures = table_figures(browser, server.base)
            browser.close()
    finally:
        server.stop()
    print(f"  game of {last} steps")
    print(f"  fast drag (one step per frame, 0 → {last}): {drag[0]} steps drawn from Python in {drag[1]:.2f} s = "
          f"{drag[0] / drag[1]:.1f} steps drawn per second")
    print(f"  holding → (a press every 33 ms): {held[0]} steps drawn in {held[1]:.2f} s = "
          f"{held[0] / held[1]:.1f} per second ({last / pressed:.1f} presses per second); "
          f"ended at step {reached} of {last}")
    clicks.sort()
    print(f"  click to drawn (◀/▶ → Python → redraw, 40 clicks): median {statistics.median(clicks):.1f} ms, "
          f"p90 {clicks[int(0.9 * len(clicks)) - 1]:.1f} ms")
    if kernel and trips:
        print(f"    of which: the kernel handles a goto in {statistics.median(kernel):.1f} ms (median of "
              f"{len(kernel)}, busy to idle); goto sent to update received on the websocket: median "
              f"{statistics.median(trips):.1f} ms")
    if updates:
        print(f"  bytes per update on the websocket (the drag, {len(updates)} messages): median "
              f"{statistics.median(updates):,.0f}, max {max(updates):,}")
    print(f"  redraw time in the page: median {statistics.median(renders):.2f} ms, max {max(renders):.2f} ms "
          f"({len(renders)} redraws)")
    (h1400, w1400), (h800, w800) = figures["wide"], figures["narrow"]
    print(f"  the game table (the play notebook's game, JupyterLab with its file browser): widget {h1400:.0f} px "
          f"high ({w1400:.0f} px wide) in a 1400 px window, {h800:.0f} px high ({w800:.0f} px wide) in an 800 px "
          f"window")
    laptop = figures["laptop"]
    print(f"  at 1366×768 (the file browser open): widget {laptop['height']:.0f} px high in a {laptop['area']:.0f} px "
          f"notebook area; {laptop['spare']:.0f} px to spare under the essential set and the tab strip "
          f"({laptop['spare_hint']:.0f} px with the Hint tab open; at least 24 wanted)")
    print(f"  a whole game played by clicks (gold against RandomBot, seed 22, auto-pass on): {figures['clicks']} "
          f"clicks for {figures['steps']} steps")
    sizes = notebook_sizes(tmp)
    print(f"  the play notebook saved after running it: {sizes['default']:,} bytes with nbconvert's defaults, "
          f"{sizes['no_widget_state']:,} bytes without the widget state")
    shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
