"""Where a bot sits: in this process, or alone in a child process that sees only what it is sent.

A :class:`LocalSeat` calls the bot directly (no isolation: the bot runs beside the match).

A :class:`ChildSeat` runs the bot in its own Python process, started fresh (``subprocess``, so
it inherits no memory of its parent). For each decision the referee sends the player's
observation (R6) and the detached legal actions, nothing else; the bot's process holds no
``State`` or ``Match``, and walking its frames or ``gc.get_objects()`` cannot find one. The
answer comes back as JSON text (never a pickle), so a bot cannot run code in the referee.
Each bot name has its own process: a bot never shares one with its opponent.

A decision can be given a time limit (``timeout``): a bot in its own process that has not
answered when it passes is killed, and the next game starts it again. A :class:`LocalSeat`
cannot interrupt a Python call, so there the limit does not apply.

This isolates Python from Python. It is not an operating-system sandbox: a bot with the rights
to read another process's memory, or the files a tournament writes, is not stopped.

Messages: 8-byte big-endian length, then the body. Referee to bot: a pickle of
``("new", payload, kind, seeded, seed)`` or ``("act", observation, legal)``; bot to referee:
JSON ``{"ok": value}`` or ``{"error": text, "traceback": text, "kind": kind of failure}``.
"""

from __future__ import annotations

import hashlib
import json
import os
import pickle
import struct
import sys
import threading
import traceback
from collections import OrderedDict
from typing import IO, TYPE_CHECKING, Any, Protocol

from ..bots import Bot
from ..rules import Action, LegalActions
from .lineup import BotRef, Kind, make_bot

if TYPE_CHECKING:
    import subprocess

HEADER = struct.Struct(">Q")


class SeatError(Exception):
    """A bot failed: it raised, returned something that is not an action, or its process ended.

    ``kind`` says how, as a key of :data:`naga_widget.arena.referee.FAILURES` (the words others may
    read); the message and ``details`` (a traceback) may quote the bot's hand: they are the organiser's.
    """

    def __init__(self, message: str, details: str = "", kind: str = "raised") -> None:
        super().__init__(message)
        self.details = details
        self.kind = kind


class UnreadableMove(TypeError):
    """What a bot returned is not an action (its text, JSON form or value)."""


class Seat(Protocol):
    def start(self, ref: BotRef, seed: int) -> None:
        """Make the bot for a new game (raises :class:`SeatError`)."""

    def act(self, observation: dict[str, Any], legal: LegalActions, timeout: float | None = None) -> str:
        """The bot's decision as action text, within ``timeout`` seconds where the seat can
        enforce it (raises :class:`SeatError`)."""


class Seats(Protocol):
    def seat(self, ref: BotRef) -> Seat: ...


def action_text(decision: object) -> str:
    """The text form of what a bot returned (an action, its text or its JSON form)."""
    try:
        return str(Action.coerce(decision))  # type: ignore[arg-type]
    except Exception as exc:
        raise UnreadableMove(f"act returned {decision!r}, which is not an action ({exc})") from None


def describe(exc: BaseException) -> str:
    name = "TypeError" if isinstance(exc, UnreadableMove) else type(exc).__name__
    return f"{name}: {exc}" if str(exc) else name


def failure_kind(exc: BaseException, making: bool = False) -> str:
    """The kind of failure of an exception raised by a bot's code (``making``: while it was made)."""
    return "unmade" if making else "unreadable" if isinstance(exc, UnreadableMove) else "raised"


# -- in this process ----------------------------------------------------------------------------
class LocalSeat:
    """A bot called directly (workers=0): fast, and no isolation at all."""

    def __init__(self, factory: Any) -> None:
        self.factory = factory
        self.bot: Bot | None = None

    def start(self, ref: BotRef, seed: int) -> None:
        try:
            self.bot = make_bot(ref.kind, self.factory, ref.seeded, seed)
        except Exception as exc:
            raise SeatError(f"could not be made: {describe(exc)}", traceback.format_exc(), "unmade") from None

    def act(self, observation: dict[str, Any], legal: LegalActions, timeout: float | None = None) -> str:
        """The bot's decision; ``timeout`` is not enforced here (a Python call cannot be interrupted)."""
        assert self.bot is not None
        try:
            return action_text(self.bot.act(observation, legal))
        except Exception as exc:
            raise SeatError(f"raised {describe(exc)}", traceback.format_exc(), failure_kind(exc)) from None


class LocalSeats:
    def __init__(self, factories: dict[str, Any]) -> None:
        self.factories = factories

    def seat(self, ref: BotRef) -> Seat:
        return LocalSeat(self.factories[ref.name])


# -- framing -----------------------------------------------------------------------------------
def send(stream: IO[bytes], body: bytes) -> None:
    stream.write(HEADER.pack(len(body)) + body)
    stream.flush()


