"""Inference: sampled worlds weighted by how likely the opponent's call is in each (R4.1).

A :class:`~naga_widget.bots.determinize.Determinizer` samples every world consistent with
what a player sees with the same chance. But the opponent chose its call knowing its hand:
a player who called one brown card probably held no strong violet set. :class:`Inference`
weighs each world by the *likelihood* of the opponent's call in it, under a model of the
opponent: a softmax over GreedyBot's call scores (:func:`~naga_widget.bots.greedy.call_score`),

    P(call C | hand H) = exp(β·score(C)) / Σ exp(β·score(C'))

over every call C' the hand allowed (a non-empty set of cards of one stick type, R4.1), with
``β`` = :data:`BETA` per fate point. The call is the one the opponent made this round: face
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
from typing import Any

from ..rules import Ruleset, State
from ..rules.observe import Observation
from .determinize import Determinizer
from .heuristics import CALL_COST, expected_fate

BETA = 1.0
"""The opponent model's sharpness: a call scored one fate point better is e (2.7) times likelier."""
MAX_TRIES = 64
PILOT = 32
"""Worlds drawn to set the bound of the rejection when none is given."""
"""Rejections in a row after which a world is kept anyway (a bound on the sampling time)."""


def call_likelihood(ruleset: Ruleset, call: tuple[str, ...], hand: tuple[str, ...], beta: float = BETA) -> float:
    """P(call | the hand it was made from: ``call`` + ``hand``) under the softmax model (module docstring)."""
    def term(card: str) -> float:
        return math.exp(beta * (expected_fate(ruleset, (card,)) - CALL_COST))

    by_type: dict[str, float] = {}
    for card in call + hand:
        stick = ruleset.card(card).stick
        by_type[stick] = by_type.get(stick, 1.0) * (1.0 + term(card))
    total = sum(v - 1.0 for v in by_type.values())
    chosen = 1.0
    for card in call:
        chosen *= term(card)
    return chosen / total


class Inference:
    """Worlds sampled from ``observation`` weighted by the opponent's call (see the module docstring).

    ``determinizer``: one already made for ``observation`` (else one is made). ``beta``: the
    model's sharpness (0: every world alike, the determinizer's own law). ``bound``: the
    rejection's bound ``M`` (1.0: exact; None: from a pilot sample, see the module docstring).
    """

    def __init__(self, observation: Observation, determinizer: Determinizer | None = None, beta: float = BETA,
                 bound: float | None = None) -> None:
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
        if bound is not None and not 0.0 < bound <= 1.0:
            raise ValueError(f"bound must be above 0 and at most 1 (a likelihood), not {bound!r}")
        self.bound = bound
        self._cache: dict[tuple[tuple[str, ...], tuple[str, ...]], float] = {}
        self.tries = 0  # worlds drawn by the determinizer
        self.kept = 0  # worlds returned

    @property
    def active(self) -> bool:
        """Whether any decision of the opponent is weighed (else the worlds are the determinizer's)."""
        return self.opponent is not None

    def likelihood(self, world: State) -> float:
        """The likelihood of the opponent's call in ``world`` (1 when nothing is weighed)."""
        return self._likelihood(world.hands, world.calls)

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
        if self.opponent is None:
            self.tries += 1
            self.kept += 1
            return det.sample(rng)
        if self.bound is None:  # the pilot sample sets the bound
            self.bound = max(self._likelihood(*det.sample_cards(rng)[:2]) for _ in range(PILOT))
        for _ in range(MAX_TRIES):
            cards = det.sample_cards(rng)
            self.tries += 1
            likelihood = self._likelihood(cards[0], cards[1])
            if likelihood > self.bound:
                self.bound = likelihood
            if rng.random() * self.bound < likelihood:
                break
        self.kept += 1
        return det.sample(rng, cards)
