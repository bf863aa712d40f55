"""The messages between the referee and a sandboxed bot: length-prefixed JSON, never a pickle.

Each message is a 4-byte big-endian length, then that many bytes of UTF-8 JSON. The referee
reads at most :data:`MAX_MESSAGE` bytes from a bot, so a bot cannot flood it; it never
unpickles anything a bot sent, so a bot cannot run code in it.

The legal actions travel as plain data (:func:`legal_to_json`) and become a detached
:class:`~naga_widget.rules.LegalActions` again in the bot's process (:func:`legal_from_json`):
the bot gets the same object a bot in the arena gets, and no state behind it.
"""

from __future__ import annotations

import json
import struct
from typing import Any

from ..rules import Action, LegalActions
from ..rules.steps import Phase

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
    """A detached ``legal`` as plain data: the listed actions, the invoke menu, the call groups."""
    detached = legal.detached()
    heads = detached.invoke_heads()
    return {
        "player": detached.player,
        "phase": detached.phase.value,
        "actions": [str(a) for a in detached],
        "heads": [list(h) for h in heads],
        "targets": [[list(t) for t in detached.targets(*h)] for h in heads],
        "groups": [list(g) for g in detached._groups],
    }


def legal_from_json(data: dict[str, Any]) -> LegalActions:
    """The detached :class:`LegalActions` that :func:`legal_to_json` described."""
    legal = object.__new__(LegalActions)
    legal.player = data["player"]
    legal.phase = Phase(data["phase"])
    listed = tuple(Action.parse(text) for text in data["actions"])
    heads = tuple((str(c), str(p)) for c, p in data["heads"])
    legal._list = listed
    legal._heads = heads
    legal._targets = {h: tuple(tuple(t) for t in ts) for h, ts in zip(heads, data["targets"])}
    legal._set = frozenset(listed)
    legal._groups = [list(g) for g in data["groups"]]
    legal._s = None
    return legal
