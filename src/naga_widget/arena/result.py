"""The result of a tournament: tables (text, HTML, plain rows), Elo ratings, the saved games.

Every figure is computed from the game records, so a result can be rebuilt from them
(``ArenaResult(bots, games, ...)``) and the statistics checked on a constructed one.
Win rates carry a 95% Wilson interval, ratings a 95% bootstrap interval (see :mod:`.stats`).
A forfeited game counts as a loss of the bot that forfeited (see :mod:`.referee`).
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..match import Match
from ..rules.errors import is_int
from .lineup import derive_seed
from .plots import scores, win_rates
from .referee import FORFEIT, GameJSON, GameRecord
from .stats import Rating, ratings, wilson

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

ENDS = ("target_score", "full_temple", "three_cursed", FORFEIT)  # R7.1 reasons, then a forfeit
SHORT = {"target_score": "target", "full_temple": "full", "three_cursed": "cursed", FORFEIT: "forfeit"}


@dataclass(frozen=True, eq=False)
class ArenaResult:
    """What a tournament produced. ``games`` are in schedule order (``games[i].id == i``)."""

    bots: tuple[str, ...]
    games: tuple[GameRecord, ...]
    seed: int
    games_per_pair: int
    where: str = "in this process"
    resamples: int = 200
    _index: dict[int, GameRecord] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_index", {g.id: g for g in self.games})

    # -- figures -------------------------------------------------------------------------------
    @cached_property
    def ratings(self) -> dict[str, Rating]:
        """Elo ratings (mean 1500) with 95% bootstrap intervals, by bot."""
        return ratings(self.bots, self.tally(), resamples=self.resamples, seed=derive_seed(self.seed, "bootstrap"))

    def tally(self) -> dict[tuple[str, str], tuple[int, int]]:
        """(a, b) -> (wins of a, wins of b) for every pair, in the order of :attr:`bots`."""
        out = {(a, b): (0, 0) for i, a in enumerate(self.bots) for b in self.bots[i + 1:]}
        for g in self.games:
            a, b = g.pair
            wa, wb = out[(a, b)]
            out[(a, b)] = (wa + (g.winner == a), wb + (g.winner == b))
        return out

    @property
    def errors(self) -> list[str]:
        """One line per forfeited game: which game, which bot, what went wrong. For the organiser: a
        line may quote the bot's move, and so its cards; :attr:`public_errors` is for everyone."""
        return [g.error for g in self.games if g.error]

    @property
    def public_errors(self) -> list[str]:
        """One line per forfeited game, in words that hold no hidden fact (``referee.public_reason``):
        what the table, its text and its HTML show."""
        return [text for g in self.games if (text := g.public_error()) is not None]

    def to_rows(self) -> list[dict[str, Any]]:
        """One row per bot, as plain data (e.g. for ``pandas.DataFrame``)."""
        rows = []
        for name in self.bots:
            mine = [g for g in self.games if name in g.players]
            wins = sum(g.winner == name for g in mine)
            low, high = wilson(wins, len(mine))
            rating = self.ratings[name]
            row: dict[str, Any] = {
                "bot": name, "games": len(mine), "wins": wins, "losses": len(mine) - wins,
                "win_rate": wins / len(mine) if mine else 0.0, "win_rate_low": low, "win_rate_high": high,
                "elo": rating.elo, "elo_low": rating.low, "elo_high": rating.high,
                "mean_rounds": sum(g.rounds for g in mine) / len(mine) if mine else 0.0,
            }
            row.update({end: sum(g.reason == end for g in mine) for end in ENDS})
            row["forfeited"] = sum(g.forfeited == name for g in mine)
            rows.append(row)
        return rows

    def pair_rows(self) -> list[dict[str, Any]]:
        """Head to head: one row per pair (bot, opponent), wins counted for ``bot``."""
        rows = []
        for (a, b), (wa, wb) in self.tally().items():
            games = [g for g in self.games if g.pair == (a, b)]
            low, high = wilson(wa, wa + wb)
            rows.append({
                "bot": a, "opponent": b, "games": wa + wb, "wins": wa, "losses": wb,
                "win_rate": wa / (wa + wb) if wa + wb else 0.0, "win_rate_low": low, "win_rate_high": high,
                "wins_as_gold": sum(g.winner == a and g.gold == a for g in games),
                "games_as_gold": sum(g.gold == a for g in games),
                "wins_as_silver": sum(g.winner == a and g.silver == a for g in games),
                "games_as_silver": sum(g.silver == a for g in games),
            })
        return rows

    def thinking(self) -> dict[str, tuple[int, float, float]]:
        """Bot -> (decisions, mean seconds per decision, slowest decision), as the referee timed
        them (wall clock, messages included). Not part of the table: timings differ from run to run."""
        out = {}
        for name in self.bots:
            n, total, slowest = 0, 0.0, 0.0
            for g in self.games:
                for seat in (0, 1):
                    if g.players[seat] == name:
                        n += g.decisions[seat]
                        total += g.think[seat]
                        slowest = max(slowest, g.slowest[seat])
            out[name] = (n, total / n if n else 0.0, slowest)
        return out

    def thinking_text(self) -> str:
        """:meth:`thinking` as lines of text."""
        width = max(map(len, self.bots))
        lines = ["time per decision (wall clock)"]
        for name, (n, mean, slowest) in self.thinking().items():
            lines.append(f"{name:<{width}}  mean {mean:.3f} s, slowest {slowest:.3f} s, {n} decisions")
        return "\n".join(lines)

    def game_rows(self) -> list[GameJSON]:
        """One row per game, as plain data (no saved match)."""
        return [g.to_json() for g in self.games]

    # -- the games -----------------------------------------------------------------------------
    def game(self, game_id: int) -> GameRecord:
        if not is_int(game_id) or game_id not in self._index:
            raise KeyError(f"no game {game_id!r} in this tournament (games are numbered 0 to {len(self.games) - 1})")
        return self._index[game_id]

    def open(self, game_id: int) -> Match:
        """The match of a game, loaded from its saved JSON (every step replayed and checked)."""
        return Match.loads(self.game(game_id).saved)

    def save(self, folder: str | Path) -> Path:
        """Write every game (``Match.dumps()``), ``results.json`` (the rows: the same for the same seed)
        and ``timing.json`` (the time per decision of each bot and game) into ``folder``."""
        folder = Path(folder)
        for g in self.games:
            save_game(folder, g)
        summary = {"bots": list(self.bots), "seed": self.seed, "games_per_pair": self.games_per_pair,
                   "table": self.to_rows(), "head_to_head": self.pair_rows(), "games": self.game_rows()}
        (folder / "results.json").write_text(json.dumps(summary, indent=1) + "\n", encoding="utf-8")
        timing = {"bots": {name: {"decisions": n, "mean_seconds": mean, "slowest_seconds": slowest}
                           for name, (n, mean, slowest) in self.thinking().items()},
                  "games": [{"id": g.id, "players": list(g.players), "decisions": list(g.decisions),
                             "seconds": list(g.think), "slowest": list(g.slowest)} for g in self.games]}
        (folder / "timing.json").write_text(json.dumps(timing, indent=1) + "\n", encoding="utf-8")
        return folder

    # -- plots (matplotlib, the optional extra "arena") ------------------------------------------
    def plot_win_rates(self, *, ax: Axes | None = None) -> Figure:
        """Win rate of each bot, with its 95% interval as error bars (see :mod:`.plots`: a plain
        matplotlib figure, drawn on ``ax`` if given)."""
        return win_rates(self.to_rows(), ax=ax)

    def plot_scores(self, *, ax: Axes | None = None) -> Figure:
        """Mean score of each bot at the end of each round (over its games that lasted that long)."""
        return scores(self.bots, self.games, ax=ax)

    # -- shown as text and in notebooks ------------------------------------------------------------
    def _title(self) -> str:
        n = len(self.bots)
        return (f"Round robin of {n} bots, {self.games_per_pair} games per pair ({len(self.games)} games), "
                f"seed {self.seed}; played {self.where}")

    def _tables(self) -> tuple[list[str], list[list[str]], list[str], list[list[str]]]:
        head = ["bot", "games", "wins", "losses", "win rate [95% CI]", "Elo [95% CI]", "rounds",
                *(SHORT[e] for e in ENDS)]
        body = [[r["bot"], str(r["games"]), str(r["wins"]), str(r["losses"]),
                 _rate(r["win_rate"], r["win_rate_low"], r["win_rate_high"]),
                 str(self.ratings[r["bot"]]), f"{r['mean_rounds']:.2f}", *(str(r[e]) for e in ENDS)]
                for r in self.to_rows()]
        pair_head = ["head to head", "games", "wins", "win rate [95% CI]", "as gold", "as silver"]
        pairs = [[f"{r['bot']} vs {r['opponent']}", str(r["games"]), f"{r['wins']}-{r['losses']}",
                  _rate(r["win_rate"], r["win_rate_low"], r["win_rate_high"]),
                  f"{r['wins_as_gold']}/{r['games_as_gold']}", f"{r['wins_as_silver']}/{r['games_as_silver']}"]
                 for r in self.pair_rows()]
        return head, body, pair_head, pairs

    def __str__(self) -> str:
        head, body, pair_head, pairs = self._tables()
        lines = [self._title(), "", *_text_table(head, body), "", *_text_table(pair_head, pairs)]
        if self.public_errors:
            lines += ["", f"{len(self.public_errors)} game(s) forfeited (a forfeit is a loss; the errors "
                          f"themselves: result.errors):"]
            lines += [f"  {e}" for e in self.public_errors]
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        head, body, pair_head, pairs = self._tables()
        out = [f"<div class='naga-arena'><p>{html.escape(self._title())}</p>",
               _html_table(head, body), _html_table(pair_head, pairs)]
        if self.public_errors:
            out.append(f"<p>{len(self.public_errors)} game(s) forfeited (a forfeit is a loss; the errors "
                       f"themselves: <code>result.errors</code>):</p><ul>")
            out += [f"<li>{html.escape(e)}</li>" for e in self.public_errors]
            out.append("</ul>")
        out.append("</div>")
        return "".join(out)

    def __repr__(self) -> str:
        return f"<ArenaResult {len(self.bots)} bots, {len(self.games)} games, seed {self.seed}>"


def save_game(folder: Path, game: GameRecord) -> Path:
    """Write one game's match JSON into ``folder`` (created if needed); return the file."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"game-{game.id:04d}-{_safe(game.gold)}-vs-{_safe(game.silver)}.json"
    path.write_text(game.saved, encoding="utf-8")
    return path


def _safe(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", name)[:40] or "bot"


def _rate(rate: float, low: float, high: float) -> str:
    return f"{100 * rate:5.1f}% [{100 * low:4.1f}, {100 * high:5.1f}]"


def _text_table(head: list[str], body: Sequence[list[str]]) -> list[str]:
    widths = [max(len(row[i]) for row in [head, *body]) for i in range(len(head))]

    def line(row: list[str]) -> str:
        first = row[0].ljust(widths[0])
        return "  ".join([first, *(cell.rjust(w) for cell, w in zip(row[1:], widths[1:]))]).rstrip()

    return [line(head), *(line(row) for row in body)]


def _html_table(head: list[str], body: Sequence[list[str]]) -> str:
    cells = "".join(f"<th>{html.escape(h)}</th>" for h in head)
    rows = "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>" for row in body)
    return f"<table><thead><tr>{cells}</tr></thead><tbody>{rows}</tbody></table>"
