"""The intent reducer without the widget (no traitlets, no event loop): every intent type applied, and
every kind of refusal, which names what was wrong (an illegal action its rule id) and changes nothing,
neither the match nor the view state. A host (the widget, a server) uses it as these tests do."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import Any

import pytest
from hidden_facts import hidden_ids, leaked

from naga_widget import Match, RandomBot
from naga_widget.bots import play_match
from naga_widget.bots.turn import FailureKind, failure
from naga_widget.widget.guard import IntentError, StaleIntent
from naga_widget.widget.projection import SYNCED, View
from naga_widget.widget.reducer import (
    INTENTS,
    NewMatch,
    WatchCommand,
    answer_intent,
    bot_moved,
    bot_stopped,
    decide,
    project,
    reduce,
)
from naga_widget.widget.watch import watch_status

STOPPED = {"seat": 1, "name": "silver", "reason": "KeyError: 'x'", "public": "it raised an exception (KeyError)"}


def played(steps: int, seed: int = 3, view: View | None = None, to_move: int | None = None) -> tuple[View, Match]:
    """A view (the teacher's, no auto-pass, unless given) of a match ``steps`` random decisions in (and then
    until ``to_move`` is to move)."""
    match = Match(seed=seed)
    rng = random.Random(seed)
    while match.step < steps or (to_move is not None and match.state.to_move != to_move):
        match.play(match.state.legal_actions().sample(rng))
    return view or View("teacher", auto_pass=False), match


def test_a_teacher_plays_a_game_through_the_reducer() -> None:
    match, view = Match(seed=4), View("teacher", auto_pass=False)
    rng = random.Random(4)
    for _ in range(12):
        view, effects = reduce(view, {"type": "play", "action": str(match.state.legal_actions().sample(rng))},
                               match=match)
        assert effects == [] and view.message is None
    assert match.step == 12 and all(seat is not None for seat in view.decided)


def over() -> tuple[View, Match]:
    match = Match(seed=5)
    play_match(match, [RandomBot(1), RandomBot(2)])
    return View(0), match


def watched(view: View, match: Match) -> View:
    """``view`` with the status of a watch of two bots, as the seat driver gives it."""
    return replace(view, perspective="spectator", watch=watch_status(match, ["RandomBot", "RandomBot"], False, 1.0,
                                                                      view.fork_armed))


def where(match: Match) -> tuple[str, int, int, int]:
    return match.state.digest(), match.step, match.branch, len(match.branches())


# -- each intent type, applied ------------------------------------------------------------------------------
def test_play_plays_at_the_end_and_keeps_the_node_of_the_decision() -> None:
    view, match = played(2)
    seat = match.state.to_move
    action = str(match.state.legal_actions().sample(random.Random(0)))
    new, effects = reduce(view, {"type": "play", "action": action, "step": 2, "branch": 0}, match=match)
    assert (match.step, effects) == (3, []) and new.decided[seat] == match.node.id
    assert view.decided[seat] != new.decided[seat]  # the view state before is a value: unchanged


def test_play_at_an_armed_fork_starts_a_branch_and_uses_up_the_fork() -> None:
    view, match = played(4)
    view, _ = reduce(view, {"type": "goto", "to": 1}, match=match)
    view, _ = reduce(view, {"type": "fork"}, match=match)
    assert view.fork_armed
    taken = str(match.actions[1])  # the decision played at step 1 on this line
    other = next(a for a in match.state.legal_actions() if str(a) != taken)
    view, _ = reduce(view, {"type": "play", "action": str(other)}, match=match)
    assert not view.fork_armed and len(match.branches()) == 2 and match.step == 2


@pytest.mark.parametrize(("intent", "step"), [({"type": "goto", "to": 1}, 1), ({"type": "start"}, 0),
                                              ({"type": "undo"}, 3), ({"type": "end"}, 4)])
def test_moving_the_cursor(intent: dict[str, Any], step: int) -> None:
    view, match = played(4)
    view = replace(view, auto_passed={"player": 0, "name": "gold", "step": 4, "text": "pass"})
    new, effects = reduce(view, intent, match=match)
    assert (match.step, effects, new.auto_passed) == (step, [], None)


def test_redo_goes_forward_and_an_armed_fork_is_dropped_off_the_end() -> None:
    view, match = played(4)
    reduce(view, {"type": "goto", "to": 1}, match=match)
    new, _ = reduce(replace(view, fork_armed=True), {"type": "redo"}, match=match)
    assert match.step == 2 and not new.fork_armed


def test_branch_shows_another_line_at_its_tip() -> None:
    view, match = played(4)
    view, _ = reduce(view, {"type": "goto", "to": 2}, match=match)
    view, _ = reduce(view, {"type": "fork"}, match=match)
    for action in match.state.legal_actions():
        view, _ = reduce(view, {"type": "play", "action": str(action)}, match=match)
        if len(match.branches()) == 2:
            break
    new, _ = reduce(view, {"type": "branch", "index": 0}, match=match)
    assert (match.branch, match.step) == (0, 4) and not new.fork_armed


def test_fork_and_unfork_arm_and_disarm() -> None:
    view, match = played(3)
    reduce(view, {"type": "goto", "to": 1}, match=match)
    armed, _ = reduce(view, {"type": "fork"}, match=match)
    disarmed, _ = reduce(armed, {"type": "unfork"}, match=match)
    assert (view.fork_armed, armed.fork_armed, disarmed.fork_armed) == (False, True, False)


def test_reveal_gives_the_device_to_the_player_to_move() -> None:
    view, match = played(1, view=View("hotseat", auto_pass=False))
    new, _ = reduce(view, {"type": "reveal"}, match=match)
    assert (view.holder, new.holder) == (None, match.state.to_move)


@pytest.mark.parametrize(("perspective", "after", "holder"), [(0, "hotseat", 0), ("teacher", "teacher", None)])
def test_take_over_gives_a_stopped_bots_seat_to_people(perspective: int | str, after: str, holder: int | None) -> None:
    view = View(perspective, stopped=STOPPED)
    new, _ = reduce(view, {"type": "take_over"}, match=Match(seed=1))
    assert (new.perspective, new.holder, new.stopped, new.bot) == (after, holder, None, None)


def test_new_game_is_an_effect_with_the_new_match() -> None:
    view, match = over()
    view = replace(view, decided=(5, 6), origin=0)
    new, effects = reduce(view, {"type": "new_game"}, match=match)
    assert len(effects) == 1 and isinstance(effects[0], NewMatch)
    fresh = effects[0].match
    assert fresh is not match and fresh.step == 0 and fresh.ruleset is match.ruleset
    assert (new.decided, new.origin, new.seed) == ((None, None), fresh.node.id, None)


def test_force_and_unforce_choose_chance_for_the_teacher() -> None:
    view, match = played(0)
    room = match.state.rooms[3]
    new, _ = reduce(view, {"type": "force", "kind": "room", "values": [room]}, match=match)
    assert match.forced_pending == {"room": [room]} and new == view
    reduce(view, {"type": "unforce"}, match=match)
    assert match.forced_pending == {}


def test_force_at_a_past_step_arms_the_fork() -> None:
    view, match = played(3)
    view, _ = reduce(view, {"type": "goto", "to": 0}, match=match)
    new, _ = reduce(view, {"type": "force", "kind": "throw", "values": ["N"]}, match=match)
    assert new.fork_armed


def test_hint_searches_for_the_player_deciding_here() -> None:
    view, match = played(1, view=View(1, auto_pass=False), to_move=1)
    new, _ = reduce(replace(view, seed=3), {"type": "hint", "iterations": 5}, match=match)
    assert new.hint is not None and (new.hint["step"], new.hint["branch"]) == (match.step, 0)
    kept, _ = project(new, match=match)
    assert kept.hint == new.hint
    reduce(new, {"type": "goto", "to": 0}, match=match)
    gone, shown = project(new, match=match)
    assert gone.hint is None and sorted(shown) == sorted(SYNCED)


def test_whether_a_hint_may_be_asked_is_sent_in_the_status_and_the_reducer_keeps_to_it() -> None:
    """``status.hint_allowed``: a local game's deciding view may ask; one made with hints off (a class
    server's game), a spectator, a seat not to move and a view after the end may not, and the reducer
    refuses what the status does not offer."""
    view, match = played(1, view=View(1, auto_pass=False), to_move=1)
    assert project(view, match=match)[1]["status"]["hint_allowed"] is True
    closed = replace(view, hints=False)
    shown = project(closed, match=match)[1]
    assert shown["status"]["hint_allowed"] is False and shown["menu"]  # a decision to make, and no hint
    before = where(match)
    with pytest.raises(IntentError, match="allows no hints"):
        reduce(closed, {"type": "hint", "iterations": 5}, match=match)
    assert where(match) == before
    for other in (View("spectator"), View(0, auto_pass=False)):  # seat 1 is to move
        assert project(other, match=match)[1]["status"]["hint_allowed"] is False
    ended, done = over()
    assert project(ended, match=done)[1]["status"]["hint_allowed"] is False


@pytest.mark.parametrize(("intent", "effects"), [
    ({"type": "watch_play"}, [WatchCommand("play")]),
    ({"type": "watch_pause", "step": 99}, [WatchCommand("pause")]),  # at any step
    ({"type": "watch_step"}, [WatchCommand("step")]),
    ({"type": "watch_speed", "speed": "fast"}, [WatchCommand("speed", 0.4)]),
    ({"type": "goto", "to": 0}, [WatchCommand("pause")]),  # moving through the timeline pauses a watch
])
def test_the_watchs_intents_are_commands_for_the_seat_driver(intent: dict[str, Any], effects: list[Any]) -> None:
    _, match = played(2)
    view = watched(View("spectator"), match)
    assert reduce(view, intent, match=match)[1] == effects


def test_auto_pass_sets_the_views_choice() -> None:
    view, match = played(2)
    new, effects = reduce(view, {"type": "auto_pass", "on": True}, match=match)
    assert (view.auto_pass, new.auto_pass, effects) == (False, True, [])


def test_every_intent_type_is_covered_above() -> None:
    names = {"play", "goto", "undo", "redo", "start", "end", "branch", "fork", "unfork", "reveal", "take_over",
             "new_game", "force", "unforce", "hint", "watch_play", "watch_pause", "watch_step", "watch_speed",
             "auto_pass"}
    assert set(INTENTS) == names


# -- refused: what was wrong is named, nothing changes ------------------------------------------------------
REFUSED: list[tuple[str, Any, type[Exception], str]] = [
    ("teacher", None, IntentError, "an intent must be an object"),
    ("teacher", [1, 2], IntentError, "not a list"),
    ("teacher", {"type": "fly"}, IntentError, "unknown intent type 'fly'"),
    ("teacher", {"type": 3}, IntentError, "unknown intent type 3"),
    ("teacher", {"type": "undo", "step": 1, "branch": 0}, StaleIntent, "chosen at step 1"),
    ("teacher", {"type": "play", "step": "2"}, IntentError, "needs an integer 'step'"),
    ("teacher", {"type": "play"}, Exception, "needs an 'action' (R8)"),
    ("teacher", {"type": "play", "action": "dance"}, Exception, "(R8)"),
    ("teacher", {"type": "play", "action": "x" * 500}, Exception, "far too long"),
    (1, {"type": "play", "action": "pass"}, Exception, "not this view's (R8)"),
    ("spectator", {"type": "play", "action": "pass"}, Exception, "not this view's (R8)"),
    ("teacher", {"type": "goto", "to": "1"}, IntentError, "needs an integer 'to'"),
    ("teacher", {"type": "goto", "to": 99}, Exception, "99"),
    ("teacher", {"type": "branch", "index": 4}, Exception, "4"),
    ("teacher", {"type": "fork"}, IntentError, "already at the end of the line"),
    ("teacher", {"type": "reveal"}, IntentError, "only for hot-seat play"),
    ("teacher", {"type": "take_over"}, IntentError, "no stopped bot"),
    ("teacher", {"type": "new_game"}, IntentError, "once this one is over"),
    (0, {"type": "force", "kind": "throw", "values": ["N"]}, IntentError, "only the teacher's view"),
    ("teacher", {"type": "force", "kind": "moon", "values": []}, IntentError, "moon"),
    (0, {"type": "unforce"}, IntentError, "only the teacher's view"),
    ("teacher", {"type": "hint", "iterations": 0}, IntentError, "from 1 to 20,000"),
    ("spectator", {"type": "hint", "iterations": 5}, IntentError, "no decision for this view"),
    ("teacher", {"type": "watch_play"}, IntentError, "no bots to watch"),
    ("teacher", {"type": "watch_pause"}, IntentError, "no bots to watch"),
    ("teacher", {"type": "watch_step"}, IntentError, "no bots to watch"),
    ("teacher", {"type": "watch_speed", "speed": "fast"}, IntentError, "no bots to watch"),
    ("teacher", {"type": "auto_pass", "on": 1}, IntentError, "'on', true or false"),
    ("spectator", {"type": "auto_pass", "on": True}, IntentError, "has no auto-pass"),
]


@pytest.mark.parametrize(("perspective", "intent", "error", "words"), REFUSED)
def test_a_bad_intent_is_refused_and_changes_nothing(perspective: int | str, intent: Any, error: type[Exception],
                                                     words: str) -> None:
    view, match = played(2, view=View(perspective, auto_pass=False), to_move=0)
    before = where(match)
    with pytest.raises(error) as refused:
        reduce(view, intent, match=match)
    assert words in str(refused.value) and where(match) == before
    done = answer_intent(view, {**intent, "id": 7} if isinstance(intent, dict) else intent, match=match)
    assert done.refused is not None and words in done.view.message["text"] and done.effects == []
    assert done.view == replace(view, message=done.view.message, ack=7 if isinstance(intent, dict) else 0)
    assert where(match) == before


@pytest.mark.parametrize(("view", "intent", "words"), [
    (View("teacher", timeline="off"), {"type": "goto", "to": 0}, "timeline='off'"),
    (View("teacher", timeline="off"), {"type": "undo"}, "timeline='off'"),
    (View("teacher", timeline="review"), {"type": "fork"}, "timeline='review'"),
    (View("teacher", timeline="review"), {"type": "branch", "index": 1}, "timeline='review'"),
])
def test_the_timeline_modes_refuse_what_they_do_not_allow(view: View, intent: dict[str, Any], words: str) -> None:
    _, match = played(3)
    before = where(match)
    with pytest.raises(IntentError, match=words.replace("(", r"\(")):
        reduce(view, intent, match=match)
    assert where(match) == before


def test_an_illegal_play_cites_its_rule_and_past_steps_and_the_end_are_refused() -> None:
    view, match = over()
    with pytest.raises(Exception, match=r"the game is over \(R7\)"):
        reduce(replace(view, perspective="teacher"), {"type": "play", "action": "pass"}, match=match)
    view, match = played(3)
    reduce(view, {"type": "goto", "to": 1}, match=match)
    with pytest.raises(Exception, match=r"this is a past step.*\(R8\)"):
        reduce(view, {"type": "play", "action": "pass"}, match=match)
    hot, match = played(1, view=View("hotseat", auto_pass=False))
    with pytest.raises(Exception, match=r"pass the device to .* first.*\(R6\)"):
        reduce(hot, {"type": "play", "action": "pass"}, match=match)
    reduce(View("teacher"), {"type": "goto", "to": 0}, match=match)
    with pytest.raises(Exception, match=r"timeline='review': play only at the end of the line.*\(R8\)"):
        decide(View("teacher", timeline="review"), match, str(match.state.legal_actions().sample(random.Random(1))))


def test_a_stopped_watch_refuses_to_play_on() -> None:
    view, match = over()
    stuck = watched(view, match)
    assert stuck.watch is not None and not stuck.watch["can_step"]
    with pytest.raises(IntentError, match="cannot play on: The game is over"):
        reduce(stuck, {"type": "watch_play"}, match=match)
    with pytest.raises(IntentError, match="speed must be one of"):
        reduce(stuck, {"type": "watch_speed", "speed": "warp"}, match=match)


# -- a bot's turn, as the view sees it -----------------------------------------------------------------------
def test_a_bots_move_is_judged_by_the_match_and_an_illegal_one_changes_nothing() -> None:
    view, match = played(2, view=View(0, bot=1, auto_pass=False))
    before = where(match)
    illegal = next(a for a in Match(seed=9).state.legal_actions() if a not in match.state.legal_actions())
    with pytest.raises(Exception, match=r"is not a legal decision now: .*\(R[0-9.]+\)$"):
        bot_moved(view, match, illegal, None)
    assert where(match) == before


def test_a_stopped_bots_error_is_told_to_its_seat_only() -> None:
    error = KeyError("03a 05b")
    failed = failure(FailureKind.RAISED, exc=error)
    view = bot_stopped(View(0, bot=1), 1, failed, "RandomBot", watch=False)
    assert view.bot is None and view.stopped is not None and view.stopped["reason"] == "KeyError: '03a 05b'"
    assert view.stopped["public"] == "it raised an exception (KeyError)"
    assert "03a" not in view.message["text"] and "03a" in view.message["detail"] and view.message["seat"] == 1
    assert "widget.opponent" in view.message["text"]
    assert "widget.players" in bot_stopped(View("spectator"), 1, failed, "RandomBot", watch=True).message["text"]


def test_the_projection_of_a_refused_intent_holds_no_hidden_fact() -> None:
    """A refusal says why from what the player may know: a player's projection after a play naming the
    opponent's card holds nothing hidden from that player (the search of ``tests/hidden_facts.py``)."""
    view, match = played(1, view=View(1, auto_pass=False), to_move=1)
    done = answer_intent(view, {"type": "play", "action": "call " + match.state.hands[0][0]}, match=match)
    assert done.refused is not None
    _, shown = project(done.view, match=match)
    assert leaked(hidden_ids(match.state, 1), json.dumps(shown)) == []
    assert done.view.message["text"] == str(done.refused) and str(done.refused).endswith(")")  # its rule id
