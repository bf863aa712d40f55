"""Open the built site in Debian's Chromium and play the widget by clicks (tests/lite, the benchmark).

Everything is plain Playwright (sync API) driving ``/usr/bin/chromium``; it never downloads a
browser. :class:`Served` runs ``lite/serve.py`` on a free port of 127.0.0.1; :func:`new_page`
opens a fresh browser context (so a cold cache) whose every request, the kernel worker's and
the service worker's included, is seen: any that leaves 127.0.0.1 is recorded and refused.
Refusing needs Playwright's routing, which turns the browser's HTTP cache off; a page made with
``route=False`` keeps the cache (to measure what a second lesson costs) and only records.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, Request, Route, Worker

HERE = Path(__file__).resolve().parent
CHROMIUM = os.environ.get("NAGA_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]
LOCAL = ("http://127.0.0.1", "ws://127.0.0.1", "data:", "blob:", "about:")
ROOT_SELECTOR = '[data-testid="root"]'
ENABLED = ':not([disabled]):not([aria-disabled="true"])'

KERNEL_READY = """() => { const k = window.jupyterapp?.shell?.currentWidget?.sessionContext?.session?.kernel;
  return !!k && k.connectionStatus === 'connected' && k.status === 'idle'; }"""


class Served:
    """``lite/serve.py`` on a free port, in its own process; ``base`` is its URL."""

    def __init__(self, site: Path, *, stats: bool = False, plain: bool = False) -> None:
        cmd = [sys.executable, str(HERE / "serve.py"), "--dir", str(site), "--port", "0"]
        cmd += ["--stats"] if stats else []
        cmd += ["--plain"] if plain else []
        self.proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True)
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if "http://" not in line:
            self.stop()
            raise RuntimeError(f"lite/serve.py did not start: {line!r}")
        self.base = line.split(" at ", 1)[1].split("/lab/", 1)[0]

    def get(self, path: str) -> Any:
        with urllib.request.urlopen(self.base + path, timeout=10) as answer:
            return json.loads(answer.read())

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(timeout=10)

    def __enter__(self) -> Served:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


@dataclass
class Traffic:
    """Every URL the context asked for, the refused (non-local) ones, worker console lines, and the
    ``Content-Encoding`` of each answer (``""`` when none)."""

    urls: list[str] = field(default_factory=list)
    encodings: dict[str, str] = field(default_factory=dict)
    refused: list[str] = field(default_factory=list)
    workers: list[str] = field(default_factory=list)
    console: list[str] = field(default_factory=list)


def new_page(browser: Browser, *, route: bool = True) -> tuple[Page, Traffic]:
    """A page in a fresh context (empty cache) that refuses and records requests leaving 127.0.0.1
    (with ``route=False``: records them in ``refused`` without refusing, and keeps the HTTP cache)."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    traffic = Traffic()

    def refuse(r: Route) -> None:
        if r.request.url.startswith(LOCAL):
            r.continue_()
        else:
            traffic.refused.append(r.request.url)
            r.abort()

    def seen(request: Request) -> None:
        traffic.urls.append(request.url)
        if not route and not request.url.startswith(LOCAL):
            traffic.refused.append(request.url)

    if route:
        context.route("**/*", refuse)
    context.on("request", seen)
    context.on("response", lambda r: traffic.encodings.__setitem__(r.url, r.headers.get("content-encoding", "")))
    page = context.new_page()
    def on_worker(worker: Worker) -> None:
        traffic.workers.append(worker.url)
        worker.on("console", lambda m: traffic.console.append(m.text))

    page.on("worker", on_worker)
    page.on("console", lambda m: traffic.console.append(m.text) if m.type in ("error", "warning") else None)
    page.on("pageerror", lambda exc: traffic.console.append(f"pageerror: {exc}"))
    return page, traffic


def open_notebook(page: Page, base: str, name: str, timeout: float = 180_000) -> float:
    """Open ``name`` in JupyterLite's lab and wait until its kernel is idle; return the seconds taken."""
    started = time.monotonic()
    page.goto(f"{base}/lab/index.html?path={name}")
    page.wait_for_function(KERNEL_READY, timeout=timeout)
    return time.monotonic() - started


def kernel_name(page: Page) -> str:
    return str(page.evaluate("() => window.jupyterapp.shell.currentWidget.sessionContext.session.kernel.name"))


def run_all(page: Page) -> None:
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")


def wait_all_run(page: Page, timeout: float = 120_000) -> None:
    """Wait until every code cell has run (an execution count, none pending) and the kernel is idle."""
    page.wait_for_function(f"""() => {{
        const nb = window.jupyterapp.shell.currentWidget.content;
        const code = nb.widgets.filter(c => c.model.type === 'code');
        return code.length > 0 && code.every(c => c.model.executionCount !== null) && ({KERNEL_READY})(); }}""",
                           timeout=timeout)


_CELLS = """() => {
  const nb = window.jupyterapp.shell.currentWidget.content;
  return nb.widgets.map((c, index) => ({index, type: c.model.type,
    count: c.model.type === 'code' ? c.model.executionCount : null,
    outputs: c.model.type === 'code' ? c.model.outputs.toJSON() : []})); }"""


