"""The board keeps a usable size inside the containers of ipywidgets (HBox beside a table, as lessons 06
and 07 show it; VBox, GridBox, Tab, Accordion, an Output widget) and beside other outputs of a cell, in
JupyterLab (1366×768, the file browser open) and in Voilà, by bounding boxes.

Usable: the widget spans at least 60% of the output's width and 500 px, it is at most 1,200 px tall,
both temples are drawn at least 220 px wide, nothing of it overflows its output, and what stands
beside it (the table) keeps its own place. One page per front end runs every container at once.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from conftest import new_page, screenshot, write_notebook
from hosts import LAB, VOILA, Host, Server
from playwright.sync_api import Browser, Page

SETUP = """\
from IPython.display import HTML as Html, display
from ipywidgets import HTML, Accordion, GridBox, HBox, Layout, Output, Tab, VBox
from naga_widget import NagaWidget
table = "<table>" + "".join(f"<tr><td>feature {i}</td><td>{i / 7:.3f}</td></tr>" for i in range(12)) + "</table>"
"""

# (name, the cell showing one board, whether an HTML table stands beside the board)
CONTAINERS = [
    ("HBox", "HBox([NagaWidget(seed=1), HTML(table)])", True),
    ("VBox", 'VBox([HTML("<b>Above the board</b>"), NagaWidget(seed=2)])', False),
    ("GridBox", 'GridBox([NagaWidget(seed=3), HTML(table)], layout=Layout(grid_template_columns="3fr 1fr"))', True),
    ("Tab", 'Tab([NagaWidget(seed=4), HTML(table)], titles=("Board", "Table"))', False),
    ("Accordion", 'Accordion([NagaWidget(seed=5)], titles=("Board",), selected_index=0)', False),
    ("Output", "out = Output()\nwith out:\n    display(NagaWidget(seed=6))\nout", False),
    ("outputs", 'display(Html(table))\ndisplay(NagaWidget(seed=7))\nprint("printed after the board")', False),
]
NOTEBOOK = "containers.ipynb"

# Each widget root (in the order of the cells): its box, its temples' boxes, whether it overflows, the box
# of the cell output holding it, and the boxes of the tables and printed text of that output.
BOXES = """() => {
  const box = (e) => { const r = e.getBoundingClientRect();
    return {top: r.top, left: r.left, bottom: r.bottom, right: r.right, width: r.width, height: r.height}; };
  return [...document.querySelectorAll('[data-testid="root"]')].map((root) => {
    const output = root.closest('.jp-OutputArea') || root.parentElement;
    const app = root.querySelector('.naga-app');
    return {root: box(root), output: box(output),
            temples: [...root.querySelectorAll('[data-testid^="temple-"] svg.naga-board')].map(box),
            overflow: app.scrollWidth - app.clientWidth,
            tables: [...output.querySelectorAll('table')].map(box),
            printed: [...output.querySelectorAll('.jp-OutputArea-output')]
              .filter((o) => o.innerText.includes('printed after the board')).map(box)};
  });
}"""


def problems(name: str, beside: bool, m: dict[str, Any]) -> list[str]:
    """What is wrong with the board in one container (empty when it is usable)."""
    r, out = m["root"], m["output"]
    bad = []
    if r["width"] < max(500, 0.6 * out["width"]):
        bad.append(f"{name}: {r['width']:.0f} px wide in an output {out['width']:.0f} px wide")
    if r["height"] > 1200:
        bad.append(f"{name}: {r['height']:.0f} px tall")
    if r["right"] > out["right"] + 1:
        bad.append(f"{name}: overflows its output ({r['right']:.0f} > {out['right']:.0f})")
    if m["overflow"] > 1:
        bad.append(f"{name}: its content is {m['overflow']} px wider than the widget")
    if len(m["temples"]) != 2 or any(t["width"] < 220 for t in m["temples"]):
        bad.append(f"{name}: temples {[round(t['width']) for t in m['temples']]} px wide")
    if beside:
        t = m["tables"][0] if m["tables"] else None
        if t is None or t["left"] < r["right"] - 1 or t["top"] > r["bottom"] or t["right"] > out["right"] + 1:
            bad.append(f"{name}: the table {t} is not beside the board {r}")
    for p in m["printed"]:
        if p["top"] < r["bottom"] - 1:
            bad.append(f"{name}: the printed text {p} is not under the board {r}")
    if name == "outputs" and not m["printed"]:
        bad.append("outputs: the printed text is missing")
    return bad


def make_notebook(folder: Any) -> str:
    return write_notebook(folder, NOTEBOOK, SETUP, *(cell for _, cell, _ in CONTAINERS))


@pytest.fixture(scope="module")
def notebook(jupyter: Server) -> Iterator[str]:
    yield make_notebook(jupyter.folder)


@pytest.mark.parametrize("host", [LAB, VOILA], ids=["lab", "voila"])
def test_the_board_keeps_its_size_in_every_container(browser: Browser, jupyter: Server, notebook: str,
                                                    host: Host) -> None:
    page: Page
    page, _ = new_page(browser)
    page.set_viewport_size({"width": 1366, "height": 768})
    try:
        host.open(page, jupyter.base, notebook)
        page.wait_for_function(f"() => document.querySelectorAll('[data-testid=\"root\"] svg.naga-board').length"
                               f" >= {2 * len(CONTAINERS)}", timeout=120_000)
        page.wait_for_timeout(500)  # late layout (the tab and accordion panels) settles
        measured = page.evaluate(BOXES)
        assert len(measured) == len(CONTAINERS)
        bad = [p for (name, _, beside), m in zip(CONTAINERS, measured, strict=True) for p in problems(name, beside, m)]
        assert bad == []
    except AssertionError:
        screenshot(page, f"containers-{host.name.replace(' ', '').replace('à', 'a')}")
        raise
    finally:
        page.context.close()
