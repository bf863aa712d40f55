"""R2.1–R2.4 — a temple: the 3×3 grid, its gates, its paths, and faces that follow the paths.

A :class:`Temple` is an immutable value. Space index = 3·row + col (R2.1); row 0
is north, row 2 is next to the entrances. Relic slots are indexed in the
canonical order of R2.2 (W2, W1, W0, N0, N1, N2, E0, E1, E2).

>>> t = Temple.empty(("s3",) * 9)
>>> t = t.put(7, place_tile("R17", 0, N | S))  # a straight room above entrance S1
>>> reached_spaces(t.openings())
128
"""

from __future__ import annotations

from typing import NamedTuple

from .ruleset import DIRECTIONS, E, N, Ruleset, S, W, rotate

SPACES = tuple(range(9))
SLOT_NAMES = ("W2", "W1", "W0", "N0", "N1", "N2", "E0", "E1", "E2")
"""R2.2: relic slots in canonical (dealing) order; a slot's index is its position here."""


def row_col(space: int) -> tuple[int, int]:
    """R2.1: the (row, col) of a space; its index is 3·row + col."""
    return divmod(space, 3)


def _slot_gate(name: str) -> tuple[int, int]:
    """(space, direction bit) of the grid edge where a relic slot lies (R2.2)."""
    side, k = name[0], int(name[1])
    if side == "W":
        return 3 * k, W
    if side == "N":
        return k, N
    return 3 * k + 2, E


SLOT_GATES = tuple(_slot_gate(name) for name in SLOT_NAMES)
SLOT_SPACE = tuple(space for space, _ in SLOT_GATES)
"""R2.2: the space beside each relic slot, in canonical order."""

_OPPOSITE = {N: S, S: N, E: W, W: E}
_STEP = {N: (-1, 0), S: (1, 0), E: (0, 1), W: (0, -1)}


def _neighbours() -> tuple[tuple[tuple[int, int, int], ...], ...]:
    """For each space: (direction bit, neighbour space, opposite bit) inside the grid."""
    table = []
    for space in SPACES:
        r, c = row_col(space)
        links = []
        for _, bit in DIRECTIONS:
            dr, dc = _STEP[bit]
            if 0 <= r + dr < 3 and 0 <= c + dc < 3:
                links.append((bit, 3 * (r + dr) + c + dc, _OPPOSITE[bit]))
        table.append(tuple(links))
    return tuple(table)


NEIGHBOURS = _neighbours()
ADJACENT = tuple(frozenset(n for _, n, _ in links) for links in NEIGHBOURS)


class Tile(NamedTuple):
    """A tile lying on a space: a room (or the trap) with its rotation and openings."""

    room: str
    rotation: int
    openings: int


_TILES: dict[tuple[str, int], Tile] = {}


def place_tile(room: str, rotation: int, base_openings: int) -> Tile:
    """The (interned) tile of ``room`` turned ``rotation`` quarter turns (R1.1)."""
    key = (room, rotation)
    tile = _TILES.get(key)
    if tile is None:
        tile = _TILES[key] = Tile(room, rotation, rotate(base_openings, rotation))
    return tile


_REACH_CACHE: dict[tuple[int, ...], tuple[int, int]] = {}
_REACH_BY_TILES: dict[tuple[Tile | None, ...], tuple[int, int]] = {}  # the same answers, keyed by the tiles


_ROW2 = 0b111000000
_NOT_COL2 = 0b011011011  # spaces with an east neighbour
_SLOT_SOURCES = tuple((space, bit) for space, bit in SLOT_GATES)


def _reach(openings: tuple[int, ...]) -> tuple[int, int]:
    """R2.3: (mask of reached spaces, mask of reached relic slots), by a bitwise flood fill."""
    found = _REACH_CACHE.get(openings)
    if found is not None:
        return found
    by_side = [0, 0, 0, 0, 0, 0, 0, 0, 0]  # indexed by the direction bit: N=1, E=2, S=4, W=8
    for i, o in enumerate(openings):
        if o:
            b = 1 << i
            if o & N:
                by_side[N] |= b
            if o & E:
                by_side[E] |= b
            if o & S:
                by_side[S] |= b
            if o & W:
                by_side[W] |= b
    east = by_side[E] & (by_side[W] >> 1) & _NOT_COL2  # i opens east into i+1, which opens west
    south = by_side[S] & (by_side[N] >> 3)  # i opens south into i+3, which opens north
    reached = by_side[S] & _ROW2  # entrances S0 S1 S2 are always open
    while True:
        grown = reached | (reached & east) << 1 | (reached >> 1) & east | (reached & south) << 3 \
            | (reached >> 3) & south
        if grown == reached:
            break
        reached = grown
    slots = 0
    for i, (space, bit) in enumerate(_SLOT_SOURCES):
        if reached >> space & 1 and by_side[bit] >> space & 1:
            slots |= 1 << i
    if len(_REACH_CACHE) > 200_000:
        _REACH_CACHE.clear()
    found = _REACH_CACHE[openings] = (reached, slots)
    return found


def reached_spaces(openings: tuple[int, ...]) -> int:
    """Mask of the spaces reached from an entrance (R2.3)."""
    return _reach(openings)[0]


