"""The state of a game: one immutable value (a named tuple of immutable parts).

``State.apply`` is the only door to a change: it checks legality, then returns a
new state and leaves the old one as it was. Setup (R3) is :func:`new_game`.

>>> import random
>>> from naga_widget.rules import Chance, new_game
>>> state, events = new_game(chance=Chance(random.Random(7)))
>>> state.phase, state.round, len(state.hands[0]), len(state.deck)
('call', 1, 5, 38)
>>> later = state.apply(state.legal_actions().sample(random.Random(1)), Chance(random.Random(2)))
>>> later is not state and state.phase == 'call'
True
"""

from __future__ import annotations

import hashlib
import json
from operator import attrgetter
from typing import TYPE_CHECKING, Any, NamedTuple

from .chance import Chance
from .events import Event
from .ruleset import STANDARD, TEMPLE_NAMES, Ruleset
from .temple import Temple

if TYPE_CHECKING:
    from .actions import AnyAction
    from .flow import Outcome
    from .legal import LegalActions

PHASES = ("call", "confront", "place", "give", "over")
"""The step a decision belongs to: R4.1 call, R4.2 confront, R4.3 place, R4.4 give; or over."""


class State(NamedTuple):
    """A position of Naga Raja. Every part is immutable; pairs are indexed by player (0 gold, 1 silver)."""

    ruleset: Ruleset
    phase: str
    to_move: int  # the player whose decision it is; -1 when the game is over
    round: int
    guide: int  # holder of the scroll (R3.6, R4.4.1)
    temples: tuple[Temple, Temple]
    hands: tuple[tuple[str, ...], tuple[str, ...]]  # sorted card ids
    shown: tuple[frozenset[str], frozenset[str]]  # cards in hand or call the opponent knows (given, R6)
    calls: tuple[tuple[str, ...] | None, tuple[str, ...] | None]  # None: not called yet this round
    sticks: tuple[tuple[str, ...], tuple[str, ...]]  # sorted stick tokens "type:face" held
    supply: tuple[int, ...]  # sticks left in the supply, per stick type of the ruleset
    amulets: tuple[tuple[str, ...], tuple[str, ...]]  # collected amulets still held (charms unspent)
    spent: tuple[tuple[str, ...], tuple[str, ...]]  # naga charms spent, face up (public)
    deck: tuple[str, ...]  # sorted: the deck has no order until a card is drawn (see chance.py)
    discard: tuple[str, ...]  # in the order discarded (public)
    rooms: tuple[str, ...]  # the room pile, sorted
    amulet_pile: tuple[str, ...]  # sorted
    offered: tuple[str, str | None] | None  # (room id, amulet lying on it)
    trap: tuple[int, int] | None  # (temple, space), or None when at the side
    passes: int  # consecutive passes in the Confrontation (R4.2.3)
    drawn: tuple[str, ...]  # New Deal cards waiting for the give decision (R4.4.2)
    outcome: Outcome | None

    # -- queries ------------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    @property
    def current_player(self) -> int | None:
        """The player who decides next, or None when the game is over."""
        return None if self.outcome is not None else self.to_move

    def legal_actions(self) -> LegalActions:
        """Every legal decision of the player to move, in a fixed order (R8)."""
        return LegalActions(self)

    def is_legal(self, action: AnyAction | str) -> bool:
        try:
            check(self, Action.coerce(action))
        except IllegalActionError:
            return False
        return True

    def apply(self, action: AnyAction | str | dict[str, Any], chance: Chance | None = None) -> State:
        """The state after ``action`` (checked; raises :class:`IllegalActionError`)."""
        return flow.apply(self, Action.coerce(action), chance, None)

    def transition(
        self, action: AnyAction | str | dict[str, Any], chance: Chance | None = None
    ) -> tuple[State, list[Event]]:
        """Like :meth:`apply`, and also the events it caused, each citing its rule id."""
        log: list[Event] = []
        return flow.apply(self, Action.coerce(action), chance, log), log

    def relic_points(self, player: int) -> int:
        """The public part of the score: face-up relics, cursed ones included (R6)."""
        return self.temples[player].relic_points(self.ruleset)

    def amulet_points(self, player: int) -> int:
        """The secret part of the score: collected treasure amulets (R6)."""
        return self.ruleset.amulet_points(self.amulets[player])

    def score(self, player: int) -> int:
        """R6: face-up relics + collected treasures."""
        return self.relic_points(player) + self.amulet_points(player)

    def cursed_up(self, player: int) -> int:
        """Cursed relics face up in the player's temple (R7.1.1)."""
        return self.temples[player].cursed_up(self.ruleset)

    def fate(self, player: int) -> int:
        """R4.3.1: the sum of the faces of the player's sticks (naga = 0)."""
        points = self.ruleset.stick_points
        return sum(points[s] for s in self.sticks[player])

    def observe(self, viewer: int | str) -> dict[str, Any]:
        """What ``viewer`` knows (R6): 0, 1, ``"spectator"`` or ``"truth"``. See observe.py."""
        return observe_state(self, viewer)

    # -- serialisation ---------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """The full truth as plain JSON (the ``"truth"`` observation)."""
        return observe_state(self, "truth")

    def digest(self) -> str:
        """A short hash of the full state, stable across runs and Python versions."""
        text = json.dumps(self.to_json(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    def __repr__(self) -> str:
        what = f"over, {self.outcome}" if self.outcome else f"{self.phase}, {TEMPLE_NAMES[self.to_move]} to move"
        return f"<State round {self.round}: {what}>"


class Draft:
    """A mutable working copy of a :class:`State`, used only inside a transition (same fields)."""

    ruleset: Ruleset
    phase: str
    to_move: int
    round: int
    guide: int
    temples: tuple[Temple, Temple]
    hands: tuple[tuple[str, ...], tuple[str, ...]]
    shown: tuple[frozenset[str], frozenset[str]]
    calls: tuple[tuple[str, ...] | None, tuple[str, ...] | None]
    sticks: tuple[tuple[str, ...], tuple[str, ...]]
    supply: tuple[int, ...]
    amulets: tuple[tuple[str, ...], tuple[str, ...]]
    spent: tuple[tuple[str, ...], tuple[str, ...]]
    deck: tuple[str, ...]
    discard: tuple[str, ...]
    rooms: tuple[str, ...]
    amulet_pile: tuple[str, ...]
    offered: tuple[str, str | None] | None
    trap: tuple[int, int] | None
    passes: int
    drawn: tuple[str, ...]
    outcome: Outcome | None

    FIELDS = State._fields
    _freeze = attrgetter(*State._fields)

    def __init__(self, state: State) -> None:
        self.__dict__.update(zip(self.FIELDS, state))

    def freeze(self) -> State:
        return tuple.__new__(State, Draft._freeze(self))


def new_game(ruleset: Ruleset = STANDARD, chance: Chance | None = None) -> tuple[State, list[Event]]:
    """R3: deal, shuffle, reveal the first room and throw for the guide. Returns the first state and its events."""
    if chance is None:
        raise ChanceError("new_game needs a Chance (e.g. Chance(random.Random(seed)))")
    log: list[Event] = []
    relics = tuple(r.token for r in ruleset.relics)
    temples = []
    for p in (0, 1):  # R3.1, gold first
        dealt = chance.permutation("relics", relics)
        temples.append(Temple.empty(dealt))
        log.append(Event("R3.1", "deal_relics", f"{TEMPLE_NAMES[p]}'s relics are dealt face down", {"temple": p}))
    empty: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
    state = State(
        ruleset=ruleset, phase="call", to_move=0, round=1, guide=0,
        temples=(temples[0], temples[1]), hands=empty, shown=(frozenset(), frozenset()),
        calls=(None, None), sticks=empty, supply=tuple(t.supply for t in ruleset.stick_types),
        amulets=empty, spent=empty, deck=tuple(sorted(c.id for c in ruleset.cards)), discard=(),
        rooms=tuple(sorted(r.id for r in ruleset.rooms)),
        amulet_pile=tuple(sorted(a.id for a in ruleset.amulets)),
        offered=None, trap=None, passes=0, drawn=(), outcome=None,
    )
    log.append(Event("R3.2", "shuffle", "the room tiles are shuffled into a pile; the trap goes to the side", {}))
    log.append(Event("R3.3", "shuffle", "the amulets are shuffled into a pile", {}))
    log.append(Event("R3.4", "shuffle", "the cards are shuffled into the deck", {}))
    d = Draft(state)
    flow.setup(d, chance, log)
    return d.freeze(), log


# Imported last: these modules use State and Draft.
from . import flow  # noqa: E402
from .actions import Action  # noqa: E402
from .errors import ChanceError, IllegalActionError  # noqa: E402
from .flow import Outcome  # noqa: E402
from .legal import LegalActions, check  # noqa: E402
from .observe import observe_state  # noqa: E402

flow.Draft = Draft  # type: ignore[misc]
