"""The steps of a round and the ways a game ends, in words (R4, R7).

This is the one place where step names and end reasons are written. A
:class:`Phase` and an :class:`EndReason` are ``str`` enums: they compare equal to
their plain text and serialise as it, so observations and saved games hold
``"call"`` or ``"target_score"``.

>>> import json
>>> STEPS[Phase.PLACE].name, STEPS["place"].rule
('Exploration', 'R4.3')
>>> Phase.CALL == "call", json.dumps([Phase.GIVE, EndReason.FULL_TEMPLE])
(True, '["give", "full_temple"]')
>>> end_reason_text(EndReason.TARGET_SCORE, STANDARD)
'a score of 25 or more'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .ruleset import STANDARD, Ruleset


class Phase(StrEnum):
    """The step a decision belongs to (R4.1–R4.4), or ``over`` (R7)."""

    CALL = "call"
    CONFRONT = "confront"
    PLACE = "place"
    GIVE = "give"
    OVER = "over"

    def __repr__(self) -> str:  # shown as its plain text, like the string it equals
        return repr(self.value)


class EndReason(StrEnum):
    """Why a game ended: R7.1.1, R7.1.2 or R7.2."""

    THREE_CURSED = "three_cursed"
    TARGET_SCORE = "target_score"
    FULL_TEMPLE = "full_temple"

    def __repr__(self) -> str:
        return repr(self.value)


@dataclass(frozen=True, slots=True)
class Step:
    """A step of the round as players call it, and the rule that describes it."""

    phase: Phase
    name: str
    rule: str


STEPS: dict[str, Step] = {step.phase.value: step for step in (
    Step(Phase.CALL, "Call of Fate", "R4.1"),
    Step(Phase.CONFRONT, "Confrontation", "R4.2"),
    Step(Phase.PLACE, "Exploration", "R4.3"),
    Step(Phase.GIVE, "New Deal", "R4.4"),
    Step(Phase.OVER, "Game over", "R7"),
)}
"""Each phase's step, keyed by the phase's text (a :class:`Phase` finds it too)."""


def step_title(phase: str) -> str:
    """A step's name with its rule id, e.g. ``"Call of Fate (R4.1)"`` (R4, R7).

    >>> step_title("place")
    'Exploration (R4.3)'
    """
    step = STEPS.get(phase)
    return f"{step.name} ({step.rule})" if step is not None else phase

END_REASONS: dict[str, str] = {
    EndReason.THREE_CURSED.value: "three cursed relics face up",
    EndReason.TARGET_SCORE.value: "a score of {target} or more",
    EndReason.FULL_TEMPLE.value: "a full temple",
}
"""Each end reason in words; ``{target}`` stands for the ruleset's target score (see :func:`end_reason_text`)."""


def end_reason_text(reason: str, ruleset: Ruleset = STANDARD) -> str:
    """The words for ``reason``, with the numbers of ``ruleset`` filled in."""
    return END_REASONS[reason].format(target=ruleset.target_score)
