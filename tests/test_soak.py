"""Soak test: thousands of seeded random games, all ending legally (R7) within 17 rounds (R8).

- 4,000 games with the fast ``playout``; the final state of each is checked.
- 400 of those seeds again through the checked ``transition`` loop, with every step's events
  and components checked; each must end in exactly the state ``playout`` reached.
- 200 games choosing uniformly among *all* listed actions (mostly invokes), so that every
  naga effect E01-E12 gets played many times.
"""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest

from naga_widget.rules import Chance, Place, State, new_game
from naga_widget.rules.flow import playout

GAMES = 4000
CHECKED = 400
UNIFORM = 200
REASONS = ("three_cursed", "target_score", "full_temple")
#: For each way a game ends: the rule its game_over event cites, and the rule its outcome records.
END_RULES = {"three_cursed": ("R7.1.1", "R7.1"), "target_score": ("R7.1.2", "R7.1"), "full_temple": ("R7.2", "R7.2")}
CARDS = sorted(f"{n:02d}{c}" for n in range(1, 13) for c in "abcd")
ROOMS = sorted(f"R{n:02d}" for n in range(1, 18))
AMULETS = sorted(f"A{n:02d}" for n in range(1, 13))
RELICS = sorted(["s3", "s3", "s4", "s4", "s5", "s5", "c6", "c6", "c6"])


def check_components(s: State) -> None:
    """R1: 48 cards, 36 sticks, 17 rooms + trap, 12 amulets, 9 relics per temple, each once."""
    cards = [*s.hands[0], *s.hands[1], *(s.calls[0] or ()), *(s.calls[1] or ()), *s.deck, *s.discard, *s.drawn]
    assert sorted(cards) == CARDS
    held = Counter(t.split(":")[0] for p in (0, 1) for t in s.sticks[p])
    assert [s.supply[k] + held[name] for k, name in enumerate(("brown", "violet", "teal"))] == [12, 12, 12]
    tiles = [tile.room for t in s.temples for tile in t.tiles if tile is not None]
    rooms = [r for r in tiles if r != "TRAP"] + list(s.rooms) + ([s.offered[0]] if s.offered else [])
    assert sorted(rooms) == ROOMS and tiles.count("TRAP") == (s.trap is not None)
    amulets = [*s.amulet_pile, *s.amulets[0], *s.amulets[1], *s.spent[0], *s.spent[1]]
    amulets += [a for t in s.temples for a in t.amulets if a is not None]
    amulets += [s.offered[1]] if s.offered and s.offered[1] else []
    assert sorted(amulets) == AMULETS
    for t in s.temples:
        assert sorted(t.relics) == RELICS
        reached = t.reached()
        assert not any(a is not None and reached >> i & 1 for i, a in enumerate(t.amulets)), "R2.4 amulet"


def check_end(s: State, placer: int | None = None) -> None:
    """R7: a legal end, its reason agreeing with the final position, within 17 rounds."""
    out = s.outcome
    assert out is not None and s.phase == "over" and s.current_player is None
    assert out.reason in REASONS and out.winner in (0, 1)
    assert 1 <= s.round <= 17, f"{s.round} rounds"
    assert out.scores == (s.score(0), s.score(1)), "the reported scores include the amulets"
    w, lose = out.winner, 1 - out.winner
    if out.reason == "three_cursed":
        assert s.cursed_up(lose) == 3, "the loser shows three cursed relics"
        assert s.cursed_up(w) < 3 and s.score(w) < 25
    elif out.reason == "target_score":
        assert s.score(w) >= 25 and out.scores[w] >= 25 and s.cursed_up(w) < 3
        assert s.score(lose) < 25 and s.cursed_up(lose) < 3, "the game should have ended earlier"
    else:
        full = [p for p in (0, 1) if s.temples[p].is_full()]
        assert len(full) == 1, "exactly one temple is full"
        last = full[0]  # rooms are placed in one's own temple: its owner placed the last tile
        if placer is not None:
            assert placer == last
        higher = s.score(last) >= s.score(1 - last)  # a tie goes to the player who placed last
        assert w == (last if higher else 1 - last)
        assert max(s.score(0), s.score(1)) < 25 and max(s.cursed_up(0), s.cursed_up(1)) < 3
    assert len(s.legal_actions()) == 0 and not s.legal_actions()


