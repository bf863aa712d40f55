"""What just happened and the rule popups, in a real JupyterLab at 1366×768.

Gold (this view) plays against a bot: after gold's call, the bot's answer and the steps the rules play by
themselves are summed up at the top of the decision, with rule ids, and the board marks what changed
(the places Python names); the list opens on its latest event. A rule id of the event log opens its
text next to the id, wholly inside the notebook area; Escape closes it and the focus is back on that id.
"""

from __future__ import annotations

from typing import Any

from conftest import write_notebook
from hosts import LAB, ROOT, Server
from playwright.sync_api import Page, expect
from test_deciding_in_lab import kernel_idle
from widget_page import probe, run_cell

OUTPUT = ROOT / "test-output"

SETUP = """\
from naga_widget import NagaWidget, RandomBot
w = NagaWidget(seed=3, perspective=0, opponent=RandomBot(seed=1), bot_delay=0.05)
w"""

PROBE = """\
import json
print("PROBE " + json.dumps({"step": w.step, "happened": w.timeline["happened"]}))"""

BOXES = """(opener) => {
  const box = (e) => { const r = e.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; };
  const popup = document.querySelector('[data-testid="rule-popup"]');
  const area = document.querySelector('.jp-WindowedPanel-outer');
  return {opener: box(opener), popup: box(popup), area: box(area),
          window: {top: 0, left: 0, bottom: innerHeight, right: innerWidth},
          scroll: popup.scrollHeight, client: popup.clientHeight, overflow: getComputedStyle(popup).overflowY,
          text: popup.textContent.length};
}"""


def within(inner: dict[str, float], outer: dict[str, float]) -> bool:
    return (inner["top"] >= outer["top"] - 1 and inner["bottom"] <= outer["bottom"] + 1
            and inner["left"] >= outer["left"] - 1 and inner["right"] <= outer["right"] + 1)


def next_to(popup: dict[str, float], opener: dict[str, float], gap: float = 10) -> bool:
    """Under, above or beside the opener, at most ``gap`` px away, overlapping it along the other axis."""
    across = popup["left"] < opener["right"] and popup["right"] > opener["left"]
    along = popup["top"] < opener["bottom"] and popup["bottom"] > opener["top"]
    under = across and 0 <= popup["top"] - opener["bottom"] <= gap
    over = across and 0 <= opener["top"] - popup["bottom"] <= gap
    left = along and 0 <= opener["left"] - popup["right"] <= gap
    right = along and 0 <= popup["left"] - opener["right"] <= gap
    return under or over or left or right


def test_what_happened_stands_by_the_decision_and_rule_popups_open_by_their_id(page: Page, jupyter: Server) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    name = write_notebook(jupyter.folder, "happened.ipynb", SETUP, PROBE)
    page.goto(LAB.url(jupyter.base, name))
    kernel_idle(page, name)
    run_cell(page, 0)
    root = page.locator('[data-testid="root"]').first
    confirm = root.get_by_test_id("confirm")
    expect(confirm).to_be_visible(timeout=60_000)

    # gold calls one card by clicks; the bot answers; gold decides again with what happened beside
    root.locator('[data-act="toggle-card"]').first.click()
    confirm.click()
    panel = root.get_by_test_id("happened")
    expect(panel).to_be_visible(timeout=60_000)
    expect(root.get_by_test_id("actions")).to_contain_text("gold decides", timeout=60_000)
    told: dict[str, Any] = probe(page)
    happened = told["happened"]
    assert happened is not None and happened["steps"][1] == told["step"]
    items = panel.locator("li")
    expect(items).to_have_count(len(happened["events"]))
    for i, event in enumerate(happened["events"]):
        expect(items.nth(i)).to_contain_text(event["text"])
        expect(items.nth(i).locator(f'[data-act="rule"][data-rule="{event["rule"]}"]')).to_have_count(1)
    assert root.get_by_test_id("actions").evaluate("(a, p) => a.contains(p)", panel.element_handle())
    marked = sorted(root.locator(".naga-since-mark").evaluate_all(
        "(marks) => marks.map((m) => m.closest('[data-place]').dataset.place)"))
    assert marked == sorted(happened["spaces"] + happened["slots"])
    latest = panel.locator(".naga-happened-list").evaluate("(l) => l.scrollTop + l.clientHeight >= l.scrollHeight - 1")
    assert latest, "the list of what happened opens on its latest event"
    OUTPUT.mkdir(exist_ok=True)
    root.get_by_test_id("actions").screenshot(path=str(OUTPUT / "what-happened.png"))

    # rule ids of the event log: each popup next to its id, wholly in the notebook area; Escape goes back
    root.get_by_test_id("tab-log").click()
    ids = root.locator('[data-testid="log"] [data-act="rule"]')
    for i in (0, 2, 5):
        opener = ids.nth(i)
        opener.scroll_into_view_if_needed()
        opener.evaluate("(e) => e.setAttribute('data-opened', 'yes')")
        opener.click()
        expect(root.get_by_test_id("rule-popup")).to_be_visible()
        page.wait_for_timeout(200)
        boxes = page.evaluate(BOXES, opener.element_handle())
        where = f"rule id #{i}: {boxes}"
        assert within(boxes["popup"], boxes["area"]) and within(boxes["popup"], boxes["window"]), where
        assert next_to(boxes["popup"], boxes["opener"]), where
        assert boxes["scroll"] <= boxes["client"] + 1 or boxes["overflow"] in ("auto", "scroll"), where
        if i == 2:
            page.screenshot(path=str(OUTPUT / "rule-popup-1366x768.png"))
        page.keyboard.press("Escape")
        expect(root.get_by_test_id("rule-popup")).to_have_count(0)
        assert page.evaluate("() => document.activeElement.getAttribute('data-opened')") == "yes", where
        opener.evaluate("(e) => e.removeAttribute('data-opened')")


PLACING = """\
import random
from naga_widget import Match, NagaWidget
m = Match(seed=1)
rng = random.Random(0)
while not (m.state.phase == "place" and m.state.to_move == 0):
    m.play(str(m.state.legal_actions().sample(rng)))
w = NagaWidget(m, perspective=0)
w"""

PLACED = """\
import json
print("PROBE " + json.dumps({"step": w.step, "last": str(w.match.actions[-1])}))"""


def test_a_placement_by_keyboard_only_takes_at_most_six_keys(page: Page, jupyter: Server) -> None:
    """From the widget focused (Tab from the cell above lands on it), the decision comes first: Tab to the
    first legal space, Enter, and Enter on Confirm, which the choice hands the focus to."""
    page.set_viewport_size({"width": 1366, "height": 768})
    name = write_notebook(jupyter.folder, "placing.ipynb", PLACING, PLACED)
    page.goto(LAB.url(jupyter.base, name))
    kernel_idle(page, name)
    run_cell(page, 0)
    root = page.locator('[data-testid="root"]').first
    expect(root.get_by_test_id("confirm")).to_be_visible(timeout=60_000)
    before = probe(page)
    root.evaluate("(r) => r.focus()")
    keys = ["Tab", "Enter", "Enter"]
    focused = []
    for key in keys:
        page.keyboard.press(key)
        focused.append(page.evaluate("() => document.activeElement.getAttribute('data-testid')"))
    assert focused[0].startswith("place-at-"), focused
    assert focused[1] == "confirm", focused
    page.wait_for_function("(s) => +document.querySelector('[data-testid=\"tl-slider\"]').max > s",
                           arg=before["step"], timeout=30_000)
    after = probe(page)
    assert after["step"] == before["step"] + 1 and after["last"].startswith("place "), after
    assert len(keys) <= 6
