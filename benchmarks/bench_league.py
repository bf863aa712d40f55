"""The league (``make bench``): games per second, and how much duplicate seating narrows the intervals.

1. **Speed.** A league of four sample submissions (random and greedy bots, one ``.py`` each)
   with two local worker processes, then on a Dask ``LocalCluster`` of two worker processes;
   every bot in its own sandboxed process (bubblewrap where it works), a fresh process per bot
   and game, which is most of the cost of a fast game. Prints games per second of the games
   (the smoke checks are timed apart).
2. **Duplicate seating.** RandomBot, GreedyBot and a bot that plays greedily half of the time,
   in ``--replications`` leagues of each schedule with the same number of games: duplicate
   (each deal twice, seats swapped; intervals bootstrapped over deals) and one deal per game
   (seats alternating; bootstrapped over games). Prints the mean width of the 95% Elo
   intervals, and the spread (standard deviation) of each pair's Elo difference across the
   replications, of each schedule. The games are played in this process (the project's own bots).
Numbers only; nothing here asserts a speed or a width.
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from pathlib import Path

from naga_widget import GreedyBot, Match, RandomBot, play_match
from naga_widget.arena import derive_seed, fit_elo
from naga_widget.league import Limits, league
from naga_widget.league.ratings import elo_ratings, mean_width

SAMPLES = {
    "random1.py": "from naga_widget.bots import RandomBot\n\nclass One(RandomBot):\n    pass\n",
    "random2.py": "from naga_widget.bots import RandomBot\n\nclass Two(RandomBot):\n    pass\n",
    "random3.py": "from naga_widget.bots import RandomBot\n\nclass Three(RandomBot):\n    pass\n",
    "greedy.py": "from naga_widget.bots import GreedyBot\n\nclass Greedy(GreedyBot):\n    pass\n",
}


class HalfGreedy:
    """Greedy on half of its moves, random on the others."""

    def __init__(self, seed: int) -> None:
        self.rng, self.greedy, self.random = random.Random(seed), GreedyBot(seed=seed), RandomBot(seed)

    def act(self, observation, legal):  # type: ignore[no-untyped-def]
        return (self.greedy if self.rng.random() < 0.5 else self.random).act(observation, legal)


MAKERS = {"random": RandomBot, "half": HalfGreedy, "greedy": lambda seed: GreedyBot(seed=seed)}


def speed(deals: int, client: object = None) -> tuple[float, int, float]:
    with tempfile.TemporaryDirectory() as tmp:
        subs = Path(tmp) / "subs"
        subs.mkdir()
        for name, text in SAMPLES.items():
            (subs / name).write_text(text)
        start = time.perf_counter()
        checked = league(subs, Path(tmp) / "checks-only", deals=deals, limits=Limits(), progress=False,
                         workers=None if client is not None else 2, client=client)
        first = time.perf_counter() - start
        start = time.perf_counter()
        result = league(subs, Path(tmp) / "out", deals=deals, limits=Limits(), progress=False,
                        workers=None if client is not None else 2, client=client)
        elapsed = time.perf_counter() - start
        assert result.played == len(result.games) == len(checked.games)
        return len(result.games) / elapsed, len(result.games), first - elapsed


def one_league(seed: int, deals: int, duplicate: bool) -> tuple[dict[tuple[str, str], list[tuple[int, int]]], str]:
    names = list(MAKERS)
    units: dict[tuple[str, str], list[tuple[int, int]]] = {}
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            units[(a, b)] = []
            for d in range(deals):
                pair = [0, 0]
                games = []
                for swapped in (False, True):
                    deal = d if duplicate else 2 * d + swapped
                    match_seed = derive_seed(seed, "deal", deal) if duplicate else derive_seed(seed, "g", a, b, deal)
                    gold, silver = (b, a) if swapped else (a, b)
                    match = Match(seed=match_seed)
                    bot_seed = derive_seed(seed, "bot", deal)
                    play_match(match, [MAKERS[gold](bot_seed), MAKERS[silver](bot_seed + 1)])
                    assert match.outcome is not None
                    winner = (gold, silver)[match.outcome.winner]
                    pair[0 if winner == a else 1] += 1
                    games.append((int(winner == a), int(winner == b)))
                if duplicate:
                    units[(a, b)].append((pair[0], pair[1]))
                else:
                    units[(a, b)] += games
    return units, ""


def duplicate_effect(deals: int, replications: int) -> None:
    names = list(MAKERS)
    widths: dict[bool, list[float]] = {True: [], False: []}
    diffs: dict[bool, dict[tuple[str, str], list[float]]] = {True: {}, False: {}}
    for r in range(replications):
        for duplicate in (True, False):
            units, _ = one_league(1000 + r, deals, duplicate)
            widths[duplicate].append(mean_width(elo_ratings(names, units, resamples=200, seed=r)))
            tally = {pair: (sum(u[0] for u in us), sum(u[1] for u in us)) for pair, us in units.items()}
            elo = fit_elo(names, tally)
            for a, b in units:
                diffs[duplicate].setdefault((a, b), []).append(elo[a] - elo[b])
    games = 2 * deals
    print(f"duplicate seating: {len(names)} bots (random, half-greedy, greedy), {games} games per pair, "
          f"{replications} leagues of each schedule")
    for duplicate in (True, False):
        label = "duplicate (deal twice, seats swapped)" if duplicate else "one deal per game (seats alternate)"
        spread = statistics.mean(statistics.stdev(v) for v in diffs[duplicate].values()) if replications > 1 else 0
        print(f"  {label:40} mean 95% interval width {statistics.mean(widths[duplicate]):6.0f} Elo; "
              f"spread of a pair's Elo difference across leagues {spread:5.0f} Elo")
    ratio = statistics.mean(widths[True]) / statistics.mean(widths[False])
    print(f"  duplicate intervals are {100 * (1 - ratio):.0f}% narrower (width ratio {ratio:.2f})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=3, help="deals per pair in the speed runs (default 3)")
    parser.add_argument("--duplicate-deals", type=int, default=10, help="deals per pair in the ratings runs")
    parser.add_argument("--replications", type=int, default=4, help="leagues of each schedule (default 4)")
    parser.add_argument("--no-dask", action="store_true")
    parser.add_argument("--only-ratings", action="store_true", help="only the duplicate seating figures")
    args = parser.parse_args()
    if args.only_ratings:
        duplicate_effect(args.duplicate_deals, args.replications)
        return
    rate, games, checks = speed(args.deals)
    print(f"league, 4 submissions, {games} games: {rate:.2f} games/s with 2 local worker processes "
          f"(the 4 smoke checks took {checks:.1f} s)")
    if not args.no_dask:
        from distributed import Client, LocalCluster

        with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
                Client(cluster) as client:
            rate, games, checks = speed(args.deals, client)
        print(f"league, 4 submissions, {games} games: {rate:.2f} games/s on Dask (LocalCluster, 2 worker processes)")
    duplicate_effect(args.duplicate_deals, args.replications)


if __name__ == "__main__":
    main()
