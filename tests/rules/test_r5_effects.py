"""R5 — the twelve naga effects: legal targets, resolution, illegal targets (cited by effect id)."""

from __future__ import annotations

from itertools import combinations

import pytest
from scenario import (
    ALL_CARDS,
    FULL,
    SLOT,
    act,
    events_of,
    forced,
    invokes,
    mask,
    rejected,
    relic_view,
    situation,
    temple,
    tile,
)

from naga_widget.rules import Pass
from naga_widget.rules.temple import SLOT_NAMES


def effect_state(hand, s0=("brown:N", "brown:2"), s1=("teal:1", "teal:N"), gold=None, silver=None,
                 a0=(), h1=("05b",), **kw):
    """Player 0 (the guide) to act in the Confrontation."""
    return situation(phase="confront", to_move=0, guide=0, temples=(gold or temple(), silver or temple()),
                     hands=(hand, h1), calls=(("10b",), ("11c",)), sticks=(s0, s1), amulets=(a0, ()), **kw)


# -- payment and the invoke itself ---------------------------------------------------------------
@pytest.mark.parametrize("action", [
    "invoke 12b brown",  # not in hand
    "invoke 05b brown teal:1",  # the opponent's card
    "invoke 12a teal",  # no teal naga held
    "invoke 12a violet",  # violet has no naga
    "invoke 12a charm",  # no charm held
    "invoke 12a gold",  # not a payment
])
def test_r4_2_invoke_needs_card_in_hand_and_a_naga(action):
    state = effect_state(("12a",))
    assert rejected(state, action).rule == "R4.2"


def test_r4_2_paid_naga_stick_returns_to_supply_and_card_is_discarded():
    state = effect_state(("12a", "03a"))
    new, events = act(state, "invoke 12a brown", forced(card=["07a", "07b"]))
    assert new.supply[0] == state.supply[0] + 1
    assert new.sticks[0] == ("brown:2",)
    assert new.discard[-1] == "12a" and "12a" not in new.hands[0]
    inv = events_of(events, "invoke")
    assert inv[0].rule == "E12" and inv[0].data["card"] == "12a"


def test_r4_2_charm_payment_is_public_and_spent():
    state = effect_state(("12a",), s0=("brown:2",), a0=("A01", "A08"))
    new, _ = act(state, "invoke 12a charm", forced(card=["07a", "07b"]))
    assert new.amulets[0] == ("A01",)
    assert new.spent[0] == ("A08",)
    assert new.sticks[0] == ("brown:2",) and new.supply == state.supply
    seen = new.observe(1)["players"][0]
    assert seen["spent_charms"] == ["A08"] and seen["amulets"] is None and seen["amulet_count"] == 1


def test_r4_2_second_charm_cannot_be_paid_with_treasure_only():
    state = effect_state(("12a", "12b"), s0=("brown:2",), s1=("teal:1",), a0=("A01", "A08"))
    new, _ = act(state, "invoke 12a charm", forced(card=["07a", "07b"]))
    assert (new.phase, new.to_move) == ("confront", 0)  # player 1 passed automatically
    assert rejected(new, "invoke 12b charm").rule == "R4.2"
    assert list(new.legal_actions()) == [Pass()]  # a treasure might be a charm: still a decision


# -- E01 Second Throw -----------------------------------------------------------------------------
def test_e01_targets_are_sticks_in_play_after_paying():
    state = effect_state(("01a",))
    assert invokes(state, "01a") == {("p0:brown:2",), ("p1:teal:1",), ("p1:teal:N",)}


@pytest.mark.parametrize("target, face, owner, after", [
    ("p1:teal:N", "2", 1, ("teal:1", "teal:2")),
    ("p1:teal:1", "N", 1, ("teal:N", "teal:N")),
    ("p0:brown:2", "N", 0, ("brown:N",)),
])
def test_e01_throws_again(target, face, owner, after):
    state = effect_state(("01a",))
    new, events = act(state, f"invoke 01a brown {target}", forced(throw=[face]))
    assert new.sticks[owner] == after
    assert new.supply == (state.supply[0] + 1,) + state.supply[1:]
    assert [e.rule for e in events if e.kind == "throw"] == ["E01"]


@pytest.mark.parametrize("target", ["p0:brown:N", "p1:violet:3", "p0:teal:1", "p2:teal:1", "teal:1", ""])
def test_e01_illegal_targets(target):
    state = effect_state(("01a",), s0=("brown:N", "brown:2"))
    assert rejected(state, f"invoke 01a brown {target}".strip(), forced(throw=["1"])).rule == "E01"


