"""Pairs out of line: a pair whose head-to-head result is far from what their games with the others
predict is flagged (a bot that throws its games to a friend), and honest leagues are not."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

import naga_widget.league.site as site
from naga_widget.league import Limits
from naga_widget.league.ratings import binomial_test, holm, pairs_out_of_line
from naga_widget.league.run import LeagueResult

Units = dict[tuple[str, str], list[tuple[int, int]]]


def simulated(seed: int, bots: int = 8, deals: int = 10, thrower: tuple[str, str] | None = None,
              sd: float = 150) -> tuple[list[str], Units]:
    """A league of bots of random strength (Bradley-Terry, ``sd`` Elo), each deal played twice;
    ``thrower``: the first bot loses every game to the second."""
    rng = random.Random(seed)
    names = [f"b{i}" for i in range(bots)]
    strength = {n: rng.gauss(0, sd) for n in names}
    units: Units = {}
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            p = 1 / (1 + 10 ** ((strength[b] - strength[a]) / 400))
            deals_played = []
            for _ in range(deals):
                wins = [0, 0]
                for _ in range(2):
                    wins[1 if (a, b) == thrower else 0 if rng.random() < p else 1] += 1
                deals_played.append((wins[0], wins[1]))
            units[(a, b)] = deals_played
    return names, units


def test_the_exact_binomial_test_and_holms_correction() -> None:
    assert binomial_test(13, 16, 0.5) == pytest.approx(2 * (560 + 120 + 16 + 1) / 2**16)
    assert binomial_test(8, 16, 0.5) == pytest.approx(1.0)
    assert binomial_test(0, 20, 0.5) == pytest.approx(2 * 0.5**20)
    assert binomial_test(1, 10, 0.1) == pytest.approx(1.0)  # the likeliest result
    assert holm([0.01, 0.04, 0.03]) == pytest.approx([0.03, 0.06, 0.06])


def test_a_pair_that_throws_its_games_is_flagged_and_only_it() -> None:
    caught = 0
    for seed in range(6):
        names, units = simulated(seed, thrower=("b0", "b1"))
        flagged = [(t.a, t.b) for t in pairs_out_of_line(names, units) if t.flagged]
        assert flagged in ([], [("b0", "b1")])  # no honest pair is flagged with it
        caught += flagged == [("b0", "b1")]
    assert caught >= 3  # not where b1 was much stronger anyway (then 0-20 is not out of line)
    # bots of equal strength: 0-16 head to head where the others' games say about 8-8
    names, units = simulated(0, bots=5, deals=8, thrower=("b0", "b1"), sd=0)
    tests = {(t.a, t.b): t for t in pairs_out_of_line(names, units)}
    assert [pair for pair, t in tests.items() if t.flagged] == [("b0", "b1")]
    assert tests[("b0", "b1")].wins_b == 16 and 5 < tests[("b0", "b1")].expected_a < 12
    # a thrown game in four is not enough to flag with these few games: 4-12 where 8-8 was expected
    units[("b0", "b1")] = [(0, 2)] * 4 + [(1, 1)] * 4
    assert not next(t for t in pairs_out_of_line(names, units) if (t.a, t.b) == ("b0", "b1")).flagged


def test_honest_leagues_flag_no_pair() -> None:
    flagged = sum(any(t.flagged for t in pairs_out_of_line(*simulated(1000 + s))) for s in range(40))
    assert flagged <= 2  # the test's level is 1% of honest leagues with any flag (3 in 200 seen)


def league_of(units: Units) -> LeagueResult:
    """A league result from made-up game records (no games played, no saved matches)."""
    names = sorted({n for pair in units for n in pair})
    games: list[dict[str, Any]] = []
    for (a, b), deals in units.items():
        for d, (wa, wb) in enumerate(deals):
            for swapped, winner in ((False, a if wa > 0 else b), (True, b if wb > 0 else a)):
                gold, silver = (b, a) if swapped else (a, b)
                games.append({"key": f"{a}-{b}-{d}-{swapped:d}", "pair": [a, b], "deal": d, "swapped": swapped,
                              "gold": gold, "silver": silver, "winner": winner, "reason": "score",
                              "scores": [1, 0], "forfeited": None, "error": None, "public_reason": None,
                              "saved": ""})
    return LeagueResult(names, {}, games, True, "process", Limits(), resamples=20)


def test_the_report_and_the_site_show_the_pair_and_the_test(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    names, units = simulated(0, bots=5, deals=8, thrower=("b0", "b1"), sd=0)
    result = league_of(units)
    assert [(t.a, t.b) for t in result.out_of_line()] == [("b0", "b1")]
    text = str(result)
    assert "pairs out of line (head to head against the chance" in text and "b0 – b1: 0–16 head to head" in text
    assert "a pointer, not a proof" in text
    data = result.to_json()["pair_tests"]
    assert "binomial" in data["test"] and [p["flagged"] for p in data["pairs"]].count(True) == 1
    # the replays are not the point here (and the records have no saved matches)
    monkeypatch.setattr(site.Match, "loads", staticmethod(lambda text: None))
    monkeypatch.setattr(site, "to_html", lambda *args, **kwargs: "<html></html>")
    index = site.write_site(result, tmp_path / "site").read_text()
    assert 'data-testid="out-of-line"' in index and "b0 – b1" in index and "0 – 16" in index
    assert "not a proof" in index and "Holm" in index
    honest = league_of(simulated(3, bots=5, deals=8)[1])
    assert honest.out_of_line() == [] and "none of the 10 pairs tested" in str(honest)
    assert '<p data-testid="out-of-line">None.</p>' in site.write_site(honest, tmp_path / "honest").read_text()
