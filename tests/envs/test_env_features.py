"""The observation vector: fixed size, within [0, 1], and made of the player's own view only.

The leak test: two states that one player cannot tell apart (two determinizations of the
player's observation: other opponent hand, other face-down relics, other amulets) give that
player the same vector — while a fact the player does see changes it.
"""

from __future__ import annotations

import random

import pytest
from envs_positions import positions

from naga_widget.bots import determinize
from naga_widget.envs import ActionTable, Menu, ObservationEncoder
from naga_widget.rules import STANDARD, State

ENC = ObservationEncoder.for_ruleset(STANDARD)
TABLE = ActionTable.for_ruleset(STANDARD)


def hidden_differs(a: State, b: State, player: int) -> bool:
    """Do ``a`` and ``b`` differ in something ``player`` does not see?"""
    o = 1 - player
    return (a.hands[o] != b.hands[o] or a.calls[o] != b.calls[o] or a.deck != b.deck
            or any(x.relics != y.relics for x, y in zip(a.temples, b.temples)) or a.amulets[o] != b.amulets[o]
            or a.amulet_pile != b.amulet_pile)


def test_sections_add_up_and_values_stay_in_range():
    assert sum(n for _, n in ENC.sections) == ENC.size
    for state in positions(1):
        for p in (0, 1):
            vector = ENC.encode(state.observe(p))
            assert len(vector) == ENC.size
            assert all(0.0 <= x <= 1.0 for x in vector), "every feature is scaled into [0, 1]"


@pytest.mark.parametrize("seed", range(3))
def test_two_worlds_the_player_cannot_tell_apart_give_the_same_vector(seed: int):
    rng = random.Random(seed)
    differing = 0
    for k, state in enumerate(positions(seed)):
        if k % 3:
            continue
        p = state.to_move
        observation = state.observe(p)
        one, two = determinize(observation, rng), determinize(observation, rng)
        assert one.observe(p) == two.observe(p) == observation
        differing += hidden_differs(one, two, p)
        partial = Menu(TABLE, state.legal_actions()).options()[:1]
        assert ENC.encode(one.observe(p), partial) == ENC.encode(two.observe(p), partial) \
            == ENC.encode(observation, partial)
    assert differing > 3, "the worlds compared do differ in hidden facts"


def test_what_the_player_sees_does_change_the_vector():
    state = next(positions(2))
    p = state.to_move
    base = ENC.encode(state.observe(p))
    # the player's own hand is seen: swap one of its cards for a deck card
    mine = state.hands[p]
    swapped = tuple(sorted(mine[1:] + state.deck[:1]))
    other = state._replace(hands=(swapped, state.hands[1]) if p == 0 else (state.hands[0], swapped))
    assert ENC.encode(other.observe(p)) != base
    # the opponent's hand is not seen: the same swap there leaves p's vector as it was
    o = 1 - p
    theirs = tuple(sorted(state.hands[o][1:] + state.deck[:1]))
    hidden = state._replace(hands=(theirs, state.hands[1]) if o == 0 else (state.hands[0], theirs))
    assert ENC.encode(hidden.observe(p)) == base
    # and the player's own unfinished sub-choice is part of the vector
    assert ENC.encode(state.observe(p), (TABLE.call_index(mine[0]),)) != base


@pytest.mark.parametrize("viewer", ["truth", "spectator"])
def test_only_a_players_observation_can_be_encoded(viewer: str):
    state = next(positions(0))
    with pytest.raises(ValueError, match="viewer 0 or 1"):
        ENC.encode(state.observe(viewer))