def test_e01_only_stick_in_play_was_the_one_paid():
    state = effect_state(("01a",), s0=("brown:N",), s1=())
    assert invokes(state, "01a") == set()
    assert rejected(state, "invoke 01a brown p0:brown:N", forced(throw=["1"])).rule == "E01"
    # Paid with a charm, the naga stick stays in play and can be thrown again.
    state = effect_state(("01a",), s0=("brown:N",), s1=(), a0=("A08",))
    assert invokes(state, "01a", "brown") == set()
    assert invokes(state, "01a", "charm") == {("p0:brown:N",)}


# -- E02 Gift of Fate -------------------------------------------------------------------------------
def test_e02_targets_and_resolution():
    state = effect_state(("02a",))
    assert invokes(state, "02a") == {("brown",), ("violet",), ("teal",)}
    new, events = act(state, "invoke 02a brown violet", forced(throw=["4"]))
    assert new.sticks[0] == ("brown:2", "violet:4")
    assert new.supply == (state.supply[0] + 1, state.supply[1] - 1, state.supply[2])
    assert [e.rule for e in events if e.kind == "throw"] == ["E02"]
    assert rejected(state, "invoke 02a brown red", forced(throw=["1"])).rule == "E02"
    assert rejected(state, "invoke 02a brown", forced(throw=["1"])).rule == "E02"


def test_e02_supply_empty_only_the_paid_stick_can_be_taken():
    s0 = ("brown:N",) + ("brown:1",) * 11
    s1 = ("violet:0",) * 12 + ("teal:1",) * 12
    state = effect_state(("02a",), s0=s0, s1=s1, a0=("A08",))
    assert state.supply == (0, 0, 0)
    assert invokes(state, "02a", "brown") == {("brown",)}
    assert invokes(state, "02a", "charm") == set()
    assert rejected(state, "invoke 02a brown violet", forced(throw=["1"])).rule == "E02"
    assert rejected(state, "invoke 02a charm brown", forced(throw=["1"])).rule == "E02"
    new, _ = act(state, "invoke 02a brown brown", forced(throw=["2"]))
    assert new.supply == (0, 0, 0) and sorted(new.sticks[0]).count("brown:2") == 1


# -- E03 Snuffed Torch ------------------------------------------------------------------------------
def test_e03_targets_and_resolution():
    state = effect_state(("03a",), s1=("teal:1", "teal:N", "violet:3"))
    assert invokes(state, "03a") == {("teal:1",), ("teal:N",), ("violet:3",)}
    new, events = act(state, "invoke 03a brown violet:3")
    assert new.sticks[1] == ("teal:1", "teal:N")
    assert new.supply[1] == state.supply[1] + 1
    assert events_of(events, "stick_returned")[0].rule == "E03"
    for bad in ("brown:2", "teal:2", "violet:4", ""):
        assert rejected(state, f"invoke 03a brown {bad}".strip()).rule == "E03"


def test_e03_opponent_without_sticks():
    state = effect_state(("03a",), s1=())
    assert invokes(state, "03a") == set()
    assert rejected(state, "invoke 03a brown teal:1").rule == "E03"


# -- E04 Twist of Fate ------------------------------------------------------------------------------
def test_e04_targets_are_own_sticks_to_another_face():
    state = effect_state(("04a",), s0=("brown:N", "brown:N", "violet:0"))
    assert invokes(state, "04a") == {
        ("brown:N", "1"), ("brown:N", "2"), ("violet:0", "1"), ("violet:0", "3"), ("violet:0", "4"),
    }
    new, events = act(state, "invoke 04a brown violet:0 4")
    assert new.sticks[0] == ("brown:N", "violet:4")
    assert events_of(events, "stick_turned")[0].rule == "E04"
    for bad in ("violet:0 0", "violet:0 2", "teal:1 2", "brown:N N", "brown:2 1", "violet:0"):
        assert rejected(state, f"invoke 04a brown {bad}").rule == "E04"


def test_e04_only_stick_was_the_one_paid():
    state = effect_state(("04a",), s0=("brown:N",))
    assert invokes(state, "04a") == set()
    assert rejected(state, "invoke 04a brown brown:N 1").rule == "E04"


