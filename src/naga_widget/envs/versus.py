"""One seat of Naga Raja as a single-agent Gymnasium environment, and a bot that plays a learned policy.

Needs the ``envs`` extra (gymnasium, numpy, pettingzoo); nothing here imports a learning library.

- :class:`VersusBotEnv` — the learner holds one seat of the PettingZoo game
  (:class:`~naga_widget.envs.pettingzoo_aec.NagaRajaEnv`), a fixed bot (``RandomBot`` unless told
  otherwise) holds the other and plays its whole decisions between the learner's steps. The seats
  alternate from one episode to the next. One ``step`` is one sub-choice of the action table, as in
  the PettingZoo game; :meth:`~VersusBotEnv.action_masks` gives the legal sub-choices, the method
  that sb3-contrib's ``MaskablePPO`` looks for. The reward is the game's result for the learner
  (R7): +1 for a win and -1 for a loss on the step that ends the game, 0 on every other step.
- :class:`PolicyBot` — any model with Stable-Baselines3's
  ``predict(observation, action_masks=..., deterministic=...)`` as a bot of the package: it plays
  in a :class:`~naga_widget.Match`, the arena and the widget, seeing only its player's observation.

>>> env = VersusBotEnv(seed=1)
>>> vector, info = env.reset()
>>> mask = env.action_masks()
>>> vector.shape == env.observation_space.shape and mask.dtype == bool and bool(mask.any())
True
>>> total = 0.0
>>> done = False
>>> while not done:
...     vector, reward, done, truncated, info = env.step(int(mask.nonzero()[0][0]))
...     total += reward
...     mask = env.action_masks()
>>> total == (1.0 if env.state.outcome.winner == env.learner else -1.0)
True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from naga_widget.bots import Bot, RandomBot
from naga_widget.rules import STANDARD, TEMPLE_NAMES, Action, AnyAction, LegalActions, Ruleset, State
from naga_widget.rules.observe import Observation

from .action_table import ActionTable, Menu
from .features import ObservationEncoder
from .pettingzoo_aec import NagaRajaEnv
from .text import describe

SEEDS = 2**31


def result_reward(state: State, learner: int) -> float:
    """The learner's reward in ``state``: +1 if the game is over and they won, -1 if they lost, else 0 (R7)."""
    outcome = state.outcome
    if outcome is None:
        return 0.0
    return 1.0 if outcome.winner == learner else -1.0


