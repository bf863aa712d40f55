"""Deciding in the view: why a decision has one choice (Python's words), the pass the view plays by itself
(``auto_pass``), and how sure the hint is (intervals, "too close to call", "not tried", its suggestion
marked on the menu at every step)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from widget_helpers import message, send, synced_text

from naga_widget import Match, NagaWidget
from naga_widget.bots import Candidate, Decision, Explanation
from naga_widget.rules import Action
from naga_widget.stats import wilson
from naga_widget.widget.deciding import confidence, only_choice, suggestion, too_close
from naga_widget.widget.projection import View, action_menu, explained, traits

# Found by random play (see ``pass_only``): after these actions, gold (player 0) may only pass, and it is
# a decision (R4.2.2): in TREASURES gold holds a treasure and no naga stick; in NO_TARGET gold has
# naga sticks but no card of gold's has a target.
TREASURES = (0, ["call 09b 11b", "call 10d", "invoke 11d teal gold:3", "place 7 rot0", "give 02b", "call 12b",
                 "call 05c", "invoke 05a teal violet:0", "invoke 07b teal gold:W0 gold:E0"])
NO_TARGET = (9, ["call 02c 09d", "call 04a 07a"])


def played(seed: int, actions: list[str]) -> Match:
    m = Match(seed=seed)
    for a in actions:
        m.play(a)
    return m


def pass_only(m: Match) -> bool:
    s = m.state
    legal = s.legal_actions()
    return s.phase == "confront" and len(legal) == 1 and str(next(iter(legal))) == "pass"


@pytest.mark.parametrize("case", [TREASURES, NO_TARGET])
def test_the_positions_are_passes_that_are_decisions(case: tuple[int, list[str]]) -> None:
    m = played(*case)
    assert pass_only(m) and m.state.to_move == 0


# -- why one choice only ------------------------------------------------------------------------------
def test_a_pass_that_is_the_only_choice_says_why_in_one_sentence() -> None:
    no_naga = only_choice(played(*TREASURES).state, 0)
    assert no_naga is not None and no_naga["action"] == "pass" and no_naga["auto"] is True
    assert "no stick of gold's shows a naga" in no_naga["text"] and "treasures" in no_naga["text"]
    assert "R4.2.2" in no_naga["text"] and no_naga["text"].count(". ") == 0
    no_target = only_choice(played(*NO_TARGET).state, 0)
    assert no_target is not None and no_target["auto"] is True
    assert "Sliding Maze" in no_target["text"] and "legal target" in no_target["text"]
    assert "R4.2.2" in no_target["text"]


def test_the_menu_carries_the_reason_and_not_for_a_decision_with_more_choices() -> None:
    m = played(*NO_TARGET)
    menu = action_menu(m.state, 0)
    assert menu["only"]["text"] == only_choice(m.state, 0)["text"]  # type: ignore[index]
    assert menu["choices"] == [] and menu["pass"]["action"] == "pass"
    start = Match(seed=9)
    assert "only" not in action_menu(start.state, start.state.to_move)
    assert only_choice(start.state, 1 - start.state.to_move) is None  # not that player's decision


def test_other_single_choices_are_said_too_but_are_not_played_by_themselves() -> None:
    rng = random.Random(4)
    seen: dict[str, dict[str, Any]] = {}
    for seed in range(30):
        m = Match(seed=seed)
        while not m.state.is_over and len(seen) < 2:
            s = m.state
            only = only_choice(s, s.to_move)
            if only is not None and s.phase in ("call", "place"):
                seen.setdefault(str(s.phase), only)
            m.play(s.legal_actions().sample(rng))
        if len(seen) == 2:
            break
    assert set(seen) == {"call", "place"}
    assert "R4.1" in seen["call"]["text"] and seen["call"]["auto"] is False
    assert "R4.3.2" in seen["place"]["text"] and seen["place"]["auto"] is False


# -- auto-pass ------------------------------------------------------------------------------------------
def before_pass(view: int | str = "teacher", **kwargs: Any) -> NagaWidget:
    """Silver to call at step 1 of NO_TARGET's match; after that call, gold may only pass."""
    m = played(NO_TARGET[0], NO_TARGET[1][:1])
    return NagaWidget(m, perspective=view, **kwargs)


