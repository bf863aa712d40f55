"""R1 — the components, as data of the standard ruleset."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest
from scenario import ALL_CARDS, ALL_ROOMS, RS

from naga_widget.rules import EFFECT_NAMES, TEMPLE_NAMES, Chance, new_game
from naga_widget.rules.ruleset import openings_text


def test_r1_temple_owners():
    assert TEMPLE_NAMES == ("gold", "silver")


def test_r1_relics_nine_per_player():
    tokens = sorted((r.token, r.points, r.cursed) for r in RS.relics)
    assert len(RS.relics) == 9
    assert sorted(r.points for r in RS.relics if not r.cursed) == [3, 3, 4, 4, 5, 5]
    assert [r.points for r in RS.relics if r.cursed] == [6, 6, 6]
    assert ("c6", 6, True) in tokens


# -- R1.4 cards ---------------------------------------------------------------------------------
def _symbol(copy: str, n: int) -> tuple[str, int]:
    if copy == "a":
        return ("brown", 2)
    if copy == "b":
        return ("violet", 1)
    if copy == "c":
        return ("teal", 2)
    return ("brown", 3) if n <= 4 else ("violet", 2) if n <= 8 else ("teal", 3)


EXPECTED_CARDS = [(f"{n:02d}{c}", f"E{n:02d}", *_symbol(c, n)) for n in range(1, 13) for c in "abcd"]


def test_r1_4_forty_eight_cards_twelve_by_four():
    assert len(RS.cards) == 48
    assert sorted(ALL_CARDS) == sorted(c for c, *_ in EXPECTED_CARDS)
    assert Counter(c.effect for c in RS.cards) == {f"E{n:02d}": 4 for n in range(1, 13)}


@pytest.mark.parametrize("card_id, effect, stick, count", EXPECTED_CARDS)
def test_r1_4_card_stick_symbol(card_id, effect, stick, count):
    card = RS.card(card_id)
    assert (card.effect, card.stick, card.count) == (effect, stick, count)


def test_r1_4_each_stick_type_on_sixteen_cards():
    assert Counter(c.stick for c in RS.cards) == {"brown": 16, "violet": 16, "teal": 16}


def test_r5_effect_names():
    assert EFFECT_NAMES == {
        "E01": "Second Throw", "E02": "Gift of Fate", "E03": "Snuffed Torch", "E04": "Twist of Fate",
        "E05": "Stolen Fate", "E06": "Third Eye", "E07": "Shifting Altars", "E08": "Sliding Maze",
        "E09": "Turning Hall", "E10": "Collapsed Passage", "E11": "Naga's Trap", "E12": "Scroll of Wisdom",
    }


# -- R1.1 rooms -----------------------------------------------------------------------------------
ROOM_TABLE = (
    [(f"R{n:02d}", "cross", "NESW", n in (1, 2)) for n in range(1, 5)]
    + [(f"R{n:02d}", "T", "NES", n in (5, 6, 7)) for n in range(5, 13)]
    + [(f"R{n:02d}", "corner", "NE", n in (13, 14)) for n in range(13, 17)]
    + [("R17", "straight", "NS", True)]
)


def test_r1_1_seventeen_rooms_eight_symbols():
    assert len(RS.rooms) == 17
    assert sorted(ALL_ROOMS) == [r for r, *_ in ROOM_TABLE]
    assert sum(r.amulet_symbol for r in RS.rooms) == 8
    assert Counter(r.shape for r in RS.rooms) == {"cross": 4, "T": 8, "corner": 4, "straight": 1}


@pytest.mark.parametrize("room_id, shape, openings, symbol", ROOM_TABLE)
def test_r1_1_room(room_id, shape, openings, symbol):
    room = RS.room(room_id)
    assert room.shape == shape
    assert openings_text(room.openings) == openings
    assert room.amulet_symbol is symbol


# -- R1.2 amulets ---------------------------------------------------------------------------------
AMULET_TABLE = (
    [(f"A{n:02d}", "treasure", 1, False) for n in range(1, 5)]
    + [(f"A{n:02d}", "treasure", 2, False) for n in range(5, 8)]
    + [(f"A{n:02d}", "charm", 0, True) for n in range(8, 13)]
)


def test_r1_2_twelve_amulets():
    assert sorted(a.id for a in RS.amulets) == [a for a, *_ in AMULET_TABLE]


@pytest.mark.parametrize("amulet_id, kind, points, charm", AMULET_TABLE)
def test_r1_2_amulet(amulet_id, kind, points, charm):
    a = RS.amulet(amulet_id)
    assert (a.kind, a.points, a.is_charm) == (kind, points, charm)


# -- R1.3 sticks ----------------------------------------------------------------------------------
@pytest.mark.parametrize("name, faces, mean, naga", [
    ("brown", ["1", "2", "2", "N"], Fraction(5, 4), Fraction(1, 4)),
    ("violet", ["0", "1", "3", "4"], Fraction(2), Fraction(0)),
    ("teal", ["1", "2", "N", "N"], Fraction(3, 4), Fraction(1, 2)),
])
def test_r1_3_stick_faces(name, faces, mean, naga):
    st = RS.stick_type(name)
    assert sorted(st.faces) == sorted(faces)
    assert st.supply == 12
    assert Fraction(sum(st.points(f) for f in st.faces), 4) == mean
    assert Fraction(st.faces.count("N"), 4) == naga
    assert st.points("N") == 0
    for f in st.faces:
        if f != "N":
            assert RS.stick_points[f"{name}:{f}"] == int(f)
    if "N" in st.faces:
        assert RS.stick_points[f"{name}:N"] == 0


def test_r1_3_thirty_six_sticks_in_three_types():
    assert [t.name for t in RS.stick_types] == ["brown", "violet", "teal"]
    assert sum(t.supply for t in RS.stick_types) == 36


def test_ruleset_numbers():
    assert RS.hand_size == 5
    assert RS.guide_throw == ("brown", 2)
    assert RS.new_deal_draw == 3
    assert RS.target_score == 25
    assert RS.cursed_limit == 3


def test_r1_new_game_holds_every_component():
    state, _ = new_game(chance=Chance(random.Random(3)))
    assert state.trap is None  # the trap starts at the side
    assert state.supply == (12, 12, 12)
    assert state.sticks == ((), ())
    cards = state.hands[0] + state.hands[1] + state.deck
    assert sorted(cards) == sorted(ALL_CARDS)
    assert len(state.rooms) == 16 and state.offered[0] not in state.rooms
    held_amulet = [state.offered[1]] if state.offered[1] else []
    assert sorted(list(state.amulet_pile) + held_amulet) == sorted(a.id for a in RS.amulets)
    for t in state.temples:
        assert sorted(t.relics) == sorted(r.token for r in RS.relics)
        assert t.tiles == (None,) * 9
