"""A position set up by hand (for a lesson or a puzzle): whether it is one a game can be in, and its
JSON form, in which a saved match that starts from it records it.

:func:`check_position` refuses a state whose parts do not add up: every card, room, amulet and
stick somewhere exactly once, each temple's relics a full set, relic faces that follow the paths
(R2.4), amulets only on unreached tiles, and a player to decide. It does not ask whether the
position can be *reached* by play: a puzzle may set up any position that the rules can go on from.

>>> import random
>>> from naga_widget.rules import Chance, new_game
>>> state = new_game(chance=Chance(random.Random(1)))[0]
>>> position_from_json(position_to_json(state), state.ruleset) == state
True
>>> check_position(state._replace(guide=2))
Traceback (most recent call last):
...
naga_widget.rules.start.PositionError: the guide must be player 0 or 1, not 2
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from .errors import is_int, quote
from .ruleset import TRAP, Ruleset, rotate
from .state import State
from .steps import Phase
from .temple import Temple, Tile, place_tile, reached_slots, reached_spaces

PLAYERS = (0, 1)


class PositionError(ValueError):
    """A position that no game can be in, or a JSON form of one that cannot be read; the text says why."""


# -- the check ------------------------------------------------------------------------------------------
def check_position(state: State) -> None:
    """Raise :class:`PositionError` naming the first thing wrong with ``state`` as a start position."""
    rs = state.ruleset
    if state.outcome is not None or state.phase == Phase.OVER:
        raise PositionError("the game is over in this position: a match starts where a player decides")
    _check_numbers(state)
    _check_sorted(state)
    _check_components(state, rs)
    for t, temple in enumerate(state.temples):
        _check_temple(temple, rs, f"the {('gold', 'silver')[t]} temple")
    _check_phase(state)
    if not state.legal_actions():
        raise PositionError("no player has a decision in this position")


def _check_numbers(s: State) -> None:
    if s.phase not in (Phase.CALL, Phase.CONFRONT, Phase.PLACE, Phase.GIVE):
        raise PositionError(f"the phase must be call, confront, place or give, not {quote(s.phase)}")
    for what, value in (("the player to move", s.to_move), ("the guide", s.guide)):
        if not (is_int(value) and value in PLAYERS):
            raise PositionError(f"{what} must be player 0 or 1, not {quote(value)}")
    if not (is_int(s.round) and s.round >= 1):
        raise PositionError(f"the round must be a whole number from 1, not {quote(s.round)}")
    if not (is_int(s.passes) and 0 <= s.passes <= 2):
        raise PositionError(f"the passes in a row must be 0, 1 or 2, not {quote(s.passes)}")


def _check_sorted(s: State) -> None:
    """The parts the engine keeps sorted (a pile has no order until it is drawn from)."""
    parts = {"hand": s.hands, "sticks held": s.sticks}
    for what, pair in parts.items():
        for p in PLAYERS:
            if list(pair[p]) != sorted(pair[p]):
                raise PositionError(f"player {p}'s {what} must be sorted: {quote(list(pair[p]))}")
    for what, pile in (("the deck", s.deck), ("the room pile", s.rooms), ("the amulet pile", s.amulet_pile)):
        if list(pile) != sorted(pile):
            raise PositionError(f"{what} must be sorted (it has no order until drawn from): {quote(list(pile))}")


def _once(what: str, found: Iterable[str], expected: Iterable[str]) -> None:
    """Each of ``expected`` in ``found`` as many times as it is expected (once, for most)."""
    have, want = Counter(found), Counter(expected)
    extra = sorted(k for k, n in have.items() if n > want.get(k, 0))
    missing = sorted(k for k, n in want.items() if have.get(k, 0) < n)
    for words, ids in (("too many times, or not of the ruleset", extra), ("missing", missing)):
        if ids:
            raise PositionError(f"{what} {words}: {', '.join(map(str, ids[:8]))}")


def _check_components(s: State, rs: Ruleset) -> None:
    cards = [c for p in PLAYERS for c in (*s.hands[p], *(s.calls[p] or ()))]
    _once("cards", [*cards, *s.deck, *s.discard, *s.drawn], (c.id for c in rs.cards))
    tiles = [tile for temple in s.temples for tile in temple.tiles if tile is not None]
    offered = [] if s.offered is None else [s.offered[0]]
    _once("rooms", [*s.rooms, *offered, *(t.room for t in tiles if t.room != TRAP)], (r.id for r in rs.rooms))
    lying = [a for temple in s.temples for a in temple.amulets if a is not None]
    on_offer = [] if s.offered is None or s.offered[1] is None else [s.offered[1]]
    held = [a for p in PLAYERS for a in (*s.amulets[p], *s.spent[p])]
    _once("amulets", [*s.amulet_pile, *on_offer, *lying, *held], (a.id for a in rs.amulets))
    for p in PLAYERS:
        if any(a not in rs.charm_ids for a in s.spent[p]):
            raise PositionError(f"player {p} has spent an amulet that is not a naga charm: {quote(list(s.spent[p]))}")
        if not s.shown[p] <= set(s.hands[p]) | set(s.calls[p] or ()):
            raise PositionError(f"player {p}'s known cards must be in their hand or call: {quote(sorted(s.shown[p]))}")
    traps = [(t, i) for t, temple in enumerate(s.temples) for i, tile in enumerate(temple.tiles)
             if tile is not None and tile.room == TRAP]
    if len(traps) > 1 or s.trap != (traps[0] if traps else None):
        raise PositionError(f"the trap lies at {quote(s.trap)} but the temples hold it at {quote(traps)}")
    if len(s.supply) != len(rs.stick_types):
        raise PositionError(f"the supply has one count per stick type ({len(rs.stick_types)}), not {len(s.supply)}")
    tokens = Counter(x for p in PLAYERS for x in s.sticks[p])
    unknown = sorted(x for x in tokens if x not in rs.stick_points)
    if unknown:
        raise PositionError(f"sticks that the ruleset does not have: {', '.join(unknown)}")
    for k, kind in enumerate(rs.stick_types):
        in_play = sum(n for x, n in tokens.items() if x.split(":")[0] == kind.name)
        if not (is_int(s.supply[k]) and s.supply[k] >= 0 and s.supply[k] + in_play == kind.supply):
            raise PositionError(f"{kind.supply} {kind.name} sticks in all: {quote(s.supply[k])} in the supply "
                                f"and {in_play} held")


def _check_temple(temple: Temple, rs: Ruleset, where: str) -> None:
    if len(temple.tiles) != 9 or len(temple.amulets) != 9 or len(temple.relics) != 9:
        raise PositionError(f"{where} has 9 spaces and 9 relic slots")
    _once(f"{where}: relics", temple.relics, (r.token for r in rs.relics))
    for i, tile in enumerate(temple.tiles):
        if tile is None:
            if temple.amulets[i] is not None:
                raise PositionError(f"{where}: an amulet lies on the empty space {i}")
            continue
        base = 0 if tile.room == TRAP else rs.room(tile.room).openings
        if not (is_int(tile.rotation) and 0 <= tile.rotation < 4) or tile.openings != rotate(base, tile.rotation):
            raise PositionError(f"{where}: the tile on space {i} is not {tile.room} turned by {quote(tile.rotation)}")
    openings = temple.openings()
    if temple.up != reached_slots(openings):
        raise PositionError(f"{where}: a relic is face up exactly when a path reaches its slot (R2.4)")
    reached = reached_spaces(openings)
    if any(a is not None and reached >> i & 1 for i, a in enumerate(temple.amulets)):
        raise PositionError(f"{where}: an amulet lies on a reached tile, which collects it (R2.4)")
    if len(temple.known) != 3 or any(not is_int(k) or k & ~0x1FF or k & temple.up != temple.up
                                     for k in temple.known):
        raise PositionError(f"{where}: who knows which relic are three masks of the 9 slots, each holding "
                            "the face-up ones")


def _check_phase(s: State) -> None:
    if (s.phase == Phase.GIVE) != bool(s.drawn):
        raise PositionError("cards are drawn and waiting to be given exactly in the give phase")
    if s.phase == Phase.PLACE and s.offered is None:
        raise PositionError("a room must be offered in the place phase")
    if s.phase in (Phase.CONFRONT, Phase.PLACE) and None in s.calls:
        raise PositionError(f"both players have called before the {s.phase} phase")
    if s.phase == Phase.CALL and s.calls[s.to_move] is not None:
        raise PositionError(f"player {s.to_move} is to call but has called already")


# -- the JSON form ----------------------------------------------------------------------------------------
def position_to_json(state: State) -> dict[str, Any]:
    """The fields of ``state`` as plain JSON (what :func:`position_from_json` reads back)."""
    return {
        "phase": state.phase.value, "to_move": state.to_move, "round": state.round, "guide": state.guide,
        "passes": state.passes,
        "temples": [{"tiles": [None if t is None else [t.room, t.rotation] for t in temple.tiles],
                     "amulets": list(temple.amulets), "relics": list(temple.relics), "known": list(temple.known)}
                    for temple in state.temples],
        "hands": [list(h) for h in state.hands], "shown": [sorted(s) for s in state.shown],
        "calls": [None if c is None else list(c) for c in state.calls],
        "sticks": [list(s) for s in state.sticks], "supply": list(state.supply),
        "amulets": [list(a) for a in state.amulets], "spent": [list(a) for a in state.spent],
        "deck": list(state.deck), "discard": list(state.discard), "rooms": list(state.rooms),
        "amulet_pile": list(state.amulet_pile), "drawn": list(state.drawn),
        "offered": None if state.offered is None else list(state.offered),
        "trap": None if state.trap is None else list(state.trap),
    }


_FIELDS = ("phase", "to_move", "round", "guide", "passes", "temples", "hands", "shown", "calls", "sticks", "supply",
           "amulets", "spent", "deck", "discard", "rooms", "amulet_pile", "drawn", "offered", "trap")


def position_from_json(data: Any, ruleset: Ruleset) -> State:
    """The state of :func:`position_to_json`'s form, checked with :func:`check_position`; raises
    :class:`PositionError` naming the field that is wrong."""
    if type(data) is not dict:
        raise PositionError(f"a position is an object, not {quote(data)}")
    missing = [f for f in _FIELDS if f not in data]
    extra = [f for f in data if f not in _FIELDS]
    if missing or extra:
        raise PositionError(f"a position has the fields {', '.join(_FIELDS)}; "
                            + (f"missing {', '.join(missing)}" if missing else f"unknown {quote(extra)}"))
    try:
        phase = Phase(data["phase"])
    except ValueError:
        raise PositionError(f"unknown phase {quote(data['phase'])}") from None
    offered = _optional(data["offered"], "offered", 2)
    trap = _optional(data["trap"], "trap", 2)
    state = State(
        ruleset=ruleset, phase=phase, to_move=_int(data["to_move"], "to_move"), round=_int(data["round"], "round"),
        guide=_int(data["guide"], "guide"),
        temples=(_temple(data["temples"], 0, ruleset), _temple(data["temples"], 1, ruleset)),
        hands=_pair(data["hands"], "hands", sort=True), shown=_sets(data["shown"]),
        calls=_calls(data["calls"]), sticks=_pair(data["sticks"], "sticks", sort=True),
        supply=tuple(_int(n, "supply") for n in _list(data["supply"], "supply")),
        amulets=_pair(data["amulets"], "amulets"), spent=_pair(data["spent"], "spent"),
        deck=tuple(sorted(_texts(data["deck"], "deck"))), discard=_texts(data["discard"], "discard"),
        rooms=tuple(sorted(_texts(data["rooms"], "rooms"))),
        amulet_pile=tuple(sorted(_texts(data["amulet_pile"], "amulet_pile"))), drawn=_texts(data["drawn"], "drawn"),
        offered=None if offered is None else (_text(offered[0], "offered"),
                                              None if offered[1] is None else _text(offered[1], "offered")),
        trap=None if trap is None else (_int(trap[0], "trap"), _int(trap[1], "trap")),
        passes=_int(data["passes"], "passes"), outcome=None,
    )
    check_position(state)
    return state


def _int(value: Any, what: str) -> int:
    if type(value) is not int:
        raise PositionError(f"{what} must be an integer, not {quote(value)}")
    return value


def _text(value: Any, what: str) -> str:
    if type(value) is not str:
        raise PositionError(f"{what} must hold texts, not {quote(value)}")
    return value


def _list(value: Any, what: str, size: int | None = None) -> list[Any]:
    if type(value) is not list or (size is not None and len(value) != size):
        raise PositionError(f"{what} must be a list" + (f" of {size}" if size is not None else "")
                            + f", not {quote(value)}")
    return value


def _texts(value: Any, what: str) -> tuple[str, ...]:
    return tuple(_text(v, what) for v in _list(value, what))


def _optional(value: Any, what: str, size: int) -> list[Any] | None:
    return None if value is None else _list(value, what, size)


def _pair(value: Any, what: str, sort: bool = False) -> tuple[tuple[str, ...], tuple[str, ...]]:
    first, second = (_texts(v, what) for v in _list(value, what, 2))
    return (tuple(sorted(first)), tuple(sorted(second))) if sort else (first, second)


def _sets(value: Any) -> tuple[frozenset[str], frozenset[str]]:
    first, second = _pair(value, "shown")
    return frozenset(first), frozenset(second)


def _calls(value: Any) -> tuple[tuple[str, ...] | None, tuple[str, ...] | None]:
    first, second = (None if v is None else tuple(sorted(_texts(v, "calls"))) for v in _list(value, "calls", 2))
    return first, second


def _temple(value: Any, t: int, ruleset: Ruleset) -> Temple:
    where = f"temples[{t}]"
    raw = _list(value, "temples", 2)[t]
    if type(raw) is not dict or sorted(raw) != ["amulets", "known", "relics", "tiles"]:
        raise PositionError(f"{where} is an object of tiles, amulets, relics and known, not {quote(raw)}")
    tiles: list[Tile | None] = []
    for i, tile in enumerate(_list(raw["tiles"], f"{where}.tiles", 9)):
        if tile is None:
            tiles.append(None)
            continue
        room, rotation = _list(tile, f"{where}.tiles[{i}]", 2)
        _text(room, f"{where}.tiles[{i}]")
        _int(rotation, f"{where}.tiles[{i}]")
        if not 0 <= rotation < 4:
            raise PositionError(f"{where}.tiles[{i}]: a rotation is 0 to 3, not {rotation}")
        if room != TRAP and room not in {r.id for r in ruleset.rooms}:
            raise PositionError(f"{where}.tiles[{i}]: unknown room {quote(room)}")
        tiles.append(place_tile(room, rotation, 0 if room == TRAP else ruleset.room(room).openings))
    amulets = tuple(None if a is None else _text(a, f"{where}.amulets")
                    for a in _list(raw["amulets"], f"{where}.amulets", 9))
    known = tuple(_int(k, f"{where}.known") for k in _list(raw["known"], f"{where}.known", 3))
    openings = tuple(0 if tile is None else tile.openings for tile in tiles)
    return Temple(tuple(tiles), amulets, _texts(raw["relics"], f"{where}.relics"), reached_slots(openings),
                  (known[0], known[1], known[2]))

