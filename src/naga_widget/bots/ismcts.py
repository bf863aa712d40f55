"""ISMCTSBot: information-set Monte Carlo tree search (single observer, Cowling et al. 2012).

Each simulation

1. samples a world consistent with the bot's observation (:func:`~naga_widget.bots.determinize`);
2. descends the tree from the root, choosing by UCB1 among the actions legal *in that
   world*; an action's exploration term counts the simulations in which it was
   available, not its parent's visits (an action may be legal in some worlds only);
3. adds at most one new action to the tree and plays it;
4. finishes with a *playout* — random moves to the end (``playout_steps=None``), or a
   few random moves and then :func:`~naga_widget.bots.heuristics.evaluate` — and
5. backs up the result, a win chance from the root player's point of view; the
   opponent chooses at its nodes to make it small.

Some decisions have hundreds of legal actions (an invoke of Shifting Altars has 72
targets), more than a search of a second can try. So the root actions start from
GreedyBot's scores (each counts as :data:`PRIOR_VISITS` simulations) and a node
visited n times considers only about 1 + :data:`WIDENING`·√n actions: at the root the
best-scored first, deeper down those the random playout policy proposes.

The tree is keyed by what the root player sees: each edge is an action's text, and an
opponent's call that stays face down when the root player must call next (R4.1) leads
to one child per call *size*, so the root player's later choice cannot depend on it.
Chance (throws, draws, reveals) happens inside the sampled world, afresh each
simulation; the tree keys only decisions ("open loop").

The bot decides with the observation and the legal actions only, like every bot.

>>> from naga_widget import Match
>>> from naga_widget.bots import RandomBot, play_match
>>> bot = ISMCTSBot(iterations=30, seed=1)
>>> play_match(Match(seed=4), [bot, RandomBot(seed=2)]).winner in (0, 1)
True
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from ..rules import AnyAction, Chance, LegalActions, State, playout
from .base import Candidate, Decision, Explanation, highlights
from .beliefs import BeliefTally
from .determinize import Determinizer
from .greedy import greedy_scores
from .heuristics import evaluate, win_chance

DEFAULT_ITERATIONS = 1000
PRIOR_VISITS = 3
"""GreedyBot's score of a root action counts as this many simulations (a prior)."""
PRIOR_WORLDS = 2
"""Sampled worlds each root action is tried on for its prior."""
WIDENING = 2.0
"""Progressive widening: a node visited n times considers about 1 + WIDENING·√n actions."""
BELIEF_SAMPLES = 1000
"""At most this many of the sampled worlds are tallied into the guesses shown by ``decide``."""


class _Edge:
    """An action out of a node: its statistics and the key of the child it leads to."""

    __slots__ = ("action", "child", "visits", "total", "available", "prior")

    def __init__(self, action: AnyAction, child: str, prior: float | None = None) -> None:
        self.action = action
        self.child = child
        self.visits = 0
        self.total = 0.0  # sum of the root player's results
        self.available = 0  # visits of the node while this action was legal and considered
        self.prior = prior  # the one-step win chance of a root action, or None

    def mean(self) -> float:
        """The mean result, the prior counting as :data:`PRIOR_VISITS` simulations."""
        if self.prior is None:
            return self.total / self.visits
        return (self.total + self.prior * PRIOR_VISITS) / (self.visits + PRIOR_VISITS)

    def weight(self) -> int:
        return self.visits + (PRIOR_VISITS if self.prior is not None else 0)


class _Node:
    __slots__ = ("edges", "children", "visits")

    def __init__(self) -> None:
        self.edges: dict[str, _Edge] = {}
        self.children: dict[str, _Node] = {}
        self.visits = 0

    def child(self, key: str) -> _Node:
        node = self.children.get(key)
        if node is None:
            node = self.children[key] = _Node()
        return node

    def width(self) -> int:
        """How many actions this node considers now (progressive widening)."""
        return 1 + int(WIDENING * math.sqrt(self.visits))


def seen_as(state: State, root: int, action: AnyAction) -> str:
    """The key of ``action`` as the root player sees it.

    The guide's call stays face down while the other player calls (R4.1): when the
    guide is the root player's opponent, only its size is seen.
    """
    if action.kind == "call" and state.to_move != root and state.guide == state.to_move:
        return f"call {len(action.cards)} card(s)"  # type: ignore[union-attr]
    return str(action)


