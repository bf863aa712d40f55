"""R8 — which decisions are legal: the checker behind ``apply`` and the lazy list of legal actions.

:func:`check` is the single judge of legality; it raises
:class:`IllegalActionError` naming what was wrong and the rule broken.
:class:`LegalActions` lists the same set (equivalent decisions once, fixed order)
without building every invoke until asked, and samples from it for playouts.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from functools import partial
from itertools import combinations
from typing import TYPE_CHECKING, Any

from . import effects
from .actions import Action, AnyAction, Call, Give, Invoke, Pass, Place
from .errors import IllegalActionError
from .ruleset import NAGA

if TYPE_CHECKING:
    from .state import State

STEP_NAMES = {"call": "the Call of Fate", "confront": "the Confrontation",
              "place": "the Exploration (placing the room)", "give": "the New Deal (giving a card)"}


def payments(s: State, p: int) -> tuple[str, ...]:
    """R4.2.2: the ways ``p`` can pay a naga — a stick type showing a naga, or ``"charm"``."""
    held = s.sticks[p]
    pays = tuple([name for name, token in s.ruleset.naga_tokens if token in held])
    if s.amulets[p] and not s.ruleset.charm_ids.isdisjoint(s.amulets[p]):
        pays += ("charm",)
    return pays


def after_paying(s: State, p: int, pay: str) -> tuple[Any, tuple[int, ...]]:
    """Sticks and supply once ``pay`` is paid (the naga stick returns to the supply)."""
    if pay == "charm":
        return s.sticks, s.supply
    held = s.sticks[p]
    i = held.index(pay + ":" + NAGA)
    left = held[:i] + held[i + 1:]
    sticks = (left, s.sticks[1]) if p == 0 else (s.sticks[0], left)
    k = s.ruleset.stick_names.index(pay)
    return sticks, s.supply[:k] + (s.supply[k] + 1,) + s.supply[k + 1:]


_PAY_DEPENDENT = frozenset({"E01", "E02", "E04"})


def call_groups(s: State, p: int) -> list[list[str]]:
    """R4.1: the player's cards grouped by stick type, in the ruleset's order of types
    (a call is a non-empty subset of one group)."""
    kind = s.ruleset.card_kind
    groups: list[list[str]] = [[] for _ in s.ruleset.stick_types]
    for c in s.hands[p]:
        groups[kind[c]].append(c)
    return [g for g in groups if g]


def invoke_heads(s: State, p: int) -> tuple[tuple[str, str], ...]:
    """R4.2.2: the (card, payment) pairs whose effect has a target after paying."""
    pays = payments(s, p)
    if not pays:
        return ()
    effect_of = s.ruleset.card_effect
    heads: list[tuple[str, str]] = []
    ok: dict[str | tuple[str, str], bool] = {}
    for card in s.hands[p]:
        effect = effect_of[card]
        if effect not in _PAY_DEPENDENT:  # the payment cannot change whether it has a target
            found = ok.get(effect)
            if found is None:
                found = ok[effect] = effects.has_target(s, p, effect, s.sticks, s.supply)
            if found:
                heads.extend((card, pay) for pay in pays)
            continue
        for pay in pays:
            found = ok.get((effect, pay))
            if found is None:
                sticks, supply = after_paying(s, p, pay)
                found = ok[(effect, pay)] = effects.has_target(s, p, effect, sticks, supply)
            if found:
                heads.append((card, pay))
    return tuple(heads)


def invoke_targets(s: State, p: int, card: str, pay: str) -> tuple[tuple[str, ...], ...]:
    """The legal targets of ``card`` paid with ``pay`` (R5, after paying)."""
    effect = s.ruleset.card_effect[card]
    if effect not in _PAY_DEPENDENT:
        return effects.targets(s, p, effect, s.sticks, s.supply)
    sticks, supply = after_paying(s, p, pay)
    return effects.targets(s, p, effect, sticks, supply)


def sample_action(s: State, rng: random.Random) -> AnyAction:
    """A random legal action for the player to move, drawn without listing every action.

    The distribution (that of ``RandomBot``): in the Confrontation, uniform over ``pass``
    and the invoke heads (card, payment), then uniform over that head's targets; in the
    other steps uniform over all legal actions. ``s`` may also be a draft.
    """
    if s.outcome is not None:
        raise IllegalActionError("no legal action: the game is over", "R7")
    phase = s.phase
    p = s.to_move
    if phase == "confront":
        return _pick_invoke(rng, invoke_heads(s, p), partial(invoke_targets, s, p))
    if phase == "call":
        return _pick_call(rng, call_groups(s, p))
    if phase == "place":
        assert s.offered is not None
        return _pick_place(rng, s.temples[p].placements(), s.ruleset.room(s.offered[0]).orientations())
    return _pick_give(rng, s.drawn)


# The four draws of sample_action, shared with detached LegalActions (same distribution, same rng use).
def _pick_invoke(rng: random.Random, heads: tuple[tuple[str, str], ...],
                 targets: Callable[[str, str], tuple[tuple[str, ...], ...]]) -> AnyAction:
    i = int(rng.random() * (len(heads) + 1))
    if i == len(heads):
        return Pass()
    card, pay = heads[i]
    options = targets(card, pay)
    return Invoke(card, pay, options[int(rng.random() * len(options))])


def _pick_call(rng: random.Random, groups: list[list[str]]) -> Call:
    """A group by its number of non-empty subsets, then one of them: uniform over all calls."""
    sizes = [(1 << len(g)) - 1 for g in groups]
    r = int(rng.random() * sum(sizes))
    for group, n in zip(groups, sizes):
        if r < n:
            mask = int(rng.random() * n) + 1
            return Call(tuple([c for i, c in enumerate(group) if mask >> i & 1]))
        r -= n
    raise AssertionError("a call is drawn from a non-empty hand")


def _pick_place(rng: random.Random, spaces: tuple[int, ...], rotations: tuple[int, ...]) -> Place:
    i = int(rng.random() * len(spaces) * len(rotations))
    return Place(spaces[i // len(rotations)], rotations[i % len(rotations)])


def _pick_give(rng: random.Random, drawn: tuple[str, ...]) -> Give:
    return Give(drawn[int(rng.random() * len(drawn))])  # drawn card ids are distinct


class LegalActions:
    """The legal decisions of the player to move. Supports ``len``, ``in``, iteration and ``sample``.

    Order: ``pass`` first, then invokes by card, payment (stick types, then charm) and target;
    calls by stick type, size and cards; placements by space and rotation; gives by card.
    Nothing is listed until asked, and ``sample`` draws without building the list.
    :meth:`detached` gives a copy that holds only the legal actions, not the state: that
    is what bots receive.
    """

    __slots__ = ("_s", "player", "phase", "_list", "_heads", "_targets", "_set", "_groups")

    def __init__(self, state: State) -> None:
        self._s: State | None = state
        over = state.outcome is not None
        self.player = None if over else state.to_move
        self.phase = "over" if over else state.phase
        self._list: tuple[AnyAction, ...] | None = None
        self._heads: tuple[tuple[str, str], ...] | None = None
        self._targets: dict[tuple[str, str], tuple[tuple[str, ...], ...]] | None = None
        self._set: frozenset[AnyAction] | None = None
        self._groups: list[list[str]] = []

    def detached(self) -> LegalActions:
        """The same legal actions, listed once, without any reference to the state."""
        copy = object.__new__(LegalActions)
        copy.player, copy.phase = self.player, self.phase
        copy._list = self._listed()
        copy._heads = self.invoke_heads()
        copy._targets = {head: self.targets(*head) for head in copy._heads}
        copy._set = frozenset(copy._list)
        s = self._s
        copy._groups = call_groups(s, s.to_move) if s is not None and self.phase == "call" else self._groups
        copy._s = None
        return copy

    def _listed(self) -> tuple[AnyAction, ...]:
        if self._list is None:
            s, phase = self._s, self.phase
            assert s is not None
            p = s.to_move
            found: tuple[AnyAction, ...] = ()
            if phase == "call":
                found = tuple(Call(cards) for group in call_groups(s, p)
                              for n in range(1, len(group) + 1) for cards in combinations(group, n))
            elif phase == "place":
                assert s.offered is not None
                rotations = s.ruleset.room(s.offered[0]).orientations()
                found = tuple(Place(space, k) for space in s.temples[p].placements() for k in rotations)
            elif phase == "give":
                found = tuple(Give(c) for c in s.drawn)
            elif phase == "confront":
                found = (Pass(),) + tuple(Invoke(card, pay, target) for card, pay in self.invoke_heads()
                                          for target in self.targets(card, pay))
            self._list = found
        return self._list

    # -- the confrontation's two-level menu -----------------------------------------------------
    def invoke_heads(self) -> tuple[tuple[str, str], ...]:
        """The (card, payment) pairs that can be invoked now."""
        if self._heads is None:
            s = self._s
            assert s is not None
            self._heads = invoke_heads(s, s.to_move) if self.phase == "confront" else ()
        return self._heads

    def targets(self, card: str, pay: str) -> tuple[tuple[str, ...], ...]:
        """The legal targets of invoking ``card`` paid with ``pay`` (empty if that is not possible)."""
        if self._targets is not None:
            return self._targets.get((card, pay), ())
        if (card, pay) not in self.invoke_heads():
            return ()
        s = self._s
        assert s is not None
        return invoke_targets(s, s.to_move, card, pay)

    # -- the collection ---------------------------------------------------------------------------
    def __iter__(self) -> Iterator[AnyAction]:
        return iter(self._listed())

    def __len__(self) -> int:
        return len(self._listed())

    def __bool__(self) -> bool:
        return self.phase != "over"

    def __contains__(self, action: object) -> bool:
        """``a in legal`` for an action value, its text form or its JSON form."""
        try:
            action = Action.coerce(action)  # type: ignore[arg-type]
            if self._s is None:
                return action in self._set  # type: ignore[operator]
            check(self._s, action)  # type: ignore[arg-type]
        except IllegalActionError:
            return False
        return True

    def sample(self, rng: random.Random) -> AnyAction:
        """A random legal action; the distribution is documented at :func:`sample_action`."""
        if self._s is not None:
            return sample_action(self._s, rng)
        phase, listed = self.phase, self._listed()
        if phase == "over":
            raise IllegalActionError("no legal action: the game is over", "R7")
        if phase == "confront":
            return _pick_invoke(rng, self.invoke_heads(), self.targets)
        if phase == "call":
            return _pick_call(rng, self._groups)
        if phase == "place":
            spaces = tuple(dict.fromkeys(a.space for a in listed))  # type: ignore[union-attr]
            rotations = tuple(dict.fromkeys(a.rotation for a in listed))  # type: ignore[union-attr]
            return _pick_place(rng, spaces, rotations)
        return _pick_give(rng, tuple(a.card for a in listed))  # type: ignore[union-attr]

    def __repr__(self) -> str:
        return f"<LegalActions {self.phase}: {len(self)} actions>"


# -- the checker --------------------------------------------------------------------------------
def check(s: State, action: AnyAction) -> None:
    """Raise :class:`IllegalActionError` unless ``action`` is legal for the player to move."""
    if s.outcome is not None:
        raise IllegalActionError("the game is over; no action is possible", "R7")
    phase = s.phase
    if not isinstance(action, _EXPECTED[phase]):
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
        hand = s.hands[p]
        missing = [c for c in cards if c not in hand]
        if missing:
            raise IllegalActionError(f"{', '.join(missing)} not in your hand", "R4.1")
        kinds = {rs.card_stick[c] for c in cards}
        if len(kinds) > 1:
            raise IllegalActionError(f"called cards must show one stick type, these show {sorted(kinds)}", "R4.1")
    elif isinstance(action, Invoke):
        _check_invoke(s, p, action)
    elif isinstance(action, Place):
        _check_place(s, p, action)
    elif isinstance(action, Give):
        if action.card not in s.drawn:
            raise IllegalActionError(f"{action.card} is not one of the drawn cards {' '.join(s.drawn)}", "R4.4")


_EXPECTED: dict[str, Any] = {"call": Call, "confront": (Pass, Invoke), "place": Place, "give": Give}


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
