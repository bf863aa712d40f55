"""E08–E11 — the effects on the temples' tiles: slide a line, turn a room, swap two spaces, move the trap.

Each changes a temple and so re-evaluates it (R2.4), free of the placement rule
of R4.3.2. Amulets move with their tiles; the trap counts as a tile, and for
paths behaves like an empty space.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from ..chance import Chance
from ..draft import Draft, Readable, put
from ..events import Event
from ..ruleset import TEMPLE_NAMES, TRAP
from ..temple import Temple, place_tile
from ..upkeep import temple_changed
from .base import SPACE_OF, SPACE_TOKENS, Effect, Sticks, Target, note, place_words

TRAP_TILE = place_tile(TRAP, 0, 0)
_NO_TILES = (None,) * 9


def _some_tile(s: Readable, p: int, sticks: Sticks, supply: tuple[int, ...]) -> bool:
    """Some temple holds a tile, the trap included (E08, E10)."""
    return s.temples[0].tiles != _NO_TILES or s.temples[1].tiles != _NO_TILES


def _rearranged(temple: Temple, order: dict[int, int]) -> Temple:
    """``temple`` with space ``dst`` now holding what was on ``src`` for each dst → src."""
    tiles, amulets = list(temple.tiles), list(temple.amulets)
    for dst, src in order.items():
        tiles[dst], amulets[dst] = temple.tiles[src], temple.amulets[src]
    return temple._replace(tiles=tuple(tiles), amulets=tuple(amulets))


def _move_trap_with(d: Draft, t: int, order: dict[int, int]) -> None:
    if d.trap is not None and d.trap[0] == t:
        for dst, src in order.items():
            if src == d.trap[1]:
                d.trap = (t, dst)
                return


# -- E08 Sliding Maze ----------------------------------------------------------------------------
LINES = {  # the spaces of each row (west→east) and column (north→south)
    **{f"row{r}": (3 * r, 3 * r + 1, 3 * r + 2) for r in range(3)},
    **{f"col{c}": (c, c + 3, c + 6) for c in range(3)},
}
LINE_DIRECTIONS = {"row": ("east", "west"), "col": ("north", "south")}


@lru_cache(maxsize=1024)
def _lines_with_tiles(filled: int, t: int) -> tuple[Target, ...]:
    """Each row or column of temple ``t`` that holds a tile, in both directions."""
    out: list[Target] = []
    for line, spaces in LINES.items():
        if any(filled >> i & 1 for i in spaces):
            out.extend((f"{TEMPLE_NAMES[t]}:{line}", way) for way in LINE_DIRECTIONS[line[:3]])
    return tuple(out)


def _e08_targets(s: Readable, p: int, sticks: Sticks, supply: tuple[int, ...]) -> tuple[Target, ...]:
    return _lines_with_tiles(s.temples[0].filled_mask(), 0) + _lines_with_tiles(s.temples[1].filled_mask(), 1)


def _e08_resolve(d: Draft, p: int, target: Target, chance: Chance, log: list[Event] | None) -> None:
    name, line = target[0].split(":")
    t = TEMPLE_NAMES.index(name)
    a, b, c = LINES[line]  # west→east or north→south
    forward = target[1] in ("east", "south")
    order = {b: a, c: b, a: c} if forward else {a: b, b: c, c: a}
    _move_trap_with(d, t, order)
    note(log, "E08", "slide", f"{name} {line} slides {target[1]}", temple=t, line=line, direction=target[1])
    temple_changed(d, t, _rearranged(d.temples[t], order), log, "E08")


def _e08_words(target: Target, p: int) -> str:
    temple, line = target[0].split(":")
    return f"slide {temple} {'row' if line.startswith('row') else 'column'} {line[3:]} {target[1]}"


_OPPOSITE = {"east": "west", "west": "east", "north": "south", "south": "north"}


def _e08_change(target: Target, p: int) -> str:
    """What E08 moves: ``"the tiles of gold row 1 move one space east; the one at the east
    end wraps around to the west end"``."""
    temple, line = target[0].split(":")
    way = target[1]
    kind = "row" if line.startswith("row") else "column"
    return (f"the tiles of {temple} {kind} {line[3:]} move one space {way}; the one at the {way} "
            f"end wraps around to the {_OPPOSITE[way]} end")


E08 = Effect(
    id="E08", name="Sliding Maze",
    text="Slide a row or column of a temple one space, wrapping around.",
    hint="a row or column holding a tile and a direction, e.g. 'gold:row0 east' or 'silver:col2 north'",
    has_target=_some_tile, targets=_e08_targets, resolve=_e08_resolve,
    kinds=("line", "direction"), words=_e08_words, change_words=_e08_change,
)


# -- E09 Turning Hall ----------------------------------------------------------------------------
def _e09_has_target(s: Readable, p: int, sticks: Sticks, supply: tuple[int, ...]) -> bool:
    room = s.ruleset.room
    return any(tile is not None and tile.room != TRAP and len(room(tile.room).orientations()) > 1
               for t in s.temples for tile in t.tiles)


