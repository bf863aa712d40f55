"""Intents from the browser: any JSON value, stale clicks, oversized values (sent through ``set_state``,
the path of a message from the view)."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from widget_helpers import from_browser, message, send, stamped, synced_text

from naga_widget import Match, NagaWidget, RandomBot, State
from naga_widget.widget.guard import MESSAGE_CHARS, QUOTE_CHARS

FUZZ = settings(deadline=None, derandomize=True, database=None, max_examples=150,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


def teacher(seed: int = 3) -> NagaWidget:
    """A teacher's view that plays only the clicks it is sent (no automatic passes after them: those
    are tested in test_widget_deciding.py), so that each click is one step."""
    return NagaWidget(Match(seed=seed), perspective="teacher", auto_pass=False)


def longest_run(text: str) -> int:
    """The length of the longest run of one repeated character in ``text``."""
    best = run = 0
    for i, ch in enumerate(text):
        run = run + 1 if i and text[i - 1] == ch else 1
        best = max(best, run)
    return best


def unchanged(w: NagaWidget) -> str:
    return json.dumps({k: getattr(w, k) for k in ("board", "menu", "timeline", "events")}, sort_keys=True)


# -- A value that is not an object ------------------------------------------------------------------------
@pytest.mark.parametrize("value, named", [("pass", "a str"), ([1, 2], "a list"), (None, "null"), (7, "an int"),
                                          (2.5, "a float"), (True, "a bool")])
def test_an_intent_that_is_not_an_object_is_shown_as_an_error(value: Any, named: str) -> None:
    w = teacher()
    before, ack = unchanged(w), w.status["ack"]
    from_browser(w, value)
    assert w.status["message"]["level"] == "error"
    assert "must be an object" in message(w) and named.split()[-1] in message(w)
    assert unchanged(w) == before and w.status["ack"] == ack and w.step == 0


def test_after_a_bad_value_a_good_intent_works() -> None:
    w = teacher()
    from_browser(w, "nonsense")
    send(w, type="play", action=f"call {w.menu['choices'][0]['key']}")
    assert w.step == 1 and w.status["message"] is None


# -- stale intents: made at another position ----------------------------------------------------------------
def to_phase(w: NagaWidget, phase: str, rng: random.Random) -> bool:
    """Play random moves in ``w`` until ``phase`` (False if the game ends first)."""
    while not w.state.is_over and w.state.phase != phase:
        w.play(w.state.legal_actions().sample(rng))
    return not w.state.is_over


def test_a_double_clicked_pass_in_the_teacher_view_passes_once() -> None:
    """Two clicks on "pass" sent before the first answer: one player passes, the other does not (R4.2)."""
    tried = 0
    for seed in range(200):
        rng = random.Random(seed)
        w = teacher(seed)
        if not to_phase(w, "confront", rng):
            continue
        k, mover = w.step, w.state.to_move
        click = stamped(w, type="play", action="pass")
        from_browser(w, click)
        from_browser(w, {**click, "id": click["id"] + 1})  # the second click, made at the same step
        assert w.match.last_step == k + 1 and str(w.match.actions[k]) == "pass", seed
        assert w.match.state_at(k).to_move == mover
        assert "ignored" in message(w) and f"step {k}" in message(w), seed
        tried += 1
    assert tried >= 190


def test_any_double_click_acts_once() -> None:
    """The same for every kind of decision: the second of two identical clicks never acts."""
    for seed in range(200):
        rng = random.Random(seed)
        w = teacher(seed)
        for _ in range(rng.randrange(0, 40)):
            if w.state.is_over:
                break
            w.play(w.state.legal_actions().sample(rng))
        if w.state.is_over:
            continue
        k = w.step
        click = stamped(w, type="play", action=str(w.state.legal_actions().sample(rng)))
        from_browser(w, click)
        assert w.step == k + 1 and w.status["message"] is None, seed
        from_browser(w, {**click, "id": click["id"] + 1})
        assert w.match.last_step == k + 1 and "ignored" in message(w), seed


def test_a_stale_click_against_a_bot_is_not_applied_at_the_next_turn() -> None:
    """Against a bot, a second click made at step k is refused once the bot has moved on, not played later."""
    checked = 0
    for seed in range(200):
        rng = random.Random(seed)
        w = NagaWidget(seed=seed, perspective=0, opponent=RandomBot(seed))
        for _ in range(rng.randrange(0, 15)):
            if w.state.is_over:
                break
            send(w, type="play", action=str(w.state.legal_actions().sample(rng)))
        if w.state.is_over or w.state.to_move != 0:
            continue
        first = stamped(w, type="play", action=str(w.state.legal_actions().sample(rng)))
        from_browser(w, first)
        after = w.match.last_step
        if w.state.is_over:
            continue
        from_browser(w, {**first, "id": first["id"] + 1})
        assert w.match.last_step == after, seed
        assert "ignored" in message(w) and f"step {first['step']}" in message(w), seed
        checked += 1
    assert checked >= 150


def test_an_intent_from_another_branch_is_refused() -> None:
    w = teacher()
    rng = random.Random(1)
    for _ in range(6):
        w.play(w.state.legal_actions().sample(rng))
    send(w, type="goto", to=2)
    send(w, type="fork")
    send(w, type="play", action=str(next(a for a in w.state.legal_actions() if a != w.match.actions[2])))
    assert len(w.match.branches()) == 2 and w.match.branch == 1 and w.step == 3
    send(w, type="goto", to=3, branch=0)  # made on the other branch, at the same step number
    assert "branch 0" in message(w) and w.match.branch == 1
    send(w, type="branch", index=0)
    assert w.match.branch == 0 and w.timeline["at_end"] and w.step == w.match.last_step  # at its tip


@pytest.mark.parametrize("stamp", [{"step": "0"}, {"step": True}, {"step": 0, "branch": None}, {"step": 1.0}])
def test_a_malformed_stamp_is_refused(stamp: dict[str, Any]) -> None:
    w = teacher()
    from_browser(w, {"id": 5, "type": "play", "action": f"call {w.menu['choices'][0]['key']}", **stamp})
    assert "integer" in message(w) and w.step == 0


def test_an_intent_written_by_hand_without_a_stamp_acts_where_the_match_is() -> None:
    w = teacher()
    from_browser(w, {"id": 1, "type": "play", "action": f"call {w.menu['choices'][0]['key']}"})
    assert w.step == 1 and w.status["message"] is None


# -- oversized values ----------------------------------------------------------------------------------
@pytest.mark.parametrize("intent", [
    {"type": "play", "action": "call " + "x" * 200_000},
    {"type": "play", "action": "x" * 200_000},
    {"type": "play", "action": {"type": "call", "cards": ["1"] * 50_000}},
    {"type": "play", "action": {"type": "invoke", "card": "07c", "pay": "b" * 300}},
    {"type": "y" * 200_000},
    {"type": "goto", "to": "z" * 200_000},
    {"type": "branch", "index": "q" * 1000},
    {"type": "play", "action": ["c"] * 10_000},
])
def test_an_oversized_value_is_not_echoed_back(intent: dict[str, Any]) -> None:
    w = teacher()
    before = unchanged(w)
    from_browser(w, {"id": 9, **intent})
    text = message(w)
    assert w.status["message"]["level"] == "error" and len(text) <= MESSAGE_CHARS + 1
    assert longest_run(text) <= QUOTE_CHARS  # every value above repeats one character far more often
    assert unchanged(w) == before and len(synced_text(w)) < len(synced_text(teacher())) + 1000


@FUZZ
@given(text=st.text(min_size=0, max_size=3000))
def test_any_action_text_gets_a_short_clear_answer(text: str) -> None:
    """Whatever text arrives as an action: a short message or a legal play, never an exception."""
    w = NagaWidget(Match(seed=11), perspective="teacher")
    from_browser(w, {"id": 1, "type": "play", "action": text})
    msg = w.status["message"]
    assert (msg is None and w.step == 1) or (msg["level"] == "error" and len(msg["text"]) <= MESSAGE_CHARS + 1
                                              and w.step == 0)


scalars = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=30)
json_values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                           | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=12)


@FUZZ
@given(kind=st.sampled_from(["play", "goto", "undo", "redo", "start", "end", "branch", "fork", "unfork", "reveal",
                             "take_over", "new_game", "x"]),
       fields=st.dictionaries(st.sampled_from(["action", "to", "index", "step", "branch", "id"]), json_values,
                              max_size=4))
def test_any_intent_object_is_answered_without_an_exception(kind: str, fields: dict[str, Any]) -> None:
    """Intents with random JSON fields: each is applied or refused with a message, the view stays usable."""
    w = NagaWidget(Match(seed=12), perspective="teacher")
    from_browser(w, {"type": kind, **fields})
    msg = w.status["message"]
    assert msg is None or (msg["level"] == "error" and len(msg["text"]) <= MESSAGE_CHARS + 1)
    assert w.timeline["step"] == w.step and set(w.status) >= {"ack", "message"}


# -- every refused action cites its rule ---------------------------------------------------------------------
RULE_CITED = re.compile(r"\((R\d+(?:\.\d+)*|E\d\d)\)$")


def refused_with_rule(w: NagaWidget, before: str) -> str:
    """The rule id the message of a refused play cites at its end (the state as it was before)."""
    text = message(w)
    cited = RULE_CITED.search(text)
    assert w.status["message"]["level"] == "error" and cited, f"no rule id in {text!r}"
    assert len(text) <= MESSAGE_CHARS + 1 and unchanged(w) == before
    return cited.group(1)


@pytest.mark.parametrize("action, rule", [
    (None, "R8"), (42, "R8"), (2.5, "R8"), (True, "R8"), ([1, 2], "R8"), ("x" * 401, "R8"),
    ({"type": "call", "cards": ["01a"] * 200}, "R8"), ({"a": [[[[[[]]]]]]}, "R8"), ("fly away", "R8"),
    ("call 99z", "R4.1"), ("x" * 399, "R8"), ({"type": "fly"}, "R8"),
])
def test_a_refused_action_cites_its_rule_as_the_engine_does(action: Any, rule: str) -> None:
    w = teacher()
    before = unchanged(w)
    from_browser(w, {"id": 1, "type": "play", "action": action})
    assert refused_with_rule(w, before) == rule


def test_a_play_intent_without_an_action_cites_r8() -> None:
    w = teacher()
    before = unchanged(w)
    from_browser(w, {"id": 1, "type": "play"})
    assert refused_with_rule(w, before) == "R8" and "needs an 'action'" in message(w)


def test_a_play_that_is_not_this_views_to_make_cites_its_rule() -> None:
    match = Match(seed=3)
    mover = match.state.to_move
    for perspective, rule in [(1 - mover, "R8"), ("spectator", "R8"), ("hotseat", "R6")]:
        w = NagaWidget(match, perspective=perspective)
        before = unchanged(w)
        from_browser(w, {"id": 1, "type": "play", "action": "pass"})
        assert refused_with_rule(w, before) == rule
    w = teacher()
    w.play(w.state.legal_actions().sample(random.Random(1)))
    w.goto(0)
    before = unchanged(w)
    from_browser(w, {"id": 2, "type": "play", "action": str(next(iter(w.state.legal_actions())))})
    assert refused_with_rule(w, before) == "R8"  # a past step, no fork armed
    over = Match(seed=3)
    while not over.state.is_over:
        over.play(over.legal_actions().sample(random.Random(over.step)))
    w = NagaWidget(over, perspective="teacher")
    before = unchanged(w)
    from_browser(w, {"id": 3, "type": "play", "action": "pass"})
    assert refused_with_rule(w, before) == "R7"


def test_a_refusal_quoting_a_long_action_keeps_its_rule_id() -> None:
    w = teacher()
    before = unchanged(w)
    action = "call " + " ".join(["01a"] * 98)  # under 400 characters; the engine's answer quotes it, longer
    with pytest.raises(ValueError) as refused:
        w.match.play(action)
    assert len(str(refused.value)) > MESSAGE_CHARS and str(refused.value).endswith("(R4.1)")
    from_browser(w, {"id": 1, "type": "play", "action": action})
    assert refused_with_rule(w, before) == "R4.1" and "…" in message(w)


action_values = (json_values | st.text(min_size=380, max_size=420) | st.integers() | st.none() | st.booleans()
                 | st.floats() | st.lists(st.text(max_size=5), max_size=120).map(lambda cards: {"type": "call",
                                                                                                  "cards": cards}))


@FUZZ
@given(action=action_values)
def test_any_json_value_as_an_action_is_played_or_refused_with_a_rule(action: Any) -> None:
    """Actions of every JSON type (null, booleans, numbers, texts, lists, objects) sent in a play intent:
    a legal play, or a refusal whose message ends with the rule id, the state as it was."""
    w = NagaWidget(Match(seed=11), perspective="teacher")
    before = unchanged(w)
    from_browser(w, {"id": 1, "type": "play", "action": action})
    if w.status["message"] is None:
        assert w.step == 1
    else:
        refused_with_rule(w, before)


# -- a bug is not a refusal --------------------------------------------------------------------------------
@pytest.mark.parametrize("bug", [ZeroDivisionError, KeyError, TypeError, IndexError, AttributeError])
def test_a_bug_in_the_play_path_shows_as_a_traceback_not_as_a_refusal(monkeypatch: pytest.MonkeyPatch,
                                                                      bug: type[Exception]) -> None:
    """Only the project's own errors for bad input become a message: an exception of a bug in the
    engine's play path propagates (ipywidgets logs its traceback), the view still gets its answer."""
    w = teacher()
    good = f"call {w.menu['choices'][0]['key']}"

    def broken(self: State, action: Any, chance: Any = None) -> Any:
        raise bug("a bug in the engine")

    monkeypatch.setattr(State, "transition", broken)
    before = unchanged(w)
    with pytest.raises(bug, match="a bug in the engine"):
        from_browser(w, {"id": 41, "type": "play", "action": good})
    assert w.status["message"] is None and w.status["ack"] == 41
    assert unchanged(w) == before and w.step == 0
    monkeypatch.undo()
    from_browser(w, {"id": 42, "type": "play", "action": "call 99z"})  # bad input is still refused
    assert "R4.1" in message(w) and w.step == 0
    from_browser(w, {"id": 43, "type": "play", "action": good})
    assert w.step == 1 and w.status["message"] is None


@pytest.mark.parametrize("intent, words", [
    ({"type": "goto", "to": 7}, "not on this line"),  # the match's StepError
    ({"type": "branch", "index": 3}, "does not exist"),
    ({"type": "hint", "iterations": 0}, "iterations"),  # the widget's IntentError
    ({"type": "force", "kind": "room", "values": ["R99"]}, "not in the pile"),
    ({"type": "play", "action": {"type": "place"}}, "R8"),  # the engine's ActionFormatError
])
def test_bad_input_on_every_path_is_still_a_refusal(intent: dict[str, Any], words: str) -> None:
    w = teacher()
    from_browser(w, {"id": 5, **intent})
    assert w.status["message"]["level"] == "error" and words in message(w) and w.status["ack"] == 5