# -- E05 Stolen Fate --------------------------------------------------------------------------------
def test_e05_targets_and_resolution_keep_face():
    state = effect_state(("05a",), s1=("teal:1", "teal:N", "violet:3"))
    assert invokes(state, "05a") == {("teal:1",), ("teal:N",), ("violet:3",)}
    new, events = act(state, "invoke 05a brown violet:3")
    assert new.sticks == (("brown:2", "violet:3"), ("teal:1", "teal:N"))
    assert new.supply == (state.supply[0] + 1,) + state.supply[1:]
    assert events_of(events, "stick_stolen")[0].rule == "E05"
    for bad in ("violet:4", "brown:2", "teal:2"):
        assert rejected(state, f"invoke 05a brown {bad}").rule == "E05"


def test_e05_opponent_without_sticks():
    state = effect_state(("05a",), s1=())
    assert invokes(state, "05a") == set()
    assert rejected(state, "invoke 05a brown teal:1").rule == "E05"


# -- E06 Third Eye ----------------------------------------------------------------------------------
GOLD = ("s5", "s4", "s3", "c6", "s3", "c6", "c6", "s5", "s4")  # W2 W1 W0 N0 N1 N2 E0 E1 E2


def e06_state():
    gold = temple(GOLD, {6: ("R01", 0)})  # W2 face up
    silver = temple(known=(mask("N1"), 0, 0))  # player 0 saw silver N1 earlier
    return effect_state(("06a",), gold=gold, silver=silver)


def test_e06_targets_unknown_face_down_relics_one_or_two():
    state = e06_state()
    unknown = [f"gold:{s}" for s in SLOT_NAMES if s != "W2"] + [f"silver:{s}" for s in SLOT_NAMES if s != "N1"]
    targets = [a.target for a in state.legal_actions() if a.kind == "invoke" and a.card == "06a"]
    assert len(targets) == len(set(frozenset(t) for t in targets)) == 16 + 120
    assert {frozenset(t) for t in targets} == {frozenset([u]) for u in unknown} | {
        frozenset(p) for p in combinations(unknown, 2)}


def test_e06_knowledge_only_to_invoker():
    state = e06_state()
    new, events = act(state, "invoke 06a brown gold:N0 silver:E2")
    assert new.temples[0].known == (mask("W2", "N0"), mask("W2"), mask("W2"))
    assert new.temples[1].known == (mask("N1", "E2"), 0, 0)
    assert relic_view(new, 0, 0, "N0") == {"slot": "N0", "up": False, "relic": "c6", "remembered": True}
    assert relic_view(new, 0, 1, "E2")["relic"] == state.temples[1].relics[SLOT["E2"]]
    for viewer in (1, "spectator"):
        assert relic_view(new, viewer, 0, "N0")["relic"] is None
        assert relic_view(new, viewer, 1, "E2")["relic"] is None
    (peek,) = events_of(events, "peek")
    assert peek.rule == "E06" and peek.private_to == 0
    assert peek.view(0)["data"]["relics"] == {"gold:N0": "c6", "silver:E2": state.temples[1].relics[SLOT["E2"]]}
    assert "relics" not in peek.view(1)["data"] and "relics" not in peek.view("spectator")["data"]
    assert new.temples[0].up == state.temples[0].up  # looking flips nothing


def test_e06_single_relic():
    new, _ = act(e06_state(), "invoke 06a brown silver:W0")
    assert new.temples[1].known[0] == mask("N1", "W0")


@pytest.mark.parametrize("target", [
    "gold:W2",  # face up
    "silver:N1",  # already known
    "gold:N0 gold:N0",  # the same relic twice
    "gold:N0 gold:N1 gold:N2",  # three
    "gold:X9",
    "",
])
def test_e06_illegal_targets(target):
    assert rejected(e06_state(), f"invoke 06a brown {target}".strip()).rule == "E06"


def test_e06_nothing_left_to_learn():
    gold = temple(known=(FULL, 0, 0))
    silver = temple(known=(FULL, 0, 0))
    state = effect_state(("06a",), gold=gold, silver=silver)
    assert invokes(state, "06a") == set()
    assert rejected(state, "invoke 06a brown gold:N0").rule == "E06"
    # What the opponent knows does not count for player 0.
    state = effect_state(("06a",), gold=temple(known=(0, FULL, 0)), silver=temple(known=(FULL, FULL, 0)))
    assert invokes(state, "06a") and ("gold:N0",) in invokes(state, "06a")


