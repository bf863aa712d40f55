"""The working copy a transition edits, and two small functions for its immutable parts.

A transition copies a position into a :class:`Draft`, lets the rules change its
fields in place, and freezes it back into a value of the same class. Nothing
outside a transition ever sees a draft.

>>> put(("a", "b"), 1, "c"), remove_one(("x", "y", "x"), "x")
(('a', 'c'), ('y', 'x'))
"""

from __future__ import annotations

from typing import Generic, TypeVar

from .outcome import Outcome
from .position import Position
from .ruleset import Ruleset
from .steps import Phase
from .temple import Temple

T = TypeVar("T")
P = TypeVar("P", bound=Position)


class Draft(Generic[P]):
    """A mutable working copy of a position (same fields), frozen back with :meth:`freeze`."""

    ruleset: Ruleset
    phase: Phase
    to_move: int
    round: int
    guide: int
    temples: tuple[Temple, Temple]
    hands: tuple[tuple[str, ...], tuple[str, ...]]
    shown: tuple[frozenset[str], frozenset[str]]
    calls: tuple[tuple[str, ...] | None, tuple[str, ...] | None]
    sticks: tuple[tuple[str, ...], tuple[str, ...]]
    supply: tuple[int, ...]
    amulets: tuple[tuple[str, ...], tuple[str, ...]]
    spent: tuple[tuple[str, ...], tuple[str, ...]]
    deck: tuple[str, ...]
    discard: tuple[str, ...]
    rooms: tuple[str, ...]
    amulet_pile: tuple[str, ...]
    offered: tuple[str, str | None] | None
    trap: tuple[int, int] | None
    passes: int
    drawn: tuple[str, ...]
    outcome: Outcome | None

    def __init__(self, position: P) -> None:
        # Field by field (not through ``__dict__``), so that the class also compiles (see compiled.py).
        (self.ruleset, self.phase, self.to_move, self.round, self.guide, self.temples, self.hands, self.shown,
         self.calls, self.sticks, self.supply, self.amulets, self.spent, self.deck, self.discard, self.rooms,
         self.amulet_pile, self.offered, self.trap, self.passes, self.drawn, self.outcome) = position
        self._kind: type[P] = type(position)

    def freeze(self) -> P:
        """The position this draft now describes, of the class it was copied from."""
        return tuple.__new__(self._kind, (
            self.ruleset, self.phase, self.to_move, self.round, self.guide, self.temples, self.hands, self.shown,
            self.calls, self.sticks, self.supply, self.amulets, self.spent, self.deck, self.discard, self.rooms,
            self.amulet_pile, self.offered, self.trap, self.passes, self.drawn, self.outcome))


Readable = Position | Draft
"""What the rules read from: a position, or a draft in the middle of a transition."""


def put(pair: tuple[T, T], player: int, value: T) -> tuple[T, T]:
    """``pair`` with the entry of ``player`` replaced."""
    return (value, pair[1]) if player == 0 else (pair[0], value)


def remove_one(items: tuple[str, ...], item: str) -> tuple[str, ...]:
    """``items`` without the first ``item``."""
    i = items.index(item)
    return items[:i] + items[i + 1:]
