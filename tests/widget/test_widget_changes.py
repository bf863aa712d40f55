"""What changed at a step, as the widget highlights and says it (``naga_widget.diff.step_changes``, sent
as ``timeline.changes``): computed from two observations of one viewer, so only what that viewer may see."""

from __future__ import annotations

import copy
import random
from typing import Any

from naga_widget import Match
from naga_widget.diff import step_changes
from naga_widget.widget.projection import View, traits


def _observation_with_tiles() -> tuple[Match, dict[str, Any]]:
    """A real observation of gold's with at least three tiles in gold's temple, one of them holding an amulet."""
    for seed in range(40):
        m, rng = Match(seed=seed), random.Random(seed)
        while not m.state.is_over:
            obs = m.state.observe(0)
            tiles = [t for t in obs["temples"][0]["spaces"] if t is not None and not t["trap"]]
            if len(tiles) >= 3 and any(t["amulet"] for t in tiles) and obs["trap"] == "side":
                return m, obs
            m.play(m.state.legal_actions().sample(rng))
    raise AssertionError("no such position in 40 games")


def _pair(edit) -> tuple[dict[str, Any], dict[str, Any]]:
    _, prev = _observation_with_tiles()
    nxt = copy.deepcopy(prev)
    edit(nxt)
    return prev, nxt


def test_nothing_changed_between_an_observation_and_itself() -> None:
    _, obs = _observation_with_tiles()
    assert step_changes(obs, copy.deepcopy(obs)) == {"spaces": [], "slots": [], "players": [], "lines": []}


def test_a_room_placed_on_a_space_with_its_row_and_column() -> None:
    _, prev = _observation_with_tiles()
    empty = next(i for i, t in enumerate(prev["temples"][1]["spaces"]) if t is None)
    nxt = copy.deepcopy(prev)
    nxt["temples"][1]["spaces"][empty] = {"room": "R99", "trap": False, "rotation": 0, "openings": "NES",
                                          "reached": False, "amulet": None}
    c = step_changes(prev, nxt)
    assert c["spaces"] == [f"silver:{empty}"]
    assert c["lines"] == [f"room R99 placed on silver space {empty} (row {empty // 3}, col {empty % 3}), openings NES"]


def test_a_tile_turned_tiles_swapped_the_trap_moved_and_an_amulet_collected() -> None:
    _, prev = _observation_with_tiles()
    spaces = prev["temples"][0]["spaces"]
    full = [i for i, t in enumerate(spaces) if t is not None]
    a, b = full[0], full[1]
    with_amulet = next(i for i in full if spaces[i]["amulet"])
    empty = next(i for i, t in enumerate(spaces) if t is None)
    nxt = copy.deepcopy(prev)
    g = nxt["temples"][0]["spaces"]
    g[a], g[b] = g[b], g[a]
    turned = g[a]["openings"]
    g[a] = {**g[a], "openings": "NESW" if turned != "NESW" else "N"}
    k = next(i for i, t in enumerate(g) if t is not None and t["room"] == spaces[with_amulet]["room"])
    g[k] = {**g[k], "amulet": None}
    g[empty] = {"room": "TRAP", "trap": True, "rotation": 0, "openings": "", "reached": False, "amulet": None}
    nxt["trap"] = f"gold:{empty}"
    c = step_changes(prev, nxt)
    ra, rb = spaces[a]["room"], spaces[b]["room"]
    where = lambda i: f"gold space {i} (row {i // 3}, col {i % 3})"  # noqa: E731
    assert f"room {rb} moved from gold space {b} to {where(a)}, openings now {g[a]['openings']}" in c["lines"]
    assert f"room {ra} moved from gold space {a} to {where(b)}" in c["lines"]
    assert f"the trap placed on {where(empty)}" in c["lines"]
    assert f"the amulet on room {spaces[with_amulet]['room']} was collected" in c["lines"]
    assert {f"gold:{a}", f"gold:{b}", f"gold:{empty}", f"gold:{k}"} == set(c["spaces"])
    back = step_changes(nxt, prev)
    assert f"the trap left gold space {empty}" in back["lines"]
    assert "the trap is at the side" in back["lines"]
    assert f"an amulet now lies on room {spaces[with_amulet]['room']}" in back["lines"]


def test_relics_turned_seen_or_swapped() -> None:
    def edit(b: dict[str, Any]) -> None:
        b["temples"][0]["relics"][0] = {**b["temples"][0]["relics"][0], "up": True, "relic": "s4"}
        b["temples"][1]["relics"][1] = {**b["temples"][1]["relics"][1], "up": False, "relic": "c6"}
    prev, nxt = _pair(edit)
    prev["temples"][0]["relics"][0].update(up=False, relic=None)
    prev["temples"][1]["relics"][1].update(up=False, relic=None)
    c = step_changes(prev, nxt)
    assert c["slots"] == ["gold:W2", "silver:W1"]
    assert c["lines"] == ["gold W2: relic turned face up, sacred 4",
                          "silver W1: you now know this face-down relic, cursed 6"]
    assert step_changes(nxt, prev)["lines"][0] == "gold W2: relic turned face down"
    up = copy.deepcopy(nxt)
    up["temples"][0]["relics"][0]["relic"] = "s5"
    assert step_changes(nxt, up)["lines"] == ["gold W2: now sacred 5 (was sacred 4)"]


def test_sticks_with_the_new_fate_cards_in_hand_and_a_card_given() -> None:
    def edit(b: dict[str, Any]) -> None:
        b["players"][1]["sticks"] = ["teal:2", "teal:N"]
        b["players"][1]["fate"] = 2
        b["players"][0]["hand_count"] += 1
    prev, nxt = _pair(edit)
    c = step_changes(prev, nxt)
    assert c["players"] == [0, 1]
    assert f"silver's sticks: teal 2, teal naga — fate {prev['players'][1]['fate']} → 2" in c["lines"]
    n = prev["players"][0]["hand_count"]
    assert f"gold: {n} → {n + 1} cards in hand" in c["lines"]
    given = copy.deepcopy(prev)
    given["players"][1]["known_cards"] = [*given["players"][1]["known_cards"], "10b"]
    assert step_changes(prev, given)["lines"] == ["silver now holds 10b (public)"]


def test_the_timeline_sends_the_changes_of_the_step_shown_for_its_viewer() -> None:
    m, _ = _observation_with_tiles()
    rng = random.Random(3)
    while m.state.phase != "place":
        m.play(m.state.legal_actions().sample(rng))
    placer = m.state.to_move
    action = m.state.legal_actions().sample(rng)
    m.play(action)
    for perspective in (0, 1, "spectator"):
        changes = traits(m, View(perspective))["timeline"]["changes"]
        name = ("gold", "silver")[placer]
        assert f"{name}:{action.space}" in changes["spaces"]  # type: ignore[union-attr]
        where = f"placed on {name} space {action.space} (row {action.space // 3}, col {action.space % 3})"
        assert any(where in line for line in changes["lines"])  # type: ignore[union-attr]
    m.goto(0)
    assert traits(m, View(0))["timeline"]["changes"] is None
    hot = Match(seed=2)
    hot.play(hot.state.legal_actions().sample(rng))
    assert traits(hot, View("hotseat"))["timeline"]["changes"] is None  # the screen is up: nothing to say
