"""R8 — which decisions are legal: the checker behind ``apply`` and the lists of legal actions.

:func:`check` is the single judge of legality; it raises
:class:`IllegalActionError` naming what was wrong and the rule broken.
:class:`LegalActions` lists the same set (equivalent decisions once, fixed order), in two
kinds: :class:`LegalView`, a lazy view of a state that builds no invoke until asked and
samples from it for playouts, and :class:`DetachedLegal`, a value holding only the actions
(what a bot receives).
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator, Mapping
from functools import partial
from itertools import combinations
from typing import Any, cast

from .actions import Action, AnyAction, Call, Give, Invoke, Pass, Place
from .draft import Readable
from .effects import EFFECTS, Sticks
from .errors import ActionError, IllegalActionError, is_int, quote
from .position import Position
from .ruleset import NAGA, rotate
from .steps import STEPS, Phase

_HAS_TARGET = {e.id: e.has_target for e in EFFECTS.values()}
_TARGETS = {e.id: e.targets for e in EFFECTS.values()}
_PAY_MATTERS = frozenset(e.id for e in EFFECTS.values() if e.pay_matters)

# The phases as module globals: legality is asked at every step of a game, and a global is read
# several times faster than an enum member (``Phase.CALL``).
_CALL, _CONFRONT, _PLACE, _GIVE, _OVER = Phase.CALL, Phase.CONFRONT, Phase.PLACE, Phase.GIVE, Phase.OVER


def payments(s: Readable, p: int) -> tuple[str, ...]:
    """R4.2.2: the ways ``p`` can pay a naga — a stick type showing a naga, or ``"charm"``."""
    held = s.sticks[p]
    pays = tuple([name for name, token in s.ruleset.naga_tokens if token in held])
    if s.amulets[p] and not s.ruleset.charm_ids.isdisjoint(s.amulets[p]):
        pays += ("charm",)
    return pays


def after_paying(s: Readable, p: int, pay: str) -> tuple[Sticks, tuple[int, ...]]:
    """Sticks and supply once ``pay`` is paid (the naga stick returns to the supply)."""
    if pay == "charm":
        return s.sticks, s.supply
    held = s.sticks[p]
    i = held.index(pay + ":" + NAGA)
    left = held[:i] + held[i + 1:]
    sticks = (left, s.sticks[1]) if p == 0 else (s.sticks[0], left)
    k = s.ruleset.stick_names.index(pay)
    return sticks, s.supply[:k] + (s.supply[k] + 1,) + s.supply[k + 1:]


def call_groups(s: Readable, p: int) -> list[list[str]]:
    """R4.1: the player's cards grouped by stick type, in the ruleset's order of types
    (a call is a non-empty subset of one group)."""
    kind = s.ruleset.card_kind
    groups: list[list[str]] = [[] for _ in s.ruleset.stick_types]
    for c in s.hands[p]:
        groups[kind[c]].append(c)
    return [g for g in groups if g]


def invoke_heads(s: Readable, p: int) -> tuple[tuple[str, str], ...]:
    """R4.2.2: the (card, payment) pairs whose effect has a target after paying."""
    pays = payments(s, p)
    if not pays:
        return ()
    effect_of = s.ruleset.card_effect
    heads: list[tuple[str, str]] = []
    ok: dict[str | tuple[str, str], bool] = {}
    for card in s.hands[p]:
        effect = effect_of[card]
        if effect not in _PAY_MATTERS:  # the payment cannot change whether it has a target
            found = ok.get(effect)
            if found is None:
                found = ok[effect] = _HAS_TARGET[effect](s, p, s.sticks, s.supply)
            if found:
                heads.extend((card, pay) for pay in pays)
            continue
        for pay in pays:
            found = ok.get((effect, pay))
            if found is None:
                sticks, supply = after_paying(s, p, pay)
                found = ok[(effect, pay)] = _HAS_TARGET[effect](s, p, sticks, supply)
            if found:
                heads.append((card, pay))
    return tuple(heads)


def invoke_targets(s: Readable, p: int, card: str, pay: str) -> tuple[tuple[str, ...], ...]:
    """The legal targets of ``card`` paid with ``pay`` (R5, after paying)."""
    effect = s.ruleset.card_effect[card]
    if effect not in _PAY_MATTERS:
        return _TARGETS[effect](s, p, s.sticks, s.supply)
    sticks, supply = after_paying(s, p, pay)
    return _TARGETS[effect](s, p, sticks, supply)


def sample_action(s: Readable, rng: random.Random) -> AnyAction:
    """A random legal action for the player to move, drawn without listing every action.

    The distribution (that of ``RandomBot``): in the Confrontation, uniform over ``pass``
    and the invoke heads (card, payment), then uniform over that head's targets; in the
    other steps uniform over all legal actions. ``s`` may also be a draft.
    """
    if s.outcome is not None:
        raise IllegalActionError("no legal action: the game is over", "R7")
    phase = s.phase
    p = s.to_move
    if phase == _CONFRONT:
        return _pick_invoke(rng, invoke_heads(s, p), partial(invoke_targets, s, p))
    if phase == _CALL:
        return _pick_call(rng, call_groups(s, p))
    if phase == _PLACE:
        assert s.offered is not None
        return _pick_place(rng, s.temples[p].placements(), s.ruleset.room(s.offered[0]).orientations())
    return _pick_give(rng, s.drawn)


# The four draws of sample_action, shared with DetachedLegal (same distribution, same rng use).
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


class LegalActions(ABC):
    """The legal decisions of the player to move. Supports ``len``, ``in``, iteration and ``sample``.

    Order: ``pass`` first, then invokes by card, payment (stick types, then charm) and target;
    calls by stick type, size and cards; placements by space and rotation; gives by card.

    Two kinds share this interface: :class:`LegalView`, a lazy view of a state (what
    ``State.legal_actions()`` returns: nothing is listed until asked, and ``sample`` draws
    without building the list), and :class:`DetachedLegal`, a value that holds only the
    actions, not the state (what bots receive: ``detached()``).
    """

    __slots__ = ("player", "phase")
    player: int | None
    phase: Phase

    @abstractmethod
    def __iter__(self) -> Iterator[AnyAction]: ...

    @abstractmethod
    def __len__(self) -> int: ...

    @abstractmethod
    def __contains__(self, action: object) -> bool: ...

    @abstractmethod
    def invoke_heads(self) -> tuple[tuple[str, str], ...]:
        """The (card, payment) pairs that can be invoked now."""

    @abstractmethod
    def targets(self, card: str, pay: str) -> tuple[tuple[str, ...], ...]:
        """The legal targets of invoking ``card`` paid with ``pay`` (empty if that is not possible)."""

    @abstractmethod
    def sample(self, rng: random.Random) -> AnyAction:
        """A random legal action; the distribution is documented at :func:`sample_action`."""

    @abstractmethod
    def detached(self) -> DetachedLegal:
        """The same legal actions as a value that holds no reference to the state."""

    def __bool__(self) -> bool:
        return self.phase != _OVER

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.phase}: {len(self)} actions>"


class LegalView(LegalActions):
    """The legal actions of a state, listed lazily (the state is kept to list and check them)."""

    __slots__ = ("_s", "_list", "_heads")

    def __init__(self, state: Position) -> None:
        self._s = state
        over = state.outcome is not None
        self.player = None if over else state.to_move
        self.phase = _OVER if over else state.phase
        self._list: tuple[AnyAction, ...] | None = None
        self._heads: tuple[tuple[str, str], ...] | None = None

    def detached(self) -> DetachedLegal:
        """The same legal actions, listed once, and the equivalent spellings playing accepts
        (:func:`spellings`), without any reference to the state."""
        listed = self._listed()
        return DetachedLegal(self.player, self.phase, listed, spellings(self._s, listed))

    def _listed(self) -> tuple[AnyAction, ...]:
        if self._list is None:
            s = self._s
            p = s.to_move
            phase = self.phase
            found: tuple[AnyAction, ...] = ()
            if phase == _CALL:
                found = tuple(Call(cards) for group in call_groups(s, p)
                              for n in range(1, len(group) + 1) for cards in combinations(group, n))
            elif phase == _PLACE:
                assert s.offered is not None
                rotations = s.ruleset.room(s.offered[0]).orientations()
                found = tuple(Place(space, k) for space in s.temples[p].placements() for k in rotations)
            elif phase == _GIVE:
                found = tuple(Give(c) for c in s.drawn)
            elif phase == _CONFRONT:
                found = (Pass(),) + tuple(Invoke(card, pay, target) for card, pay in self.invoke_heads()
                                          for target in self.targets(card, pay))
            self._list = found
        return self._list

    # -- the confrontation's two-level menu -----------------------------------------------------
    def invoke_heads(self) -> tuple[tuple[str, str], ...]:
        """The (card, payment) pairs that can be invoked now."""
        if self._heads is None:
            s = self._s
            self._heads = invoke_heads(s, s.to_move) if self.phase == _CONFRONT else ()
        return self._heads

    def targets(self, card: str, pay: str) -> tuple[tuple[str, ...], ...]:
        """The legal targets of invoking ``card`` paid with ``pay`` (empty if that is not possible)."""
        if (card, pay) not in self.invoke_heads():
            return ()
        return invoke_targets(self._s, self._s.to_move, card, pay)

    # -- the collection ---------------------------------------------------------------------------
    def __iter__(self) -> Iterator[AnyAction]:
        return iter(self._listed())

    def __len__(self) -> int:
        return len(self._listed())

    def __contains__(self, action: object) -> bool:
        """``a in legal`` for an action value, its text form or its JSON form: is it one of the listed
        decisions? (An equivalent spelling that ``apply`` accepts, see :func:`canonical`, is not
        itself listed; the cards of a call are sorted when read. A detached list accepts one.)"""
        try:
            action = Action.coerce(action)  # type: ignore[arg-type]  # coerce reports what it cannot read
            return check(self._s, action) == action  # legal, and not just an equivalent spelling
        except ActionError:
            return False

    def sample(self, rng: random.Random) -> AnyAction:
        """A random legal action; the distribution is documented at :func:`sample_action`."""
        return sample_action(self._s, rng)


class DetachedLegal(LegalActions):
    """Legal actions as a value: the listed ``actions`` of ``player`` in ``phase``, and the equivalent
    spellings playing accepts (``spellings``: written → listed, see :func:`spellings`). It holds no
    state; the invoke menu and the call groups are read from the actions.

    ``a in legal`` is true for a listed action and for an equivalent spelling of one, in any of its
    forms, as playing it would be.

    >>> legal = DetachedLegal(0, Phase.PLACE, ["place 4 rot0", "place 4 rot1"], {"place 4 rot2": "place 4 rot0"})
    >>> "place 4 rot2" in legal, "place 4 rot3" in legal, len(legal)
    (True, False, 2)
    """

    __slots__ = ("_list", "_set", "_spellings", "_heads", "_targets", "_groups")

    def __init__(self, player: object, phase: object, actions: Iterable[AnyAction | str | dict[str, Any]],
                 spellings: Mapping[Any, Any] | None = None) -> None:
        # player (0, 1 or None) and phase (a Phase or its text) are checked here, so they are typed as anything:
        # a compiled engine (compiled.py) would otherwise turn True into 1 before the check could refuse it
        if player is not None and not (is_int(player) and player in (0, 1)):
            raise ValueError(f"player must be 0, 1 or None (the game is over), not {quote(player)}")
        if not (isinstance(phase, str) and phase in {p.value for p in Phase}):  # (a Phase is its text)
            raise ValueError(f"phase must be one of {', '.join(p.value for p in Phase)}, not {quote(phase)}")
        self.phase = Phase(phase)
        self.player = None if self.phase == _OVER or player is None else int(cast(int, player))
        listed = tuple(Action.coerce(a) for a in actions)
        self._list = listed
        self._set = frozenset(listed)
        aliases: dict[AnyAction, AnyAction] = {}
        for written, meant in (spellings or {}).items():
            value = Action.coerce(meant)
            if value not in self._set:
                raise ValueError(f"the spelling {quote(written)} stands for {quote(str(value))}, which is not listed")
            aliases[Action.coerce(written)] = value
        self._spellings = aliases
        heads: dict[tuple[str, str], list[tuple[str, ...]]] = {}
        for a in listed:
            if isinstance(a, Invoke):
                heads.setdefault((a.card, a.pay), []).append(a.target)
        self._heads = tuple(heads)
        self._targets = {head: tuple(targets) for head, targets in heads.items()}
        self._groups = _groups_of([a.cards for a in listed if isinstance(a, Call)])

    def detached(self) -> DetachedLegal:
        return self

    def spellings(self) -> dict[AnyAction, AnyAction]:
        """The equivalent spellings accepted, each with the listed action it stands for (a copy)."""
        return dict(self._spellings)

    def call_groups(self) -> list[list[str]]:
        """R4.1: the cards that can be called together, one group per stick type (see :func:`call_groups`)."""
        return [list(g) for g in self._groups]

    def invoke_heads(self) -> tuple[tuple[str, str], ...]:
        return self._heads

    def targets(self, card: str, pay: str) -> tuple[tuple[str, ...], ...]:
        return self._targets.get((card, pay), ())

    def __iter__(self) -> Iterator[AnyAction]:
        return iter(self._list)

    def __len__(self) -> int:
        return len(self._list)

    def __contains__(self, action: object) -> bool:
        """``a in legal`` for an action value, its text form or its JSON form: is it listed, or an
        equivalent spelling of a listed action (playing either is accepted)?"""
        try:
            action = Action.coerce(action)  # type: ignore[arg-type]  # coerce reports what it cannot read
        except ActionError:
            return False
        return action in self._set or action in self._spellings

    def sample(self, rng: random.Random) -> AnyAction:
        """A random legal action: the same draw as the state's own list from the same random numbers."""
        phase, listed = self.phase, self._list
        if phase == _OVER:
            raise IllegalActionError("no legal action: the game is over", "R7")
        if phase == _CONFRONT:
            return _pick_invoke(rng, self._heads, self.targets)
        if phase == _CALL:
            return _pick_call(rng, self._groups)
        if phase == _PLACE:
            places = [a for a in listed if isinstance(a, Place)]
            spaces = tuple(dict.fromkeys(a.space for a in places))
            rotations = tuple(dict.fromkeys(a.rotation for a in places))
            return _pick_place(rng, spaces, rotations)
        return _pick_give(rng, tuple(a.card for a in listed if isinstance(a, Give)))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, DetachedLegal):
            return NotImplemented
        return (self.player, self.phase, self._list, self._spellings) == (
            other.player, other.phase, other._list, other._spellings)

    __hash__ = None  # type: ignore[assignment]  # a value compared by its actions, not a key


