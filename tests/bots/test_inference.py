"""Inference: worlds weighted by the likelihood of the opponent's call and pass follow the posterior exactly."""

from __future__ import annotations

import math
import random
from collections import Counter
from itertools import combinations
from typing import Any

import pytest
from test_determinize import card_world, chisquare, exact_card_worlds, small_case
from worlds import FULL, RS, build, random_states, temple

from naga_widget.bots import Determinizer, ISMCTSBot
from naga_widget.bots import inference as inference_module
from naga_widget.bots.greedy import call_score
from naga_widget.bots.heuristics import evaluate
from naga_widget.bots.inference import BETA, PASS_BETA, PASS_TARGETS, Inference, call_likelihood
from naga_widget.rules import Chance, Invoke, State

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
        assert (inference.opponent is not None) == (state.calls[1 - p] is not None and len(state.calls[1 - p]) > 0)
        assert not Inference(state.observe("truth")).active
        assert not Inference(state.observe(p), beta=0, pass_beta=0).active


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
        bot = ISMCTSBot(iterations=600, seed=5, inference=inference, worlds=None)  # 600 worlds drawn
        beliefs = bot.decide(state.observe(0), legal).explanation
        guesses[inference] = beliefs.beliefs.cards["silver"][card]
    assert abs(guesses[True] - weighted[card]) < 0.06 and abs(guesses[False] - uniform[card]) < 0.06


# -- the opponent's pass ---------------------------------------------------------------------------
# Silver (the guide) called 10d face up, took three teal sticks (one a naga) and has just passed; gold
# is to move. Gold sees every relic; silver's two cards are two of the seven gold has not seen.
PASS_DECK, PASS_HAND = ("06d", "08a", "09c", "11c", "12d"), ("04a", "10c")


def pass_case(silver_sticks: tuple[str, ...] = ("teal:1", "teal:2", "teal:N")) -> State:
    crosses = {6: ("R01", 0), 3: ("R02", 0), 8: ("R03", 0), 5: ("R04", 0)}
    silver = temple(("s5", "s5", "s3", "s3", "s4", "s4", "c6", "c6", "c6"), crosses, known=(FULL, FULL, FULL))
    gold = temple(("s3", "s4", "s5", "s3", "c6", "s4", "c6", "s5", "c6"), known=(FULL, FULL, FULL))
    state = build(phase="confront", to_move=0, guide=1, temples=(gold, silver),
                  hands=(("01a", "02b", "03c", "05d"), PASS_HAND), calls=(("09a",), ("10d",)), deck=PASS_DECK,
                  sticks=(("brown:1", "brown:2"), silver_sticks))
    return state._replace(passes=1)


def brute_pass(world: State) -> float:
    """The pass model, from the legal actions listed one by one: pass against each (card, payment) at
    the best of at most three targets spread over its list."""
    targets: dict[tuple[str, str], list[Invoke]] = {}
    for action in world.legal_actions():
        if isinstance(action, Invoke):
            targets.setdefault((action.card, action.pay), []).append(action)
    before = evaluate(world, 1)
    total = 1.0
    for listed in targets.values():
        step = -(-len(listed) // PASS_TARGETS)
        best = max(evaluate(world.apply(a, Chance(random.Random(0), record=False)), 1) for a in listed[::step])
        total += math.exp(PASS_BETA * (best - before))
    return 1.0 / total


def pass_posterior(state: State) -> dict[tuple[str, ...], float]:
    """The exact posterior over silver's hand: every pair of the unseen cards alike, times the likelihood
    of its call (made from that hand and 10d) and of its pass (in the world before it)."""
    unseen = sorted(PASS_DECK + PASS_HAND)
    weights = {}
    for hand in combinations(unseen, 2):
        before = state._replace(hands=(state.hands[0], hand), to_move=1, passes=0,
                                deck=tuple(c for c in unseen if c not in hand))
        weights[hand] = brute_likelihood(("10d",), hand) * brute_pass(before)
    total = sum(weights.values())
    return {h: v / total for h, v in weights.items()}


def test_weighted_worlds_follow_the_posterior_of_the_opponent_s_call_and_pass(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(inference_module, "MAX_TRIES", 10_000)  # no world kept for want of time: the exact law
    state = pass_case()
    inference = Inference(state.observe(0), bound=1.0)
    assert inference.passer == 1 and inference.opponent == 1
    law = pass_posterior(state)
    assert max(law.values()) > 10 * min(law.values())  # the pass tells much about the hand
    rng = random.Random(2027)
    samples = [inference.sample(rng).hands[1] for _ in range(1_500)]
    assert p_value(samples, law) > 0.001
    # the check can fail: the worlds weighed by the call only do not pass it
    calls_only = Inference(state.observe(0), bound=1.0, pass_beta=0)
    assert calls_only.passer is None
    assert p_value([calls_only.sample(rng).hands[1] for _ in range(1_500)], law) < 1e-6


def test_an_automatic_pass_or_a_pass_not_just_made_is_not_weighed() -> None:  # R4.2.2
    assert Inference(pass_case(("teal:1", "teal:2", "violet:3")).observe(0)).passer is None  # no naga: automatic
    assert Inference(pass_case()._replace(passes=0).observe(0)).passer is None
    assert Inference(pass_case().observe("truth")).passer is None
    world = pass_case()
    assert Inference(world.observe(0)).pass_weight(world) == pytest.approx(
        brute_pass(world._replace(to_move=1, passes=0)))


def test_the_search_weighs_the_pass_when_asked() -> None:
    state = pass_case()
    law = pass_posterior(state)
    unseen = sorted(PASS_DECK + PASS_HAND)
    calls_only = {h: brute_likelihood(("10d",), h) for h in combinations(unseen, 2)}
    total = sum(calls_only.values())
    held = {c: sum(v for h, v in law.items() if c in h) for c in unseen}
    held_calls_only = {c: sum(v for h, v in calls_only.items() if c in h) / total for c in unseen}
    card = max(unseen, key=lambda c: abs(held[c] - held_calls_only[c]))
    assert abs(held[card] - held_calls_only[card]) > 0.15
    legal = state.legal_actions().detached()
    guesses = {}
    for weigh in (True, False):
        bot = ISMCTSBot(iterations=400, seed=3, worlds=None, weigh_passes=weigh, playout_steps=0)
        guesses[weigh] = bot.decide(state.observe(0), legal).explanation.beliefs.cards["silver"].get(card, 0.0)
    # gold can only pass here: its guesses come from the 64 worlds tallied for a single legal action
    middle = (held[card] + held_calls_only[card]) / 2
    assert (guesses[True] - middle) * (held[card] - middle) > 0  # each on the side of its own law
    assert (guesses[False] - middle) * (held_calls_only[card] - middle) > 0
