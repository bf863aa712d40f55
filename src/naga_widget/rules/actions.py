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

Reading is strict, and every refusal is an :class:`ActionFormatError` naming what
was wrong (for a call of no card, the :class:`IllegalActionError` of R4.1): numbers
are ASCII digits, every word is a text without spaces, and in the JSON form a space
or rotation is an integer (``true`` is not one). Reading also
normalises: the cards of a call are sorted, the order the engine lists them in
(R4.1), so one decision is one value however it was written:

>>> Action.parse("call 09b 07b") == Action.from_json({"type": "call", "cards": ["07b", "09b"]})
True
>>> Action.parse("place ³ rot1")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
naga_widget.rules.errors.ActionFormatError: the space must be a number written with the digits 0-9, got '³' ...

The other equivalent spellings need the position (a placement by another rotation
with the same openings, a pair of targets in the other order): see
:func:`naga_widget.rules.legal.canonical`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from .errors import ActionFormatError, IllegalActionError, is_int, quote


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

ACTION_CLASSES: tuple[type, ...] = (Call, Pass, Invoke, Place, Give)
MAX_DIGITS = 6  # a space or rotation of more digits is refused unread (no board has a million spaces)
_QUOTED = 80  # at most this much of a refused value is quoted in a message
# The fields of each JSON form: required, then optional.
_FIELDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "call": (("cards",), ()), "pass": ((), ()), "invoke": (("card", "pay"), ("target",)),
    "place": (("space", "rotation"), ()), "give": (("card",), ()),
}


def _word(value: object, what: str) -> str:
    """A token of an action: a non-empty text without spaces (the text form splits on them)."""
    if not isinstance(value, str):
        raise ActionFormatError(f"{what} must be a text, not {type(value).__name__} {quote(value)}")
    word = str.__str__(value)  # a plain str, whatever a subclass claims
    if word.split() != [word]:
        raise ActionFormatError(f"{what} must be one word without spaces, got {quote(word)}")
    return word


def _words(value: object, what: str) -> tuple[str, ...]:
    if not isinstance(value, (list, tuple)):
        raise ActionFormatError(f"{what} must be a list of texts, not {type(value).__name__} {quote(value)}")
    return tuple([_word(v, f"each of the {what}") for v in value])


def _number(value: object, what: str) -> int:
    """A space or rotation: a non-negative integer of at most MAX_DIGITS digits (``True`` is not one)."""
    if not is_int(value):
        raise ActionFormatError(f"{what} must be an integer, not {type(value).__name__} {quote(value)}")
    number = int.__index__(value)
    if not 0 <= number < 10**MAX_DIGITS:
        raise ActionFormatError(f"{what} must be a number from 0 to {10**MAX_DIGITS - 1}, "
                                f"got {number if abs(number) < 10**12 else 'a larger one'}")
    return number


def _digits(text: str, what: str, line: str) -> int:
    """A number of the text form: the ASCII digits 0-9 only (``³`` and ``①`` are refused)."""
    if not (text.isascii() and text.isdigit()):
        raise ActionFormatError(f"{what} must be a number written with the digits 0-9, got {quote(text)} "
                                f"in {quote(line)}")
    if len(text) > MAX_DIGITS:
        raise ActionFormatError(f"{what} {text[:12]}… has more than {MAX_DIGITS} digits")
    return int(text)


def _call(cards: tuple[str, ...]) -> Call:
    """R4.1: a call of at least one card, its cards sorted (the order the engine lists them in).

    An empty call has no text form; it is refused as the checker would refuse it.
    """
    if not cards:
        raise IllegalActionError("a call needs at least one card", "R4.1")
    return Call(tuple(sorted(cards)))


def _parse(text: str) -> AnyAction:
    if not isinstance(text, str):
        raise ActionFormatError(f"an action is a text like 'pass' or 'call 01a', not {type(text).__name__}")
    words = str.__str__(text).split()
    if not words:
        raise ActionFormatError("empty action text")
    verb, rest = words[0].lower(), words[1:]
    if verb == "pass" and not rest:
        return Pass()
    if verb == "call" and rest:
        return _call(tuple(rest))
    if verb == "give" and len(rest) == 1:
        return Give(rest[0])
    if verb == "invoke" and len(rest) >= 2:
        return Invoke(rest[0], rest[1], tuple(rest[2:]))
    if verb == "place" and len(rest) == 2:
        rot = rest[1][3:] if rest[1].startswith("rot") else rest[1]
        return Place(_digits(rest[0], "the space", text), _digits(rot, "the rotation", text))
    raise ActionFormatError(
        f"cannot read {quote(text)}: expected 'call <cards>', 'pass', 'invoke <card> <pay> [targets]', "
        "'place <space> rot<k>' or 'give <card>'"
    )


