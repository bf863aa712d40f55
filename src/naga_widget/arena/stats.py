"""The figures of a tournament: win rates with Wilson intervals, and Elo ratings.

Ratings follow the Bradley–Terry model on the Elo scale: bot *i* beats bot *j* with probability
``1 / (1 + 10 ** ((r_j - r_i) / 400))``. They are fitted by maximum likelihood (the MM iteration
of Hunter, 2004) with a weak prior: every pair that met counts one extra game, shared half
and half, so a bot that won every game still gets a finite rating. Ratings are shifted so
that their mean is 1500; only differences mean anything.

The 95% interval of a rating is a percentile bootstrap over games: each pair's games are drawn
again, as many as were played (the schedule stays a round robin), each won at the pair's
observed rate smoothed by the same prior (so a 20-0 record still varies), the ratings are
refitted, and the 2.5% and 97.5% points of each bot's ratings taken. The draws use a fixed
seed, so the intervals are reproducible.

>>> low, high = wilson(7, 10)
>>> round(low, 3), round(high, 3)
(0.397, 0.892)
>>> r = fit_elo(["a", "b"], {("a", "b"): (3, 1)})
>>> round(r["a"] - r["b"], 1)  # 400 * log10(3.5 / 1.5)
147.2
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from ..stats import Z95, wilson

__all__ = ["MEAN", "PRIOR", "Z95", "Rating", "Tally", "bootstrap", "fit_elo", "percentile", "ratings", "wilson"]
PRIOR = 0.5  # virtual wins of each bot of a pair (one virtual game, shared)
MEAN = 1500.0

Tally = Mapping[tuple[str, str], tuple[int, int]]  # (a, b) -> (wins of a, wins of b)


def fit_elo(names: Sequence[str], tally: Tally, *, start: Mapping[str, float] | None = None,
            tolerance: float = 1e-9, max_iterations: int = 10_000) -> dict[str, float]:
    """Bradley–Terry ratings (Elo scale, mean 1500) from the wins of each pair (see the module doc)."""
    index = {name: i for i, name in enumerate(names)}
    n = len(names)
    wins = [0.0] * n
    meetings: list[list[tuple[int, float]]] = [[] for _ in names]
    for (a, b), (wa, wb) in tally.items():
        i, j = index[a], index[b]
        wins[i] += wa + PRIOR
        wins[j] += wb + PRIOR
        total = wa + wb + 2 * PRIOR
        meetings[i].append((j, total))
        meetings[j].append((i, total))
    scale = math.log(10) / 400
    strength = [math.exp(scale * ((start or {}).get(name, MEAN) - MEAN)) for name in names]
    for _ in range(max_iterations):
        new = [wins[i] / sum(total / (strength[i] + strength[j]) for j, total in meetings[i])
               if meetings[i] else 1.0 for i in range(n)]
        centre = math.exp(sum(math.log(s) for s in new) / n)
        new = [s / centre for s in new]
        change = max(abs(math.log(x / y)) for x, y in zip(new, strength))
        strength = new
        if change < tolerance:
            break
    return {name: MEAN + math.log(strength[i]) / scale for name, i in index.items()}


@dataclass(frozen=True)
class Rating:
    """An Elo rating and its 95% bootstrap interval."""

    elo: float
    low: float
    high: float

    def __str__(self) -> str:
        return f"{self.elo:.0f} [{self.low:.0f}, {self.high:.0f}]"


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``values``, interpolated linearly."""
    ordered = sorted(values)
    at = q * (len(ordered) - 1)
    low = math.floor(at)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (at - low)


def bootstrap(names: Sequence[str], tally: Tally, redraw: Callable[[random.Random], Tally], *,
              resamples: int = 200, seed: int = 0) -> dict[str, Rating]:
    """Ratings fitted to ``tally``, with the 2.5% and 97.5% points of the ratings refitted to
    ``resamples`` tallies drawn again by ``redraw(rng)`` (the arena redraws each pair's games, the
    league each pair's deals); the draws use ``seed``, so the intervals are reproducible."""
    estimate = fit_elo(names, tally)
    if resamples < 2:
        return {name: Rating(elo, elo, elo) for name, elo in estimate.items()}
    rng = random.Random(seed)
    draws: dict[str, list[float]] = {name: [] for name in names}
    for _ in range(resamples):
        for name, elo in fit_elo(names, redraw(rng), start=estimate, tolerance=1e-6).items():
            draws[name].append(elo)
    return {name: Rating(estimate[name], percentile(draws[name], 0.025), percentile(draws[name], 0.975))
            for name in names}


def ratings(names: Sequence[str], tally: Tally, *, resamples: int = 200, seed: int = 0) -> dict[str, Rating]:
    """Ratings with 95% bootstrap intervals from the wins of each pair (see the module doc)."""

    def redraw(rng: random.Random) -> Tally:
        again = {}
        for pair, (wa, wb) in tally.items():
            games = wa + wb
            rate = (wa + PRIOR) / (games + 2 * PRIOR)
            k = sum(rng.random() < rate for _ in range(games))
            again[pair] = (k, games - k)
        return again

    return bootstrap(names, tally, redraw, resamples=resamples, seed=seed)
