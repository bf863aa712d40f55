"""Chance one event at a time: the scripted outcomes reproduce the engine's own games exactly,
and each chance node lists its outcomes with the odds of R1.3, R3 and R4."""

from __future__ import annotations

import random

import pytest

from naga_widget.envs.chance_nodes import ChanceTable, Need, ScriptedChance, attempt
from naga_widget.rules import STANDARD, Chance, new_game

TABLE = ChanceTable.for_ruleset(STANDARD)


def as_picks(record: list[tuple[str, object]]) -> list[tuple[str, str]]:
    """The engine's record with each deal (a whole ordering) written as one pick per slot."""
    picks: list[tuple[str, str]] = []
    for kind, value in record:
        if isinstance(value, tuple):
            picks.extend((kind, v) for v in value)
        else:
            picks.append((kind, str(value)))
    return picks


@pytest.mark.parametrize("seed", range(3))
def test_scripted_outcomes_replay_a_whole_game(seed: int):
    rng = random.Random(seed)
    chance = Chance(random.Random(seed + 7))
    state, _ = new_game(chance=chance)
    replayed = attempt(lambda c: new_game(STANDARD, c)[0], as_picks(chance.record))
    assert replayed == state
    while state.outcome is None:
        action = state.legal_actions().sample(rng)
        chance.record.clear()
        after = state.apply(action, chance)
        assert attempt(lambda c, s=state, a=action: s.apply(a, c), as_picks(chance.record)) == after
        state = after


def test_a_transition_stops_at_each_missing_outcome_in_turn():
    rng = random.Random(1)
    outcomes: list[tuple[str, str]] = []
    kinds = []
    for _ in range(200):  # R3.6 throws again on a tie: a bound, not an expectation
        result = attempt(lambda c: new_game(STANDARD, c)[0], outcomes)
        if not isinstance(result, Need):
            break
        kinds.append(result.kind)
        outcomes.append((result.kind, rng.choice(result.pool)))
    # R3: nine relics per temple, five cards each, the first room (and maybe an amulet), then throws
    assert kinds[:18] == ["relics"] * 18
    assert kinds[18:28] == ["card"] * 10
    assert kinds[28] == "room"
    assert set(kinds[29:]) <= {"amulet", "throw"} and kinds.count("throw") >= 4
    assert result.phase == "call"


def test_odds_follow_the_pool():
    brown = Need("throw", STANDARD.stick_type("brown").faces)  # 1, 2, 2, naga (R1.3)
    odds = {TABLE.label(i): p for i, p in TABLE.odds(brown)}
    assert odds == {"throw 1": 0.25, "throw 2": 0.5, "throw N": 0.25}
    deal = Need("relics", tuple(r.token for r in STANDARD.relics))
    assert sum(p for _, p in TABLE.odds(deal)) == pytest.approx(1.0)
    assert dict((TABLE.label(i), p) for i, p in TABLE.odds(deal))["relic c6"] == pytest.approx(3 / 9)


def test_an_outcome_outside_the_pool_is_refused():
    with pytest.raises(ValueError, match="does not fit"):
        ScriptedChance([("throw", "4")]).pick("throw", ("1", "2", "2", "N"))
    with pytest.raises(ValueError, match="not a chance outcome"):
        TABLE.index("card", "99z")
