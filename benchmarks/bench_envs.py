"""Speed figures of the adapters (needs the ``envs`` extra): numbers only, nothing asserted.

Prints sub-choice steps per second of random games in the PettingZoo environment (with an
observation of the mover each step, as a learner would take it) and in the OpenSpiel game
(chance nodes included, no observation), and the time of one ISMCTS decision.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

import numpy as np
import pyspiel

from naga_widget import Match, RandomBot, play_match
from naga_widget.envs import pettingzoo_env
from naga_widget.envs.openspiel_bots import OpenSpielBot, ismcts, load_game
from naga_widget.rules import AnyAction, LegalActions


def pettingzoo_steps_per_second(games: int) -> float:
    env = pettingzoo_env(seed=0)
    rng = random.Random(0)
    steps = 0
    start = time.perf_counter()
    for _ in range(games):
        env.reset()
        for _agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
    return steps / (time.perf_counter() - start)


def openspiel_steps_per_second(games: int) -> tuple[float, float]:
    game: pyspiel.Game = load_game()
    rng = random.Random(0)
    steps = chance = 0
    start = time.perf_counter()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(actions, probs)[0])
                chance += 1
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                steps += 1
    elapsed = time.perf_counter() - start
    return steps / elapsed, chance / elapsed


class CountingBot(OpenSpielBot):
    decisions = 0

    def act(self, observation: dict[str, Any], legal: LegalActions) -> AnyAction:
        self.decisions += 1
        return super().act(observation, legal)


def ismcts_seconds_per_decision(simulations: int, fast: bool) -> float:
    bot = CountingBot(lambda g: ismcts(g, simulations=simulations, fast_rollouts=fast, seed=1), seed=1)
    start = time.perf_counter()
    play_match(Match(seed=3), [bot, RandomBot(seed=2)])
    return (time.perf_counter() - start) / max(bot.decisions, 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--simulations", type=int, default=20)
    args = parser.parse_args()
    print(f"PettingZoo AEC: {pettingzoo_steps_per_second(args.games):,.0f} sub-choice steps/s (observing each)")
    decisions, chance = openspiel_steps_per_second(args.games)
    print(f"OpenSpiel state API: {decisions:,.0f} sub-choice steps/s and {chance:,.0f} chance steps/s")
    for fast in (False, True):
        rollouts = "engine playouts" if fast else "OpenSpiel's random rollouts"
        seconds = ismcts_seconds_per_decision(args.simulations, fast)
        print(f"ISMCTS, {args.simulations} simulations, {rollouts}: {seconds * 1000:,.0f} ms per decision")


if __name__ == "__main__":
    main()
