"""Chance: who decides shuffles, throws, draws and reveals, and how each is recorded.

The engine never calls the module-level :mod:`random`. Every chance event asks a
:class:`Chance` object, which answers from (in this order) a queue of *forced*
outcomes, a *replay* of recorded outcomes, or its own seeded ``random.Random``;
every answer is appended to :attr:`Chance.record` as ``(kind, outcome)``.

Kinds of chance event and their outcomes:

========== ============================================ =========================
kind       when                                         outcome
========== ============================================ =========================
``relics`` R3.1, a temple's nine relics are dealt        tuple of 9 relic tokens
``room``   R3.5/R4.4.3, the next room tile is revealed   room id
``amulet`` R3.5, an amulet is laid on the offered room   amulet id
``card``   R3.4/R4.4/E12, a card is drawn                card id
``throw``  R3.6/R4.2/E01/E02, a stick is thrown          face token (``"2"``, ``"N"``)
========== ============================================ =========================

Shuffles are realised lazily: nobody may know the order of a face-down pile or
deck (R6), so drawing uniformly from what remains is the same distribution as
shuffling first and drawing from the top. The outcome recorded is the card,
room or amulet actually drawn, and no order exists before it is drawn.

>>> import random
>>> c = Chance(random.Random(1), forced={"throw": ["N"]})
>>> c.pick("throw", ("1", "2", "2", "N"))
'N'
>>> c.record, c.forced_used
([('throw', 'N')], 1)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .errors import ChanceError, ReplayError

KINDS = ("relics", "room", "amulet", "card", "throw")


class Chance:
    """Decides and records chance outcomes.

    ``rng`` — the ``random.Random`` used when nothing is forced or replayed.
    ``forced`` — per kind, outcomes to use next (for walkthroughs and tests).
    ``replay`` — a recorded sequence to follow exactly (for loading a save).
    ``record`` — set to ``False`` to skip recording (fast playouts).

    :attr:`forced_used` counts the answers taken from the forced queue (a match marks
    the steps whose chance was forced, so a save says so).
    """

    __slots__ = ("_random", "forced", "_replay", "_at", "record", "_from_replay", "_plain", "forced_used")

    def __init__(
        self,
        rng: random.Random | None = None,
        *,
        forced: Mapping[str, Iterable[Any]] | None = None,
        replay: Sequence[tuple[str, Any]] | None = None,
        record: bool = True,
    ) -> None:
        self._random = rng.random if rng is not None else None
        self.forced: dict[str, list[Any]] = {}
        for kind, values in (forced or {}).items():
            if kind not in KINDS:
                raise ChanceError(f"unknown chance kind {kind!r}; kinds are {', '.join(KINDS)}")
            self.forced[kind] = list(values)
        self._replay = list(replay) if replay is not None else None
        self._at = 0
        self._from_replay = False
        self.forced_used = 0
        self.record: list[tuple[str, Any]] | None = [] if record else None
        # nothing forced or replayed: every answer comes from the rng (the playout case)
        self._plain = self._random is not None and not self.forced and self._replay is None

    # -- the two questions the engine asks -------------------------------------------------
    def pick(self, kind: str, pool: Sequence[str]) -> str:
        """One entry of ``pool``, each entry equally likely (a duplicate face counts twice)."""
        if self._plain:
            value = pool[int(self._random() * len(pool))]  # type: ignore[misc]  # the common, short case
            if self.record is not None:
                self.record.append((kind, value))
            return value
        given = self._given(kind)  # (not ``value``, which is a text: a compiled engine checks that)
        if given is None:
            value = pool[int(self._rng()() * len(pool))]
        elif given not in pool:
            raise self._impossible(kind, given, f"it must be one of {sorted(set(pool))}")
        else:
            value = given
        if self.record is not None:
            self.record.append((kind, value))
        return value

    def permutation(self, kind: str, items: Sequence[str]) -> tuple[str, ...]:
        """A uniformly random ordering of ``items`` (a deal, R3.1)."""
        value = self._given(kind)
        if value is None:
            order = list(items)
            rand = self._rng()
            for i in range(len(order) - 1, 0, -1):  # Fisher–Yates
                j = int(rand() * (i + 1))
                order[i], order[j] = order[j], order[i]
            value = tuple(order)
        else:
            value = tuple(value)
            if sorted(value) != sorted(items):
                raise self._impossible(kind, value, f"it must be an ordering of {sorted(items)}")
        if self.record is not None:
            self.record.append((kind, value))
        return value

    # -- bookkeeping --------------------------------------------------------------------------
    @property
    def replay_done(self) -> bool:
        """True when every replayed outcome has been used."""
        return self._replay is None or self._at == len(self._replay)

    def _given(self, kind: str) -> Any:
        queue = self.forced.get(kind)
        self._from_replay = False
        if queue:
            value = queue.pop(0)
            if not queue:
                del self.forced[kind]
            self.forced_used += 1
            return value
        if self._replay is not None:
            if self._at >= len(self._replay):
                raise ReplayError(f"the record ends where a {kind!r} outcome is needed")
            got_kind, value = self._replay[self._at]
            if got_kind != kind:
                raise ReplayError(f"recorded outcome #{self._at} is a {got_kind!r}, the game needs a {kind!r}")
            self._at += 1
            self._from_replay = True
            return value
        return None

    def _rng(self) -> Any:
        if self._random is None:
            raise ChanceError("this step needs a chance outcome and no random.Random was given")
        return self._random

    def _impossible(self, kind: str, value: Any, why: str) -> Exception:
        if self._from_replay:
            return ReplayError(f"recorded {kind} outcome {value!r} is impossible here: {why}")
        return ChanceError(f"forced {kind} outcome {value!r} is impossible here: {why}")
