"""Inference: sampled worlds weighted by how likely the opponent's call is in each (R4.1).

A :class:`~naga_widget.bots.determinize.Determinizer` samples every world consistent with
what a player sees with the same chance. But the opponent chose its call knowing its hand:
a player who called one brown card probably held no strong violet set. :class:`Inference`
weighs each world by the *likelihood* of the opponent's call in it, under a model of the
opponent: a softmax over GreedyBot's call scores (:func:`~naga_widget.bots.greedy.call_score`),

    P(call C | hand H) = exp(β·score(C)) / Σ exp(β·score(C'))

over every call C' the hand allowed (a non-empty set of cards of one stick type, R4.1), with
``β`` = :data:`~naga_widget.bots.heuristics.BETA` per fate point
(:func:`~naga_widget.bots.heuristics.call_likelihood`). The call is the one the opponent made this round: face
up (R4.2.1) or still face down (then the world holds a sampled call of the seen size, and
the likelihood of that call is its weight). The hand it was made from is the call and the
cards the opponent holds now (cards invoked since the call are not counted: a player's view
does not say which discards were its).

:meth:`Inference.sample` draws worlds from the posterior by rejection: a world drawn by the
determinizer is kept with probability its likelihood divided by a bound ``M`` on every
world's likelihood. With ``bound=1.0`` (a likelihood is a probability) the worlds kept follow
P(world | what the player saw and the opponent's call) exactly, but a third of the worlds
drawn are kept on average; the search uses ``bound=None``: ``M`` is the largest likelihood
among :data:`PILOT` worlds drawn first, raised whenever a larger one turns up — far fewer
rejections, at the price of a slight bias: while the bound is below the largest likelihood,
the less likely worlds are kept a little too often. After
:data:`MAX_TRIES` rejections in a row the last world is kept (a bound on the time).

The opponent's pass is weighed too. When the opponent has just passed in the Confrontation
(R4.2.2: the bot is to move, one pass made) and that pass was its choice (not automatic), the
world before its pass is the world with the opponent to move; there the model scores each
(card, payment) it could have invoked by GreedyBot's one step of look-ahead
(:func:`~naga_widget.bots.heuristics.evaluate` after the invoke, less before it, at the best of
at most :data:`PASS_TARGETS` targets spread over the list, chance from a fixed seed), and

    P(pass | world) = 1 / (1 + Σ_h exp(β_pass·gain(h)))

with ``β_pass`` = :data:`PASS_BETA` per point of evaluation: a world in which the opponent held a
card well worth invoking is a world in which it would rarely have passed. Both likelihoods are
multiplied (the call was made before the Confrontation, from a hand the pass then reveals more
of). The pass's weight needs a whole world (its amulets, its relics), so the rejection is done in
two stages: the cards by the call, then the whole world by the pass, each against its own bound.

The opponent's earlier decisions (its calls of earlier rounds, its gives, and what its invokes and
draws did to its hand) are not in the observation; a bot that keeps them across the game
(:class:`~naga_widget.bots.history.OpponentRecord`, ``history=``) has them replayed in each world
and weighed too. Not weighed: which invoke the opponent chose, and its earlier passes (that needs
the position before each, which the player did not see).

A score is additive over the cards called, so the sum over the calls a hand allowed is a
product per stick type: Σ = Σ_t (Π_{c of type t} (1 + e^{β·v_c}) − 1).

The weights use only the player's observation and the sampled world: nothing hidden
leaks into the guesses they make (see the hint's tests).

>>> import random
>>> from naga_widget import Match
>>> m = Match(seed=4)
>>> inf = Inference(m.state.observe(0))
>>> inf.sample(random.Random(1)).observe(0) == m.state.observe(0)
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..rules import Chance, Invoke, Phase, State
from ..rules.legal import invoke_heads, invoke_targets
from ..rules.observe import Observation
from .determinize import Determinizer
from .heuristics import BETA, call_likelihood, evaluate

if TYPE_CHECKING:
    from .history import OpponentRecord

PASS_BETA = 1.0
"""The pass model's sharpness: an invoke that gains one point of evaluation more is e times likelier."""
PASS_TARGETS = 3
"""At most this many targets of each (card, payment) are tried by the pass model (spread over the list)."""
MAX_TRIES = 64
"""Rejections in a row after which a world is kept anyway (a bound on the sampling time)."""
PILOT = 32
"""Worlds drawn to set the bound of the rejection when none is given."""


