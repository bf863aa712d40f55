"""R8 — which decisions are legal: the checker behind ``apply`` and the lazy list of legal actions.

:func:`check` is the single judge of legality; it raises
:class:`IllegalActionError` naming what was wrong and the rule broken.
:class:`LegalActions` lists the same set (equivalent decisions once, fixed order)
without building every invoke until asked, and samples from it for playouts.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import combinations
from typing import TYPE_CHECKING, Any

from . import effects
from .actions import AnyAction, Call, Give, Invoke, Pass, Place
from .errors import IllegalActionError
from .ruleset import NAGA

if TYPE_CHECKING:
    from .state import State

STEP_NAMES = {"call": "the Call of Fate (R4.1)", "confront": "the Confrontation (R4.2)",
              "place": "the placement of the room (R4.3)", "give": "the New Deal (R4.4)"}


def payments(s: State, p: int) -> tuple[str, ...]:
    """R4.2.2: the ways ``p`` can pay a naga — a stick type showing a naga, or ``"charm"``."""
    held = s.sticks[p]
    pays = tuple(name for name in s.ruleset.stick_names if f"{name}:{NAGA}" in held)
    if any(s.ruleset.amulet(a).is_charm for a in s.amulets[p]):
        pays += ("charm",)
    return pays


def after_paying(s: State, p: int, pay: str) -> tuple[Any, tuple[int, ...]]:
    """Sticks and supply once ``pay`` is paid (the naga stick returns to the supply)."""
    if pay == "charm":
        return s.sticks, s.supply
    token = f"{pay}:{NAGA}"
    held = s.sticks[p]
    i = held.index(token)
    left = held[:i] + held[i + 1:]
    sticks = (left, s.sticks[1]) if p == 0 else (s.sticks[0], left)
    k = s.ruleset.stick_names.index(pay)
    return sticks, s.supply[:k] + (s.supply[k] + 1,) + s.supply[k + 1:]


_PAY_DEPENDENT = frozenset({"E01", "E02", "E04"})


def call_options(s: State, p: int) -> tuple[Call, ...]:
    """R4.1: every non-empty set of cards of one stick type."""
    rs = s.ruleset
    out: list[Call] = []
    for kind in rs.stick_names:
        group = [c for c in s.hands[p] if rs.card(c).stick == kind]
        for n in range(1, len(group) + 1):
            out.extend(Call(cards) for cards in combinations(group, n))
    return tuple(out)


def place_options(s: State, p: int) -> tuple[Place, ...]:
    """R4.3.2: each allowed space, each distinct orientation of the offered room."""
    assert s.offered is not None
    rotations = s.ruleset.room(s.offered[0]).orientations()
    return tuple(Place(space, k) for space in s.temples[p].placements() for k in rotations)


class LegalActions:
    """The legal decisions of the player to move. Supports ``len``, ``in``, iteration and ``sample``.

    Order: ``pass`` first, then invokes by card, payment (stick types, then charm) and target;
    calls by stick type, size and cards; placements by space and rotation; gives by card.
    """

    __slots__ = ("_s", "player", "phase", "_fixed", "_heads", "_cache")

    def __init__(self, state: State) -> None:
        self._s = state
        self.player = state.current_player
        self.phase = state.phase
        self._cache: dict[tuple[str, str], tuple[tuple[str, ...], ...]] = {}
        self._heads: tuple[tuple[str, str], ...] = ()
        fixed: tuple[AnyAction, ...] | None = ()
        p = state.to_move
        if state.outcome is not None:
            fixed = ()
        elif state.phase == "call":
            fixed = call_options(state, p)
        elif state.phase == "place":
            fixed = place_options(state, p)
        elif state.phase == "give":
            fixed = tuple(Give(c) for c in dict.fromkeys(state.drawn))
        else:
            fixed = None
            self._heads = self._find_heads(state, p)
        self._fixed = fixed

    def _find_heads(self, s: State, p: int) -> tuple[tuple[str, str], ...]:
        pays = payments(s, p)
        if not pays:
            return ()
        rs = s.ruleset
        heads = []
        ok: dict[tuple[str, str], bool] = {}
        for card in s.hands[p]:
            effect = rs.card(card).effect
            for pay in pays:
                key = (effect, pay if effect in _PAY_DEPENDENT else "")
                if key not in ok:
                    sticks, supply = after_paying(s, p, pay)
                    ok[key] = effects.has_target(s, p, effect, sticks, supply)
                if ok[key]:
                    heads.append((card, pay))
        return tuple(heads)

    # -- the confrontation's two-level menu -----------------------------------------------------
    def invoke_heads(self) -> tuple[tuple[str, str], ...]:
        """The (card, payment) pairs that can be invoked now."""
        return self._heads

    def targets(self, card: str, pay: str) -> tuple[tuple[str, ...], ...]:
        """The legal targets of invoking ``card`` paid with ``pay``."""
        if (card, pay) not in self._heads:
            return ()
        s, p = self._s, self._s.to_move
        effect = s.ruleset.card(card).effect
        key = (effect, pay if effect in _PAY_DEPENDENT else "")
        found = self._cache.get(key)
        if found is None:
            sticks, supply = after_paying(s, p, pay)
            found = self._cache[key] = effects.targets(s, p, effect, sticks, supply)
        return found

    # -- the collection ---------------------------------------------------------------------------
    def __iter__(self) -> Iterator[AnyAction]:
        if self._fixed is not None:
            yield from self._fixed
            return
        yield Pass()
        for card, pay in self._heads:
            for target in self.targets(card, pay):
                yield Invoke(card, pay, target)

    def __len__(self) -> int:
        if self._fixed is not None:
            return len(self._fixed)
        return 1 + sum(len(self.targets(c, p)) for c, p in self._heads)

    def __bool__(self) -> bool:
        return self._fixed is None or bool(self._fixed)

    def __contains__(self, action: object) -> bool:
        try:
            check(self._s, action)  # type: ignore[arg-type]
        except IllegalActionError:
            return False
        return True

    def sample(self, rng: random.Random) -> AnyAction:
        """A random legal action, drawn without listing every invoke.

        Distribution: in the Confrontation, uniform over ``pass`` and the invoke heads
        (card, payment), then uniform over that head's targets; elsewhere uniform over
        the legal actions.
        """
        fixed = self._fixed
        if fixed is not None:
            if not fixed:
                raise IllegalActionError("no legal action: the game is over", "R7")
            return fixed[int(rng.random() * len(fixed))]
        heads = self._heads
        i = int(rng.random() * (len(heads) + 1))
        if i == len(heads):
            return Pass()
        card, pay = heads[i]
        options = self.targets(card, pay)
        return Invoke(card, pay, options[int(rng.random() * len(options))])

    def __repr__(self) -> str:
        return f"<LegalActions {self.phase}: {len(self)} actions>"


# -- the checker --------------------------------------------------------------------------------
def check(s: State, action: AnyAction) -> None:
    """Raise :class:`IllegalActionError` unless ``action`` is legal for the player to move."""
    if s.outcome is not None:
        raise IllegalActionError("the game is over; no action is possible", "R7")
    phase = s.phase
    expected = {"call": Call, "confront": (Pass, Invoke), "place": Place, "give": Give}[phase]
    if not isinstance(action, expected):  # type: ignore[arg-type]
        kind = getattr(action, "kind", type(action).__name__)
        raise IllegalActionError(f"'{kind}' is not a decision of {STEP_NAMES[phase]}", phase_rule(phase))
    p = s.to_move
    rs = s.ruleset
    if isinstance(action, Call):
        cards = action.cards
        if not cards:
            raise IllegalActionError("a call needs at least one card", "R4.1")
        if len(set(cards)) != len(cards):
            raise IllegalActionError(f"a card is named twice in {' '.join(cards)}", "R4.1")
        missing = [c for c in cards if c not in s.hands[p]]
        if missing:
            raise IllegalActionError(f"{', '.join(missing)} not in your hand", "R4.1")
        kinds = {rs.card(c).stick for c in cards}
        if len(kinds) > 1:
            raise IllegalActionError(f"called cards must show one stick type, these show {sorted(kinds)}", "R4.1")
    elif isinstance(action, Invoke):
        _check_invoke(s, p, action)
    elif isinstance(action, Place):
        _check_place(s, p, action)
    elif isinstance(action, Give):
        if action.card not in s.drawn:
            raise IllegalActionError(f"{action.card} is not one of the drawn cards {' '.join(s.drawn)}", "R4.4")


def phase_rule(phase: str) -> str:
    return {"call": "R4.1", "confront": "R4.2", "place": "R4.3", "give": "R4.4"}[phase]


def _check_invoke(s: State, p: int, action: Invoke) -> None:
    rs = s.ruleset
    if action.card not in s.hands[p]:
        raise IllegalActionError(f"{action.card} is not in your hand", "R4.2")
    pays = payments(s, p)
    if action.pay not in pays:
        if action.pay == "charm":
            why = "you hold no unspent naga charm"
        elif action.pay in rs.stick_names:
            why = f"you hold no {action.pay} stick showing a naga"
        else:
            why = f"'{action.pay}' is not a payment (a stick type showing a naga, or 'charm')"
        raise IllegalActionError(f"cannot pay: {why}", "R4.2")
    effect = rs.card(action.card).effect
    sticks, supply = after_paying(s, p, action.pay)
    if not effects.has_target(s, p, effect, sticks, supply):
        raise IllegalActionError(f"{action.card} ({effect} {effects.NAMES[effect]}) has no legal target "
                                 "after paying", effect)
    if not effects.is_target(s, p, effect, sticks, supply, action.target):
        got = " ".join(action.target) or "no target"
        raise IllegalActionError(f"{effects.NAMES[effect]}: '{got}' is not a legal target; expected "
                                 f"{effects.HINTS[effect]}", effect)


def _check_place(s: State, p: int, action: Place) -> None:
    assert s.offered is not None
    if not 0 <= action.space <= 8:
        raise IllegalActionError(f"space {action.space} is not on the board (0–8)", "R2.1")
    temple = s.temples[p]
    if temple.tiles[action.space] is not None:
        raise IllegalActionError(f"space {action.space} is not empty", "R4.3")
    if action.space not in temple.placements():
        raise IllegalActionError(f"space {action.space} is neither in row 2 nor next to a tile", "R4.3")
    room = s.ruleset.room(s.offered[0])
    if action.rotation not in room.orientations():
        raise IllegalActionError(f"rotation {action.rotation} of {room.shape} {room.id}: name each orientation "
                                 f"by its smallest rotation, one of {list(room.orientations())}", "R4.3")
