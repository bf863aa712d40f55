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
from typing import Any

from . import flow, pictures
from .actions import Action, AnyAction
from .chance import Chance
from .draft import Draft
from .errors import ActionError, ChanceError
from .events import Event
from .legal import LegalView, canonical, check
from .observe import Observation, observe_state
from .position import Position
from .ruleset import STANDARD, TEMPLE_NAMES, Ruleset
from .steps import Phase
from .temple import Temple


class State(Position):
    """A position of Naga Raja (the fields of :class:`Position`) and the doors to the rules.

    Every part is immutable; pairs are indexed by player (0 gold, 1 silver).
    """

    __slots__ = ()

    def legal_actions(self) -> LegalView:
        """Every legal decision of the player to move, in a fixed order (R8): a lazy view of this state
        (``.detached()`` gives a value that holds only the actions)."""
        return LegalView(self)

    def canonical(self, action: AnyAction | str | dict[str, Any]) -> AnyAction:
        """The engine's own value of ``action`` here: read (raises :class:`ActionFormatError`), and an
        equivalent spelling turned into the listed one (:func:`~.legal.canonical`). Not checked."""
        return canonical(self, Action.coerce(action))

    def is_legal(self, action: AnyAction | str | dict[str, Any]) -> bool:
        """Would :meth:`apply` accept ``action`` (in any of its forms and equivalent spellings)?"""
        try:
            check(self, Action.coerce(action))  # the check accepts an equivalent spelling
        except ActionError:
            return False
        return True

    def apply(self, action: AnyAction | str | dict[str, Any], chance: Chance | None = None) -> State:
        """The state after ``action`` (read, checked, and carried out as its canonical value;
        raises :class:`IllegalActionError`)."""
        return flow.apply(self, Action.coerce(action), chance, None)

    def transition(
        self, action: AnyAction | str | dict[str, Any], chance: Chance | None = None
    ) -> tuple[State, list[Event]]:
        """Like :meth:`apply`, and also the events it caused, each citing its rule id."""
        log: list[Event] = []
        return flow.apply(self, Action.coerce(action), chance, log), log

    def observe(self, viewer: int | str) -> Observation:
        """What ``viewer`` knows (R6): 0, 1, ``"spectator"`` or ``"truth"``. See observe.py."""
        return observe_state(self, viewer)

    # -- serialisation ---------------------------------------------------------------------------
    def to_json(self) -> Observation:
        """The full truth as plain JSON (the ``"truth"`` observation)."""
        return observe_state(self, "truth")

    def digest(self) -> str:
        """A short hash of the full state, stable across runs and Python versions."""
        text = json.dumps(self.to_json(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    def _repr_svg_(self) -> str:
        """The board as the whole truth sees it (R6 ``"truth"``), for a notebook cell (drawn by
        :mod:`.svg`, loaded on first use)."""
        return pictures.draw(self.observe("truth"))

    def __repr__(self) -> str:
        what = f"over, {self.outcome}" if self.outcome else f"{self.phase}, {TEMPLE_NAMES[self.to_move]} to move"
        return f"<State round {self.round}: {what}>"


def new_game(ruleset: Ruleset = STANDARD, chance: Chance | None = None) -> tuple[State, list[Event]]:
    """R3.1–R3.3: deal the relics and shuffle the piles, then the rest of the setup (R3.4–R3.6, flow.py).

    Returns the first state and the events of the setup.
    """
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
        ruleset=ruleset, phase=Phase.CALL, to_move=0, round=1, guide=0,
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
