"""A bot's turn, and how it can fail: the one place that asks a bot for its move and contains it.

:func:`ask` calls a bot's ``act`` (or ``decide``) and reads what it returned; it gives an
:class:`Answer` (the action, and the :class:`~naga_widget.bots.Decision` if one was asked for)
or a :class:`Failure`, never an exception of the bot's. :func:`make` does the same for building a
bot, :func:`refused` turns the match's refusal of a move into a failure, and :func:`failure` makes
any other (a seat's timeout, a process that ended). Every seat uses them: the arena's seats in
this process and in a child process, the league's sandbox, the widget, a server.

A :class:`Failure` is data: its :class:`FailureKind`, the error for the bot's author (which may
quote the bot's move, and so its hand), its traceback, and the few facts that are safe to show:
the class of the exception when it is one of Python's own (a class the bot made could be named
after its cards), the rule a refused move broke, the limit that was passed. What others may read,
:attr:`Failure.public` and :meth:`Failure.summary`, is made from the kind and those facts only.

:func:`play_match` plays a whole match between bots in this process with them.

:data:`WORDING` holds the words of every kind: a new kind of failure is a member of
:class:`FailureKind` and a line there, in this file alone.

>>> from naga_widget import Match
>>> class Quoter:
...     def act(self, observation, legal):
...         raise KeyError(" ".join(observation["players"][observation["viewer"]]["hand"]))
>>> state = Match(seed=1).state
>>> got = ask(Quoter(), state.observe(state.to_move), state.legal_actions())
>>> got.kind, got.public, got.summary(step=1)
(<FailureKind.RAISED: 'raised'>, 'it raised an exception (KeyError)', 'raised KeyError at step 1')
>>> got.private.startswith("raised KeyError: ")  # the hand, for the bot's author only
True
>>> class First:
...     def act(self, observation, legal):
...         return list(legal)[0]
>>> answer = ask(First(), state.observe(state.to_move), state.legal_actions())
>>> isinstance(answer, Answer), str(answer.action) == str(list(state.legal_actions())[0])
(True, True)
"""

from __future__ import annotations

import builtins
import math
import traceback as _traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Final

from ..match import Match
from ..rules import TEMPLE_NAMES, Action, ActionError, AnyAction, LegalActions, Outcome
from ..rules.errors import quote
from ..rules.observe import Observation
from .base import Bot, Decision

ERROR_CHARS, TRACEBACK_CHARS = 1500, 6000  # the most of a bot's error and traceback a failure keeps


class FailureKind(StrEnum):
    """How a bot failed. The value is what a record stores; :data:`WORDING` says each in words."""

    UNSTARTED = "unstarted"  # its process could not start (the sandbox could not be set up)
    UNIMPORTED = "unimported"  # its code could not be imported
    UNMADE = "unmade"  # building the bot for a game raised
    SLOW_IMPORT = "slow_import"  # its code took longer than the limit to start to import
    SLOW_BUILD = "slow_build"  # building the bot took longer than the limit to start
    RAISED = "raised"  # act or decide raised
    DECISION = "decision"  # decide returned something that is not a Decision
    UNREADABLE = "unreadable"  # its move cannot be read as an action (R8)
    EXPLANATION = "explanation"  # the explanation of its decision cannot be read
    ILLEGAL = "illegal"  # the match refused its move (the rule broken is kept)
    TIMEOUT = "timeout"  # it took longer than the time allowed for a move
    GAME_TIME = "game_time"  # it used up its time for the whole game
    CPU = "cpu"  # its process went over its CPU time limit
    MEMORY = "memory"  # it ran out of memory (MemoryError, or its memory limit)
    CRASHED = "crashed"  # its process ended, or closed its connection
    PROTOCOL = "protocol"  # its process sent something that is not part of the protocol

    @property
    def words(self) -> str:
        """The kind as a clause about the bot, holding no fact of the game ("it raised an exception")."""
        return WORDING[self][0]


