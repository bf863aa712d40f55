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

from ..arena.stats import Rating, bootstrap, fit_elo
from .records import StandingRow

Units = Mapping[tuple[str, str], Sequence[tuple[int, int]]]  # pair -> (wins of a, wins of b) of each unit


def tally_of(units: Units) -> dict[tuple[str, str], tuple[int, int]]:
    return {pair: (sum(u[0] for u in us), sum(u[1] for u in us)) for pair, us in units.items()}


def elo_ratings(names: Sequence[str], units: Units, *, resamples: int = 200, seed: int = 0) -> dict[str, Rating]:
    """Elo ratings (mean 1500) with 95% intervals from a bootstrap over each pair's units."""

    def redraw(rng: random.Random) -> dict[tuple[str, str], tuple[int, int]]:
        again = {}
        for pair, us in units.items():
            picked = [us[int(rng.random() * len(us))] for _ in us] if us else []
            again[pair] = (sum(u[0] for u in picked), sum(u[1] for u in picked))
        return again

    return bootstrap(names, tally_of(units), redraw, resamples=resamples, seed=seed)


MIN_UNITS = 2  # units of chance a pair needs before the bootstrap can say anything


def enough_for_intervals(units: Units) -> bool:
    """Can the bootstrap give intervals? Only if every pair has ``MIN_UNITS`` units or more: with
    one unit a pair draws the same unit every time, and every interval has zero width."""
    return bool(units) and all(len(us) >= MIN_UNITS for us in units.values())


def elo_text(row: StandingRow) -> str:
    """A standings row's Elo and its interval, or that there are too few games for one."""
    if row["elo_low"] is None:
        return f"{row['elo']:.0f} (too few games)"
    return f"{row['elo']:.0f} [{row['elo_low']:.0f}, {row['elo_high']:.0f}]"


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


# -- pairs out of line (collusion) ----------------------------------------------------------------
COLLUSION_ALPHA = 0.01  # the family-wise error rate of the test over all pairs (Holm)


@dataclass(frozen=True)
class PairTest:
    """One pair's head-to-head result against what their games with the others predict."""

    a: str
    b: str
    wins_a: int
    wins_b: int
    expected_a: float  # the wins of ``a`` the others' games predict, out of wins_a + wins_b
    p_value: float  # two-sided exact test (beta-binomial: the prediction's error allowed for)
    adjusted: float  # after Holm's correction over every pair tested
    flagged: bool

    def __str__(self) -> str:
        return (f"{self.a} – {self.b}: {self.wins_a}–{self.wins_b} head to head, "
                f"{self.expected_a:.1f}–{self.wins_a + self.wins_b - self.expected_a:.1f} expected from their games "
                f"with the others (p = {self.p_value:.2g}, {self.adjusted:.2g} after Holm's correction)")


def binomial_test(k: int, n: int, p: float, spread: float = 0.0) -> float:
    """The two-sided exact test of ``k`` successes in ``n`` trials of chance ``p``: the chance of
    a result as likely as ``k`` or less likely (the sum of every outcome no more probable).

    ``spread``: the standard error of ``p``'s log-odds, when ``p`` is itself an estimate. The
    chance is then taken as a beta distribution of mean ``p`` and that spread (by the delta
    method), and the outcomes as beta-binomial: the test allows for the error of the prediction."""
    if n == 0:
        return 1.0
    variance = (p * (1 - p) * spread) ** 2
    concentration = p * (1 - p) / variance - 1 if variance > 0 else math.inf
    if concentration <= 0 or math.isinf(concentration):
        def log_pmf(i: int) -> float:
            return (_log_choose(n, i) + (i * math.log(p) if i else 0.0)
                    + ((n - i) * math.log1p(-p) if n - i else 0.0))
    else:
        alpha, beta = p * concentration, (1 - p) * concentration

        def log_pmf(i: int) -> float:
            return _log_choose(n, i) + _log_beta(i + alpha, n - i + beta) - _log_beta(alpha, beta)

    logs = [log_pmf(i) for i in range(n + 1)]
    return min(1.0, sum(math.exp(v) for v in logs if v <= logs[k] + 1e-7))


def _log_choose(n: int, k: int) -> float:
    return math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1)


def _log_beta(a: float, b: float) -> float:
    return math.lgamma(a) + math.lgamma(b) - math.lgamma(a + b)


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm's step-down adjustment of ``p_values`` (in their order): each is flagged at level
    alpha when its adjusted value is at most alpha, with a family-wise error rate of alpha."""
    order = sorted(range(len(p_values)), key=lambda i: p_values[i])
    adjusted = [1.0] * len(p_values)
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (len(p_values) - rank) * p_values[i]))
        adjusted[i] = running
    return adjusted


def _information(name: str, tally: Mapping[tuple[str, str], tuple[int, int]], elo: Mapping[str, float]) -> float:
    """The Fisher information about ``name``'s strength (natural log-odds scale) in its games of
    ``tally``: the sum over its games of p(1 - p). (The opponents' own uncertainty is left out.)"""
    total = 1e-9
    for (a, b), (wa, wb) in tally.items():
        if name in (a, b):
            p = expected(elo[a] - elo[b])
            total += (wa + wb) * p * (1 - p)
    return total


def pairs_out_of_line(names: Sequence[str], units: Units, *, alpha: float = COLLUSION_ALPHA) -> list[PairTest]:
    """Each pair's head-to-head wins tested against what the rest of the league predicts.

    For a pair (a, b), the Elo ratings are fitted to every game *but* theirs; they give the chance
    ``p`` that a beats b, and the exact binomial test says how unlikely a's wins against b are
    under that chance. The prediction has its own error (its log-odds' standard error, from the
    Fisher information of each bot's games with the others): the test takes the chance as a beta
    distribution of that spread (a beta-binomial test), so a pair of bots that met the others
    only a few times is not flagged for the error of its prediction. Over all pairs, Holm's
    correction keeps the chance of flagging any honest pair at most ``alpha``. A pair is tested
    only if both bots played others.

    It flags a result far out of line (one bot throwing its games to the other, or two bots that
    play each other unlike anyone else). It is a pointer for the teacher, not a proof: bots whose
    styles meet badly can be out of line honestly, a few thrown games among many are not seen,
    and a thrower's lost games lower its rating, which can make its other pairs look odd too."""
    tally = tally_of(units)
    full = fit_elo(names, tally)
    found: list[tuple[str, str, int, int, float, float]] = []
    for (a, b), (wa, wb) in tally.items():
        rest = {pair: t for pair, t in tally.items() if pair != (a, b)}
        played = {n for pair, t in rest.items() if sum(t) for n in pair}
        if wa + wb == 0 or a not in played or b not in played:
            continue
        elo = fit_elo(names, rest, start=full, tolerance=1e-5)
        p = expected(elo[a] - elo[b])
        # the prediction has its own error: the spread of its log-odds, from each bot's games with the others
        spread = math.sqrt(1 / _information(a, rest, elo) + 1 / _information(b, rest, elo))
        found.append((a, b, wa, wb, p * (wa + wb), binomial_test(wa, wa + wb, p, spread)))
    adjusted = holm([f[5] for f in found])
    return [PairTest(a, b, wa, wb, e, pv, adj, adj <= alpha) for (a, b, wa, wb, e, pv), adj in zip(found, adjusted)]
