"""The ``naga-widget`` command: self-play statistics, a game shown in the terminal, and tournaments.

    naga-widget selfplay --games 200 --seed 1
    naga-widget play --seed 1
    naga-widget arena random greedy ismcts --games 20 --seed 1 --workers 2 --save games/
    naga-widget lessons my-lessons
    naga-widget grade dist/autograder submissions/ --out results/
    naga-widget league submissions/ --deals 10 --out results/ --site
    naga-widget replay game.json -o game.html
    naga-widget serve --db class.db --host 0.0.0.0 --port 8765

Progress bars (tqdm, the extra ``arena``) go to stderr; the figures go to stdout.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from .arena.lineup import BotSetupError
from .arena.progress import Bar
from .arena.settings import SettingError, check_settings
from .rules import TEMPLE_NAMES, Chance, new_game
from .rules.flow import playout


def selfplay(games: int, seed: int, out: TextIO | None = None, progress: bool = True) -> dict[str, object]:
    """Play ``games`` random games (seeds ``seed``, ``seed+1``, …) and print the statistics."""
    out = out if out is not None else sys.stdout
    wins: Counter[int] = Counter()
    reasons: Counter[str] = Counter()
    rounds = 0
    bar = Bar(games, enabled=progress)
    for i in range(games):
        rng = random.Random(seed + i)
        state, _ = new_game(chance=Chance(rng, record=False))
        state = playout(state, rng)
        assert state.outcome is not None
        wins[state.outcome.winner] += 1
        reasons[state.outcome.reason] += 1
        rounds += state.round
        bar.update()
    bar.close()
    out.write(f"{games} random games from seed {seed}\n")
    for p in (0, 1):
        out.write(f"  {TEMPLE_NAMES[p]:6} (player {p}) wins {wins[p]:6} ({100 * wins[p] / max(games, 1):5.1f}%)\n")
    for reason in ("target_score", "full_temple", "three_cursed"):
        out.write(f"  ended by {reason:12} {reasons[reason]:6} ({100 * reasons[reason] / max(games, 1):5.1f}%)\n")
    out.write(f"  average rounds {rounds / max(games, 1):.2f}\n")
    return {"wins": dict(wins), "reasons": dict(reasons), "average_rounds": rounds / max(games, 1)}


def show_game(seed: int, out: TextIO | None = None) -> None:
    """Play one game between two random bots and print its event log."""
    out = out if out is not None else sys.stdout
    from .bots import RandomBot, play_match
    from .match import Match

    match = Match(seed=seed)
    play_match(match, [RandomBot(seed), RandomBot(seed + 1)])
    for step, event in match.events():
        out.write(f"{step:4}  {event}\n")


def arena(bots: dict[str, Any], games: int, seed: int, workers: int | None = None, save: str | None = None,
          progress: bool = True, out: TextIO | None = None, move_timeout: float | None = None) -> Any:
    """Play a round robin between ``bots`` (see :func:`naga_widget.arena.tournament`); print the table."""
    from .arena import tournament

    out = out if out is not None else sys.stdout
    result = tournament(bots, games=games, seed=seed, workers=workers, progress=progress, save_dir=save,
                        move_timeout=move_timeout)
    out.write(f"{result}\n\n{result.thinking_text()}\n")
    if save:
        out.write(f"games saved in {save}\n")
    return result


def usage_of(error: SettingError) -> str:
    """A tournament's :class:`SettingError` in the words of the command line: its option, not its keyword."""
    if error.setting == "bots":
        return f"an arena needs at least two bots, got {error.value}"
    return f"--{error.setting.replace('_', '-')} must be {error.briefly}, not {error.value}"


def bots_from(specs: list[str]) -> dict[str, Any]:
    """Name -> bot factory from ``random``, ``mybot:MyBot`` or ``NAME=BOT``; a repeated name gets ``-2``, …"""
    from .arena.registry import resolve

    bots: dict[str, Any] = {}
    for spec in specs:
        named = re.fullmatch(r"([\w.-]+)=(.+)", spec, flags=re.DOTALL)  # NAME=BOT; not ismcts(seconds=1)
        name, what = named.groups() if named else (spec, spec)
        unique, n = name, 1
        while unique in bots:
            n += 1
            unique = f"{name}-{n}"
        bots[unique] = resolve(what)
    return bots


