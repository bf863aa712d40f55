"""``league``: check every submission, play the schedule (reusing what was played), rate, publish.

The results folder (``out``) keeps everything the league needs to continue:

- ``checks/<key>.json``: each submission's smoke game (by its hash and the limits);
- ``games/<key>.json``: each game, written atomically (a temporary file renamed) as it ends, so a
  league interrupted by Ctrl-C or a killed process loses nothing it played, and a rerun plays
  only the games whose key it has not got (a new or changed submission, other limits or deals);
- ``secret.json``: the key of the league's seeds and its own league seed (mode 0600, made on the
  first run, see :mod:`.seeds`): with it, a rerun plays the same games, byte for byte;
- ``league.json``: the standings; ``site/``: the static site (:mod:`.site`), when asked for.

Where the games run: ``workers=0`` or ``1`` referees them one at a time in this process, ``N``
in ``N`` worker processes, ``client=`` a Dask ``distributed.Client`` on its workers. In every case
each bot runs in its own sandboxed process (:mod:`.sandbox`), with the same limits.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from collections.abc import Callable, Iterable, Iterator
from contextlib import suppress
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from ..arena.progress import Bar
from ..arena.run import in_pool, on_dask
from ..arena.stats import Rating, wilson
from .errors import LeagueSetupError
from .games import SMOKE, Entry, Task, play_task, random_order, schedule, smoke_task
from .ratings import (
    COLLUSION_ALPHA,
    MIN_UNITS,
    SPRT,
    PairTest,
    Skill,
    elo_ratings,
    elo_text,
    enough_for_intervals,
    openskill_ratings,
    pairs_out_of_line,
    sprt,
)
from .records import LeagueGame, LeftOut, PairRow, StandingRow, as_game
from .sandbox import ISOLATION_TEXT, Limits, choose_isolation
from .seeds import SECRET_FILE, Seeds
from .shown import printable
from .site import write_site
from .submissions import Rejected, discover, submission_at


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that a reader sees the old file or the whole new one, never a part."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with suppress(OSError):
            os.unlink(tmp)
        raise


def read_cached(path: Path) -> LeagueGame | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return as_game(data) if isinstance(data, dict) else None


@dataclass
class LeagueResult:
    """What a league produced: who took part, who was left out and why, every game, the ratings."""

    entrants: list[str]
    failures: dict[str, LeftOut]  # name -> the smoke game's record, or the rejection of an entry
    games: list[LeagueGame]
    duplicate: bool
    isolation: str
    limits: Limits
    played: int = 0  # games played by this run
    reused: int = 0  # games found in the results folder
    seed: int = 0  # the league seed (it seeds the bootstrap of the intervals too)
    resamples: int = 200
    seed_chosen: bool = False
    out: Path | None = None
    ratings: dict[str, Rating] = field(init=False)
    skills: dict[str, Skill] | None = field(init=False)
    intervals: bool = field(init=False)  # False: too few games (deals) per pair for Elo intervals
    pair_tests: list[PairTest] = field(init=False)  # each pair's head-to-head against the rest (collusion)

    def __post_init__(self) -> None:
        units = self.units()
        self.ratings = elo_ratings(self.entrants, units, resamples=self.resamples, seed=self.seed)
        self.intervals = enough_for_intervals(units)
        self.pair_tests = pairs_out_of_line(self.entrants, units)
        order = sorted(self.games, key=lambda g: (g["deal"], g["pair"], g["swapped"]))
        self.skills = openskill_ratings(self.entrants, [(g["winner"], _other(g)) for g in order])

    def units(self) -> dict[tuple[str, str], list[tuple[int, int]]]:
        """Each pair's units of chance (see :mod:`.ratings`): a deal's two games, or single games."""
        out: dict[tuple[str, str], dict[int, list[int]]] = {}
        for i, a in enumerate(self.entrants):
            for b in self.entrants[i + 1:]:
                out[(a, b)] = {}
        for g in self.games:
            pair = (g["pair"][0], g["pair"][1])
            unit = out[pair].setdefault(g["deal"], [0, 0])
            unit[0 if g["winner"] == pair[0] else 1] += 1
        return {pair: [(u[0], u[1]) for _, u in sorted(deals.items())] for pair, deals in out.items()}

    def standings(self) -> list[StandingRow]:
        """One row per entrant, best first: by μ − 3σ where openskill is installed, else by Elo."""
        rows = []
        for name in self.entrants:
            mine = [g for g in self.games if name in g["pair"]]
            wins = sum(g["winner"] == name for g in mine)
            low, high = wilson(wins, len(mine))
            r = self.ratings[name]
            shown = self.intervals and r.high > r.low  # a zero-width interval says nothing
            row: StandingRow = {"name": name, "games": len(mine), "wins": wins, "win_rate": wins / max(1, len(mine)),
                                   "win_low": low, "win_high": high, "elo": r.elo,
                                   "elo_low": r.low if shown else None, "elo_high": r.high if shown else None,
                                   "forfeits": sum(g["forfeited"] == name for g in mine)}
            if self.skills is not None:
                s = self.skills[name]
                row["mu"], row["sigma"], row["conservative"] = s.mu, s.sigma, s.conservative
            rows.append(row)
        if self.skills is not None:
            return sorted(rows, key=lambda row: (-row.get("conservative", 0.0), row["name"]))
        return sorted(rows, key=lambda row: (-row["elo"], row["name"]))

    def pairs(self) -> list[PairRow]:
        """Each pair's wins, and how many deals each won outright (both games) or split."""
        out: list[PairRow] = []
        for (a, b), units in self.units().items():
            out.append({"a": a, "b": b, "wins_a": sum(u[0] for u in units), "wins_b": sum(u[1] for u in units),
                        "deals": len(units), "swept_a": sum(u == (2, 0) for u in units),
                        "swept_b": sum(u == (0, 2) for u in units)})
        return out

    def out_of_line(self) -> list[PairTest]:
        """The pairs whose head-to-head result is far out of line with their games against the
        others (see :func:`~naga_widget.league.ratings.pairs_out_of_line`): a pointer, not a proof."""
        return [t for t in self.pair_tests if t.flagged]

    def forfeits(self, name: str) -> list[LeagueGame]:
        return [g for g in self.games if g["forfeited"] == name]

    @property
    def too_few(self) -> str:
        """Why the Elo intervals are not shown ("" where they are)."""
        if self.intervals:
            return ""
        unit = "deals (each played twice)" if self.duplicate else "games"
        return (f"too few games for Elo intervals: each pair needs at least {MIN_UNITS} {unit}"
                + (" (--deals 2 or more)" if self.duplicate else ""))

    def __str__(self) -> str:
        lines = [f"League of {len(self.entrants)} bots, {len(self.games)} games "
                 f"({'duplicate seating: each deal twice, seats swapped' if self.duplicate else 'one game per deal'}); "
                 f"{self.played} played now, {self.reused} from earlier runs",
                 f"isolation: {ISOLATION_TEXT[self.isolation]}",
                 f"seeds: keyed by {SECRET_FILE} in the results folder; league seed "
                 f"{'chosen' if self.seed_chosen else 'drawn from the OS'}", ""]
        skill = self.skills is not None
        elo_head = "Elo [95%]" if self.intervals else "Elo"
        head = f"{'#':>3}  {'bot':20} {'games':>5} {'wins':>5} {elo_head:>20} {'forfeits':>8}"
        lines.append(head + (f" {'mu-3sigma':>10}" if skill else ""))
        for i, row in enumerate(self.standings(), 1):
            elo = elo_text(row)
            line = (f"{i:>3}  {printable(row['name']):20} {row['games']:>5} {row['wins']:>5} {elo:>20} "
                    f"{row['forfeits']:>8}")
            lines.append(line + (f" {row['conservative']:>10.2f}" if skill else ""))
        if self.too_few:
            lines.append(f"(Elo: {self.too_few})")
        lines += ["", f"pairs out of line ({COLLUSION_TEST}):"]
        odd = self.out_of_line()
        lines += [f"  {printable(t)}" for t in odd] if odd else [f"  none of the {len(self.pair_tests)} pairs tested"]
        if self.failures:
            lines += ["", "left out (failed the check, or not a submission):"]
            for name, rec in sorted(self.failures.items()):
                lines.append(f"  {printable(name)}: {printable(rec.get('error'), ERROR_CHARS)}")
        return "\n".join(lines)

    def _repr_pretty_(self, p: Any, cycle: bool) -> None:  # IPython and Jupyter: the report, escaped
        p.text(str(self))

    def to_json(self) -> dict[str, Any]:
        return {"entrants": self.entrants, "standings": self.standings(), "pairs": self.pairs(),
                "failures": {n: {k: v for k, v in r.items() if k != "saved"} for n, r in self.failures.items()},
                "duplicate": self.duplicate, "isolation": self.isolation, "limits": self.limits.to_json(),
                "games": [{k: v for k, v in g.items() if k != "saved"} for g in self.games],
                "openskill": self.skills is not None, "intervals": self.intervals,
                "pair_tests": {"test": COLLUSION_TEST, "alpha": COLLUSION_ALPHA,
                               "pairs": [asdict(t) for t in self.pair_tests]}}


