"""Inference: worlds weighted by the likelihood of the opponent's call follow the posterior exactly."""

from __future__ import annotations

import math
import random
from collections import Counter
from itertools import combinations
from typing import Any

import pytest
from test_determinize import card_world, chisquare, exact_card_worlds, small_case
from worlds import RS, random_states

from naga_widget.bots import Determinizer, ISMCTSBot
from naga_widget.bots.greedy import call_score
from naga_widget.bots.inference import BETA, Inference, call_likelihood

SAMPLES = 3_000


def brute_likelihood(call: tuple[str, ...], hand: tuple[str, ...]) -> float:
    """The softmax over GreedyBot's call scores, summed over every call the hand allowed, one by one."""
    cards = call + hand
    calls = [c for n in range(1, len(cards) + 1) for c in combinations(sorted(cards), n)
             if len({RS.card(k).stick for k in c}) == 1]
    total = sum(math.exp(BETA * call_score(RS, c)) for c in calls)
    return math.exp(BETA * call_score(RS, tuple(sorted(call)))) / total


def test_the_closed_form_is_the_softmax_over_every_call_the_hand_allowed() -> None:
    rng = random.Random(3)
    cards = [c.id for c in RS.cards]
    for _ in range(40):
        held = rng.sample(cards, rng.randint(1, 7))
        stick = RS.card(held[0]).stick
        same = [c for c in held if RS.card(c).stick == stick]
        call = tuple(sorted(rng.sample(same, rng.randint(1, len(same)))))
        hand = tuple(c for c in held if c not in call)
        assert call_likelihood(RS, call, hand) == pytest.approx(brute_likelihood(call, hand), rel=1e-9)


def posterior() -> dict[Any, float]:
    """The exact posterior over silver's (hand, call): uniform prior (every consistent world alike)
    times the likelihood of the call."""
    weights = {w: brute_likelihood(w[1], w[0]) for w in exact_card_worlds()}
    total = sum(weights.values())
    return {w: v / total for w, v in weights.items()}


def p_value(samples: list[Any], law: dict[Any, float]) -> float:
    counts = Counter(samples)
    assert set(counts) <= set(law), f"impossible worlds sampled: {set(counts) - set(law)}"
    return float(chisquare([counts[w] for w in law], [law[w] * len(samples) for w in law]).pvalue)


def test_weighted_worlds_follow_the_posterior_of_the_opponent_s_hidden_call() -> None:
    state = small_case()  # silver called two cards face down; gold does not see them
    inference = Inference(state.observe(0), bound=1.0)
    assert inference.active and inference.opponent == 1
    rng = random.Random(2026)
    samples = [card_world(inference.sample(rng)) for _ in range(SAMPLES)]
    law = posterior()
    assert p_value(samples, law) > 0.001
    # the check can fail: the unweighted worlds (every consistent world alike) do not pass it
    det = Determinizer(state.observe(0))
    assert p_value([card_world(det.sample(rng)) for _ in range(SAMPLES)], law) < 1e-6
    assert max(law.values()) > 3 * min(law.values())  # the call tells something about the hand


def test_nothing_is_weighed_where_the_opponent_made_no_call_or_all_is_seen() -> None:
    for state in random_states(range(2), decisions_only=True):
        p = state.to_move
        inference = Inference(state.observe(p))
        assert inference.active == (state.calls[1 - p] is not None and len(state.calls[1 - p]) > 0)
        assert not Inference(state.observe("truth")).active and not Inference(state.observe(p), beta=0).active


def test_the_search_s_guesses_of_hidden_cards_use_the_weighted_worlds() -> None:
    state = small_case()
    law = posterior()
    cards = sorted({c for hand, call in law for c in hand + call})
    weighted = {c: sum(v for (hand, call), v in law.items() if c in hand + call) for c in cards}
    uniform = {c: sum(c in hand + call for hand, call in law) / len(law) for c in cards}
    card = max(cards, key=lambda c: abs(weighted[c] - uniform[c]))  # where the call tells the most
    assert abs(weighted[card] - uniform[card]) > 0.08
    legal = state.legal_actions().detached()
    guesses = {}
    for inference in (True, False):
        beliefs = ISMCTSBot(iterations=600, seed=5, inference=inference).decide(state.observe(0), legal).explanation
        guesses[inference] = beliefs.beliefs.cards["silver"][card]
    assert abs(guesses[True] - weighted[card]) < 0.06 and abs(guesses[False] - uniform[card]) < 0.06