def play_fast(seed: int) -> State:
    rng = random.Random(seed)
    state, _ = new_game(chance=Chance(rng, record=False))
    return playout(state, rng)


@pytest.fixture(scope="module")
def finals() -> dict[int, State]:
    return {seed: play_fast(seed) for seed in range(GAMES)}


def test_thousands_of_playouts_end_legally(finals: dict[int, State]) -> None:
    reasons: Counter[str] = Counter()
    winners: Counter[int] = Counter()
    for seed, final in finals.items():
        try:
            check_end(final)
            check_components(final)
        except AssertionError as exc:
            raise AssertionError(f"game with seed {seed}: {exc}") from exc
        reasons[final.outcome.reason] += 1
        winners[final.outcome.winner] += 1
    assert len(finals) == GAMES
    assert set(reasons) == set(REASONS), f"every way of ending occurs: {reasons}"
    assert min(winners.values()) > GAMES // 4, f"both players win often: {winners}"
    assert any(final.round == 17 for final in finals.values())


def _checked_game(seed: int, uniform: bool) -> tuple[State, Counter[str]]:
    """A game through ``transition`` with every step checked; returns it and the effects invoked."""
    rng = random.Random(seed)
    state, _ = new_game(chance=Chance(rng, record=False))
    effects: Counter[str] = Counter()
    placer = None
    steps = 0
    while not state.is_over:
        legal = state.legal_actions()
        action = rng.choice(list(legal)) if uniform else legal.sample(rng)
        new, events = state.transition(action, Chance(rng, record=False))
        assert events, f"{action} caused no event"
        for e in events:
            assert re.fullmatch(r"R\d(\.\d)*|E(0[1-9]|1[0-2])", e.rule), f"event without a rule id: {e}"
            if e.kind == "invoke":
                effects[e.rule] += 1
        if isinstance(action, Place):
            placer = state.to_move
            assert any(e.kind == "place" and e.rule == "R4.3.2" for e in events)
        ends = [e for e in events if e.kind == "game_over"]
        assert len(ends) == (1 if new.is_over else 0)
        if ends:
            assert (ends[0].rule, new.outcome.rule) == END_RULES[new.outcome.reason.value]
            assert ends[0].data["winner"] == new.outcome.winner
        kinds = [e.kind for e in events]
        if "confrontation_end" in kinds:  # R4.2.3, then the room is won (R4.3.1)
            assert kinds[kinds.index("confrontation_end") + 1] == "room_won"
        check_components(new)
        state = new
        steps += 1
        assert steps < 3000, "the game does not end"
    check_end(state, placer)
    return state, effects


def test_checked_games_end_legally_and_agree_with_playout(finals: dict[int, State]) -> None:
    reasons: Counter[str] = Counter()
    for seed in range(CHECKED):
        final, _ = _checked_game(seed, uniform=False)
        assert final == finals[seed], f"seed {seed}: the checked loop and playout disagree"
        reasons[final.outcome.reason] += 1
    assert set(reasons) == set(REASONS), reasons


def test_games_full_of_invokes_end_legally() -> None:
    effects: Counter[str] = Counter()
    reasons: Counter[str] = Counter()
    for seed in range(UNIFORM):
        final, used = _checked_game(10_000 + seed, uniform=True)
        effects += used
        reasons[final.outcome.reason] += 1
    assert set(effects) == {f"E{n:02d}" for n in range(1, 13)}, f"effects played: {effects}"
    assert min(effects.values()) >= 10, effects
    assert set(reasons) <= set(REASONS)