# Each kind: (a clause about the bot, for a record that keeps only the kind and for the widget;
# a phrase whose subject is the bot, with the safe facts, for the league's pages). In the phrase,
# {exception} is " (KeyError)" or "", {raised} is "raised KeyError" or "raised an exception of its
# own class", {rule} is " (R4.1)" or "", {seconds} is the limit passed ("2 s", or "its s").
WORDING: Final[dict[FailureKind, tuple[str, str]]] = {
    FailureKind.UNSTARTED: ("its process could not start", "could not start"),
    FailureKind.UNIMPORTED: ("its code could not be imported", "could not be imported{exception}"),
    FailureKind.UNMADE: ("it could not be made", "its bot could not be built"),
    FailureKind.SLOW_IMPORT: ("it took longer than the time allowed to import its code",
                              "took longer than {seconds} to import its submission (the limit to start)"),
    FailureKind.SLOW_BUILD: ("it took longer than the time allowed to build the bot",
                             "took longer than {seconds} to build its bot (the limit to start)"),
    FailureKind.RAISED: ("it raised an exception", "{raised}"),
    FailureKind.DECISION: ("its decide did not return a Decision", "its decide did not return a Decision"),
    FailureKind.UNREADABLE: ("its move cannot be read as an action (R8)",
                             "answered with something that is not an action"),
    FailureKind.EXPLANATION: ("its explanation cannot be read", "gave an explanation that cannot be read"),
    FailureKind.ILLEGAL: ("its move is not a legal decision now (R8)", "played an action that is not legal"),
    FailureKind.TIMEOUT: ("it took longer than the time allowed for a move", "took longer than {seconds} over a move"),
    FailureKind.GAME_TIME: ("it used up its time for the game", "used up its time for the game"),
    FailureKind.CPU: ("it went over its CPU time limit", "went over its CPU time limit"),
    FailureKind.MEMORY: ("it ran out of memory", "ran out of memory (its memory limit)"),
    FailureKind.CRASHED: ("its process ended", "its process ended"),
    FailureKind.PROTOCOL: ("its process sent an answer that is not part of the protocol",
                           "answered with something that is not an action"),
}

# How the error for the bot's author begins, for the kinds whose error is an exception's
_LEAD = {FailureKind.RAISED: "raised ", FailureKind.UNMADE: "could not be made: ",
         FailureKind.UNIMPORTED: "could not be imported: ", FailureKind.UNSTARTED: "could not start: "}
# The kinds a bot's own process may report of itself; any other is found by the one that asked
REPORTED = frozenset({FailureKind.UNSTARTED, FailureKind.UNIMPORTED, FailureKind.UNMADE, FailureKind.RAISED,
                      FailureKind.DECISION, FailureKind.UNREADABLE, FailureKind.MEMORY})


def python_exception(name: object) -> str | None:
    """``name`` if it names one of Python's own exception classes, else None (a bot's own class
    could be named after its cards)."""
    if not isinstance(name, str):
        return None
    value = getattr(builtins, name, None)
    return name if isinstance(value, type) and issubclass(value, BaseException) else None


def describe(exc: BaseException) -> str:
    """``"KeyError: '07b'"``: an exception's class and text (a text that cannot be made is left out)."""
    name = type(exc).__name__
    try:
        text = str(exc)
    except Exception:  # noqa: BLE001 - a bot's exception may fail to say itself
        text = ""
    return f"{name}: {text}" if text else name


