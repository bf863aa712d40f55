"""One learner against a fixed bot (VersusBotEnv), and a learned policy as a bot (PolicyBot).

The mask is checked against what the game itself accepts (every index tried), the reward against the
engine's outcome, and PolicyBot with stand-in models (no learning library needed); one test plays a
real, untrained MaskablePPO policy where the group rl is installed.
"""

from __future__ import annotations

import random

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")
import gymnasium  # noqa: E402

from naga_widget import Match  # noqa: E402
from naga_widget.bots import GreedyBot, RandomBot, play_match  # noqa: E402
from naga_widget.envs.versus import PolicyBot, VersusBotEnv, result_reward  # noqa: E402
from naga_widget.rules import IllegalActionError  # noqa: E402


def accepted(env: VersusBotEnv) -> list[int]:
    """The indices the game accepts now from the learner, found by trying each one."""
    menu, partial = env.game.menu, env.game.partial
    found = []
    for index in range(env.table.size):
        try:
            menu.advance(partial, index)
            found.append(index)
        except IllegalActionError:
            pass
    return found


def test_the_mask_is_exactly_what_the_game_accepts_and_the_reward_is_the_result() -> None:
    env, rng = VersusBotEnv(RandomBot, seed=4), random.Random(4)
    seats, kinds = [], set()
    for _ in range(2):
        _, info = env.reset()
        seats.append(env.learner)
        assert info["learner"] == ("gold", "silver")[env.learner]
        rewards, done = [], False
        while not done:
            assert env.game.agent_selection == info["learner"], "only the learner is asked"
            mask = env.action_masks()
            legal = accepted(env)
            assert mask.dtype == bool and np.flatnonzero(mask).tolist() == legal
            kinds |= {env.table.kind(i) for i in legal}
            _, reward, done, truncated, _ = env.step(rng.choice(legal))
            assert truncated is False
            rewards.append(reward)
        assert not env.action_masks().any()
        won = env.state.outcome.winner == env.learner
        assert rewards[-1] == (1.0 if won else -1.0) and set(rewards[:-1]) <= {0.0}
    assert seats == [0, 1], "the seats alternate, gold first"
    assert {"call", "done", "pass", "place"} <= kinds


def test_a_fixed_seat_and_the_result_reward() -> None:
    env = VersusBotEnv(GreedyBot, seat=1, seed=2)
    for _ in range(2):
        env.reset()
        assert env.learner == 1 and env.game.agent_selection == "silver"
    m = Match(seed=6)
    assert result_reward(m.state, 0) == result_reward(m.state, 1) == 0.0
    winner = play_match(m, [RandomBot(seed=1), RandomBot(seed=2)]).winner
    assert (result_reward(m.state, winner), result_reward(m.state, 1 - winner)) == (1.0, -1.0)


def test_episodes_repeat_with_the_seed_and_differ_without() -> None:
    def first_observations(seed: int | None) -> list[list[float]]:
        env = VersusBotEnv(RandomBot, seed=seed)
        return [env.reset()[0].tolist() for _ in range(3)]

    assert first_observations(9) == first_observations(9)
    env = VersusBotEnv(RandomBot, seed=1)
    assert env.reset(seed=5)[0].tolist() == VersusBotEnv(RandomBot, seed=3).reset(seed=5)[0].tolist()


def test_an_illegal_index_is_refused_and_changes_nothing() -> None:
    env = VersusBotEnv(RandomBot, seed=3)
    vector, _ = env.reset()
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    with pytest.raises(IllegalActionError, match=r"R4\.1"):
        env.step(illegal)
    assert env.game.partial == () and np.array_equal(env.game.observe("gold")["observation"], vector)


def test_bad_settings_and_misuse_say_what_is_wrong() -> None:
    with pytest.raises(ValueError, match="seat must be 0"):
        VersusBotEnv(seat=2)
    with pytest.raises(TypeError, match="opponent must be a bot class"):
        VersusBotEnv(RandomBot())  # an instance, not a class
    with pytest.raises(RuntimeError, match="reset"):
        VersusBotEnv().step(0)
    with pytest.raises(TypeError, match="predict"):
        PolicyBot(object())


def test_it_is_a_gymnasium_environment_whose_observations_lie_in_its_space() -> None:
    # gymnasium's check_env steps with unmasked random actions, which this environment refuses; the
    # space checks it makes are these
    env, rng = VersusBotEnv(RandomBot, seed=1), random.Random(1)
    assert isinstance(env, gymnasium.Env) and env.action_space == gymnasium.spaces.Discrete(env.table.size)
    vector, _ = env.reset()
    done, steps = False, 0
    while not done:
        assert env.observation_space.contains(vector), steps
        vector, reward, done, _, _ = env.step(np.int64(rng.choice(np.flatnonzero(env.action_masks()))))
        assert isinstance(reward, float)
        steps += 1
    assert env.observation_space.contains(vector) and steps > 10


class MaskedRandom:
    """A stand-in model: a random index among those the mask allows (the mask must be passed)."""

    def __init__(self, seed: int) -> None:
        self.rng = np.random.default_rng(seed)
        self.calls: list[tuple[tuple[int, ...], bool]] = []

    def predict(self, observation, action_masks=None, deterministic=False):
        assert observation.dtype == np.float32 and action_masks is not None
        self.calls.append((tuple(np.flatnonzero(action_masks)), deterministic))
        return np.array(self.rng.choice(np.flatnonzero(action_masks))), None


class Lowest:
    """A stand-in model that ignores the mask and asks for index 0 ('pass'), legal or not."""

    def predict(self, observation, action_masks=None, deterministic=False):
        return np.array(0), None


class Counting(PolicyBot):
    decisions = 0

    def act(self, observation, legal):
        self.decisions += 1
        return super().act(observation, legal)


def test_policy_bot_builds_legal_decisions_from_the_models_sub_choices() -> None:
    model = MaskedRandom(1)
    bot = Counting(model)
    outcome = play_match(Match(seed=8), [bot, GreedyBot(seed=2)])
    assert outcome.winner in (0, 1)
    assert len(model.calls) > bot.decisions > 0, "a call or an invoke takes several sub-choices"
    assert all(flag is True for _, flag in model.calls), "deterministic by default"
    # each mask it passed is the game's: the first one is the learner's first mask in the environment
    env = VersusBotEnv(RandomBot, seat=0, seed=1)
    env.reset()
    first = MaskedRandom(3)
    action = PolicyBot(first).act(env.state.observe(0), env.state.legal_actions().detached())
    assert action in env.state.legal_actions()
    assert first.calls[0][0] == tuple(np.flatnonzero(env.action_masks()))


def test_policy_bot_refuses_a_sub_choice_outside_the_mask() -> None:
    m = Match(seed=8)
    state = m.state
    with pytest.raises(IllegalActionError, match="sub-choice 0 .pass."):
        PolicyBot(Lowest()).act(state.observe(state.to_move), state.legal_actions().detached())


def test_a_real_maskable_ppo_policy_plays_as_a_bot() -> None:
    pytest.importorskip("torch", reason="lesson 08's training needs the group rl (make rl): torch is not installed")
    sb3_contrib = pytest.importorskip("sb3_contrib", reason="the group rl (make rl) is not installed")
    env = VersusBotEnv(RandomBot, seed=0)
    model = sb3_contrib.MaskablePPO("MlpPolicy", env, seed=0, verbose=0)  # its first weights: no training here
    outcome = play_match(Match(seed=2), [RandomBot(seed=1), PolicyBot(model)])
    assert outcome.winner in (0, 1)
