"""The OpenSpiel game ``python_naga_raja``: OpenSpiel's random-simulation test, chance odds,
information sets (resampling keeps the player's view, and only the player's), and ISMCTS
playing whole games — inside OpenSpiel and, through the adapter, in a Match."""

from __future__ import annotations

import functools
import operator
import random
import re

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from naga_widget import Match, RandomBot, play_match  # noqa: E402
from naga_widget.envs import ActionTable  # noqa: E402
from naga_widget.envs.openspiel_bots import OpenSpielBot, ismcts, load_game  # noqa: E402

GAME = load_game()


def random_walk(seed: int):
    """Every state of one random game (chance by its odds, players uniform over sub-choices)."""
    rng = random.Random(seed)
    state = GAME.new_initial_state()
    while not state.is_terminal():
        yield state
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    yield state


def test_game_type_and_sizes():
    kind = GAME.get_type()
    assert kind.short_name == "python_naga_raja"
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert GAME.num_distinct_actions() == ActionTable.for_ruleset().size
    assert (GAME.min_utility(), GAME.max_utility()) == (-1.0, 1.0)


def test_openspiel_random_simulation_test_passes():
    pyspiel.random_sim_test(GAME, num_sims=3, serialize=False, verbose=False)
    pyspiel.random_sim_test(GAME, num_sims=1, serialize=True, verbose=False)


def test_chance_nodes_list_their_odds_and_a_game_ends_with_plus_minus_one():
    chance_nodes = 0
    for state in random_walk(1):
        if state.is_chance_node():
            chance_nodes += 1
            odds = state.chance_outcomes()
            assert sum(p for _, p in odds) == pytest.approx(1.0) and len(odds) <= GAME.max_chance_outcomes()
    assert sorted(state.returns()) == [-1.0, 1.0]
    assert chance_nodes > 30, "deals, draws and throws are all chance nodes"


@pytest.mark.parametrize("seed", range(2))
def test_resampling_keeps_the_players_view_and_draws_the_rest(seed: int):
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    hidden_changed = 0
    for k, state in enumerate(random_walk(seed)):
        if state.is_chance_node() or state.is_terminal() or k % 7:
            continue
        p = state.current_player()
        other = state.resample_from_infostate(p, sampler)
        assert other.information_state_string(p) == state.information_state_string(p)
        assert other.observation_string(p) == state.observation_string(p)
        assert other.observation_tensor(p) == state.observation_tensor(p)
        assert other.current_player() == p and other.legal_actions() == state.legal_actions()
        truth, world = state.engine_state, other.engine_state
        o = 1 - p
        hidden_changed += (world.hands[o] != truth.hands[o]
                           or any(a.relics != b.relics for a, b in zip(world.temples, truth.temples)))
        assert world.hands[p] == truth.hands[p], "the player's own hand is never resampled"
    assert hidden_changed > 2


def test_resampling_works_for_either_player_at_chance_nodes_too():
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    kinds = set()
    for k, state in enumerate(random_walk(4)):
        if k % 3:
            continue
        for p in (0, 1):
            other = state.resample_from_infostate(p, sampler)
            assert other.information_state_string(p) == state.information_state_string(p)
            assert other.observation_tensor(p) == state.observation_tensor(p)
            assert other.current_player() == state.current_player()
            kinds.add((state.is_chance_node(), p == state.current_player()))
    assert {(True, False), (False, True), (False, False)} <= kinds


def test_the_observation_string_names_no_hidden_card():
    for state in random_walk(3):
        if state.is_chance_node() or state.is_terminal():
            continue
        truth = state.engine_state
        p = state.current_player()
        words = set(re.split(r"[\s,;()]+", state.observation_string(p) + "\n" + state.information_state_string(p)))
        secret = set(truth.hands[1 - p]) - set(truth.shown[1 - p])
        assert not words & secret
        assert set(truth.hands[p]) <= words, "the player's own hand is shown"


