"""Plots of a tournament with matplotlib (the optional extra ``arena``), imported on first use.

Each function draws on the :class:`~matplotlib.axes.Axes` it is given (``ax=``, to place the plot in
a figure of your own, made with pyplot or not), or else on a new
:class:`~matplotlib.figure.Figure` made without pyplot (so no global figure is left open and nothing
is drawn twice in a notebook), and returns the figure it drew on: a plain matplotlib ``Figure``.
``fig.savefig("plot.svg")`` writes it out; a notebook shows it as the last value of a cell once
matplotlib's inline backend is on (``%matplotlib inline``, or after any pyplot figure).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .referee import GameRecord

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure


def _axes(ax: Axes | None, width: float, height: float) -> Axes:
    """``ax``, or the axes of a new figure of ``width`` × ``height`` inches (made without pyplot)."""
    if ax is not None:
        return ax
    try:
        from matplotlib.figure import Figure
    except ImportError:
        raise ImportError('plots need matplotlib: pip install "naga-widget[arena]"') from None
    return Figure(figsize=(width, height), layout="constrained").subplots()


def _figure_of(ax: Axes) -> Figure:
    """The figure ``ax`` lies in (the whole figure, where ``ax`` is in a subfigure)."""
    figure: Any = ax.figure
    while getattr(figure, "figure", figure) is not figure:  # a SubFigure's own figure is its parent's
        figure = figure.figure
    return figure  # type: ignore[no-any-return]


def win_rates(rows: Sequence[dict[str, Any]], *, ax: Axes | None = None) -> Figure:
    """Bars of each bot's win rate, error bars from its 95% Wilson interval (``rows``:
    :meth:`ArenaResult.to_rows <naga_widget.arena.ArenaResult.to_rows>`)."""
    ax = _axes(ax, 1.5 + 0.9 * len(rows), 3.2)
    names = [r["bot"] for r in rows]
    rates = [r["win_rate"] for r in rows]
    below = [r["win_rate"] - r["win_rate_low"] for r in rows]
    above = [r["win_rate_high"] - r["win_rate"] for r in rows]
    ax.bar(names, rates, yerr=[below, above], capsize=4, color="#c9a227", edgecolor="#5a4a10")
    ax.axhline(0.5, color="#888888", linewidth=0.8, linestyle="--")
    ax.set_ylim(0, 1)
    ax.set_ylabel("win rate (95% interval)")
    ax.set_title("Win rates")
    return _figure_of(ax)


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


def scores(names: Sequence[str], games: Sequence[GameRecord], *, ax: Axes | None = None) -> Figure:
    """Lines of each bot's mean score over the rounds (see :func:`mean_scores`)."""
    ax = _axes(ax, 6.0, 3.4)
    for name, means in mean_scores(names, games).items():
        ax.plot(range(1, len(means) + 1), means, marker="o", markersize=3, label=name)
    ax.set_xlabel("round")
    ax.set_ylabel("mean score at the end of the round")
    ax.set_title("Scores over the rounds")
    ax.legend()
    return _figure_of(ax)