def _groups_of(calls: list[tuple[str, ...]]) -> list[list[str]]:
    """The call groups (R4.1) that listed ``calls``: cards called together are of one group; groups
    and their cards in the order they are first named (the order :func:`call_groups` gives)."""
    root: dict[str, str] = {}

    def find(card: str) -> str:
        while root[card] != card:
            card = root[card]
        return card

    for cards in calls:
        for card in cards:
            root.setdefault(card, card)
        for card in cards[1:]:
            root[find(card)] = find(cards[0])
    groups: dict[str, list[str]] = {}
    for card in root:  # in the order first named
        groups.setdefault(find(card), []).append(card)
    return list(groups.values())


def spellings(s: Readable, listed: Iterable[AnyAction]) -> dict[AnyAction, AnyAction]:
    """The equivalent spellings of the ``listed`` actions that playing accepts, each with the listed
    action it stands for: a placement by another rotation with the same openings (R4.3.2), an
    unordered pair of targets in the other order (E06, E07, E10; implementation note 5). The
    cards of a call are sorted when read, so their order needs none."""
    found: dict[AnyAction, AnyAction] = {}
    turns: dict[int, int] | None = None  # a placement's other rotation -> the listed one (one room offered)
    for action in listed:
        if isinstance(action, Place):
            if turns is None:
                turns = {k: same.rotation for k in range(4)
                         if isinstance(same := canonical(s, Place(action.space, k)), Place) and same.rotation != k}
            for k, listed_k in turns.items():
                if listed_k == action.rotation:
                    found[Place(action.space, k)] = action
        elif isinstance(action, Invoke) and len(action.target) == 2 and action.target[0] != action.target[1] \
                and EFFECTS[s.ruleset.card_effect[action.card]].unordered:
            other = Invoke(action.card, action.pay, action.target[::-1])
            if canonical(s, other) == action:
                found[other] = action
    return found