def invoke_gain(world: State, player: int, card: str, pay: str) -> float:
    """The pass model's score of invoking ``card`` paid with ``pay`` in ``world``: the best
    :func:`~naga_widget.bots.heuristics.evaluate` after it, over at most :data:`PASS_TARGETS` targets
    spread over the list (chance from a fixed seed), less the evaluation before it."""
    targets = invoke_targets(world, player, card, pay)
    step = max(1, -(-len(targets) // PASS_TARGETS))
    best = max(evaluate(world.apply(Invoke(card, pay, t), Chance(random.Random(0), record=False)), player)
               for t in targets[::step])
    return best - evaluate(world, player)


def pass_likelihood(world: State, player: int, beta: float = PASS_BETA,
                    gain: Callable[[State, int, str, str], float] = invoke_gain) -> float:
    """P(``player`` passes | ``world``, that player to move in the Confrontation) under the model of the
    module docstring (1 when it could invoke nothing)."""
    total = 1.0
    for card, pay in invoke_heads(world, player):
        total += math.exp(min(50.0, beta * gain(world, player, card, pay)))
    return 1.0 / total


class Inference:
    """Worlds sampled from ``observation`` weighted by the opponent's call (see the module docstring).

    ``determinizer``: one already made for ``observation`` (else one is made). ``beta``: the
    model's sharpness (0: every world alike, the determinizer's own law). ``bound``: the
    rejection's bound ``M`` (1.0: exact; None: from a pilot sample, see the module docstring).
    ``history``: the opponent's earlier decisions kept by the bot (:class:`~naga_widget.bots.history.
    OpponentRecord`, fed this player's observations), replayed in each world; its weight multiplies the
    others (a call it weighs is not weighed again here).
    """

    def __init__(self, observation: Observation, determinizer: Determinizer | None = None, beta: float = BETA,
                 bound: float | None = None, pass_beta: float = PASS_BETA,
                 history: OpponentRecord | None = None) -> None:
        self.det = determinizer if determinizer is not None else Determinizer(observation)
        self.ruleset = self.det.ruleset
        self.beta = beta
        viewer = observation["viewer"]
        self.opponent: int | None = None
        if viewer in (0, 1) and beta > 0:
            opp = 1 - int(viewer)
            view = observation["players"][opp]
            if opp in self.det.secret_holders and view["called"] and view["call_count"] > 0:
                self.opponent = opp
        self.history: OpponentRecord | None = None  # weighs the opponent's earlier decisions
        if history is not None and history.decisions and history.me == viewer \
                and 1 - int(viewer) in self.det.secret_holders:
            self.history = history
            if history.covers_call(observation["round"]):
                self.opponent = None
        self.passer: int | None = None  # the opponent, when its pass just now is weighed
        if viewer in (0, 1) and pass_beta > 0 and observation["phase"] == Phase.CONFRONT \
                and observation["to_move"] == viewer and observation["passes"] == 1:
            opp = 1 - int(viewer)
            view = observation["players"][opp]
            naga = {token for _, token in self.ruleset.naga_tokens}
            chose = view["hand_count"] > 0 and (view["amulet_count"] > 0 or not naga.isdisjoint(view["sticks"]))
            if opp in self.det.secret_holders and chose:  # else the pass was automatic (R4.2.2), seen by both
                self.passer = opp
        self.pass_beta = pass_beta
        self._gains: dict[Any, float] = {}
        self.pass_bound: float | None = bound
        if bound is not None and not 0.0 < bound <= 1.0:
            raise ValueError(f"bound must be above 0 and at most 1 (a likelihood), not {bound!r}")
        self.bound = bound
        self._cache: dict[tuple[tuple[str, ...], tuple[str, ...]], float] = {}
        self.tries = 0  # worlds drawn by the determinizer
        self.kept = 0  # worlds returned

    @property
    def active(self) -> bool:
        """Whether any decision of the opponent is weighed (else the worlds are the determinizer's)."""
        return self.opponent is not None or self.passer is not None or self.history is not None

    def pass_weight(self, world: State) -> float:
        """The likelihood of the opponent's pass just now in ``world`` (1 when no pass is weighed)."""
        if self.passer is None:
            return 1.0
        return pass_likelihood(world._replace(to_move=self.passer, passes=0), self.passer, self.pass_beta,
                               self._gain)

    def _gain(self, world: State, player: int, card: str, pay: str) -> float:
        """:func:`invoke_gain`, kept: it depends on the card, the payment and the hidden facts the invoke
        can meet (the temples, the amulets), not on the rest of the hand."""
        key = (card, pay, world.temples, world.amulets)
        found = self._gains.get(key)
        if found is None:
            if len(self._gains) > 20_000:
                self._gains.clear()
            found = self._gains[key] = invoke_gain(world, player, card, pay)
        return found

    def likelihood(self, world: State, rng: random.Random | None = None) -> float:
        """The likelihood of the opponent's call, and of its pass just now, in ``world`` (1 when nothing
        is weighed); with a ``history``, times the chance of its earlier decisions in one history drawn
        with ``rng`` (a fixed seed when none is given)."""
        weight = self._card_weight(world.hands, world.calls, rng or random.Random(0))
        return weight * self.pass_weight(world)

    def _card_weight(self, hands: Any, calls: Any, rng: random.Random) -> float:
        weight = self._likelihood(hands, calls)
        if self.history is not None and weight > 0:
            p = 1 - int(self.det.viewer)
            weight *= self.history.weight(hands[p] + (calls[p] or ()), rng)
        return weight

    def _likelihood(self, hands: Any, calls: Any) -> float:
        p = self.opponent
        if p is None:
            return 1.0
        key = (calls[p] or (), hands[p])
        found = self._cache.get(key)
        if found is None:
            if len(self._cache) > 50_000:
                self._cache.clear()
            found = self._cache[key] = call_likelihood(self.ruleset, key[0], key[1], self.beta)
        return found

    def sample(self, rng: random.Random) -> State:
        """A world drawn from the posterior (by rejection; see the module docstring).

        The likelihood depends on the cards only: the cards are drawn until kept, and only then the
        amulets and relics (:meth:`Determinizer.sample` with ``cards=``).
        """
        det = self.det
        if not self.active:
            self.tries += 1
            self.kept += 1
            return det.sample(rng)
        if self.bound is None:  # the pilot sample sets the bound
            self.bound = max(1e-300, *(self._card_weight(*det.sample_cards(rng)[:2], rng) for _ in range(PILOT)))
        if self.pass_bound is None and self.passer is not None:
            self.pass_bound = max(self.pass_weight(det.sample(rng)) for _ in range(PILOT // 4))
        world = None
        for _ in range(MAX_TRIES):
            cards = det.sample_cards(rng)
            self.tries += 1
            likelihood = self._card_weight(cards[0], cards[1], rng)
            if likelihood > self.bound:
                self.bound = likelihood
            if rng.random() * self.bound >= likelihood:
                continue
            world = det.sample(rng, cards)
            if self.passer is None:
                break
            weight = self.pass_weight(world)
            assert self.pass_bound is not None
            if weight > self.pass_bound:
                self.pass_bound = weight
            if rng.random() * self.pass_bound < weight:
                break
        self.kept += 1
        return world if world is not None else det.sample(rng, cards)
