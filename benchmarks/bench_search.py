"""The search against its first version: simulations per second side by side, and win rates (``make bench``).

Prints, on one core:

- simulations per second of ``ismcts-v1`` (:class:`~naga_widget.bots.ISMCTSV1Bot`, the first
  version of the search) and of today's :class:`~naga_widget.bots.ISMCTSBot`, on the same
  positions, in the same run, taking turns position by position (so that a busy machine slows
  both alike), for full and cut-off playouts, at 200 and 1,000 simulations a decision (1,000 is
  about a second's search, where the figures of strength are set);
- win rates at equal time per move, seats alternated on duplicate deals (each deal is played
  twice, the bots swapping seats), with 95% Wilson intervals: today's search against
  ``ismcts-v1``, GreedyBot and RandomBot, and ClairvoyantBot (the same search on the true
  state, arena only) against today's search — what hidden information is worth; and, asked for by
  ``--only noinference``, today's search against itself without inference (what weighing the
  opponent's call is worth at equal time). ``--variant`` gives the measured search keyword arguments
  (the other bots keep their defaults), and ``--only default`` plays it against the default search:
  how a setting is measured side by side (``--only default --variant "history=True"``: the opponent's
  history weighed against not). ``--only engines`` (part of ``speed`` where the compiled engine is built, ``make
  compiled``) prints ``ismcts-v1`` on the pure-Python engine beside today's search on the pure-Python and on the
  compiled engine, in two processes taking turns. ``--only history`` prints the simulations a decision with and
  without the history, on positions of games whose history the bots were fed. ``--paired ARGS`` measures a
  setting on games that differ only where it acts: each game is played twice by the measured search, as it is
  and with ARGS, at ``--iterations`` simulations a move (a counted search repeats itself, so a game in which
  the setting changes no decision is the same game both times, and the luck of the deal cancels out).

    python benchmarks/bench_search.py                       # the default figures (0.1 s a move)
    python benchmarks/bench_search.py --quick               # a smoke run (about a minute)
    python benchmarks/bench_search.py --seconds 1 --deals 200 --only v1   # one full table
    python benchmarks/bench_search.py --only v1 --deals 40 --workers 2    # 80 games on two processes
    python benchmarks/bench_search.py --only default --deals 40 --variant "worlds=64"   # a setting side by side
    python benchmarks/bench_search.py --seconds 1 --only v1 --deals 200 --workers 2 --sprt 0.55,0.65   # stops early
    python benchmarks/bench_search.py --only default --variant "evaluation=FITTED" --sprt 0.5,0.6   # the learned one
    python benchmarks/bench_search.py --only greedy --deals 60 --workers 2 --paired "safe_lead=None"   # same games

Numbers only; nothing here asserts a speed or a strength. ``make strength`` plays the full
tables at 1 s a move in the arena.
"""

from __future__ import annotations

import argparse
import ast
import math
import multiprocessing
import os
import random
import time
from collections.abc import Callable

from bench_bots import decision_points, wilson

from naga_widget import Match, compiled
from naga_widget.arena.progress import Bar
from naga_widget.bots import FITTED, Bot, ClairvoyantBot, GreedyBot, ISMCTSBot, ISMCTSV1Bot, RandomBot
from naga_widget.league.ratings import SPRT, sprt
from naga_widget.rules import State


def rates(positions: list[State], steps: int | None, rounds: int, iterations: int) -> tuple[float, float]:
    """Simulations per second of ismcts-v1 and of today's search, ``iterations`` a decision, taking turns
    position by position (CPU time of this process: other work on a shared machine counts less)."""
    done = [0, 0]
    spent = [0.0, 0.0]
    for _ in range(rounds):
        for state in positions:
            for k, cls in enumerate((ISMCTSV1Bot, ISMCTSBot)):
                bot = cls(iterations=iterations, seed=1, playout_steps=steps)
                start = time.process_time()
                bot.decide(state.observe(state.to_move), state.legal_actions().detached())
                spent[k] += time.process_time() - start
                done[k] += bot.last_iterations
    return done[0] / spent[0], done[1] / spent[1]


def _speed_positions(count: int) -> list[State]:
    return random.Random(1).sample(decision_points(20), count)


def _one_search(job: tuple[str, int, int, int | None, int]) -> tuple[int, float, str]:
    """In a worker: ismcts-v1 (``"v1"``) or today's search on one position of the speed sample; its simulations,
    their CPU time, and the engine the worker imported."""
    which, count, index, steps, iterations = job
    state = _speed_positions(count)[index]
    bot = (ISMCTSV1Bot if which == "v1" else ISMCTSBot)(iterations=iterations, seed=1, playout_steps=steps)
    start = time.process_time()
    bot.decide(state.observe(state.to_move), state.legal_actions().detached())
    return bot.last_iterations, time.process_time() - start, compiled.engine()


