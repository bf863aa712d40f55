"""The one protocol between a referee and a bot in its own process: length-prefixed JSON, never a
pickle from the bot. The arena's child process (:mod:`naga_widget.arena.seat`) and the league's
sandbox (:mod:`naga_widget.league.sandbox`, :mod:`naga_widget.league.child`) both speak it.

Each message is a 4-byte big-endian length, then that many bytes of UTF-8 JSON. The referee
reads at most :data:`MAX_MESSAGE` bytes from a bot, so a bot cannot flood it; it never
unpickles anything a bot sent, so a bot cannot run code in it. Once a message has begun, the
rest must follow within :data:`CUT_SHORT_SECONDS` (a bot that writes part of one and stops
breaks the protocol).

Referee to bot: ``{"op": "new", "seed": seed, ...}`` (what else making the bot needs: the
arena's pickled factory, as base64), then ``{"op": "act", "observation": ..., "legal": ...}``
for each decision. Bot to referee: ``{"ok": value}`` (``None`` for a bot made, the action's
text for a move), or ``{"failure": ...}``: a :class:`~naga_widget.bots.turn.Failure` as data,
read back as untrusted data (:func:`reply_value`). :func:`serve` is the bot's side: it makes
the bot and asks it with :func:`~naga_widget.bots.turn.ask`.

The legal actions travel as plain data (:func:`legal_to_json`) and become a
:class:`~naga_widget.rules.DetachedLegal` again in the bot's process (:func:`legal_from_json`):
the bot gets the same object a bot in the referee's process gets, and no state behind it.
"""

from __future__ import annotations

import json
import os
import select
import struct
import time
from collections.abc import Callable
from typing import IO, Any

from ..rules import DetachedLegal, LegalActions
from .base import Bot
from .turn import Answer, Contained, Failure, FailureKind, ask, failure

HEADER = struct.Struct(">I")
MAX_MESSAGE = 1 << 20  # what a bot may send in one answer (an action's text is a few dozen bytes)
CUT_SHORT_SECONDS = 2.0  # a message begun must be whole within this


class WireError(Exception):
    """A message that is not part of the protocol (too long, not JSON, cut short)."""


def pack(value: Any) -> bytes:
    body = json.dumps(value, separators=(",", ":")).encode()
    return HEADER.pack(len(body)) + body


def unpack_length(head: bytes, limit: int = MAX_MESSAGE) -> int:
    (n,) = HEADER.unpack(head)
    if n > limit:
        raise WireError(f"a message of {n} bytes (at most {limit} are read)")
    return int(n)


def legal_to_json(legal: LegalActions) -> dict[str, Any]:
    """``legal`` as plain data: the listed actions and the equivalent spellings playing accepts."""
    detached = legal.detached()
    return {
        "player": detached.player,
        "phase": detached.phase.value,
        "actions": [str(a) for a in detached],
        "spellings": [[str(written), str(meant)] for written, meant in detached.spellings().items()],
    }


def legal_from_json(data: dict[str, Any]) -> DetachedLegal:
    """The :class:`~naga_widget.rules.DetachedLegal` that :func:`legal_to_json` described (the invoke
    menu and the call groups are read from its actions)."""
    return DetachedLegal(data["player"], data["phase"], data["actions"], dict(data["spellings"]))


# -- the referee's side --------------------------------------------------------------------------
def read_message(fd: int, deadline: float | None) -> bytes | None:
    """The body of the next message on ``fd``; ``None`` if the bot's end closed first. Raises
    :class:`TimeoutError` if none has begun by ``deadline`` (a :func:`time.monotonic` time; None:
    wait for ever) and :class:`WireError` if it is too long or cut short."""
    head = _exactly(fd, HEADER.size, deadline, first=True)
    if head is None:
        return None
    return _exactly(fd, unpack_length(head), time.monotonic() + CUT_SHORT_SECONDS, first=False)


def _exactly(fd: int, n: int, deadline: float | None, first: bool) -> bytes | None:
    chunks, left = [], n
    while left:
        wait = None if deadline is None else deadline - time.monotonic()
        if wait is not None and (wait <= 0 or not select.select([fd], [], [], wait)[0]):
            if first and left == n:
                raise TimeoutError
            raise WireError(f"a message cut short after {n - left} of {n} bytes")
        chunk = os.read(fd, min(left, 1 << 16))
        if not chunk:
            if first and left == n:
                return None
            raise WireError(f"a message cut short after {n - left} of {n} bytes")
        chunks.append(chunk)
        left -= len(chunk)
        if first and left:  # the message has begun: the rest follows at once
            deadline = time.monotonic() + CUT_SHORT_SECONDS
            first = False
    return b"".join(chunks)


def reply_value(body: bytes) -> Any:
    """The value of a bot's ``{"ok": value}``, or the :class:`Failure` its process reported (of a
    kind it may report). Raises :class:`WireError` for anything else."""
    try:
        reply = json.loads(body)
        if not isinstance(reply, dict):
            raise ValueError(reply)
        if "failure" in reply:
            return Failure.from_json(reply["failure"], reported=True)
        return reply["ok"]
    except (ValueError, KeyError, TypeError, RecursionError):
        raise WireError("an answer that is not part of the protocol") from None


# -- the bot's side ------------------------------------------------------------------------------
def read_request(stream: IO[bytes]) -> Any:
    """The referee's next message (``None`` once it has closed its end)."""
    head = stream.read(HEADER.size)
    if len(head) < HEADER.size:
        return None
    (n,) = HEADER.unpack(head)
    return json.loads(stream.read(n))


def write_reply(stream: IO[bytes], reply: dict[str, Any]) -> None:
    """Send ``reply``; an answer too long to be read is no action (a failure is cut to fit)."""
    body = pack(reply)
    if len(body) > HEADER.size + MAX_MESSAGE:
        told = failure(FailureKind.UNREADABLE, "raised TypeError: its move is too long to be an action")
        body = pack(answer(told))
    stream.write(body)
    stream.flush()


def answer(got: Answer | Failure | None) -> dict[str, Any]:
    """The reply to send for what :func:`~naga_widget.bots.turn.ask` gave (None: the bot was made)."""
    if isinstance(got, Failure):
        return {"failure": got.to_json()}
    return {"ok": None if got is None else str(got.action)}


def serve(inp: IO[bytes], out: IO[bytes], new: Callable[[dict[str, Any]], Bot | Failure],
          contain: Contained = BaseException) -> None:
    """The loop of a bot's process: make a bot with ``new(message)`` for each ``"new"`` message and
    answer each ``"act"`` with :func:`~naga_widget.bots.turn.ask` (containing ``contain``), until
    the referee closes its end."""
    bot: Bot | None = None
    while (message := read_request(inp)) is not None:
        got: Answer | Failure | None
        if message["op"] == "new":
            bot = None
            made = new(message)
            got, bot = (made, None) if isinstance(made, Failure) else (None, made)
        elif bot is None:
            got = failure(FailureKind.RAISED, "raised RuntimeError: no bot was made for this game")
        else:
            got = ask(bot, message["observation"], legal_from_json(message["legal"]), contain=contain)
        del message
        write_reply(out, answer(got))
        del got