def receive(stream: IO[bytes]) -> bytes | None:
    """One message, or None at the end of the stream."""
    head = _exactly(stream, HEADER.size)
    if head is None:
        return None
    body = _exactly(stream, HEADER.unpack(head)[0])
    return body


def _exactly(stream: IO[bytes], n: int) -> bytes | None:
    chunks, left = [], n
    while left:
        chunk = stream.read(left)
        if not chunk:
            return None
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


# -- in a child process ------------------------------------------------------------------------
_BOOT = "import sys, json; sys.path[:] = json.loads(sys.argv[1]); from naga_widget.arena.seat import serve; serve()"


class ChildSeat:
    """One bot's own process (see the module doc). It is reused for that bot's next games."""

    def __init__(self, name: str, sys_path: list[str]) -> None:
        import subprocess  # imported here: Pyodide has no processes

        self.name = name
        self.process: subprocess.Popen[bytes] = subprocess.Popen([sys.executable, "-c", _BOOT, json.dumps(sys_path)],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    @property
    def alive(self) -> bool:
        return self.process.poll() is None

    def _call(self, message: tuple[Any, ...], timeout: float | None = None) -> Any:
        assert self.process.stdin is not None and self.process.stdout is not None
        try:
            send(self.process.stdin, pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL))
            body = receive(self.process.stdout) if timeout is None else self._receive_within(timeout)
        except (BrokenPipeError, ConnectionResetError, OSError):
            body = None
        if body is None:
            code = self.process.wait()
            raise SeatError(f"ended its process (exit code {code})", kind="crashed")
        try:
            reply = json.loads(body)
            if "error" in reply:
                kind = reply.get("kind")
                raise SeatError(str(reply["error"]), str(reply.get("traceback", "")),
                               kind if kind in ("unmade", "raised", "unreadable") else "protocol")
            return reply["ok"]
        except (ValueError, KeyError, TypeError):
            self.close()
            raise SeatError("sent an answer that is not part of the protocol", kind="protocol") from None

    def _receive_within(self, timeout: float) -> bytes | None:
        """The bot's answer, read by a helper thread (a pipe has no portable timed read); if
        none has come after ``timeout`` seconds, the bot's process is killed."""
        stdout = self.process.stdout
        assert stdout is not None
        answer: list[bytes | None] = []

        def read() -> None:
            try:
                answer.append(receive(stdout))
            except (OSError, ValueError):  # the stream broke or was closed
                answer.append(None)

        reader = threading.Thread(target=read, name=f"arena-seat-{self.name}", daemon=True)
        reader.start()
        reader.join(timeout)
        if reader.is_alive():
            self.process.kill()
            self.process.wait()
            reader.join(5)  # the killed process closed its end of the pipe: the read ends
            self.close()
            raise SeatError(f"took longer than {timeout:g} s to choose its move",
                           f"its process (pid {self.process.pid}) was stopped after {timeout:g} s without an answer",
                           "timeout")
        return answer[0] if answer else None

    def start(self, ref: BotRef, seed: int) -> None:
        self._call(("new", ref.payload, ref.kind, ref.seeded, seed))

    def act(self, observation: dict[str, Any], legal: LegalActions, timeout: float | None = None) -> str:
        value = self._call(("act", observation, legal), timeout)
        if not isinstance(value, str):
            raise SeatError("sent an answer that is not part of the protocol", kind="protocol")
        return value

    def close(self) -> None:
        for stream in (self.process.stdin, self.process.stdout):
            if stream is not None:
                try:
                    stream.close()
                except OSError:
                    pass
        try:
            self.process.wait(timeout=5)
        except Exception:  # still running after 5 s (subprocess.TimeoutExpired)
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


def serve() -> None:
    """The loop of a bot's process: make bots and answer decisions until the stream ends."""
    inp = os.fdopen(os.dup(0), "rb")
    out = os.fdopen(os.dup(1), "wb")
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)  # the bot cannot read the messages itself
    os.dup2(2, 1)  # what the bot prints goes to stderr, not into the messages
    os.close(null)
    factories: dict[str, Any] = {}
    bot: Bot | None = None
    while (body := receive(inp)) is not None:
        message = pickle.loads(body)
        try:
            if message[0] == "new":
                _, payload, kind, seeded, seed = message
                bot = None
                key = hashlib.sha256(payload).hexdigest()
                if key not in factories:
                    factories[key] = _load(payload)
                bot = make_bot(_kind(kind), factories[key], seeded, seed)
                reply: dict[str, Any] = {"ok": None}
            else:
                _, observation, legal = message
                if bot is None:
                    raise RuntimeError("no bot was made for this game")
                reply = {"ok": action_text(bot.act(observation, legal))}
                del observation, legal
        except (Exception, SystemExit) as exc:
            making = message[0] == "new"
            what = "could not be made: " if making else "raised "
            reply = {"error": what + describe(exc), "traceback": traceback.format_exc(),
                     "kind": failure_kind(exc, making)}
        del message
        send(out, json.dumps(reply).encode())


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