def add_lessons_command(sub: Any) -> None:
    """``naga-widget lessons [DIR] [--force] [--teacher]``: copy the course's notebooks into DIR."""
    le = sub.add_parser("lessons", help="copy the lessons and the saved games they use into a folder")
    le.add_argument("folder", nargs="?", default="naga-lessons", help="where to put them (default naga-lessons)")
    le.add_argument("--force", action="store_true", help="replace lessons you changed with the shipped ones")
    le.add_argument("--teacher", action="store_true", help="the versions with the solutions (for teachers)")


def lessons_command(args: argparse.Namespace, out: TextIO | None = None) -> int:
    from .course import copy_lessons

    out = out if out is not None else sys.stdout
    try:
        result = copy_lessons(args.folder, overwrite=args.force, teacher=args.teacher)
    except OSError as exc:
        sys.stderr.write(f"naga-widget lessons: {exc}\n")
        return 2
    out.write(f"{result}\n")
    return 0


def add_grade_command(sub: Any) -> None:
    """``naga-widget grade AUTOGRADER FOLDER [--out DIR]``: every notebook of FOLDER through ``otter run``."""
    gr = sub.add_parser("grade", help="grade a folder of submitted notebooks with an otter assign autograder, "
                                      "on this machine (no Docker), and print the table of scores")
    gr.add_argument("autograder", help="the autograder zip otter assign wrote, or its folder (dist/autograder)")
    gr.add_argument("folder", help="the folder of the students' notebooks (one .ipynb each)")
    gr.add_argument("--out", default="results", help="where results go: NAME/results.json, scores.csv "
                                                     "(default results)")
    gr.add_argument("--timeout", type=float, default=1800, help="seconds a notebook may run (default 1800)")
    gr.add_argument("--again", action="store_true", help="grade again the notebooks graded before (by default a "
                                                         "results.json newer than its notebook and the zip is kept)")


def grade_command(args: argparse.Namespace, out: TextIO | None = None) -> int:
    import importlib.util

    from .course import grade_folder, scores_table

    out = out if out is not None else sys.stdout
    if importlib.util.find_spec("otter") is None:
        sys.stderr.write('naga-widget grade: it needs otter-grader (pip install "naga-widget[course]")\n')
        return 2
    try:
        rows = grade_folder(args.autograder, args.folder, args.out, timeout=args.timeout, again=args.again)
    except OSError as exc:
        sys.stderr.write(f"naga-widget grade: {exc}\n")
        return 2
    out.write(f"{scores_table(rows)}\n\nwritten: {Path(args.out) / 'scores.csv'} and a results.json a student\n")
    reused = [row.name for row in rows if row.reused]
    if reused:
        out.write(f"graded before, not run again (--again runs them): {', '.join(reused)}\n")
    return 1 if any(row.problem for row in rows) else 0


def league_command(args: argparse.Namespace, parser: argparse.ArgumentParser, out: TextIO | None = None) -> Any:
    """``naga-widget league``: a class league over a folder of submissions (see :mod:`naga_widget.league`)."""
    from .league import LeagueSetupError, Limits, league

    out = out if out is not None else sys.stdout
    try:
        limits = Limits(move_seconds=args.move_seconds, game_seconds=args.game_seconds, memory_mb=args.memory_mb,
                        start_seconds=args.start_seconds)
        result = league(args.submissions, args.out, deals=args.deals, duplicate=not args.no_duplicate, seed=args.seed,
                        limits=limits, isolation=args.isolation, workers=args.workers, progress=not args.quiet,
                        site=args.site)
    except LeagueSetupError as exc:  # the league's own errors only: a bug shows as a traceback
        parser.error(str(exc))
    out.write(f"{result}\n")
    if result.out is not None:
        out.write(f"results in {result.out}" + (f", site in {result.out / 'site'}" if args.site else "") + "\n")
    return result


