"""The rules' records: one per effect (R5), one per step (R4, R7), the end reasons, and the two enums."""

from __future__ import annotations

import dataclasses
import json
import random
import re
from itertools import islice
from pathlib import Path

import pytest
from scenario import random_states, situation

from naga_widget.rules import (
    EFFECT_NAMES,
    EFFECTS,
    END_REASONS,
    STANDARD,
    STEPS,
    Chance,
    EndReason,
    Phase,
    new_game,
)
from naga_widget.rules.effects.base import SLOT_TOKENS
from naga_widget.rules.legal import after_paying, payments
from naga_widget.rules.steps import end_reason_text

DOC = (Path(__file__).resolve().parents[2] / "docs" / "rules.md").read_text(encoding="utf-8")
HEADINGS = dict(re.findall(r"^#+ (R\d(?:\.\d+)*|E\d\d) (.+)$", DOC, re.M))


# -- R5: one record per effect -------------------------------------------------------------------------
@pytest.mark.parametrize("effect", [f"E{n:02d}" for n in range(1, 13)])
def test_r5_each_effect_has_one_record_named_as_in_the_rules(effect):
    record = EFFECTS[effect]
    assert record.id == effect
    assert record.name == HEADINGS[effect] == EFFECT_NAMES[effect]
    assert record.text.endswith(".") and record.text[0].isupper() and len(record.text) < 80
    assert record.hint


def test_r5_the_records_are_the_twelve_effects_of_the_cards_in_order():
    assert list(EFFECTS) == sorted({c.effect for c in STANDARD.cards}) == list(EFFECT_NAMES)


def confront_positions(limit=400):
    """Confrontation positions of random games where the player to move can pay a naga."""
    states = (s for s in random_states(range(60), limit=90) if s.phase == "confront" and payments(s, s.to_move))
    return list(islice(states, limit))


POSITIONS = confront_positions()


@pytest.mark.parametrize("effect", [e for e, record in EFFECTS.items() if not record.pay_matters])
def test_r4_2_2_paying_never_changes_the_targets_of_an_effect_whose_payment_does_not_matter(effect):
    """legal.py lists these targets once for every payment: it relies on this."""
    record = EFFECTS[effect]
    assert POSITIONS
    for s in POSITIONS:
        p = s.to_move
        before = record.targets(s, p, s.sticks, s.supply)
        for pay in payments(s, p):
            assert record.targets(s, p, *after_paying(s, p, pay)) == before


@pytest.mark.parametrize("effect, sticks, before, after", [
    ("E01", (("brown:N",), ()), {("p0:brown:N",)}, set()),  # the only stick in play is the one paid
    ("E02", (("brown:N",) + ("brown:1",) * 11, ()), {("violet",), ("teal",)}, {("brown",), ("violet",), ("teal",)}),
    ("E04", (("brown:N", "teal:2"), ()), {("brown:N", "1"), ("brown:N", "2"), ("teal:2", "1"), ("teal:2", "N")},
     {("teal:2", "1"), ("teal:2", "N")}),
])
def test_r4_2_2_paying_can_change_the_targets_of_an_effect_whose_payment_matters(effect, sticks, before, after):
    s = situation(phase="confront", to_move=0, sticks=sticks)
    record = EFFECTS[effect]
    assert record.pay_matters
    assert set(record.targets(s, 0, s.sticks, s.supply)) == before
    assert set(record.targets(s, 0, *after_paying(s, 0, "brown"))) == after


def test_e07_the_fast_target_test_agrees_with_the_list():
    s = POSITIONS[0]
    record = EFFECTS["E07"]
    listed = set(record.targets(s, 0, s.sticks, s.supply))
    tokens = [tok for row in SLOT_TOKENS for tok in row] + ["gold:X9", "silver", ""]
    for a in tokens:
        for b in tokens:
            for target in ((a, b), (a,), (a, b, b)):
                assert record.accepts(s, 0, s.sticks, s.supply, target) == (target in listed), target


# -- R4, R7: steps and end reasons -----------------------------------------------------------------------
@pytest.mark.parametrize("phase", ["call", "confront", "place", "give"])
def test_r4_each_step_is_named_as_its_rule(phase):
    step = STEPS[phase]
    assert step.phase == phase and STEPS[Phase(phase)] is step
    assert HEADINGS[step.rule] == step.name


def test_r7_the_end_of_the_game_is_a_step_of_its_own():
    assert (STEPS["over"].name, STEPS["over"].rule, HEADINGS["R7"]) == ("Game over", "R7", "End of the game")
    assert set(STEPS) == {p.value for p in Phase}


@pytest.mark.parametrize("target", [25, 12])
def test_r7_1_2_the_end_reason_takes_the_target_score_from_the_ruleset(target):
    ruleset = dataclasses.replace(STANDARD, target_score=target)
    assert end_reason_text("target_score", ruleset) == f"a score of {target} or more"
    assert set(END_REASONS) == {r.value for r in EndReason}


def test_r7_1_2_a_variant_target_score_is_what_the_game_over_event_says():
    """With a target of 12 a random game is soon won by score; the event quotes that number."""
    ruleset = dataclasses.replace(STANDARD, target_score=12)
    rng = random.Random(5)
    for seed in range(40):
        chance = Chance(random.Random(seed))
        state, events = new_game(ruleset, chance)
        while not state.is_over:
            state, events = state.transition(state.legal_actions().sample(rng), chance)
        if state.outcome.reason == EndReason.TARGET_SCORE:
            (over,) = [e for e in events if e.kind == "game_over"]
            assert "(a score of 12 or more)" in over.text and max(state.outcome.scores) >= 12
            return
    raise AssertionError("no game reached the target score")


# -- the enums stay plain text outside the engine --------------------------------------------------------
def test_phase_and_reason_are_enums_inside_and_plain_text_outside():
    state = situation(phase="place", to_move=0)
    assert type(state.phase) is Phase and state.phase == "place" and repr(state.phase) == "'place'"
    view = state.observe("truth")
    assert type(view["phase"]) is str and json.dumps(view["phase"]) == '"place"'
    over = next(s for s in random_states([3]) if s.is_over)
    assert type(over.outcome.reason) is EndReason and over.phase is Phase.OVER
    assert type(over.observe(0)["outcome"]["reason"]) is str
    assert json.dumps(over.outcome.reason) == json.dumps(over.outcome.reason.value)
