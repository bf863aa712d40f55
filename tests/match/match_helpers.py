"""Helpers of the match tests: matches built by random play, a forked line, the second call."""

from __future__ import annotations

import random
from typing import Any

from naga_widget import Match

SEED = 11


def build(steps: int, seed: int = SEED, bot: int = 0) -> Match:
    """A match with ``steps`` random actions played (deterministic)."""
    m = Match(seed=seed)
    rng = random.Random(bot)
    for _ in range(steps):
        m.play(m.legal_actions().sample(rng))
    return m


def other_action(m: Match) -> Any:
    """A legal action at the cursor that differs from the next action of the line."""
    nxt = m.actions[m.step] if m.step < m.last_step else None
    return next(a for a in m.legal_actions() if a != nxt)


def to_second_call(m: Match) -> None:
    """Play until the non-guide is about to call: the next call reveals both calls and throws sticks."""
    rng = random.Random(4)
    while not (m.state.phase == "call" and m.state.to_move != m.state.guide):
        m.play(m.legal_actions().sample(rng))
