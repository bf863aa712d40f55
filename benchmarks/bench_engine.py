"""Speed figures of the engine and the match timeline (``make bench``).

Prints, on one core: random full games per second (fast playout, and the
checked ``apply`` loop), engine steps per second, the cost of ``legal_actions``
and ``apply``, going to an arbitrary step of a full game, and the JSON replay of
a full game. Numbers only; nothing here asserts a speed.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from naga_widget import Chance, Match, RandomBot, new_game, play_match, playout


def best_of(repeats: int, fn: Callable[[], float]) -> float:
    return max(fn() for _ in range(repeats))


def playout_games_per_second(games: int) -> float:
    start = time.perf_counter()
    for seed in range(games):
        rng = random.Random(seed)
        state, _ = new_game(chance=Chance(rng, record=False))
        playout(state, rng)
    return games / (time.perf_counter() - start)


def checked_loop(games: int) -> tuple[float, float]:
    """Games/s and steps/s of ``state.apply(state.legal_actions().sample(rng), chance)``."""
    steps = 0
    start = time.perf_counter()
    for seed in range(games):
        rng = random.Random(seed)
        chance = Chance(rng, record=False)
        state, _ = new_game(chance=chance)
        while state.outcome is None:
            state = state.apply(state.legal_actions().sample(rng), chance)
            steps += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, steps / elapsed


def per_call_costs(games: int) -> dict[str, float]:
    """Median microseconds of listing all legal actions, of one apply, of one digest."""
    states = []
    for seed in range(games):
        rng = random.Random(seed)
        chance = Chance(rng, record=False)
        state, _ = new_game(chance=chance)
        while state.outcome is None:
            states.append(state)
            state = state.apply(state.legal_actions().sample(rng), chance)
    rng = random.Random(0)
    listing, applying = [], []
    for state in states:
        t0 = time.perf_counter()
        actions = list(state.legal_actions())
        t1 = time.perf_counter()
        action = actions[int(rng.random() * len(actions))]
        chance = Chance(random.Random(1), record=False)
        t2 = time.perf_counter()
        state.apply(action, chance)
        t3 = time.perf_counter()
        listing.append(t1 - t0)
        applying.append(t3 - t2)
    return {
        "legal_actions (list all), median us": 1e6 * statistics.median(listing),
        "legal_actions (list all), mean us": 1e6 * statistics.mean(listing),
        "apply (checked, with chance), median us": 1e6 * statistics.median(applying),
        "apply (checked, with chance), mean us": 1e6 * statistics.mean(applying),
    }


def timeline_costs() -> dict[str, float]:
    match = Match(seed=11)
    play_match(match, [RandomBot(1), RandomBot(2)])
    last = match.last_step
    rng = random.Random(3)
    targets = [rng.randrange(last + 1) for _ in range(20_000)]
    start = time.perf_counter()
    for k in targets:
        match.goto(k)
        match.state  # noqa: B018 - touch the state the widget would read
    goto_us = 1e6 * (time.perf_counter() - start) / len(targets)
    text = match.dumps()
    start = time.perf_counter()
    runs = 20
    for _ in range(runs):
        loaded = Match.loads(text)
    replay_ms = 1e3 * (time.perf_counter() - start) / runs
    assert loaded.state == match.state
    return {"full game steps": last, "goto any step, us": goto_us,
            "JSON save size, KB": len(text) / 1024, "JSON load+replay+verify of a full game, ms": replay_ms}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    args = parser.parse_args()
    playout_games_per_second(100)  # warm up the caches
    fast = best_of(3, lambda: playout_games_per_second(args.games))
    games, steps = checked_loop(args.games // 4)
    print("naga_widget engine benchmark (one core, CPython)")
    print(f"  random full games per second, playout():             {fast:10,.0f}")
    print(f"  random full games per second, checked apply() loop:  {games:10,.0f}")
    print(f"  engine steps per second, checked apply() loop:       {steps:10,.0f}")
    for name, value in per_call_costs(100).items():
        print(f"  {name:52} {value:10.1f}")
    for name, value in timeline_costs().items():
        print(f"  {name:52} {value:10.2f}")


if __name__ == "__main__":
    main()
