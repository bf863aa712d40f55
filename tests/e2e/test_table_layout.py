"""The game table fits one screen: the play notebook in JupyterLab (1366×768 with the file browser
open, 1400×1000) and in Notebook 7 (1366×768), and stacked at 800 px wide.

Once the top of the widget's output is scrolled to the top of the notebook area, every part of the
essential set (both temples with their gates, the offered room, the decision with its confirm button,
both scores with the cursed relics, whose turn, the step and the round, the timeline) and the drawer's
tab strip must lie inside the notebook area with at least 24 px to spare below, by their bounding boxes;
again after each tab of the drawer is opened, whose content must then show (it scrolls inside itself).
At 800 px the decision comes right under the temples and the essential set spans at most 1,100 px.
"""

from __future__ import annotations

from typing import Any

import pytest
from conftest import new_page, screenshot
from hosts import LAB, NOTEBOOK7, Host, Server
from playwright.sync_api import Browser, Page
from widget_page import widget

NOTEBOOK = "01_play.ipynb"
ESSENTIAL = ["temple-gold", "temple-silver", "offered", "actions", "confirm", "head-score-0", "head-score-1",
             "to-move", "step-name", "round", "timeline", "tabs"]
SPARE = 24  # pixels of the notebook area left free under the lowest of them

# The rectangles (viewport coordinates) of the notebook area and of each essential part, after the
# widget's output is scrolled to the top of the area.
MEASURE = """(ids) => {
  const root = document.querySelector('[data-testid="root"]');
  const output = root.closest('.jp-OutputArea-output') || root;
  output.scrollIntoView({block: 'start'});
  const area = document.querySelector('.jp-WindowedPanel-outer');
  const box = (e) => { const r = e.getBoundingClientRect();
    return {top: r.top, left: r.left, bottom: r.bottom, right: r.right}; };
  const parts = {};
  for (const id of ids) { const e = root.querySelector(`[data-testid="${id}"]`); parts[id] = e ? box(e) : null; }
  return {area: area ? box(area) : {top: 0, left: 0, bottom: innerHeight, right: innerWidth}, parts};
}"""


def measure(page: Page) -> dict[str, Any]:
    page.wait_for_timeout(300)  # the scroll and any late layout settle
    result: dict[str, Any] = page.evaluate(MEASURE, ESSENTIAL)
    page.wait_for_timeout(300)
    result = page.evaluate(MEASURE, ESSENTIAL)  # measured again where the first scroll left it
    return result


def outside(result: dict[str, Any], spare: float = SPARE) -> list[str]:
    """The essential parts missing or not wholly inside the notebook area with ``spare`` px free under them
    (1 px of rounding allowed)."""
    a = result["area"]
    bad = []
    for name, r in result["parts"].items():
        if r is None:
            bad.append(f"{name}: missing")
        elif r["top"] < a["top"] - 1 or r["bottom"] > a["bottom"] - spare + 1 or r["left"] < a["left"] - 1 \
                or r["right"] > a["right"] + 1:
            bad.append(f"{name}: {r} not inside {a} with {spare} px to spare")
    return bad


def tab_shown(page: Page, tab: str, area: dict[str, float]) -> bool:
    """The open tab's panel shows inside the notebook area: wholly, or at least 60 px of it (it scrolls)."""
    box = widget(page).get_by_test_id(f"tabpanel-{tab}").bounding_box()
    if box is None or box["height"] < 10:
        return False
    return min(box["y"] + box["height"], area["bottom"]) - max(box["y"], area["top"]) >= min(60, box["height"] - 1)


def opened_at(browser: Browser, jupyter: Server, host: Host, width: int, height: int,
              collapse_left: bool = False) -> Page:
    page, _ = new_page(browser)
    page.set_viewport_size({"width": width, "height": height})
    host.open(page, jupyter.base, NOTEBOOK)
    if collapse_left:
        page.evaluate("() => window.jupyterapp.commands.execute('application:toggle-left-area')")
    widget(page).get_by_test_id("confirm").wait_for(state="visible")
    return page


@pytest.mark.parametrize(("host", "width", "height"), [(LAB, 1366, 768), (LAB, 1400, 1000), (NOTEBOOK7, 1366, 768)],
                         ids=["lab-1366x768", "lab-1400x1000", "notebook7-1366x768"])
def test_the_essential_set_fits_one_screen(browser: Browser, jupyter: Server, host: Host, width: int,
                                           height: int) -> None:
    page = opened_at(browser, jupyter, host, width, height)
    name = f"table-{host.name.replace(' ', '')}-{width}x{height}"
    try:
        if host is LAB:
            left = page.evaluate("() => !window.jupyterapp.shell.leftCollapsed")
            assert left, "the file browser should be open, as a student's JupyterLab shows it"
        first = measure(page)
        assert outside(first) == []
        for tab in ("details", "hint", "changes", "log"):
            widget(page).get_by_test_id(f"tab-{tab}").click()
            assert widget(page).get_by_test_id(f"tabpanel-{tab}").is_visible()
            result = measure(page)
            assert outside(result) == [], f"after opening the drawer's {tab} tab"
            assert tab_shown(page, tab, result["area"]), f"the {tab} tab's content is out of view"
    except AssertionError:
        screenshot(page, name)
        raise
    finally:
        page.context.close()


def test_at_800_px_the_decision_is_under_the_board(browser: Browser, jupyter: Server) -> None:
    page = opened_at(browser, jupyter, LAB, 800, 1200, collapse_left=True)
    try:
        parts = measure(page)["parts"]
        assert all(r is not None for r in parts.values()), parts
        board_bottom = max(parts["temple-gold"]["bottom"], parts["temple-silver"]["bottom"])
        seats = page.evaluate("""() => Math.max(...[...document.querySelector('[data-testid="root"]')
            .querySelectorAll('[data-testid^="seat-"]')]
            .map(s => s.getBoundingClientRect().bottom))""")
        gap = parts["actions"]["top"] - seats
        assert 0 <= gap <= 16, f"the decision is {gap:.0f} px below the seats (temples and players)"
        assert parts["actions"]["top"] > board_bottom
        top = min(r["top"] for r in parts.values())
        bottom = max(r["bottom"] for r in parts.values())
        assert bottom - top <= 1100, f"the essential set spans {bottom - top:.0f} px at 800 px wide"
    except AssertionError:
        screenshot(page, "table-lab-800")
        raise
    finally:
        page.context.close()
