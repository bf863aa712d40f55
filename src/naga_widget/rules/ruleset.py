"""R1 — the components of Naga Raja, as data.

Every number of the game lives in a :class:`Ruleset`. The engine reads it and
never hard-codes a count, so a variant (another target score, another card mix)
is a new ``Ruleset`` value, not a code change.

>>> STANDARD.target_score
25
>>> len(STANDARD.cards), len(STANDARD.rooms), len(STANDARD.amulets)
(48, 17, 12)
"""

from __future__ import annotations

from dataclasses import dataclass, field

# Openings are a 4-bit mask: N=1, E=2, S=4, W=8 (R1.1).
N, E, S, W = 1, 2, 4, 8
DIRECTIONS = (("N", N), ("E", E), ("S", S), ("W", W))

#: The face token of a naga (worth 0 fate points, R1.3).
NAGA = "N"

TEMPLE_NAMES = ("gold", "silver")
"""R1: player 0 owns the gold temple, player 1 the silver temple."""


def rotate(openings: int, k: int) -> int:
    """Turn an openings mask ``k`` quarter turns clockwise (R1.1: N→E→S→W→N).

    >>> rotate(N | E, 1) == E | S
    True
    """
    k %= 4
    return ((openings << k) | (openings >> (4 - k))) & 0b1111


def openings_text(openings: int) -> str:
    """``"NES"`` for a T tile at rotation 0; ``""`` for the trap."""
    return "".join(name for name, bit in DIRECTIONS if openings & bit)


@dataclass(frozen=True)
class Room:
    """A room tile (R1.1): its openings at rotation 0 and its amulet symbol."""

    id: str
    shape: str
    openings: int
    amulet_symbol: bool
    _orientations: tuple[int, ...] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        seen: dict[int, int] = {}
        for k in range(4):
            seen.setdefault(rotate(self.openings, k), k)
        object.__setattr__(self, "_orientations", tuple(sorted(seen.values())))

    def orientations(self) -> tuple[int, ...]:
        """The distinct orientations, each named by its smallest rotation k (R4.3.2, E09).

        >>> STANDARD.room("R01").orientations(), STANDARD.room("R17").orientations()
        ((0,), (0, 1))
        """
        return self._orientations


@dataclass(frozen=True)
class Amulet:
    """An amulet (R1.2): a treasure worth secret points, or a naga charm."""

    id: str
    kind: str  # "treasure" or "charm"
    points: int

    @property
    def is_charm(self) -> bool:
        return self.kind == "charm"


@dataclass(frozen=True)
class StickType:
    """A fate stick type (R1.3): four equally likely faces; ``"N"`` is a naga."""

    name: str
    faces: tuple[str, ...]
    supply: int

    def points(self, face: str) -> int:
        return 0 if face == NAGA else int(face)


@dataclass(frozen=True)
class Card:
    """A card (R1.4): a stick symbol (type and count) and a naga effect."""

    id: str
    effect: str  # "E01" … "E12" (R5; the effects themselves are rules.effects.EFFECTS)
    stick: str  # stick type name
    count: int


@dataclass(frozen=True)
class Relic:
    """A relic (R1): sacred or cursed, worth ``points``. Its token is e.g. ``"s4"`` or ``"c6"``."""

    token: str
    points: int
    cursed: bool


def _standard_cards() -> tuple[Card, ...]:
    """R1.4: four copies of each of the twelve effects, ``NNa``–``NNd``."""
    cards = []
    for n in range(1, 13):
        d_symbol = ("brown", 3) if n <= 4 else ("violet", 2) if n <= 8 else ("teal", 3)
        symbols = {"a": ("brown", 2), "b": ("violet", 1), "c": ("teal", 2), "d": d_symbol}
        for copy, (stick, count) in symbols.items():
            cards.append(Card(f"{n:02d}{copy}", f"E{n:02d}", stick, count))
    return tuple(cards)


def _standard_rooms() -> tuple[Room, ...]:
    """R1.1: 4 crosses, 8 Ts, 4 corners, 1 straight; 8 carry the amulet symbol."""
    shapes = [("cross", N | E | S | W, 1, 4), ("T", N | E | S, 5, 12),
              ("corner", N | E, 13, 16), ("straight", N | S, 17, 17)]
    symbols = {"R01", "R02", "R05", "R06", "R07", "R13", "R14", "R17"}
    rooms = []
    for shape, openings, first, last in shapes:
        for n in range(first, last + 1):
            rid = f"R{n:02d}"
            rooms.append(Room(rid, shape, openings, rid in symbols))
    return tuple(rooms)


def _standard_amulets() -> tuple[Amulet, ...]:
    """R1.2: A01–A04 treasure 1, A05–A07 treasure 2, A08–A12 naga charms."""
    amulets = [Amulet(f"A{n:02d}", "treasure", 1) for n in range(1, 5)]
    amulets += [Amulet(f"A{n:02d}", "treasure", 2) for n in range(5, 8)]
    amulets += [Amulet(f"A{n:02d}", "charm", 0) for n in range(8, 13)]
    return tuple(amulets)


