"""R6 — what each viewer knows: the one function that decides what may be shown.

``observe_state(state, viewer)`` returns plain JSON data. ``viewer`` is

- ``0`` or ``1``: that player's knowledge — own hand and call, own amulets, the
  relics they saw or remember, and everything public;
- ``"spectator"``: public facts only;
- ``"truth"``: everything (the teacher's view, and the form used for digests).

Public facts: the temples' tiles, face-up relics and relics that were once face up,
that an amulet lies on a tile (not which), sticks, calls once revealed and their
sizes before, hand and amulet counts, spent charms, a card given in the New Deal
(known to be held, in the hand or the face-down call — not which),
the discard pile, the sizes of the deck and piles, the relic part of each score.
When the game ends, every player's amulets are shown (R7.2).
"""

from __future__ import annotations

from typing import NotRequired, TypedDict, cast

from .errors import is_choice
from .outcome import OutcomeJSON
from .position import Position
from .ruleset import TEMPLE_NAMES, TRAP, openings_text
from .steps import Phase
from .temple import SLOT_NAMES, Temple

VIEWERS = (0, 1, "spectator", "truth")


# -- the observation's shape: the contract between the engine, the bots, the sampler, the envs and the widget
class SpaceView(TypedDict):
    """A tile on a space; ``amulet`` is the amulet's id for the truth, ``True`` for others, or None."""

    room: str
    trap: bool
    rotation: int
    openings: str
    reached: bool
    amulet: str | bool | None


class RelicView(TypedDict):
    """A relic slot: ``relic`` is the token if the viewer knows it; ``remembered``: known but face down."""

    slot: str
    up: bool
    relic: str | None
    remembered: bool


class TempleView(TypedDict):
    """A temple: its nine spaces (None where empty) and nine relic slots in canonical order."""

    owner: int
    name: str
    spaces: list[SpaceView | None]
    relics: list[RelicView]


class PlayerView(TypedDict):
    """A player as the viewer knows them: None where the viewer may not know (a hand, a call, amulets)."""

    player: int
    name: str
    hand: list[str] | None
    hand_count: int
    known_cards: list[str]
    called: bool
    call: list[str] | None
    call_count: int
    sticks: list[str]
    fate: int
    amulets: list[str] | None
    amulet_count: int
    spent_charms: list[str]
    relic_points: int
    score: int | None
    cursed_up: int


class OfferedView(TypedDict):
    """The offered room; ``amulet`` as in :class:`SpaceView`."""

    room: str
    openings: str
    amulet: str | bool | None


class Observation(TypedDict):
    """What a viewer knows (:func:`observe_state`); the four fields at the end are the truth's only."""

    viewer: int | str
    ruleset: str
    round: int
    phase: str
    to_move: int | None
    guide: int
    passes: int
    temples: list[TempleView]
    players: list[PlayerView]
    offered: OfferedView | None
    trap: str
    supply: dict[str, int]
    deck_count: int
    discard: list[str]
    rooms_left: int
    amulets_left: int
    drawn: list[str] | None
    drawn_count: int
    outcome: OutcomeJSON | None
    deck: NotRequired[list[str]]
    room_pile: NotRequired[list[str]]
    amulet_pile: NotRequired[list[str]]
    knowledge: NotRequired[list[list[int]]]


def check_viewer(viewer: object) -> None:
    """A viewer of R6: player 0 or 1, ``"spectator"`` or ``"truth"`` (``True`` is not player 1)."""
    if not is_choice(viewer, VIEWERS):
        raise ValueError(f"viewer must be 0, 1, 'spectator' or 'truth', not {viewer!r}")


def observe_state(s: Position, viewer: object) -> Observation:
    """What ``viewer`` knows of ``s`` (R6), as JSON-ready data (``viewer`` is checked here)."""
    check_viewer(viewer)
    viewer = cast("int | str", viewer)
    truth = viewer == "truth"
    view: Observation = {
        "viewer": viewer,
        "ruleset": s.ruleset.id,
        "round": s.round,
        "phase": s.phase.value,
        "to_move": s.current_player,
        "guide": s.guide,
        "passes": s.passes,
        "temples": [_temple_view(temple, t, viewer) for t, temple in enumerate(s.temples)],
        "players": [_player_view(s, p, viewer) for p in (0, 1)],
        "offered": _offered_view(s, truth),
        "trap": "side" if s.trap is None else f"{TEMPLE_NAMES[s.trap[0]]}:{s.trap[1]}",
        "supply": dict(zip(s.ruleset.stick_names, s.supply)),
        "deck_count": len(s.deck),
        "discard": list(s.discard),
        "rooms_left": len(s.rooms),
        "amulets_left": len(s.amulet_pile),
        "drawn": list(s.drawn) if _sees(viewer, s.guide) and s.phase == Phase.GIVE else None,
        "drawn_count": len(s.drawn),
        "outcome": s.outcome.to_json() if s.outcome is not None else None,
    }
    if truth:
        view["deck"] = list(s.deck)
        view["room_pile"] = list(s.rooms)
        view["amulet_pile"] = list(s.amulet_pile)
        view["knowledge"] = [[temple.known[k] for k in range(3)] for temple in s.temples]
    return view