# -- E07 Shifting Altars ----------------------------------------------------------------------------
def test_e07_targets_any_two_slots_of_one_temple():
    state = effect_state(("07a",))
    expected = {(f"{t}:{a}", f"{t}:{b}") for t in ("gold", "silver") for a, b in combinations(SLOT_NAMES, 2)}
    assert invokes(state, "07a") == expected and len(expected) == 72
    for bad in ("gold:W2 silver:W1", "gold:W2 gold:W2", "gold:W2", "gold:W2 gold:N0 gold:E0", ""):
        assert rejected(state, f"invoke 07a brown {bad}".strip()).rule == "E07"


def test_e07_face_down_relic_swapped_onto_reached_slot_is_revealed():
    gold = temple(GOLD, {6: ("R01", 0)}, known=(0, mask("N0"), 0))  # W2 (s5) up; player 1 saw N0 (c6)
    state = effect_state(("07a",), gold=gold)
    new, events = act(state, "invoke 07a brown gold:W2 gold:N0")
    g = new.temples[0]
    assert g.relics[SLOT["W2"]] == "c6" and g.relics[SLOT["N0"]] == "s5"
    assert g.up == mask("W2")
    assert [(e.rule, e.data["slot"], e.data["relic"]) for e in events_of(events, "relic_revealed")] == [
        ("R2.4", "W2", "c6")]
    assert events_of(events, "swap")[0].rule == "E07"
    for viewer in (0, 1, "spectator"):
        assert relic_view(new, viewer, 0, "W2")["relic"] == "c6"
        # the relic that was up went face down on N0: everyone remembers it
        assert relic_view(new, viewer, 0, "N0") == {"slot": "N0", "up": False, "relic": "s5", "remembered": True}
    assert new.relic_points(0) == 6


def test_e07_knowledge_follows_face_down_relics():
    gold = temple(GOLD, known=(0, mask("N0"), 0))  # only player 1 knows N0 (c6)
    state = effect_state(("07a",), gold=gold)
    new, events = act(state, "invoke 07a brown gold:N0 gold:E2")
    g = new.temples[0]
    assert g.relics[SLOT["E2"]] == "c6" and g.relics[SLOT["N0"]] == "s4"
    assert g.known == (0, mask("E2"), 0)
    assert relic_view(new, 1, 0, "E2")["relic"] == "c6"
    assert relic_view(new, 1, 0, "N0")["relic"] is None
    assert relic_view(new, 0, 0, "E2")["relic"] is None
    assert not events_of(events, "relic_revealed")


def test_e07_two_face_up_relics_stay_up():
    gold = temple(GOLD, {6: ("R01", 0), 3: ("R02", 0)})  # W2, W1 up
    state = effect_state(("07a",), gold=gold)
    new, events = act(state, "invoke 07a brown gold:W2 gold:W1")
    assert new.temples[0].up == mask("W2", "W1")
    assert new.temples[0].relics[:2] == ("s4", "s5")
    assert not events_of(events, "relic_revealed") and not events_of(events, "relic_hidden")


# -- E08 Sliding Maze -------------------------------------------------------------------------------
def test_e08_targets_lines_holding_a_tile():
    state = effect_state(("08a",), gold=temple(tiles={6: ("R01", 0)}), silver=temple(tiles={4: "TRAP"}))
    assert invokes(state, "08a") == {
        ("gold:row2", "east"), ("gold:row2", "west"), ("gold:col0", "north"), ("gold:col0", "south"),
        ("silver:row1", "east"), ("silver:row1", "west"), ("silver:col1", "north"), ("silver:col1", "south"),
    }
    for bad in ("gold:row0 east", "gold:row2 north", "gold:col0 east", "gold:row3 east", "gold:row2",
                "silver:col0 north"):
        assert rejected(state, f"invoke 08a brown {bad}").rule == "E08"


def test_e08_no_tile_anywhere():
    state = effect_state(("08a",))
    assert invokes(state, "08a") == set()
    assert rejected(state, "invoke 08a brown gold:row2 east").rule == "E08"