def _build(kind: str, get: Any) -> AnyAction:
    """The action of ``kind`` from its fields (``get(name)``), each checked as the text form would be."""
    if kind == "pass":
        return Pass()
    if kind == "call":
        return _call(_words(get("cards"), "cards"))
    if kind == "give":
        return Give(_word(get("card"), "the card"))
    if kind == "invoke":
        return Invoke(_word(get("card"), "the card"), _word(get("pay"), "the payment"),
                      _words(get("target"), "targets"))
    return Place(_number(get("space"), "the space"), _number(get("rotation"), "the rotation"))


def _from_json(data: Any) -> AnyAction:
    if not isinstance(data, dict):
        raise ActionFormatError(f"an action's JSON form is an object like {{\"type\": \"pass\"}}, "
                                f"not {type(data).__name__} {quote(data)}")
    fields = dict(dict.items(data))  # the dict's own items, whatever a subclass claims
    kind = fields.get("type")
    if not isinstance(kind, str) or str.__str__(kind) not in _FIELDS:
        raise ActionFormatError(f"unknown action type {quote(kind)}; the types are {', '.join(_FIELDS)}")
    kind = str.__str__(kind)
    required, optional = _FIELDS[kind]
    missing = [f for f in required if f not in fields]
    if missing:
        raise ActionFormatError(f"a {kind} action needs the field(s) {', '.join(missing)}: {quote(data)}")
    extra = [f for f in fields if f != "type" and f not in required and f not in optional]
    if extra:
        raise ActionFormatError(f"a {kind} action has no field(s) {', '.join(map(quote, extra))}")
    return _build(kind, lambda name: fields.get(name, ()))


def _plain(action: Any) -> bool:
    """Is ``action`` of exactly one of the engine's classes, with fields of exactly the right types
    (and a call's cards sorted)? Then it is used as it is: the common, fast case."""
    kind = type(action)
    if kind is Place:
        space, rotation = action.space, action.rotation
        return type(space) is int and type(rotation) is int and 0 <= space < 10**MAX_DIGITS \
            and 0 <= rotation < 10**MAX_DIGITS
    if kind is Invoke:
        target = action.target
        return type(action.card) is str and type(action.pay) is str and type(target) is tuple \
            and all([type(t) is str for t in target])
    if kind is Call:
        cards = action.cards
        return type(cards) is tuple and bool(cards) and all([type(c) is str for c in cards]) \
            and list(cards) == sorted(cards)
    if kind is Give:
        return type(action.card) is str
    return kind is Pass


def _coerce(action: AnyAction | str | dict[str, Any]) -> AnyAction:
    """The engine's own action value for an action value, its text form, or its JSON form.

    Always an instance of exactly one of the five classes, with checked fields: a value of
    a subclass is rebuilt from its fields, so what is recorded is what is applied.
    """
    if _plain(action):
        return action  # type: ignore[return-value]  # _plain checked its class
    if isinstance(action, ACTION_CLASSES):
        # Rebuilt from the slots of the engine's own class: a subclass (whose text, equality or
        # fields may lie) never enters a history, and the fields are checked as if parsed.
        base = next(c for c in ACTION_CLASSES if isinstance(action, c))
        kind: str = base.__dict__["kind"]
        return _build(kind, lambda name: _slot(base, action, name))
    if isinstance(action, dict):
        return _from_json(action)
    if isinstance(action, str):
        return _parse(action)
    raise ActionFormatError(f"an action is a text like 'pass', its JSON object or an action value, "
                            f"not {type(action).__name__} {quote(action)}")


def _slot(base: type, action: Any, name: str) -> Any:
    """The field ``name`` of ``action`` as the engine's class ``base`` stores it (not as a subclass shows it)."""
    try:
        return base.__dict__[name].__get__(action, base)
    except AttributeError:  # a subclass that declared the slot again and left the engine's one empty
        raise ActionFormatError(f"this {type(action).__name__} value has no {name}") from None


class Action:
    """Namespace for reading actions: ``Action.parse(text)``, ``Action.from_json(obj)`` and ``Action.coerce``."""

    parse = staticmethod(_parse)
    from_json = staticmethod(_from_json)
    coerce = staticmethod(_coerce)
