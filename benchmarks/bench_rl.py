"""Lesson 08's longer run: MaskablePPO against RandomBot, then measured against RandomBot and GreedyBot.

Needs the ``rl`` extra (stable-baselines3, sb3-contrib, torch). Numbers only, nothing asserted:

    nice .venv/bin/python benchmarks/bench_rl.py --minutes 25 --games 200 --save strength/ppo.zip

It trains ``MaskablePPO("MlpPolicy", VersusBotEnv(RandomBot))`` (seats alternating, the reward the game's
result) for the given wall-clock time or number of sub-choice steps, prints the learning curve as the
share of training games won per slice of episodes, then plays the trained policy (deterministic) against
RandomBot and GreedyBot, seats alternated, and prints each win share with its 95% Wilson interval. The
untrained policy (the same network at its first weights) is measured the same way, as the baseline.
"""

from __future__ import annotations

import argparse
import platform
import time

import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.monitor import Monitor

from naga_widget import Match
from naga_widget.arena.stats import wilson
from naga_widget.bots import Bot, GreedyBot, RandomBot, play_match
from naga_widget.envs.versus import PolicyBot, VersusBotEnv

SETTINGS = {"n_steps": 2048, "batch_size": 256, "n_epochs": 10, "learning_rate": 3e-4, "gamma": 0.99,
            "ent_coef": 0.01, "policy_kwargs": {"net_arch": [128, 128]}}


class StopAfter(BaseCallback):
    """Ends training once ``seconds`` of wall-clock time have passed."""

    def __init__(self, seconds: float) -> None:
        super().__init__()
        self.seconds = seconds
        self.start = time.perf_counter()

    def _on_training_start(self) -> None:
        self.start = time.perf_counter()

    def _on_step(self) -> bool:
        return time.perf_counter() - self.start < self.seconds


def win_share(bot: Bot, opponent: type, games: int, seed: int) -> tuple[int, int]:
    """(wins of ``bot``, games) over ``games`` games against ``opponent``, seats alternated."""
    wins = 0
    for g in range(games):
        seat = g % 2
        bots: list[Bot] = [opponent(seed=seed + g), opponent(seed=seed + g)]
        bots[seat] = bot
        wins += play_match(Match(seed=seed + g), bots).winner == seat
    return wins, games


def report(name: str, bot: Bot, games: int, seed: int) -> None:
    for opponent in (RandomBot, GreedyBot):
        start = time.perf_counter()
        wins, n = win_share(bot, opponent, games, seed)
        low, high = wilson(wins, n)
        print(f"  {name:9} vs {opponent.__name__:9}: {wins}/{n} won = {wins / n:.1%}  "
              f"(95% interval {low:.1%}–{high:.1%}; {time.perf_counter() - start:.0f} s)", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--minutes", type=float, default=25.0, help="wall-clock training time (default 25)")
    parser.add_argument("--timesteps", type=int, default=10_000_000, help="at most this many sub-choice steps")
    parser.add_argument("--games", type=int, default=200, help="evaluation games per opponent (default 200)")
    parser.add_argument("--threads", type=int, default=1, help="torch threads (default 1)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--save", help="write the trained model there (a .zip that MaskablePPO.load reads)")
    args = parser.parse_args()

    torch.set_num_threads(args.threads)
    print(f"MaskablePPO on VersusBotEnv(RandomBot), seats alternating; {SETTINGS}; seed {args.seed}; "
          f"torch {torch.__version__}, {args.threads} thread(s); {platform.processor() or platform.machine()}")
    env = Monitor(VersusBotEnv(RandomBot, seed=args.seed))
    model = MaskablePPO("MlpPolicy", env, seed=args.seed, verbose=0, **SETTINGS)  # type: ignore[arg-type]
    report("untrained", PolicyBot(model), args.games, seed=10_000)

    start = time.perf_counter()
    model.learn(total_timesteps=args.timesteps, callback=StopAfter(args.minutes * 60))
    took = time.perf_counter() - start
    rewards = env.get_episode_rewards()
    print(f"trained {model.num_timesteps} sub-choice steps, {len(rewards)} games, in {took / 60:.1f} min "
          f"({model.num_timesteps / took:.0f} steps/s)", flush=True)
    if args.save:
        model.save(args.save)
        print(f"saved {args.save}")
    slices = 10
    size = max(1, len(rewards) // slices)
    curve = []
    for k in range(0, len(rewards) - size + 1, size):
        part = rewards[k:k + size]
        curve.append(f"{sum(r > 0 for r in part) / len(part):.0%}")
    print(f"training games won against RandomBot, per slice of {size} games: {' '.join(curve)}", flush=True)
    report("trained", PolicyBot(model), args.games, seed=20_000)


if __name__ == "__main__":
    main()