def reached_slots(openings: tuple[int, ...]) -> int:
    """Mask of the relic slots reached (R2.3)."""
    return _reach(openings)[1]


class Temple(NamedTuple):
    """One player's temple (R2): tiles on spaces, amulets on tiles, relics on slots.

    ``up`` is the mask of face-up slots; R2.4 keeps it equal to the reached slots.
    ``known`` holds three masks of slots whose relic is known (R6): to player 0, to
    player 1, and to everyone (it was face up once). A Third Eye sets one player's
    mask only; all three travel with the relics when E07 swaps them.
    """

    tiles: tuple[Tile | None, ...]
    amulets: tuple[str | None, ...]
    relics: tuple[str, ...]
    up: int
    known: tuple[int, int, int]

    @classmethod
    def empty(cls, relics: tuple[str, ...]) -> Temple:
        """R3.1: relics dealt face down onto the nine slots in canonical order."""
        return cls((None,) * 9, (None,) * 9, tuple(relics), 0, (0, 0, 0))

    def openings(self) -> tuple[int, ...]:
        return tuple(0 if t is None else t.openings for t in self.tiles)

    def reached(self) -> int:
        """Mask of reached spaces (R2.3)."""
        return _reach(self.openings())[0]

    def filled(self) -> int:
        """Number of spaces holding a tile (the trap counts)."""
        return sum(t is not None for t in self.tiles)

    def is_full(self) -> bool:
        return None not in self.tiles

    def put(self, space: int, tile: Tile | None, amulet: str | None = None) -> Temple:
        """This temple with ``space`` holding ``tile`` (and ``amulet`` on it); no re-evaluation."""
        tiles = list(self.tiles)
        amulets = list(self.amulets)
        tiles[space], amulets[space] = tile, amulet
        return Temple(tuple(tiles), tuple(amulets), self.relics, self.up, self.known)

    def relic_points(self, ruleset: Ruleset) -> int:
        """Points of the face-up relics, cursed ones included (R6)."""
        relic, up = ruleset.relic, self.up
        return sum(relic(r).points for i, r in enumerate(self.relics) if up >> i & 1)

    def cursed_up(self, ruleset: Ruleset) -> int:
        """The number of cursed relics face up (R7.1.1)."""
        relic, up = ruleset.relic, self.up
        return sum(relic(r).cursed for i, r in enumerate(self.relics) if up >> i & 1)

    def filled_mask(self) -> int:
        """Bit i is set when space i holds a tile (room or trap)."""
        t = self.tiles
        return ((t[0] is not None) | (t[1] is not None) << 1 | (t[2] is not None) << 2
                | (t[3] is not None) << 3 | (t[4] is not None) << 4 | (t[5] is not None) << 5
                | (t[6] is not None) << 6 | (t[7] is not None) << 7 | (t[8] is not None) << 8)

    def placements(self) -> tuple[int, ...]:
        """R4.3.2: empty spaces in row 2 or orthogonally next to a tile (room or trap)."""
        return _PLACEMENTS[self.filled_mask()]


def _placements(filled: int) -> tuple[int, ...]:
    return tuple(
        s for s in SPACES
        if not filled >> s & 1 and (s >= 6 or any(filled >> n & 1 for n in ADJACENT[s]))
    )


_PLACEMENTS = tuple(_placements(mask) for mask in range(512))


class Reevaluation(NamedTuple):
    """What R2.4 changed in a temple."""

    temple: Temple
    revealed: tuple[int, ...]  # slots flipped face up
    hidden: tuple[int, ...]  # slots flipped face down
    collected: tuple[tuple[int, str], ...]  # (space, amulet) collected by the owner


def reevaluate(temple: Temple) -> Reevaluation:
    """R2.4: faces follow paths; amulets on reached tiles are collected.

    A relic flipping face up becomes known to both players and to onlookers (R6).
    """
    found = _REACH_BY_TILES.get(temple.tiles)
    if found is None:
        if len(_REACH_BY_TILES) > 200_000:
            _REACH_BY_TILES.clear()
        found = _REACH_BY_TILES[temple.tiles] = _reach(tuple([0 if t is None else t.openings for t in temple.tiles]))
    spaces, slots = found
    old = temple.up
    collected: tuple[tuple[int, str], ...] = ()
    amulets = temple.amulets
    if spaces and any(amulets):
        collected = tuple(
            (s, a) for s, a in enumerate(amulets) if a is not None and spaces >> s & 1
        )
    if slots == old and not collected:
        return Reevaluation(temple, (), (), ())
    revealed = tuple(i for i in range(9) if slots >> i & 1 and not old >> i & 1)
    hidden = tuple(i for i in range(9) if old >> i & 1 and not slots >> i & 1)
    known = temple.known
    if revealed:
        known = (known[0] | slots, known[1] | slots, known[2] | slots)
    if collected:
        left = list(amulets)
        for s, _ in collected:
            left[s] = None
        amulets = tuple(left)
    return Reevaluation(Temple(temple.tiles, amulets, temple.relics, slots, known), revealed, hidden, collected)
