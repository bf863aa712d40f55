"""Where a bot sits: in this process, or alone in a child process that sees only what it is sent.

A :class:`LocalSeat` calls the bot directly (no isolation: the bot runs beside the match).

A :class:`ChildSeat` runs the bot in its own Python process, started fresh (``subprocess``, so
it inherits no memory of its parent and imports none of its modules but this package). For each
decision the referee sends the player's observation (R6) and the detached legal actions, nothing
else; the bot's process holds no ``State`` or ``Match``, and walking its frames or
``gc.get_objects()`` cannot find one. The answer comes back as JSON text (never a pickle), so a bot
cannot run code in the referee. Each bot name has its own process: a bot never shares one with its
opponent.

A decision can be given a time limit (``timeout``): a bot in its own process that has not
answered when it passes is killed, and the next game starts it again. A :class:`LocalSeat`
cannot interrupt a Python call, so there the limit does not apply.

This isolates Python from Python. It is not an operating-system sandbox: a bot with the rights
to read another process's memory, or the files a tournament writes, is not stopped.

Messages travel over a :func:`multiprocessing.Pipe` (a socket pair whose child end the bot's
process inherits, so a POSIX system), which frames them and waits for an answer with ``poll(timeout)``. Referee to
bot: ``("new", payload, kind, seeded, seed)`` or ``("act", observation, legal)``, pickled; bot to
referee: JSON bytes ``{"ok": value}`` or ``{"failure": failure}`` (:meth:`Failure.to_json
<naga_widget.bots.turn.Failure.to_json>`, read back as untrusted data), read only once whole (a bot
that sends part of a message and stops is stopped too).

Every seat asks its bot with :func:`naga_widget.bots.turn.ask` (and builds it with
:func:`~naga_widget.bots.turn.make`) and raises :class:`SeatError` holding the :class:`Failure`.
"""

from __future__ import annotations

import hashlib
import json
import os
import pickle
import sys
import time
from collections import OrderedDict
from multiprocessing.connection import Connection
from typing import TYPE_CHECKING, Any, NoReturn, Protocol

from ..bots import Bot
from ..bots.turn import ERROR_CHARS, TRACEBACK_CHARS, Answer, Failure, FailureKind, ask, describe, failure, make
from ..rules import LegalActions
from ..rules.observe import Observation
from .lineup import BotRef, Kind, make_bot

if TYPE_CHECKING:
    import subprocess

# An answer is written at once (multiprocessing writes a message of up to 16 kB in one piece), so
# the referee can read a whole one without waiting; the bot's error text and traceback are cut to fit.
ANSWER_BYTES = 16 * 1024
# What a bot's code may raise in its own process and still be its failure (a SystemExit too)
CONTAINED = (Exception, SystemExit)


class SeatError(Exception):
    """A bot failed: its :class:`~naga_widget.bots.turn.Failure` is ``failure`` (the kind, and what
    its author and the organiser read: the message, which may quote the bot's hand)."""

    def __init__(self, failure: Failure) -> None:
        super().__init__(failure.private)
        self.failure = failure

    @property
    def kind(self) -> str:
        """How the bot failed: a :class:`~naga_widget.bots.turn.FailureKind` value."""
        return self.failure.kind.value

    @property
    def details(self) -> str:
        """The bot's traceback, if it raised."""
        return self.failure.traceback


class Seat(Protocol):
    def start(self, ref: BotRef, seed: int) -> None:
        """Make the bot for a new game (raises :class:`SeatError`)."""

    def act(self, observation: Observation, legal: LegalActions, timeout: float | None = None) -> str:
        """The bot's decision as action text, within ``timeout`` seconds where the seat can
        enforce it (raises :class:`SeatError`)."""


class Seats(Protocol):
    def seat(self, ref: BotRef) -> Seat: ...


def answered(got: Answer | Failure) -> str:
    """The action text of what :func:`~naga_widget.bots.turn.ask` gave, or its failure raised."""
    if isinstance(got, Failure):
        raise SeatError(got)
    return str(got.action)


# -- in this process ----------------------------------------------------------------------------
class LocalSeat:
    """A bot called directly (workers=0): fast, and no isolation at all."""

    def __init__(self, factory: Any) -> None:
        self.factory = factory
        self.bot: Bot | None = None

    def start(self, ref: BotRef, seed: int) -> None:
        made = make(make_bot, ref.kind, self.factory, ref.seeded, seed)
        if isinstance(made, Failure):
            raise SeatError(made)
        self.bot = made

    def act(self, observation: Observation, legal: LegalActions, timeout: float | None = None) -> str:
        """The bot's decision; ``timeout`` is not enforced here (a Python call cannot be interrupted)."""
        assert self.bot is not None
        return answered(ask(self.bot, observation, legal))

    def close(self) -> None:
        """Nothing to end: the bot lives in this process."""


