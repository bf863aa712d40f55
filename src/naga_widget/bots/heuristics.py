"""A readable guess of how good a position is, in points — shared by GreedyBot and ISMCTSBot.

``evaluate(state, player)`` reads a *complete* state (a real one, or a world
sampled by :func:`~naga_widget.bots.determinize`) and adds, for each player, the
things that win games, then returns ``player``'s total minus the opponent's:

1. R7 — a finished game is worth :data:`WIN` to the winner (and ``-WIN`` to the loser).
2. R6 — the score: face-up relics (cursed ones included) and collected treasures.
3. R2.3 — *open slots*: a face-down relic whose space is empty and could be reached by
   the next tile (an empty row-2 space, or an empty space that a reached tile opens
   into) is worth :data:`OPEN_SLOT` of its points — or a loss, :data:`DANGER`, if it is
   cursed and would be the third (R7.1.1). With ``paths=True`` (a search's option, off for
   GreedyBot), a face-down relic one space further, two placements away, adds :data:`FAR_SLOT`
   of its points.
4. R4.3.1 — the offered room goes to whoever has more fate points (a tie to the guide):
   while it is fought over or being placed, it is worth :data:`ROOM` to that player.
5. R4.2 — cards in hand are worth :data:`CARD` each (each one is a future invoke or call).

>>> import random
>>> from naga_widget.rules import Chance, new_game
>>> state, _ = new_game(chance=Chance(random.Random(1)))
>>> evaluate(state, 0) == -evaluate(state, 1)
True
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ..rules.flow import room_winner
from ..rules.ruleset import E, N, S, W
from ..rules.temple import SLOT_SPACE

if TYPE_CHECKING:
    from ..rules import Ruleset, State
    from ..rules.temple import Temple

WIN = 60.0
OPEN_SLOT = 0.3
DANGER = 8.0
ROOM = 3.0
CARD = 0.6
FAR_SLOT = 0.15
"""With ``paths=True``: a face-down relic two placements away is worth this share of its points (3. below)."""
SCALE = 8.0
"""Points that make a difference of about 73% to 27% in :func:`win_chance`."""

# R2.1: for each space, (neighbour, the opening a tile there needs towards this space).
_TOWARDS = tuple(tuple((n, bit) for n, bit in (
    (s - 3, S) if s >= 3 else (-1, 0), (s + 3, N) if s < 6 else (-1, 0),
    (s - 1, E) if s % 3 else (-1, 0), (s + 1, W) if s % 3 < 2 else (-1, 0)) if n >= 0) for s in range(9))


def open_spaces(state: State, player: int) -> int:
    """Mask of the empty spaces of ``player``'s temple that the next tile could be reached on (R2.3)."""
    temple = state.temples[player]
    reached = temple.reached()
    tiles = temple.tiles
    mask = 0
    for s in range(9):
        if tiles[s] is not None:
            continue
        if s >= 6 or any(reached >> n & 1 and tiles[n].openings & bit for n, bit in _TOWARDS[s]):  # type: ignore[union-attr]
            mask |= 1 << s
    return mask


def _temple_terms(rs: Ruleset, temple: Temple, open_mask: int
                  ) -> tuple[int, tuple[float, ...], tuple[float, ...], float, float]:
    """A temple's face-up cursed relics, its open-slot terms (3. of the module docstring) as they
    count while the third cursed relic is still far and once it is one reveal away, and the sums of
    the terms of the relics two placements away (for ``paths=True``), far and near likewise."""
    ring = 0  # the empty spaces that are not open, next to an open one
    for s in range(9):
        if temple.tiles[s] is None and not open_mask >> s & 1 and any(open_mask >> n & 1 for n, _ in _TOWARDS[s]):
            ring |= 1 << s
    far: list[float] = []
    near: list[float] = []
    far2 = near2 = 0.0
    for i, space in enumerate(SLOT_SPACE):
        if temple.up >> i & 1:
            continue
        if open_mask >> space & 1:
            relic = rs.relic(temple.relics[i])
            far.append(OPEN_SLOT * relic.points)
            near.append(-DANGER if relic.cursed else OPEN_SLOT * relic.points)
        elif ring >> space & 1:
            relic = rs.relic(temple.relics[i])
            far2 += FAR_SLOT * relic.points
            near2 += -DANGER * FAR_SLOT / OPEN_SLOT / 2 if relic.cursed else FAR_SLOT * relic.points
    return temple.cursed_up(rs), tuple(far), tuple(near), far2, near2


