"""R7 — the end of a game as a value: who won, why, and the final scores."""

from __future__ import annotations

from typing import NamedTuple, TypedDict

from .steps import EndReason


class OutcomeJSON(TypedDict):
    """The end of a game as plain data (:meth:`Outcome.to_json`)."""

    winner: int
    reason: str  # an EndReason: "three_cursed", "target_score" or "full_temple"
    rule: str  # the rule applied, e.g. "R7.1"
    scores: list[int]  # gold's and silver's final scores, amulets included


class Outcome(NamedTuple):
    """The end of a game (R7): the winner, the reason, the rule applied, and the scores (amulets included).

    >>> Outcome(1, EndReason.THREE_CURSED, "R7.1", (18, 9)).to_json()["reason"]
    'three_cursed'
    """

    winner: int
    reason: EndReason
    rule: str
    scores: tuple[int, int]

    def to_json(self) -> OutcomeJSON:
        return {"winner": self.winner, "reason": self.reason.value, "rule": self.rule, "scores": list(self.scores)}
