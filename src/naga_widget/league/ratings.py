"""Ratings of a league: Bradley–Terry/Elo with bootstrap intervals over deals, openskill, and SPRT.

**Duplicate seating.** In a duplicate schedule each deal (a match seed: the same rooms, cards and
throws) is played twice by a pair, with the seats swapped, so both bots meet the same luck. The
unit of chance is then the deal, not the game: the intervals here are a bootstrap that draws each
pair's *units* again (a deal's two games together; in a schedule without duplicates, each game
alone) and refits the ratings. Luck a deal gives to one seat cancels within the deal, which is
what narrows the intervals (``benchmarks/bench_league.py`` measures by how much).

**openskill.** The Weng-Lin model (``openskill``'s Plackett-Luce), games taken in schedule order;
bots are ranked by the conservative estimate μ − 3σ. ``openskill`` is an optional package (the
extra ``[league]``); without it these figures are left out.

**SPRT.** :func:`sprt` tells whether a new version beats the old one: Wald's sequential
probability ratio test of H0 "the Elo difference is ``elo0``" against H1 "it is ``elo1``", with
error rates ``alpha`` (saying yes when H0 holds) and ``beta`` (saying no when H1 holds), as chess
engine testers use it (games have no draws here: each is a win or a loss).

>>> sprt(40, 10).verdict, sprt(10, 30).verdict, sprt(3, 2).verdict
('yes', 'no', 'not yet')
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..arena.stats import Rating, fit_elo, percentile

Units = Mapping[tuple[str, str], Sequence[tuple[int, int]]]  # pair -> (wins of a, wins of b) of each unit


def tally_of(units: Units) -> dict[tuple[str, str], tuple[int, int]]:
    return {pair: (sum(u[0] for u in us), sum(u[1] for u in us)) for pair, us in units.items()}


def elo_ratings(names: Sequence[str], units: Units, *, resamples: int = 200, seed: int = 0) -> dict[str, Rating]:
    """Elo ratings (mean 1500) with 95% intervals from a bootstrap over each pair's units."""
    estimate = fit_elo(names, tally_of(units))
    if resamples < 2:
        return {n: Rating(e, e, e) for n, e in estimate.items()}
    rng = random.Random(seed)
    draws: dict[str, list[float]] = {n: [] for n in names}
    for _ in range(resamples):
        again = {}
        for pair, us in units.items():
            picked = [us[int(rng.random() * len(us))] for _ in us] if us else []
            again[pair] = (sum(u[0] for u in picked), sum(u[1] for u in picked))
        for n, e in fit_elo(names, again, start=estimate, tolerance=1e-6).items():
            draws[n].append(e)
    return {n: Rating(estimate[n], percentile(draws[n], 0.025), percentile(draws[n], 0.975)) for n in names}


def mean_width(found: Mapping[str, Rating]) -> float:
    """The mean width of the 95% intervals, in Elo points."""
    return sum(r.high - r.low for r in found.values()) / max(1, len(found))


@dataclass(frozen=True)
class Skill:
    """An openskill rating: μ, σ and the conservative estimate μ − 3σ it is ranked by."""

    mu: float
    sigma: float

    @property
    def conservative(self) -> float:
        return self.mu - 3 * self.sigma


def openskill_ratings(names: Sequence[str], games: Sequence[tuple[str, str]]) -> dict[str, Skill] | None:
    """Weng-Lin (Plackett-Luce) ratings from ``games`` as (winner, loser), in order; None without openskill."""
    try:
        from openskill.models import PlackettLuce
    except ImportError:
        return None
    model = PlackettLuce()
    current: dict[str, Any] = {n: model.rating(name=n) for n in names}
    for winner, loser in games:
        [[w], [lo]] = model.rate([[current[winner]], [current[loser]]], ranks=[0, 1])
        current[winner], current[loser] = w, lo
    return {n: Skill(float(r.mu), float(r.sigma)) for n, r in current.items()}


@dataclass(frozen=True)
class SPRT:
    """The state of a sequential test: its log-likelihood ratio, its bounds and its verdict."""

    wins: int
    losses: int
    llr: float
    lower: float
    upper: float
    elo0: float
    elo1: float
    alpha: float
    beta: float

    @property
    def verdict(self) -> str:
        """``"yes"`` (H1 accepted), ``"no"`` (H0 accepted) or ``"not yet"`` (play on)."""
        return "yes" if self.llr >= self.upper else "no" if self.llr <= self.lower else "not yet"

    def __str__(self) -> str:
        return (f"{self.verdict}: {self.wins} wins, {self.losses} losses; LLR {self.llr:.2f} in "
                f"[{self.lower:.2f}, {self.upper:.2f}] (H0 {self.elo0:g} Elo, H1 {self.elo1:g} Elo, "
                f"alpha {self.alpha:g}, beta {self.beta:g})")


def expected(elo: float) -> float:
    return 1 / (1 + 10 ** (-elo / 400))


def sprt(wins: int, losses: int, *, elo0: float = 0.0, elo1: float = 50.0, alpha: float = 0.05,
         beta: float = 0.05) -> SPRT:
    """Wald's SPRT of H0 (Elo difference ``elo0``) against H1 (``elo1``) after ``wins`` and ``losses``."""
    if not (0 < alpha < 0.5 and 0 < beta < 0.5):
        raise ValueError(f"alpha and beta must be between 0 and 0.5, not {alpha!r} and {beta!r}")
    if not elo1 > elo0:
        raise ValueError(f"elo1 ({elo1!r}) must be greater than elo0 ({elo0!r})")
    if min(wins, losses) < 0:
        raise ValueError("wins and losses must be at least 0")
    p0, p1 = expected(elo0), expected(elo1)
    llr = wins * math.log(p1 / p0) + losses * math.log((1 - p1) / (1 - p0))
    return SPRT(wins, losses, llr, math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha), elo0, elo1, alpha,
                beta)
