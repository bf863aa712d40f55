"""Chance as explicit nodes: every random event of a transition, one at a time, with its odds.

The engine decides all the chance of one transition inside ``apply`` (a throw of five
sticks, three cards drawn, the next room…), asking a :class:`~naga_widget.rules.Chance`.
For a game tree with explicit chance nodes (OpenSpiel), :func:`attempt` runs the
transition with a :class:`ScriptedChance` that answers from the outcomes chosen so far
and stops at the first event that has none, reporting its kind and pool
(a :class:`Need`). The caller offers that pool as a chance node, adds the
outcome drawn, and attempts again; when nothing is missing the transition is done.
Because ``apply`` works on a private copy, a stopped attempt changes nothing.

The outcomes (R3, R4, E01, E02, E12), each uniform over its pool (a repeated entry —
two faces "2" on a brown stick, three cursed relics — counts once per copy):

========== ================================================================
kind       outcome
========== ================================================================
``relics`` the relic dealt to the next slot (R3.1; a deal is nine such picks)
``room``   the room revealed (R3.5, R4.4.3)
``amulet`` the amulet laid on it (R3.5)
``card``   a card drawn (R3.4, R4.4, E12)
``throw``  the face a stick shows (R3.6, R4.2, E01, E02)
========== ================================================================

>>> from naga_widget.rules import new_game
>>> table = ChanceTable.for_ruleset(STANDARD)
>>> need = attempt(lambda chance: new_game(STANDARD, chance)[0], ())
>>> need.kind, sorted(set(need.pool))
('relics', ['c6', 's3', 's4', 's5'])
>>> [(table.label(i), round(p, 3)) for i, p in table.odds(need)]
[('relic c6', 0.333), ('relic s3', 0.222), ('relic s4', 0.222), ('relic s5', 0.222)]
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from functools import cache
from typing import NamedTuple, TypeVar

from naga_widget.rules import STANDARD, Chance, Ruleset

T = TypeVar("T")
Outcome = tuple[str, str]

LABELS = {"relics": "relic", "room": "room", "amulet": "amulet", "card": "card", "throw": "throw"}


class Need(NamedTuple):
    """The next chance event of a transition: its kind and its pool (each entry equally likely)."""

    kind: str
    pool: tuple[str, ...]


class ChanceNeeded(Exception):
    """Raised by :class:`ScriptedChance` when a transition needs an outcome nobody chose yet."""

    def __init__(self, need: Need) -> None:
        super().__init__(f"a {need.kind} outcome is needed")
        self.need = need


class ScriptedChance(Chance):
    """Answers the engine's chance questions from ``outcomes`` in order, then stops
    (or, given ``rng``, goes on with uniform draws from it)."""

    def __init__(self, outcomes: Sequence[Outcome], rng: random.Random | None = None) -> None:
        super().__init__(record=False)
        self.outcomes = outcomes
        self.used = 0
        self.then = rng

    def pick(self, kind: str, pool: Sequence[str]) -> str:
        if self.used == len(self.outcomes):
            if self.then is None:
                raise ChanceNeeded(Need(kind, tuple(pool)))
            return pool[int(self.then.random() * len(pool))]
        got_kind, value = self.outcomes[self.used]
        if got_kind != kind or value not in pool:
            raise ValueError(f"chance outcome #{self.used} {got_kind} {value} does not fit a {kind} "
                             f"drawn from {sorted(set(pool))}")
        self.used += 1
        return value

    def permutation(self, kind: str, items: Sequence[str]) -> tuple[str, ...]:
        """A deal as successive picks: the item of each position, from those not yet dealt."""
        left = list(items)
        dealt = []
        for _ in range(len(items)):
            value = self.pick(kind, tuple(left))
            left.remove(value)
            dealt.append(value)
        return tuple(dealt)


def attempt(transition: Callable[[Chance], T], outcomes: Sequence[Outcome]) -> T | Need:
    """Run ``transition`` with the chosen ``outcomes``: its result, or the next outcome it needs."""
    chance = ScriptedChance(outcomes)
    try:
        result = transition(chance)
    except ChanceNeeded as stop:
        return stop.need
    if chance.used != len(outcomes):
        raise ValueError(f"the transition used {chance.used} of {len(outcomes)} chance outcomes")
    return result


class ChanceTable:
    """Numbers every chance outcome of a ruleset: ``(kind, value)`` ↔ index."""

    def __init__(self, ruleset: Ruleset) -> None:
        faces = dict.fromkeys(f for t in ruleset.stick_types for f in t.faces)
        pools: dict[str, Sequence[str]] = {
            "relics": sorted({r.token for r in ruleset.relics}),
            "room": sorted(r.id for r in ruleset.rooms),
            "amulet": sorted(a.id for a in ruleset.amulets),
            "card": sorted(c.id for c in ruleset.cards),
            "throw": tuple(faces),
        }
        self.outcomes: tuple[Outcome, ...] = tuple((kind, v) for kind, values in pools.items() for v in values)
        self._index = {o: i for i, o in enumerate(self.outcomes)}

    @staticmethod
    @cache
    def for_ruleset(ruleset: Ruleset = STANDARD) -> ChanceTable:
        return ChanceTable(ruleset)

    @property
    def size(self) -> int:
        return len(self.outcomes)

    def index(self, kind: str, value: str) -> int:
        try:
            return self._index[kind, value]
        except KeyError:
            raise ValueError(f"{kind} {value!r} is not a chance outcome of this ruleset") from None

    def label(self, index: int) -> str:
        kind, value = self.outcomes[index]
        return f"{LABELS[kind]} {value}"

    def odds(self, need: Need) -> list[tuple[int, float]]:
        """The outcomes of ``need`` as sorted ``(index, probability)`` pairs."""
        counts = Counter(need.pool)
        total = len(need.pool)
        return sorted((self.index(need.kind, v), n / total) for v, n in counts.items())

    def outcome(self, index: int) -> Outcome:
        if not 0 <= index < len(self.outcomes):
            raise ValueError(f"chance outcome {index} is outside 0–{len(self.outcomes) - 1}")
        return self.outcomes[index]
