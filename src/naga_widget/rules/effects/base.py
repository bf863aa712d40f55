"""R5 — the record every naga effect is written as, and the target tokens effects share.

An effect's targets are tuples of tokens (the text forms of rules.md, last
section). ``sticks`` and ``supply`` are those *after paying* (R4.2.2: an effect is
legal only if it then has a target), so the functions take them apart from the
position they read the rest from.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..chance import Chance
from ..draft import Draft, Readable
from ..events import Event
from ..ruleset import TEMPLE_NAMES
from ..temple import SLOT_NAMES

Target = tuple[str, ...]
Sticks = tuple[tuple[str, ...], tuple[str, ...]]
HasTarget = Callable[[Readable, int, Sticks, tuple[int, ...]], bool]
Targets = Callable[[Readable, int, Sticks, tuple[int, ...]], tuple[Target, ...]]
IsTarget = Callable[[Readable, int, Sticks, tuple[int, ...], Target], bool]
Resolve = Callable[[Draft, int, Target, Chance, list[Event] | None], None]
Words = Callable[[Target, int], str]

#: ``gold:4`` and ``gold:W0``: the tokens of spaces and relic slots, per temple, and what each stands for.
SPACE_TOKENS = tuple(tuple(f"{name}:{i}" for i in range(9)) for name in TEMPLE_NAMES)
SLOT_TOKENS = tuple(tuple(f"{name}:{slot}" for slot in SLOT_NAMES) for name in TEMPLE_NAMES)
SPACE_OF = {tok: (t, i) for t, row in enumerate(SPACE_TOKENS) for i, tok in enumerate(row)}
SLOT_OF = {tok: (t, i) for t, row in enumerate(SLOT_TOKENS) for i, tok in enumerate(row)}

#: The kinds of target tokens (rules.md, last section), each with an example.
TOKEN_KINDS = {
    "owned_stick": "p1:teal:2",  # a stick in play and its owner (E01)
    "stick_type": "violet",  # a type of stick of the supply (E02)
    "stick": "teal:N",  # a stick as type:face (E03, E04, E05)
    "face": "N",  # a face to turn a stick to (E04)
    "slot": "gold:W0",  # a relic slot (E06, E07)
    "line": "gold:row0",  # a row or a column of a temple (E08)
    "direction": "east",  # the way a line slides (E08)
    "space": "gold:4",  # a space of a temple (E09, E10, E11)
    "rotation": "rot1",  # an orientation of a room tile (E09)
}
_ORDER_OF = {"slot": SLOT_OF, "space": SPACE_OF}  # the order unordered pairs are listed in (note 5)


def space_words(i: int) -> str:
    """``"space 6 (row 2, col 0)"``: a space as players read it (R2.1: index = 3·row + col).

    >>> space_words(4)
    'space 4 (row 1, col 1)'
    """
    return f"space {i} (row {i // 3}, col {i % 3})"


def face_words(face: str) -> str:
    """A stick's face in words: ``"naga"`` for ``N``, else its number."""
    return "naga" if face == "N" else face


def stick_words(token: str) -> str:
    """``"silver's teal 2"`` for ``p1:teal:2``, ``"teal naga"`` for ``teal:N``."""
    parts = token.split(":")
    if len(parts) == 3 and parts[0] in ("p0", "p1"):
        return f"{TEMPLE_NAMES[int(parts[0][1])]}'s {parts[1]} {face_words(parts[2])}"
    if len(parts) == 2:
        return f"{parts[0]} {face_words(parts[1])}"
    return token


def place_words(token: str) -> str:
    """``"gold N1"`` for a relic slot, ``"gold space 4 (row 1, col 1)"`` for a space."""
    if token in SLOT_OF:
        return token.replace(":", " ")
    if token in SPACE_OF:
        t, i = SPACE_OF[token]
        return f"{TEMPLE_NAMES[t]} {space_words(i)}"
    return token


