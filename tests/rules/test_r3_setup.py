"""R3 — setup: the chance events and their order."""

from __future__ import annotations

import random

import pytest
from scenario import ALL_CARDS, RS, assert_consistent

from naga_widget.rules import Chance, new_game

GOLD = ("c6", "s3", "s4", "s5", "c6", "s3", "s4", "s5", "c6")
SILVER = ("s5", "s5", "s4", "s4", "s3", "s3", "c6", "c6", "c6")
DEAL = ["01a", "02b", "03c", "04d", "05a", "06b", "07c", "08d", "09a", "10b"]


def setup(room="R03", amulet=None, throws=("2", "2", "1", "1"), seed=0):
    forced = {"relics": [GOLD, SILVER], "card": list(DEAL), "room": [room], "throw": list(throws)}
    if amulet:
        forced["amulet"] = [amulet]
    chance = Chance(random.Random(seed), forced=forced)
    state, events = new_game(chance=chance)
    assert_consistent(state)
    return state, events, chance


def test_r3_1_relics_dealt_face_down_gold_then_silver():
    state, events, _ = setup()
    assert state.temples[0].relics == GOLD
    assert state.temples[1].relics == SILVER
    for t in state.temples:
        assert t.up == 0 and t.known == (0, 0, 0)
        assert t.tiles == (None,) * 9
    deals = [e.data["temple"] for e in events if e.rule == "R3.1"]
    assert deals == [0, 1]


def test_r3_4_five_cards_each_player_0_first_alternating():
    state, _, _ = setup()
    assert state.hands[0] == tuple(sorted(DEAL[0::2]))
    assert state.hands[1] == tuple(sorted(DEAL[1::2]))
    assert sorted(state.deck) == sorted(set(ALL_CARDS) - set(DEAL))
    assert len(state.deck) == 38


def test_r3_chance_events_in_order():
    _, _, chance = setup(room="R01", amulet="A09")
    kinds = [k for k, _ in chance.record]
    assert kinds == ["relics", "relics"] + ["card"] * 10 + ["room", "amulet"] + ["throw"] * 4
    assert [v for k, v in chance.record if k == "card"] == DEAL


def test_r3_events_cite_setup_rules_in_order():
    _, events, _ = setup()
    rules = [e.rule for e in events if e.rule.startswith("R3")]
    order = [r for i, r in enumerate(rules) if i == 0 or rules[i - 1] != r]
    assert order == ["R3.1", "R3.2", "R3.3", "R3.4", "R3.5", "R3.6"]


@pytest.mark.parametrize("room", [r.id for r in RS.rooms])
def test_r3_5_offered_room_with_amulet_iff_symbol(room):
    symbol = RS.room(room).amulet_symbol
    state, events, chance = setup(room=room, amulet="A07" if symbol else None)
    assert state.offered == (room, "A07" if symbol else None)
    assert ("amulet" in [k for k, _ in chance.record]) is symbol
    assert len(state.amulet_pile) == (11 if symbol else 12)
    assert room not in state.rooms and len(state.rooms) == 16
    offered = [e for e in events if e.kind == "room_offered"]
    assert len(offered) == 1 and offered[0].rule == "R3.5"
    assert offered[0].data == {"room": room, "amulet": symbol}


@pytest.mark.parametrize("throws, guide, rounds", [
    (("2", "2", "1", "1"), 0, 1),  # 4 against 2
    (("1", "N", "2", "1"), 1, 1),  # 1 against 3
    (("N", "N", "N", "1"), 1, 1),  # 0 against 1: a naga is worth 0
    (("2", "1", "1", "2", "N", "N", "1", "N"), 1, 2),  # 3-3 tie, then 0 against 1
    (("2", "2", "2", "2", "1", "1", "1", "1", "2", "N", "1", "N"), 0, 3),  # two ties, then 2 against 1
])
def test_r3_6_guide_throw_ties_rethrown(throws, guide, rounds):
    state, events, chance = setup(throws=throws)
    assert state.guide == guide
    assert state.to_move == guide
    assert state.phase == "call" and state.round == 1
    assert [k for k, _ in chance.record].count("throw") == 4 * rounds
    assert len([e for e in events if e.kind == "tie"]) == rounds - 1
    throws_ev = [e for e in events if e.rule == "R3.6" and e.kind == "throw"]
    assert [e.data["player"] for e in throws_ev] == [0, 1] * rounds  # player 0 first
    assert all(len(e.data["sticks"]) == 2 and all(s.startswith("brown:") for s in e.data["sticks"]) for e in throws_ev)
    last = [e for e in events if e.kind == "guide"]
    assert len(last) == 1 and last[0].data["player"] == guide
    # The sticks return to the supply.
    assert state.supply == (12, 12, 12) and state.sticks == ((), ())


def test_r3_6_forced_impossible_throw_is_refused():
    from naga_widget.rules import ChanceError
    with pytest.raises(ChanceError):
        setup(throws=("0", "1", "1", "1"))  # 0 is not a brown face


def test_r3_same_seed_same_game():
    a, _ = new_game(chance=Chance(random.Random(42)))
    b, _ = new_game(chance=Chance(random.Random(42)))
    c, _ = new_game(chance=Chance(random.Random(43)))
    assert a.digest() == b.digest()
    assert a == b
    assert c.digest() != a.digest()


def test_r3_replay_record_gives_same_game():
    chance = Chance(random.Random(5))
    a, _ = new_game(chance=chance)
    b, _ = new_game(chance=Chance(replay=chance.record))
    assert a == b
