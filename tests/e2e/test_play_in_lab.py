"""End to end: a full round played by clicks in a real JupyterLab, then rewound and forked.

A notebook made by the test shows a teacher's widget (it decides for both seats).
The test clicks a call for each player, a confrontation (an invoke when one is
offered, then passes), the placement and the give; reads the match back in
Python through a cell; rewinds with the slider; forks from a past step; and
switches back to the first branch. Render times measured in the page are
written to ``test-output/render-times.json`` for ``make bench``.
"""

from __future__ import annotations

import json
import statistics
from pathlib import Path
from typing import Any

import pytest
from conftest import write_notebook
from hosts import LAB, Server
from playwright.sync_api import Page, expect
from widget_page import probe, run_cell

OUTPUT = Path(__file__).resolve().parents[2] / "test-output"

SETUP = """\
from naga_widget import Match, NagaWidget
match = Match(seed=20261130)
w = NagaWidget(match, perspective="teacher")
w"""

PROBE = """\
import json
print("PROBE " + json.dumps({"step": match.step, "last": match.last_step, "branches": len(match.branches()),
                             "branch": match.branch, "phase": match.state.phase, "round": match.state.round,
                             "actions": [str(a) for a in match.actions], "events": len(w.event_log),
                             "rules": sorted({e["rule"] for e in w.event_log}), "logger": type(w.log).__name__}))"""


@pytest.fixture()
def notebook(jupyter: Server) -> str:
    return LAB.url(jupyter.base, write_notebook(jupyter.folder, "e2e.ipynb", SETUP, PROBE))


def wait_for_kernel(page: Page) -> None:
    page.wait_for_function(
        "() => { const nb = window.jupyterapp?.shell?.currentWidget; const k = nb?.sessionContext?.session?.kernel;"
        " return nb?.context?.path === 'e2e.ipynb' && k && k.connectionStatus === 'connected'"
        " && k.status === 'idle'; }",
        timeout=90_000)



def enabled(page: Page, prefix: str) -> Any:
    return page.locator(f'[data-testid^="{prefix}"]:not([disabled])')


def click_first(page: Page, prefix: str) -> str:
    target = enabled(page, prefix).first
    expect(target).to_be_visible()
    testid = target.get_attribute("data-testid") or ""
    target.click()
    return testid


def confirm(page: Page) -> None:
    button = page.get_by_test_id("confirm")
    expect(button).to_be_enabled()
    button.click()


def current_step(page: Page) -> int:
    return int(page.get_by_test_id("tl-slider").input_value())


def wait_step_change(page: Page, before: int) -> int:
    page.wait_for_function(
        "(b) => { const s = document.querySelector('[data-testid=\"tl-slider\"]'); return s && +s.value !== b; }",
        arg=before)
    return current_step(page)


def play_call(page: Page, card_index: int = 0) -> str:
    before = current_step(page)
    cards = enabled(page, "card-")
    expect(cards.first).to_be_visible()
    chosen = cards.nth(min(card_index, cards.count() - 1))
    testid = chosen.get_attribute("data-testid") or ""
    chosen.click()
    confirm(page)
    wait_step_change(page, before)
    return testid


def play_confrontation(page: Page) -> None:
    """Invoke once if a card is offered (card → pay, unless one payment only → targets → confirm), then pass
    until it ends."""
    invoked = False
    for _ in range(40):
        if page.get_by_test_id("pass").count() == 0 or not page.get_by_test_id("pass").is_visible():
            return
        before = current_step(page)
        if not invoked and enabled(page, "card-").count() > 0:
            invoked = True
            click_first(page, "card-")
            if enabled(page, "pay-").count():  # with one payment only, the view chose it
                click_first(page, "pay-")
            for _ in range(4):
                if page.get_by_test_id("confirm").is_enabled():
                    break
                click_first(page, "target-")
            confirm(page)
        else:
            page.get_by_test_id("pass").click()
        wait_step_change(page, before)


def test_full_round_rewind_and_fork(page: Page, notebook: str) -> None:
    page.add_init_script("window.__nagaRenderTimes = [];")
    page.goto(notebook)
    wait_for_kernel(page)
    run_cell(page, 0)
    slider = page.get_by_test_id("tl-slider")
    expect(slider).to_be_visible()
    assert probe(page)["step"] == 0

    first_call = play_call(page)           # R4.1: the guide calls …
    play_call(page)                        # … then the other player
    play_confrontation(page)               # R4.2
    before = current_step(page)
    click_first(page, "space-")            # R4.3: the winner places the room
    click_first(page, "rotation-")
    confirm(page)
    wait_step_change(page, before)
    before = current_step(page)
    click_first(page, "give-")             # R4.4: the new guide gives a card
    confirm(page)
    wait_step_change(page, before)

    OUTPUT.mkdir(exist_ok=True)
    page.locator(".jp-OutputArea-output").first.screenshot(path=str(OUTPUT / "after-first-round.png"))
    after_round = probe(page)
    assert after_round["round"] == 2 and after_round["phase"] == "call"
    assert after_round["step"] == after_round["last"] == current_step(page)
    assert after_round["actions"][0] == "call " + first_call.removeprefix("card-")
    # The widget's event log has its own name; ``log`` stays the logger of ipywidgets.
    assert after_round["events"] > 0 and {"R4.1", "R4.3.2", "R4.4.2"} <= set(after_round["rules"])
    assert after_round["logger"] == "Logger"

    # Rewind with the slider: the Python side follows.
    slider.fill("1")
    slider.dispatch_event("change")
    page.wait_for_function("() => +document.querySelector('[data-testid=\"tl-slider\"]').value === 1")
    rewound = probe(page)
    assert rewound["step"] == 1 and rewound["last"] == after_round["last"]

    # Fork from the start: a different call starts a second branch; the first line is kept.
    page.get_by_test_id("tl-start").click()
    page.wait_for_function("() => +document.querySelector('[data-testid=\"tl-slider\"]').value === 0")
    page.get_by_test_id("fork").click()
    expect(page.get_by_test_id("unfork")).to_be_visible()
    other = play_call(page, card_index=1)
    assert other != first_call
    forked = probe(page)
    assert forked["branches"] == 2 and forked["step"] == 1
    assert forked["actions"] == ["call " + other.removeprefix("card-")]

    # Back to the first line through the branch selector.
    page.get_by_test_id("branch-select").select_option(index=0)
    page.wait_for_function("(n) => +document.querySelector('[data-testid=\"tl-slider\"]').max === n",
                           arg=after_round["last"])
    back = probe(page)
    assert back["branch"] == 0 and back["actions"] == after_round["actions"]

    times = page.evaluate("() => window.__nagaRenderTimes || []")
    OUTPUT.mkdir(exist_ok=True)
    (OUTPUT / "render-times.json").write_text(json.dumps({
        "renders": len(times), "median_ms": statistics.median(times) if times else None,
        "max_ms": max(times) if times else None, "all_ms": times}))
    assert times, "the view did not report its render times"
