"""``timeline="full" | "review" | "off"``, a new game, and the seed shown only when it was chosen."""

from __future__ import annotations

import json
import random

import pytest
from widget_helpers import message, send

from naga_widget import Match, NagaWidget, RandomBot

MOVES = [{"type": "goto", "to": 1}, {"type": "undo"}, {"type": "redo"}, {"type": "start"}, {"type": "end"},
         {"type": "branch", "index": 0}, {"type": "fork"}]


def played(timeline: str, steps: int = 6, seed: int = 3) -> NagaWidget:
    w = NagaWidget(seed=seed, perspective="teacher", timeline=timeline)
    rng = random.Random(seed)
    for _ in range(steps):
        w.play(w.state.legal_actions().sample(rng))
    return w


def test_an_unknown_timeline_mode_is_refused() -> None:
    with pytest.raises(ValueError, match="timeline"):
        NagaWidget(seed=1, timeline="some")


@pytest.mark.parametrize("intent", MOVES, ids=lambda i: i["type"])
def test_with_the_timeline_off_no_past_state_is_reachable(intent: dict[str, object]) -> None:
    w = played("off")
    last = w.step
    send(w, **intent)
    assert w.step == last == w.match.last_step and "timeline='off'" in message(w)
    assert w.timeline["branches"] == [] and w.timeline["last"] == w.timeline["step"] == last
    assert w.timeline["mode"] == "off"


def test_with_the_timeline_off_a_past_step_is_not_played_from_code() -> None:
    w = played("off")
    w.match.goto(2)  # another view of the match (the teacher's) may move the cursor
    with pytest.raises(ValueError, match="past step"):
        w.play(w.state.legal_actions().sample(random.Random(1)))
    assert len(w.match.branches()) == 1


def test_a_widget_with_the_timeline_off_opens_at_the_end() -> None:
    match = Match(seed=2)
    rng = random.Random(2)
    for _ in range(5):
        match.play(match.legal_actions().sample(rng))
    match.goto(1)
    w = NagaWidget(match, perspective="teacher", timeline="off")
    assert w.step == 5 and w.timeline["can_play"]


def test_review_goes_back_and_forth_but_never_forks() -> None:
    w = played("review")
    last = w.step
    send(w, type="goto", to=2)
    assert w.step == 2 and w.status["message"] is None
    send(w, type="fork")
    assert "review" in message(w) and not w.timeline["fork_armed"]
    send(w, type="play", action=str(w.state.legal_actions().sample(random.Random(5))))
    assert "past step" in message(w) and len(w.match.branches()) == 1
    send(w, type="undo")
    send(w, type="end")
    assert w.step == last and w.timeline["mode"] == "review"
    send(w, type="play", action=str(w.state.legal_actions().sample(random.Random(5))))
    assert w.step == last + 1 and w.status["message"] is None


def test_review_stays_on_its_line() -> None:
    match = Match(seed=4)
    rng = random.Random(4)
    for _ in range(4):
        match.play(match.legal_actions().sample(rng))
    match.goto(1)
    match.play(next(a for a in match.legal_actions() if a != match.actions[1]), fork=True)
    w = NagaWidget(match, perspective="teacher", timeline="review")
    assert w.match.branch == 1
    send(w, type="branch", index=0)
    assert "review" in message(w) and w.match.branch == 1


def test_full_is_the_default() -> None:
    w = played("full")
    send(w, type="goto", to=2)
    send(w, type="fork")
    assert w.timeline["fork_armed"] and w.timeline["mode"] == "full"


# -- a seed that was chosen is said to be reproducible; another is never sent -------------------------
def test_a_seeded_game_says_so() -> None:
    w = NagaWidget(seed=42)
    assert w.status["seed"] == 42
    # also a seeded match handed in, and one read back from a save
    assert NagaWidget(Match(seed=43)).status["seed"] == 43
    assert NagaWidget(Match.loads(Match(seed=44).dumps())).status["seed"] == 44


def test_an_unseeded_game_does_not_send_its_seed() -> None:
    w = NagaWidget(Match(), perspective=0)
    assert w.status["seed"] is None
    text = json.dumps({k: getattr(w, k) for k in ("board", "menu", "timeline", "events", "status", "catalog")})
    assert str(w.match.seed) not in text


def test_a_new_game_from_code_and_from_the_game_over_screen() -> None:
    w = NagaWidget(seed=7, perspective=0, opponent=RandomBot(1))
    old = w.match
    send(w, type="new_game")
    assert "once this one is over" in message(w) and w.match is old
    rng = random.Random(3)
    while not w.state.is_over:
        send(w, type="play", action=str(w.state.legal_actions().sample(rng)))
    send(w, type="new_game")
    assert w.match is not old and w.status["seed"] is None and w.status["message"] is None
    assert w.step in (0, *range(1, 6)) and not w.state.is_over and w.status["bot"] == 1
    old.goto(0)  # the old match no longer drives this view
    assert w.match.step == w.step
    w.new_game(seed=11)
    assert w.status["seed"] == 11 and w.match.seed == 11 and w.match.ruleset == old.ruleset
