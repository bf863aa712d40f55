"""Naga Raja as a PettingZoo AEC environment (needs the ``envs`` extra).

The PettingZoo agents are the players ``"gold"`` and ``"silver"`` (0 and 1). One ``step``
is one sub-choice of the action table (:mod:`.action_table`), so the same player may step
several times in a row while they build a call or an invoke. Observations are a dict:

- ``"observation"`` — :class:`~naga_widget.envs.features.ObservationEncoder`'s vector of the
  player's own observation (``state.observe(p)``, R6) and their own unfinished sub-choices;
- ``"action_mask"`` — 1 for each legal sub-choice (all zeros when it is not that player's turn).

Rewards are +1 for the winner and -1 for the loser when the game ends (R7); nothing is
ever truncated (a game ends within 17 rounds). Chance (shuffles, throws, draws) comes
from a ``random.Random`` seeded by ``reset(seed=…)`` or by the constructor's ``seed``.

>>> env = NagaRajaEnv(seed=3)
>>> env.reset()
>>> obs, reward, terminated, truncated, info = env.last()
>>> int(obs["action_mask"].sum()) > 0, obs["observation"].shape == env.observation_space("gold")["observation"].shape
(True, True)
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from naga_widget.rules import STANDARD, TEMPLE_NAMES, AnyAction, Chance, Ruleset, State, new_game

from .action_table import ActionTable, Menu
from .features import ObservationEncoder
from .text import describe


class NagaRajaEnv(AECEnv[str, dict[str, np.ndarray], int]):
    """The AEC environment; build it with :func:`naga_widget.envs.pettingzoo_env`."""

    RENDER_MODES = ("ansi", "human")
    metadata = {"render_modes": list(RENDER_MODES), "name": "naga_raja_v0", "is_parallelizable": False}

    def __init__(self, seed: int | None = None, render_mode: str | None = None, ruleset: Ruleset = STANDARD) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.RENDER_MODES:
            raise ValueError(f"render_mode must be one of {', '.join(self.RENDER_MODES)} or None, not {render_mode!r}")
        self.render_mode = render_mode
        self.ruleset = ruleset
        self.table = ActionTable.for_ruleset(ruleset)
        self.encoder = ObservationEncoder.for_ruleset(ruleset)
        self.possible_agents = list(TEMPLE_NAMES)
        self.agents = self.possible_agents[:]
        n = self.table.size
        self.action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self.observation_spaces = {
            a: spaces.Dict({
                "observation": spaces.Box(0.0, 1.0, shape=(self.encoder.size,), dtype=np.float32),
                "action_mask": spaces.Box(0, 1, shape=(n,), dtype=np.int8),
            })
            for a in self.possible_agents
        }
        self._rng = random.Random(seed)
        self._state: State | None = None
        self._menu: Menu | None = None
        self._partial: tuple[int, ...] = ()
        self.last_action: AnyAction | None = None

    # -- spaces ------------------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # -- the game ------------------------------------------------------------------------------
    @property
    def state_of_game(self) -> State:
        """The engine state (the full truth: for tests and teachers, never for a player)."""
        if self._state is None:
            raise RuntimeError("call reset() first")
        return self._state

    @property
    def menu(self) -> Menu:
        """The legal sub-choices of the decision in progress (see :class:`~naga_widget.envs.action_table.Menu`)."""
        if self._menu is None:
            raise RuntimeError("call reset() first")
        return self._menu

    @property
    def partial(self) -> tuple[int, ...]:
        """The sub-choices the player to move has taken so far in the decision in progress."""
        return self._partial

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = random.Random(seed)
        self._chance = Chance(self._rng, record=False)
        self._state, _ = new_game(self.ruleset, self._chance)
        self._begin_decision()
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self._state.to_move]
        self.last_action = None

    def _begin_decision(self) -> None:
        assert self._state is not None
        self._partial = ()
        self._menu = Menu(self.table, self._state.legal_actions())

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        state = self.state_of_game
        p = self.possible_agents.index(agent)
        mine = state.outcome is None and state.to_move == p and agent == self.agent_selection
        vector = self.encoder.encode(state.observe(p), self._partial if mine else ())
        mask = np.zeros(self.table.size, dtype=np.int8)
        if mine and not self.terminations.get(agent, True):
            assert self._menu is not None
            mask[list(self._menu.options(self._partial))] = 1
        return {"observation": np.asarray(vector, dtype=np.float32), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to move: step needs an action index, not None")
        assert self._menu is not None and self._state is not None
        partial, decided = self._menu.advance(self._partial, int(action))  # raises, changing nothing, if illegal
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if decided is None:
            self._partial = partial
        else:
            self._state = self._state.apply(decided, self._chance)
            self.last_action = decided
            self._begin_decision()
            outcome = self._state.outcome
            if outcome is not None:
                winner = self.possible_agents[outcome.winner]
                for a in self.agents:
                    self.rewards[a] = 1.0 if a == winner else -1.0
                self.terminations = dict.fromkeys(self.agents, True)
                self.agent_selection = self.possible_agents[1 - self.possible_agents.index(agent)]
            else:
                self.agent_selection = self.possible_agents[self._state.to_move]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    # -- showing -------------------------------------------------------------------------------
    def render(self) -> str | None:
        """The public view as text (``"ansi"`` returns it, ``"human"`` prints it); nothing hidden."""
        if self.render_mode is None:
            return None
        text = describe(self.state_of_game.observe("spectator"))
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        """Nothing to release."""