class ISMCTSBot:
    """Information-set MCTS (see the module docstring).

    ``iterations`` and ``seconds`` bound the search (the first reached stops it; with
    neither, :data:`DEFAULT_ITERATIONS`). ``seed`` seeds the bot's ``random.Random``.
    ``playout_steps``: random moves after the tree before evaluating (``None``: play to
    the end). ``exploration``: the UCB1 constant.
    """

    def __init__(self, iterations: int | None = None, seconds: float | None = None, seed: int | None = None,
                 *, playout_steps: int | None = 6, exploration: float = 0.7) -> None:
        if iterations is None and seconds is None:
            iterations = DEFAULT_ITERATIONS
        if iterations is not None and iterations < 1:
            raise ValueError(f"iterations must be at least 1, not {iterations}")
        if seconds is not None and seconds <= 0:
            raise ValueError(f"seconds must be positive, not {seconds}")
        self.iterations = iterations
        self.seconds = seconds
        self.rng = random.Random(seed)
        self.playout_steps = playout_steps
        self.exploration = exploration
        self.last_iterations = 0

    def __repr__(self) -> str:
        budget = f"iterations={self.iterations}" if self.seconds is None else f"seconds={self.seconds}"
        return f"ISMCTSBot({budget}, playout_steps={self.playout_steps})"

    def act(self, observation: dict[str, Any], legal: LegalActions) -> AnyAction:
        return self.decide(observation, legal).action

    def decide(self, observation: dict[str, Any], legal: LegalActions) -> Decision:
        start = time.perf_counter()  # the time budget covers the whole decision
        player = legal.player
        if player is None:
            raise ValueError("the game is over: there is nothing to decide")
        actions = list(legal)
        det = Determinizer(observation)
        tally = BeliefTally(det)
        if len(actions) == 1:
            for _ in range(min(64, BELIEF_SAMPLES)):
                tally.add(det.sample(self.rng))
            return Decision(actions[0], Explanation(f"{actions[0]}: the only legal action",
                                                    (Candidate(str(actions[0]), 0, 0.5),), tally.beliefs()))
        root = _Node()
        priors = greedy_scores(det, actions, str(legal.phase), player, self.rng, PRIOR_WORLDS)
        order = [_Edge(a, str(a), win_chance(v)) for a, v in sorted(zip(actions, priors), key=lambda av: -av[1])]
        root.edges = {str(e.action): e for e in order}
        deadline = None if self.seconds is None else start + self.seconds
        n = 0
        while (self.iterations is None or n < self.iterations) and (deadline is None or
                                                                  time.perf_counter() < deadline):
            world = det.sample(self.rng)
            if tally.samples < BELIEF_SAMPLES:
                tally.add(world)
            self._simulate(root, order, world, player)
            n += 1
        self.last_iterations = n
        return self._decision(order, player, n, tally)

    # -- one simulation --------------------------------------------------------------------------
    def _simulate(self, root: _Node, order: list[_Edge], state: State, me: int) -> None:
        rng = self.rng
        chance = Chance(rng, record=False)
        node = root
        path: list[_Edge] = []
        while state.outcome is None:
            mine = state.to_move == me
            if node is root:  # every root action is legal in every world; the best priors come first
                available = order[:node.width()]
            else:
                available = [e for e in node.edges.values() if state.is_legal(e.action)]
            node.visits += 1
            for edge in available:
                edge.available += 1
            if node is not root and len(available) < node.width():
                action = state.legal_actions().sample(rng)  # widen with the random policy's choice
                if str(action) not in node.edges:
                    edge = node.edges[str(action)] = _Edge(action, seen_as(state, me, action))
                    edge.available = 1
                    path.append(edge)
                    state = state.apply(action, chance)
                    break
            edge = self._select(available, mine)
            path.append(edge)
            state = state.apply(edge.action, chance)
            node = node.child(edge.child)
        value = self._playout(state, me, chance)
        for edge in path:
            edge.visits += 1
            edge.total += value

    def _select(self, edges: list[_Edge], mine: bool) -> _Edge:
        """UCB1 with availability counts; the opponent picks what is worst for the root player."""
        c = self.exploration
        best, best_score = edges[0], -1.0
        for edge in edges:
            mean = edge.mean()
            score = (mean if mine else 1.0 - mean) + c * math.sqrt(math.log(edge.available) / edge.weight())
            if score > best_score:
                best, best_score = edge, score
        return best

    def _playout(self, state: State, me: int, chance: Chance) -> float:
        """The root player's result: 1 or 0 at the end of a game, else a win chance from the evaluation."""
        rng = self.rng
        state = playout(state, rng, chance, max_steps=self.playout_steps)
        if state.outcome is not None:
            return 1.0 if state.outcome.winner == me else 0.0
        return win_chance(evaluate(state, me))

    # -- the answer ---------------------------------------------------------------------------------
    def _decision(self, order: list[_Edge], me: int, n: int, tally: BeliefTally) -> Decision:
        stats = [(e.action, e.visits, e.mean()) for e in order]
        stats.sort(key=lambda s: (-s[1], -s[2]))  # most visited first; the mean breaks ties
        action, visits, value = stats[0]
        summary = (f"{action}: chosen by {n} simulations ({visits} tried it, estimated win chance {value:.0%})")
        if len(stats) > 1:
            summary += f"; next best {stats[1][0]} ({stats[1][1]} simulations, {stats[1][2]:.0%})"
        explanation = Explanation(
            summary=summary,
            candidates=tuple(Candidate(str(a), v, m) for a, v, m in stats[:20]),
            beliefs=tally.beliefs(),
            highlights=highlights([(a, v / max(n, 1)) for a, v, _ in stats], me),
        )
        return Decision(action, explanation)
