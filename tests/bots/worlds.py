"""Game positions for the bot tests: states of seeded random games, and small built situations."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import Any

from naga_widget.rules import STANDARD, Chance, Phase, State, new_game
from naga_widget.rules.temple import Temple, place_tile, reached_slots

RS = STANDARD
ALL_CARDS = tuple(c.id for c in RS.cards)
ALL_ROOMS = tuple(r.id for r in RS.rooms)
ALL_AMULETS = tuple(a.id for a in RS.amulets)
FULL = 0b111111111


def random_states(seeds: range, *, decisions_only: bool = False) -> Iterator[State]:
    """Every state of seeded random games, the final one included (unless ``decisions_only``)."""
    for seed in seeds:
        rng = random.Random(seed)
        chance = Chance(random.Random(10_000 + seed), record=False)
        state, _ = new_game(chance=chance)
        while True:
            if not decisions_only or (not state.is_over and len(state.legal_actions()) > 1):
                yield state
            if state.is_over:
                break
            state = state.apply(state.legal_actions().sample(rng), chance)


def game_at(seed: int, fraction: float) -> State:
    """The state a ``fraction`` of the way through seeded random game ``seed``."""
    states = list(random_states(range(seed, seed + 1)))
    return states[min(len(states) - 1, int(fraction * len(states)))]


def temple(relics: tuple[str, ...], tiles: Mapping[int, tuple[str, int]] = {},  # noqa: B006 (read only)
           known: tuple[int, int, int] = (0, 0, 0)) -> Temple:
    """A temple with these relics and room tiles; faces follow paths (R2.4); face-up relics are known."""
    t = Temple.empty(relics)
    for space, (room, rot) in tiles.items():
        t = t.put(space, place_tile(room, rot, RS.room(room).openings))
    up = reached_slots(t.openings())
    return t._replace(up=up, known=(known[0] | up, known[1] | up, known[2] | up))


def build(*, phase: str, to_move: int, guide: int, temples: tuple[Temple, Temple],
          hands: tuple[tuple[str, ...], tuple[str, ...]], calls: Any = (None, None),
          shown: tuple[frozenset[str], frozenset[str]] = (frozenset(), frozenset()),
          deck: tuple[str, ...] | None = None, amulets: tuple[tuple[str, ...], tuple[str, ...]] = ((), ()),
          offered: tuple[str, str | None] = ("R05", None), sticks: Any = ((), ())) -> State:
    """A consistent state: cards not in hands, calls or the deck are discarded; rooms and amulets
    not on the board, offered or held are in their piles."""
    base, _ = new_game(chance=Chance(random.Random(0)))
    held_cards = set(hands[0]) | set(hands[1]) | set(calls[0] or ()) | set(calls[1] or ())
    if deck is None:
        deck = tuple(c for c in ALL_CARDS if c not in held_cards)
    discard = tuple(c for c in ALL_CARDS if c not in held_cards and c not in deck)
    placed = {t.room for tp in temples for t in tp.tiles if t is not None} | {offered[0]}
    taken = set(amulets[0]) | set(amulets[1]) | ({offered[1]} if offered[1] else set())
    used = [s.split(":")[0] for side in sticks for s in side]
    return base._replace(
        phase=Phase(phase), to_move=to_move, round=5, guide=guide, temples=temples,
        hands=(tuple(sorted(hands[0])), tuple(sorted(hands[1]))), shown=shown,
        calls=tuple(None if c is None else tuple(sorted(c)) for c in calls),
        sticks=(tuple(sorted(sticks[0])), tuple(sorted(sticks[1]))),
        supply=tuple(t.supply - used.count(t.name) for t in RS.stick_types),
        amulets=(tuple(sorted(amulets[0])), tuple(sorted(amulets[1]))), spent=((), ()),
        deck=tuple(sorted(deck)), discard=discard, rooms=tuple(r for r in ALL_ROOMS if r not in placed),
        amulet_pile=tuple(a for a in ALL_AMULETS if a not in taken), offered=offered, trap=None,
        passes=0, drawn=(), outcome=None)


def knowing_own_relics(state: State) -> State:
    """``state`` with the player to move knowing every relic of their own temple (as after Third Eyes)."""
    p = state.to_move
    temples = list(state.temples)
    known = list(temples[p].known)
    known[p] = FULL
    temples[p] = temples[p]._replace(known=tuple(known))
    return state._replace(temples=tuple(temples))


def placements_ending_the_game(seeds: range, reason: str, limit: int = 3) -> list[tuple[State, set[str], set[str]]]:
    """Placement decisions where some placements end the game at once for ``reason`` and others do not:
    (state, the placements that end it, the others); the placer knows every relic of their temple."""
    found = []
    for state in random_states(seeds, decisions_only=True):
        if state.phase != "place":
            continue
        state = knowing_own_relics(state)
        ending, other = set(), set()
        for action in state.legal_actions():
            after = state.apply(action, Chance(random.Random(0)))
            (ending if after.outcome is not None and after.outcome.reason == reason else other).add(str(action))
        if ending and other:
            found.append((state, ending, other))
            if len(found) == limit:
                break
    return found
