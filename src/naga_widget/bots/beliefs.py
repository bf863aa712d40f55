"""Tallying sampled worlds into a bot's guesses about hidden facts (R6).

A bot that samples worlds with a :class:`~naga_widget.bots.determinize.Determinizer`
feeds each world to a :class:`BeliefTally`; ``beliefs()`` then gives the
frequencies as a :class:`~naga_widget.bots.base.Beliefs`: per card the chance that
a secret holder holds it, per unknown slot the chance of each relic and of a
cursed one, per secret holder the expected points of their hidden amulets.
"""

from __future__ import annotations

from collections import Counter

from ..rules import TEMPLE_NAMES, State
from ..rules.effects.base import SLOT_TOKENS
from .base import Beliefs
from .determinize import Determinizer


class BeliefTally:
    """Counts what the sampled worlds put where the viewer cannot see."""

    def __init__(self, determinizer: Determinizer) -> None:
        self.ruleset = determinizer.ruleset
        self.holders = determinizer.secret_holders
        self.slots = tuple(determinizer.unknown_slots)
        self.amulet_holders = determinizer.hidden_amulet_holders
        self.cards: dict[int, Counter[str]] = {p: Counter() for p in self.holders}
        self.relics: dict[tuple[int, int], Counter[str]] = {slot: Counter() for slot in self.slots}
        self.amulet_points = dict.fromkeys(self.amulet_holders, 0)
        self.samples = 0

    def add(self, world: State) -> None:
        for p in self.holders:
            held = self.cards[p]
            held.update(world.hands[p])
            held.update(world.calls[p] or ())
        for t, i in self.slots:
            self.relics[t, i][world.temples[t].relics[i]] += 1
        for p in self.amulet_holders:
            self.amulet_points[p] += self.ruleset.amulet_points(world.amulets[p])
        self.samples += 1

    def beliefs(self) -> Beliefs:
        n = self.samples
        if n == 0:
            return Beliefs()
        cursed = {r.token for r in self.ruleset.relics if r.cursed}
        relics = {SLOT_TOKENS[t][i]: {r: k / n for r, k in sorted(c.items())} for (t, i), c in self.relics.items()}
        return Beliefs(
            cards={TEMPLE_NAMES[p]: {c: k / n for c, k in sorted(held.items())} for p, held in self.cards.items()},
            relics=relics,
            cursed={slot: sum(v for r, v in dist.items() if r in cursed) for slot, dist in relics.items()},
            amulet_points={TEMPLE_NAMES[p]: v / n for p, v in self.amulet_points.items()},
            samples=n,
        )
