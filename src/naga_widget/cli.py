"""The ``naga-widget`` command: self-play statistics and a game shown in the terminal.

    naga-widget selfplay --games 200 --seed 1
    naga-widget play --seed 1
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from typing import TextIO

from .rules import TEMPLE_NAMES, Chance, new_game
from .rules.flow import playout


class Progress:
    """A plain progress bar on a terminal stream (no dependency)."""

    def __init__(self, total: int, stream: TextIO | None = None, width: int = 30) -> None:
        self.total, self.width = total, width
        self.stream = stream if stream is not None else sys.stderr
        self.start = time.perf_counter()
        self.shown = -1

    def update(self, done: int) -> None:
        percent = 100 * done // max(self.total, 1)
        if percent == self.shown and done != self.total:
            return
        self.shown = percent
        filled = self.width * done // max(self.total, 1)
        rate = done / max(time.perf_counter() - self.start, 1e-9)
        self.stream.write(f"\r[{'#' * filled}{'.' * (self.width - filled)}] {done}/{self.total} "
                          f"games ({rate:,.0f}/s)")
        if done == self.total:
            self.stream.write("\n")
        self.stream.flush()


def selfplay(games: int, seed: int, out: TextIO | None = None, progress: bool = True) -> dict[str, object]:
    """Play ``games`` random games (seeds ``seed``, ``seed+1``, …) and print the statistics."""
    out = out if out is not None else sys.stdout
    wins: Counter[int] = Counter()
    reasons: Counter[str] = Counter()
    rounds = 0
    bar = Progress(games) if progress else None
    for i in range(games):
        rng = random.Random(seed + i)
        state, _ = new_game(chance=Chance(rng, record=False))
        state = playout(state, rng)
        assert state.outcome is not None
        wins[state.outcome.winner] += 1
        reasons[state.outcome.reason] += 1
        rounds += state.round
        if bar:
            bar.update(i + 1)
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="naga-widget", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    sp = sub.add_parser("selfplay", help="play random games and print wins, end reasons and rounds")
    sp.add_argument("--games", type=int, default=200)
    sp.add_argument("--seed", type=int, default=1)
    sp.add_argument("--quiet", action="store_true", help="no progress bar")
    pl = sub.add_parser("play", help="show one game between two random bots")
    pl.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.command == "selfplay":
        if args.games < 1:
            parser.error("--games must be at least 1")
        selfplay(args.games, args.seed, progress=not args.quiet)
    else:
        show_game(args.seed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