def wait_run_through(page: Page, timeout: float = 600_000) -> None:
    """Wait until the kernel is idle and either every code cell has run or one shows an error (a
    failed cell stops "run all", so the cells after it never get an execution count)."""
    page.wait_for_function(f"""() => {{
        const nb = window.jupyterapp.shell.currentWidget.content;
        const code = nb.widgets.filter(c => c.model.type === 'code');
        const failed = code.some(c => c.model.outputs.toJSON().some(o => o.output_type === 'error'));
        return code.length > 0 && (failed || code.every(c => c.model.executionCount !== null))
            && ({KERNEL_READY})(); }}""", timeout=timeout, polling=500)


def cell_outputs(page: Page) -> list[dict[str, Any]]:
    """Every cell of the open notebook: ``index``, ``type``, ``count`` (execution count or None) and
    ``outputs`` (nbformat output dicts, from the notebook model, so scrolled-away cells count too)."""
    return list(page.evaluate(_CELLS))


def output_problems(cells: list[dict[str, Any]]) -> list[str]:
    """What went wrong in ``cells``: error outputs (with their traceback's last line), text on
    stderr (warnings, notes of something missing), and code cells that never ran."""
    problems = []
    for cell in cells:
        if cell["type"] != "code":
            continue
        where = f"cell {cell['index']}"
        if cell["count"] is None:
            problems.append(f"{where}: did not run")
        for out in cell["outputs"]:
            if out.get("output_type") == "error":
                problems.append(f"{where}: {out.get('ename')}: {out.get('evalue')}")
            elif out.get("output_type") == "stream" and out.get("name") == "stderr":
                text = out.get("text", "")
                problems.append(f"{where}: stderr: {''.join(text) if isinstance(text, list) else text}".strip())
    return problems


def errors_shown(page: Page) -> list[str]:
    """The texts of error outputs (tracebacks) in the notebook."""
    return list(page.locator('.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"], '
                             '.jp-RenderedText[data-mime-type="application/vnd.jupyter.error"]').all_inner_texts())


# -- the widget, by clicks ------------------------------------------------------------------------------

_TURN = f"""() => {{
  const root = document.querySelector('{ROOT_SELECTOR}');
  if (!root || root.querySelector('[data-testid="pending"]')) return null;
  const shown = (sel) => [...root.querySelectorAll(sel)].some(e => e.getClientRects().length);
  if (shown('[data-testid="pass"]{ENABLED}')) return 'confront';
  if (shown('[data-testid^="give-"]{ENABLED}')) return 'give';
  if (shown('[data-testid^="space-"]')) return 'place';
  if (shown('[data-testid^="card-"]{ENABLED}') && shown('[data-testid="confirm"]')) return 'call';
  return null; }}"""


def last_step(page: Page) -> int:
    return int(page.locator(ROOT_SELECTOR).first.get_by_test_id("tl-slider").get_attribute("max") or 0)


def wait_turn(page: Page, timeout: float = 60_000) -> str:
    """Wait until the first widget asks the viewer for a decision; return which kind."""
    return str(page.wait_for_function(_TURN, timeout=timeout).json_value())


def _click(page: Page, selector: str) -> None:
    page.locator(ROOT_SELECTOR).first.locator(selector).first.click()


def play_decision(page: Page, timeout: float = 60_000) -> tuple[str, float]:
    """Play the decision the first widget asks for, by clicks; return its kind and the milliseconds
    from the last click until the new step was drawn.

    A call plays the first card offered, a confrontation passes, a placement takes the first
    space and rotation offered, a give the first card.
    """
    turn = wait_turn(page, timeout)
    before = last_step(page)
    if turn == "call":
        _click(page, f'[data-testid^="card-"]{ENABLED}')
    elif turn == "place":
        _click(page, '[data-testid^="space-"]')
        _click(page, '[data-testid^="rotation-"]')
    elif turn == "give":
        _click(page, f'[data-testid^="give-"]{ENABLED}')
    final = '[data-testid="pass"]' if turn == "confront" else f'[data-testid="confirm"]{ENABLED}'
    page.locator(ROOT_SELECTOR).first.locator(final).first.wait_for()
    # the click and the wait for its drawing both happen in the page: no round trip to Playwright
    ms = page.evaluate(f"""([sel, before]) => new Promise((done, fail) => {{
        const root = document.querySelector('{ROOT_SELECTOR}');
        const slider = () => root.querySelector('[data-testid="tl-slider"]');
        const started = performance.now();
        const check = () => {{ if (+slider().max > before) {{ observer.disconnect();
            requestAnimationFrame(() => done(performance.now() - started)); }} }};
        const observer = new MutationObserver(check);
        observer.observe(root, {{ subtree: true, childList: true, attributes: true }});
        setTimeout(() => {{ observer.disconnect(); fail(new Error('no new step drawn in 60 s')); }}, 60000);
        root.querySelector(sel).click(); }})""", [final, before])
    return turn, float(ms)