COLLUSION_TEST = ("head to head against the chance their games with the others predict: exact beta-binomial test, "
                  f"Holm's correction over the pairs, {100 * COLLUSION_ALPHA:g}% overall; a pointer, not a proof")
ERROR_CHARS = 500  # of a bot's error in the printed report (the whole text is in league.json)


def _other(game: LeagueGame) -> str:
    return str(game["silver"] if game["winner"] == game["gold"] else game["gold"])


def league(submissions: str | Path, out: str | Path | None = None, *, deals: int = 4, duplicate: bool = True,
           seed: int | None = None, limits: Limits | None = None, isolation: str = "auto", workers: int | None = None,
           client: Any = None, progress: bool = True, site: bool = False, resamples: int = 200,
           log: Callable[[str], None] | None = None) -> LeagueResult:
    """Run a class league over the submissions in ``submissions`` (see :mod:`naga_widget.league`).

    ``out``: the results folder (default ``submissions/../league-results``); games found there
    are reused, and its ``secret.json`` keys every seed (see :mod:`.seeds`). ``seed``: the league
    seed (default: the results folder's own, drawn from the OS on its first run). ``deals``:
    deals per pair, each played twice with the seats swapped when ``duplicate`` (the default),
    else ``2 * deals`` games on deals of their own. ``limits``:
    see :class:`~naga_widget.league.sandbox.Limits`. ``isolation``: ``"auto"`` (bubblewrap where
    it works, else processes with a warning), ``"bwrap"`` or ``"process"``. ``workers``/``client``:
    where the games run (see the module doc). ``site``: also write the static site in
    ``out/site``. ``log``: a function that gets each line of news (default: stderr when
    ``progress``).
    """
    limits = limits if limits is not None else Limits()
    folder = Path(submissions)
    results = Path(out) if out is not None else folder.resolve().parent / "league-results"
    say = log if log is not None else (lambda text: print(text, file=sys.stderr)) if progress else (lambda text: None)
    found, rejected = discover(folder)
    seeds = Seeds.of_folder(results, seed)
    chosen = choose_isolation(isolation)
    say(f"league: {len(found)} submissions in {printable(folder)}; isolation: {ISOLATION_TEXT[chosen]}")
    failures: dict[str, LeftOut] = {r.name: {"name": r.name, "error": r.error, "details": "", "rejected": True,
                                                    "public_reason": r.error} for r in rejected}
    entries = [Entry.of(s) for s in found]

    checks = [smoke_task(e, seeds, limits, chosen) for e in entries]
    passed: list[Entry] = []
    check_records = dict(_played(checks, results / "checks", workers, client, progress, "checks"))
    for entry, task in zip(entries, checks):
        record = check_records[task.key][0]
        if record["forfeited"] == entry.name:
            failures[entry.name] = record
            say(f"league: {printable(entry.name)} is left out: {printable(record['error'], ERROR_CHARS)}")
        else:
            passed.append(entry)
    if len(passed) < 2:
        raise LeagueSetupError(f"a league needs at least two submissions that pass the check, got {len(passed)}"
                         + "".join(f"\n  {printable(n)}: {printable(r.get('error'), ERROR_CHARS)}"
                                   for n, r in sorted(failures.items())))
    tasks = schedule(passed, deals, seeds, limits, chosen, duplicate=duplicate)
    played = dict(_played(random_order(tasks, seeds.league), results / "games", workers, client, progress, "games"))
    result = LeagueResult([e.name for e in passed], failures, [played[t.key][0] for t in tasks], duplicate, chosen,
                          limits, played=sum(new for _, new in played.values()),
                          reused=sum(not new for _, new in played.values()), seed=seeds.league,
                          resamples=resamples, out=results, seed_chosen=seeds.chosen)
    write_atomic(results / "league.json", json.dumps(result.to_json(), indent=1))
    if site:
        write_site(result, results / "site")
    return result


