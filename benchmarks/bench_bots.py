"""Speed and strength figures of the bots (``make bench``).

Prints, on one core: ISMCTS simulations per second for each kind of playout,
determinizations per second, and win rates — GreedyBot and ISMCTSBot against
RandomBot and GreedyBot, and truncated against full playouts at equal time — over
games with seats alternated, each with a 95% Wilson interval. Numbers only;
nothing here asserts a speed.

    python benchmarks/bench_bots.py                 # the default figures (about 10 minutes)
    python benchmarks/bench_bots.py --quick         # a smoke run (about 1 minute)

The full tables at 1 s a move over 200 games (against RandomBot and GreedyBot) and
against OpenSpiel's ISMCTS at the same time per move take about 1.5 hours on two
cores: ``make strength`` runs them in the arena and saves every game.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections.abc import Callable

from naga_widget import Chance, Match, State, new_game
from naga_widget.bots import Bot, Determinizer, GreedyBot, ISMCTSBot, RandomBot, play_match

PLAYOUTS: dict[str, int | None] = {"full random playout": None, "evaluate at once": 0,
                                   "3 random steps": 3, "6 random steps": 6, "12 random steps": 12}


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def decision_points(games: int, seed: int = 0) -> list[State]:
    """Positions from random games where the player to move has more than one choice."""
    found = []
    for g in range(games):
        rng = random.Random(seed + g)
        chance = Chance(rng, record=False)
        state, _ = new_game(chance=chance)
        while not state.is_over:
            if len(state.legal_actions()) > 1:
                found.append(state)
            state = state.apply(state.legal_actions().sample(rng), chance)
    return found


def iterations_per_second(positions: list[State], playout_steps: int | None, iterations: int) -> float:
    bot = ISMCTSBot(iterations=iterations, seed=1, playout_steps=playout_steps)
    done = 0
    start = time.perf_counter()
    for state in positions:
        bot.decide(state.observe(state.to_move), state.legal_actions().detached())
        done += bot.last_iterations
    return done / (time.perf_counter() - start)


def determinizations_per_second(positions: list[State], samples: int) -> tuple[float, float]:
    """Samples per second from a prepared Determinizer, and Determinizers prepared per second."""
    rng = random.Random(0)
    dets = [Determinizer(s.observe(s.to_move)) for s in positions]
    start = time.perf_counter()
    for i in range(samples):
        dets[i % len(dets)].sample(rng)
    sampled = samples / (time.perf_counter() - start)
    start = time.perf_counter()
    for s in positions:
        Determinizer(s.observe(s.to_move))
    return sampled, len(positions) / (time.perf_counter() - start)


def match_up(make_a: Callable[[int], Bot], make_b: Callable[[int], Bot], games: int, seed: int = 0) -> int:
    """Games won by A against B, A playing gold in the even games and silver in the odd ones."""
    wins = 0
    for g in range(games):
        seat = g % 2
        bots: list[Bot] = [make_b(seed + g), make_b(seed + g)]
        bots[seat] = make_a(seed + g)
        wins += play_match(Match(seed=seed + g), bots).winner == seat
    return wins


def report(name: str, wins: int, games: int, elapsed: float) -> None:
    low, high = wilson(wins, games)
    print(f"  {name:<46} {wins:>4}/{games:<4} = {wins / games:6.1%}   95% [{low:5.1%}, {high:5.1%}]"
          f"   ({elapsed:5.0f} s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per GreedyBot match-up")
    parser.add_argument("--search-games", type=int, default=40, help="games per ISMCTS match-up")
    parser.add_argument("--seconds", type=float, default=0.1, help="ISMCTS thinking time per move")
    parser.add_argument("--quick", action="store_true", help="a short smoke run")
    args = parser.parse_args()
    if args.quick:
        args.games, args.search_games, args.seconds = 20, 4, 0.05
    positions = random.Random(1).sample(decision_points(20), 30 if args.quick else 120)

    print("ISMCTS simulations per second (one core, 200 per decision, random positions)")
    for name, steps in PLAYOUTS.items():
        print(f"  {name:<24} {iterations_per_second(positions, steps, 200):8.0f} /s")
    sampled, parsed = determinizations_per_second(positions, 20_000)
    print(f"determinizations: {sampled:8.0f} samples/s, {parsed:6.0f} observations parsed/s")

    print("win rates (seats alternated)")
    seconds = args.seconds
    matchups: list[tuple[str, Callable[[int], Bot], Callable[[int], Bot], int]] = [
        ("GreedyBot vs RandomBot", lambda s: GreedyBot(seed=s), lambda s: RandomBot(seed=s + 10_000), args.games),
        (f"ISMCTS {seconds} s/move vs RandomBot", lambda s: ISMCTSBot(seconds=seconds, seed=s),
         lambda s: RandomBot(seed=s + 10_000), args.search_games),
        (f"ISMCTS {seconds} s/move vs GreedyBot", lambda s: ISMCTSBot(seconds=seconds, seed=s),
         lambda s: GreedyBot(seed=s + 10_000), args.search_games),
        (f"ISMCTS truncated vs full playouts, {seconds} s", lambda s: ISMCTSBot(seconds=seconds, seed=s),
         lambda s: ISMCTSBot(seconds=seconds, seed=s + 10_000, playout_steps=None), args.search_games),
    ]
    for name, make_a, make_b, games in matchups:
        start = time.perf_counter()
        report(name, match_up(make_a, make_b, games), games, time.perf_counter() - start)


if __name__ == "__main__":
    main()
