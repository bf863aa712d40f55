"""R8 — the decisions a player takes, as small hashable values.

Each action has a text form that round-trips and a JSON form:

>>> a = Action.parse("invoke 07b teal gold:W0 gold:N1")
>>> a
Invoke(card='07b', pay='teal', target=('gold:W0', 'gold:N1'))
>>> str(a) == "invoke 07b teal gold:W0 gold:N1" and Action.from_json(a.to_json()) == a
True

The forms, one per decision of R8:

- ``call 01a 05a`` — R4.1, the cards called (all showing one stick type).
- ``pass`` — R4.2.
- ``invoke <card> <pay> [target …]`` — R4.2; ``pay`` is the type of the naga stick
  paid (``brown``/``teal``) or ``charm``. Target tokens per effect (R5):
  E01 ``p1:teal:2`` (owner:type:face of a stick in play); E02 ``violet`` (a type);
  E03/E05 ``teal:N`` (an opponent's stick); E04 ``brown:2 N`` (your stick, new face);
  E06 one or two slots ``gold:W0 silver:E2``; E07 two slots of one temple;
  E08 ``gold:row0 east`` / ``silver:col2 north``; E09 ``gold:4 rot1``;
  E10 two spaces of one temple ``gold:4 gold:7``; E11 ``silver:4``; E12 nothing.
- ``place <space> rot<k>`` — R4.3, space 0–8 of your temple, orientation k.
- ``give <card>`` — R4.4.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from .errors import ActionFormatError


@dataclass(frozen=True, slots=True)
class Call:
    """R4.1: call these cards (all of one stick type)."""

    cards: tuple[str, ...]
    kind: ClassVar[str] = "call"

    def __str__(self) -> str:
        return " ".join(("call",) + self.cards)

    def to_json(self) -> dict[str, Any]:
        return {"type": "call", "cards": list(self.cards)}


@dataclass(frozen=True, slots=True)
class Pass:
    """R4.2: pass in the Confrontation."""

    kind: ClassVar[str] = "pass"

    def __str__(self) -> str:
        return "pass"

    def to_json(self) -> dict[str, Any]:
        return {"type": "pass"}


@dataclass(frozen=True, slots=True)
class Invoke:
    """R4.2: pay a naga (``pay``) and play ``card``, with the effect's target tokens."""

    card: str
    pay: str
    target: tuple[str, ...] = ()
    kind: ClassVar[str] = "invoke"

    def __str__(self) -> str:
        return " ".join(("invoke", self.card, self.pay) + self.target)

    def to_json(self) -> dict[str, Any]:
        return {"type": "invoke", "card": self.card, "pay": self.pay, "target": list(self.target)}


@dataclass(frozen=True, slots=True)
class Place:
    """R4.3.2: place the offered room on ``space`` of your temple, turned ``rotation``."""

    space: int
    rotation: int
    kind: ClassVar[str] = "place"

    def __str__(self) -> str:
        return f"place {self.space} rot{self.rotation}"

    def to_json(self) -> dict[str, Any]:
        return {"type": "place", "space": self.space, "rotation": self.rotation}


@dataclass(frozen=True, slots=True)
class Give:
    """R4.4.2: give this one of the drawn cards to the opponent."""

    card: str
    kind: ClassVar[str] = "give"

    def __str__(self) -> str:
        return f"give {self.card}"

    def to_json(self) -> dict[str, Any]:
        return {"type": "give", "card": self.card}


AnyAction = Call | Pass | Invoke | Place | Give


def _int(text: str, what: str, line: str) -> int:
    if not text.isdigit():
        raise ActionFormatError(f"{what} must be a number, got {text!r} in {line!r}")
    return int(text)


def _parse(text: str) -> AnyAction:
    if not isinstance(text, str):
        raise ActionFormatError(f"an action is a text like 'pass' or 'call 01a', not {type(text).__name__}")
    words = text.split()
    if not words:
        raise ActionFormatError("empty action text")
    verb, rest = words[0].lower(), words[1:]
    if verb == "pass" and not rest:
        return Pass()
    if verb == "call" and rest:
        return Call(tuple(rest))
    if verb == "give" and len(rest) == 1:
        return Give(rest[0])
    if verb == "invoke" and len(rest) >= 2:
        return Invoke(rest[0], rest[1], tuple(rest[2:]))
    if verb == "place" and len(rest) == 2:
        rot = rest[1][3:] if rest[1].startswith("rot") else rest[1]
        return Place(_int(rest[0], "the space", text), _int(rot, "the rotation", text))
    raise ActionFormatError(
        f"cannot read {text!r}: expected 'call <cards>', 'pass', 'invoke <card> <pay> [targets]', "
        "'place <space> rot<k>' or 'give <card>'"
    )


def _from_json(data: Any) -> AnyAction:
    try:
        kind = data["type"]
        if kind == "pass":
            return Pass()
        if kind == "call":
            return Call(tuple(str(c) for c in data["cards"]))
        if kind == "give":
            return Give(str(data["card"]))
        if kind == "invoke":
            return Invoke(str(data["card"]), str(data["pay"]), tuple(str(t) for t in data.get("target", ())))
        if kind == "place":
            space, rot = data["space"], data["rotation"]
            if not (isinstance(space, int) and isinstance(rot, int)) or isinstance(space, bool):
                raise ActionFormatError(f"place needs integer space and rotation, got {data!r}")
            return Place(space, rot)
    except (KeyError, TypeError) as exc:
        raise ActionFormatError(f"malformed action JSON {data!r}: missing or wrong field {exc}") from None
    raise ActionFormatError(f"unknown action type in {data!r}")


class Action:
    """Namespace for reading actions: ``Action.parse(text)`` and ``Action.from_json(obj)``."""

    parse = staticmethod(_parse)
    from_json = staticmethod(_from_json)

    @staticmethod
    def coerce(action: AnyAction | str | dict[str, Any]) -> AnyAction:
        """Accept an action value, its text form, or its JSON form."""
        if isinstance(action, (Call, Pass, Invoke, Place, Give)):
            return action
        if isinstance(action, dict):
            return _from_json(action)
        return _parse(action)
