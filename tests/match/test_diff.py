"""What changed between two steps of a match (naga_widget.diff), and what each viewer is told of it."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from match_helpers import SEED, build

from naga_widget import (
    Match,
)


# -- what changed between two steps ------------------------------------------------------------------
def test_diff_lists_placements_counts_and_steps() -> None:
    m = Match(seed=SEED)
    rng = random.Random(1)
    while m.state.phase != "place":
        m.play(m.legal_actions().sample(rng))
    player, room = m.state.to_move, m.state.offered[0]
    before = m.step
    m.play(next(iter(m.legal_actions())))
    changes = m.diff(before, m.step)
    placed = [c for c in changes if c["kind"] == "tile"]
    space = next(i for i, t in enumerate(m.state.temples[player].tiles) if t is not None and t.room == room)
    where = f"{('gold', 'silver')[player]} {space}"
    assert placed[0]["what"] == room and placed[0]["after"] == where
    assert placed[0]["text"].startswith(f"{room} placed on {where}")
    assert any(c["kind"] == "step" and c["what"] == "step" and c["before"] == "place" for c in changes)
    assert any(c["what"].endswith("sticks") and c["after"] == [] for c in changes)
    assert m.diff(3, 3) == [] and all(set(c) == {"kind", "what", "before", "after", "text"} for c in changes)
    back = [c for c in m.diff(m.step, before) if c["kind"] == "tile"]
    assert [c["what"] for c in back] == [room] and back[0]["text"] == f"{room} leaves {where}"


def test_a_player_s_diff_shows_nothing_that_player_may_not_see() -> None:
    """Every card, amulet and relic a player's diff names is in that player's own two observations,
    and the diffs of the truth do name hidden cards (so the check can fail)."""
    token = re.compile(r"(?<![A-Za-z0-9])(\d\d[a-d]|A\d\d|[sc]\d)(?![A-Za-z0-9])")
    m = build(40)
    secret_seen = 0
    for i in range(0, 37, 3):
        for viewer in (0, 1, "spectator", "truth"):
            named = set(token.findall(json.dumps(m.diff(i, i + 3, viewer), ensure_ascii=False)))
            known = set(token.findall(json.dumps([m.state_at(k).observe(viewer) for k in (i, i + 3)])))
            assert named <= known, f"steps {i}-{i + 3}: {viewer!r} is told {sorted(named - known)}"
            if viewer == "truth":
                hidden = set(token.findall(json.dumps([m.state_at(k).observe(1) for k in (i, i + 3)])))
                secret_seen += len(named - hidden)
    assert secret_seen > 0


@pytest.mark.parametrize("bad", [99, -99, True, "1"])
def test_diff_of_steps_off_the_line_raises_index_error(bad: Any) -> None:
    m = build(5)
    with pytest.raises(IndexError):
        m.diff(0, bad)
    with pytest.raises(ValueError, match="viewer"):
        m.diff(0, 1, viewer="bot")