def add_league_parser(sub: Any) -> None:
    lg = sub.add_parser("league", help="a class league over a folder of submissions: checks, sandboxed games, "
                                       "ratings, a static site")
    lg.add_argument("submissions", metavar="SUBMISSIONS", help="a folder: one NAME.py or NAME/bot.py per student")
    lg.add_argument("--out", metavar="DIR", default=None,
                    help="results folder (default: league-results beside SUBMISSIONS); games found there are reused")
    lg.add_argument("--deals", type=int, default=4, help="deals per pair, each played twice with seats swapped")
    lg.add_argument("--no-duplicate", action="store_true", help="one game per deal instead of duplicate seating")
    lg.add_argument("--seed", type=int, default=None,
                    help="league seed (default: the results folder's own, from the OS); every seed is also keyed "
                         "by the folder's secret.json")
    lg.add_argument("--workers", type=int, default=None, help="worker processes (default: up to 4)")
    lg.add_argument("--move-seconds", type=float, default=3.0, help="time for one move (default 3)")
    lg.add_argument("--game-seconds", type=float, default=120.0, help="time for all moves of a game (default 120)")
    lg.add_argument("--memory-mb", type=int, default=512, help="memory of a bot's process (default 512)")
    lg.add_argument("--start-seconds", type=float, default=30.0,
                    help="time to import a submission, and to build its bot (default 30)")
    lg.add_argument("--isolation", choices=("auto", "bwrap", "process"), default="auto",
                    help="auto: bubblewrap where it works, else processes only with a warning (refused as root: "
                         "ask for process to run bots unsandboxed as root)")
    lg.add_argument("--site", action="store_true", help="also write the static site (ranking, pairs, replays)")
    lg.add_argument("--quiet", action="store_true", help="no progress bar")


def replay_command(args: argparse.Namespace, parser: argparse.ArgumentParser, out: TextIO | None = None) -> int:
    """``naga-widget replay GAME -o PAGE``: a saved match (or a league game) as a replay page."""
    from .league.replay import read_game, to_html
    from .rules import ReplayError

    out = out if out is not None else sys.stdout
    perspective: int | str = int(args.perspective) if args.perspective in ("0", "1") else args.perspective
    try:
        match = read_game(args.game)
        page = to_html(match, perspective, title=args.title)
    except (OSError, ReplayError, ValueError) as exc:
        parser.error(f"{args.game}: {exc}")
    target = args.output or str(Path(args.game).with_suffix(".html"))
    Path(target).write_text(page, encoding="utf-8")
    out.write(f"replay of {match.last_step} steps ({args.perspective}) written to {target} "
              f"({len(page.encode()) / 1024:.0f} kB)\n")
    return 0


def add_replay_parser(sub: Any) -> None:
    rp = sub.add_parser("replay", help="a saved game as one HTML page that replays it with no kernel or server")
    rp.add_argument("game", metavar="GAME", help="a saved match (Match.save) or a game file of a league")
    rp.add_argument("-o", "--output", metavar="PAGE", help="the HTML file to write (default: GAME with .html)")
    rp.add_argument("--perspective", choices=("spectator", "0", "1", "teacher"), default="spectator",
                    help="whose view: spectator (public facts, default), a player, or teacher (all, once it is over)")
    rp.add_argument("--title", default=None, help="the page's title")


