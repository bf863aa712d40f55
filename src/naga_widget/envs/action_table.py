"""One fixed set of action indices for a ruleset, shared by the PettingZoo and OpenSpiel adapters.

A decision of Naga Raja (R8) is combinatorial: a call is any non-empty set of cards of one
stick type (R4.1), an invoke names a card, a payment and the effect's targets (R4.2, R5).
A fixed-size action space therefore presents each decision as a short sequence of
*sub-choices*, one index each (R5 allows this for invokes: "card and payment, then each
target"; the set of complete decisions is the same):

============================ ===========================================================
sub-choice                   meaning
============================ ===========================================================
``pass``                     R4.2: pass (a whole decision)
``done``                     end a call, or end a target list that could go on (E06)
``call <card>``              R4.1: add a card to the call, in card-id order
``invoke <card> <pay>``      R4.2: the card and the payment (a stick type or ``charm``)
``target <token>``           R5: the next target token (tokens as in ``actions.py``)
``place <space> rot<k>``     R4.3: a whole placement
``give <card>``              R4.4: a whole give
============================ ===========================================================

A sequence ends as soon as it names one complete legal decision that no other legal
decision extends; ``done`` is offered only where a complete decision could still go on
(a call that could take another card, a Third Eye aimed at one relic that could take a
second). So every legal decision has exactly one sequence, and every sequence of legal
sub-choices ends in a legal decision.

>>> table = ActionTable.for_ruleset(STANDARD)
>>> table.size, table.label(0), table.label(table.index_of("call 05a"))
(373, 'pass', 'call 05a')
>>> table.index_of(table.label(200)) == 200
True

The table is pure Python (no numpy) and knows only the ruleset and the public action
text forms; :class:`Menu` derives the legal sub-choices from the engine's
:class:`~naga_widget.rules.LegalActions`.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from naga_widget.rules import (
    STANDARD,
    STEPS,
    TEMPLE_NAMES,
    AnyAction,
    Call,
    Give,
    IllegalActionError,
    Invoke,
    LegalActions,
    Pass,
    Place,
    Ruleset,
)
from naga_widget.rules.effects.maze import LINE_DIRECTIONS
from naga_widget.rules.effects.maze import LINES as MAZE_LINES
from naga_widget.rules.temple import SLOT_NAMES

PASS = 0
DONE = 1

#: E08: the lines of a temple and the directions each can slide, read from the effect's own table.
LINES = (tuple(MAZE_LINES), tuple(way for ways in LINE_DIRECTIONS.values() for way in ways))


def target_tokens(ruleset: Ruleset) -> tuple[str, ...]:
    """Every token that can appear in an invoke's target (R5), in a fixed order.

    E01 ``p1:teal:2``; E02 a type; E03/E04/E05 ``type:face`` and E04's new face; E06/E07
    slots; E08 lines and directions; E09/E10/E11 spaces; E09 orientations ``rot<k>``.
    """
    faces = {t.name: tuple(dict.fromkeys(t.faces)) for t in ruleset.stick_types}
    sticks = [f"{name}:{face}" for name, fs in faces.items() for face in fs]
    tokens = [f"p{o}:{stick}" for o in (0, 1) for stick in sticks]
    tokens += [t.name for t in ruleset.stick_types]
    tokens += sticks
    tokens += list(dict.fromkeys(face for fs in faces.values() for face in fs))
    tokens += [f"{temple}:{slot}" for temple in TEMPLE_NAMES for slot in SLOT_NAMES]
    tokens += [f"{temple}:{line}" for temple in TEMPLE_NAMES for line in LINES[0]]
    tokens += list(LINES[1])
    tokens += [f"{temple}:{space}" for temple in TEMPLE_NAMES for space in range(9)]
    tokens += [f"rot{k}" for k in range(4)]
    return tuple(dict.fromkeys(tokens))


class ActionTable:
    """The index ↔ sub-choice table of one ruleset (see the module docstring for the layout)."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset
        self.cards: tuple[str, ...] = tuple(sorted(c.id for c in ruleset.cards))
        self.payments: tuple[str, ...] = tuple(name for name, _ in ruleset.naga_tokens) + ("charm",)
        self.tokens: tuple[str, ...] = target_tokens(ruleset)
        labels = ["pass", "done"]
        self.call_base = len(labels)
        labels += [f"call {c}" for c in self.cards]
        self.invoke_base = len(labels)
        labels += [f"invoke {c} {pay}" for c in self.cards for pay in self.payments]
        self.target_base = len(labels)
        labels += [f"target {t}" for t in self.tokens]
        self.place_base = len(labels)
        labels += [f"place {space} rot{k}" for space in range(9) for k in range(4)]
        self.give_base = len(labels)
        labels += [f"give {c}" for c in self.cards]
        self.labels: tuple[str, ...] = tuple(labels)
        self._index = {label: i for i, label in enumerate(labels)}
        self._card = {c: i for i, c in enumerate(self.cards)}
        self._token = {t: i for i, t in enumerate(self.tokens)}

    @staticmethod
    @cache
    def for_ruleset(ruleset: Ruleset = STANDARD) -> ActionTable:
        """The (cached) table of ``ruleset``."""
        return ActionTable(ruleset)

    @property
    def size(self) -> int:
        """The number of indices: the size of the ``Discrete`` action space."""
        return len(self.labels)

    def label(self, index: int) -> str:
        """The text of a sub-choice, e.g. ``"invoke 07b teal"``."""
        if not 0 <= index < len(self.labels):
            raise ValueError(f"action index {index} is outside 0–{len(self.labels) - 1}")
        return self.labels[index]

    def index_of(self, label: str) -> int:
        """The index of a sub-choice text (the inverse of :meth:`label`)."""
        try:
            return self._index[label]
        except KeyError:
            raise ValueError(f"{label!r} is not a sub-choice of ruleset {self.ruleset.id!r}") from None

    # -- the parts of each kind of sub-choice ---------------------------------------------------
    def call_index(self, card: str) -> int:
        return self.call_base + self._card[card]

    def invoke_index(self, card: str, pay: str) -> int:
        return self.invoke_base + self._card[card] * len(self.payments) + self.payments.index(pay)

    def target_index(self, token: str) -> int:
        return self.target_base + self._token[token]

    def place_index(self, space: int, rotation: int) -> int:
        return self.place_base + 4 * space + rotation

    def give_index(self, card: str) -> int:
        return self.give_base + self._card[card]

    def kind(self, index: int) -> str:
        """``"pass"``, ``"done"``, ``"call"``, ``"invoke"``, ``"target"``, ``"place"`` or ``"give"``."""
        return self.label(index).split(" ", 1)[0]

    def card_of(self, index: int) -> str:
        """The card of a ``call``, ``invoke`` or ``give`` index."""
        for base, stride in ((self.give_base, 1), (self.invoke_base, len(self.payments)), (self.call_base, 1)):
            if index >= base:
                return self.cards[(index - base) // stride]
        raise ValueError(f"index {index} names no card")

    def pay_of(self, index: int) -> str:
        return self.payments[(index - self.invoke_base) % len(self.payments)]

    def token_of(self, index: int) -> str:
        return self.tokens[index - self.target_base]


class _Targets:
    """The legal targets of one (card, payment) as sequences of token indices: a small trie."""

    __slots__ = ("next", "full")

    def __init__(self, table: ActionTable, targets: Sequence[tuple[str, ...]]) -> None:
        self.next: dict[tuple[int, ...], set[int]] = {}
        self.full: set[tuple[int, ...]] = set()
        for target in targets:
            seq = tuple(table.target_index(t) for t in target)
            for k in range(len(seq)):
                self.next.setdefault(seq[:k], set()).add(seq[k])
            self.full.add(seq)


class Menu:
    """The legal sub-choices of one decision, derived from the engine's legal actions.

    ``partial`` is the sequence of indices chosen so far for the decision in progress.
    :meth:`options` lists the indices legal next (sorted); :meth:`action` gives the engine
    action once ``partial`` is complete; :meth:`sequence` is the inverse. A sub-choice is
    legal iff some complete legal action extends the partial choice.
    """

    def __init__(self, table: ActionTable, legal: LegalActions) -> None:
        self.table = table
        self.legal = legal
        self.phase = str(legal.phase)
        self._singles: tuple[str, ...] | None = None
        self._addable: dict[tuple[str, ...], tuple[str, ...]] = {}
        self._heads: dict[int, tuple[str, str]] | None = None
        self._targets: dict[int, _Targets] = {}
        self._flat: dict[int, AnyAction] | None = None

    # -- R4.1 calls: add cards in card-id order --------------------------------------------------
    def _singles_now(self) -> tuple[str, ...]:
        if self._singles is None:
            self._singles = tuple(c for c in self.table.cards if Call((c,)) in self.legal)
        return self._singles

    def _can_add(self, cards: tuple[str, ...]) -> tuple[str, ...]:
        """The cards that may follow ``cards`` in a legal call (later in card-id order)."""
        found = self._addable.get(cards)
        if found is None:
            last = cards[-1]
            found = tuple(c for c in self._singles_now() if c > last and Call(cards + (c,)) in self.legal)
            self._addable[cards] = found
        return found

    def _call_cards(self, partial: Sequence[int]) -> tuple[str, ...]:
        return tuple(self.table.card_of(i) for i in partial if i != DONE)

    # -- R4.2 invokes: head, then target tokens ------------------------------------------------
    def _heads_now(self) -> dict[int, tuple[str, str]]:
        if self._heads is None:
            self._heads = {self.table.invoke_index(card, pay): (card, pay) for card, pay in self.legal.invoke_heads()}
        return self._heads

    def _trie(self, head: int) -> _Targets:
        trie = self._targets.get(head)
        if trie is None:
            trie = self._targets[head] = _Targets(self.table, self.legal.targets(*self._heads_now()[head]))
        return trie

    # -- R4.3 / R4.4: one index per action -------------------------------------------------------
    def _flat_now(self) -> dict[int, AnyAction]:
        if self._flat is None:
            t = self.table
            flat: dict[int, AnyAction] = {}
            for a in self.legal:
                if isinstance(a, Place):
                    flat[t.place_index(a.space, a.rotation)] = a
                elif isinstance(a, Give):
                    flat[t.give_index(a.card)] = a
            self._flat = flat
        return self._flat

    # -- the three questions ---------------------------------------------------------------------
    def options(self, partial: Sequence[int] = ()) -> tuple[int, ...]:
        """The sub-choices legal after ``partial`` (empty when ``partial`` is complete)."""
        partial = tuple(partial)
        phase = self.phase
        if phase == "call":
            if not partial:
                return tuple(self.table.call_index(c) for c in self._singles_now())
            if partial[-1] == DONE:
                return ()
            more = self._can_add(self._call_cards(partial))
            return (DONE,) + tuple(self.table.call_index(c) for c in more) if more else ()
        if phase == "confront":
            if not partial:
                return (PASS,) + tuple(sorted(self._heads_now()))
            if partial[0] == PASS or partial[-1] == DONE:
                return ()
            trie = self._trie(partial[0])
            rest = partial[1:]
            following = trie.next.get(rest, set())
            if rest in trie.full and following:
                return tuple(sorted(following | {DONE}))
            return tuple(sorted(following))
        if phase in ("place", "give"):
            return () if partial else tuple(sorted(self._flat_now()))
        return ()

    def action(self, partial: Sequence[int]) -> AnyAction | None:
        """The engine action named by a complete ``partial``; None while more sub-choices are needed.

        ``partial`` must be made of legal sub-choices (see :meth:`advance`).
        """
        partial = tuple(partial)
        if not partial:
            return None
        phase = self.phase
        if phase == "call":
            cards = self._call_cards(partial)
            if partial[-1] == DONE or not self._can_add(cards):
                return Call(cards)
            return None
        if phase == "confront":
            if partial[0] == PASS:
                return Pass()
            card, pay = self._heads_now()[partial[0]]
            done = partial[-1] == DONE
            rest = partial[1:-1] if done else partial[1:]
            trie = self._trie(partial[0])
            if rest in trie.full and (done or not trie.next.get(rest)):
                return Invoke(card, pay, tuple(self.table.token_of(i) for i in rest))
            return None
        if phase in ("place", "give"):
            return self._flat_now()[partial[0]]
        return None

    def advance(self, partial: Sequence[int], index: int) -> tuple[tuple[int, ...], AnyAction | None]:
        """Add ``index`` to ``partial``: the new partial and, if it is complete, the engine action.

        Raises :class:`IllegalActionError` (citing the step's rule) for an index not legal now.
        """
        partial = tuple(partial)
        index = int(index)
        allowed = self.options(partial)
        if index not in allowed:
            rule = STEPS[self.phase].rule
            name = self.table.label(index) if 0 <= index < self.table.size else str(index)
            so_far = ", ".join(self.table.label(i) for i in partial) or "nothing yet"
            raise IllegalActionError(f"sub-choice {index} ({name}) is not legal after {so_far}; "
                                     f"{len(allowed)} sub-choices are", rule)
        partial += (index,)
        return partial, self.action(partial)

    def sequence(self, action: AnyAction) -> tuple[int, ...]:
        """The one sequence of sub-choices that names ``action`` (a legal engine action)."""
        t = self.table
        seq: tuple[int, ...]
        if isinstance(action, Pass):
            seq = (PASS,)
        elif isinstance(action, Call):
            cards = tuple(sorted(action.cards))
            seq = tuple(t.call_index(c) for c in cards)
            if seq and self.phase == "call" and Call(cards) in self.legal and self._can_add(cards):
                seq += (DONE,)
        elif isinstance(action, Invoke):
            seq = (t.invoke_index(action.card, action.pay),) + tuple(t.target_index(x) for x in action.target)
            if self.phase == "confront" and seq[0] in self._heads_now() and self._trie(seq[0]).next.get(seq[1:]):
                seq += (DONE,)
        elif isinstance(action, Place):
            seq = (t.place_index(action.space, action.rotation),)
        else:
            seq = (t.give_index(action.card),)
        expected = Call(tuple(sorted(action.cards))) if isinstance(action, Call) else action
        if not self._valid(seq) or self.action(seq) != expected:
            raise IllegalActionError(f"{action} is not a legal decision now", STEPS[self.phase].rule)
        return seq

    def _valid(self, seq: tuple[int, ...]) -> bool:
        return all(seq[k] in self.options(seq[:k]) for k in range(len(seq)))
