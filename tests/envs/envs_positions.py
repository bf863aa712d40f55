"""Positions for the adapter tests: every decision point of seeded random games."""

from __future__ import annotations

import random
from collections.abc import Iterator

from naga_widget.rules import Chance, State, new_game


def positions(seed: int, games: int = 1) -> Iterator[State]:
    """Each state where a player decides, in ``games`` random games (RandomBot's distribution)."""
    for g in range(games):
        rng = random.Random(seed * 1000 + g)
        chance = Chance(random.Random(seed * 1000 + g + 500), record=False)
        state, _ = new_game(chance=chance)
        while state.outcome is None:
            yield state
            state = state.apply(state.legal_actions().sample(rng), chance)
