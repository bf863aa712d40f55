"""Naga Raja as an OpenSpiel game: importing this module registers ``python_naga_raja``.

Needs the ``envs`` extra (``open_spiel``, ``numpy``). The game is sequential, two-player,
zero-sum, with imperfect information and terminal rewards (+1 / -1, R7).

- **Actions** are the indices of the shared action table (:mod:`.action_table`): one
  decision of R8 is a short run of sub-choices by the same player.
- **Chance is explicit** (``EXPLICIT_STOCHASTIC``): every shuffle, throw and draw is a
  chance node with its listed outcomes and odds (:mod:`.chance_nodes`). The pools are
  small because a shuffle is realised one pick at a time — a relic deal is nine picks
  from at most four distinct relics, a draw one card from the deck — so no node lists
  more than 48 outcomes, and the whole history of chance is in ``state.history()``.
- **Information**: ``observation_string(p)`` and the observation tensor come from
  ``state.observe(p)`` (R6) and p's own unfinished sub-choices; ``information_state_string(p)``
  adds a digest of everything p observed and decided before (perfect recall).
- ``resample_from_infostate(p, sampler)`` draws a state p cannot tell from this one with
  :func:`naga_widget.bots.determinize` (what ISMCTS needs).

The tree itself is pure Python (:mod:`.game_tree`); this module only wraps it. To let an
OpenSpiel bot play in a :class:`~naga_widget.Match`, see :mod:`.openspiel_bots`.

>>> import pyspiel
>>> game = pyspiel.load_game("python_naga_raja")
>>> state = game.new_initial_state()
>>> state.is_chance_node(), [state.action_to_string(a) for a, _ in state.chance_outcomes()]
(True, ['relic c6', 'relic s3', 'relic s4', 'relic s5'])
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel

from naga_widget.rules import State

from . import game_tree as tree
from .game_tree import CHANCE, ENCODER, TABLE, Node

_GAME_TYPE = pyspiel.GameType(
    short_name="python_naga_raja",
    long_name="Python Naga Raja",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={},
)
_GAME_INFO = pyspiel.GameInfo(
    num_distinct_actions=TABLE.size,
    max_chance_outcomes=CHANCE.size,
    num_players=2,
    min_utility=-1.0,
    max_utility=1.0,
    utility_sum=0.0,
    max_game_length=tree.max_decisions(),
)


class NagaRajaGame(pyspiel.Game):
    """The OpenSpiel game ``python_naga_raja`` (standard ruleset)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__(_GAME_TYPE, _GAME_INFO, params or {})
        self._initial = tree.initial_node()

    def new_initial_state(self) -> NagaRajaState:
        return NagaRajaState(self, self._initial)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> NagaRajaObserver:
        return NagaRajaObserver(iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)

    def state_from_engine(self, state: State) -> NagaRajaState:
        """An OpenSpiel state at an engine position (say, a determinized world), with no earlier history."""
        if state.outcome is not None:
            raise ValueError("the game is over: there is no decision to search")
        return NagaRajaState(self, tree.from_position(state))


class NagaRajaState(pyspiel.State):
    """One OpenSpiel state: a shell around an immutable :class:`~naga_widget.envs.game_tree.Node`."""

    def __init__(self, game: NagaRajaGame, node: Node) -> None:
        super().__init__(game)
        self.node = node

    def current_player(self) -> int:
        return self.node.current_player()

    def _legal_actions(self, player: int) -> list[int]:
        return list(self.node.menu.options(self.node.partial))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        assert self.node.need is not None
        return CHANCE.odds(self.node.need)

    def _apply_action(self, action: int) -> None:
        node = self.node
        self.node = tree.draw(node, int(action)) if node.need is not None else tree.choose(node, int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return CHANCE.label(int(action))
        return TABLE.label(int(action))

    def is_terminal(self) -> bool:
        return self.node.terminal

    def returns(self) -> list[float]:
        node = self.node
        if not node.terminal:
            return [0.0, 0.0]
        assert node.state is not None and node.state.outcome is not None
        return [1.0 if p == node.state.outcome.winner else -1.0 for p in (0, 1)]

    def resample_from_infostate(self, player_id: int, probability_sampler: Callable[[], float]) -> NagaRajaState:
        """A state ``player_id`` cannot tell from this one; hidden facts come from ``determinize``."""
        rng = random.Random(int(probability_sampler() * 2**53))
        copy = self.clone()
        copy.node = tree.resample(self.node, player_id, rng)
        return copy

    @property
    def engine_state(self) -> State | None:
        """The engine state after the last completed transition (the full truth)."""
        return self.node.state

    def __str__(self) -> str:
        return tree.truth_text(self.node)


class NagaRajaObserver:
    """OpenSpiel's observer: the strings and the tensor of one player's own view (R6)."""

    def __init__(self, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        if iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER or not iig_obs_type.public_info:
            raise ValueError("only a player's own view is supported (public and that player's private information)")
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.tensor = np.zeros(ENCODER.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: NagaRajaState, player: int) -> None:
        self.tensor[:] = tree.observation_vector(state.node, player)

    def string_from(self, state: NagaRajaState, player: int) -> str:
        if self.perfect_recall:
            return tree.information_text(state.node, player)
        return tree.observation_text(state.node, player)


pyspiel.register_game(_GAME_TYPE, NagaRajaGame)