def engine_rates(count: int, steps: int | None, rounds: int, iterations: int) -> dict[str, float]:
    """Simulations per second of ismcts-v1 on the pure-Python engine, and of today's search on the pure-Python
    and on the compiled engine: two worker processes (one with NAGA_WIDGET_PURE=1), taking turns position by
    position, each search timed in its own process's CPU time."""
    ctx = multiprocessing.get_context("spawn")
    os.environ[compiled.PURE_VARIABLE] = "1"
    try:
        pure = ctx.Pool(1)
    finally:
        del os.environ[compiled.PURE_VARIABLE]
    fast = ctx.Pool(1)
    runs = {"ismcts-v1, pure Python": (pure, "v1"), "today, pure Python": (pure, "today"),
            "today, compiled": (fast, "today")}
    done = dict.fromkeys(runs, 0)
    spent = dict.fromkeys(runs, 0.0)
    with pure, fast:
        for _ in range(rounds):
            for index in range(count):
                for name, (pool, which) in runs.items():
                    n, t, engine = pool.apply(_one_search, ((which, count, index, steps, iterations),))
                    assert engine == name.split(", ")[1], f"the worker for {name} imported the {engine} engine"
                    done[name] += n
                    spent[name] += t
    return {name: done[name] / spent[name] for name in runs}


NAMED = {"FITTED": FITTED}
"""Values a variant may name besides Python literals: ``evaluation=FITTED`` (lesson 07's learned evaluation)."""


def variant(text: str) -> dict[str, object]:
    """``"worlds=64, prior_worlds=4"`` -> keyword arguments of :class:`ISMCTSBot` (Python literals, or a
    name of :data:`NAMED`)."""
    call = ast.parse(f"f({text})", mode="eval").body
    assert isinstance(call, ast.Call) and not call.args, f"keyword arguments only, not {text!r}"
    return {k.arg: NAMED[k.value.id] if isinstance(k.value, ast.Name) and k.value.id in NAMED
            else ast.literal_eval(k.value) for k in call.keywords if k.arg}


def history_speed(games: int, seconds: float) -> tuple[float, float, float, int]:
    """Simulations a decision at ``seconds`` a decision with the opponent's history weighed and without
    (the same positions, taking turns), on gold's decisions in games of two GreedyBots, the bots fed
    gold's earlier decision observations; and the mean number of decisions the record weighed there,
    and how many positions."""
    done = [0, 0]
    weighed = positions = 0
    for g in range(games):
        match = Match(seed=9_000 + g)
        greedy = [GreedyBot(seed=g), GreedyBot(seed=g + 1)]
        seen = []
        while match.state.outcome is None:
            state = match.state
            p = state.to_move
            legal = state.legal_actions().detached()
            if p == 0 and len(legal) > 1:
                obs = state.observe(0)
                for k, history in enumerate((True, False)):
                    bot = ISMCTSBot(seconds=seconds, seed=g, history=history)
                    bot.follow(seen)
                    bot.decide(obs, legal)
                    done[k] += bot.last_iterations
                    if history and bot.record is not None:
                        weighed += bot.record.decisions
                seen.append(obs)
                positions += 1
            match.play(greedy[p].act(state.observe(p), legal))
    return done[0] / positions, done[1] / positions, weighed / positions, positions


def _bots(key: str, seconds: float, k: int, kwargs: dict[str, object] | None = None,
          iterations: int | None = None) -> tuple[Bot, Bot]:
    """The two bots of match-up ``key`` (the first is measured, with ``kwargs``), seeded from ``k``; every
    search thinks ``seconds`` a move, or makes ``iterations`` simulations a move when that is given."""
    budget: dict[str, float | int] = {"seconds": seconds} if iterations is None else {"iterations": iterations}
    if key == "clairvoyant":
        return ClairvoyantBot(seed=k, **budget), ISMCTSBot(seed=k + 50_000, **budget)  # type: ignore[arg-type]
    other: dict[str, Callable[[int], Bot]] = {
        "v1": lambda s: ISMCTSV1Bot(seed=s, **budget), "greedy": lambda s: GreedyBot(seed=s),  # type: ignore[arg-type]
        "random": lambda s: RandomBot(seed=s),
        "noinference": lambda s: ISMCTSBot(seed=s, inference=False, **budget),  # type: ignore[arg-type]
        "default": lambda s: ISMCTSBot(seed=s, **budget)}  # type: ignore[arg-type]
    return ISMCTSBot(seed=k, **budget, **(kwargs or {})), other[key](k + 50_000)  # type: ignore[arg-type]


