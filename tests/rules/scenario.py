"""Builders for rule tests: exact, consistent game situations and checks on them.

Tests build a situation with :func:`situation` (a ``State`` made by ``_replace`` on a
real new game, with the deck, supply, room pile and amulet pile derived so that every
component is accounted for), then act through the public API (``apply`` /
``transition``) and look at the result.

Relic slots are in the canonical order of R2.2: W2 W1 W0 N0 N1 N2 E0 E1 E2.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from naga_widget.rules import STANDARD, Chance, IllegalActionError, Phase, State, new_game
from naga_widget.rules.ruleset import TRAP
from naga_widget.rules.temple import SLOT_NAMES, Temple, place_tile, reached_slots, reached_spaces

RS = STANDARD
ALL_CARDS = tuple(c.id for c in RS.cards)
ALL_ROOMS = tuple(r.id for r in RS.rooms)
ALL_AMULETS = tuple(a.id for a in RS.amulets)
STICK_TYPES = ("brown", "violet", "teal")
SLOT = {name: i for i, name in enumerate(SLOT_NAMES)}
FULL = 0b111111111

#: A default layout of relics (canonical slot order): no cursed relic on W2/W1/W0/N0.
RELICS = ("s3", "s4", "s5", "s3", "c6", "s4", "c6", "s5", "c6")

#: Openings, as printed (N E S W order), of each shape at each rotation (R1.1: N→E→S→W→N).
OPENINGS = {
    "cross": ("NESW", "NESW", "NESW", "NESW"),
    "T": ("NES", "ESW", "NSW", "NEW"),
    "corner": ("NE", "ES", "SW", "NW"),
    "straight": ("NS", "EW", "NS", "EW"),
}
#: One room of each shape.
SHAPE_ROOM = {"cross": "R03", "T": "R08", "corner": "R15", "straight": "R17"}

_BASE: State | None = None


def base_state() -> State:
    """A real first state, used as the template that ``situation`` rewrites."""
    global _BASE
    if _BASE is None:
        _BASE, _ = new_game(chance=Chance(random.Random(0)))
    return _BASE


def tile(spec: Any):
    """``("R05", 1)`` → the room tile turned once; ``"TRAP"`` → the trap."""
    if spec == TRAP:
        return place_tile(TRAP, 0, 0)
    room, rot = spec
    return place_tile(room, rot, RS.room(room).openings)


def temple(
    relics: Iterable[str] = RELICS,
    tiles: Mapping[int, Any] | None = None,
    amulets: Mapping[int, str] | None = None,
    known: tuple[int, int, int] = (0, 0, 0),
) -> Temple:
    """A temple in a state that respects R2.4: faces follow paths, no amulet on a reached tile.

    Relics face up now are known to everyone; ``known`` adds memories (bit i = slot i).
    """
    relics = tuple(relics)
    assert sorted(relics) == sorted(r.token for r in RS.relics)
    t = Temple.empty(relics)
    amulets = dict(amulets or {})
    for space, spec in (tiles or {}).items():
        t = t.put(space, tile(spec), amulets.pop(space, None))
    assert not amulets, f"amulets on empty spaces: {amulets}"
    openings = t.openings()
    up = reached_slots(openings)
    reached = reached_spaces(openings)
    for s, a in enumerate(t.amulets):
        assert a is None or not reached >> s & 1, "an amulet cannot lie on a reached tile (R2.4)"
    return t._replace(up=up, known=tuple(k | up for k in known))


def mask(*slots: str) -> int:
    m = 0
    for name in slots:
        m |= 1 << SLOT[name]
    return m


def situation(
    *,
    phase: str = "confront",
    to_move: int = 0,
    guide: int = 0,
    round: int = 3,
    temples: tuple[Temple, Temple] | None = None,
    hands: tuple[Iterable[str], Iterable[str]] = ((), ()),
    calls: tuple[Iterable[str] | None, Iterable[str] | None] | None = None,
    sticks: tuple[Iterable[str], Iterable[str]] = ((), ()),
    amulets: tuple[Iterable[str], Iterable[str]] = ((), ()),
    spent: tuple[Iterable[str], Iterable[str]] = ((), ()),
    shown: tuple[Iterable[str], Iterable[str]] = ((), ()),
    deck: Iterable[str] | None = None,
    discard: Iterable[str] = (),
    drawn: Iterable[str] = (),
    offered: tuple[str, str | None] | None = ("R04", None),
    passes: int = 0,
    rooms: Iterable[str] | None = None,
) -> State:
    """A consistent ``State``: what is not given is derived (deck, supply, piles, trap)."""
    if temples is None:
        temples = (temple(), temple())
    hands = (tuple(sorted(hands[0])), tuple(sorted(hands[1])))
    if calls is None:
        calls = ((), ()) if phase in ("confront", "place") else (None, None)
    calls = tuple(None if c is None else tuple(sorted(c)) for c in calls)
    sticks = (tuple(sorted(sticks[0])), tuple(sorted(sticks[1])))
    discard = tuple(discard)
    drawn = tuple(drawn)
    placed = [c for part in (hands[0], hands[1], calls[0] or (), calls[1] or (), discard, drawn) for c in part]
    if deck is None:
        deck = tuple(sorted(set(ALL_CARDS) - set(placed)))
    deck = tuple(sorted(deck))
    held = Counter(s.split(":")[0] for side in sticks for s in side)
    supply = tuple(RS.stick_type(k).supply - held[k] for k in STICK_TYPES)
    on_tiles = [t.room for tp in temples for t in tp.tiles if t is not None]
    traps = [(i, s) for i, tp in enumerate(temples) for s, t in enumerate(tp.tiles) if t is not None and t.room == TRAP]
    assert len(traps) <= 1
    if rooms is None:
        used = set(on_tiles) | ({offered[0]} if offered else set())
        rooms = tuple(sorted(set(ALL_ROOMS) - used))
    amulet_pile = set(ALL_AMULETS)
    amulet_pile -= {a for tp in temples for a in tp.amulets if a is not None}
    amulet_pile -= set(amulets[0]) | set(amulets[1]) | set(spent[0]) | set(spent[1])
    if offered and offered[1]:
        amulet_pile -= {offered[1]}
    state = base_state()._replace(
        phase=Phase(phase), to_move=to_move, round=round, guide=guide, temples=tuple(temples), hands=hands,
        shown=(frozenset(shown[0]), frozenset(shown[1])), calls=calls, sticks=sticks, supply=supply,
        amulets=(tuple(sorted(amulets[0])), tuple(sorted(amulets[1]))),
        spent=(tuple(spent[0]), tuple(spent[1])), deck=deck, discard=discard, rooms=tuple(sorted(rooms)),
        amulet_pile=tuple(sorted(amulet_pile)), offered=offered, trap=traps[0] if traps else None,
        passes=passes, drawn=drawn, outcome=None,
    )
    assert_consistent(state)
    return state


def assert_consistent(s: State) -> None:
    """Every component is somewhere, once; R2.4 holds in both temples."""
    cards = list(s.hands[0]) + list(s.hands[1]) + list(s.calls[0] or ()) + list(s.calls[1] or ())
    cards += list(s.deck) + list(s.discard) + list(s.drawn)
    assert sorted(cards) == sorted(ALL_CARDS), "48 cards across hands, calls, deck, discard and drawn"
    held = Counter(x.split(":")[0] for side in s.sticks for x in side)
    for k, name in enumerate(STICK_TYPES):
        assert s.supply[k] + held[name] == 12, f"12 {name} sticks across supply and players"
        assert s.supply[k] >= 0
    rooms = list(s.rooms) + ([s.offered[0]] if s.offered else [])
    rooms += [t.room for tp in s.temples for t in tp.tiles if t is not None and t.room != TRAP]
    assert sorted(rooms) == sorted(ALL_ROOMS), "17 rooms across pile, offer and temples"
    am = list(s.amulet_pile) + ([s.offered[1]] if s.offered and s.offered[1] else [])
    am += [a for tp in s.temples for a in tp.amulets if a is not None]
    am += list(s.amulets[0]) + list(s.amulets[1]) + list(s.spent[0]) + list(s.spent[1])
    assert sorted(am) == sorted(ALL_AMULETS), "12 amulets across pile, offer, tiles, players and spent"
    traps = [(i, x) for i, tp in enumerate(s.temples) for x, t in enumerate(tp.tiles)
             if t is not None and t.room == TRAP]
    assert len(traps) <= 1
    assert s.trap == (traps[0] if traps else None)
    for tp in s.temples:
        openings = tp.openings()
        assert tp.up == reached_slots(openings), "R2.4: a relic is face up iff its slot is reached"
        reached = reached_spaces(openings)
        for x, a in enumerate(tp.amulets):
            assert a is None or (tp.tiles[x] is not None and not reached >> x & 1)
        for k in tp.known:
            assert k & tp.up == tp.up, "a face-up relic is known to all"


def forced(**kinds: Any) -> Chance:
    """A Chance that only answers what is scripted (anything else fails loudly)."""
    return Chance(forced=kinds)


def act(state: State, action: Any, chance: Chance | None = None) -> tuple[State, list]:
    """Apply ``action`` (checked by the engine), check consistency, return (state, events)."""
    new, events = state.transition(action, chance)
    assert_consistent(new)
    return new, events


def rejected(state: State, action: Any, chance: Chance | None = None) -> IllegalActionError:
    """Assert that ``action`` is illegal here and that ``state`` is left as it was."""
    before = state.digest()
    try:
        state.apply(action, chance)
    except IllegalActionError as exc:
        assert state.digest() == before
        assert not state.is_legal(action)
        return exc
    raise AssertionError(f"{action!r} was accepted")


def events_of(events: list, kind: str) -> list:
    return [e for e in events if e.kind == kind]


def invokes(state: State, card: str, pay: str | None = None) -> set[tuple[str, ...]]:
    """The targets of every legal invoke of ``card`` (with payment ``pay`` if given)."""
    return {a.target for a in state.legal_actions()
            if a.kind == "invoke" and a.card == card and (pay is None or a.pay == pay)}


def dumps(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True, default=str)


def relic_view(state: State, viewer: Any, temple_index: int, slot: str) -> dict:
    view = state.observe(viewer)
    return view["temples"][temple_index]["relics"][SLOT[slot]]


def random_states(seeds: Iterable[int], limit: int | None = None):
    """Yield the states of random games (seeded), each one consistent by construction."""
    for seed in seeds:
        rng = random.Random(seed)
        chance = Chance(random.Random(1000 + seed))
        state, _ = new_game(chance=chance)
        n = 0
        while True:
            yield state
            n += 1
            if state.is_over or (limit is not None and n >= limit):
                break
            state = state.apply(state.legal_actions().sample(rng), chance)