def test_after_a_click_the_only_pass_is_played_and_kept_as_a_step() -> None:
    w = before_pass()
    send(w, type="play", action="call 04a 07a")
    assert message(w) == ""
    m = w.match
    assert [str(a) for a in m.actions] == NO_TARGET[1] + ["pass"]
    assert w.step == m.last_step == 3 and w.timeline["last"] == 3
    last = w.status["auto_pass"]["last"]
    assert last["player"] == 0 and last["step"] == 3 and "legal target" in last["text"]
    assert w.status["auto_pass"]["on"] is True
    assert any(e["kind"] == "pass" and e["step"] == 3 for e in w.event_log)
    send(w, type="undo")  # the pass is an ordinary step: one step back is the pass-only decision
    assert w.step == 2 and pass_only(m) and w.status["auto_pass"]["last"] is None
    assert w.menu["only"]["auto"] is True


def test_auto_pass_off_leaves_the_decision_with_its_reason() -> None:
    w = before_pass(auto_pass=False)
    send(w, type="play", action="call 04a 07a")
    assert w.step == 2 and pass_only(w.match)
    assert w.menu["only"]["text"].startswith("Passing is gold's only choice")
    assert w.status["auto_pass"] == {"on": False, "last": None}
    send(w, type="auto_pass", on=True)  # ticked now: the waiting pass is played
    assert message(w) == "" and w.step == 3 and str(w.match.actions[-1]) == "pass"
    assert w.auto_pass is True


def test_the_setting_from_code_and_from_the_view() -> None:
    w = before_pass()
    send(w, type="auto_pass", on=False)
    assert w.auto_pass is False and w.status["auto_pass"]["on"] is False
    w.auto_pass = True
    assert w.status["auto_pass"]["on"] is True
    for bad in ("yes", 1, None):
        send(w, type="auto_pass", on=bad)
        assert "'on', true or false" in message(w) and w.auto_pass is True
    with pytest.raises(TypeError, match="auto_pass must be True or False"):
        NagaWidget(perspective=0, auto_pass="no")  # type: ignore[arg-type]


def test_code_plays_only_what_it_is_given() -> None:
    w = before_pass()
    w.play("call 04a 07a")
    assert w.step == 2 and pass_only(w.match)


def test_not_for_a_seat_the_view_does_not_decide_for() -> None:
    # silver's view: gold's only pass is gold's to play
    w = before_pass(1)
    send(w, type="play", action="call 04a 07a")
    assert w.step == 2 and pass_only(w.match) and w.status["auto_pass"]["last"] is None
    # a spectator decides nothing and has no setting
    s = NagaWidget(w.match, perspective="spectator")
    assert s.status["auto_pass"] is None
    send(s, type="auto_pass", on=True)
    assert "spectator" in message(s) and w.step == 2


def test_not_behind_the_hot_seat_screen() -> None:
    w = before_pass("hotseat")
    send(w, type="reveal")
    send(w, type="play", action="call 04a 07a")
    # gold is to move: the screen hides the board until gold takes the device, and nothing is played
    assert w.status["screen"] is not None and w.step == 2 and pass_only(w.match)
    assert w.status["auto_pass"]["last"] is None and "only" not in w.menu


def test_the_reason_stays_with_the_seat_that_passed() -> None:
    w = before_pass()
    send(w, type="play", action="call 04a 07a")
    text = w.status["auto_pass"]["last"]["text"]
    silver = NagaWidget(w.match, perspective=1)
    spectator = NagaWidget(w.match, perspective="spectator")
    # other views never read it, even when a view of theirs played it (it names gold's cards)
    for other in (silver, spectator):
        assert text not in synced_text(other)
    view = View(1, auto_passed={"player": 0, "name": "gold", "step": 3, "text": text})
    assert text not in str(traits(w.match, view))
    assert text in str(traits(w.match, View(0, auto_passed={"player": 0, "name": "gold", "step": 3, "text": text})))


def test_a_bot_opponent_and_auto_pass_take_turns() -> None:
    from naga_widget import RandomBot

    w = NagaWidget(seed=9, perspective=0, opponent=RandomBot(seed=1), bot_delay=0)
    rng = random.Random(5)
    passes = 0
    for _ in range(300):
        s = w.state
        if s.is_over:
            break
        assert s.to_move == 0 and not pass_only(w.match), "gold's only pass is played for gold"
        send(w, type="play", action=str(s.legal_actions().sample(rng)))
        assert message(w) == ""
        last = w.status["auto_pass"]["last"]
        passes += last is not None
    assert passes > 0


# -- how sure the hint is ---------------------------------------------------------------------------------
def test_wilson_intervals_hold_the_value_and_narrow_with_more_simulations() -> None:
    for value in (0.0, 0.3, 0.68, 1.0):
        widths = []
        for n in (5, 50, 500):
            low, high = wilson(value * n, n)
            assert 0.0 <= low <= value <= high <= 1.0
            widths.append(high - low)
        assert widths[0] > widths[1] > widths[2]
    assert wilson(0.6, 0) == (0.0, 1.0)