class LocalSeats:
    def __init__(self, factories: dict[str, Any]) -> None:
        self.factories = factories

    def seat(self, ref: BotRef) -> Seat:
        return LocalSeat(self.factories[ref.name])


class SeatsByName:
    """A seat made beforehand for each bot name (the league's: a sandbox per submission), and closed
    together once the game is over."""

    def __init__(self, seats: dict[str, Any]) -> None:
        self.seats = seats

    def seat(self, ref: BotRef) -> Seat:
        return self.seats[ref.name]  # type: ignore[no-any-return]

    def close(self) -> None:
        for seat in self.seats.values():
            seat.close()


# -- in a child process ------------------------------------------------------------------------
_BOOT = ("import sys, json; sys.path[:] = json.loads(sys.argv[1]); from naga_widget.arena.seat import serve; "
         "serve(int(sys.argv[2]))")


class ChildSeat:
    """One bot's own process (see the module doc). It is reused for that bot's next games."""

    def __init__(self, name: str, sys_path: list[str]) -> None:
        import multiprocessing  # imported here: Pyodide has no processes
        import subprocess

        self.name = name
        self.connection, theirs = multiprocessing.Pipe(duplex=True)
        try:
            self.process: subprocess.Popen[bytes] = subprocess.Popen(
                [sys.executable, "-c", _BOOT, json.dumps(sys_path), str(theirs.fileno())],
                stdin=subprocess.DEVNULL, pass_fds=(theirs.fileno(),))
        finally:
            theirs.close()  # the child holds its own copy: when it ends, the referee reads the end

    @property
    def alive(self) -> bool:
        return self.process.poll() is None

    def _call(self, message: tuple[Any, ...], timeout: float | None = None) -> Any:
        try:
            self.connection.send_bytes(pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL))
            body = self._receive(timeout)
        except (EOFError, OSError):  # the process ended or closed its end, or sent too long a message
            body = None
        if body is None:
            import subprocess

            try:
                code = self.process.wait(timeout=2)
            except subprocess.TimeoutExpired:  # still running: it broke the protocol
                self._stop(failure(FailureKind.PROTOCOL, "sent an answer that is not part of the protocol",
                                   traceback=f"its process (pid {self.process.pid}) was stopped after a message "
                                             "it may not send"))
            raise SeatError(failure(FailureKind.CRASHED, f"ended its process (exit code {code})"))
        try:
            reply = json.loads(body)
            if "failure" not in reply:
                return reply["ok"]
            told = Failure.from_json(reply["failure"], reported=True)
        except (ValueError, KeyError, TypeError):  # it broke the protocol: its process is stopped at once
            self._stop(failure(FailureKind.PROTOCOL, "sent an answer that is not part of the protocol"))
        raise SeatError(told)

    def _receive(self, timeout: float | None) -> bytes | None:
        """The bot's answer; with a ``timeout``, the bot's process is killed if no whole answer has
        come after that many seconds. ``None``: the process ended."""
        if timeout is None:
            return self.connection.recv_bytes(ANSWER_BYTES)
        deadline = time.monotonic() + timeout
        if not self.connection.poll(timeout):
            self._stop(failure(FailureKind.TIMEOUT, f"took longer than {timeout:g} s to choose its move",
                               traceback=f"its process (pid {self.process.pid}) was stopped after {timeout:g} s "
                                         "without an answer", seconds=timeout))
        # the answer has begun to arrive; it came in one piece, unless the bot wrote part of one itself
        os.set_blocking(self.connection.fileno(), False)
        try:
            return self.connection.recv_bytes(ANSWER_BYTES)
        except BlockingIOError:
            self._stop(failure(FailureKind.PROTOCOL, "sent an answer that is not part of the protocol",
                               traceback=f"its answer was cut short after "
                                         f"{timeout - (deadline - time.monotonic()):.3g} s"))
        finally:
            if not self.connection.closed:
                os.set_blocking(self.connection.fileno(), True)

    def _stop(self, failed: Failure) -> NoReturn:
        self.process.kill()
        self.process.wait()
        self.close()
        raise SeatError(failed)

    def start(self, ref: BotRef, seed: int) -> None:
        self._call(("new", ref.payload, ref.kind, ref.seeded, seed))

    def act(self, observation: Observation, legal: LegalActions, timeout: float | None = None) -> str:
        value = self._call(("act", observation, legal), timeout)
        if not isinstance(value, str):
            raise SeatError(failure(FailureKind.PROTOCOL, "sent an answer that is not part of the protocol"))
        return value

    def close(self) -> None:
        import subprocess

        self.connection.close()  # the bot's process reads the end of the messages and returns
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:  # still running after 5 s
            self.process.kill()
            self.process.wait()


