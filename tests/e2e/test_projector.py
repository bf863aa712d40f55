"""The projector size, ``NagaWidget(size="large")``, in JupyterLab (the file browser open) at 1400×1000 and
1920×1080: both temples stand side by side, every text is at least 16 px (an SVG text at its drawn
scale), nothing is cut (no box narrower than its content, every label of a temple inside its picture),
and the guide's scroll stays an icon. The view's Size selector sets the trait Python holds.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import Opened, write_notebook
from hosts import LAB
from widget_page import run_cell, widget

HOST = LAB

GAME = """\
from naga_widget import NagaWidget
from naga_widget.bots import RandomBot
w = NagaWidget(opponent=RandomBot(seed=1), seed=22, size="large")
w"""


def make_notebook(folder: Path) -> str:
    return write_notebook(folder, "projector.ipynb", GAME, 'print("SIZE", w.size)')


# What is wrong at this window size (an empty list when nothing is).
CHECK = """() => {
  const root = document.querySelector('[data-testid="root"]');
  const bad = [];
  const rect = (e) => e.getBoundingClientRect();
  const shown = (e) => e.getClientRects().length > 0 && !e.closest('.naga-sr, [hidden]');
  const temples = ['gold', 'silver'].map((t) => rect(root.querySelector(`[data-testid="temple-${t}"]`)));
  if (Math.abs(temples[0].top - temples[1].top) > 2 || temples[0].right > temples[1].left)
    bad.push(`the temples are not side by side: ${JSON.stringify(temples)}`);
  for (const e of root.querySelectorAll('*')) {
    if (!shown(e)) continue;
    const own = [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    const svg = e.closest('svg');
    if (own && !svg) {
      const size = parseFloat(getComputedStyle(e).fontSize);
      if (size < 16) bad.push(`${size} px: ${e.tagName}.${e.className} "${e.textContent.trim().slice(0, 30)}"`);
    }
    if (own && svg && svg.viewBox.baseVal && svg.viewBox.baseVal.width) {
      const scale = rect(svg).width / svg.viewBox.baseVal.width;
      const size = parseFloat(getComputedStyle(e).fontSize) * scale;
      if (size < 16) bad.push(`${size.toFixed(1)} px in a picture: "${e.textContent.trim()}"`);
      const t = rect(e), s = rect(svg);
      if (t.left < s.left - 1 || t.right > s.right + 1 || t.top < s.top - 1 || t.bottom > s.bottom + 1)
        bad.push(`"${e.textContent.trim()}" cut at the edge of its picture`);
    }
    const o = getComputedStyle(e).overflowX;
    if ((o !== 'visible' || e === root) && e.scrollWidth > e.clientWidth + 1 && !svg)
      bad.push(`${e.tagName}.${e.className}: content ${e.scrollWidth} px wide in ${e.clientWidth} px`);
  }
  for (const icon of root.querySelectorAll('h3 svg')) {
    const r = rect(icon);
    if (r.width > 24 || r.height > 24) bad.push(`an icon of a heading is ${r.width}×${r.height} px`);
  }
  return bad;
}"""


@pytest.fixture(scope="module")
def page(opened: Opened) -> Iterator[Opened]:
    widget(opened.page).get_by_test_id("confirm").wait_for(state="visible")
    yield opened


@pytest.mark.parametrize(("width", "height"), [(1400, 1000), (1920, 1080)])
def test_large_fits_a_projector(page: Opened, width: int, height: int) -> None:
    pg = page.page
    pg.set_viewport_size({"width": width, "height": height})
    pg.wait_for_timeout(500)
    assert "naga-large" in (widget(pg).get_attribute("class") or "")
    assert widget(pg).get_by_test_id("size").input_value() == "large"
    assert pg.evaluate(CHECK) == []


def test_the_view_sets_the_size_python_holds(page: Opened) -> None:
    pg = page.page
    widget(pg).get_by_test_id("size").select_option("normal")
    pg.wait_for_function("() => !document.querySelector('[data-testid=\"root\"]').classList.contains('naga-large')")
    assert any(" px" in problem for problem in pg.evaluate(CHECK)), "the check finds the small texts of 'normal'"
    run_cell(pg, 1)
    out = pg.locator(".jp-Cell").nth(1).locator(".jp-OutputArea-output")
    out.first.wait_for(state="visible")
    pg.wait_for_function("() => /SIZE \\w+/.test(document.querySelectorAll('.jp-Cell')[1].innerText)")
    assert re.search(r"SIZE (\w+)", out.first.inner_text()).group(1) == "normal"  # type: ignore[union-attr]