def test_too_close_to_call_tells_noise_from_a_difference() -> None:
    assert too_close((0.68, 300), (0.67, 300))
    assert too_close((0.6, 5), (0.3, 5))  # a few simulations say little
    assert not too_close((0.68, 2000), (0.58, 2000))
    assert not too_close((1.0, 400), (0.8, 400))


def hint_of(candidates: list[tuple[str, int, float]]) -> dict[str, Any]:
    cands = tuple(Candidate(a, v, m) for a, v, m in candidates)
    return explained(Decision(Action.coerce(candidates[0][0]), Explanation("s", cands)), 0, 0, 0)


def test_the_candidates_too_close_to_call_are_grouped_with_a_note() -> None:
    shown = confidence(hint_of([("pass", 340, 0.68), ("invoke 01a brown", 320, 0.67), ("invoke 02a brown", 300, 0.4)]))
    first, second, third = shown["candidate_figures"]
    assert first["close"] and second["close"] and not third["close"]
    assert first["low"] < 0.68 < first["high"] and third["high"] < first["low"]
    assert shown["candidates"] == hint_of([("pass", 340, 0.68), ("invoke 01a brown", 320, 0.67),
                                           ("invoke 02a brown", 300, 0.4)])["candidates"]  # as the bot gave them
    assert shown["confidence"].startswith("Too close to call") and "1 other" in shown["confidence"]
    clear = confidence(hint_of([("pass", 900, 0.8), ("invoke 01a brown", 80, 0.3)]))
    assert clear["confidence"].startswith("A clear choice") and not any(c["close"] for c in clear["candidate_figures"])
    assert "share gold won" in clear["meaning"]


def test_a_candidate_no_simulation_tried_has_no_figures() -> None:
    shown = confidence(hint_of([("pass", 40, 0.55), ("invoke 01a brown", 0, 0.61)]))
    untried = shown["candidate_figures"][1]
    assert untried["tried"] is False and untried["low"] is None and untried["high"] is None
    assert not untried["close"] and "1 choice was not tried" in shown["confidence"]
    alone = confidence(hint_of([("pass", 0, 0.5)]))
    assert alone["candidate_figures"][0]["tried"] is False and alone["confidence"].startswith("The only legal choice")


@pytest.mark.parametrize(("text", "expected"), [
    ("call 03a 07b", {"kind": "call", "cards": ["03a", "07b"]}),
    ("pass", {"kind": "pass"}),
    ("invoke 05a brown gold:W0 gold:N1", {"kind": "invoke", "card": "05a", "pay": "brown",
                                          "tokens": ["gold:W0", "gold:N1"]}),
    ("place 4 rot2", {"kind": "place", "space": 4, "rotation": 2, "token": "silver:4"}),
    ("give 11c", {"kind": "give", "card": "11c"}),
    ("nonsense", None),
])
def test_the_suggestion_in_the_parts_of_the_menu(text: str, expected: dict[str, Any] | None) -> None:
    assert suggestion(text, 1) == expected


def test_the_hint_at_the_call_names_its_cards_with_intervals_and_meaning() -> None:
    w = NagaWidget(seed=9, perspective="teacher")
    assert w.state.phase == "call"
    send(w, type="hint", iterations=80)
    hint = w.explain["hint"]
    assert hint["suggestion"]["kind"] == "call"
    assert set(hint["suggestion"]["cards"]) <= set(w.state.hands[w.state.to_move])
    assert "call " + " ".join(hint["suggestion"]["cards"]) == hint["action"]
    assert hint["confidence"] and hint["meaning"].startswith("Win chance:")
    assert len(hint["candidate_figures"]) == len(hint["candidates"])
    for c, figures in zip(hint["candidates"], hint["candidate_figures"]):
        assert figures["tried"] == (c["visits"] > 0)
        if figures["tried"]:
            assert 0.0 <= figures["low"] <= c["value"] <= figures["high"] <= 1.0
        else:
            assert figures["low"] is None and not figures["close"]


def test_the_reasons_of_a_bot_that_is_no_search_get_no_intervals() -> None:
    shown = confidence(hint_of([("pass", 1, 0.55), ("invoke 01a brown", 1, 0.61), ("invoke 02a brown", 0, 0.5)]),
                       searched=False)
    assert [f["tried"] for f in shown["candidate_figures"]] == [True, True, False]
    assert all(f["low"] is None and not f["close"] for f in shown["candidate_figures"])
    assert "confidence" not in shown and "meaning" not in shown
