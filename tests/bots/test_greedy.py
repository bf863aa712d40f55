"""GreedyBot: each of its rules does what its docstring says, and it beats RandomBot."""

from __future__ import annotations

import pytest
from worlds import FULL, build, placements_ending_the_game, random_states, temple

from naga_widget import Match
from naga_widget.bots import GreedyBot, RandomBot, evaluate, play_match
from naga_widget.bots.heuristics import FAR_SLOT, WIN, open_spaces
from naga_widget.rules import State

WINS = placements_ending_the_game(range(300), "target_score")
LOSSES = placements_ending_the_game(range(300), "three_cursed")


def choice(bot: GreedyBot, state: State) -> str:
    return str(bot.act(state.observe(state.to_move), state.legal_actions().detached()))


@pytest.mark.parametrize("case", range(len(WINS)))
def test_it_places_to_reach_the_target_score(case: int) -> None:  # R7.1.2
    state, winning, _ = WINS[case]
    assert choice(GreedyBot(seed=case), state) in winning


@pytest.mark.parametrize("case", range(len(LOSSES)))
def test_it_never_reveals_its_own_third_cursed_relic(case: int) -> None:  # R7.1.1
    state, losing, safe = LOSSES[case]
    assert choice(GreedyBot(seed=case), state) in safe


def test_the_cases_exist() -> None:
    assert len(WINS) == 3 and len(LOSSES) == 3


def state_with_gold_hand(hand: tuple[str, ...], phase: str = "call", drawn: tuple[str, ...] = ()) -> State:
    relics = ("s3", "s4", "s5", "s3", "c6", "s4", "c6", "s5", "c6")
    s = build(phase=phase, to_move=0, guide=0, temples=(temple(relics, known=(FULL, 0, 0)), temple(relics)),
              hands=(hand, ("02a", "03a", "04a")))
    return s._replace(drawn=drawn, deck=tuple(c for c in s.deck if c not in drawn))


def test_it_calls_the_cards_worth_most_fate_for_their_cost() -> None:  # R4.1, R1.3
    # 05d: 2 violet = 4.0 fate points, 05b: 1 violet = 2.0, 01d: 3 brown = 3.75, 09c: 2 teal = 1.5;
    # less 1.5 a card: both violets 3.0, 05d alone 2.5, 01d 2.25, 09c 0.
    assert choice(GreedyBot(), state_with_gold_hand(("01d", "05b", "05d", "09c"))) == "call 05b 05d"


def test_it_gives_the_card_worth_least_to_the_opponent() -> None:  # R4.4
    state = state_with_gold_hand(("01a",), phase="give", drawn=("01d", "09c", "05b"))
    assert choice(GreedyBot(), state) == "give 09c"  # 2 teal: 1.5 fate points, the least of the three


def test_it_beats_random_play() -> None:
    games, wins = 16, 0
    for g in range(games):
        seat = g % 2
        bots = [RandomBot(seed=100 + g), RandomBot(seed=100 + g)]
        bots[seat] = GreedyBot(seed=g)  # type: ignore[call-overload]
        wins += play_match(Match(seed=g), bots).winner == seat
    assert wins >= 11, f"GreedyBot won only {wins} of {games} games against RandomBot"


def test_it_is_reproducible_from_its_seed() -> None:
    state = next(s for s, _, _ in LOSSES)
    a = [choice(GreedyBot(seed=3), state) for _ in range(2)]
    assert a[0] == a[1] == choice(GreedyBot(seed=3), state)


# -- the evaluation it scores with -------------------------------------------------------------------
def test_the_evaluation_is_zero_sum_and_a_finished_game_is_worth_win() -> None:
    for state in list(random_states(range(3)))[::5]:
        assert evaluate(state, 0) == pytest.approx(-evaluate(state, 1))
        if state.outcome is not None:
            assert evaluate(state, state.outcome.winner) == WIN


@pytest.mark.parametrize(("tiles", "spaces"), [
    ({}, {6, 7, 8}),  # R2.3: only the spaces beside the entrances
    ({7: ("R01", 0)}, {4, 6, 8}),  # a cross on 7 is reached and opens north into 4
    ({7: ("R13", 0)}, {6, 8}),  # a corner N E on 7 has no south opening: not reached, it opens nothing
    ({7: ("R17", 0), 4: ("R02", 0)}, {1, 3, 5, 6, 8}),  # a straight on 7 leads to a cross on 4
])
def test_open_spaces_are_the_empty_ones_the_next_tile_could_be_reached_on(tiles: dict, spaces: set[int]) -> None:
    relics = ("s3", "s4", "s5", "s3", "c6", "s4", "c6", "s5", "c6")
    state = build(phase="call", to_move=0, guide=0, temples=(temple(relics, tiles), temple(relics)),
                  hands=(("01a",), ("02a",)))
    assert open_spaces(state, 0) == sum(1 << i for i in spaces)


@pytest.mark.parametrize(("tiles", "far"), [
    ({}, 4 + 5),  # the empty spaces 3 and 5, beside the open row 2: W1 (s4) and E1 (s5)
    ({7: ("R01", 0)}, 6 + 4 + 5),  # a cross on 7 opens 4: N1 (c6) on 1, W1 on 3, E1 on 5 are two steps away
    ({7: ("R13", 0)}, 4 + 5),  # a corner on 7 is not reached: the same as an empty temple
])
def test_with_paths_the_relics_two_placements_away_count_too(tiles: dict, far: int) -> None:  # R2.3
    relics = ("s3", "s4", "s5", "s3", "c6", "s4", "c6", "s5", "c6")
    state = build(phase="call", to_move=0, guide=0, temples=(temple(relics, tiles), temple(relics)),
                  hands=(("01a",), ("02a",)))
    # silver's temple is empty: its relics two placements away are W1 and E1
    assert evaluate(state, 0, paths=True) - evaluate(state, 0) == pytest.approx(FAR_SLOT * (far - 9))
    assert evaluate(state, 0, paths=True) == pytest.approx(-evaluate(state, 1, paths=True))