@dataclass(frozen=True)
class Ruleset:
    """All the numbers of one ruleset (R1, and the counts used by R3, R4 and R7)."""

    id: str
    relics: tuple[Relic, ...]
    rooms: tuple[Room, ...]
    amulets: tuple[Amulet, ...]
    stick_types: tuple[StickType, ...]
    cards: tuple[Card, ...]
    hand_size: int = 5  # R3.4
    guide_throw: tuple[str, int] = ("brown", 2)  # R3.6
    new_deal_draw: int = 3  # R4.4.2
    target_score: int = 25  # R7.1.2
    cursed_limit: int = 3  # R7.1.1
    # Lookup tables derived from the above (not part of equality).
    _card: dict[str, Card] = field(init=False, repr=False, compare=False, hash=False)
    _room: dict[str, Room] = field(init=False, repr=False, compare=False, hash=False)
    _amulet: dict[str, Amulet] = field(init=False, repr=False, compare=False, hash=False)
    _stick: dict[str, StickType] = field(init=False, repr=False, compare=False, hash=False)
    _relic: dict[str, Relic] = field(init=False, repr=False, compare=False, hash=False)
    #: Fate points of each stick token ``"type:face"`` (R1.3).
    stick_points: dict[str, int] = field(init=False, repr=False, compare=False, hash=False)
    #: The stick type of each card id (R1.4), and its effect.
    card_stick: dict[str, str] = field(init=False, repr=False, compare=False, hash=False)
    card_effect: dict[str, str] = field(init=False, repr=False, compare=False, hash=False)
    #: (type, naga token) of each stick type that has a naga face; the ids of the naga charms.
    naga_tokens: tuple[tuple[str, str], ...] = field(init=False, repr=False, compare=False, hash=False)
    charm_ids: frozenset[str] = field(init=False, repr=False, compare=False, hash=False)
    card_count: dict[str, int] = field(init=False, repr=False, compare=False, hash=False)
    card_kind: dict[str, int] = field(init=False, repr=False, compare=False, hash=False)  # index of its stick type
    #: For each (room, rotation), the orientations ``rot<k>`` that change its openings (E09).
    turnings: dict[tuple[str, int], tuple[str, ...]] = field(init=False, repr=False, compare=False, hash=False)
    #: For each stick token, the other faces its stick can be turned to (E04), in face order.
    stick_turns: dict[str, tuple[str, ...]] = field(init=False, repr=False, compare=False, hash=False)
    #: The supply index of the type of each stick token.
    stick_kind_index: dict[str, int] = field(init=False, repr=False, compare=False, hash=False)
    #: The stick type names, in the order used for the supply.
    stick_names: tuple[str, ...] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        put = object.__setattr__
        put(self, "_card", {c.id: c for c in self.cards})
        put(self, "_room", {r.id: r for r in self.rooms})
        put(self, "_amulet", {a.id: a for a in self.amulets})
        put(self, "_stick", {t.name: t for t in self.stick_types})
        put(self, "_relic", {r.token: r for r in self.relics})
        put(self, "card_stick", {c.id: c.stick for c in self.cards})
        put(self, "card_effect", {c.id: c.effect for c in self.cards})
        put(self, "stick_names", tuple(t.name for t in self.stick_types))
        put(self, "naga_tokens", tuple((t.name, f"{t.name}:{NAGA}") for t in self.stick_types if NAGA in t.faces))
        put(self, "charm_ids", frozenset(a.id for a in self.amulets if a.is_charm))
        put(self, "card_count", {c.id: c.count for c in self.cards})
        names = [t.name for t in self.stick_types]
        put(self, "card_kind", {c.id: names.index(c.stick) for c in self.cards})
        put(self, "turnings", {(r.id, k): tuple(f"rot{j}" for j in r.orientations()
                                                 if rotate(r.openings, j) != rotate(r.openings, k))
                               for r in self.rooms for k in range(4)})
        put(self, "stick_turns", {f"{t.name}:{f}": tuple(g for g in dict.fromkeys(t.faces) if g != f)
                                  for t in self.stick_types for f in t.faces})
        put(self, "stick_kind_index", {f"{t.name}:{f}": k for k, t in enumerate(self.stick_types) for f in t.faces})
        put(self, "stick_points", {f"{t.name}:{f}": t.points(f) for t in self.stick_types for f in t.faces})

    def card(self, card_id: str) -> Card:
        return self._card[card_id]

    def room(self, room_id: str) -> Room:
        return self._room[room_id]

    def amulet(self, amulet_id: str) -> Amulet:
        return self._amulet[amulet_id]

    def stick_type(self, name: str) -> StickType:
        return self._stick[name]

    def relic(self, token: str) -> Relic:
        return self._relic[token]

    def amulet_points(self, amulets: tuple[str, ...]) -> int:
        """Points of collected amulets: treasures count, charms are worth 0 (R1.2)."""
        return sum(self._amulet[a].points for a in amulets)


TRAP = "TRAP"
"""The trap tile (R1): a room with no openings and no amulet, starting at the side."""

STANDARD = Ruleset(
    id="standard",
    relics=tuple(Relic(f"s{p}", p, False) for p in (3, 3, 4, 4, 5, 5))
    + tuple(Relic("c6", 6, True) for _ in range(3)),
    rooms=_standard_rooms(),
    amulets=_standard_amulets(),
    stick_types=(
        StickType("brown", ("1", "2", "2", NAGA), 12),
        StickType("violet", ("0", "1", "3", "4"), 12),
        StickType("teal", ("1", "2", NAGA, NAGA), 12),
    ),
    cards=_standard_cards(),
)
"""The standard ruleset (docs/rules.md)."""

RULESETS = {STANDARD.id: STANDARD}
