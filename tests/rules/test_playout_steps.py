"""``playout(..., max_steps=k)``: the state that ``k`` checked random steps reach, without the checks."""

from __future__ import annotations

import random

import pytest

from naga_widget import Chance, Match
from naga_widget.rules import playout


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("steps", [0, 1, 6, 40, 10_000])
def test_a_short_playout_is_k_checked_random_steps(seed: int, steps: int) -> None:
    start = Match(seed=seed).state
    fast = playout(start, random.Random(seed), Chance(random.Random(seed + 100), record=False), max_steps=steps)
    state, rng, chance = start, random.Random(seed), Chance(random.Random(seed + 100), record=False)
    for _ in range(steps):
        if state.outcome is not None:
            break
        state = state.apply(state.legal_actions().sample(rng), chance)
    assert fast == state
    assert (fast.outcome is not None) == (steps == 10_000)
