"""The fixture of the match tests: a match with two lines."""

from __future__ import annotations

import random

import pytest
from match_helpers import build, other_action

from naga_widget import Match


@pytest.fixture
def forked() -> Match:
    """A line of 30 steps, a second line forked at step 10 with 5 steps, shown at step 20 of the first."""
    m = build(30)
    m.goto(10)
    m.play(other_action(m))
    rng = random.Random(9)
    for _ in range(4):
        m.play(m.legal_actions().sample(rng))
    m.switch(0)
    m.goto(20)
    return m
