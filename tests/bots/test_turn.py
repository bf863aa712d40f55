"""A bot's turn has one owner (bots/turn.py): every kind of failure is worded there, contained there,
and read back there from a bot's process; what others read of a failure never quotes the bot."""

from __future__ import annotations

import re
import string
from pathlib import Path
from typing import Any

import pytest

from naga_widget import Match
from naga_widget.bots import Answer, Decision, Explanation, Failure, FailureKind, RandomBot, ask
from naga_widget.bots.turn import REPORTED, WORDING, failure, make, python_exception, refused
from naga_widget.rules import IllegalActionError

SRC = Path(__file__).resolve().parents[2] / "src" / "naga_widget"


def position() -> tuple[Any, Any, list[str]]:
    state = Match(seed=3).state
    p = state.to_move
    return state.observe(p), state.legal_actions(), list(state.hands[p])


class Raising:
    def __init__(self, error: BaseException) -> None:
        self.error = error

    def act(self, observation: Any, legal: Any) -> Any:
        raise self.error


class Returning:
    def __init__(self, value: Any) -> None:
        self.value = value

    def act(self, observation: Any, legal: Any) -> Any:
        return self.value


class HandClass(Exception):
    """A bot's own exception class: its name could hold the bot's cards."""


class BadRepr:
    def __repr__(self) -> str:
        raise RuntimeError("no repr for you")


class BadText(Exception):
    def __str__(self) -> str:
        raise RuntimeError("no text either")


def test_every_kind_is_worded_once_and_every_summary_can_be_made() -> None:
    assert set(WORDING) == set(FailureKind)
    for kind in FailureKind:
        words, phrase = WORDING[kind]
        assert words and phrase and words == kind.words
        fields = {name for _, name, _, _ in string.Formatter().parse(phrase) if name}
        assert fields <= {"exception", "raised", "seconds"}, (kind, fields)
        made = Failure(kind, "secret 01a", exception="KeyError", rule="R4.1", seconds=2.0, action="call 01a")
        for text in (made.public, made.summary(), made.summary(step=4)):
            assert "{" not in text and "01a" not in text and "secret" not in text
        assert made.summary(step=4).count("at step 4") == 1


def test_no_other_module_words_a_kind_of_failure() -> None:
    """The arena, the league and the widget take the words from bots/turn.py: none writes a kind's
    words (a new kind of failure touches one file)."""
    phrases = {text for pair in WORDING.values() for text in pair if "{" not in text and len(text) > 15}
    found = []
    for path in SRC.rglob("*.py"):
        if path == SRC / "bots" / "turn.py":
            continue
        source = path.read_text(encoding="utf-8")
        found += [(path.relative_to(SRC).as_posix(), p) for p in phrases if f'"{p}' in source or f"'{p}" in source]
    assert found == []


def test_the_arenas_table_is_the_kinds_words() -> None:
    from naga_widget.arena import FAILURES

    assert FAILURES == {kind.value: kind.words for kind in FailureKind}


@pytest.mark.parametrize("error, kind, exception", [
    (KeyError("x"), FailureKind.RAISED, "KeyError"),
    (RecursionError("deep"), FailureKind.RAISED, "RecursionError"),
    (HandClass("x"), FailureKind.RAISED, None),
    (MemoryError(), FailureKind.MEMORY, "MemoryError"),
    (BadText(), FailureKind.RAISED, None),
])
def test_a_raising_bot_is_a_failure_that_names_only_pythons_own_class(error: BaseException, kind: FailureKind,
                                                                      exception: str | None) -> None:
    observation, legal, hand = position()
    got = ask(Raising(error), observation, legal)
    assert isinstance(got, Failure) and got.kind is kind and got.exception == exception
    assert got.private.startswith(f"raised {type(error).__name__}") and "Traceback" in got.traceback
    if kind is FailureKind.RAISED:
        assert got.public == "it raised an exception" + (f" ({exception})" if exception else "")
        assert got.summary(step=2) == (f"raised {exception} at step 2" if exception else
                                       "raised an exception of its own class at step 2")


def test_the_public_words_never_quote_the_bots_error() -> None:
    observation, legal, hand = position()
    got = ask(Raising(ValueError("my hand is " + " ".join(hand))), observation, legal)
    assert isinstance(got, Failure) and all(card in got.private for card in hand)
    for text in (got.public, got.summary(1), got.kind.words):
        assert not any(card in text for card in hand)


@pytest.mark.parametrize("value", [None, 42, "dance", {"type": "fly"}, BadRepr(), "x" * 10_000])
def test_a_value_that_is_no_action_is_unreadable(value: Any) -> None:
    observation, legal, _ = position()
    got = ask(Returning(value), observation, legal)
    assert isinstance(got, Failure) and got.kind is FailureKind.UNREADABLE
    assert got.public == "its move cannot be read as an action (R8)" and len(got.private) < 1000
    assert got.private.startswith("raised TypeError: act returned")