# -- one value per decision ----------------------------------------------------------------------


def canonical(s: Readable, action: AnyAction) -> AnyAction:
    """R8: the value the engine lists for a decision written in an equivalent way.

    - R4.1: the cards of a call in the order they are listed (sorted);
    - R4.3.2: a placement named by another rotation with the same openings, by the smallest one;
    - E06, E07, E10: an unordered pair of targets in the order of implementation note 5.

    Anything else, legal or not, is returned unchanged, for :func:`check` to judge.
    ``State.apply`` and ``Match.play`` apply and record the canonical value.
    """
    if isinstance(action, Place):
        return _canonical_place(s, action)
    if isinstance(action, Invoke):
        effect = EFFECTS.get(s.ruleset.card_effect.get(action.card, ""))
        if effect is not None and effect.unordered:  # an unordered pair (implementation note 5)
            target = effect.in_order(action.target)
            if target != action.target:
                return Invoke(action.card, action.pay, target)
    elif isinstance(action, Call):
        ordered = tuple(sorted(action.cards))
        if ordered != action.cards:
            return Call(ordered)
    return action


def _canonical_place(s: Readable, action: Place) -> Place:
    """R4.3.2: a rotation that gives the same openings as a listed one is that one."""
    k = action.rotation
    if s.phase != _PLACE or s.offered is None or s.outcome is not None or not 0 <= k < 4:
        return action
    room = s.ruleset.room(s.offered[0])
    turns = room.orientations()
    if k in turns:
        return action
    openings = rotate(room.openings, k)
    return next((Place(action.space, j) for j in turns if rotate(room.openings, j) == openings), action)


