"""ClairvoyantBot: the same search on the true state — for the arena only.

What is hidden information worth? A bot that sees everything (the opponent's hand and
amulets, every face-down relic, but not the future: draws and throws stay chance) bounds
what any inference about the hidden facts can gain. :class:`ClairvoyantBot` is
:class:`~naga_widget.bots.ISMCTSBot` given the ``"truth"`` observation (R6) instead of its
player's: the sampler of worlds (:class:`~naga_widget.bots.Determinizer`) then has nothing
to guess, and every simulation starts from the true state.

It cheats by construction, so it plays only where the referee knows it: the arena passes it
the truth because it says so (:data:`SEES_THE_TRUTH`); the league refuses it; a widget never
takes it as an opponent or a player. Given an ordinary observation it refuses to play rather
than play as an honest bot under its name.

>>> from naga_widget import Match
>>> m = Match(seed=4)
>>> bot = ClairvoyantBot(iterations=20, seed=1)
>>> bot.act(m.state.observe("truth"), m.state.legal_actions().detached()) in m.state.legal_actions()
True
"""

from __future__ import annotations

from ..rules import LegalActions
from ..rules.observe import Observation
from .base import Decision
from .ismcts import ISMCTSBot

SEES_THE_TRUTH = "sees_the_truth"
"""The attribute that marks a bot that must be given the true state (the ``"truth"`` observation)."""


def sees_the_truth(bot: object) -> bool:
    """Whether ``bot`` (a bot, a bot class or a ``functools.partial`` of one) plays on the true state."""
    while hasattr(bot, "func") and not hasattr(bot, "act"):  # functools.partial(ClairvoyantBot, ...)
        bot = bot.func
    return getattr(bot, SEES_THE_TRUTH, False) is True


class ClairvoyantBot(ISMCTSBot):
    """:class:`~naga_widget.bots.ISMCTSBot` on the true state (see the module docstring)."""

    sees_the_truth = True

    def __repr__(self) -> str:
        return "Clairvoyant" + super().__repr__()

    def decide(self, observation: Observation, legal: LegalActions) -> Decision:
        if not isinstance(observation, dict) or observation.get("viewer") != "truth":
            raise ValueError("ClairvoyantBot plays on the true state: it needs the 'truth' observation, which only "
                             "the arena gives it (it is not a bot for a league or a widget)")
        return super().decide(observation, legal)