class VersusBotEnv(gymnasium.Env[np.ndarray, np.int64]):
    """The learner against a fixed bot; see the module's docstring.

    ``opponent`` is a bot class or a function returning a bot (called with ``seed=`` when it takes
    one, for each episode). ``seat`` fixes the learner's seat (0 gold, 1 silver); ``None``
    alternates, gold first. ``seed`` makes the episodes (chance and the opponent's seeds) repeatable.
    """

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, opponent: Callable[..., Bot] = RandomBot, *, seat: int | None = None, seed: int | None = None,
                 ruleset: Ruleset = STANDARD) -> None:
        if seat is not None and (type(seat) is not int or seat not in (0, 1)):
            raise ValueError(f"seat must be 0 (gold), 1 (silver) or None (alternate), not {seat!r}")
        if not callable(opponent):
            raise TypeError(f"opponent must be a bot class or a function returning a bot, not {opponent!r}")
        super().__init__()
        self.game = NagaRajaEnv(ruleset=ruleset)
        self.table = self.game.table
        self.observation_space = spaces.Box(0.0, 1.0, shape=(self.game.encoder.size,), dtype=np.float32)
        self.action_space = spaces.Discrete(self.table.size)  # the sub-choices of the action table
        self.make_opponent = opponent
        self.seat = seat
        self.learner = 0 if seat is None else seat
        self.opponent: Bot | None = None
        self.episodes = 0
        self._seeds = random.Random(seed)

    @property
    def state(self) -> State:
        """The engine state of the game in progress (the whole truth: for tests and teachers)."""
        return self.game.state_of_game

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict]:
        super().reset(seed=seed)
        if seed is not None:
            self._seeds = random.Random(seed)
        self.game.reset(seed=self._seeds.randrange(SEEDS))
        self.learner = self.episodes % 2 if self.seat is None else self.seat
        self.episodes += 1
        self.opponent = self._new_opponent(self._seeds.randrange(SEEDS))
        self._opponent_plays()
        return self._vector(), {"learner": TEMPLE_NAMES[self.learner]}

    def step(self, action: int | np.integer) -> tuple[np.ndarray, float, bool, bool, dict]:
        if self.opponent is None:
            raise RuntimeError("call reset() before step()")
        if self.state.outcome is not None:
            raise RuntimeError("the game is over: call reset() to start the next one")
        self.game.step(int(action))  # an illegal sub-choice raises IllegalActionError and changes nothing
        self._opponent_plays()
        over = self.state.outcome is not None
        return self._vector(), self.reward(self.state), over, False, {"learner": TEMPLE_NAMES[self.learner]}

    def reward(self, state: State) -> float:
        """The learner's reward after a step: :func:`result_reward` (a subclass may change it)."""
        return result_reward(state, self.learner)

    def action_masks(self) -> np.ndarray:
        """True for each sub-choice the learner may take now (all False once the game is over)."""
        return self.game.observe(TEMPLE_NAMES[self.learner])["action_mask"].astype(bool)

    def render(self) -> str:  # type: ignore[override]  # gymnasium's stub allows None
        """The public view as text (nothing hidden)."""
        return describe(self.state.observe("spectator"))

    # -- the other seat ------------------------------------------------------------------------------
    def _new_opponent(self, seed: int) -> Bot:
        try:
            return self.make_opponent(seed=seed)
        except TypeError:
            return self.make_opponent()

    def _vector(self) -> np.ndarray:
        return self.game.observe(TEMPLE_NAMES[self.learner])["observation"]

    def _opponent_plays(self) -> None:
        """Let the opponent play whole decisions until the learner is to move or the game is over."""
        me = TEMPLE_NAMES[self.learner]
        while self.state.outcome is None and self.game.agent_selection != me:
            state, other = self.state, 1 - self.learner
            legal = state.legal_actions()
            assert self.opponent is not None
            action = Action.coerce(self.opponent.act(state.observe(other), legal.detached()))
            for index in Menu(self.table, legal).sequence(action):  # raises if the action is not legal
                self.game.step(index)


class PolicyBot:
    """A bot that plays a learned policy: at each sub-choice it asks ``model.predict`` for an index.

    ``model`` is anything with ``predict(vector, action_masks=mask, deterministic=flag)`` returning
    ``(index, state)``, as sb3-contrib's ``MaskablePPO`` has. The bot encodes its player's
    observation as the environments do, passes the mask of the legal sub-choices, and builds one
    legal decision from the indices (several for a call or an invoke).
    """

    def __init__(self, model: Any, *, deterministic: bool = True, ruleset: Ruleset = STANDARD,
                 name: str = "PolicyBot") -> None:
        if not callable(getattr(model, "predict", None)):
            raise TypeError(f"model must have a predict(observation, action_masks=..., deterministic=...) method, "
                            f"as MaskablePPO has; {type(model).__name__} has none")
        self.model = model
        self.deterministic = deterministic
        self.table = ActionTable.for_ruleset(ruleset)
        self.encoder = ObservationEncoder.for_ruleset(ruleset)
        self.name = name

    def act(self, observation: Observation, legal: LegalActions) -> AnyAction:
        menu = Menu(self.table, legal)
        partial: tuple[int, ...] = ()
        for _ in range(self.table.size):
            mask = np.zeros(self.table.size, dtype=bool)
            mask[list(menu.options(partial))] = True
            vector = np.asarray(self.encoder.encode(observation, partial), dtype=np.float32)
            index, _ = self.model.predict(vector, action_masks=mask, deterministic=self.deterministic)
            partial, decided = menu.advance(partial, int(np.asarray(index).item()))
            if decided is not None:
                return decided
        raise RuntimeError("the policy's sub-choices never completed a decision")

    def __repr__(self) -> str:
        return f"{self.name}()"
