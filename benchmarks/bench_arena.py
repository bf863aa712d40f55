"""Speed of the arena (``make bench``): games per second, RandomBot against RandomBot.

Prints games/s with ``workers=0`` (everything in this process, for reference), ``workers=1``
(refereed here, each bot in its own process) and ``workers=2`` (two worker processes, each bot
in its own process). The time includes starting the processes, as a tournament pays it.
Numbers only; nothing here asserts a speed.
"""

from __future__ import annotations

import argparse
import time

from naga_widget.arena import tournament
from naga_widget.bots import RandomBot


def games_per_second(games: int, workers: int) -> float:
    start = time.perf_counter()
    result = tournament({"a": RandomBot, "b": RandomBot}, games=games, seed=1, workers=workers, progress=False)
    elapsed = time.perf_counter() - start
    assert len(result.games) == games and not result.errors
    return games / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per run (default 100)")
    args = parser.parse_args()
    print(f"arena, RandomBot vs RandomBot, {args.games} games per run")
    for workers, what in [(0, "in this process, bots not isolated"), (1, "refereed here, bots in own processes"),
                          (2, "2 worker processes, bots in own processes")]:
        print(f"  workers={workers}  {games_per_second(args.games, workers):7.1f} games/s  ({what})")


if __name__ == "__main__":
    main()
