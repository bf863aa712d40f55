"""Deciding in a real JupyterLab: the hint marks the cards of its suggested call on the menu, and a pass
that is the only legal decision is played by the view itself, as one recorded step of the match.

The notebook's match (seed 9) has gold's call made in code; silver calls next by clicks, after which
gold may only pass: none of gold's cards has a legal target (a decision, R4.2.2, not an automatic pass).
"""

from __future__ import annotations

from conftest import write_notebook
from hosts import LAB, ROOT, Server
from playwright.sync_api import Page, expect
from widget_page import probe, run_cell

OUTPUT = ROOT / "test-output"

SETUP = """\
from naga_widget import Match, NagaWidget
match = Match(seed=9)
match.play("call 02c 09d")
w = NagaWidget(match, perspective="teacher")
w"""

PROBE = """\
import json
hint = w.explain.get("hint") or {}
print("PROBE " + json.dumps({"step": match.step, "last": match.last_step, "actions": [str(a) for a in match.actions],
                             "suggestion": hint.get("suggestion"), "auto_pass": w.status["auto_pass"]}))"""


def kernel_idle(page: Page, notebook: str) -> None:
    page.wait_for_function(
        "(name) => { const nb = window.jupyterapp?.shell?.currentWidget; const k = nb?.sessionContext?.session?.kernel;"
        " return nb?.context?.path === name && k && k.connectionStatus === 'connected' && k.status === 'idle'; }",
        arg=notebook, timeout=90_000)



def slider_value(page: Page) -> int:
    return int(page.get_by_test_id("tl-slider").input_value())


def test_the_hint_marks_its_call_and_the_only_pass_is_played_as_a_step(page: Page, jupyter: Server) -> None:
    name = write_notebook(jupyter.folder, "deciding.ipynb", SETUP, PROBE)
    page.goto(LAB.url(jupyter.base, name))
    kernel_idle(page, name)
    run_cell(page, 0)
    root = page.locator('[data-testid="root"]').first
    expect(root.get_by_test_id("tl-slider")).to_be_visible()
    assert slider_value(page) == 1

    # the hint at silver's call: its cards are marked on the menu, as Python suggests them
    root.get_by_test_id("tab-hint").click()
    root.get_by_test_id("hint-budget").select_option("200")
    root.get_by_test_id("hint").click()
    expect(root.get_by_test_id("hint-confidence")).to_be_visible(timeout=60_000)
    marked = root.locator('[data-testid="actions"] .naga-suggested')
    expect(marked.first).to_be_visible()
    shown = sorted((marked.nth(i).get_attribute("data-testid") or "") for i in range(marked.count()))
    expect(root.locator('[data-testid="actions"] [data-testid="suggested-mark"]')).to_have_count(len(shown))
    assert "win chance" in root.get_by_test_id("hint-meaning").inner_text().lower()
    told = probe(page)
    assert told["suggestion"]["kind"] == "call"
    assert shown == sorted(f"card-{c}" for c in told["suggestion"]["cards"])
    OUTPUT.mkdir(exist_ok=True)
    root.screenshot(path=str(OUTPUT / "hint-at-the-call.png"))

    # silver calls by clicks; gold's only pass is then played by the view: one more recorded step
    for card in ("04a", "07a"):
        root.get_by_test_id(f"card-{card}").click()
    root.get_by_test_id("confirm").click()
    expect(root.get_by_test_id("auto-passed")).to_be_visible()
    assert "gold passed automatically (step 3)" in root.get_by_test_id("auto-passed").inner_text()
    root.get_by_test_id("actions").screenshot(path=str(OUTPUT / "auto-pass-note.png"))
    page.wait_for_function("() => +document.querySelector('[data-testid=\"tl-slider\"]').max === 3")
    assert slider_value(page) == 3
    after = probe(page)
    assert after["actions"] == ["call 02c 09d", "call 04a 07a", "pass"]
    assert after["step"] == after["last"] == 3
    assert after["auto_pass"]["on"] is True and after["auto_pass"]["last"]["step"] == 3
    # silver decides now; the checkbox is there to turn the setting off
    expect(root.get_by_test_id("auto-pass")).to_be_checked()
