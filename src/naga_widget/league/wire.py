"""The messages between the referee and a sandboxed bot: length-prefixed JSON, never a pickle.

Each message is a 4-byte big-endian length, then that many bytes of UTF-8 JSON. The referee
reads at most :data:`MAX_MESSAGE` bytes from a bot, so a bot cannot flood it; it never
unpickles anything a bot sent, so a bot cannot run code in it.

The legal actions travel as plain data (:func:`legal_to_json`) and become a
:class:`~naga_widget.rules.DetachedLegal` again in the bot's process (:func:`legal_from_json`):
the bot gets the same object a bot in the arena gets, and no state behind it.
"""

from __future__ import annotations

import json
import struct
from typing import Any

from ..rules import DetachedLegal, LegalActions

HEADER = struct.Struct(">I")
MAX_MESSAGE = 1 << 20  # what a bot may send in one answer (an action's text is a few dozen bytes)


class WireError(Exception):
    """A message that is not part of the protocol (too long, not JSON, cut short)."""


def pack(value: Any) -> bytes:
    body = json.dumps(value, separators=(",", ":")).encode()
    return HEADER.pack(len(body)) + body


def unpack_length(head: bytes) -> int:
    (n,) = HEADER.unpack(head)
    if n > MAX_MESSAGE:
        raise WireError(f"a message of {n} bytes (at most {MAX_MESSAGE} are read)")
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
