"""The PettingZoo AEC environment: PettingZoo's own API and seed tests, rewards, masks and views."""

from __future__ import annotations

import random
import warnings

import pytest

pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")
from pettingzoo.test import api_test, seed_test  # noqa: E402

from naga_widget.envs import ObservationEncoder, pettingzoo_env  # noqa: E402
from naga_widget.rules import IllegalActionError  # noqa: E402

#: What api_test says of every environment with dict observations and named players (tic-tac-toe's too).
ADVISORY = ("Observation is not a NumPy array", "Observation space for each agent probably should be",
            "We recommend agents to be named")


def play(env, rng: random.Random):
    """Random legal sub-choices to the end; the final rewards and the number of steps."""
    steps = 0
    total = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        total[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        options = np.flatnonzero(obs["action_mask"])
        env.step(int(rng.choice(list(options))))
        steps += 1
    return total, steps


def test_pettingzoo_api_test_passes_with_only_advisory_warnings():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(pettingzoo_env(seed=1), num_cycles=2000)
    unexpected = {str(w.message) for w in caught if not str(w.message).startswith(ADVISORY)}
    assert not unexpected


def test_pettingzoo_seed_test_passes():
    seed_test(lambda: pettingzoo_env(render_mode="ansi"), num_cycles=500)


@pytest.mark.parametrize("seed", range(3))
def test_a_game_ends_with_plus_and_minus_one_and_never_truncates(seed: int):
    env = pettingzoo_env(seed=seed)
    env.reset()
    total, steps = play(env, random.Random(seed))
    assert sorted(total.values()) == [-1.0, 1.0]
    outcome = env.state_of_game.outcome
    assert outcome is not None and total[env.possible_agents[outcome.winner]] == 1.0
    assert steps > 20 and not env.agents


def test_observation_is_the_players_own_view_and_only_the_mover_has_a_mask():
    env = pettingzoo_env(seed=5)
    env.reset()
    enc = ObservationEncoder.for_ruleset(env.ruleset)
    state = env.state_of_game
    mover = env.agent_selection
    for p, agent in enumerate(env.possible_agents):
        obs = env.observe(agent)
        assert obs["observation"].tolist() == pytest.approx(enc.encode(state.observe(p)))
        assert env.observation_space(agent).contains(obs)
        assert (obs["action_mask"].sum() > 0) == (agent == mover)


def test_a_sub_choice_shows_in_the_choosers_vector_only():
    env = pettingzoo_env(seed=2)
    env.reset()
    while env.state_of_game.phase != "call":
        env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
    mover = env.agent_selection
    other = env.possible_agents[1 - env.possible_agents.index(mover)]
    before = {a: env.observe(a)["observation"].copy() for a in env.possible_agents}
    index = int(np.flatnonzero(env.observe(mover)["action_mask"])[0])  # add a card to the call
    env.step(index)
    assert env.agent_selection == mover, "the call is not finished: the same agent goes on"
    assert not np.array_equal(env.observe(mover)["observation"], before[mover])
    assert np.array_equal(env.observe(other)["observation"], before[other]), "the opponent learns nothing"


def test_an_illegal_index_is_refused_and_changes_nothing():
    env = pettingzoo_env(seed=3)
    env.reset()
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    before = env.state_of_game
    with pytest.raises(IllegalActionError, match=r"\(R4\.1\)"):
        env.step(illegal)
    assert env.state_of_game is before and np.array_equal(env.observe(agent)["action_mask"], mask)


def test_render_shows_the_public_view_only():
    env = pettingzoo_env(seed=4, render_mode="ansi")
    env.reset()
    text = env.render()
    state = env.state_of_game
    assert text.startswith(f"round 1, call, {env.agent_selection} to move")
    assert not any(card in text for card in state.hands[0] + state.hands[1])
    with pytest.raises(ValueError, match="render_mode"):
        pettingzoo_env(render_mode="rgb_array")
