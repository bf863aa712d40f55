"""The league's static site: one folder of HTML, no server, to upload anywhere.

- ``index.html``: how the league was run (isolation, limits, schedule), the ranking with its
  intervals, the results of each pair, and each submission's failures and forfeits;
- ``games.html``: every game, each linked to its replay;
- ``replays/<game>.html``: the game as a spectator saw it (:mod:`.replay`).

Failures appear in their public form (the record's ``public_reason``, made by
:meth:`naga_widget.bots.turn.Failure.summary`): the kind of failure and the step, never the bot's
own message or the action it tried, which could name the cards in its hand. The tracebacks stay
in the teacher's ``league.json``. An entry that is not a submission (a refused name, a folder
without ``bot.py``) shows the league's own reason. Every text from a submission (its name, any
reason) is shown through :func:`~naga_widget.league.shown.html_text`: control and bidi
characters escaped, then HTML.
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any, Protocol

from ..match import Match
from .ratings import COLLUSION_ALPHA, PairTest, Skill, elo_text
from .records import LeagueGame, LeftOut, PairRow, StandingRow
from .replay import to_html
from .sandbox import ISOLATION_TEXT, Limits
from .shown import html_text, printable


class LeagueReport(Protocol):
    """What the site reads of a league's result (:class:`~naga_widget.league.run.LeagueResult`, which
    writes the site: this module does not import it back)."""

    entrants: list[str]
    failures: dict[str, LeftOut]
    games: list[LeagueGame]
    duplicate: bool
    isolation: str
    limits: Limits
    skills: dict[str, Skill] | None

    def standings(self) -> list[StandingRow]: ...

    def pairs(self) -> list[PairRow]: ...

    def forfeits(self, name: str) -> list[LeagueGame]: ...

    @property
    def intervals(self) -> bool: ...

    @property
    def too_few(self) -> str: ...

    @property
    def pair_tests(self) -> list[PairTest]: ...

    def out_of_line(self) -> list[PairTest]: ...


_STYLE = """body{font-family:system-ui,sans-serif;margin:1.5rem;max-width:1100px;color:#222}
table{border-collapse:collapse;margin:.5rem 0 1.5rem}th,td{border:1px solid #ccc;padding:.25rem .6rem;text-align:right}
th{background:#f3f3f3}td.name,th.name{text-align:left}.note{color:#555}"""


def _page(title: str, body: str) -> str:
    return (f'<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>{html_text(title)}</title>'
            f"<style>{_STYLE}</style></head><body>\n<h1>{html_text(title)}</h1>\n{body}\n</body></html>\n")


def _table(head: list[str], rows: list[list[Any]], test_id: str) -> str:
    names = {0}
    th = "".join(f'<th class="name">{html.escape(h)}</th>' if i in names else f"<th>{html.escape(h)}</th>"
                 for i, h in enumerate(head))
    trs = "".join("<tr>" + "".join(f'<td class="name">{c}</td>' if i in names else f"<td>{c}</td>"
                                   for i, c in enumerate(row)) + "</tr>" for row in rows)
    return f'<table data-testid="{test_id}"><thead><tr>{th}</tr></thead><tbody>{trs}</tbody></table>'


def _public(record: LeftOut) -> str:
    reason = record.get("public_reason") or ("failed" if record.get("error") else "")
    return str(reason)


def _out_of_line(result: LeagueReport) -> str:
    """The pairs whose head-to-head result is far out of line with their games against the others."""
    e = html_text
    odd = result.out_of_line()
    how = ("Each pair's head-to-head wins are tested against the chance that their games with the other bots "
           "predict (Elo fitted without the pair's own games; an exact beta-binomial test, which allows for the "
           "error of that prediction; Holm's correction over the "
           f"{len(result.pair_tests)} pairs tested, {100 * COLLUSION_ALPHA:g}% overall). A flagged pair is a pointer "
           "for a closer look at its games (one bot throwing its games to the other?), not a proof.")
    how = f'<p class="note" data-testid="out-of-line-test">{html.escape(how)}</p>'
    if not odd:
        return f'<h2>Pairs out of line</h2>\n{how}\n<p data-testid="out-of-line">None.</p>'
    rows = [[f"{e(t.a)} – {e(t.b)}", f"{t.wins_a} – {t.wins_b}",
             f"{t.expected_a:.1f} – {t.wins_a + t.wins_b - t.expected_a:.1f}", f"{t.p_value:.2g}", f"{t.adjusted:.2g}"]
            for t in odd]
    table = _table(["pair", "head to head", "expected from the others", "p", "p after Holm"], rows, "out-of-line")
    return f"<h2>Pairs out of line</h2>\n{how}\n{table}"


def write_site(result: LeagueReport, folder: str | Path, *, title: str = "Class league") -> Path:
    """Write the site of ``result`` into ``folder`` (see the module doc); returns ``index.html``."""
    root = Path(folder)
    (root / "replays").mkdir(parents=True, exist_ok=True)
    e = html_text
    limits = result.limits
    schedule = ("duplicate seating: every deal is played twice, with the seats swapped" if result.duplicate
                else "one game per deal, seats alternating")
    intro = (f'<p class="note" data-testid="how">{len(result.entrants)} bots, {len(result.games)} games ({schedule}). '
             f"Isolation: {e(ISOLATION_TEXT[result.isolation])}. Limits: {limits.move_seconds:g} s a move, "
             f"{limits.game_seconds:g} s a game, {limits.memory_mb} MB of memory. Ranked by "
             f"{'the conservative estimate μ − 3σ (openskill)' if result.skills is not None else 'Elo'}; "
             + (f"{e(result.too_few)}.</p>" if result.too_few
                else "Elo intervals are 95% bootstrap intervals over deals.</p>"))
    rows = []
    for i, row in enumerate(result.standings(), 1):
        cells = [f"{i}. {e(row['name'])}", row["games"], row["wins"], f"{100 * row['win_rate']:.0f}%",
                 e(elo_text(row))]
        if result.skills is not None:
            cells.append(f"{row['conservative']:.2f} (μ {row['mu']:.1f}, σ {row['sigma']:.1f})")
        cells.append(row["forfeits"])
        rows.append(cells)
    head = ["bot", "games", "wins", "win rate", "Elo [95%]" if result.intervals else "Elo"]
    head += ["μ − 3σ"] if result.skills is not None else []
    ranking = _table(head + ["forfeits"], rows, "ranking")
    pairs = _table(["pair", "wins", "deals", "deals won twice"],
                   [[f"{e(p['a'])} – {e(p['b'])}", f"{p['wins_a']} – {p['wins_b']}", p["deals"],
                     f"{p['swept_a']} – {p['swept_b']}"] for p in result.pairs()], "pairs")
    problems = []
    for name, record in sorted(result.failures.items()):
        where = "left out: not a submission" if record.get("rejected") else "left out: failed the check"
        problems.append([e(name), where, e(_public(record) or str(record.get("error", "")))])
    for name in result.entrants:
        for g in result.forfeits(name):
            link = f'<a href="replays/{g["key"]}.html">deal {g["deal"]}, {e(g["gold"])} – {e(g["silver"])}</a>'
            problems.append([e(name), link, e(_public(g))])
    failures = _table(["bot", "where", "what happened"], problems, "failures") if problems else "<p>None.</p>"
    body = (f'{intro}\n<h2>Ranking</h2>\n{ranking}\n<h2>Pairs</h2>\n{pairs}\n{_out_of_line(result)}\n'
            f'<h2>Failures and forfeits</h2>\n{failures}\n'
            '<p><a href="games.html" data-testid="games-link">Every game, with its replay</a></p>')
    index = root / "index.html"
    index.write_text(_page(title, body), encoding="utf-8")

    game_rows = []
    for g in sorted(result.games, key=lambda g: (g["pair"], g["deal"], g["swapped"])):
        name = f"{g['gold']} (gold) – {g['silver']} (silver), deal {g['deal']}"
        page = root / "replays" / f"{g['key']}.html"
        if not page.exists():
            page.write_text(to_html(Match.loads(g["saved"]), "spectator", title=printable(name)), encoding="utf-8")
        end = f"forfeit by {e(g['forfeited'])}: {e(_public(g))}" if g["forfeited"] else e(g["reason"])
        game_rows.append([f'<a href="replays/{g["key"]}.html">{e(name)}</a>', e(g["winner"]),
                          f"{g['scores'][0]} – {g['scores'][1]}", end])
    (root / "games.html").write_text(_page(f"{title}: games", '<p><a href="index.html">Back to the ranking</a></p>'
                                           + _table(["game", "winner", "score", "end"], game_rows, "games")),
                                     encoding="utf-8")
    return index