# -- the checker --------------------------------------------------------------------------------
def check(s: Readable, action: AnyAction) -> AnyAction:
    """Raise :class:`IllegalActionError` unless ``action`` is legal for the player to move; return
    its :func:`canonical` value (the action itself, unless it was an equivalent spelling)."""
    if s.outcome is not None:
        raise IllegalActionError("the game is over; no action is possible", "R7")
    phase, p = s.phase, s.to_move
    match action:
        case Call() if phase == _CALL:
            _check_call(s, p, action)
        case Pass() if phase == _CONFRONT:
            pass
        case Invoke() if phase == _CONFRONT:
            return _check_invoke(s, p, action)
        case Place() if phase == _PLACE:
            return _check_place(s, p, action)
        case Give() if phase == _GIVE:
            if action.card not in s.drawn:
                raise IllegalActionError(f"{action.card} is not one of the drawn cards {' '.join(s.drawn)}", "R4.4")
        case _:
            step = STEPS[phase]
            raise IllegalActionError(f"'{action.kind}' is not a decision of the {step.name}", step.rule)
    return action  # a call was sorted when read (Action.coerce); flow.call sorts its cards anyway


def _check_call(s: Readable, p: int, action: Call) -> None:
    cards = action.cards
    if not cards:
        raise IllegalActionError("a call needs at least one card", "R4.1")
    if len(set(cards)) != len(cards):
        raise IllegalActionError(f"a card is named twice in {' '.join(cards)}", "R4.1")
    hand = s.hands[p]
    missing = [c for c in cards if c not in hand]
    if missing:
        raise IllegalActionError(f"{', '.join(missing)} not in your hand", "R4.1")
    if not any(set(cards) <= set(group) for group in call_groups(s, p)):  # the rule is call_groups' alone
        kinds = sorted({s.ruleset.card_stick[c] for c in cards})
        raise IllegalActionError(f"called cards must show one stick type, these show {kinds}", "R4.1")


def _check_invoke(s: Readable, p: int, action: Invoke) -> Invoke:
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
    effect = EFFECTS[rs.card(action.card).effect]
    sticks, supply = after_paying(s, p, action.pay)
    if not effect.has_target(s, p, sticks, supply):
        raise IllegalActionError(f"{action.card} ({effect.id} {effect.name}) has no legal target "
                                 "after paying", effect.id)
    if not effect.accepts(s, p, sticks, supply, action.target):
        same = canonical(s, action)  # an unordered pair named in the other order (checked only now: rare)
        if same is not action and isinstance(same, Invoke) and effect.accepts(s, p, sticks, supply, same.target):
            return same
        got = " ".join(action.target) or "no target"
        raise IllegalActionError(f"{effect.name}: '{got}' is not a legal target; expected {effect.hint}", effect.id)
    return action


def _check_place(s: Readable, p: int, action: Place) -> Place:
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
        same = _canonical_place(s, action)  # another rotation with the same openings (checked only now: rare)
        if same is not action:
            return same
        raise IllegalActionError(f"rotation {action.rotation} of {room.shape} {room.id}: name each orientation "
                                 f"by its smallest rotation, one of {list(room.orientations())}", "R4.3")
    return action
