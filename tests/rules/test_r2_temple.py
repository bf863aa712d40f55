"""R2 — the temple: rotations, paths, the R2.4 invariant (flips both ways), amulets, knowledge."""

from __future__ import annotations

import pytest
from scenario import (
    OPENINGS,
    RS,
    SHAPE_ROOM,
    SLOT,
    act,
    events_of,
    forced,
    mask,
    relic_view,
    situation,
    temple,
    tile,
)

from naga_widget.rules.ruleset import openings_text
from naga_widget.rules.temple import SLOT_NAMES, Temple, reached_slots, reached_spaces

SHAPE_ROTATIONS = [(shape, k) for shape in OPENINGS for k in range(4)]


def spaces_of(m: int) -> set[int]:
    return {i for i in range(9) if m >> i & 1}


def slots_of(m: int) -> set[str]:
    return {SLOT_NAMES[i] for i in range(9) if m >> i & 1}


def test_r2_2_canonical_slot_order():
    assert SLOT_NAMES == ("W2", "W1", "W0", "N0", "N1", "N2", "E0", "E1", "E2")


@pytest.mark.parametrize("shape, k", SHAPE_ROTATIONS)
def test_r1_1_rotation_turns_clockwise(shape, k):
    t = temple(tiles={0: (SHAPE_ROOM[shape], k)})
    assert openings_text(t.tiles[0].openings) == OPENINGS[shape][k]
    assert t.tiles[0].rotation == k


def _reach(tiles: dict) -> tuple[set[int], set[str]]:
    t = temple(tiles=tiles)
    o = t.openings()
    assert t.reached() == reached_spaces(o)
    return spaces_of(reached_spaces(o)), slots_of(reached_slots(o))


@pytest.mark.parametrize("shape, k", SHAPE_ROTATIONS)
def test_r2_3_path_through_centre(shape, k):
    """Cross at 7 (entrance S1) and crosses at 1, 3, 5 around the tested tile on 4."""
    o = OPENINGS[shape][k]
    spaces, slots = _reach({7: ("R01", 0), 1: ("R02", 0), 3: ("R03", 0), 5: ("R04", 0), 4: (SHAPE_ROOM[shape], k)})
    exp_spaces = {7}
    if "S" in o:
        exp_spaces.add(4)
        exp_spaces |= {n for d, n in (("N", 1), ("W", 3), ("E", 5)) if d in o}
    exp_slots = {s for n, s in ((1, "N1"), (3, "W1"), (5, "E1")) if n in exp_spaces}
    assert (spaces, slots) == (exp_spaces, exp_slots)


@pytest.mark.parametrize("shape, k", SHAPE_ROTATIONS)
def test_r2_3_entrance_tile_alone(shape, k):
    """The tile on (2,0) is reached iff it has an S opening; W2 iff it also opens west."""
    o = OPENINGS[shape][k]
    spaces, slots = _reach({6: (SHAPE_ROOM[shape], k)})
    assert spaces == ({6} if "S" in o else set())
    assert slots == ({"W2"} if "S" in o and "W" in o else set())


# The tested tile on the top row, with crosses (or a straight) below it leading up from an entrance:
# (tiles below, its space, slots those tiles reach, slot reached through each of its openings).
TOP_ROW = [
    pytest.param({6: ("R01", 0), 3: ("R02", 0)}, 0, {"W2", "W1"}, {"W": "W0", "N": "N0"}, id="north-west"),
    pytest.param({8: ("R01", 0), 5: ("R02", 0)}, 2, {"E2", "E1"}, {"N": "N2", "E": "E0"}, id="north-east"),
    pytest.param({7: ("R01", 0), 4: ("R17", 0)}, 1, set(), {"N": "N1"}, id="north-middle"),
]


@pytest.mark.parametrize("below, space, slots_below, slot_of_opening", TOP_ROW)
@pytest.mark.parametrize("shape, k", SHAPE_ROTATIONS)
def test_r2_3_top_row_tile_reached_from_below(shape, k, below, space, slots_below, slot_of_opening):
    """The tile is reached iff it opens S towards the path; then each of its outer openings reaches a slot."""
    o = OPENINGS[shape][k]
    spaces, slots = _reach({**below, space: (SHAPE_ROOM[shape], k)})
    on = "S" in o
    assert spaces == set(below) | ({space} if on else set())
    assert slots == slots_below | {s for d, s in slot_of_opening.items() if on and d in o}


def test_r2_3_opposite_opening_needed():
    # A reached cross on 7 points north at a straight turned east-west: no link.
    spaces, slots = _reach({7: ("R01", 0), 4: ("R17", 1), 1: ("R02", 0)})
    assert spaces == {7} and slots == set()


def test_r2_3_trap_and_empty_spaces_carry_no_path():
    spaces, slots = _reach({6: ("R01", 0), 3: "TRAP", 0: ("R02", 0)})
    assert spaces == {6} and slots == {"W2"}
    spaces, slots = _reach({6: ("R01", 0), 0: ("R02", 0)})  # 3 empty
    assert spaces == {6} and slots == {"W2"}
    spaces, slots = _reach({7: "TRAP"})
    assert spaces == set() and slots == set()


def test_r2_3_long_path_reaches_every_slot():
    tiles = {i: ("R0" + str(1 + i % 4), 0) for i in range(9)}  # crosses everywhere (ids may repeat here)
    t = Temple.empty(tuple(r.token for r in RS.relics))
    for s, spec in tiles.items():
        t = t.put(s, tile(spec))
    assert reached_spaces(t.openings()) == 0b111111111
    assert reached_slots(t.openings()) == 0b111111111


