"""Bots get the observation and a detached list of legal actions: the same choices, no state inside."""

from __future__ import annotations

import gc
import random
from typing import Any

import pytest

from naga_widget import Match, RandomBot, State, play_match
from naga_widget.rules import Chance, LegalActions, new_game


def positions(seeds: range) -> list[State]:
    found = []
    for seed in seeds:
        rng = random.Random(seed)
        chance = Chance(rng, record=False)
        state, _ = new_game(chance=chance)
        while not state.is_over:
            found.append(state)
            state = state.apply(state.legal_actions().sample(rng), chance)
    return found


POSITIONS = positions(range(6))


def reachable(obj: Any, depth: int = 4) -> list[Any]:
    """Objects reachable from ``obj`` (a few levels deep)."""
    seen, frontier = [], [obj]
    for _ in range(depth):
        nxt = []
        for o in frontier:
            for r in gc.get_referents(o):
                if not isinstance(r, (str, int, type)):
                    seen.append(r)
                    nxt.append(r)
        frontier = nxt
    return seen


@pytest.mark.parametrize("k", range(0, len(POSITIONS), max(1, len(POSITIONS) // 40)))
def test_detached_legal_actions_equal_the_attached_ones(k: int) -> None:
    state = POSITIONS[k]
    attached = state.legal_actions()
    detached = attached.detached()
    assert list(detached) == list(attached) and len(detached) == len(attached)
    assert detached.invoke_heads() == attached.invoke_heads()
    for head in attached.invoke_heads():
        assert detached.targets(*head) == attached.targets(*head)
    for action in list(attached)[:50]:
        assert action in detached and str(action) in detached
    assert "place 9 rot0" not in detached and "dance" not in detached
    for seed in range(5):  # the same draws from the same random numbers
        assert detached.sample(random.Random(seed)) == attached.sample(random.Random(seed))


def test_detached_legal_actions_hold_no_state() -> None:
    state = next(s for s in POSITIONS if s.phase == "confront" and s.legal_actions().invoke_heads())
    detached = state.legal_actions().detached()
    assert not any(isinstance(o, State) for o in reachable(detached))
    assert any(isinstance(o, State) for o in reachable(state.legal_actions()._listed.__self__))


def test_a_bot_gets_an_observation_and_a_detached_list() -> None:
    seen: list[tuple[dict[str, Any], LegalActions]] = []

    class Spy(RandomBot):
        def act(self, observation: dict[str, Any], legal: LegalActions) -> Any:
            seen.append((observation, legal))
            return super().act(observation, legal)

    match = Match(seed=12)
    play_match(match, [Spy(1), Spy(2)])
    assert seen and all(legal._s is None for _, legal in seen)
    assert all(obs["viewer"] == legal.player for obs, legal in seen)
