"""Playing by the number keys only, in a real JupyterLab at 1366×768.

Gold (this view) is at a placement, against a bot. From the widget focused, the placement is the space's
number, the orientation's number and Enter; then the rest of the round and the whole next round are
played with the number keys and Enter alone (no Tab, no pointer), and the keys are counted. Before the
placement, the table is photographed in light and dark with the keys shown, to be looked at.
"""

from __future__ import annotations

from conftest import write_notebook
from hosts import LAB, ROOT, Server
from playwright.sync_api import Page, expect
from test_deciding_in_lab import kernel_idle
from test_preview_in_lab import set_theme
from widget_page import (
    _ROUND,
    focus_in_widget,
    focused_testid,
    last_step,
    probe,
    run_cell,
    wait_last_step_above,
    wait_turn,
    widget,
)

OUTPUT = ROOT / "test-output"

PLACING = """\
import random
from naga_widget import Match, NagaWidget, RandomBot
m = Match(seed=1)
rng = random.Random(0)
while not (m.state.phase == "place" and m.state.to_move == 0):
    m.play(str(m.state.legal_actions().sample(rng)))
w = NagaWidget(m, perspective=0, opponent=RandomBot(seed=2), bot_delay=0.05)
w"""

PLACED = """\
import json
print("PROBE " + json.dumps({"step": w.step, "actions": [str(a) for a in w.match.actions]}))"""

# The number keys the decision shows now (data-option-key of its options), in the order shown.
KEYS = """(root) => [...root.querySelectorAll('[data-testid="actions"] [data-option-key]')]
  .filter((n) => n.getClientRects().length).map((n) => n.getAttribute('data-option-key'))"""

CONFIRM_ENABLED = """(root) => { const c = root.querySelector('[data-testid="actions"] [data-testid="confirm"]');
  return !!c && !c.disabled; }"""


# The notebook's cells and their types: a digit reaching JupyterLab in command mode turns a cell into a heading.
CELLS = "() => window.jupyterapp.shell.currentWidget.content.widgets.map((c) => c.model.type)"


def keys_shown(page: Page) -> list[str]:
    return list(widget(page).evaluate(KEYS))


def press(page: Page, keys: list[str], pressed: list[str]) -> None:
    for key in keys:
        page.keyboard.press(key)
        pressed.append(key)
        assert focus_in_widget(page), f"the focus left the widget after {pressed}"


def decide(page: Page, turn: str) -> list[str]:
    """One decision of gold with the number keys and Enter only: the first option at each level (the
    first space offered, by its number), then Enter; a confrontation is passed (its key 1). Returns the
    keys pressed."""
    pressed: list[str] = []
    if turn == "confront":
        assert keys_shown(page)[0] == "1"
        press(page, ["1"], pressed)  # pass: the first option of the first level
        return pressed
    press(page, [keys_shown(page)[0]], pressed)  # a card to call or to give, or a space by its number
    if turn == "place":
        assert keys_shown(page)[:2] == ["1", "2"], keys_shown(page)  # then the orientations
        press(page, ["1"], pressed)
    assert widget(page).evaluate(CONFIRM_ENABLED), f"{turn}: no whole choice after {pressed}"
    assert focused_testid(page) == "confirm", f"{turn}: the focus is not on Confirm after {pressed}"
    press(page, ["Enter"], pressed)
    return pressed


def play_round(page: Page, start_round: int) -> list[tuple[str, list[str]]]:
    """Gold's decisions until the round after ``start_round`` begins, each with the keys pressed."""
    played: list[tuple[str, list[str]]] = []
    for _ in range(20):
        turn = wait_turn(page, start_round)
        if turn == "next round":
            return played
        before = last_step(page)
        played.append((turn, decide(page, turn)))
        wait_last_step_above(page, before)
    raise AssertionError(f"the round did not end after {played}")


def test_a_placement_is_three_number_keys_and_a_round_is_played_by_keys_alone(page: Page, jupyter: Server) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    name = write_notebook(jupyter.folder, "keys.ipynb", PLACING, PLACED)
    page.goto(LAB.url(jupyter.base, name))
    kernel_idle(page, name)
    run_cell(page, 0)
    root = widget(page)
    expect(root.get_by_test_id("confirm")).to_be_visible(timeout=60_000)
    before = probe(page)
    cells = page.evaluate(CELLS)
    root.evaluate("(r) => r.focus()")
    # the spaces are chosen by their own numbers, shown on their buttons; the keys are said beside Confirm
    spaces = keys_shown(page)
    assert spaces and all(k.isdigit() for k in spaces), spaces
    expect(root.get_by_test_id("key-help")).to_be_visible()
    help_text = root.get_by_test_id("key-help").inner_text()
    assert "Enter confirm" in help_text and "space" in help_text, help_text
    root.evaluate("(r) => (r.closest('.jp-OutputArea-output') || r).scrollIntoView({block: 'start'})")
    for theme in ("JupyterLab Dark", "JupyterLab Light"):
        set_theme(page, theme)
        root.evaluate("(r) => r.focus()")
        page.wait_for_timeout(200)
        page.screenshot(path=str(OUTPUT / f"keys-1366x768-{theme.split()[-1].lower()}.png"))
    assert focused_testid(page) == "root"

    placement: list[str] = []
    press(page, [spaces[0]], placement)  # the space by its number: now the orientations have the keys
    assert keys_shown(page)[:4] == ["1", "2", "3", "4"], keys_shown(page)
    page.screenshot(path=str(OUTPUT / "keys-orientation-1366x768-light.png"))
    press(page, ["1"], placement)
    assert focused_testid(page) == "confirm"
    press(page, ["Enter"], placement)
    assert len(placement) <= 6, placement
    wait_last_step_above(page, before["step"])

    # the rest of this round, then a whole round, by the keys alone (the focus never left the widget)
    start = int(root.evaluate(_ROUND))
    rest = play_round(page, start)
    whole = play_round(page, start + 1)
    assert whole and whole[0][0] == "call", whole
    assert {"call", "confront", "give"} <= {turn for turn, _ in rest + whole}, (rest, whole)
    for turn, keys in rest + whole:
        assert keys and all(k.isdigit() or k == "Enter" for k in keys), (turn, keys)
        assert len(keys) <= (3 if turn == "place" else 2), (turn, keys)
    total = sum(len(keys) for _, keys in whole)
    print(f"a round by the number keys: {len(whole)} decisions, {total} keys: {whole}")
    assert page.evaluate(CELLS) == cells, "a key pressed in the widget changed the notebook's cells"
    # Python played the placement chosen (asked at the end: running a cell takes the focus to the notebook)
    after = probe(page)
    placed = after["actions"][len(before["actions"])]
    assert placed.startswith(f"place {spaces[0]} "), placed
