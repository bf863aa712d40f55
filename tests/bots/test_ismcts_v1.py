"""ismcts-v1: the first version of the search, kept as the baseline, decides exactly as it did; so does
today's ISMCTSBot with the first version's settings (its faster simulations change no decision).

``ismcts_v1_decisions.json`` holds the decisions of ISMCTSBot's first version, recorded before
the search was changed: on positions of seeded random games, at a fixed seed and number of
simulations, the action and every candidate's visits and mean value.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from worlds import random_states

from naga_widget.arena.registry import resolve
from naga_widget.bots import ISMCTSBot, ISMCTSV1Bot

RECORDED = json.loads((Path(__file__).parent / "ismcts_v1_decisions.json").read_text())
POSITIONS = [s for k, s in enumerate(random_states(range(3), decisions_only=True)) if k % 5 == 0][:24]


V1_SETTINGS: dict[str, Any] = {"inference": False, "worlds": None, "evaluation": None}
"""What makes today's ISMCTSBot search as the first version did (its faster code must not change a decision)."""


@pytest.mark.parametrize("steps", [6, None])
@pytest.mark.parametrize("bot_class", [ISMCTSV1Bot, ISMCTSBot])
def test_it_decides_as_the_first_version_did(bot_class: type, steps: int | None) -> None:
    cases = [r for r in RECORDED if r["playout_steps"] == steps]
    assert len(cases) == len(POSITIONS) and {r["phase"] for r in cases} == {"call", "confront", "place", "give"}
    for r in cases if steps is not None else cases[::3]:  # full playouts are slower: a third of them
        state = POSITIONS[r["position"]]
        assert str(state.phase) == r["phase"]
        settings = V1_SETTINGS if bot_class is ISMCTSBot else {}
        bot = bot_class(iterations=r["iterations"], seed=r["seed"], playout_steps=steps, **settings)
        decision = bot.decide(state.observe(state.to_move), state.legal_actions().detached())
        assert str(decision.action) == r["action"], r["position"]
        got = [[c.action, c.visits, round(c.value, 9)] for c in decision.explanation.candidates]
        assert got == r["candidates"], r["position"]


def test_the_arena_names_it_ismcts_v1_with_the_first_version_s_settings() -> None:
    bot = resolve("ismcts-v1")(seed=1)
    assert isinstance(bot, ISMCTSV1Bot)
    assert (bot.iterations, bot.playout_steps, bot.exploration) == (1000, 6, 0.2)