@pytest.mark.parametrize("way, expected", [
    ("east", {6: (("R13", 0), "A05"), 7: (("R17", 1), None), 8: None}),
    ("west", {6: None, 7: (("R13", 0), "A05"), 8: (("R17", 1), None)}),
])
def test_e08_row_slides_cyclically_amulets_ride(way, expected):
    gold = temple(tiles={6: ("R17", 1), 8: ("R13", 0)}, amulets={8: "A05"})  # nothing reached
    state = effect_state(("08a",), gold=gold)
    new, _ = act(state, f"invoke 08a brown gold:row2 {way}")
    g = new.temples[0]
    for space, content in expected.items():
        if content is None:
            assert g.tiles[space] is None and g.amulets[space] is None
        else:
            (spec, amulet) = content
            assert g.tiles[space] == tile(spec)
            assert g.amulets[space] == amulet
    assert new.amulets[0] == ()


def test_e08_column_slide_wraps_and_collects_amulet():
    gold = temple(tiles={1: ("R02", 0), 7: ("R01", 0)}, amulets={1: "A08"})
    state = effect_state(("08a",), gold=gold)
    new, events = act(state, "invoke 08a brown gold:col1 north")
    g = new.temples[0]
    assert g.tiles[1] is None and g.tiles[4] == tile(("R01", 0)) and g.tiles[7] == tile(("R02", 0))
    assert new.amulets[0] == ("A08",) and g.amulets == (None,) * 9
    assert events_of(events, "amulet_collected")[0].data["space"] == 7


def test_e08_opponent_slide_collects_for_the_owner():
    silver = temple(tiles={1: ("R02", 0), 7: ("R01", 0)}, amulets={1: "A08"})
    state = effect_state(("08a",), silver=silver)
    new, events = act(state, "invoke 08a brown silver:col1 north")
    assert new.amulets == ((), ("A08",))
    (got,) = events_of(events, "amulet_collected")
    assert got.private_to == 1


@pytest.mark.parametrize("line, way, trap_at, cross_at", [
    ("row1", "west", 5, 3), ("row1", "east", 4, 5), ("col0", "north", 0, 0), ("col0", "south", 6, 6),
])
def test_e08_trap_rides_the_slide(line, way, trap_at, cross_at):
    if line == "row1":
        silver = temple(tiles={3: "TRAP", 4: ("R01", 0)})
    else:
        silver = temple(tiles={3: "TRAP"})
    state = effect_state(("08a",), silver=silver)
    new, _ = act(state, f"invoke 08a brown silver:{line} {way}")
    assert new.trap == (1, trap_at)
    assert new.temples[1].tiles[trap_at].room == "TRAP"
    if line == "row1":
        assert new.temples[1].tiles[cross_at] == tile(("R01", 0))
    assert sum(t is not None for t in new.temples[1].tiles) == sum(t is not None for t in silver.tiles)


# -- E09 Turning Hall -------------------------------------------------------------------------------
def e09_state(**kw):
    gold = temple(tiles={7: ("R01", 0), 4: ("R08", 0), 6: ("R17", 1)})
    silver = temple(tiles={8: ("R15", 2), 0: "TRAP"})
    return effect_state(("09a",), gold=gold, silver=silver, **kw)


def test_e09_targets_only_changing_orientations_by_smallest_k():
    assert invokes(e09_state(), "09a") == {
        ("gold:4", "rot1"), ("gold:4", "rot2"), ("gold:4", "rot3"), ("gold:6", "rot0"),
        ("silver:8", "rot0"), ("silver:8", "rot1"), ("silver:8", "rot3"),
    }


@pytest.mark.parametrize("target", [
    "gold:7 rot1",  # a cross has one orientation
    "gold:6 rot2",  # the same as rot0: named by the smallest k
    "gold:6 rot3",
    "gold:6 rot1",  # unchanged
    "gold:4 rot0",  # unchanged
    "silver:0 rot1",  # the trap
    "gold:0 rot1",  # empty
    "gold:4 rot4",
    "gold:4",
])
def test_e09_illegal_targets(target):
    assert rejected(e09_state(), f"invoke 09a brown {target}").rule == "E09"


def test_e09_no_tile_can_change():
    state = effect_state(("09a",), gold=temple(tiles={7: ("R01", 0)}), silver=temple(tiles={0: "TRAP"}))
    assert invokes(state, "09a") == set()
    assert rejected(state, "invoke 09a brown gold:7 rot1").rule == "E09"