def token_words(kind: str, token: str) -> str:
    """What one target token of ``kind`` (:data:`TOKEN_KINDS`) names, for a menu's button.

    >>> token_words("owned_stick", "p1:teal:2"), token_words("slot", "silver:E2")
    ("silver's teal stick showing 2", 'silver temple, relic slot E2')
    """
    if kind in ("slot", "space", "line"):
        temple, where = token.split(":")
        if kind == "slot":
            return f"{temple} temple, relic slot {where}"
        if kind == "space":
            return f"{temple} temple, {space_words(int(where))}"
        return f"{temple} temple, {'row' if where.startswith('row') else 'column'} {where[3:]}"
    if kind in ("owned_stick", "stick"):
        *owner, stick, face = token.split(":")
        whose = f"{TEMPLE_NAMES[int(owner[0][1])]}'s " if owner else ""
        return f"{whose}{stick} stick showing {'a naga' if face == 'N' else face}"
    if kind == "face":
        return f"new face {'a naga' if token == 'N' else token}"
    if kind == "rotation":
        k = token[3:]
        return f"orientation {k} ({k} quarter turn{'' if k == '1' else 's'} clockwise)"
    if kind == "direction":
        return f"slide {token}"
    if kind == "stick_type":
        return f"a {token} stick from the supply"
    raise ValueError(f"no token kind {kind!r}: kinds are {', '.join(TOKEN_KINDS)}")


@dataclass(frozen=True, slots=True)
class Effect:
    """One naga effect of R5: its words for players, its target tokens and its three functions.

    ``has_target`` is the "legal when" of R5; ``targets`` lists every legal target
    in a fixed order; ``resolve`` carries the effect out on a draft, once checked.
    ``kinds`` are the kinds of the target's tokens in order (:data:`TOKEN_KINDS`; a
    target may be shorter, as E06's single relic); ``words`` says a target in words
    for the invoker (``"swap gold N1 ↔ E2"``), the only place those words are written.
    ``unordered``: a pair of targets names the same target in either order, and is
    listed in slot or space order (rules.md, implementation note 5).
    ``change_words``, for the effects that move pieces of a temple, says what moves and where
    (``"the tiles of gold row 1 move one space east …"``), the first words of their preview.
    ``pay_matters`` is true when paying a naga can change the targets (the effect
    reads the invoker's sticks or the supply). ``is_target`` may give a faster test
    than looking the target up in ``targets``.
    """

    id: str
    name: str
    text: str
    hint: str
    has_target: HasTarget
    targets: Targets
    resolve: Resolve
    kinds: tuple[str, ...]
    words: Words
    unordered: bool = False
    change_words: Words | None = None  # what the effect moves on the board, said in a preview (E07–E10)
    pay_matters: bool = False
    is_target: IsTarget | None = None

    def target_words(self, target: Target, player: int) -> str:
        """``target`` in words for ``player``, the invoker: ``"swap gold N1 ↔ E2"``."""
        return self.words(target, player)

    def token_words(self, target: Target) -> tuple[str, ...]:
        """Each token of ``target`` in words, read by its kind."""
        return tuple(token_words(kind, tok) for kind, tok in zip(self.kinds, target))

    def in_order(self, target: Target) -> Target:
        """An unordered pair in the order the engine lists it; any other target as it is."""
        if not self.unordered or len(target) != 2:
            return target
        order = _ORDER_OF[self.kinds[0]]
        first, second = target
        if first in order and second in order and order[first] > order[second]:
            return (second, first)
        return target

    def accepts(self, s: Readable, p: int, sticks: Sticks, supply: tuple[int, ...], target: Target) -> bool:
        """Is ``target`` one of :attr:`targets`?"""
        if self.is_target is not None:
            return self.is_target(s, p, sticks, supply, target)
        return target in self.targets(s, p, sticks, supply)


def always(s: Readable, p: int, sticks: Sticks, supply: tuple[int, ...]) -> bool:
    """The "legal: always" of R5."""
    return True


def distinct(items: tuple[str, ...]) -> tuple[str, ...]:
    """``items`` without repeats, in order (identical sticks are one target, R4.2.2)."""
    return tuple(dict.fromkeys(items))


def note(log: list[Event] | None, effect: str, kind: str, text: str, **data: Any) -> None:
    """Log a public event of ``effect``."""
    if log is not None:
        log.append(Event(effect, kind, text, data))
