"""RandomBot: a uniformly random legal decision — the baseline every other bot must beat."""

from __future__ import annotations

import random

from ..rules import AnyAction, LegalActions
from ..rules.observe import Observation


class RandomBot:
    """Plays a uniformly random legal decision, with its own seeded ``random.Random``.

    The distribution is that of :func:`naga_widget.rules.legal.sample_action`: in the
    Confrontation, pass or each (card, payment) head equally likely, then a uniform
    target; in the other steps, every legal action equally likely.
    """

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, observation: Observation, legal: LegalActions) -> AnyAction:
        return legal.sample(self.rng)

    def __repr__(self) -> str:
        return "RandomBot()"
