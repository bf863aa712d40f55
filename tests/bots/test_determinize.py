"""determinize: every sampled world observes exactly as given, and worlds come with the documented odds."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations, permutations
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from worlds import ALL_AMULETS, FULL, RS, build, game_at, random_states, temple

from naga_widget.bots import Determinizer, InconsistentObservation, determinize
from naga_widget.rules import State, playout

VIEWERS = (0, 1, "spectator")


def chisquare(*args: Any, **kwargs: Any) -> Any:
    """scipy's chi-square test; scipy has no pure wheel, so under Pyodide these tests are skipped."""
    return pytest.importorskip("scipy.stats").chisquare(*args, **kwargs)


@settings(max_examples=120, deadline=None)
@given(seed=st.integers(0, 5_000), fraction=st.floats(0, 1), viewer=st.sampled_from(VIEWERS),
       rng_seed=st.integers(0, 2**32))
def test_every_sampled_world_observes_as_given(seed: int, fraction: float, viewer: Any, rng_seed: int) -> None:
    state = game_at(seed, fraction)
    observation = state.observe(viewer)
    det = Determinizer(observation)
    rng = random.Random(rng_seed)
    for _ in range(4):
        world = det.sample(rng)
        assert world.observe(viewer) == observation
        if viewer == state.to_move:  # the viewer has the same choices in every world
            assert list(world.legal_actions()) == list(state.legal_actions())
        if not world.is_over:  # and the world is a game that can go on to its end
            assert playout(world, random.Random(rng_seed)).is_over


def test_every_step_of_ten_games_for_every_viewer() -> None:
    """The same check at every step of whole games (hidden calls, hidden New Deal draws, game over…)."""
    rng = random.Random(7)
    seen: Counter[str] = Counter()
    for state in random_states(range(10)):
        for viewer in VIEWERS:
            observation = state.observe(viewer)
            assert determinize(observation, rng).observe(viewer) == observation
        seen["hidden call"] += state.phase == "call" and state.calls[state.guide] is not None
        seen["hidden draw"] += state.phase == "give"
        seen["over"] += state.is_over
    assert min(seen.values()) >= 10, seen


def test_a_truth_observation_gives_the_state_back() -> None:
    states = list(random_states(range(8)))
    assert all(determinize(s.observe("truth"), random.Random(k)) == s for k, s in enumerate(states))


def test_worlds_differ_where_the_viewer_cannot_see_and_agree_where_it_can() -> None:
    state = game_at(3, 0.4)
    det = Determinizer(state.observe(0))
    worlds = [det.sample(random.Random(k)) for k in range(40)]
    assert len({w.hands[1] for w in worlds}) > 1 and len({w.deck for w in worlds}) > 1
    assert len({w.temples[1].relics for w in worlds}) > 1
    assert {w.hands[0] for w in worlds} == {state.hands[0]}
    assert {w.temples[0].known[0] for w in worlds} == {state.temples[0].known[0]}


def test_the_same_random_numbers_give_the_same_world() -> None:
    observation = game_at(5, 0.5).observe(1)
    assert determinize(observation, random.Random(9)) == determinize(observation, random.Random(9))


@pytest.mark.parametrize(("field", "change"), [
    ("deck_count", lambda o: o["deck_count"] + 1),
    ("rooms_left", lambda o: o["rooms_left"] - 1),
    ("amulets_left", lambda o: o["amulets_left"] + 1),
])
def test_an_impossible_observation_is_refused(field: str, change: Any) -> None:
    observation = game_at(2, 0.3).observe(0)
    observation[field] = change(observation)
    with pytest.raises(InconsistentObservation):
        Determinizer(observation)


def test_a_bad_viewer_or_ruleset_is_refused() -> None:
    observation = game_at(2, 0.3).observe(0)
    with pytest.raises(ValueError, match="viewer"):
        Determinizer({**observation, "viewer": 2})
    with pytest.raises(ValueError, match="ruleset"):
        Determinizer({**observation, "ruleset": "nope"})


# -- the odds, against an exact enumeration ---------------------------------------------------------
# Silver (player 1) is the guide and has called two cards face down; gold (player 0) must call.
# Silver holds two more cards, one of them 04a, which gold gave in the New Deal (known, R6), and has
# collected two amulets. Silver's four face-up relics are worth 22 points, so its two amulets are
# worth at most 2 (R7.1.2: 25 would have ended the game). Gold knows every relic but silver's five
# face-down ones.
HIDDEN_DECK = ("06d", "08a", "09c", "11c", "12d")
SILVER_HAND, SILVER_CALL, GIVEN = ("04a", "10c"), ("06b", "07b"), "04a"
SILVER_RELICS = ("s5", "s5", "s3", "s3", "s4", "s4", "c6", "c6", "c6")  # W2 W1 up, E1 E2 up


