"""Bots: programs that take a player's decisions.

A bot sees what its player may see and nothing more: ``act`` receives the
player's observation (R6, see :func:`naga_widget.rules.observe_state`) and the
legal actions (:meth:`LegalActions.detached`: a list that holds no reference to
the state), never the state itself.

>>> from naga_widget import Match
>>> m = Match(seed=5)
>>> result = play_match(m, [RandomBot(seed=1), RandomBot(seed=2)])
>>> result.winner in (0, 1) and m.state.is_over
True
"""

from __future__ import annotations

import random
from typing import Any, Protocol, runtime_checkable

from .match import Match
from .rules import AnyAction, LegalActions, Outcome
from .rules.legal import sample_action


@runtime_checkable
class Bot(Protocol):
    """Anything with ``act(observation, legal) -> action`` can play."""

    def act(self, observation: dict[str, Any], legal: LegalActions) -> AnyAction | str: ...


class RandomBot:
    """Plays a uniformly random legal decision, with its own seeded ``random.Random``.

    The distribution is that of :func:`naga_widget.rules.legal.sample_action`: in the
    Confrontation, pass or each (card, payment) head equally likely, then a uniform
    target; in the other steps, every legal action equally likely.
    """

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, observation: dict[str, Any], legal: LegalActions) -> AnyAction:
        return legal.sample(self.rng)

    def __repr__(self) -> str:
        return "RandomBot()"


def play_match(match: Match, bots: list[Bot] | tuple[Bot, Bot], max_steps: int = 10_000) -> Outcome:
    """Let ``bots[p]`` decide for player ``p`` until the game ends; return the outcome."""
    for _ in range(max_steps):
        state = match.state
        if state.outcome is not None:
            return state.outcome
        p = state.to_move
        action = bots[p].act(state.observe(p), state.legal_actions().detached())
        match.play(action)
    raise RuntimeError(f"the game did not end within {max_steps} steps")


__all__ = ["Bot", "RandomBot", "play_match", "sample_action"]
