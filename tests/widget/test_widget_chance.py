"""Chance the teacher chooses in the view: ``force`` and ``unforce`` intents, sent as the browser sends
them (stamped with the position shown), the outcome used by the next step that needs it and marked in
the record, the "what if" fork from a past step, and no trace of it in any other view (R6)."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from widget_helpers import message, send

from naga_widget import Match, NagaWidget
from naga_widget.widget import SYNCED

OTHERS: tuple[int | str, ...] = (0, 1, "spectator", "hotseat")


def teacher(seed: int = 3, **kwargs: Any) -> NagaWidget:
    return NagaWidget(Match(seed=seed), perspective="teacher", **kwargs)


def play_until(w: NagaWidget, phase: str, rng: random.Random) -> None:
    """Play random decisions through the view until the step ``phase`` (the game must get there)."""
    while w.state.phase != phase:
        assert not w.state.is_over, f"the game ended before {phase}"
        send(w, type="play", action=str(w.state.legal_actions().sample(rng)))
        assert w.status["message"] is None, message(w)


def snapshot(w: NagaWidget) -> str:
    return json.dumps({name: getattr(w, name) for name in ("board", "menu", "timeline", "events", "chance")},
                      sort_keys=True)


# -- the panel ------------------------------------------------------------------------------------------
def test_the_teacher_sees_what_can_come_next() -> None:
    w = teacher()
    state = w.state
    options = w.chance["options"]
    assert options["room"] == list(state.rooms) and state.offered[0] not in options["room"]
    assert options["card"] == sorted(state.deck) and not set(options["card"]) & set(state.hands[0] + state.hands[1])
    assert options["throw"] == {"brown": ["1", "2", "N"], "violet": ["0", "1", "3", "4"], "teal": ["1", "2", "N"]}
    assert w.chance["pending"] == {}


def test_a_chosen_room_is_queued_and_replaces_the_one_chosen_before() -> None:
    w = teacher()
    first, second = w.state.rooms[3], w.state.rooms[5]
    send(w, type="force", kind="room", values=[first])
    assert w.status["message"] is None and w.match.forced_pending == {"room": [first]}
    assert w.chance["pending"] == {"room": [first]}
    send(w, type="force", kind="throw", values=["N", "2"])
    send(w, type="force", kind="room", values=[second])
    assert w.match.forced_pending == {"room": [second], "throw": ["N", "2"]}
    send(w, type="force", kind="room", values=[])  # the seed decides the room again
    assert w.match.forced_pending == {"throw": ["N", "2"]}
    send(w, type="unforce")
    assert w.match.forced_pending == {} and w.chance["pending"] == {}


# -- refused --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("perspective", OTHERS)
@pytest.mark.parametrize("intent", [{"type": "force", "kind": "throw", "values": ["N"]}, {"type": "unforce"}])
def test_only_the_teacher_chooses_chance(perspective: int | str, intent: dict[str, Any]) -> None:
    match = Match(seed=3)
    match.force(room=[match.state.rooms[0]])
    w = NagaWidget(match, perspective=perspective)
    before = snapshot(w)
    send(w, **intent)
    assert w.status["message"]["level"] == "error" and "only the teacher's view" in message(w)
    assert match.forced_pending == {"room": [match.state.rooms[0]]} and snapshot(w) == before


def in_a_hand(state: Any) -> str:
    return str(state.hands[0][0])


@pytest.mark.parametrize("kind, values, named", [
    ("room", ["R99"], "'R99' is not in the pile of rooms"),
    ("room", "offered", "is not in the pile of rooms"),  # the room offered now is no longer in the pile
    ("room", "twice", "chosen twice"),
    ("card", "hand", "is not in the deck"),
    ("card", ["12z"], "'12z' is not in the deck"),
    ("throw", ["7"], "no stick has a face '7' (R1.3)"),
    ("throw", ["N"] * 41, "at most 40"),
    ("throw", "N", "a list of texts"),
    ("throw", [2], "a list of texts"),
    ("amulet", ["A01"], "the view chooses only room, card, throw outcomes, not 'amulet'"),
    ("dice", ["6"], "not 'dice'"),
])
def test_an_impossible_choice_is_refused_and_changes_nothing(kind: str, values: Any, named: str) -> None:
    w = teacher()
    state = w.state
    values = {"offered": [state.offered[0]], "twice": [state.rooms[0]] * 2, "hand": [in_a_hand(state)]}.get(
        values, values) if isinstance(values, str) else values
    send(w, type="force", kind="throw", values=["1"])
    before, pending = snapshot(w), w.match.forced_pending
    send(w, type="force", kind=kind, values=values)
    assert w.status["message"]["level"] == "error" and named in message(w)
    assert w.match.forced_pending == pending and snapshot(w) == before


def test_a_choice_made_at_another_step_is_refused() -> None:
    w = teacher()
    made = {"type": "force", "kind": "throw", "values": ["N"], "step": 0, "branch": 0}
    play_until(w, "confront", random.Random(2))
    send(w, **made)  # the stamp of step 0: the game has moved since
    assert "ignored" in message(w) and w.match.forced_pending == {}


def test_no_choice_at_the_end_of_the_game() -> None:
    w = teacher(seed=7)
    rng = random.Random(1)
    while not w.state.is_over:
        w.match.play(w.state.legal_actions().sample(rng))
    send(w, type="force", kind="throw", values=["N"])
    assert "game is over at this step" in message(w) and w.match.forced_pending == {}


# -- used by the next step that needs it, and recorded ------------------------------------------------
def test_the_chosen_room_is_the_next_one_offered_and_the_step_is_marked_forced() -> None:
    w = teacher()
    rng = random.Random(1)
    play_until(w, "give", rng)
    by_seed = Match.loads(w.match.dumps())  # the same game, where the seed decides
    by_seed.play(by_seed.legal_actions().sample(random.Random(0)))
    chosen = next(r for r in w.state.rooms if r != by_seed.state.offered[0])
    send(w, type="force", kind="room", values=[chosen])
    send(w, type="play", action=str(w.state.legal_actions().sample(random.Random(0))))
    assert w.status["message"] is None
    assert w.state.offered[0] == chosen and w.board["offered"]["room"] == chosen  # R4.4.3
    assert w.match.forced_pending == {} and w.chance["pending"] == {}
    saved = w.match.to_json()
    assert [i for i, s in enumerate(saved["steps"], 1) if s.get("forced")] == [w.step]
    assert Match.loads(w.match.dumps()).state == w.state  # the record replays the chosen room


def test_chosen_throws_are_the_faces_thrown() -> None:
    w = teacher()
    play_until(w, "call", random.Random(1))
    send(w, type="play", action=str(w.state.legal_actions().sample(random.Random(0))))  # the guide calls
    send(w, type="force", kind="throw", values=["1"] * 40)
    send(w, type="play", action=str(w.state.legal_actions().sample(random.Random(0))))  # both calls thrown
    thrown = [v for k, v in w.match.node.outcomes if k == "throw"]
    assert thrown and set(thrown) == {"1"} and w.match.node.forced
    assert w.chance["pending"] == {"throw": ["1"] * (40 - len(thrown))}


def test_what_if_a_past_step_had_offered_another_room_is_two_clicks() -> None:
    w = teacher()
    rng = random.Random(1)
    play_until(w, "give", rng)
    give = str(w.state.legal_actions().sample(rng))
    send(w, type="play", action=give)
    offered, fork_step = w.state.offered[0], w.step - 1
    for _ in range(3):
        send(w, type="play", action=str(w.state.legal_actions().sample(rng)))
    w.match.goto(fork_step)
    chosen = next(r for r in w.state.rooms if r != offered)
    send(w, type="force", kind="room", values=[chosen])  # click 1: the room, which arms the fork here
    assert w.timeline["fork_armed"] and w.timeline["can_play"]
    send(w, type="play", action=give)  # click 2: the same decision, on a new branch
    assert w.status["message"] is None and w.step == fork_step + 1
    assert w.state.offered[0] == chosen and len(w.match.branches()) == 2 and w.match.node.forced
    old = w.match.node_of(w.match.branches()[0].tip).path()[fork_step + 1]
    assert old.state.offered[0] == offered and not old.forced  # the line played before is kept


def test_choosing_at_a_past_step_of_a_review_only_game_arms_no_fork() -> None:
    w = teacher(timeline="review")
    play_until(w, "confront", random.Random(1))
    w.match.goto(0)
    send(w, type="force", kind="throw", values=["N"])
    assert w.status["message"] is None and not w.timeline["fork_armed"]
    assert w.match.forced_pending == {"throw": ["N"]}


# -- no other view holds it (R6) ----------------------------------------------------------------------
def secret_ids(match: Match) -> list[str]:
    """A room of the pile and a card of the deck: nobody but the teacher may read them anywhere."""
    return [match.state.rooms[0], match.state.deck[0]]


@pytest.mark.parametrize("perspective", OTHERS)
def test_no_other_view_holds_the_chance_panel(perspective: int | str) -> None:
    match = Match(seed=5)
    rng = random.Random(3)
    views = {"teacher": NagaWidget(match, perspective="teacher"),
             perspective: NagaWidget(match, perspective=perspective)}
    for _ in range(12):
        room, card = secret_ids(match)
        match.clear_forced()
        match.force(room=[room], card=[card], throw=["N"])
        match.goto(match.last_step)  # every view redraws, the queue in place
        for who, w in views.items():
            text = json.dumps({name: getattr(w, name) for name in SYNCED})
            found = [x for x in (room, card) if re.search(rf"\b{x}\b", text)]
            if who == "teacher":
                assert w.chance["pending"]["room"] == [room] and found == [room, card]
            else:
                assert w.chance == {} and found == [] and '"pending"' not in text and '"options"' not in text
        match.clear_forced()
        match.play(match.legal_actions().sample(rng))
    for w in views.values():
        w.close()
