"""Plots of a tournament with matplotlib (the optional extra ``arena``), imported on first use.

Each function returns a :class:`matplotlib.figure.Figure` made without pyplot, so nothing is
drawn twice in a notebook and no display is needed; ``fig.savefig(...)`` writes it out. The
figure draws itself as the last value of a notebook cell (an SVG), with or without pyplot.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .referee import GameRecord

if TYPE_CHECKING:
    from matplotlib.figure import Figure


def _figure(width: float, height: float) -> Figure:
    try:
        from matplotlib.figure import Figure
    except ImportError:
        raise ImportError('plots need matplotlib: pip install "naga-widget[arena]"') from None
    return _shown(Figure)(figsize=(width, height), layout="constrained")


_SHOWN: dict[type, type] = {}


def _shown(base: type) -> type:
    """``base`` (matplotlib's Figure) with ``_repr_svg_``, so a notebook shows it without pyplot."""
    if base not in _SHOWN:
        def _repr_svg_(self: Any) -> str:
            import io

            out = io.StringIO()
            self.savefig(out, format="svg")
            return out.getvalue()

        _SHOWN[base] = type("ArenaFigure", (base,), {"_repr_svg_": _repr_svg_, "__module__": __name__})
    return _SHOWN[base]


def win_rates(rows: Sequence[dict[str, Any]]) -> Figure:
    """Bars of each bot's win rate, error bars from its 95% Wilson interval."""
    fig = _figure(1.5 + 0.9 * len(rows), 3.2)
    ax = fig.subplots()
    names = [r["bot"] for r in rows]
    rates = [r["win_rate"] for r in rows]
    below = [r["win_rate"] - r["win_rate_low"] for r in rows]
    above = [r["win_rate_high"] - r["win_rate"] for r in rows]
    ax.bar(names, rates, yerr=[below, above], capsize=4, color="#c9a227", edgecolor="#5a4a10")
    ax.axhline(0.5, color="#888888", linewidth=0.8, linestyle="--")
    ax.set_ylim(0, 1)
    ax.set_ylabel("win rate (95% interval)")
    ax.set_title("Win rates")
    return fig


def mean_scores(names: Sequence[str], games: Sequence[GameRecord]) -> dict[str, list[float]]:
    """For each bot, its mean score at the end of round 1, 2, … over its games that got that far."""
    sums: dict[str, list[float]] = {name: [] for name in names}
    counts: dict[str, list[int]] = {name: [] for name in names}
    for g in games:
        for seat, name in enumerate(g.players):
            for r, scores in enumerate(g.history):
                if r == len(sums[name]):
                    sums[name].append(0.0)
                    counts[name].append(0)
                sums[name][r] += scores[seat]
                counts[name][r] += 1
    return {name: [s / c for s, c in zip(sums[name], counts[name])] for name in names}


def scores(names: Sequence[str], games: Sequence[GameRecord]) -> Figure:
    """Lines of each bot's mean score over the rounds (see :func:`mean_scores`)."""
    fig = _figure(6.0, 3.4)
    ax = fig.subplots()
    for name, means in mean_scores(names, games).items():
        ax.plot(range(1, len(means) + 1), means, marker="o", markersize=3, label=name)
    ax.set_xlabel("round")
    ax.set_ylabel("mean score at the end of the round")
    ax.set_title("Scores over the rounds")
    ax.legend()
    return fig