def _played(tasks: list[Task], folder: Path, workers: int | None, client: Any, progress: bool,
            what: str) -> Iterator[tuple[str, tuple[LeagueGame, bool]]]:
    """Each task's record, from ``folder`` where it was played before, else played now and written
    there at once; ``(key, (record, played_now))``."""
    todo = []
    for task in tasks:
        cached = read_cached(folder / f"{task.key}.json")
        if cached is not None and cached.get("key") == task.key:
            yield task.key, (cached, False)
        else:
            todo.append(task)
    if not todo:
        return
    with Bar(len(todo), desc=f"league {what}", enabled=progress) as bar:
        for record in _run(todo, workers, client):
            write_atomic(folder / f"{record['key']}.json", json.dumps(record))
            bar.update()
            yield record["key"], (record, True)


def _run(tasks: list[Task], workers: int | None, client: Any) -> Iterable[LeagueGame]:
    """Each task played where the arena plays its games: on Dask, in worker processes, or here."""
    if client is not None:
        return on_dask(play_task, tasks, client)
    count = workers if workers is not None else min(os.cpu_count() or 1, 4)
    if count <= 1 or len(tasks) == 1:
        return map(play_task, tasks)
    return in_pool(play_task, tasks, count)


@dataclass
class Verdict:
    """The answer of :func:`better`: the SPRT's state after the games played, and the games."""

    test: SPRT
    games: list[LeagueGame]

    @property
    def verdict(self) -> str:
        return str(self.test.verdict)

    def __str__(self) -> str:
        return f"is the new version better? {self.test} after {len(self.games)} games"


