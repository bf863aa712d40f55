"""The league's ratings: Elo over units of chance, openskill by mu - 3 sigma, the SPRT; the legal
actions on the wire; and "is my new version better?" played in the sandbox."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from naga_widget import Match, RandomBot, play_match
from naga_widget.bots.wire import legal_from_json, legal_to_json
from naga_widget.league import Limits, better, elo_ratings, openskill_ratings, sprt
from naga_widget.league.ratings import mean_width

from .samples import GOOD, write


def test_the_sprt_says_yes_no_or_not_yet_at_wald_s_bounds() -> None:
    assert sprt(0, 0).verdict == "not yet"
    lower, upper = math.log(0.05 / 0.95), math.log(0.95 / 0.05)
    test = sprt(0, 0)
    assert (round(test.lower, 6), round(test.upper, 6)) == (round(lower, 6), round(upper, 6))
    step = math.log((1 / (1 + 10 ** (-50 / 400))) / 0.5)
    needed = math.ceil(upper / step)  # straight wins to accept H1
    assert sprt(needed - 1, 0).verdict == "not yet" and sprt(needed, 0).verdict == "yes"
    assert sprt(0, 30).verdict == "no" and sprt(150, 150).verdict == "no"  # equal strength: H0 holds
    assert "alpha 0.05" in str(sprt(3, 1))
    with pytest.raises(ValueError, match="elo1"):
        sprt(1, 1, elo0=10, elo1=10)
    with pytest.raises(ValueError, match="alpha and beta"):
        sprt(1, 1, alpha=0.6)


def test_elo_intervals_come_from_the_units_and_shared_luck_narrows_them() -> None:
    names = ["a", "b"]
    # the same 12 wins in 20 games: in duplicate deals split 1-1 except where a swept (low variance),
    # or as 20 single games (higher variance)
    split = {("a", "b"): [(2, 0)] * 2 + [(1, 1)] * 8}
    single = {("a", "b"): [(1, 0)] * 12 + [(0, 1)] * 8}
    paired, alone = elo_ratings(names, split, resamples=400), elo_ratings(names, single, resamples=400)
    assert round(paired["a"].elo, 6) == round(alone["a"].elo, 6)  # the same estimate
    assert mean_width(paired) < mean_width(alone)
    assert paired["a"].low < paired["a"].elo < paired["a"].high


def test_openskill_ranks_by_the_conservative_estimate() -> None:
    skills = openskill_ratings(["a", "b", "c"], [("a", "b")] * 5 + [("a", "c")] * 5 + [("b", "c")] * 5)
    assert skills is not None
    order = sorted(skills, key=lambda n: -skills[n].conservative)
    assert order == ["a", "b", "c"]
    assert skills["a"].conservative == pytest.approx(skills["a"].mu - 3 * skills["a"].sigma)


@pytest.mark.parametrize("seed", [1, 2])
def test_the_legal_actions_survive_the_wire(seed: int) -> None:
    match = Match(seed=seed)
    play_match(match, [RandomBot(seed), RandomBot(seed + 1)])
    for k in range(0, match.last_step, 3):
        legal = match.state_at(k).legal_actions()
        again = legal_from_json(legal_to_json(legal))
        assert list(again) == list(legal) and again.phase == legal.phase and again.player == legal.player
        assert again.invoke_heads() == legal.invoke_heads()
        for head in legal.invoke_heads():
            assert again.targets(*head) == legal.targets(*head)
        assert again.sample(__import__("random").Random(k)) in legal


@pytest.mark.serial  # bots play under a move clock
def test_is_my_new_version_better(tmp_path: Path) -> None:
    folder = write(tmp_path, {**GOOD, "passer.py": "class Passer:\n    def act(self, observation, legal):\n"
                                                    "        return list(legal)[0]\n"})
    limits = Limits(move_seconds=2.0)
    # The deals are fresh on each call, so the verdict is a chance event. GreedyBot wins about 90% of its games
    # against a bot that plays the first legal action (181 of 200 on fixed deals). H1 at +400 Elo is a 91% win
    # rate: so close to the truth that the SPRT says "no" about once in 28 runs (simulated at a 90% win rate).
    # At +200 Elo (76%) it says "yes" after about 11 games, and fails (says "no", or is still undecided after
    # 25 deals) less than once in 10,000 runs at a 90% win rate, about once in 50 at 80%.
    verdict = better(folder / "bob", folder / "passer.py", elo1=200, max_deals=25, limits=limits)
    assert verdict.verdict == "yes", str(verdict)
    assert len(verdict.games) % 2 == 0 and len(verdict.games) < 50
    assert {g["swapped"] for g in verdict.games} == {False, True}
    undecided = better(folder / "alice.py", folder / "passer.py", elo1=200, max_deals=1, limits=limits)
    assert undecided.verdict == "not yet" and len(undecided.games) == 2
    with pytest.raises(FileNotFoundError, match="a .py file or a folder"):
        better(folder / "nobody", folder / "alice.py")
