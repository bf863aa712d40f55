"""The fields of a game position, and the facts read straight off them (R6 score, R4.3.1 fate).

:class:`Position` is the data of a :class:`~naga_widget.rules.state.State`; the
state adds the doors to the rules (``apply``, ``legal_actions``, ``observe``). The
rules modules below the state read positions through this type, so none of them
needs the state's module.
"""

from __future__ import annotations

from typing import NamedTuple

from .outcome import Outcome
from .ruleset import Ruleset
from .steps import Phase
from .temple import Temple


class Position(NamedTuple):
    """A position of Naga Raja. Every part is immutable; pairs are indexed by player (0 gold, 1 silver)."""

    ruleset: Ruleset
    phase: Phase
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

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    @property
    def current_player(self) -> int | None:
        """The player who decides next, or None when the game is over."""
        return None if self.outcome is not None else self.to_move

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