def better(new: str | Path, old: str | Path, *, elo0: float = 0.0, elo1: float = 50.0, alpha: float = 0.05,
           beta: float = 0.05, max_deals: int = 200, seed: int | None = None, limits: Limits | None = None,
           isolation: str = "auto") -> Verdict:
    """Is the bot ``new`` (a ``.py`` file or a folder with ``bot.py``) better than ``old``? Plays
    duplicate deals (each twice, seats swapped) in the sandbox, one after the other, until the
    SPRT (:func:`~naga_widget.league.ratings.sprt`, H0 ``elo0`` against H1 ``elo1``, error rates
    ``alpha`` and ``beta``) says ``"yes"`` or ``"no"``, or ``max_deals`` were played (``"not yet"``).
    A forfeit counts as a loss of the bot that forfeited. The seeds are keyed by a new secret
    from the OS on each call (see :mod:`.seeds`), so ``seed`` alone does not repeat the deals."""
    limits = limits if limits is not None else Limits()
    seeds = Seeds.fresh(seed)
    chosen = choose_isolation(isolation)
    entries = []
    for label, path in (("new", Path(new)), ("old", Path(old))):
        if not (path.is_file() or (path / "bot.py").is_file()):
            raise FileNotFoundError(f"{label} must be a .py file or a folder with a bot.py, not {str(path)!r}")
        entries.append(Entry.of(submission_at(label, path)))
    wins = losses = 0
    games: list[LeagueGame] = []
    test = sprt(0, 0, elo0=elo0, elo1=elo1, alpha=alpha, beta=beta)
    for deal in range(max_deals):
        for task in schedule(entries, deal + 1, seeds, limits, chosen)[2 * deal:]:
            record = play_task(task)
            games.append(record)
            wins += record["winner"] == "new"
            losses += record["winner"] == "old"
        test = sprt(wins, losses, elo0=elo0, elo1=elo1, alpha=alpha, beta=beta)
        if test.verdict != "not yet":
            break
    return Verdict(test, games)


__all__ = ["SMOKE", "LeagueResult", "Rejected", "Verdict", "better", "league", "write_atomic"]
