"""A position set up by hand (for a lesson or a puzzle): whether it is one a game can be in, and its
JSON form, in which a saved match that starts from it records it.

:func:`check_position` refuses a state whose parts do not add up, and says why in a
:class:`PositionError` (with the rule id where a rule says so): every field of the type the engine
keeps it in; every card, room, amulet and stick somewhere exactly once; each temple's relics a full
set, relic faces that follow the paths (R2.4) and amulets only on unreached tiles; the parts that
follow the step of the round (an offered room until the Exploration places it, R4.4.3; the calls
made in order, R4.1; sticks held only in the Confrontation and the Exploration, R4.3.4; the room
placed by the player who won it, R4.3.1; two or three cards drawn in the New Deal, R4.4.2); a game
that the rules have not already ended (R7.1, R7.2); and a player to decide. It does not ask whether
the position can be *reached* by play: a puzzle may set up any position that the rules can go on
from, and every position it accepts plays on to the end of a game (docs/rules.md, reading 8).

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
from collections.abc import Callable, Iterable
from typing import Any

from .errors import quote
from .flow import room_winner
from .ruleset import TEMPLE_NAMES, TRAP, Ruleset, rotate
from .state import State
from .steps import Phase
from .temple import Temple, Tile, place_tile, reached_slots, reached_spaces

PLAYERS = (0, 1)


class PositionError(ValueError):
    """A position that no game can be in, or a JSON form of one that cannot be read; the text says why,
    with the rule id that says so in ``rule`` (and at the end of the text) where one applies."""

    def __init__(self, message: str, rule: str | None = None) -> None:
        super().__init__(message if rule is None else f"{message} ({rule})")
        self.rule = rule


# -- the check ------------------------------------------------------------------------------------------
def check_position(state: State) -> None:
    """Raise :class:`PositionError` naming the first thing wrong with ``state`` as a start position.

    First the type of every field (so that nothing below meets a value it cannot read), then the
    parts, then the step of the round, then that the game is not already over (R7): every position
    it accepts plays on to the end of a game.
    """
    if not isinstance(state, State):
        raise PositionError(f"a position is a State, not {type(state).__name__}")
    _check_types(state)
    rs = state.ruleset
    if state.outcome is not None or state.phase == Phase.OVER:
        raise PositionError("the game is over in this position: a match starts where a player decides")
    _check_numbers(state)
    _check_sorted(state)
    _check_components(state, rs)
    for t, temple in enumerate(state.temples):
        _check_temple(temple, rs, f"the {TEMPLE_NAMES[t]} temple")
    _check_phase(state, rs)
    _check_not_over(state, rs)
    if state.phase == Phase.CALL and not state.hands[state.to_move]:
        raise PositionError(f"{TEMPLE_NAMES[state.to_move]} has no cards and calls nothing, which is no decision: "
                            "a match starts where a player decides", "R4.1")
    if len(state.legal_actions()) == 0:  # (a live state's legal actions are true even when none is listed)
        raise PositionError("no player has a decision in this position", "R8")


# -- the types: each field as the engine keeps it (tuples, frozensets, texts, integers that are not bools)
def _int_ok(value: object) -> bool:
    return type(value) is int


def _texts_ok(value: object, size: int | None = None) -> bool:
    return (type(value) is tuple and (size is None or len(value) == size)
            and all(type(x) is str for x in value))


def _need(ok: bool, what: str, kind: str, value: object) -> None:
    if not ok:
        raise PositionError(f"{what} must be {kind}, not {quote(value)}")


def _pair_ok(value: Any, item: Callable[[Any], bool]) -> bool:
    return type(value) is tuple and len(value) == 2 and all(item(v) for v in value)


def _check_types(s: State) -> None:
    """Every field of ``s`` of the type the engine keeps it in (:class:`~.position.Position`)."""
    _need(isinstance(s.ruleset, Ruleset), "the ruleset", "a Ruleset", s.ruleset)
    _need(type(s.phase) is Phase, "the phase", "a Phase (e.g. Phase.CALL)", s.phase)
    for what, value in (("the player to move", s.to_move), ("the guide", s.guide), ("the round", s.round),
                        ("the passes in a row", s.passes)):
        _need(_int_ok(value), what, "an integer", value)
    for what, pair in (("the hands", s.hands), ("the sticks held", s.sticks), ("the amulets held", s.amulets),
                       ("the spent charms", s.spent)):
        _need(_pair_ok(pair, _texts_ok), what, "a pair (one per player) of tuples of texts", pair)
    _need(_pair_ok(s.shown, lambda v: type(v) is frozenset and all(type(x) is str for x in v)),
          "the known cards (shown)", "a pair of frozensets of texts", s.shown)
    _need(_pair_ok(s.calls, lambda v: v is None or _texts_ok(v)), "the calls",
          "a pair of calls, each None or a tuple of texts", s.calls)
    _need(type(s.supply) is tuple and all(_int_ok(n) for n in s.supply), "the supply", "a tuple of integers",
          s.supply)
    for what, pile in (("the deck", s.deck), ("the discard pile", s.discard), ("the room pile", s.rooms),
                       ("the amulet pile", s.amulet_pile), ("the drawn cards", s.drawn)):
        _need(_texts_ok(pile), what, "a tuple of texts", pile)
    _need(s.offered is None or (type(s.offered) is tuple and len(s.offered) == 2 and type(s.offered[0]) is str
                                and (s.offered[1] is None or type(s.offered[1]) is str)),
          "the offered room", "None or a pair (room id, amulet id or None)", s.offered)
    _need(s.trap is None or (type(s.trap) is tuple and len(s.trap) == 2 and all(_int_ok(v) for v in s.trap)),
          "the trap", "None (at the side) or a pair (temple, space)", s.trap)
    _need(type(s.temples) is tuple and len(s.temples) == 2, "the temples", "a pair of Temples", s.temples)
    for t, temple in enumerate(s.temples):
        where = f"the {TEMPLE_NAMES[t]} temple"
        _need(type(temple) is Temple, where, "a Temple", temple)
        _need(type(temple.tiles) is tuple and len(temple.tiles) == 9
              and all(tile is None or (type(tile) is Tile and type(tile.room) is str and _int_ok(tile.rotation)
                                       and _int_ok(tile.openings)) for tile in temple.tiles),
              f"{where}'s tiles", "9 spaces, each None or a Tile (room, rotation, openings)", temple.tiles)
        _need(type(temple.amulets) is tuple and len(temple.amulets) == 9
              and all(a is None or type(a) is str for a in temple.amulets),
              f"{where}'s amulets", "9 spaces, each None or an amulet id", temple.amulets)
        _need(_texts_ok(temple.relics, 9), f"{where}'s relics", "9 relic tokens", temple.relics)
        _need(_int_ok(temple.up), f"{where}'s face-up mask", "an integer", temple.up)
        _need(type(temple.known) is tuple and len(temple.known) == 3 and all(_int_ok(k) for k in temple.known),
              f"{where}'s known masks", "three integers", temple.known)


def _check_numbers(s: State) -> None:
    if s.phase not in (Phase.CALL, Phase.CONFRONT, Phase.PLACE, Phase.GIVE):
        raise PositionError(f"the phase must be call, confront, place or give, not {quote(s.phase)}")
    for what, value in (("the player to move", s.to_move), ("the guide", s.guide)):
        if value not in PLAYERS:
            raise PositionError(f"{what} must be player 0 or 1, not {quote(value)}")
    if s.round < 1:
        raise PositionError(f"the round must be a whole number from 1, not {quote(s.round)}")
    if not 0 <= s.passes <= 2:
        raise PositionError(f"the passes in a row must be 0, 1 or 2, not {quote(s.passes)}")


def _check_sorted(s: State) -> None:
    """The parts the engine keeps sorted (a pile has no order until it is drawn from)."""
    parts = {"hand": s.hands, "sticks held": s.sticks, "amulets held": s.amulets}
    for what, pair in parts.items():
        for p in PLAYERS:
            if list(pair[p]) != sorted(pair[p]):
                raise PositionError(f"player {p}'s {what} must be sorted: {quote(list(pair[p]))}")
    for p in PLAYERS:
        call = s.calls[p]
        if call is not None and list(call) != sorted(call):
            raise PositionError(f"player {p}'s call must be sorted: {quote(list(call))}")
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
        if not (s.supply[k] >= 0 and s.supply[k] + in_play == kind.supply):
            raise PositionError(f"{kind.supply} {kind.name} sticks in all: {quote(s.supply[k])} in the supply "
                                f"and {in_play} held")


def _check_temple(temple: Temple, rs: Ruleset, where: str) -> None:
    _once(f"{where}: relics", temple.relics, (r.token for r in rs.relics))
    for i, tile in enumerate(temple.tiles):
        if tile is None:
            if temple.amulets[i] is not None:
                raise PositionError(f"{where}: an amulet lies on the empty space {i}")
            continue
        base = 0 if tile.room == TRAP else rs.room(tile.room).openings
        if not 0 <= tile.rotation < 4 or tile.openings != rotate(base, tile.rotation):
            raise PositionError(f"{where}: the tile on space {i} is not {tile.room} turned by {quote(tile.rotation)}")
    openings = temple.openings()
    if temple.up != reached_slots(openings):
        raise PositionError(f"{where}: a relic is face up exactly when a path reaches its slot", "R2.4")
    reached = reached_spaces(openings)
    if any(a is not None and reached >> i & 1 for i, a in enumerate(temple.amulets)):
        raise PositionError(f"{where}: an amulet lies on a reached tile, which collects it", "R2.4")
    if any(k & ~0x1FF or k & temple.up != temple.up for k in temple.known):
        raise PositionError(f"{where}: who knows which relic are three masks of the 9 slots, each holding "
                            "the face-up ones", "R6")
    if temple.known[2] & ~(temple.known[0] & temple.known[1]):
        raise PositionError(f"{where}: a relic everyone knows is known to each player", "R6")


def _check_phase(s: State, rs: Ruleset) -> None:
    """The parts that follow the step of the round (R4): the offered room, the calls, the sticks held, who
    decides, the cards drawn."""
    name = TEMPLE_NAMES
    phase, p, g = s.phase, s.to_move, s.guide
    if (phase == Phase.GIVE) != bool(s.drawn):
        raise PositionError("cards are drawn and waiting to be given exactly in the give phase", "R4.4.2")
    if phase == Phase.GIVE:
        if s.offered is not None:
            raise PositionError("no room is offered in the give phase: the next one is turned up after the give",
                                "R4.4.3")
    elif s.offered is None:
        raise PositionError(f"a room is offered throughout the round: none is in this {phase} phase", "R4.4.3")
    if s.offered is not None:
        room, amulet = s.offered
        if amulet is not None and not rs.room(room).amulet_symbol:
            raise PositionError(f"an amulet lies on the offered room {room}, which has no amulet symbol", "R3.5")
        if amulet is None and rs.room(room).amulet_symbol and s.amulet_pile:
            raise PositionError(f"the offered room {room} has the amulet symbol and the amulet pile is not empty, "
                                "so an amulet lies on it", "R3.5")
    for q in PLAYERS:
        call = s.calls[q]
        if call and len({rs.card_stick[c] for c in call}) > 1:
            raise PositionError(f"{name[q]}'s call {quote(list(call))} shows more than one stick type", "R4.1")
    if phase == Phase.CALL:
        if p == g and s.calls != (None, None):
            raise PositionError(f"{name[p]}, the guide, calls first: nobody has called yet", "R4.1")
        if p != g and (s.calls[g] is None or s.calls[p] is not None):
            raise PositionError(f"{name[p]} calls after the guide: {name[g]} has called, {name[p]} not yet", "R4.1")
        if s.calls[g] == () and s.hands[g]:
            raise PositionError(f"{name[g]} called nothing with cards in hand", "R4.1")
    elif phase in (Phase.CONFRONT, Phase.PLACE):
        if None in s.calls:
            raise PositionError(f"both players have called before the {phase} phase", "R4.1")
    elif s.calls != (None, None):
        raise PositionError("the called cards go to the discard pile before the give phase", "R4.3.4")
    if phase in (Phase.CALL, Phase.GIVE) and (s.sticks[0] or s.sticks[1]):
        raise PositionError(f"sticks are held only in the confrontation and the exploration, not in the {phase} "
                            "phase", "R4.3.4")
    if phase == Phase.CONFRONT and s.passes > 1:
        raise PositionError("two passes in a row end the confrontation: 0 or 1 in it", "R4.2.3")
    if phase == Phase.PLACE:
        winner = room_winner([s.fate(0), s.fate(1)], g)
        if p != winner:
            raise PositionError(f"{name[winner]} has won the offered room and places it, not {name[p]}", "R4.3.1")
    if phase == Phase.GIVE:
        if p != g:
            raise PositionError(f"the new guide ({name[g]}) gives a drawn card, not {name[p]}", "R4.4.2")
        if not 2 <= len(s.drawn) <= rs.new_deal_draw:
            raise PositionError(f"the new guide draws 2 to {rs.new_deal_draw} cards to give one, not "
                                f"{len(s.drawn)}", "R4.4.2")


def _check_not_over(s: State, rs: Ruleset) -> None:
    """A position in which the rules have already ended the game (R7.1, R7.2) is no start."""
    for p in PLAYERS:
        if s.cursed_up(p) >= rs.cursed_limit:
            raise PositionError(f"{rs.cursed_limit} cursed relics lie face up in the {TEMPLE_NAMES[p]} temple: the "
                                "game is already over", "R7.1.1")
        if s.score(p) >= rs.target_score:
            raise PositionError(f"{TEMPLE_NAMES[p]}'s score is {s.score(p)}, at least {rs.target_score}: the game is "
                                "already over", "R7.1.2")
        if s.temples[p].is_full():
            raise PositionError(f"the {TEMPLE_NAMES[p]} temple is full: the game is already over", "R7.2")


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


def position_from_json(data: object, ruleset: Ruleset) -> State:
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


def _int(value: object, what: str) -> int:
    if type(value) is not int:
        raise PositionError(f"{what} must be an integer, not {quote(value)}")
    return value


def _text(value: object, what: str) -> str:
    if type(value) is not str:
        raise PositionError(f"{what} must hold texts, not {quote(value)}")
    return value


def _list(value: object, what: str, size: int | None = None) -> list[Any]:
    if type(value) is not list or (size is not None and len(value) != size):
        raise PositionError(f"{what} must be a list" + (f" of {size}" if size is not None else "")
                            + f", not {quote(value)}")
    return value


def _texts(value: object, what: str) -> tuple[str, ...]:
    return tuple(_text(v, what) for v in _list(value, what))


def _optional(value: object, what: str, size: int) -> list[Any] | None:
    return None if value is None else _list(value, what, size)


def _pair(value: object, what: str, sort: bool = False) -> tuple[tuple[str, ...], tuple[str, ...]]:
    first, second = (_texts(v, what) for v in _list(value, what, 2))
    return (tuple(sorted(first)), tuple(sorted(second))) if sort else (first, second)


def _sets(value: object) -> tuple[frozenset[str], frozenset[str]]:
    first, second = _pair(value, "shown")
    return frozenset(first), frozenset(second)


def _calls(value: object) -> tuple[tuple[str, ...] | None, tuple[str, ...] | None]:
    first, second = (None if v is None else tuple(sorted(_texts(v, "calls"))) for v in _list(value, "calls", 2))
    return first, second


def _temple(value: object, t: int, ruleset: Ruleset) -> Temple:
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