def add_serve_parser(sub: Any) -> None:
    sv = sub.add_parser("serve", help="the class server: students play each other and bots from their own "
                                      "machines (docs/server.md; needs the extra [server])")
    sv.add_argument("--db", required=True, metavar="FILE", help="the class's SQLite file (made if missing)")
    sv.add_argument("--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1; 0.0.0.0 "
                                                        "for a class network)")
    sv.add_argument("--port", type=int, default=8765)
    sv.add_argument("--origin", action="append", default=[], metavar="URL",
                    help="a page origin allowed to connect besides the server's own host (repeatable)")
    sv.add_argument("--bot-seconds", type=float, default=10.0, metavar="S", help="a bot's time for one move")
    sv.add_argument("--forfeit-seconds", type=float, default=120.0, metavar="S",
                    help="how long the seat of a person to move waits for them to come back, then forfeits")
    sv.add_argument("--bot-game-seconds", type=float, default=None, metavar="S",
                    help="a bot's time for all its moves of a game (default: no limit but --bot-seconds a move)")
    sv.add_argument("--clock", type=float, default=None, metavar="MINUTES",
                    help="a chess clock: each person's minutes for all their moves of a game, which loses by "
                         "forfeit when they run out (default: none; a challenge may set its own)")
    sv.add_argument("--code", default=None, help="the join code (default: made once and kept in the file)")
    sv.add_argument("--teacher-file", default=None, metavar="FILE",
                    help="where to write the teacher's credential, new at each start, readable by its owner only "
                         "(default: beside the database, DB-teacher); it is never printed")
    sv.add_argument("--prefix", default=os.environ.get("JUPYTERHUB_SERVICE_PREFIX", ""), metavar="PATH",
                    help="serve under this path, e.g. /services/naga/ (default: $JUPYTERHUB_SERVICE_PREFIX, which "
                         "JupyterHub gives a managed service; else the root)")
    sv.add_argument("--league", default=None, metavar="FOLDER",
                    help="run a continuous league of the bots players submit (POST league/submit), kept in FOLDER, "
                         "its leaderboard at league/ (needs the extra [league] and, for the sandbox, bubblewrap)")
    sv.add_argument("--hub", action="store_true",
                    help="run as a JupyterHub managed service: players are the Hub's users (HubOAuth), its admins "
                         "the teachers, no join code (needs jupyterhub; reads the JUPYTERHUB_* environment)")


