"""A learned evaluation: a win chance read from what one player sees, fitted on played games.

:func:`position_features` turns a player's observation (``state.observe(p)``, never the
truth) into a short list of numbers, each one seen from that player's side: the relic points
and amulets they lead by, the cursed relics face up in each temple, the face-down relics that
the next tile could turn up, how full each temple is, the cards and fate points they lead
by, who gets the offered room, and how far the game has gone. :class:`LinearEvaluation`
maps them to a win chance with a logistic curve, ``1 / (1 + exp(-(bias + Σ wᵢ·xᵢ)))``:
logistic regression, whose weights lesson 07 fits with NumPy on self-play games and
``benchmarks/bench_eval.py`` measures in the arena.

Plugged into the search as ``ISMCTSBot(evaluation=...)`` it judges each playout's last
position from the observation of the sampled world *for the searching player*: what that
player would see there, and nothing of the sampled hidden facts.

The evaluation runs in plain Python (a dot product of :data:`FEATURES`), so a bot that uses
it needs no NumPy, in JupyterLite as elsewhere.

>>> import random
>>> from naga_widget.rules import Chance, new_game
>>> state, _ = new_game(chance=Chance(random.Random(1)))
>>> features = position_features(state.observe(0))
>>> len(features) == len(FEATURES)
True
>>> LinearEvaluation([0.0] * len(FEATURES))(state.observe(0))
0.5
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ..match import Match
from ..rules import RULESETS, State
from ..rules.errors import is_int
from ..rules.flow import room_winner
from ..rules.observe import Observation, TempleView
from ..rules.ruleset import E, N, S, W
from ..rules.temple import SLOT_SPACE
from .heuristics import _TOWARDS, open_spaces

FEATURES = (
    "relic points ahead",  # mine minus theirs (face up, cursed ones included), over 10
    "amulets ahead",  # how many more amulets I hold
    "my cursed up",  # cursed relics face up in my temple
    "their cursed up",
    "my last curse",  # 1 when one more cursed relic face up would end the game against me (R7.1.1)
    "their last curse",
    "my open slots",  # face-down relics beside a space the next tile could be reached on (R2.3), over 3
    "their open slots",
    "my tiles",  # my temple's placed tiles, over 9 (a full temple ends the game, R7.2)
    "their tiles",
    "cards ahead",  # cards in hand, mine minus theirs, over 5
    "fate ahead",  # fate points, mine minus theirs, over 5
    "room",  # 1 if the offered room goes to me (R4.3.1), -1 if to them, 0 if none is offered
    "my move",  # 1 if I am to move
    "progress",  # the share of the rooms already offered
    "late lead",  # relic points ahead times progress: a lead counts more near the end
)
"""The names of :func:`position_features`' numbers, in order."""

_LETTER = {N: "N", E: "E", S: "S", W: "W"}


def _open_spaces(temple: TempleView) -> set[int]:
    """The empty spaces of an observed temple that the next tile could be reached on (R2.3)."""
    spaces = temple["spaces"]
    found = set()
    for s, space in enumerate(spaces):
        if space is not None:
            continue
        if s >= 6 or any((near := spaces[n]) is not None and near["reached"] and _LETTER[bit] in near["openings"]
                         for n, bit in _TOWARDS[s]):
            found.add(s)
    return found


def _open_slots(temple: TempleView) -> int:
    open_here = _open_spaces(temple)
    return sum(1 for relic, space in zip(temple["relics"], SLOT_SPACE) if not relic["up"] and space in open_here)


def position_features(observation: Observation) -> list[float]:
    """The numbers of :data:`FEATURES` for the player whose observation this is."""
    me = observation.get("viewer")
    if not (is_int(me) and me in (0, 1)):
        raise ValueError(f"position_features needs a player's observation (viewer 0 or 1), not viewer {me!r}")
    if observation.get("ruleset") not in RULESETS:
        raise ValueError(f"unknown ruleset {observation.get('ruleset')!r} in the observation")
    rs = RULESETS[observation["ruleset"]]
    them = 1 - me
    mine, theirs = observation["players"][me], observation["players"][them]
    temples = observation["temples"]
    lead = (mine["relic_points"] - theirs["relic_points"]) / 10.0
    last = rs.cursed_limit - 1
    offered = observation["offered"]
    if offered is None or observation["phase"] not in ("confront", "place"):
        room = 0.0
    else:
        if observation["phase"] == "place":
            taker = observation["to_move"]
        else:
            taker = room_winner((observation["players"][0]["fate"], observation["players"][1]["fate"]),
                                observation["guide"])
        room = 1.0 if taker == me else -1.0
    progress = 1.0 - observation["rooms_left"] / len(rs.rooms)
    return [
        lead,
        float(mine["amulet_count"] - theirs["amulet_count"]),
        float(mine["cursed_up"]),
        float(theirs["cursed_up"]),
        float(mine["cursed_up"] >= last),
        float(theirs["cursed_up"] >= last),
        _open_slots(temples[me]) / 3.0,
        _open_slots(temples[them]) / 3.0,
        sum(s is not None for s in temples[me]["spaces"]) / 9.0,
        sum(s is not None for s in temples[them]["spaces"]) / 9.0,
        (mine["hand_count"] - theirs["hand_count"]) / 5.0,
        (mine["fate"] - theirs["fate"]) / 5.0,
        room,
        float(observation["to_move"] == me),
        progress,
        lead * progress,
    ]


