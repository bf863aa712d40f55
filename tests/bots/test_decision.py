"""Decisions as data: JSON, frozen, guesses that are probabilities, and choices blind to hidden facts."""

from __future__ import annotations

import dataclasses
import json
import random
import re
from collections import Counter
from typing import Any

import pytest
from worlds import random_states

from naga_widget.bots import (
    Bot,
    Decision,
    Determinizer,
    Explanation,
    GreedyBot,
    ISMCTSBot,
    RandomBot,
    decide,
)
from naga_widget.bots.ismcts import BELIEF_SAMPLES
from naga_widget.rules import State


def position(phase: str) -> State:
    """A decision of ``phase`` from round 3 on, the opponent holding two cards or more."""
    return next(s for s in random_states(range(20), decisions_only=True)
                if s.phase == phase and s.round >= 3 and len(s.hands[1 - s.to_move]) >= 2)


POSITIONS = [position(phase) for phase in ("call", "confront", "place", "give")]
TOKEN = re.compile(r"^(gold|silver):([0-8]|[WNE][0-2]|row[0-2]|col[0-2])$")
BOTS = {"random": lambda: RandomBot(seed=1), "greedy": lambda: GreedyBot(seed=1),
        "ismcts": lambda: ISMCTSBot(iterations=120, seed=1)}


def ask(bot: Bot, state: State) -> Decision:
    return decide(bot, state.observe(state.to_move), state.legal_actions().detached())


@pytest.mark.parametrize("name", BOTS)
@pytest.mark.parametrize("k", range(len(POSITIONS)))
def test_a_decision_is_legal_json_data(name: str, k: int) -> None:
    state = POSITIONS[k]
    decision = ask(BOTS[name](), state)
    assert decision.action in state.legal_actions()
    data = json.loads(json.dumps(decision.to_json()))
    assert data["action"] == str(decision.action) and data["explanation"]["summary"]
    for h in data["explanation"]["highlights"]:
        assert TOKEN.match(h["token"]) and 0 < h["weight"] <= 1
    for c in data["explanation"]["candidates"]:
        assert c["action"] in {str(a) for a in state.legal_actions()} and 0 <= c["value"] <= 1


def test_decisions_and_their_guesses_cannot_be_changed() -> None:
    decision = ask(GreedyBot(seed=1), POSITIONS[1])
    with pytest.raises(dataclasses.FrozenInstanceError):
        decision.action = decision.action  # type: ignore[misc]
    with pytest.raises(TypeError):
        decision.explanation.beliefs.cursed["gold:W0"] = 1.0  # type: ignore[index]


def test_the_guesses_are_probabilities_that_fit_the_observation() -> None:
    state = POSITIONS[2]
    p = state.to_move
    decision = ask(ISMCTSBot(iterations=600, seed=2), state)
    beliefs = decision.explanation.beliefs
    assert beliefs.samples == min(600, BELIEF_SAMPLES)  # every simulation drew its own world
    opponent = ("gold", "silver")[1 - p]
    held = beliefs.cards[opponent]
    assert sum(held.values()) == pytest.approx(len(state.hands[1 - p]) + len(state.calls[1 - p] or ()))
    assert not set(held) & set(state.hands[p])  # the bot's own cards are not the opponent's
    observation = state.observe(p)
    for temple in observation["temples"]:
        unseen = Counter(r.token for r in state.ruleset.relics)
        unseen.subtract(s["relic"] for s in temple["relics"] if s["relic"] is not None)
        hidden = [s["slot"] for s in temple["relics"] if s["relic"] is None]
        for slot in hidden:
            guess = beliefs.relics[f"{temple['name']}:{slot}"]
            assert sum(guess.values()) == pytest.approx(1.0)
            assert beliefs.cursed[f"{temple['name']}:{slot}"] == pytest.approx(guess.get("c6", 0.0))
            for relic, n in unseen.items():  # the exact chance: that temple's unseen relics, spread evenly
                assert guess.get(relic, 0.0) == pytest.approx(n / len(hidden), abs=0.08)
    assert set(beliefs.relics) == {f"{t['name']}:{s['slot']}" for t in observation["temples"]
                                   for s in t["relics"] if s["relic"] is None}


def test_decide_wraps_a_bot_that_only_acts_and_checks_one_that_decides() -> None:
    state = POSITIONS[0]
    wrapped = ask(RandomBot(seed=4), state)
    assert wrapped.action == RandomBot(seed=4).act(state.observe(state.to_move), state.legal_actions().detached())
    assert wrapped.explanation.candidates == () and "RandomBot" in wrapped.explanation.summary

    class Confused(RandomBot):
        def decide(self, observation: dict[str, Any], legal: Any) -> Any:
            return "pass"

    with pytest.raises(TypeError, match="not a Decision"):
        ask(Confused(), state)
    assert Explanation("x").to_json() == {"summary": "x", "candidates": [], "highlights": [],
                                          "beliefs": {"cards": {}, "relics": {}, "cursed": {},
                                                      "amulet_points": {}, "samples": 0}}


def two_truths(state: State) -> tuple[State, State]:
    """Two different complete states behind the observation of the player to move."""
    p = state.to_move
    det = Determinizer(state.observe(p))
    first = det.sample(random.Random(0))
    for k in range(1, 100):
        other = det.sample(random.Random(k))
        if other.hands[1 - p] != first.hands[1 - p]:
            return first, other
    raise AssertionError("no second world found")


@pytest.mark.parametrize("name", ["greedy", "ismcts"])
@pytest.mark.parametrize("k", range(len(POSITIONS)))
def test_a_choice_cannot_depend_on_hidden_facts(name: str, k: int) -> None:
    a, b = two_truths(POSITIONS[k])
    p = a.to_move
    assert a != b and a.observe(p) == b.observe(p)
    decisions = [ask(BOTS[name](), world) for world in (a, b)]
    assert decisions[0] == decisions[1]
    assert decisions[0].to_json() == decisions[1].to_json()