@dataclass(frozen=True, slots=True)
class Failure:
    """A bot's failed turn (or start): its kind, what its author may read, and what anyone may.

    ``error`` and ``traceback`` are for the bot's author and the organiser (they may quote its
    hand). ``exception`` (Python's own class only), ``rule`` (the rule a refused move broke),
    ``seconds`` (the limit passed) are safe to show; :attr:`public` and :meth:`summary` use them.
    ``action`` is the refused move's text (private too).
    """

    kind: FailureKind
    error: str
    traceback: str = ""
    exception: str | None = None
    rule: str | None = None
    seconds: float | None = None
    action: str | None = None
    cause: BaseException | None = field(default=None, compare=False, repr=False)  # in this process only

    @property
    def public(self) -> str:
        """The failure in words that hold no hidden fact: ``"it raised an exception (KeyError)"``."""
        words = self.kind.words
        return f"{words} ({self.exception})" if self.kind is FailureKind.RAISED and self.exception else words

    def summary(self, step: int | None = None) -> str:
        """The failure as the league's pages say it, with the step it happened at (safe to show):
        ``"raised KeyError at step 9"``, ``"played an action that is not legal at step 4 (R4.1)"``."""
        seconds = "its s" if self.seconds is None else f"{self.seconds:g} s"
        raised = f"raised {self.exception}" if self.exception else "raised an exception of its own class"
        text = WORDING[self.kind][1].format(exception=f" ({self.exception})" if self.exception else "",
                                            raised=raised, seconds=seconds)
        at = "" if step is None else f" at step {step}"
        return text + at + (f" ({self.rule})" if self.kind is FailureKind.ILLEGAL and self.rule else "")

    @property
    def private(self) -> str:
        """The failure as its author and the organiser read it (may quote the bot's hand)."""
        return self.account()

    def account(self, step: int | None = None) -> str:
        """:attr:`private` with the step it happened at: ``"raised KeyError: '07b' at step 9"``."""
        at = "" if step is None else f" at step {step}"
        if self.kind is FailureKind.ILLEGAL:
            return f"played {self.action!r}{at}, which is not legal: {self.error}"
        return f"{self.error}{at}"

    def to_json(self) -> dict[str, Any]:
        """The failure as plain data (for a record, or a child process's answer)."""
        return {"kind": self.kind.value, "error": self.error, "traceback": self.traceback,
                "exception": self.exception, "rule": self.rule, "seconds": self.seconds, "action": self.action}

    @classmethod
    def from_json(cls, data: object, reported: bool = False) -> Failure:
        """The failure :meth:`to_json` gave, read as untrusted data; ``reported``: told by a bot's own
        process, which may report only the kinds in :data:`REPORTED`. Raises ``ValueError`` for
        anything else. The error is cut to :data:`ERROR_CHARS` and the traceback to its end, and an
        exception that is not Python's own is dropped, whatever the sender said."""
        if not isinstance(data, dict):
            raise ValueError("a failure must be an object")
        kind = FailureKind(str(data.get("kind")))
        if reported and kind not in REPORTED:
            raise ValueError(f"a bot's process may not report a failure of kind {kind.value!r}")
        error, trace, action = data.get("error", ""), data.get("traceback", ""), data.get("action")
        rule, seconds = data.get("rule"), data.get("seconds")
        if not isinstance(error, str) or not isinstance(trace, str) or not isinstance(action, str | None):
            raise ValueError("a failure's error, traceback and action are texts")
        if not (rule is None or isinstance(rule, str) and rule.isascii() and len(rule) <= 12):
            raise ValueError("a failure's rule is a rule id")
        if not (seconds is None or isinstance(seconds, int | float) and not isinstance(seconds, bool)
                and math.isfinite(seconds)):
            raise ValueError("a failure's seconds are a number")
        return cls(kind, error[:ERROR_CHARS], trace[-TRACEBACK_CHARS:], python_exception(data.get("exception")),
                   None if reported else rule, None if reported or seconds is None else float(seconds),
                   None if action is None else action[:ERROR_CHARS])


def failure(kind: FailureKind, error: str = "", exc: BaseException | None = None, *,
            traceback: str | None = None, rule: str | None = None, seconds: float | None = None,
            action: str | None = None) -> Failure:
    """A :class:`Failure` of ``kind``. With ``exc`` (raised by the bot's code, being handled), its
    class and text follow the kind's lead ("raised ", "could not be made: ") unless ``error`` is
    given, the traceback is the one being handled, and the class is kept if it is Python's own; a
    :class:`MemoryError` is a failure of kind ``memory`` whatever else it was."""
    name = None
    if exc is not None:
        name = type(exc).__name__ if getattr(builtins, type(exc).__name__, None) is type(exc) else None
        if not error:
            error = _LEAD.get(kind, "raised ") + describe(exc)
        if traceback is None:
            traceback = _traceback.format_exc()
        kind = FailureKind.MEMORY if isinstance(exc, MemoryError) else kind
    return Failure(kind, error[:ERROR_CHARS], (traceback or "")[-TRACEBACK_CHARS:], name, rule, seconds,
                   None if action is None else action[:ERROR_CHARS], exc)