def game(key: str, seconds: float, seed: int, deal: int, seat: int, kwargs: dict[str, object] | None = None) -> int:
    """1 if the first bot of ``key`` wins deal ``deal`` from ``seat``, else 0 (seeds as in :func:`duplicate`)."""
    return played(key, seconds, seed, deal, seat, kwargs)[0]


def played(key: str, seconds: float, seed: int, deal: int, seat: int,
           kwargs: dict[str, object] | None = None, iterations: int | None = None) -> tuple[int, str]:
    """:func:`game`'s result, and how the game ended in words: the reason (R7), the scores of the first
    bot and of the other, the round, and whose move was the last, e.g. ``deal 16 as gold: three_cursed
    (R7.1), 30-0 in round 6, after the search's place 2 rot0``."""
    won, words, _ = _play(key, seconds, seed, deal, seat, kwargs, iterations)
    return won, words


def _play(key: str, seconds: float, seed: int, deal: int, seat: int, kwargs: dict[str, object] | None,
          iterations: int | None) -> tuple[int, str, list[str]]:
    """:func:`played`, and the game's moves."""
    a, b = _bots(key, seconds, seed + 2 * deal + seat, kwargs, iterations)
    bots = {seat: a, 1 - seat: b}
    match = Match(seed=seed + deal)
    moves: list[str] = []
    last = ""
    while match.state.outcome is None:
        state = match.state
        p = state.to_move
        viewer = "truth" if key == "clairvoyant" and p == seat else p
        action = bots[p].act(state.observe(viewer), state.legal_actions().detached())
        last = f"{'the search' if p == seat else 'the other'}'s {action}"
        moves.append(str(action))
        match.play(action)
    end = match.state.outcome
    words = (f"deal {deal} as {('gold', 'silver')[seat]}: {end.reason.value} ({end.rule}), "
             f"{end.scores[seat]}-{end.scores[1 - seat]} in round {match.state.round}, after {last}")
    return int(end.winner == seat), words, moves


def _paired_game(job: tuple[str, int, int, int, int, dict[str, object], dict[str, object]]) -> tuple[int, int, bool]:
    """One deal and seat played by the measured search as it is (``kwargs``) and with ``other`` keyword
    arguments, ``iterations`` simulations a move: both results, and whether the two games went alike."""
    key, iterations, seed, deal, seat, kwargs, other = job
    first, _, moves = _play(key, 0.0, seed, deal, seat, kwargs, iterations)
    second, _, other_moves = _play(key, 0.0, seed, deal, seat, {**kwargs, **other}, iterations)
    return first, second, moves == other_moves


def paired(key: str, iterations: int, deals: int, seed: int, workers: int, kwargs: dict[str, object],
           other: dict[str, object], progress: bool = True) -> tuple[int, int, int, list[str]]:
    """A setting measured on games that differ only where it acts: every game of :func:`duplicate` is
    played twice by the measured search, as it is and with the keyword arguments ``other``, at a fixed
    number of simulations a move (a timed search does not repeat itself; a counted one does, so a game in
    which the setting changes no decision is the same game both times, and the luck of the deal cancels).

    Returns (the wins as it is, the wins with ``other``, the games that went alike, and the games whose
    result differs, in words such as ``deal 3 as gold: won as it is, lost with it``)."""
    jobs = [(key, iterations, seed, deal, seat, kwargs, other) for deal in range(deals) for seat in (0, 1)]
    results: list[tuple[int, int, bool]] = []
    bar = Bar(len(jobs), desc=f"{key}, paired", enabled=progress)
    with multiprocessing.Pool(max(1, workers)) as pool:
        for result in pool.imap(_paired_game, jobs, chunksize=1):
            results.append(result)
            bar.note(f"won {sum(r[0] for r in results)} as it is, {sum(r[1] for r in results)} with it")
            bar.update()
    bar.close()
    differ = [f"deal {job[3]} as {('gold', 'silver')[job[4]]}: {('lost', 'won')[a]} as it is, {('lost', 'won')[b]} "
              f"with it" for job, (a, b, _) in zip(jobs, results) if a != b]
    return sum(r[0] for r in results), sum(r[1] for r in results), sum(r[2] for r in results), differ


def _game(job: tuple[str, float, int, int, int, dict[str, object] | None]) -> tuple[int, str]:
    return played(*job)