_TERMS: dict[tuple[int, Temple], tuple[int, int, tuple[float, ...], tuple[float, ...], float, float]] = {}
"""(ruleset id, temple) -> (face-up relic points, face-up cursed relics, open-slot terms far, near, and
the sums of the terms two placements away far, near): a search evaluates the same temples again and again."""


def _side(state: State, p: int, paths: bool = False) -> float:
    rs = state.ruleset
    temple = state.temples[p]
    key = (id(rs), temple)
    terms = _TERMS.get(key)
    if terms is None:
        if len(_TERMS) > 100_000:
            _TERMS.clear()
        terms = _TERMS[key] = (temple.relic_points(rs), *_temple_terms(rs, temple, open_spaces(state, p)))
    value = float(terms[0] + rs.amulet_points(state.amulets[p]))  # 2. R6
    near_third = terms[1] >= rs.cursed_limit - 1
    for term in terms[3] if near_third else terms[2]:  # 3. open slots
        value += term
    if paths:  # 3. the relics two placements away
        value += terms[5] if near_third else terms[4]
    if state.phase in ("confront", "place") and state.offered is not None:  # 4. the room
        fate = (state.fate(0), state.fate(1))
        winning = state.to_move == p if state.phase == "place" else room_winner(fate, state.guide) == p
        value += ROOM if winning else 0.0
    return value + CARD * len(state.hands[p])  # 5. cards


def evaluate(state: State, player: int, paths: bool = False) -> float:
    """``player``'s points minus the opponent's, as listed in the module docstring.

    ``paths=True`` also counts the face-down relics two placements away (3.), at :data:`FAR_SLOT` of
    their points: a look further along the paths than GreedyBot's one step needs.
    """
    if state.outcome is not None:  # 1. R7
        return WIN if state.outcome.winner == player else -WIN
    return _side(state, player, paths) - _side(state, 1 - player, paths)


def win_chance(points: float) -> float:
    """Map an evaluation in points to a chance of winning between 0 and 1 (a logistic curve)."""
    return 1.0 / (1.0 + math.exp(-points / SCALE))


CALL_COST = 1.5
"""Fate points a called card must bring to be worth calling instead of keeping (R4.1): GreedyBot's
price of a card, and the opponent model's of inference."""


def expected_fate(ruleset: Ruleset, cards: tuple[str, ...] | list[str]) -> float:
    """R1.3, R1.4: the mean fate points of the sticks that ``cards`` call."""
    total = 0.0
    for card in cards:
        c = ruleset.card(card)
        faces = ruleset.stick_type(c.stick).faces
        total += c.count * sum(ruleset.stick_points[f"{c.stick}:{f}"] for f in faces) / len(faces)
    return total


BETA = 1.0
"""The opponent model's sharpness: a call scored one fate point better is e (2.7) times likelier."""


def call_likelihood(ruleset: Ruleset, call: tuple[str, ...], hand: tuple[str, ...], beta: float = BETA) -> float:
    """P(call | the hand it was made from: ``call`` + ``hand``) under the opponent's call model:
    a softmax over GreedyBot's call scores, the sum over the calls a hand allowed taken as a product per
    stick type (see :mod:`naga_widget.bots.inference`)."""
    def term(card: str) -> float:
        return math.exp(beta * (expected_fate(ruleset, (card,)) - CALL_COST))

    by_type: dict[str, float] = {}
    for card in call + hand:
        stick = ruleset.card(card).stick
        by_type[stick] = by_type.get(stick, 1.0) * (1.0 + term(card))
    total = sum(v - 1.0 for v in by_type.values())
    chosen = 1.0
    for card in call:
        chosen *= term(card)
    return chosen / total