class ChildSeats:
    """The bot processes of one referee, one per bot name, at most ``keep`` alive at a time."""

    def __init__(self, keep: int = 4) -> None:
        self.keep = max(2, keep)
        self.open: OrderedDict[str, ChildSeat] = OrderedDict()
        self.sys_path: list[str] = []

    def configure(self, sys_path: tuple[str, ...]) -> None:
        """Let the bot processes import what the process that started the tournament imports."""
        own = [os.getcwd() if p == "" else p for p in sys.path]
        self.sys_path = own + [p for p in sys_path if p not in own]

    def seat(self, ref: BotRef) -> Seat:
        seat = self.open.pop(ref.name, None)
        if seat is not None and not seat.alive:
            seat.close()
            seat = None
        if seat is None:
            while len(self.open) >= self.keep:
                self.open.popitem(last=False)[1].close()
            seat = ChildSeat(ref.name, self.sys_path or list(sys.path))
        self.open[ref.name] = seat
        return seat

    def close(self) -> None:
        while self.open:
            self.open.popitem()[1].close()


def serve(fd: int) -> None:
    """The loop of a bot's process: make bots and answer decisions over the connection ``fd`` until
    the referee closes it."""
    connection = Connection(fd)
    os.dup2(2, 1)  # what the bot prints goes to stderr
    factories: dict[str, Any] = {}
    bot: Bot | None = None
    while True:
        try:
            message = pickle.loads(connection.recv_bytes())
        except EOFError:
            return
        got: Answer | Failure | Bot
        if message[0] == "new":
            _, payload, kind, seeded, seed = message
            bot = None
            got = make(_made, factories, payload, kind, seeded, seed, contain=CONTAINED)
            bot = None if isinstance(got, Failure) else got
        elif bot is None:
            got = failure(FailureKind.RAISED, "raised RuntimeError: no bot was made for this game")
        else:
            _, observation, legal = message
            got = ask(bot, observation, legal, contain=CONTAINED)
            del observation, legal
        del message
        reply = ({"failure": got.to_json()} if isinstance(got, Failure)
                 else {"ok": str(got.action)} if isinstance(got, Answer) else {"ok": None})
        del got
        connection.send_bytes(_fitted(reply))


def _fitted(reply: dict[str, Any]) -> bytes:
    """``reply`` as JSON of at most :data:`ANSWER_BYTES`: a failure's error and traceback are cut (the
    traceback's end is kept, where the error was raised); an action's text that long is no action."""
    body = json.dumps(reply).encode()
    if len(body) > ANSWER_BYTES and "ok" in reply:
        reply = {"failure": failure(FailureKind.UNREADABLE,
                                    "raised TypeError: its move is too long to be an action").to_json()}
    if "failure" not in reply:
        return body
    told = dict(reply["failure"])
    error, trace = str(told["error"])[:ERROR_CHARS], str(told["traceback"])[-TRACEBACK_CHARS:]
    while len(body) > ANSWER_BYTES:  # an escaped character takes up to 12 bytes
        body = json.dumps({"failure": {**told, "error": error, "traceback": trace, "action": None}}).encode()
        error, trace = error[:len(error) // 2], trace[len(trace) // 2:]
    return body


def _made(factories: dict[str, Any], payload: bytes, kind: str, seeded: bool, seed: int) -> Bot:
    """A game's bot from its factory's bytes (each factory is loaded once per process)."""
    key = hashlib.sha256(payload).hexdigest()
    if key not in factories:
        factories[key] = _load(payload)
    return make_bot(_kind(kind), factories[key], seeded, seed)


def _load(payload: bytes) -> Any:
    try:
        return pickle.loads(payload)
    except Exception as exc:
        raise ImportError(f"the bot cannot be loaded in its own process ({describe(exc)}); define it in a "
                          "module that process can import, or install cloudpickle") from exc


def _kind(kind: str) -> Kind:
    if kind not in ("class", "factory", "instance"):
        raise ValueError(f"unknown bot kind {kind!r}")
    return kind  # type: ignore[return-value]