def _e09_targets(s: Readable, p: int, sticks: Sticks, supply: tuple[int, ...]) -> tuple[Target, ...]:
    out: list[Target] = []
    turnings = s.ruleset.turnings
    for t, temple in enumerate(s.temples):
        for i, tile in enumerate(temple.tiles):
            if tile is not None and tile.room != TRAP:
                out.extend((SPACE_TOKENS[t][i], k) for k in turnings[tile.room, tile.rotation])
    return tuple(out)


def _e09_resolve(d: Draft, p: int, target: Target, chance: Chance, log: list[Event] | None) -> None:
    t, i = SPACE_OF[target[0]]
    k = int(target[1][3:])
    temple = d.temples[t]
    tile = temple.tiles[i]
    assert tile is not None
    turned = place_tile(tile.room, k, d.ruleset.room(tile.room).openings)
    note(log, "E09", "turn", f"{tile.room} on {target[0]} turns to rotation {k}", temple=t, space=i, rotation=k)
    temple_changed(d, t, temple.put(i, turned, temple.amulets[i]), log, "E09")


E09 = Effect(
    id="E09", name="Turning Hall",
    text="Turn a room tile of any temple to a new orientation.",
    hint="a room tile and a new orientation, e.g. 'gold:4 rot1'",
    has_target=_e09_has_target, targets=_e09_targets, resolve=_e09_resolve, kinds=("space", "rotation"),
    words=lambda target, p: f"turn the tile on {place_words(target[0])} to orientation {target[1][3:]}",
    change_words=lambda target, p: (f"the tile on {place_words(target[0])} turns in place to orientation "
                                    f"{target[1][3:]}"),
)


# -- E10 Collapsed Passage -----------------------------------------------------------------------
_PAIRS = tuple(combinations(range(9), 2))


@lru_cache(maxsize=1024)
def _pairs_with_tiles(filled: int, t: int) -> tuple[Target, ...]:
    """Each pair of spaces of temple ``t`` with at least one tile, lower space first."""
    row = SPACE_TOKENS[t]
    return tuple((row[a], row[b]) for a, b in _PAIRS if (filled >> a | filled >> b) & 1)


def _e10_targets(s: Readable, p: int, sticks: Sticks, supply: tuple[int, ...]) -> tuple[Target, ...]:
    return _pairs_with_tiles(s.temples[0].filled_mask(), 0) + _pairs_with_tiles(s.temples[1].filled_mask(), 1)


def _e10_resolve(d: Draft, p: int, target: Target, chance: Chance, log: list[Event] | None) -> None:
    t, a = SPACE_OF[target[0]]
    _, b = SPACE_OF[target[1]]
    order = {a: b, b: a}
    _move_trap_with(d, t, order)
    note(log, "E10", "swap_spaces", f"the contents of {target[0]} and {target[1]} are swapped",
         temple=t, spaces=[a, b])
    temple_changed(d, t, _rearranged(d.temples[t], order), log, "E10")


def _e10_words(target: Target, p: int) -> str:
    temple, a = target[0].split(":")
    return f"swap {temple} spaces {a} ↔ {target[1].split(':')[1]}"


E10 = Effect(
    id="E10", name="Collapsed Passage",
    text="Swap the contents of two spaces of one temple.",
    hint="two spaces of one temple (at least one holding a tile), e.g. 'gold:4 gold:7'",
    has_target=_some_tile, targets=_e10_targets, resolve=_e10_resolve,
    kinds=("space", "space"), unordered=True, words=_e10_words,
    change_words=lambda target, p: (f"what lies on {place_words(target[0])} and on "
                                    f"{place_words(target[1]).split(' ', 1)[1]} trade places"),
)


# -- E11 Naga's Trap -----------------------------------------------------------------------------
def _e11_has_target(s: Readable, p: int, sticks: Sticks, supply: tuple[int, ...]) -> bool:
    return s.temples[1 - p].tiles.count(None) >= 2


def _e11_targets(s: Readable, p: int, sticks: Sticks, supply: tuple[int, ...]) -> tuple[Target, ...]:
    empty = [i for i, tile in enumerate(s.temples[1 - p].tiles) if tile is None]
    return tuple((SPACE_TOKENS[1 - p][i],) for i in empty) if len(empty) >= 2 else ()


def _e11_resolve(d: Draft, p: int, target: Target, chance: Chance, log: list[Event] | None) -> None:
    t, i = SPACE_OF[target[0]]
    where = "the side" if d.trap is None else SPACE_TOKENS[d.trap[0]][d.trap[1]]
    if d.trap is not None:
        src_t, src = d.trap
        d.temples = put(d.temples, src_t, d.temples[src_t].put(src, None))
    d.trap = (t, i)
    note(log, "E11", "trap_moved", f"the trap moves from {where} to {target[0]}", temple=t, space=i)
    # The trap blocks like an empty space: nothing flips, but R2.4 is applied all the same.
    temple_changed(d, t, d.temples[t].put(i, TRAP_TILE), log, "E11")


E11 = Effect(
    id="E11", name="Naga's Trap",
    text="Move the trap to an empty space of the opponent's temple.",
    hint="an empty space of the opponent's temple, e.g. 'silver:4'",
    has_target=_e11_has_target, targets=_e11_targets, resolve=_e11_resolve,
    kinds=("space",), words=lambda target, p: f"move the trap to {place_words(target[0])}",
)