@dataclass(frozen=True, slots=True)
class Answer:
    """A bot's readable move: the action and, if a decision was asked for, its :class:`Decision`."""

    action: AnyAction
    decision: Decision | None = None


Contained = type[BaseException] | tuple[type[BaseException], ...]


def ask(bot: Bot, observation: Observation, legal: LegalActions, *, explain: bool = False,
        contain: Contained = Exception) -> Answer | Failure:
    """Ask ``bot`` for its move: ``act(observation, legal)``, or ``decide`` with ``explain`` when it
    has one. The bot is given ``legal`` detached from the state. Whatever the bot does that
    ``contain`` covers is returned as a :class:`Failure`: raising (``raised``, or ``memory``), a
    ``decide`` that returns no Decision (``decision``), a value that is not an action
    (``unreadable``). A bot's own process contains ``BaseException`` (a bot's ``SystemExit`` is
    its failure there); in the caller's process ``KeyboardInterrupt`` stops the caller.

    Legality is the match's to judge: play :attr:`Answer.action` and turn a refusal into a
    failure with :func:`refused`.
    """
    detached = legal.detached()
    method = getattr(bot, "decide", None) if explain else None
    try:
        value = method(observation, detached) if callable(method) else bot.act(observation, detached)
    except contain as exc:
        return failure(FailureKind.RAISED, exc=exc)
    decision = None
    if callable(method):
        if not isinstance(value, Decision):
            return failure(FailureKind.DECISION, f"decide returned {type(value).__name__}, not a Decision")
        decision, value = value, value.action
    try:
        return Answer(Action.coerce(value), decision)
    except contain as exc:
        return failure(FailureKind.UNREADABLE, f"raised TypeError: {'decide' if decision else 'act'} returned "
                       f"{quote(value, 200)}, which is not an action ({describe(exc)})", exc, traceback="")


def make(build: Callable[..., Bot], *args: Any, contain: Contained = Exception) -> Bot | Failure:
    """The bot ``build(*args)`` makes, or the :class:`Failure` (``unmade``, or ``memory``) if it raises."""
    try:
        return build(*args)
    except contain as exc:
        return failure(FailureKind.UNMADE, exc=exc)


def refused(action: AnyAction | str, exc: ActionError) -> Failure:
    """The failure of a move the match refused (``illegal``), keeping the rule it broke."""
    return Failure(FailureKind.ILLEGAL, str(exc)[:ERROR_CHARS], "", None, exc.rule, None, str(action)[:ERROR_CHARS],
                   exc)


class BotError(RuntimeError):
    """A bot failed during :func:`play_match`: it raised, returned something that is not an action,
    or an illegal action.

    The match is left as it was before the bot's turn; ``bot``, ``player`` and ``step`` say who
    failed where, ``failure`` how (:class:`Failure`), and the original error is the ``__cause__``.
    """

    def __init__(self, bot: Bot, player: int, step: int, phase: str, failure: Failure) -> None:
        self.bot, self.player, self.step, self.phase, self.failure = bot, player, step, phase, failure
        super().__init__(f"bot {bot!r} playing {TEMPLE_NAMES[player]} (player {player}) failed at step {step} "
                         f"({phase}): {failure.private}")


def play_match(match: Match, bots: Sequence[Bot], max_steps: int = 10_000) -> Outcome:
    """Let ``bots[p]`` decide for player ``p`` until the game ends; return the outcome.

    Only a successful ``match.play`` changes the match: if a bot fails (:func:`ask`), or returns an
    action that is not legal, :class:`BotError` names the bot and the step, and the match stays at
    that step.
    """
    if len(bots) != 2:
        raise ValueError(f"play_match needs two bots, one per player, not {len(bots)}")
    for _ in range(max_steps):
        state = match.state
        if state.outcome is not None:
            return state.outcome
        p = state.to_move
        got = ask(bots[p], state.observe(p), state.legal_actions())
        if isinstance(got, Answer):
            try:
                match.play(got.action)
                continue
            except ActionError as exc:
                got = refused(got.action, exc)
        raise BotError(bots[p], p, match.step, str(state.phase), got) from got.cause
    raise RuntimeError(f"the game did not end within {max_steps} steps")
