"""``playout(..., max_steps=k)``: the state that ``k`` checked random steps reach, without the checks."""

from __future__ import annotations

import random

import pytest

from naga_widget import Chance, Match
from naga_widget.rules import Pass, playout


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


@pytest.mark.parametrize("seed", range(6))
def test_a_playout_that_passes_more_is_those_checked_steps(seed: int) -> None:
    start = Match(seed=seed).state
    fast = playout(start, random.Random(seed), Chance(random.Random(seed + 100), record=False), max_steps=60,
                   pass_chance=0.8)
    state, rng, chance, passes = start, random.Random(seed), Chance(random.Random(seed + 100), record=False), 0
    for _ in range(60):
        if state.outcome is not None:
            break
        if state.phase == "confront" and rng.random() < 0.8:
            action = Pass()
            passes += 1
        else:
            action = state.legal_actions().sample(rng)
        state = state.apply(action, chance)  # checked: a pass is legal at every decision of the Confrontation
    assert fast == state and passes > 0


@pytest.mark.parametrize(("kwargs", "message"), [({"pass_chance": 1.5}, "pass_chance"),
                                                  ({"pass_chance": -0.1}, "pass_chance"),
                                                  ({"max_steps": -1}, "max_steps")])
def test_bad_playout_settings_are_refused(kwargs: dict[str, float], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        playout(Match(seed=1).state, random.Random(1), **kwargs)  # type: ignore[arg-type]