def _sees(viewer: int | str, p: int) -> bool:
    """Does ``viewer`` see player ``p``'s secrets (their own, or the full truth)?"""
    return viewer == "truth" or viewer == p


def call_hidden(caller: int, viewer: int | str) -> bool:
    """Is the call ``caller`` makes face down for ``viewer`` when it is made (R4.1, R6)? For everyone but
    the caller and the truth, who read only its number of cards. The one owner of that fact: the
    observation (a call is revealed in the Confrontation, R4.2.1), a step's label (which keeps the moment
    the call was made) and a search's view of its opponent's call (``bots.ismcts.seen_as``) ask here.

    >>> call_hidden(0, 1), call_hidden(0, 0), call_hidden(1, "truth"), call_hidden(1, "spectator")
    (True, False, False, True)
    """
    return not _sees(viewer, caller)


def _temple_view(temple: Temple, owner: int, viewer: int | str) -> TempleView:
    """A temple's tiles (an amulet on a tile shown as ``True`` unless the truth) and its relics as known."""
    truth = viewer == "truth"
    memory = viewer if isinstance(viewer, int) else 2  # which knowledge mask applies (2: public memory)
    reached = temple.reached()
    spaces: list[SpaceView | None] = []
    for i, tile in enumerate(temple.tiles):
        if tile is None:
            spaces.append(None)
            continue
        lying = temple.amulets[i]
        spaces.append({
            "room": tile.room, "trap": tile.room == TRAP, "rotation": tile.rotation,
            "openings": openings_text(tile.openings), "reached": bool(reached >> i & 1),
            "amulet": (lying if truth else True) if lying is not None else None,
        })
    relics: list[RelicView] = []
    for i, relic in enumerate(temple.relics):
        up = bool(temple.up >> i & 1)
        known = truth or up or bool(temple.known[memory] >> i & 1)
        relics.append({
            "slot": SLOT_NAMES[i], "up": up, "relic": relic if known else None,
            "remembered": not up and known and not truth,
        })
    return {"owner": owner, "name": TEMPLE_NAMES[owner], "spaces": spaces, "relics": relics}


def _player_view(s: Position, p: int, viewer: int | str) -> PlayerView:
    """A player's hand, call, sticks, amulets and score, as far as ``viewer`` may know them."""
    hand = s.hands[p]
    call = s.calls[p]
    shown = s.shown[p]
    own = _sees(viewer, p)
    amulets_known = own or s.outcome is not None  # every amulet is shown when the game ends
    revealed_calls = s.phase != Phase.CALL  # revealed in the Confrontation (R4.2.1), also if the game ended there
    return {
        "player": p, "name": TEMPLE_NAMES[p],
        "hand": list(hand) if own else None,
        "hand_count": len(hand),
        # a card given in the New Deal: known to be held, but not whether it lies in the hand or in the
        # face-down call (R6: the call is its owner's secret until revealed)
        "known_cards": sorted(c for c in (*hand, *(call or ())) if c in shown),
        "called": call is not None,
        "call": list(call) if call is not None and (not call_hidden(p, viewer) or revealed_calls) else None,
        "call_count": len(call) if call is not None else 0,
        "sticks": list(s.sticks[p]),
        "fate": s.fate(p),
        "amulets": list(s.amulets[p]) if amulets_known else None,
        "amulet_count": len(s.amulets[p]),
        "spent_charms": list(s.spent[p]),
        "relic_points": s.relic_points(p),
        "score": s.score(p) if amulets_known else None,
        "cursed_up": s.cursed_up(p),
    }


def _offered_view(s: Position, truth: bool) -> OfferedView | None:
    """The offered room (R3.5, R4.4.3); the amulet on it is hidden from everyone but the truth."""
    if s.offered is None:
        return None
    room, lying = s.offered
    return {"room": room, "openings": openings_text(s.ruleset.room(room).openings),
            "amulet": (lying if truth else True) if lying is not None else None}
