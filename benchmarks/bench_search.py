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
  state, arena only) against today's search — what hidden information is worth.

    python benchmarks/bench_search.py                       # the default figures (0.1 s a move)
    python benchmarks/bench_search.py --quick               # a smoke run (about a minute)
    python benchmarks/bench_search.py --seconds 1 --deals 200 --only v1   # one full table

Numbers only; nothing here asserts a speed or a strength. ``make strength`` plays the full
tables at 1 s a move in the arena.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from bench_bots import decision_points, wilson

from naga_widget import Match
from naga_widget.bots import Bot, ClairvoyantBot, GreedyBot, ISMCTSBot, ISMCTSV1Bot, RandomBot
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


def duplicate(make_a: Callable[[int], Bot], make_b: Callable[[int], Bot], deals: int, seed: int,
              truth_for_a: bool = False) -> tuple[int, int]:
    """(wins of A, games) over ``deals`` deals, each played twice with the seats swapped."""
    wins = games = 0
    for deal in range(deals):
        for seat in (0, 1):
            bots = {seat: make_a(seed + 2 * deal + seat), 1 - seat: make_b(seed + 2 * deal + seat + 50_000)}
            match = Match(seed=seed + deal)
            while match.state.outcome is None:
                state = match.state
                p = state.to_move
                viewer = "truth" if truth_for_a and p == seat else p
                match.play(bots[p].act(state.observe(viewer), state.legal_actions().detached()))
            wins += match.state.outcome.winner == seat
            games += 1
    return wins, games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=0.1, help="thinking time per move of every search")
    parser.add_argument("--deals", type=int, default=20, help="deals per match-up (each played twice)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--only", choices=["speed", "v1", "greedy", "random", "clairvoyant"], action="append",
                        help="run only these parts (repeatable)")
    parser.add_argument("--quick", action="store_true", help="a short smoke run")
    args = parser.parse_args()
    if args.quick:
        args.deals, args.seconds = 2, 0.03
    parts = set(args.only or ["speed", "v1", "greedy", "random", "clairvoyant"])
    if "speed" in parts:
        points = decision_points(20)
        print("simulations per second, the same positions, taking turns (one core)")
        for iterations, count in ((200, 40), (1000, 12)):  # 1,000 simulations: about a second's search
            positions = random.Random(1).sample(points, 5 if args.quick else count)
            for name, steps in (("cut-off playouts (6 steps, the default)", 6), ("full playouts", None)):
                old, new = rates(positions, steps, 1 if args.quick else 2, iterations // (5 if args.quick else 1))
                print(f"  {iterations:>5} a decision, {name:<40} ismcts-v1 {old:6.0f}/s   today {new:6.0f}/s   "
                      f"x{new / old:4.2f}", flush=True)
    s = args.seconds
    table: list[tuple[str, str, Callable[[int], Bot], Callable[[int], Bot], bool]] = [
        ("v1", f"ISMCTS vs ismcts-v1, {s} s a move", lambda k: ISMCTSBot(seconds=s, seed=k),
         lambda k: ISMCTSV1Bot(seconds=s, seed=k), False),
        ("greedy", f"ISMCTS vs GreedyBot, {s} s a move", lambda k: ISMCTSBot(seconds=s, seed=k),
         lambda k: GreedyBot(seed=k), False),
        ("random", f"ISMCTS vs RandomBot, {s} s a move", lambda k: ISMCTSBot(seconds=s, seed=k),
         lambda k: RandomBot(seed=k), False),
        ("clairvoyant", f"clairvoyant vs ISMCTS, {s} s a move", lambda k: ClairvoyantBot(seconds=s, seed=k),
         lambda k: ISMCTSBot(seconds=s, seed=k), True),
    ]
    print(f"win rates of the first bot named, {args.deals} deals each played twice (seats swapped)")
    for key, name, make_a, make_b, truth in table:
        if key not in parts:
            continue
        start = time.perf_counter()
        wins, games = duplicate(make_a, make_b, args.deals, args.seed, truth)
        low, high = wilson(wins, games)
        print(f"  {name:<42} {wins:>4}/{games:<4} = {wins / games:6.1%}   95% [{low:5.1%}, {high:5.1%}]"
              f"   ({time.perf_counter() - start:5.0f} s)", flush=True)


if __name__ == "__main__":
    main()
