"""Scrubbing: the view's gotos travel as custom messages, two may be in flight, and each answer is the
projection of a real step for the widget's viewer (R6). Messages go through ipywidgets' ``_handle_msg``,
the path of a message from the view."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from widget_helpers import SYNCED, message, send, stamped

from naga_widget import Match, NagaWidget, RandomBot, play_match
from naga_widget.widget.projection import traits


def by_message(w: NagaWidget, intent: Any) -> None:
    """Deliver ``intent`` as the view's ``model.send(intent)`` does (a comm message, method "custom")."""
    w._handle_msg({"content": {"data": {"method": "custom", "content": intent}}, "buffers": []})


def played(seed: int = 3) -> Match:
    match = Match(seed=seed)
    play_match(match, [RandomBot(seed), RandomBot(seed + 1)])
    return match


def shown(w: NagaWidget) -> dict[str, Any]:
    return {name: getattr(w, name) for name in SYNCED}


def fresh_projection(match: Match, step: int, w: NagaWidget) -> dict[str, Any]:
    """What a widget of ``w``'s view shows at ``step``, computed from a copy of the match moved there by code."""
    copy = Match.from_json(match.to_json())
    copy.goto(step)
    projected = traits(copy, w._view)
    return {name: json.loads(json.dumps(projected[name])) for name in SYNCED}


def test_a_goto_by_message_moves_the_cursor_and_is_acknowledged() -> None:
    w = NagaWidget(played(), perspective="teacher")
    intent = stamped(w, type="goto", to=5)
    by_message(w, intent)
    assert w.step == 5 and w.status["ack"] == intent["id"] and w.status["message"] is None


def test_two_gotos_in_flight_both_act_and_end_on_the_latest() -> None:
    """The second goto is stamped with the step shown before the first one's answer: it still acts."""
    w = NagaWidget(played(), perspective="teacher")
    w.goto(10)
    first, second = stamped(w, type="goto", to=11), stamped(w, type="goto", to=12)  # both made at step 10
    by_message(w, first)
    assert w.step == 11
    by_message(w, second)
    assert w.step == 12 and w.status["ack"] == second["id"] and w.status["message"] is None


def test_a_goto_from_another_branch_is_still_refused() -> None:
    w = NagaWidget(played(), perspective="teacher")
    send(w, type="goto", to=2)
    send(w, type="fork")
    send(w, type="play", action=str(next(a for a in w.state.legal_actions() if a != w.match.actions[2])))
    assert w.match.branch == 1
    by_message(w, stamped(w, type="goto", to=1, branch=0))
    assert "branch 0" in message(w) and w.match.branch == 1 and w.step == 3


def test_only_a_goto_is_free_of_its_step_stamp() -> None:
    """A play sent as a message at a step the match has left is refused as a stale click."""
    w = NagaWidget(Match(seed=3), perspective="teacher")
    click = stamped(w, type="play", action=f"call {w.menu['choices'][0]['key']}")
    by_message(w, click)
    assert w.step == 1
    by_message(w, {**click, "id": click["id"] + 1})
    assert w.match.last_step == 1 and "ignored" in message(w)


@pytest.mark.parametrize("intent, named", [("goto 3", "must be an object"), ({"type": "goto", "to": "3"}, "integer"),
                                           ({"id": 9, "type": "goto", "to": 3, "step": "3"}, "integer"),
                                           ({"id": 9, "type": "goto", "to": 999}, "not on this line")])
def test_a_bad_message_changes_nothing_and_says_why(intent: Any, named: str) -> None:
    w = NagaWidget(played(), perspective="teacher")
    w.goto(4)
    before = json.dumps(shown(w)["board"])
    by_message(w, intent)
    assert named in message(w) and w.step == 4 and json.dumps(w.board) == before


@pytest.mark.parametrize("perspective", [0, 1, "spectator", "hotseat", "teacher"])
def test_each_answer_is_the_projection_of_that_step_for_this_view(perspective: int | str) -> None:
    """A scrub with two gotos in flight all along: after every answer the synced traits are exactly
    what a fresh projection of that step for this view is, so nothing the viewer may not see is sent."""
    match = played(seed=5)
    w = NagaWidget(match, perspective=perspective)
    rng = random.Random(5)
    targets = [rng.randrange(match.last_step + 1) for _ in range(30)]
    behind = stamped(w, type="goto", to=targets[0])
    for to in targets[1:]:
        ahead = stamped(w, type="goto", to=to)  # made before the answer to `behind`
        by_message(w, behind)
        assert w.step == behind["to"] and w.status["ack"] == behind["id"]
        expected = fresh_projection(match, behind["to"], w)
        assert json.loads(json.dumps(shown(w))) == expected, (perspective, behind["to"])
        behind = ahead
    by_message(w, behind)
    assert w.step == targets[-1]