def small_case() -> State:
    crosses = {6: ("R01", 0), 3: ("R02", 0), 8: ("R03", 0), 5: ("R04", 0)}  # reach W2 W1 E2 E1
    relics = list(SILVER_RELICS)
    relics[7], relics[8], relics[6], relics[2] = "c6", "c6", "s3", "c6"  # E1 E2 cursed, E0 s3, W0 c6
    silver = temple(tuple(relics), crosses)
    gold = temple(("s3", "s4", "s5", "s3", "c6", "s4", "c6", "s5", "c6"), known=(FULL, 0, 0))
    state = build(phase="call", to_move=0, guide=1, temples=(gold, silver),
                  hands=(("01a", "02b", "03c", "05d", "09a"), SILVER_HAND), calls=(None, SILVER_CALL),
                  shown=(frozenset(), frozenset({GIVEN})), deck=HIDDEN_DECK, amulets=((), ("A08", "A09")))
    assert state.relic_points(1) == 22 and state.cursed_up(1) == 2
    return state


def exact_card_worlds() -> list[tuple[tuple[str, ...], tuple[str, ...]]]:
    """Every (silver hand, silver call) consistent with gold's view, by brute force.

    By hand: gold has not seen 04a (brown, given) and 06b 06d 07b (violet), 08a (brown), 09c 10c
    11c 12d (teal). A brown call is 04a 08a, with any 2 of the other 7 in hand: 21 worlds; a
    violet call is one of 3 pairs, the hand 04a and one of 6 others: 18; a teal call one of 6
    pairs, times 6: 36. In all 75.
    """
    cards = sorted(HIDDEN_DECK + SILVER_HAND + SILVER_CALL)
    worlds = []
    for call in combinations(cards, 2):
        if len({RS.card(c).stick for c in call}) != 1:
            continue
        rest = [c for c in cards if c not in call]
        for hand in combinations(rest, 2):
            if GIVEN in hand or GIVEN in call:
                worlds.append((hand, call))
    return worlds


def exact_relic_worlds() -> list[tuple[str, ...]]:
    """Every arrangement of silver's unseen relics over its five face-down slots."""
    return sorted(set(permutations(("s3", "s3", "s4", "s4", "c6"))))


def exact_amulet_worlds() -> list[tuple[str, ...]]:
    """Every pair of amulets silver may hold: worth at most 2 points (R7.1.2)."""
    return [pair for pair in combinations(ALL_AMULETS, 2) if RS.amulet_points(pair) < 3]


def card_world(w: State) -> tuple[tuple[str, ...], tuple[str, ...]]:
    return w.hands[1], w.calls[1]  # type: ignore[return-value]


def relic_world(w: State) -> tuple[str, ...]:
    return tuple(r for i, r in enumerate(w.temples[1].relics) if not w.temples[1].up >> i & 1)


def amulet_world(w: State) -> tuple[str, ...]:
    return w.amulets[1]


def p_value(samples: list[Any], worlds: list[Any]) -> float:
    """Chi-square test of the samples against the uniform law over ``worlds``."""
    counts = Counter(samples)
    assert set(counts) <= set(worlds), f"impossible worlds sampled: {set(counts) - set(worlds)}"
    observed = [counts[w] for w in worlds]
    return float(chisquare(observed, [len(samples) / len(worlds)] * len(worlds)).pvalue)


SAMPLES = 12_000


@pytest.fixture(scope="module")
def sampled() -> list[State]:
    state = small_case()
    det = Determinizer(state.observe(0))
    rng = random.Random(2024)
    return [det.sample(rng) for _ in range(SAMPLES)]


@pytest.mark.parametrize(("key", "exact", "size"), [
    (card_world, exact_card_worlds, 75), (relic_world, exact_relic_worlds, 30),
    (amulet_world, exact_amulet_worlds, 51)])
def test_worlds_are_uniform_over_the_consistent_ones(sampled: list[State], key: Any, exact: Any, size: int) -> None:
    worlds = exact()
    assert len(worlds) == size  # the enumeration itself, counted by hand in the comments above
    assert p_value([key(w) for w in sampled], worlds) > 0.001


def test_the_chi_square_check_catches_a_plausible_wrong_sampler() -> None:
    """Choosing the hidden call's stick type uniformly, then the cards, is not uniform over worlds."""
    worlds = exact_card_worlds()
    by_type: dict[str, list[Any]] = {}
    for w in worlds:
        by_type.setdefault(RS.card(w[1][0]).stick, []).append(w)
    rng = random.Random(2024)
    types = sorted(by_type)
    naive = [rng.choice(by_type[rng.choice(types)]) for _ in range(SAMPLES)]
    assert p_value(naive, worlds) < 1e-6