def test_e09_turn_reveals_relic():
    gold = temple(GOLD, {6: ("R01", 0), 3: ("R08", 0)})  # T N E S on 3: reached, W1 not
    state = effect_state(("09a",), gold=gold)
    assert state.temples[0].up == mask("W2")
    new, events = act(state, "invoke 09a brown gold:3 rot2")  # N S W
    assert new.temples[0].tiles[3] == tile(("R08", 2))
    assert new.temples[0].up == mask("W2", "W1")
    assert [e.data["slot"] for e in events_of(events, "relic_revealed")] == ["W1"]
    assert events_of(events, "turn")[0].rule == "E09"


def test_e09_turn_collects_amulet_on_the_tile():
    gold = temple(GOLD, {6: ("R01", 0), 3: ("R13", 0)}, amulets={3: "A01"})
    state = effect_state(("09a",), gold=gold)
    new, _ = act(state, "invoke 09a brown gold:3 rot1")  # E S: now linked to the cross below
    assert new.amulets[0] == ("A01",)
    assert new.temples[0].amulets[3] is None


# -- E10 Collapsed Passage --------------------------------------------------------------------------
def test_e10_targets_pairs_with_a_tile_in_one_temple():
    state = effect_state(("10a",), gold=temple(tiles={6: ("R01", 0)}))
    expected = {(f"gold:{min(a, 6)}", f"gold:{max(a, 6)}") for a in range(9) if a != 6}
    assert invokes(state, "10a") == expected
    for bad in ("gold:0 gold:1", "gold:6 silver:6", "gold:6 gold:6", "silver:0 silver:6", "gold:6", "gold:6 gold:9"):
        assert rejected(state, f"invoke 10a brown {bad}").rule == "E10"


def test_e10_the_trap_counts_as_a_tile():
    state = effect_state(("10a",), silver=temple(tiles={4: "TRAP"}))
    assert invokes(state, "10a") == {(f"silver:{min(a, 4)}", f"silver:{max(a, 4)}") for a in range(9) if a != 4}
    new, _ = act(state, "invoke 10a brown silver:4 silver:8")
    assert new.trap == (1, 8) and new.temples[1].tiles[4] is None


def test_e10_no_tile_anywhere():
    state = effect_state(("10a",))
    assert invokes(state, "10a") == set()
    assert rejected(state, "invoke 10a brown gold:0 gold:6").rule == "E10"


def test_e10_swap_with_trap_hides_relic():
    gold = temple(GOLD, {6: ("R01", 0), 3: "TRAP"})
    state = effect_state(("10a",), gold=gold)
    new, events = act(state, "invoke 10a brown gold:3 gold:6")
    assert new.trap == (0, 6)
    assert new.temples[0].tiles[3] == tile(("R01", 0)) and new.temples[0].tiles[6].room == "TRAP"
    assert new.temples[0].up == 0
    assert [e.data["slot"] for e in events_of(events, "relic_hidden")] == ["W2"]


def test_e10_amulet_rides_and_is_collected_when_reached():
    gold = temple(GOLD, {0: ("R13", 0)}, amulets={0: "A02"})
    state = effect_state(("10a",), gold=gold)
    new, _ = act(state, "invoke 10a brown gold:0 gold:7")  # N E on 7: still not reached
    assert new.temples[0].amulets[7] == "A02" and new.temples[0].tiles[7] == tile(("R13", 0))
    assert new.amulets[0] == ()
    gold = temple(GOLD, {0: ("R02", 0)}, amulets={0: "A09"})
    state = effect_state(("10a",), gold=gold)
    new, _ = act(state, "invoke 10a brown gold:0 gold:6")
    assert new.amulets[0] == ("A09",)
    assert new.temples[0].up == mask("W2")


# -- E11 Naga's Trap --------------------------------------------------------------------------------
def test_e11_from_the_side():
    silver = temple(GOLD, {6: ("R01", 0), 7: ("R02", 0)})
    state = effect_state(("11a",), silver=silver)
    assert state.trap is None
    assert invokes(state, "11a") == {(f"silver:{i}",) for i in (0, 1, 2, 3, 4, 5, 8)}
    for bad in ("gold:4", "silver:6", "silver:9", "", "silver:4 silver:5"):
        assert rejected(state, f"invoke 11a brown {bad}".strip()).rule == "E11"
    new, events = act(state, "invoke 11a brown silver:3")
    assert new.trap == (1, 3)
    assert new.temples[1].tiles[3].room == "TRAP"
    assert new.temples[1].up == silver.up
    assert not events_of(events, "relic_revealed") and not events_of(events, "relic_hidden")
    assert events_of(events, "trap_moved")[0].rule == "E11"
    # The trap next to it makes new spaces legal placements for player 1.
    assert {0, 4}.issubset(new.temples[1].placements())


