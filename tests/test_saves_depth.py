"""A saved text nested too deeply is refused before ``json.loads`` reads it (under Pyodide a
text some 20,000 levels deep overflows the real stack inside ``json.loads``)."""

from __future__ import annotations

import json
import random
import time

import pytest

from naga_widget import Match, ReplayError
from naga_widget.saves import NESTING_LIMIT, check_nesting, checksum, nesting_depth


@pytest.mark.parametrize("text, depth", [
    ("", 0),
    ("1", 0),
    ("[]", 1),
    ('{"a": [[], {"b": [1]}]}', 4),
    ('["[[[[", "{{{{"]', 1),  # brackets inside strings do not count
    ('["\\"[[[", "]]]\\\\", [2]]', 2),  # nor after an escaped quote; an escaped backslash ends its escape
    ('[[["unterminated [[[[[[', 3),  # an unterminated string runs to the end
    ("]]][[", 2),
])
def test_nesting_depth(text: str, depth: int) -> None:
    assert nesting_depth(text) == depth


def test_a_real_save_is_far_below_the_limit_and_loads() -> None:
    match, rng = Match(seed=4), random.Random(1)
    for _ in range(40):
        match.play(match.legal_actions().sample(rng))
    match.goto(30)
    match.play(match.legal_actions().sample(random.Random(2)), fork=True)  # a second branch
    text = match.dumps(indent=1)
    assert nesting_depth(text) == nesting_depth(json.dumps(json.loads(text))) <= NESTING_LIMIT // 10
    loaded = Match.loads(text)
    assert loaded.state == match.state and loaded.step == 31 and len(loaded.branches()) == 2


def test_a_text_100_000_deep_is_refused_quickly() -> None:
    text = "[" * 100_000 + "]" * 100_000
    start = time.perf_counter()
    with pytest.raises(ReplayError, match=rf"nested too deeply \(more than {NESTING_LIMIT} levels\)"):
        Match.loads(text)  # the scan's refusal, not json.loads' RecursionError
    assert time.perf_counter() - start < 0.5


@pytest.mark.parametrize("depth, refused", [(NESTING_LIMIT, False), (NESTING_LIMIT + 1, True)])
def test_the_limit_is_exact(depth: int, refused: bool) -> None:
    text = '{"a": ' * depth + "1" + "}" * depth
    if refused:
        with pytest.raises(ReplayError, match="nested too deeply"):
            check_nesting(text)
    else:
        check_nesting(text)
        with pytest.raises(ReplayError, match="not a saved match") as caught:
            Match.loads(text)  # parsed, then refused for what it is, not for its depth
        assert "nested" not in str(caught.value)


def test_brackets_inside_strings_do_not_count_when_loading() -> None:
    """A save whose action texts are full of brackets is read past the scan (and refused as a bad action)."""
    match = Match(seed=5)
    match.play(match.legal_actions().sample(random.Random(0)))
    doc = match.to_json()
    doc["steps"][0]["action"] = "[" * (NESTING_LIMIT * 5)
    doc["checksum"] = checksum(doc)
    with pytest.raises(ReplayError, match="step record 1") as caught:
        Match.loads(json.dumps(doc))
    assert "nested" not in str(caught.value)