def state_features(state: State, player: int) -> list[float]:
    """:func:`position_features` of ``state.observe(player)``, the same numbers, read from the state
    without building the observation (a search judges thousands of positions a second). Every number
    is one ``player`` sees: nothing hidden from that player is read."""
    rs = state.ruleset
    them = 1 - player
    mine, theirs = state.temples[player], state.temples[them]
    lead = (mine.relic_points(rs) - theirs.relic_points(rs)) / 10.0
    last = rs.cursed_limit - 1
    mine_cursed, theirs_cursed = mine.cursed_up(rs), theirs.cursed_up(rs)
    if state.offered is None or state.phase not in ("confront", "place"):
        room = 0.0
    else:
        taker = state.to_move if state.phase == "place" else room_winner((state.fate(0), state.fate(1)), state.guide)
        room = 1.0 if taker == player else -1.0
    progress = 1.0 - len(state.rooms) / len(rs.rooms)

    def open_slots(p: int) -> int:
        mask, up = open_spaces(state, p), state.temples[p].up
        return sum(1 for i, space in enumerate(SLOT_SPACE) if not up >> i & 1 and mask >> space & 1)

    return [
        lead,
        float(len(state.amulets[player]) - len(state.amulets[them])),
        float(mine_cursed),
        float(theirs_cursed),
        float(mine_cursed >= last),
        float(theirs_cursed >= last),
        open_slots(player) / 3.0,
        open_slots(them) / 3.0,
        mine.filled() / 9.0,
        theirs.filled() / 9.0,
        (len(state.hands[player]) - len(state.hands[them])) / 5.0,
        (state.fate(player) - state.fate(them)) / 5.0,
        room,
        float(state.to_move == player),
        progress,
        lead * progress,
    ]


def labelled_positions(match: Match, every: int = 1) -> tuple[list[list[float]], list[float]]:
    """Training data from a finished game: the features of each position of its line, seen by each
    player in turn, with the label 1.0 if that player won the game and 0.0 if not.

    ``every`` keeps one position in that many (positions next to each other are much alike).
    The features come from each player's observation, so the data holds nothing a player could
    not see at that point; only the label looks ahead, to the end of the game.
    """
    outcome = match.state_at(match.last_step).outcome
    if outcome is None:
        raise ValueError("labelled_positions needs a finished game: this one has no winner yet")
    if not is_int(every) or every < 1:
        raise ValueError(f"every must be a whole number of at least 1, not {every!r}")
    rows: list[list[float]] = []
    labels: list[float] = []
    for step in range(0, match.last_step, every):  # the last state is the end: nothing left to judge
        state = match.state_at(step)
        for viewer in (0, 1):
            rows.append(position_features(state.observe(viewer)))
            labels.append(1.0 if outcome.winner == viewer else 0.0)
    return rows, labels


class LinearEvaluation:
    """A win chance from :func:`position_features`: ``1 / (1 + exp(-(bias + Σ wᵢ·xᵢ)))``.

    ``weights`` has one finite number per name of :data:`FEATURES`. Called with a player's
    observation, it returns that player's chance of winning, between 0 and 1.
    """

    def __init__(self, weights: Sequence[float], bias: float = 0.0) -> None:
        values = [float(w) for w in weights]
        if len(values) != len(FEATURES):
            raise ValueError(f"a LinearEvaluation needs {len(FEATURES)} weights (one per feature of FEATURES), "
                             f"not {len(values)}")
        if not all(math.isfinite(w) for w in values) or not math.isfinite(float(bias)):
            raise ValueError(f"the weights and the bias must be finite numbers, not {values} and {bias!r}")
        self.weights = tuple(values)
        self.bias = float(bias)

    def __call__(self, observation: Observation) -> float:
        return self._chance(position_features(observation))

    def of_state(self, state: State, player: int) -> float:
        """The same as calling it with ``state.observe(player)``, faster (:func:`state_features`)."""
        return self._chance(state_features(state, player))

    def _chance(self, features: list[float]) -> float:
        z = self.bias + sum(w * x for w, x in zip(self.weights, features))
        if z < -60.0:  # exp would overflow; the chance is 0 to double precision
            return 0.0
        return 1.0 / (1.0 + math.exp(-z))

    def __repr__(self) -> str:
        return f"LinearEvaluation([{', '.join(f'{w:.4g}' for w in self.weights)}], bias={self.bias:.4g})"


FITTED = LinearEvaluation(
    [0.9905, 0.0398, -0.7071, 0.7071, 0.3432, -0.3432, 0.7816, -0.7816, 0.6763, -0.6763, 0.7736, 0.128, 0.2031,
     -0.0306, 0.0, 0.2296], 0.0153)
"""Weights fitted by ``benchmarks/bench_eval.py`` (its default settings) on 150 of 200 games of GreedyBot
against itself: on the 50 games held out, a log loss of 0.631 (a constant guess: 0.693) and 63.9% of
the winners guessed right. ``progress`` alone gets no weight: it is the same for both players, so it
cannot tell which of them wins. Measured against the hand-written evaluation in ``docs/teaching.md``;
``ISMCTSBot``'s default evaluation since it won at 0.3 s and 1 s a move (``docs/bots.md``).
"""