# -- R2.4 through the engine ---------------------------------------------------------------------
GOLD = ("c6", "s5", "s4", "s3", "c6", "s5", "s4", "s3", "c6")  # W2=c6 W1=s5 W0=s4 N0=s3 ...


def place_state(offered=("R13", None), gold_tiles=None, gold_amulets=None, relics=GOLD):
    return situation(
        phase="place", to_move=0, guide=0,
        temples=(temple(relics, gold_tiles or {}, gold_amulets), temple()),
        hands=(("05a",), ("06a",)), calls=(("01a",), ("02a",)), sticks=(("brown:1", "brown:2"), ("brown:1",)),
        offered=offered,
    )


def test_r2_4_placement_reveals_relic():
    state = place_state(offered=("R15", None))
    new, events = act(state, "place 6 rot2", forced(card=["07a", "08a", "09a"], room=["R16"]))  # corner S W
    g = new.temples[0]
    assert g.up == mask("W2")
    revealed = events_of(events, "relic_revealed")
    assert [(e.rule, e.data["temple"], e.data["slot"], e.data["relic"]) for e in revealed] == [("R2.4", 0, "W2", "c6")]
    for viewer in (0, 1, "spectator"):
        view = relic_view(new, viewer, 0, "W2")
        assert view == {"slot": "W2", "up": True, "relic": "c6", "remembered": False}
    assert new.relic_points(0) == 6


def test_r2_4_placement_not_reaching_reveals_nothing():
    state = place_state(offered=("R15", None))
    new, events = act(state, "place 6 rot0", forced(card=["07a", "08a", "09a"], room=["R16"]))  # corner N E
    assert new.temples[0].up == 0
    assert not events_of(events, "relic_revealed")


def confront_state(gold: Temple, silver: Temple | None = None, hand=("08a", "10a"), **kw):
    return situation(
        phase="confront", to_move=0, guide=0, temples=(gold, silver or temple()),
        hands=(hand, ("05b",)), calls=(("01a",), ("02c",)),
        sticks=(("brown:N", "brown:2"), ("teal:1", "teal:2")), **kw,
    )


@pytest.mark.parametrize("action", ["invoke 08a brown gold:row2 east", "invoke 10a brown gold:3 gold:6"])
def test_r2_4_effect_hides_relic_that_was_up_and_it_stays_remembered(action):
    gold = temple(GOLD, {6: ("R01", 0)})
    assert gold.up == mask("W2")
    state = confront_state(gold)
    new, events = act(state, action)
    assert new.temples[0].up == 0
    hidden = events_of(events, "relic_hidden")
    assert [(e.rule, e.data["slot"], e.data["relic"]) for e in hidden] == [("R2.4", "W2", "c6")]
    assert new.relic_points(0) == 0
    for viewer in (0, 1, "spectator"):
        assert relic_view(new, viewer, 0, "W2") == {"slot": "W2", "up": False, "relic": "c6", "remembered": True}


def test_r2_4_amulet_collected_when_placed_on_reached_space():
    state = place_state(offered=("R13", "A05"), gold_tiles={6: ("R01", 0)})
    new, events = act(state, "place 3 rot1", forced(card=["07a", "08a", "09a"], room=["R16"]))  # corner E S above cross
    assert new.amulets[0] == ("A05",)
    assert new.temples[0].amulets == (None,) * 9
    got = events_of(events, "amulet_collected")
    assert len(got) == 1 and got[0].rule == "R2.4" and got[0].private_to == 0
    assert got[0].view(0)["data"]["amulet"] == "A05"
    assert "amulet" not in got[0].view(1)["data"]
    assert new.amulet_points(0) == 2


def test_r2_4_amulet_stays_on_unreached_tile_then_collected_when_reached():
    state = place_state(offered=("R13", "A05"), gold_tiles={6: ("R01", 0)})
    new, _ = act(state, "place 3 rot0", forced(card=["07a", "08a", "09a"], room=["R16"]))  # corner N E: no S
    assert new.amulets[0] == ()
    assert new.temples[0].amulets[3] == "A05"
    # Later: a cross on 7 then one on 4 links the corner on 3 (it opens east) to the entrance.
    state = place_state(offered=("R03", None), gold_tiles={7: ("R01", 0), 3: ("R13", 0)}, gold_amulets={3: "A05"})
    new, events = act(state, "place 4 rot0", forced(card=["07a", "08a", "09a"], room=["R16"]))
    assert new.amulets[0] == ("A05",)
    assert new.temples[0].amulets[3] is None
    assert [e.data["space"] for e in events_of(events, "amulet_collected")] == [3]


def test_r2_4_reevaluation_only_touches_changed_temple():
    silver = temple(GOLD, {})
    state = place_state(offered=("R15", None))
    state = state._replace(temples=(state.temples[0], silver))
    new, _ = act(state, "place 6 rot2", forced(card=["07a", "08a", "09a"], room=["R16"]))
    assert new.temples[1] == silver


def test_r6_revealed_relic_known_to_both_then_remembered():
    """Revealed by a placement, hidden by a slide: both players (and onlookers) keep it in mind."""
    state = place_state(offered=("R15", None))
    up, _ = act(state, "place 6 rot2", forced(card=["07a", "08a", "09a"], room=["R16"]))
    assert all(k >> SLOT["W2"] & 1 for k in up.temples[0].known)  # known to 0, 1 and onlookers
    # The same temple in a later confrontation: slide the corner away (row 2 east).
    gold = up.temples[0]
    state = confront_state(gold)
    new, _ = act(state, "invoke 08a brown gold:row2 east")
    assert new.temples[0].up == 0
    assert new.temples[0].known == (mask("W2"),) * 3
    assert relic_view(new, 1, 0, "W2")["relic"] == "c6"
    assert relic_view(new, 0, 0, "W1")["relic"] is None