def test_a_readable_move_is_an_answer_and_a_decision_is_asked_for_only_with_explain() -> None:
    observation, legal, _ = position()
    bot = RandomBot(seed=1)
    got = ask(bot, observation, legal)
    assert isinstance(got, Answer) and got.decision is None and got.action in legal

    class Explaining:
        def act(self, observation: Any, legal: Any) -> Any:
            raise AssertionError("act is not asked when decide is")

        def decide(self, observation: Any, legal: Any) -> Decision:
            return Decision(list(legal)[0], Explanation("the first"))

    explained = ask(Explaining(), observation, legal, explain=True)
    assert isinstance(explained, Answer) and explained.decision is not None
    assert explained.decision.explanation.summary == "the first"
    assert isinstance(ask(Explaining(), observation, legal), Failure)  # without explain: act


def test_a_decide_that_returns_no_decision_is_a_failure() -> None:
    observation, legal, _ = position()

    class Wrong:
        def act(self, observation: Any, legal: Any) -> Any:
            return list(legal)[0]

        def decide(self, observation: Any, legal: Any) -> Any:
            return "pass"

    got = ask(Wrong(), observation, legal, explain=True)
    assert isinstance(got, Failure) and got.kind is FailureKind.DECISION
    assert got.public == "its decide did not return a Decision"


def test_the_bot_gets_the_legal_actions_detached() -> None:
    observation, legal, _ = position()
    seen = []

    class Looking:
        def act(self, observation: Any, legal: Any) -> Any:
            seen.append(getattr(legal, "_s", None))
            return list(legal)[0]

    assert isinstance(ask(Looking(), observation, legal), Answer) and seen == [None]


def test_what_is_contained_is_chosen_by_the_caller() -> None:
    observation, legal, _ = position()
    with pytest.raises(SystemExit):
        ask(Raising(SystemExit(3)), observation, legal)
    with pytest.raises(KeyboardInterrupt):
        ask(Raising(KeyboardInterrupt()), observation, legal)
    got = ask(Raising(SystemExit(3)), observation, legal, contain=BaseException)  # a bot's own process
    assert isinstance(got, Failure) and got.kind is FailureKind.RAISED and got.exception == "SystemExit"


def test_making_a_bot_and_a_refused_move() -> None:
    made = make(RandomBot, 1)
    assert isinstance(made, RandomBot)
    broken = make(lambda: Raising.__new__(Raising).act(None, None))
    assert isinstance(broken, Failure) and broken.kind is FailureKind.UNMADE
    assert broken.private.startswith("could not be made: AttributeError")
    no = refused("call 01a 05a", IllegalActionError("01a is not in your hand", "R4.1"))
    assert no.kind is FailureKind.ILLEGAL and no.rule == "R4.1"
    assert no.summary(step=4) == "played an action that is not legal at step 4 (R4.1)"
    assert no.account(4) == "played 'call 01a 05a' at step 4, which is not legal: 01a is not in your hand (R4.1)"
    assert "01a" not in no.public and no.public == "its move is not a legal decision now (R8)"


def test_timeouts_and_limits_say_the_limit() -> None:
    timeout = failure(FailureKind.TIMEOUT, "took longer", seconds=2.0)
    assert timeout.summary(3) == "took longer than 2 s over a move at step 3"
    assert (failure(FailureKind.SLOW_IMPORT, "", seconds=8.0).summary()
            == "took longer than 8 s to import its submission (the limit to start)")
    assert (failure(FailureKind.SLOW_BUILD, "").summary()
            == "took longer than its s to build its bot (the limit to start)")
    assert failure(FailureKind.MEMORY, "").summary(2) == "ran out of memory (its memory limit) at step 2"


def test_a_failure_travels_as_json_and_a_bots_process_cannot_say_more_than_it_may() -> None:
    observation, legal, _ = position()
    got = ask(Raising(KeyError("07b")), observation, legal)
    assert isinstance(got, Failure)
    assert Failure.from_json(got.to_json()) == got
    assert Failure.from_json(got.to_json(), reported=True) == got
    # a bot's process reports only what its own code did: not a timeout, nor a rule, nor a limit
    for kind in set(FailureKind) - REPORTED:
        with pytest.raises(ValueError, match="may not report"):
            Failure.from_json({**got.to_json(), "kind": kind.value}, reported=True)
    told = Failure.from_json({"kind": "raised", "error": "x" * 100_000, "exception": "Hand_01a", "rule": "R1",
                              "seconds": 9}, reported=True)
    assert told.exception is None and told.rule is None and told.seconds is None and len(told.error) <= 1500
    assert told.summary() == "raised an exception of its own class"
    for bad in [None, [], {"kind": "flying"}, {"kind": "raised", "error": 3}, {"kind": "raised", "seconds": "1"},
                {"kind": "raised", "rule": "R" * 50}, {"kind": "raised", "seconds": float("nan")}]:
        with pytest.raises(ValueError):
            Failure.from_json(bad)


def test_python_exception_names_only_pythons_own_classes() -> None:
    assert python_exception("KeyError") == "KeyError" and python_exception("MemoryError") == "MemoryError"
    assert python_exception("print") is None and python_exception("Hand_01a") is None
    assert python_exception(3) is None and python_exception("__import__") is None
    assert re.fullmatch(r"[A-Za-z]+", python_exception("OSError") or "")
