"""The branch menu of the timeline stays inside its panel and inside the notebook area, by its bounding
box: in JupyterLab at 1400 and 800 px wide, in the light and the dark theme, with three branches whose
last moves have long descriptions."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import new_page, screenshot, write_notebook
from hosts import LAB, Server
from playwright.sync_api import Browser, Page

SETUP = """\
import random
from naga_widget import Match, NagaWidget
m = Match(seed=5)
rng = random.Random(1)
for _ in range(30):
    m.play(m.legal_actions().sample(rng))
for start in (8, 14):  # two more lines, each ending on a long description of its last move
    m.switch(0)
    m.goto(start)
    m.play(next(a for a in m.legal_actions() if a != m.actions[start]), fork=True)
    while m.state.phase != "place" or m.state.is_over:
        m.play(m.legal_actions().sample(rng))
    m.play(m.legal_actions().sample(rng))
w = NagaWidget(m, perspective="teacher")
w"""

NOTEBOOK = "branch_menu.ipynb"

BOXES = """() => {
  const root = document.querySelector('[data-testid="root"]');
  const box = (e) => { const r = e.getBoundingClientRect();
    return {top: r.top, left: r.left, bottom: r.bottom, right: r.right, width: r.width}; };
  const select = root.querySelector('[data-testid="branch-select"]');
  return {select: select ? box(select) : null, label: select ? box(select.closest('label')) : null,
          timeline: box(root.querySelector('[data-testid="timeline"]')),
          area: box(document.querySelector('.jp-WindowedPanel-outer')), options: select ? select.options.length : 0};
}"""


def set_theme(page: Page, theme: str) -> None:
    page.evaluate("(t) => window.jupyterapp.commands.execute('apputils:change-theme', {theme: t})", theme)
    light = "true" if theme == "JupyterLab Light" else "false"
    page.wait_for_function("(l) => document.body.dataset.jpThemeLight === l", arg=light, timeout=30_000)


def inside(inner: dict[str, Any], outer: dict[str, Any]) -> bool:
    return inner["left"] >= outer["left"] - 1 and inner["right"] <= outer["right"] + 1


@pytest.mark.parametrize("width", [1400, 800])
def test_the_branch_menu_stays_inside_its_panel(browser: Browser, jupyter: Server, width: int) -> None:
    write_notebook(jupyter.folder, NOTEBOOK, SETUP)
    page, _ = new_page(browser)
    page.set_viewport_size({"width": width, "height": 1000})
    try:
        page.goto(LAB.url(jupyter.base, NOTEBOOK))
        page.wait_for_function(
            "() => { const nb = window.jupyterapp?.shell?.currentWidget;"
            " const k = nb?.sessionContext?.session?.kernel;"
            f" return nb?.context?.path === '{NOTEBOOK}' && k && k.connectionStatus === 'connected'"
            " && k.status === 'idle'; }", timeout=90_000)
        page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
        page.get_by_test_id("branch-select").wait_for(state="visible", timeout=60_000)
        for theme in ("JupyterLab Light", "JupyterLab Dark"):
            set_theme(page, theme)
            page.get_by_test_id("branch-select").scroll_into_view_if_needed()
            page.wait_for_timeout(300)
            boxes = page.evaluate(BOXES)
            name = f"branch-menu-{width}-{theme.split()[-1].lower()}"
            screenshot(page, name)
            assert boxes["options"] == 3, boxes
            assert inside(boxes["label"], boxes["timeline"]), (name, boxes)
            assert inside(boxes["select"], boxes["timeline"]), (name, boxes)
            assert inside(boxes["timeline"], boxes["area"]), (name, boxes)
            assert boxes["select"]["width"] > 120, (name, boxes)  # still wide enough to read
    finally:
        page.context.close()
