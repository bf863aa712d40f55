"""Chance that a player cannot predict: default seeds of 128 bits, seeded matches that say they are
reproducible, and what a fork keeps and re-rolls (docs/saves.md, "Chance")."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import naga_widget.match as match_module
from naga_widget import Match


def test_a_default_seed_has_128_bits_from_the_secrets_module(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[int] = []
    real = match_module.secrets.randbits

    def spy(k: int) -> int:
        asked.append(k)
        return real(k)

    monkeypatch.setattr(match_module.secrets, "randbits", spy)
    seeds = [Match().seed for _ in range(16)]
    assert asked == [128] * 16
    assert len(set(seeds)) == 16 and max(s.bit_length() for s in seeds) > 120


def test_a_default_seed_round_trips_through_json() -> None:
    m = Match()
    m.play(next(iter(m.legal_actions())))
    text = m.dumps()
    assert json.loads(text)["seed"] == m.seed and m.seed >= 0
    loaded = Match.loads(text)
    assert loaded.seed == m.seed and loaded.state == m.state and loaded.dumps() == text


def test_a_seeded_match_is_reproducible_and_says_so() -> None:
    m = Match(seed=42)
    assert m.reproducible
    assert "seed=42 (reproducible: not secret)" in repr(m)
    # what "not secret" means: whoever knows the seed knows the other player's hand
    assert Match(seed=42).state.hands[1] == m.state.hands[1]


def test_a_match_without_a_seed_keeps_it_out_of_its_repr() -> None:
    m = Match()
    assert not m.reproducible
    assert "secret seed" in repr(m) and str(m.seed) not in repr(m) and "reproducible" not in repr(m)


@pytest.mark.parametrize("seed", [None, 42])
def test_reproducible_is_saved_and_loaded(seed: int | None) -> None:
    m = Match(seed=seed)
    doc = json.loads(m.dumps())
    assert doc["reproducible"] is (seed is not None)
    loaded = Match.loads(m.dumps())
    assert loaded.reproducible is (seed is not None) and repr(loaded) == repr(m)


def _first_confrontation(m: Match) -> None:
    """Play to the first call that makes both players throw (the next step draws chance)."""
    rng = random.Random(4)
    while not (m.state.phase == "call" and m.state.to_move != m.state.guide):
        m.play(m.legal_actions().sample(rng))


def _throws(outcomes: list[tuple[str, Any]]) -> list[str]:
    return [value for kind, value in outcomes if kind == "throw"]


def test_a_fork_keeps_the_relic_deal_and_the_position_and_re_rolls_what_follows() -> None:
    rerolled = 0
    for seed in range(8):
        m = Match(seed=seed)
        _first_confrontation(m)
        at = m.step
        position = m.state
        action = next(iter(m.legal_actions()))
        m.play(action)
        first = m.node
        m.goto(at)
        m.play(action)  # the same action again, no fork: the same step, the same chance
        assert m.node is first and len(m.branches()) == 1
        m.goto(at)
        m.play(action, fork=True)  # a fork of the same action: a new sibling, new chance
        second = m.node
        m.goto(at)
        m.play(action, fork=True)
        third = m.node
        assert len(m.branches()) == 3
        for node in (first, second, third):
            assert node.parent.state == position  # type: ignore[union-attr]  # the position forked from
            assert [t.relics for t in node.state.temples] == [t.relics for t in position.temples]
            assert node.state.hands == first.state.hands  # dealt before the fork: kept
        keys = {first.key, second.key, third.key}
        assert len(keys) == 3, "the sibling number is part of each step's chance key"
        throws = {tuple(_throws(n.outcomes)) for n in (first, second, third)}
        rerolled += len(throws) > 1
    assert rerolled >= 7  # three throws of several sticks: equal by chance at most rarely


def test_a_fork_with_another_action_draws_its_own_future_but_the_same_relics() -> None:
    m = Match(seed=5)
    _first_confrontation(m)
    at = m.step
    a, b = list(m.legal_actions())[:2]
    m.play(a)
    rng = random.Random(1)
    for _ in range(12):
        m.play(m.legal_actions().sample(rng))
    line_a = m.line()
    m.goto(at)
    m.play(b)
    for _ in range(12):
        m.play(m.legal_actions().sample(rng))
    line_b = m.line()
    assert line_a[at] is line_b[at]  # the shared past is one and the same
    assert [t.relics for t in line_a[-1].state.temples] == [t.relics for t in line_b[-1].state.temples]
    drawn_a = [o for n in line_a[at + 1:] for o in n.outcomes]
    drawn_b = [o for n in line_b[at + 1:] for o in n.outcomes]
    assert drawn_a != drawn_b


def test_the_same_seed_and_actions_give_the_same_chance_in_a_new_match() -> None:
    """Reproducible means: anyone replaying the seed and the actions sees the same chance."""
    a = Match(seed=9)
    _first_confrontation(a)
    b = Match(seed=9)
    for action in a.actions:
        b.play(action)
    action = next(iter(a.legal_actions()))
    a.play(action)
    b.play(action)
    assert a.node.outcomes == b.node.outcomes and a.state == b.state