def test_ismcts_plays_a_whole_game_inside_openspiel():
    bot = ismcts(GAME, simulations=3, seed=0, fast_rollouts=True)
    rng = np.random.RandomState(0)
    state = GAME.new_initial_state()
    searched = 0
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
        elif state.current_player() == 0:
            action = int(bot.step(state))
            assert action in state.legal_actions()
            state.apply_action(action)
            searched += 1
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert searched > 10 and sorted(state.returns()) == [-1.0, 1.0]


@pytest.mark.parametrize("fast", [False, True], ids=["openspiel-rollouts", "engine-rollouts"])
def test_ismcts_plays_a_match_against_random_through_the_adapter(fast: bool):
    seen: list[object] = []

    class Watched(OpenSpielBot):
        def act(self, observation, legal):  # record what the bot is given: the view and the legal actions only
            seen.append(observation["viewer"])
            return super().act(observation, legal)

    bot = Watched(lambda game: ismcts(game, simulations=3, seed=1, fast_rollouts=fast), seed=2)
    match = Match(seed=8)
    outcome = play_match(match, [RandomBot(seed=3), bot])
    assert outcome.winner in (0, 1) and match.state.is_over
    assert seen and set(seen) == {1}


def test_the_default_bot_is_reachable_from_the_envs_package():
    from naga_widget import envs

    bot = envs.OpenSpielBot(seed=0)
    from open_spiel.python.algorithms import ismcts as ismcts_lib

    assert isinstance(bot, OpenSpielBot) and isinstance(bot.bot, ismcts_lib.ISMCTSBot)



def _decisions_with_sub_choices(count: int):  # positions whose decisions take two sub-choices or more
    from naga_widget.envs import game_tree as tree
    from naga_widget.envs.action_table import Menu

    found, rng = [], random.Random(3)
    match = Match(seed=6)
    while len(found) < count:
        if match.state.is_over:
            match = Match(seed=rng.randrange(10**6))
        legal = match.legal_actions()
        menu = Menu(tree.TABLE, legal)
        if any(len(menu.sequence(a)) > 1 for a in legal):
            found.append((menu, legal))
        match.play(legal.sample(rng))
    return found


def test_a_time_per_move_is_shared_among_the_sub_choices_of_a_decision():
    from naga_widget.envs.openspiel_bots import _Budget

    for menu, legal in _decisions_with_sub_choices(12):
        # each path of sub-choices (one per legal decision), each sub-choice using all of its share
        paths = [[seq[:j] for j in range(len(seq)) if len(menu.options(seq[:j])) > 1]
                 for seq in (menu.sequence(a) for a in legal)]
        for path in paths:
            now = [0.0]
            budget = _Budget(menu, legal, 1.0, clock=functools.partial(operator.getitem, now, 0))
            shares = []
            for prefix in path:
                shares.append(budget.share(prefix))
                now[0] += shares[-1]
            assert all(s > 0 for s in shares) and sum(shares) <= 1.0 + 1e-9, shares
            if len(path) == max(map(len, paths)):  # the longest paths use the whole second
                assert abs(sum(shares) - 1.0) < 1e-9, shares


def test_openspiel_ismcts_plays_with_a_time_per_move():
    bot = OpenSpielBot(lambda game: ismcts(game, seconds=0.02, seed=1, fast_rollouts=True), seed=2, seconds=0.02)
    outcome = play_match(Match(seed=5), [RandomBot(seed=3), bot])
    assert outcome.winner in (0, 1) and bot.bot.last_simulations >= 1
    # a budget too short for any search still visits the root once (its first simulation only expands it)
    hurried = OpenSpielBot(lambda game: ismcts(game, seconds=1e-6, seed=1, fast_rollouts=True), seed=2, seconds=1e-6)
    assert play_match(Match(seed=5), [RandomBot(seed=3), hurried]).winner in (0, 1)
    assert hurried.bot.last_simulations >= 2
    with pytest.raises(TypeError, match="TimedISMCTSBot"):
        OpenSpielBot(lambda game: object(), seconds=1.0)
    from naga_widget.arena.registry import resolve

    default = resolve("naga_widget.envs:OpenSpielBot(seconds=0.25)")(seed=1)
    assert default.seconds == 0.25 and default.bot.seconds == 0.25