def test_e11_from_own_temple():
    state = effect_state(("11a",), gold=temple(tiles={0: "TRAP", 6: ("R01", 0)}))
    new, _ = act(state, "invoke 11a brown silver:4")
    assert new.trap == (1, 4)
    assert new.temples[0].tiles[0] is None
    assert new.temples[1].tiles[4].room == "TRAP"


SILVER_7 = {0: ("R08", 3), 1: ("R09", 3), 2: ("R10", 3), 3: ("R11", 3), 4: "TRAP", 5: ("R12", 3), 6: ("R15", 0)}


def test_e11_within_opponent_temple_two_empty_spaces():
    state = effect_state(("11a",), silver=temple(tiles=SILVER_7))
    assert invokes(state, "11a") == {("silver:7",), ("silver:8",)}
    assert rejected(state, "invoke 11a brown silver:4").rule == "E11"
    new, _ = act(state, "invoke 11a brown silver:8")
    assert new.trap == (1, 8)
    assert new.temples[1].tiles[4] is None and new.temples[1].tiles[8].room == "TRAP"


@pytest.mark.parametrize("with_trap, extra, legal", [
    (True, {7: ("R16", 0)}, False),  # the trap there and one empty space
    (False, {7: ("R16", 0), 4: ("R03", 0)}, False),  # trap at the side, one empty space
    (False, {4: ("R03", 0)}, True),  # trap at the side, two empty spaces
])
def test_e11_needs_two_empty_spaces(with_trap, extra, legal):
    tiles = {**SILVER_7, **extra}
    state = effect_state(("11a",), silver=temple(tiles=tiles))
    assert (state.trap is not None) is with_trap
    empty = [i for i, t in enumerate(state.temples[1].tiles) if t is None]
    assert invokes(state, "11a") == ({(f"silver:{i}",) for i in empty} if legal else set())
    if legal:
        new, _ = act(state, f"invoke 11a brown silver:{empty[0]}")
        assert new.trap == (1, empty[0])
    else:
        assert rejected(state, f"invoke 11a brown silver:{empty[0]}").rule == "E11"


# -- E12 Scroll of Wisdom ---------------------------------------------------------------------------
def test_e12_draws_two():
    state = effect_state(("12a",))
    assert invokes(state, "12a") == {()}
    new, events = act(state, "invoke 12a brown", forced(card=["03a", "03b"]))
    assert new.hands[0] == ("03a", "03b")
    assert new.discard[-1] == "12a"
    (drew,) = [e for e in events if e.rule == "E12" and e.kind == "draw"]
    assert drew.private_to == 0 and drew.data["count"] == 2
    assert "cards" not in drew.view(1)["data"] and drew.view(0)["data"]["cards"] == ["03a", "03b"]
    assert rejected(state, "invoke 12a brown 03a").rule == "E12"


def test_e12_cannot_draw_itself():
    rest = tuple(sorted(set(ALL_CARDS) - {"12a", "05b", "10b", "11c", "07c"}))
    state = effect_state(("12a",), h1=("05b",) + rest, deck=(), discard=("07c",))
    new, events = act(state, "invoke 12a brown", forced(card=["07c"]))
    assert new.hands[0] == ("07c",)
    assert new.discard == ("12a",) and new.deck == ()
    kinds = [e.kind for e in events]
    assert "reshuffle" in kinds and "draw_stops" in kinds
    (drew,) = [e for e in events if e.rule == "E12" and e.kind == "draw"]
    assert drew.data["count"] == 1


def test_e12_nothing_to_draw():
    rest = tuple(sorted(set(ALL_CARDS) - {"12a", "10b", "11c"}))
    state = effect_state(("12a",), h1=rest, deck=(), discard=())
    new, _ = act(state, "invoke 12a brown")
    assert new.hands[0] == () and new.discard == ("12a",)


# -- every effect: an illegal invoke leaves the state as it was ---------------------------------------
@pytest.mark.parametrize("card, effect", [(f"{n:02d}a", f"E{n:02d}") for n in range(1, 13)])
def test_r5_illegal_target_cites_effect(card, effect):
    state = effect_state((card,), gold=temple(tiles={6: ("R01", 0)}))
    assert rejected(state, f"invoke {card} brown nowhere:0 nowhere:1").rule == effect