def serve_command(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    if not 0 <= args.port < 65536:
        parser.error("--port must be from 0 to 65535")
    if args.bot_seconds <= 0 or args.forfeit_seconds <= 0:
        parser.error("--bot-seconds and --forfeit-seconds must be positive")
    if args.bot_game_seconds is not None and not args.bot_game_seconds > 0:
        parser.error("--bot-game-seconds must be positive")
    if args.clock is not None and not 0 < args.clock <= 600:
        parser.error("--clock must be from 0 to 600 minutes (leave it out for no clock)")
    try:
        from .server.app import Settings, serve
        from .server.pages import page_routes
    except ImportError as exc:
        parser.error(f"the server needs the extra [server] (pip install 'naga-widget[server]'): {exc}")
    settings = Settings(db=args.db, origins=tuple(args.origin), bot_seconds=args.bot_seconds,
                        forfeit_seconds=args.forfeit_seconds, code=args.code, teacher_file=args.teacher_file,
                        bot_game_seconds=args.bot_game_seconds, clock_minutes=args.clock)
    if args.hub:
        try:
            import jupyterhub.services.auth  # noqa: F401

            from .server.hubmode import serve_hub
        except ImportError as exc:
            parser.error(f"serve --hub needs jupyterhub (pip install jupyterhub): {exc}")
        if not os.environ.get("JUPYTERHUB_API_TOKEN"):
            parser.error("serve --hub runs as a JupyterHub service: JUPYTERHUB_API_TOKEN is not set (the Hub sets "
                         "it for the services it starts; see docs/server.md)")
    routes = page_routes()
    if args.league:
        from .server.leagueservice import LeagueService
        from .server.store import Store

        service = LeagueService(Store(args.db), args.league)
        service.start()
        routes = service.routes() + routes
    if args.hub:
        serve_hub(settings, args.host, args.port, say=lambda line: print(line, flush=True), routes=routes)
        return 0
    serve(settings, args.host, args.port, say=lambda line: print(line, flush=True), routes=routes,
          prefix=args.prefix)
    return 0


def add_compile_command(sub: Any) -> None:
    """``naga-widget compile [--status | --remove] [--opt-level N]``: the optional compiled engine (compiled.py)."""
    co = sub.add_parser("compile", help="build the engine's rules as C extensions with mypyc (optional: 1.3 to 1.8 "
                        "times the search's simulations a second; needs mypy and a C compiler), or say which engine "
                        "runs")
    what = co.add_mutually_exclusive_group()
    what.add_argument("--status", action="store_true", help="say which engine Python imports, and change nothing")
    what.add_argument("--remove", action="store_true", help="delete the compiled modules (back to pure Python)")
    co.add_argument("--opt-level", type=int, choices=range(4), default=3, metavar="N",
                    help="the C compiler's optimisation, 0-3 (default 3; 0 builds faster and runs slower)")


def compile_command(args: argparse.Namespace, out: TextIO | None = None) -> int:
    from . import compiled

    out = out if out is not None else sys.stdout
    where = Path(compiled.__file__).parent
    if args.status:
        out.write(f"engine: {compiled.engine()} ({where})\n")
        return 0
    if args.remove:
        gone = compiled.remove()
        out.write(f"removed {len(gone)} files of the compiled engine from {where}\n" if gone
                  else f"no compiled engine in {where}\n")
        return 0
    out.write(f"compiling {len(compiled.MODULES)} modules of the engine with mypyc (a few minutes)...\n")
    out.flush()
    try:
        written = compiled.build(opt_level=args.opt_level)
    except (RuntimeError, OSError) as exc:
        sys.stderr.write(f"naga-widget compile: {exc}\n")
        return 2
    out.write(f"wrote {len(written)} extension modules into {where}; a new Python process imports them "
              "(`naga-widget compile --status` says so)\n")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="naga-widget", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    sp = sub.add_parser("selfplay", help="play random games and print wins, end reasons and rounds")
    sp.add_argument("--games", type=int, default=200)
    sp.add_argument("--seed", type=int, default=1)
    sp.add_argument("--quiet", action="store_true", help="no progress bar")
    pl = sub.add_parser("play", help="show one game between two random bots")
    pl.add_argument("--seed", type=int, default=1)
    ar = sub.add_parser("arena", help="a round robin between bots: win rates, Elo ratings, saved games")
    ar.add_argument("bots", nargs="+", metavar="BOT",
                    help="random, greedy, ismcts, ismcts-v1 (the search's first version), clairvoyant-ismcts (the "
                         "search on the true state: it cheats), or module:attribute (a bot of your own), with keyword "
                         "arguments in brackets if wanted: 'ismcts(seconds=1)'; NAME=BOT names it")
    ar.add_argument("--games", type=int, default=10, help="games per pair, seats swapped each game (default 10)")
    ar.add_argument("--seed", type=int, default=1)
    ar.add_argument("--workers", type=int, default=None,
                    help="worker processes (default: one per core); 0 plays in this process, bots not isolated")
    ar.add_argument("--move-timeout", type=float, default=None, metavar="SECONDS",
                    help="a bot that takes longer over one move forfeits the game (bots in their own process only)")
    ar.add_argument("--save", metavar="DIR", help="write every game (match JSON) and results.json into DIR")
    ar.add_argument("--quiet", action="store_true", help="no progress bar")
    for add in (add_lessons_command, add_grade_command, add_league_parser, add_replay_parser, add_serve_parser,
                add_compile_command):
        add(sub)
    args = parser.parse_args(argv)
    direct: dict[str, Callable[[argparse.Namespace], int]] = {
        "lessons": lessons_command, "grade": grade_command, "compile": compile_command}
    if args.command in direct:
        return direct[args.command](args)
    if args.command == "serve":
        return serve_command(args, parser)
    if args.command == "selfplay" and args.games < 1:
        parser.error("--games must be at least 1")
    if args.command == "replay":
        return replay_command(args, parser)
    if args.command == "league":
        league_command(args, parser)
    elif args.command == "selfplay":
        selfplay(args.games, args.seed, progress=not args.quiet)
    elif args.command == "arena":
        try:  # the tournament's own check of its settings, before any bot is imported
            check_settings(bots=len(args.bots), games=args.games, seed=args.seed, workers=args.workers,
                           move_timeout=args.move_timeout)
        except SettingError as exc:
            parser.error(usage_of(exc))
        try:
            bots = bots_from(args.bots)
        except ValueError as exc:
            parser.error(str(exc))
        try:
            arena(bots, args.games, args.seed, args.workers, args.save, progress=not args.quiet,
                  move_timeout=args.move_timeout)
        except BotSetupError as exc:  # a bot that cannot be made or sent to a worker process
            parser.error(str(exc))
    else:
        show_game(args.seed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
