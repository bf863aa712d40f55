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

Messages travel over the process's standard input and output (moved off them before the bot is
made: what the bot prints goes to its standard error), in the protocol of the league's sandbox
(:mod:`naga_widget.bots.wire`: length-prefixed JSON; the bot's factory goes out pickled, as
base64, and nothing a bot sends is unpickled). A bot that sends part of a message and stops, or
anything out of the protocol, is stopped.

Every seat asks its bot with :func:`naga_widget.bots.turn.ask` (and builds it with
:func:`~naga_widget.bots.turn.make`) and raises :class:`SeatError` holding the :class:`Failure`.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import pickle
import sys
import time
from collections import OrderedDict
from typing import TYPE_CHECKING, Any, NoReturn, Protocol

from ..bots import Bot
from ..bots.turn import Answer, Failure, FailureKind, ask, describe, failure, make
from ..bots.wire import WireError, legal_to_json, pack, read_message, reply_value, serve
from ..rules import LegalActions
from ..rules.observe import Observation
from .lineup import BotRef, Kind, make_bot

if TYPE_CHECKING:
    import subprocess

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
_BOOT = ("import sys, json; sys.path[:] = json.loads(sys.argv[1]); from naga_widget.arena.seat import child; "
         "child()")
NOT_PROTOCOL = "sent an answer that is not part of the protocol"


class ChildSeat:
    """One bot's own process (see the module doc). It is reused for that bot's next games."""

    def __init__(self, name: str, sys_path: list[str]) -> None:
        import subprocess  # imported here: Pyodide has no processes

        self.name = name
        self.process: subprocess.Popen[bytes] = subprocess.Popen(
            [sys.executable, "-c", _BOOT, json.dumps(sys_path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    @property
    def alive(self) -> bool:
        return self.process.poll() is None

    def _call(self, message: dict[str, Any], timeout: float | None = None) -> Any:
        """Send ``message`` and read the answer; with a ``timeout``, the bot's process is killed if no
        answer has begun after that many seconds."""
        stdin, stdout = self.process.stdin, self.process.stdout
        assert stdin is not None and stdout is not None
        try:
            stdin.write(pack(message))
            stdin.flush()
            body = read_message(stdout.fileno(), None if timeout is None else time.monotonic() + timeout)
        except TimeoutError:  # before OSError, of which it is a kind
            self._stop(failure(FailureKind.TIMEOUT, f"took longer than {timeout:g} s to choose its move",
                               traceback=f"its process (pid {self.process.pid}) was stopped after {timeout:g} s "
                                         "without an answer", seconds=timeout))
        except WireError as exc:
            self._stop(failure(FailureKind.PROTOCOL, NOT_PROTOCOL, traceback=f"{exc}: its process (pid "
                               f"{self.process.pid}) was stopped"))
        except OSError:  # the process ended or closed its end
            body = None
        if body is None:
            import subprocess

            try:
                code = self.process.wait(timeout=2)
            except subprocess.TimeoutExpired:  # still running: it closed its end of the messages
                self._stop(failure(FailureKind.PROTOCOL, NOT_PROTOCOL, traceback=f"its process (pid "
                                   f"{self.process.pid}) was stopped after it closed its end of the messages"))
            self.close()
            raise SeatError(failure(FailureKind.CRASHED, f"ended its process (exit code {code})"))
        try:
            value = reply_value(body)
        except WireError:  # it broke the protocol: its process is stopped at once
            self._stop(failure(FailureKind.PROTOCOL, NOT_PROTOCOL))
        if isinstance(value, Failure):
            raise SeatError(value)
        return value

    def _stop(self, failed: Failure) -> NoReturn:
        self.process.kill()
        self.process.wait()
        self.close()
        raise SeatError(failed)

    def start(self, ref: BotRef, seed: int) -> None:
        payload = base64.b64encode(ref.payload or b"").decode()
        self._call({"op": "new", "payload": payload, "kind": ref.kind, "seeded": ref.seeded, "seed": seed})

    def act(self, observation: Observation, legal: LegalActions, timeout: float | None = None) -> str:
        value = self._call({"op": "act", "observation": observation, "legal": legal_to_json(legal)}, timeout)
        if not isinstance(value, str):
            self._stop(failure(FailureKind.PROTOCOL, NOT_PROTOCOL))
        return value

    def close(self) -> None:
        import subprocess

        for stream in (self.process.stdin, self.process.stdout):  # the bot's process reads the end and returns
            try:
                if stream is not None:
                    stream.close()
            except OSError:
                pass
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


def child() -> None:
    """The bot's process: make bots and answer decisions (:func:`naga_widget.bots.wire.serve`) until
    the referee closes its end."""
    inp, out = os.fdopen(os.dup(0), "rb"), os.fdopen(os.dup(1), "wb")
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.close(null)
    os.dup2(2, 1)  # what the bot prints goes to stderr
    factories: dict[str, Any] = {}

    def new(message: dict[str, Any]) -> Bot | Failure:
        payload = base64.b64decode(message["payload"])
        return make(_made, factories, payload, message["kind"], message["seeded"], message["seed"], contain=CONTAINED)

    serve(inp, out, new, contain=CONTAINED)


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
