"""OpenSpiel bots in the project's arena, and a fast rollout evaluator for OpenSpiel's searches.

:class:`OpenSpielBot` follows the project's bot protocol, ``act(observation, legal)``: it
sees what its player may see and nothing more. For each decision it draws a world
consistent with the observation (:func:`naga_widget.bots.determinize`), builds the
OpenSpiel state of that world, and asks the OpenSpiel bot for sub-choices until they name
a decision; each sub-choice is checked against the real legal actions. A search bot such
as ISMCTS then resamples further worlds from that state's information set.

>>> from naga_widget import Match, RandomBot, play_match
>>> bot = OpenSpielBot(lambda game: ismcts(game, simulations=4, fast_rollouts=True, seed=1), seed=2)
>>> outcome = play_match(Match(seed=4), [bot, RandomBot(seed=3)])
>>> outcome.winner in (0, 1)
True
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts as ismcts_lib
from open_spiel.python.algorithms import mcts

from naga_widget.rules import AnyAction, LegalActions, new_game, playout
from naga_widget.rules.observe import Observation

from . import game_tree as tree
from .action_table import Menu
from .chance_nodes import ScriptedChance
from .openspiel import NagaRajaGame, NagaRajaState


def load_game() -> NagaRajaGame:
    """The OpenSpiel game ``python_naga_raja`` (registered by :mod:`.openspiel`)."""
    game: NagaRajaGame = pyspiel.load_game("python_naga_raja")
    return game


class OpenSpielBot:
    """Plays a Naga Raja player with an OpenSpiel bot built by ``make_bot(game)``.

    The default is :func:`ismcts` with 100 simulations and engine rollouts (about a tenth
    of a second per decision here). ``seconds`` gives each decision that much time instead,
    shared among its sub-choices; a bot of ``make_bot`` must then come from
    ``ismcts(..., seconds=...)``. On the command line:
    ``naga-widget arena "ismcts(seconds=1)" "naga_widget.envs:OpenSpielBot(seconds=1)"``.
    """

    def __init__(self, make_bot: Callable[[NagaRajaGame], Any] | None = None, *, seed: int | None = None,
                 seconds: float | None = None) -> None:
        self.game = load_game()
        self.rng = random.Random(seed)
        if make_bot is None:
            bot_seed = self.rng.randrange(2**31)
            make_bot = lambda game: ismcts(game, simulations=100, seconds=seconds,  # noqa: E731
                                           fast_rollouts=True, seed=bot_seed)
        self.bot = make_bot(self.game)
        if seconds is not None and not isinstance(self.bot, TimedISMCTSBot):
            raise TypeError(f"a time per move needs a TimedISMCTSBot (ismcts(..., seconds=...)), not {self.bot!r}")
        self.seconds = seconds

    def act(self, observation: Observation, legal: LegalActions) -> AnyAction:
        from naga_widget.bots import determinize

        start = time.perf_counter()  # the time per move covers the whole decision
        player = observation["viewer"]
        world = determinize(observation, self.rng)
        if world.observe(player) != observation:
            raise RuntimeError("determinize gave a world whose observation differs from the one given")
        state = self.game.state_from_engine(world)
        menu = Menu(tree.TABLE, legal)  # the real legal actions: every sub-choice is checked against them
        budget = None if self.seconds is None else _Budget(menu, legal, start + self.seconds)
        partial: tuple[int, ...] = ()
        while True:
            options = menu.options(partial)
            if len(options) == 1:
                index = options[0]
            else:
                if budget is not None:
                    self.bot.seconds = budget.share(partial)
                index = int(self.bot.step(state))
            partial, decided = menu.advance(partial, index)
            if decided is not None:
                return decided
            state.apply_action(index)

    def __repr__(self) -> str:
        return f"OpenSpielBot({type(self.bot).__name__})"


class _Budget:
    """Shares one decision's time among its sub-choices.

    Each sub-choice with more than one option gets an equal part of the time left, counting
    the most such sub-choices any legal decision still needs after it; so a whole decision
    never takes more than its time, and the last sub-choice gets all that remains.
    """

    def __init__(self, menu: Menu, legal: LegalActions, deadline: float,
                 clock: Callable[[], float] = time.perf_counter) -> None:
        self.menu = menu
        self.deadline = deadline
        self.clock = clock
        self.sequences = [menu.sequence(a) for a in legal]
        self._branching: dict[tuple[int, ...], bool] = {}

    def _branches(self, prefix: tuple[int, ...]) -> bool:
        if prefix not in self._branching:
            self._branching[prefix] = len(self.menu.options(prefix)) > 1
        return self._branching[prefix]

    def share(self, partial: tuple[int, ...]) -> float:
        k = len(partial)
        ahead = max(sum(self._branches(seq[:j]) for j in range(k, len(seq)))
                    for seq in self.sequences if seq[:k] == partial)
        return max(self.deadline - self.clock(), 0.0) / max(ahead, 1)


class TimedISMCTSBot(ismcts_lib.ISMCTSBot):
    """OpenSpiel's ISMCTS bot, searching for ``seconds`` per step instead of a number of simulations.

    The search is OpenSpiel's own (the same nodes, selection and final policy); only the stop
    differs: simulations run until the time is up, and until the root has been visited once. With ``seconds=None`` it
    runs ``max_simulations`` like its parent.
    """

    def __init__(self, *args: Any, seconds: float | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.seconds = seconds
        self.last_simulations = 0

    def run_search(self, state: Any) -> Any:
        if self.seconds is None:
            return super().run_search(state)
        deadline = time.perf_counter() + self.seconds
        self.reset()
        legal_actions = state.legal_actions()
        if len(legal_actions) == 1:
            return [(legal_actions[0], 1.0)]
        self._root_node = self.create_new_node(state)
        n = 0
        # The first simulation only expands the root (OpenSpiel counts no visit for it), and the final
        # policy needs one visit: search until the root has one, then until the time is up.
        while (self._root_node.total_visits <= 0 and n < 1000) or time.perf_counter() < deadline:
            self.run_simulation(self.sample_root_state(state))
            n += 1
        self.last_simulations = n
        return self.get_final_policy(state, self._root_node)


def ismcts(game: NagaRajaGame, *, simulations: int = 100, seconds: float | None = None, rollouts: int = 1,
           uct_c: float = 2.0, seed: int | None = None, fast_rollouts: bool = False) -> TimedISMCTSBot:
    """OpenSpiel's ISMCTS bot with random rollouts: OpenSpiel's ``RandomRolloutEvaluator``
    through the state API, or with ``fast_rollouts`` the engine's own (:class:`PlayoutEvaluator`).

    ``seconds`` searches each step for that long instead of ``simulations`` times; give
    :class:`OpenSpielBot` the time of a whole decision (``OpenSpielBot(..., seconds=1.0)``)
    and it shares that time among the decision's sub-choices.
    """
    random_state = np.random.RandomState(seed)
    evaluator: Any = (PlayoutEvaluator(rollouts, seed=seed) if fast_rollouts
                      else mcts.RandomRolloutEvaluator(n_rollouts=rollouts, random_state=random_state))
    return TimedISMCTSBot(game=game, evaluator=evaluator, uct_c=uct_c, max_simulations=simulations,
                          random_state=random_state, seconds=seconds)


class PlayoutEvaluator:
    """An MCTS evaluator whose rollouts are random games played by the engine itself.

    The unfinished decision is completed with uniform sub-choices, a pending transition is
    finished (the outcomes drawn so far, then random ones), then :func:`naga_widget.playout`
    plays on with ``RandomBot``'s distribution. Values are +1 / -1 per player, averaged.
    """

    def __init__(self, rollouts: int = 1, seed: int | None = None) -> None:
        self.rollouts = rollouts
        self.rng = random.Random(seed)

    def evaluate(self, state: NagaRajaState) -> np.ndarray:
        total = np.zeros(2)
        for _ in range(self.rollouts):
            node: tree.Node = state.node
            while node.need is None and not node.terminal and node.partial:
                options = node.menu.options(node.partial)
                node = tree.choose(node, options[int(self.rng.random() * len(options))])
            chance = ScriptedChance(node.outcomes, self.rng)
            if node.pending == tree.SETUP:
                engine = new_game(tree.RULESET, chance)[0]
            else:
                assert node.state is not None
                engine = node.state
                if node.pending is not None and not isinstance(node.pending, str):
                    engine = engine.apply(node.pending, chance)
            end = engine if engine.outcome is not None else playout(engine, self.rng)
            assert end.outcome is not None
            total += [1.0 if p == end.outcome.winner else -1.0 for p in (0, 1)]
        return total / self.rollouts

    def prior(self, state: NagaRajaState) -> list[tuple[int, float]]:
        if state.is_chance_node():
            return list(state.chance_outcomes())
        actions = state.legal_actions()
        return [(a, 1.0 / len(actions)) for a in actions]
