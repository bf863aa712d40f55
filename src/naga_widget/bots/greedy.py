"""GreedyBot: one step of look-ahead and a few plain rules — a bot a student can read in a minute.

The rules, one per step of a round:

- **R4.1 Call of Fate** — call the cards of one stick type that give the most expected
  fate points (R1.3: brown 1.25, violet 2, teal 0.75 per stick), less :data:`CALL_COST`
  per card called: a card called is a card that cannot be invoked.
- **R4.2 Confrontation** and **R4.3 Exploration** — try every legal action on a few
  worlds sampled from what the bot knows (:func:`~naga_widget.bots.determinize`), score
  each result with :func:`~naga_widget.bots.heuristics.evaluate` and keep the best on
  average. That one score covers the ideas of the game: reveal sacred relics (R2.4, R6),
  never the third cursed one (R7.1.1, a lost game), reach 25 (R7.1.2, a won game),
  spend a naga only where it swings the room (R4.3.1: the room goes to the higher
  fate), open paths towards face-down relics (R2.3). ``pass`` wins ties: an invoke must
  be worth the card it costs.
- **R4.4 New Deal** — give the drawn card whose sticks are worth least to the opponent.

>>> from naga_widget import Match
>>> from naga_widget.bots import RandomBot, play_match
>>> play_match(Match(seed=4), [GreedyBot(seed=1), RandomBot(seed=2)]).winner in (0, 1)
True
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ..rules import AnyAction, Chance, LegalActions, Ruleset, State
from ..rules.observe import Observation
from .base import Candidate, Decision, Explanation, highlights
from .beliefs import BeliefTally
from .determinize import Determinizer, Worlds
from .heuristics import CALL_COST, evaluate, expected_fate, win_chance

BELIEF_SAMPLES = 64
"""Worlds sampled for the guesses shown by :meth:`GreedyBot.decide`."""


def call_score(ruleset: Ruleset, cards: tuple[str, ...]) -> float:
    """R4.1: expected fate points of a call, less :data:`CALL_COST` per card."""
    return expected_fate(ruleset, cards) - CALL_COST * len(cards)


class GreedyBot:
    """Scores each legal action once and plays the best (see the module docstring).

    ``seed`` seeds the bot's own ``random.Random`` (it samples worlds); ``worlds`` is the
    number of sampled worlds each action is tried on in the Confrontation and the Exploration.
    """

    def __init__(self, seed: int | None = None, worlds: int = 4) -> None:
        self.rng = random.Random(seed)
        self.worlds = worlds

    def __repr__(self) -> str:
        return f"GreedyBot(worlds={self.worlds})"

    def act(self, observation: Observation, legal: LegalActions) -> AnyAction:
        return self._scores(observation, legal)[0][0]

    def decide(self, observation: Observation, legal: LegalActions) -> Decision:
        scored = self._scores(observation, legal)
        action, best = scored[0]
        chances = [(a, win_chance(v)) for a, v in scored]
        top = max(c for _, c in chances)
        tally = BeliefTally(det := Determinizer(observation))
        for _ in range(BELIEF_SAMPLES):
            tally.add(det.sample(self.rng))
        phase = str(legal.phase)
        how = {"call": "expected fate points less the cost of the cards called (R4.1)",
               "give": "the drawn card whose sticks are worth least to the opponent (R4.4)"}.get(
            phase, f"the best average score over {self.worlds} sampled worlds after one step (R4.2, R4.3)")
        explanation = Explanation(
            summary=f"{action}: {how}; {len(scored)} action(s) compared, score {best:+.1f}",
            candidates=tuple(Candidate(str(a), 1, c) for a, c in chances[:20]),
            beliefs=tally.beliefs(),
            highlights=highlights([(a, c / top) for a, c in chances], legal.player or 0, add=False),
        )
        return Decision(action, explanation)

    def _scores(self, observation: Observation, legal: LegalActions) -> list[tuple[AnyAction, float]]:
        """Every legal action with its score, best first (stable: earlier actions win ties)."""
        actions = list(legal)
        scores = greedy_scores(Determinizer(observation), actions, str(legal.phase), legal.player or 0,
                               self.rng, self.worlds)
        order = sorted(range(len(actions)), key=lambda i: -scores[i])
        return [(actions[i], scores[i]) for i in order]


def greedy_scores(det: Worlds, actions: list[AnyAction], phase: str, player: int, rng: random.Random,
                  worlds: int) -> list[float]:
    """The score GreedyBot gives each action (higher is better), by the rules of the module docstring."""
    ruleset = det.ruleset
    if phase == "call":
        return [call_score(ruleset, a.cards) for a in actions]  # type: ignore[union-attr]
    if phase == "give":  # a lower value to the opponent is better for us
        return [-expected_fate(ruleset, (a.card,)) for a in actions]  # type: ignore[union-attr]
    if len(actions) == 1:
        return [0.0]
    return look_ahead(det, actions, player, rng, worlds)


def look_ahead(det: Worlds, actions: list[AnyAction], player: int, rng: random.Random,
               worlds: int, score: Callable[[State, int], float] = evaluate) -> list[float]:
    """The mean ``score`` (by default :func:`evaluate`) of each action for ``player``, each tried on the
    same sampled worlds and chance."""
    sampled = [(det.sample(rng), rng.getrandbits(32)) for _ in range(worlds)]
    scores = []
    for action in actions:
        total = 0.0
        for world, seed in sampled:
            total += score(world.apply(action, Chance(random.Random(seed), record=False)), player)
        scores.append(total / worlds)
    return scores
