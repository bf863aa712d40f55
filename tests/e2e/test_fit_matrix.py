"""The table fits every screen a class meets: 1366×768, 1400×1000, 1920×1080 and 800 px wide, in light and
dark, in JupyterLab and Notebook 7, with a whole hand (five cards) to call from and what the bot just did
beside it.

One page per front end, one kernel each; between the checks only the viewport and the theme change. At
each one the widget's output is scrolled to the top of the notebook area and, by bounding boxes:

- the essential set (both temples, the offered room, the decision and its confirm button, the scores,
  the turn, step and round, the timeline) and the tab strip lie inside the area, with 24 px to spare
  under them on the wide screens (at 800 px the table is stacked and may be taller than the screen);
- nothing of the widget is cut at its right edge, and the widget does not scroll sideways;
- the decision shows the whole hand without scrolling: every card's button is wholly inside it.

Screenshots of every check are written to ``test-output/fit-*.png`` (for looking at them).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from conftest import OUTPUT, new_page, write_notebook
from hosts import LAB, NOTEBOOK7, Host, Server
from playwright.sync_api import Browser, Page
from test_table_layout import ESSENTIAL, SPARE, measure, outside

# The game of lesson 01: the bot (silver) calls first, then gold calls from five cards, with what the bot
# did listed beside the decision (What just happened).
CELL = """\
from naga_widget import NagaWidget, RandomBot
w = NagaWidget(perspective=0, opponent=RandomBot(seed=7), seed=22)
w"""

SIZES = [(1366, 768), (1400, 1000), (1920, 1080), (800, 1000)]
THEMES = {"light": "JupyterLab Light", "dark": "JupyterLab Dark"}

# What may be cut or scroll: the widget's right edge against its own box, the decision's height, and
# each card button of the hand against the decision's box.
CUTS = """() => {
  const root = document.querySelector('[data-testid="root"]');
  const actions = root.querySelector('[data-testid="actions"]');
  const box = (e) => e.getBoundingClientRect();
  const r = box(root), a = box(actions);
  const cards = [...actions.querySelectorAll('[data-testid^="card-"]')].map((c) => {
    const b = box(c); return {id: c.dataset.testid, top: b.top, bottom: b.bottom, left: b.left, right: b.right}; });
  const beyond = [...root.querySelectorAll('*')].filter((e) => e.getClientRects().length && !e.closest('[hidden]'))
    .filter((e) => box(e).right > r.right + 1 && box(e).width > 0)
    .map((e) => e.dataset.testid || String(e.className.baseVal ?? e.className) || e.tagName);
  return {sideways: root.scrollWidth - root.clientWidth, actionsScroll: actions.scrollHeight - actions.clientHeight,
          actions: {top: a.top, bottom: a.bottom, left: a.left, right: a.right}, cards, beyond: beyond.slice(0, 8),
          dark: root.classList.contains('naga-dark')};
}"""


@pytest.fixture(scope="module", params=[LAB, NOTEBOOK7], ids=lambda h: h.name.replace(" ", ""))
def table(request: pytest.FixtureRequest, browser: Browser, jupyter: Server) -> Iterator[tuple[Host, Page]]:
    host: Host = request.param
    name = write_notebook(jupyter.folder, "fit_matrix.ipynb", CELL)
    page, _ = new_page(browser)
    page.set_viewport_size({"width": 1366, "height": 768})
    host.open(page, jupyter.base, name)
    for part in ("confirm", "happened"):
        page.locator(f'[data-testid="root"] [data-testid="{part}"]').first.wait_for(state="visible", timeout=60_000)
    yield host, page
    page.evaluate("() => window.jupyterapp.commands.execute('apputils:change-theme', {theme: 'JupyterLab Light'})")
    page.context.close()


def set_theme(page: Page, theme: str) -> None:
    page.evaluate("(t) => window.jupyterapp.commands.execute('apputils:change-theme', {theme: t})", THEMES[theme])
    page.wait_for_function("(dark) => document.querySelector('[data-testid=\"root\"]').classList.contains('naga-dark')"
                           " === dark && document.body.dataset.jpThemeLight === String(!dark)",
                           arg=theme == "dark", timeout=30_000)


def set_left_area(page: Page, host: Host, open_: bool) -> None:
    """JupyterLab's file browser: open on the wide screens (as a student's JupyterLab shows it), closed at 800."""
    if host is LAB and page.evaluate("() => !window.jupyterapp.shell.leftCollapsed") != open_:
        page.evaluate("() => window.jupyterapp.commands.execute('application:toggle-left-area')")


def problems(result: dict[str, Any], cuts: dict[str, Any], wide: bool) -> list[str]:
    found = outside(result, SPARE) if wide else [
        f"{name}: {r} beyond the area's sides" for name, r in result["parts"].items()
        if r is None or r["left"] < result["area"]["left"] - 1 or r["right"] > result["area"]["right"] + 1]
    if cuts["sideways"] > 1:
        found.append(f"the widget scrolls sideways by {cuts['sideways']} px")
    if cuts["beyond"]:
        found.append(f"cut at the widget's right edge: {cuts['beyond']}")
    if cuts["actionsScroll"] > 1:
        found.append(f"the decision scrolls ({cuts['actionsScroll']} px hidden)")
    a = cuts["actions"]
    hidden = [c["id"] for c in cuts["cards"] if c["top"] < a["top"] - 1 or c["bottom"] > a["bottom"] + 1
              or c["left"] < a["left"] - 1 or c["right"] > a["right"] + 1]
    if len(cuts["cards"]) != 5 or hidden:
        found.append(f"the hand shows {len(cuts['cards'])} cards, cut: {hidden}")
    return found


@pytest.mark.parametrize("theme", list(THEMES))
@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_table_fits(table: tuple[Host, Page], width: int, height: int, theme: str) -> None:
    host, page = table
    wide = width > 800
    page.set_viewport_size({"width": width, "height": height})
    set_left_area(page, host, open_=wide)
    set_theme(page, theme)
    result = measure(page)
    cuts = page.evaluate(CUTS)
    OUTPUT.mkdir(exist_ok=True)
    page.screenshot(path=str(OUTPUT / f"fit-{host.name.replace(' ', '')}-{width}x{height}-{theme}.png"))
    assert cuts["dark"] == (theme == "dark")
    assert set(result["parts"]) == set(ESSENTIAL)
    assert problems(result, cuts, wide) == [], f"{host.name} {width}×{height} {theme}"
