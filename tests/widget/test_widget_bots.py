"""A bot opponent that fails: stopped with a visible message, the match as it was, the seat taken over
or given to another bot; a bot's lying move never enters the history."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import pytest
from widget_helpers import message, send

from naga_widget import Match, NagaWidget, RandomBot
from naga_widget.bots import ClairvoyantBot, GreedyBot
from naga_widget.rules import TEMPLE_NAMES, Call


class Failing:
    """A bot that plays well ``moves`` times, then raises ``error``."""

    def __init__(self, error: BaseException, moves: int = 0) -> None:
        self.error, self.moves, self.inner = error, moves, RandomBot(1)

    def act(self, observation: Any, legal: Any) -> Any:
        if self.moves <= 0:
            raise self.error
        self.moves -= 1
        return self.inner.act(observation, legal)


class Recursing:
    def act(self, observation: Any, legal: Any) -> Any:
        return self.act(observation, legal)


class Returning:
    """A bot that returns ``value`` (whatever it is)."""

    def __init__(self, value: Any) -> None:
        self.value = value

    def act(self, observation: Any, legal: Any) -> Any:
        return self.value


@dataclass(frozen=True, slots=True)
class LyingCall(Call):
    """A call whose text names other cards than the ones it calls."""

    shown: str = "call 01a"

    def __str__(self) -> str:
        return self.shown

    def to_json(self) -> dict[str, Any]:
        return {"type": "call", "cards": self.shown.split()[1:]}


class Liar:
    def act(self, observation: Any, legal: Any) -> Any:
        real = next(a for a in legal if a.kind == "call")
        return LyingCall(real.cards, shown="call 99z")


def bot_first(seed: int = 5) -> tuple[int, int]:
    """A seed and the seat that moves first at its start (the bot's seat, for a bot-first test)."""
    return seed, Match(seed=seed).state.to_move


ERRORS = [KeyError("hand"), AttributeError("no attribute 'cards'"), ZeroDivisionError("division by zero"),
          ValueError("bad"), TypeError("bad type"), RuntimeError("boom"), IndexError("range"), AssertionError("x")]


@pytest.mark.parametrize("error", ERRORS, ids=lambda e: type(e).__name__)
def test_a_bot_failing_at_its_first_move_in_the_constructor_is_stopped(error: BaseException) -> None:
    seed, seat = bot_first()
    w = NagaWidget(seed=seed, perspective=1 - seat, opponent=Failing(error))  # does not raise
    assert w.step == 0 and w.opponent is None
    # the opponent is told that it failed and how, in words that hold no hidden fact (not the error's text)
    assert w.status["bot_stopped"] == {"seat": seat, "name": TEMPLE_NAMES[seat],
                                       "reason": f"it raised an exception ({type(error).__name__})"}
    assert w.status["message"]["level"] == "error" and "stopped" in message(w) and type(error).__name__ in message(w)
    assert f"{type(error).__name__}: {error}" not in message(w)
    # the bot's own seat is told the error itself
    own = NagaWidget(seed=seed, perspective=seat)
    own.set_opponent(Failing(error), seat=seat)
    assert own.step == 0 and own.opponent is None
    assert own.status["bot_stopped"] == {"seat": seat, "name": TEMPLE_NAMES[seat],
                                         "reason": f"{type(error).__name__}: {error}"}
    assert "stopped" in message(own) and f"{type(error).__name__}: {error}" in message(own)


def test_a_recursing_bot_is_stopped() -> None:
    seed, seat = bot_first()
    w = NagaWidget(seed=seed, perspective="teacher")
    w.set_opponent(Recursing(), seat=seat)
    assert w.status["bot_stopped"]["reason"].startswith("RecursionError") and w.step == 0
    other = NagaWidget(seed=seed, perspective=1 - seat, opponent=Recursing())
    assert other.status["bot_stopped"]["reason"] == "it raised an exception (RecursionError)" and other.step == 0


@pytest.mark.parametrize("error", ERRORS[:4], ids=lambda e: type(e).__name__)
def test_a_bot_failing_later_leaves_the_match_as_it_was(error: BaseException) -> None:
    seed, seat = bot_first(7)
    w = NagaWidget(seed=seed, perspective=1 - seat, opponent=Failing(error, moves=3))
    rng = random.Random(0)
    for _ in range(40):
        if w.status["bot_stopped"] or w.state.is_over:
            break
        send(w, type="play", action=str(w.state.legal_actions().sample(rng)))
    assert w.status["bot_stopped"]["seat"] == seat and w.state.to_move == seat
    actions = list(w.match.actions)
    assert len([n for n in w.match.line()[1:] if n.parent and n.parent.state.to_move == seat]) == 3
    assert w.match.actions == actions and w.timeline["at_end"]


@pytest.mark.parametrize("value", [None, 42, "dance", "pass", {"type": "fly"}, object()])
def test_a_bot_returning_a_wrong_move_is_stopped(value: Any) -> None:
    seed, seat = bot_first()
    w = NagaWidget(seed=seed, perspective=1 - seat, opponent=Returning(value))
    assert w.step == 0 and w.status["bot_stopped"]["seat"] == seat and "stopped" in message(w)


def test_a_lying_call_is_recorded_as_the_engines_own_action() -> None:
    """The text of a bot's call cannot differ from the cards it calls: the history holds a plain Call (R4.1)."""
    seed, seat = bot_first()
    w = NagaWidget(seed=seed, perspective=1 - seat, opponent=Liar())
    recorded = w.match.actions[0]
    assert type(recorded) is Call and "99z" not in str(recorded)
    assert str(recorded) == "call " + " ".join(recorded.cards)
    assert "99z" not in Match.loads(w.match.dumps()).actions[0].cards  # the save replays the real call
    assert "99z" not in str(w.timeline) and "99z" not in str(w.event_log)


def test_a_lying_call_from_code_is_recorded_as_the_engines_own_action() -> None:
    w = NagaWidget(seed=3, perspective="teacher")
    real = next(a for a in w.state.legal_actions() if a.kind == "call")
    w.play(LyingCall(real.cards, shown="call 99z"))
    assert type(w.match.actions[0]) is Call and str(w.match.actions[0]) == str(real)


def test_the_seat_of_a_stopped_bot_can_be_taken_over_in_a_players_view() -> None:
    """Taking over makes the player's view a hot seat: the other seat plays behind a screen (R6)."""
    seed, seat = bot_first()
    w = NagaWidget(seed=seed, perspective=1 - seat, opponent=Failing(KeyError("x")))
    send(w, type="play", action="pass")  # not the view's decision yet: refused
    assert "decision" in message(w) and w.step == 0
    send(w, type="take_over")
    assert w.status["bot_stopped"] is None and w.status["perspective"] == "hotseat"
    assert w.status["screen"] == {"kind": "pass_device", "player": seat, "name": TEMPLE_NAMES[seat]}
    send(w, type="reveal")
    send(w, type="play", action=str(w.state.legal_actions().sample(random.Random(1))))
    assert w.step == 1 and w.status["message"] is None


def test_a_teacher_decides_for_the_seat_of_a_stopped_bot() -> None:
    seed, seat = bot_first()
    w = NagaWidget(seed=seed, perspective="teacher", opponent=Failing(KeyError("x")))
    if w.status["bot_stopped"] is None:  # the teacher moves first at this seed: play until the bot's turn
        while w.state.to_move != 1:
            w.play(w.state.legal_actions().sample(random.Random(2)))
    assert w.status["bot_stopped"]["seat"] == 1 and w.status["bot"] is None
    assert w.menu["player"] == 1  # the teacher decides for every seat no bot plays
    send(w, type="take_over")
    assert w.status["bot_stopped"] is None and w.menu["player"] == 1 and w.status["perspective"] == "teacher"


def test_take_over_needs_a_stopped_bot() -> None:
    w = NagaWidget(seed=3, perspective=0, opponent=RandomBot(1))
    send(w, type="take_over")
    assert "no stopped bot" in message(w)


@pytest.mark.parametrize("attach", ["property", "method"])
def test_another_bot_can_take_the_stopped_seat(attach: str) -> None:
    seed, seat = bot_first()
    w = NagaWidget(seed=seed, perspective=1 - seat, opponent=Failing(KeyError("x")))
    if attach == "property":
        w.opponent = GreedyBot()
    else:
        w.set_opponent(RandomBot(4))
    assert w.status["bot_stopped"] is None and w.status["bot"] == seat and w.step >= 1
    assert w.state.to_move != seat or w.state.is_over  # the new bot has played its turns


def test_another_bot_after_a_take_over_gives_back_the_players_view() -> None:
    seed, seat = bot_first()
    w = NagaWidget(seed=seed, perspective=1 - seat, opponent=Failing(KeyError("x")))
    send(w, type="take_over")
    w.opponent = RandomBot(2)
    assert w.status["perspective"] == 1 - seat and w.status["screen"] is None and w.step >= 1


def test_a_bot_without_act_is_refused() -> None:
    w = NagaWidget(seed=3, perspective=0)
    with pytest.raises(TypeError, match="act"):
        w.opponent = object()  # type: ignore[assignment]
    with pytest.raises(ValueError, match="seat"):
        w.set_opponent(RandomBot(1), seat=2)


def test_a_widget_never_takes_it_as_an_opponent_or_a_player() -> None:
    with pytest.raises(ValueError, match="arena only"):
        NagaWidget(seed=3, perspective=0, opponent=ClairvoyantBot(iterations=5))
    w = NagaWidget(seed=3, perspective=0)
    with pytest.raises(ValueError, match="arena only"):
        w.opponent = ClairvoyantBot(iterations=5)
    assert w.opponent is None
    with pytest.raises(ValueError, match="arena only"):
        NagaWidget(players=[RandomBot(1), ClairvoyantBot(iterations=5)])