def elo(rate: float) -> float:
    """The Elo difference at which the stronger side wins ``rate`` of its games."""
    return 400 * math.log10(rate / (1 - rate))


def duplicate(key: str, seconds: float, deals: int, seed: int, workers: int = 1,
              kwargs: dict[str, object] | None = None, test: tuple[float, float] | None = None,
              progress: bool = True, losses: list[str] | None = None) -> tuple[int, int, str, SPRT | None]:
    """(wins of the first bot, games, the wins of each deal's pair as digits 0-2, the SPRT) over
    ``deals`` deals, each played twice with the seats swapped; ``workers`` processes play the games.

    ``test=(p0, p1)``: Wald's SPRT of the win rate ``p0`` against ``p1`` (error rates 5%), updated
    after each deal's two games; the run stops at the first deal after which it says yes or no.
    Without it the SPRT is None and every deal is played. ``progress``: a bar of the games played on
    stderr (tqdm, where installed), with the wins so far and the SPRT's log-likelihood ratio. ``losses``: a
    list that gets how each game the first bot lost ended, in words (:func:`played`), in the order played."""
    jobs = [(key, seconds, seed, deal, seat, kwargs) for deal in range(deals) for seat in (0, 1)]
    won: list[int] = []
    verdict = None
    bar = Bar(len(jobs), desc=key, enabled=progress)

    def stop() -> bool:
        nonlocal verdict
        note = f"won {sum(won)}/{len(won)}"
        if test is not None and len(won) % 2 == 0:
            verdict = sprt(sum(won), len(won) - sum(won), elo0=elo(test[0]), elo1=elo(test[1]))
            note += f", LLR {verdict.llr:.2f} in [{verdict.lower:.2f}, {verdict.upper:.2f}]"
        bar.note(note)  # shown by the update
        bar.update()
        return len(won) % 2 == 0 and verdict is not None and verdict.verdict != "not yet"

    if workers > 1:
        with multiprocessing.Pool(workers) as pool:  # in order: a stop leaves no game of a later deal counted
            for result, words in pool.imap(_game, jobs, chunksize=1):
                won.append(result)
                if losses is not None and not result:
                    losses.append(words)
                if stop():
                    pool.terminate()
                    break
    else:
        for job in jobs:
            result, words = _game(job)
            won.append(result)
            if losses is not None and not result:
                losses.append(words)
            if stop():
                break
    bar.close()
    pairs = "".join(str(won[2 * d] + won[2 * d + 1]) for d in range(len(won) // 2))
    return sum(won), len(won), pairs, verdict


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=0.1, help="thinking time per move of every search")
    parser.add_argument("--deals", type=int, default=20, help="deals per match-up (each played twice)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=1, help="processes playing the games (each game's seeds "
                        "are fixed, so the figures do not depend on it, but a timed search does not repeat itself)")
    parser.add_argument("--variant", default="", help="keyword arguments of the measured search, e.g. "
                        "'worlds=64, prior_worlds=4' (the other bots keep their defaults)")
    parser.add_argument("--only", choices=["speed", "engines", "v1", "greedy", "random", "clairvoyant", "noinference",
                                           "default", "history"],
                        action="append",
                        help="run only these parts (repeatable)")
    parser.add_argument("--sprt", default="", metavar="P0,P1",
                        help="stop each match-up early by Wald's SPRT of the win rate P0 against P1 (error rates 5%%), "
                        "checked after every deal, e.g. 0.55,0.65; --deals is then the most played")
    parser.add_argument("--losses", action="store_true", help="after each match-up, how every game the first bot "
                        "lost ended: the reason (R7), the scores, the round and the last move")
    parser.add_argument("--paired", default="", metavar="ARGS", help="measure a setting side by side on the same "
                        "games: each game played by the measured search as it is and with these keyword arguments "
                        "(e.g. 'safe_lead=None'), --iterations simulations a move, so that only the games the "
                        "setting changes can differ")
    parser.add_argument("--iterations", type=int, default=600, help="simulations a move of every search with "
                        "--paired (default 600: a few tenths of a second a move)")
    parser.add_argument("--quick", action="store_true", help="a short smoke run")
    args = parser.parse_args()
    if args.quick:
        args.deals, args.seconds = 2, 0.03
    test = None
    if args.sprt:
        try:
            p0, p1 = (float(x) for x in args.sprt.split(","))
        except ValueError:
            parser.error(f"--sprt takes two win rates, e.g. 0.55,0.65, not {args.sprt!r}")
        if not 0 < p0 < p1 < 1:
            parser.error(f"--sprt needs 0 < P0 < P1 < 1, not {args.sprt!r}")
        test = (p0, p1)
    parts = set(args.only or ["speed", "v1", "greedy", "random", "clairvoyant"])
    if "speed" in parts:
        points = decision_points(20)
        print(f"simulations per second, the same positions, taking turns (one core; the engine: {compiled.engine()})")
        for iterations, count in ((200, 40), (1000, 12)):  # 1,000 simulations: about a second's search
            positions = random.Random(1).sample(points, 5 if args.quick else count)
            for name, steps in (("cut-off playouts (6 steps, the default)", 6), ("full playouts", None)):
                old, new = rates(positions, steps, 1 if args.quick else 2, iterations // (5 if args.quick else 1))
                print(f"  {iterations:>5} a decision, {name:<40} ismcts-v1 {old:6.0f}/s   today {new:6.0f}/s   "
                      f"x{new / old:4.2f}", flush=True)
    if "engines" in parts or ("speed" in parts and compiled.engine() == "compiled"):
        if compiled.engine() != "compiled":
            print("the compiled engine is not built here (make compiled): no side-by-side of the two engines")
        else:
            print("simulations per second on the two engines, 1,000 a decision, two processes taking turns (one core)")
            count = 3 if args.quick else 12
            for name, steps in (("cut-off playouts (6 steps, the default)", 6), ("full playouts", None)):
                got = engine_rates(count, steps, 1 if args.quick else 2, 200 if args.quick else 1000)
                v1 = got["ismcts-v1, pure Python"]
                print(f"  {name:<40} " + "   ".join(f"{k} {v:6.0f}/s (x{v / v1:4.2f})" for k, v in got.items()),
                      flush=True)
    s = args.seconds
    if "history" in parts:
        games = 1 if args.quick else max(1, args.deals // 4)
        with_it, without, weighed, n = history_speed(games, s)
        print(f"simulations a decision at {s} s, {n} positions of {games} games of GreedyBots: the opponent's "
              f"history weighed {with_it:.0f}, not weighed {without:.0f} (x{with_it / max(without, 1e-9):.2f}); "
              f"the record weighed {weighed:.1f} of its decisions on average", flush=True)
    names = {"v1": "ISMCTS vs ismcts-v1", "greedy": "ISMCTS vs GreedyBot", "random": "ISMCTS vs RandomBot",
             "clairvoyant": "clairvoyant vs ISMCTS", "noinference": "ISMCTS vs the same, inference=False",
             "default": "ISMCTS vs the default ISMCTS"}
    kwargs = variant(args.variant)
    if kwargs:
        print(f"the measured search: ISMCTSBot({args.variant})")
    budget = f"{args.iterations} simulations a move of every search" if args.paired else f"{s} s a move"
    print(f"win rates of the first bot named, {budget}, {args.deals} deals each played twice (seats swapped; "
          f"the engine: {compiled.engine()})")
    if args.paired:
        other = variant(args.paired)
        print(f"  paired: each game played as it is and with {args.paired}")
    for key, name in names.items():
        if key not in parts:
            continue
        start = time.perf_counter()
        if args.paired:
            first, second, alike, differ = paired(key, args.iterations, args.deals, args.seed, args.workers, kwargs,
                                                  other)
            games = 2 * args.deals
            print(f"  {name:<36} as it is {first}/{games} = {first / games:.1%}, with {args.paired} {second}/{games} = "
                  f"{second / games:.1%}; {alike} of the {games} games went alike, {len(differ)} ended otherwise "
                  f"({second - first:+d} for {args.paired})   ({time.perf_counter() - start:5.0f} s)", flush=True)
            for words in differ:
                print(f"    {words}", flush=True)
            continue
        lost: list[str] | None = [] if args.losses else None
        wins, games, pairs, verdict = duplicate(key, s, args.deals, args.seed, args.workers, kwargs, test,
                                                losses=lost)
        low, high = wilson(wins, games)
        print(f"  {name:<36} {wins:>4}/{games:<4} = {wins / games:6.1%}   95% [{low:5.1%}, {high:5.1%}]"
              f"   ({time.perf_counter() - start:5.0f} s; wins a deal: {pairs})", flush=True)
        if verdict is not None and test is not None:
            print(f"    SPRT of a win rate of {test[0]:.0%} (H0) against {test[1]:.0%} (H1): {verdict}", flush=True)
        for words in lost or ():
            print(f"    lost {words}", flush=True)


if __name__ == "__main__":
    main()
