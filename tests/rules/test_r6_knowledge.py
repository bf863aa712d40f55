"""R6 — score and knowledge: what each viewer may see."""

from __future__ import annotations

import random
from typing import get_type_hints

import pytest
from scenario import (
    ALL_CARDS,
    SLOT,
    act,
    dumps,
    mask,
    random_states,
    relic_view,
    situation,
    temple,
)

from naga_widget.match import Match
from naga_widget.rules.observe import Observation, OfferedView, PlayerView, RelicView, SpaceView, TempleView
from naga_widget.rules.temple import SLOT_NAMES

GOLD = ("c6", "s5", "s4", "s3", "c6", "s5", "s4", "s3", "c6")  # W2 W1 W0 N0 N1 N2 E0 E1 E2


@pytest.mark.parametrize("tiles, tile_amulets, held, relic_points, amulet_points, cursed", [
    ({}, {}, (), 0, 0, 0),
    ({6: ("R01", 0)}, {}, (), 6, 0, 1),  # a cursed relic counts 6
    ({6: ("R01", 0), 3: ("R02", 0)}, {}, ("A01", "A05", "A08"), 11, 3, 1),  # a charm is worth 0
    ({6: ("R01", 0), 3: ("R02", 0), 0: ("R03", 0)}, {}, ("A12",), 18, 0, 1),
    ({6: ("R01", 0), 1: ("R13", 0)}, {1: "A06"}, ("A07",), 6, 2, 1),  # an amulet on a tile scores nothing
    ({8: ("R01", 0)}, {}, (), 6, 0, 1),  # E2 holds a cursed relic
])
def test_r6_score(tiles, tile_amulets, held, relic_points, amulet_points, cursed):
    gold = temple(GOLD, tiles, tile_amulets)
    state = situation(temples=(gold, temple()), hands=(("03a",), ("04a",)), amulets=(held, ()),
                      sticks=(("brown:N",), ()))
    assert state.relic_points(0) == relic_points
    assert state.amulet_points(0) == amulet_points
    assert state.score(0) == relic_points + amulet_points
    assert state.cursed_up(0) == cursed
    own = state.observe(0)["players"][0]
    assert own["score"] == relic_points + amulet_points and own["relic_points"] == relic_points
    for viewer in (1, "spectator"):
        seen = state.observe(viewer)["players"][0]
        assert seen["relic_points"] == relic_points  # public
        assert seen["score"] is None  # amulet points are secret
        assert seen["amulets"] is None and seen["amulet_count"] == len(held)


def hidden_state():
    gold = temple(GOLD, {6: ("R01", 0), 0: ("R13", 0)}, {0: "A03"}, known=(0, mask("N0"), 0))
    silver = temple(known=(mask("E2"), 0, 0))
    return situation(
        phase="call", to_move=1, guide=0, temples=(gold, silver),
        hands=(("03a", "04b"), ("06c", "07a")), calls=(("01a", "02a"), None), shown=((), ("07a",)),
        amulets=(("A05", "A08"), ("A01",)), spent=((), ("A09",)), offered=("R14", "A06"), discard=("11a",),
    )


def test_r6_player_sees_own_hand_not_the_opponents():
    state = hidden_state()
    v0, v1, vs = (state.observe(v) for v in (0, 1, "spectator"))
    assert v0["players"][0]["hand"] == ["03a", "04b"] and v0["players"][1]["hand"] is None
    assert v1["players"][1]["hand"] == ["06c", "07a"] and v1["players"][0]["hand"] is None
    assert vs["players"][0]["hand"] is None and vs["players"][1]["hand"] is None
    for v in (v0, v1, vs):
        assert v["players"][0]["hand_count"] == 2
        assert v["players"][1]["known_cards"] == ["07a"]  # a card given in the New Deal


def test_r6_unrevealed_call():
    state = hidden_state()
    assert state.observe(0)["players"][0]["call"] == ["01a", "02a"]
    for viewer in (1, "spectator"):
        p0 = state.observe(viewer)["players"][0]
        assert p0["call"] is None and p0["call_count"] == 2


def test_r6_relic_knowledge():
    state = hidden_state()
    for viewer in (0, 1, "spectator"):
        assert relic_view(state, viewer, 0, "W2") == {"slot": "W2", "up": True, "relic": "c6", "remembered": False}
    assert relic_view(state, 1, 0, "N0")["relic"] == "s3"  # player 1 saw it (Third Eye)
    assert relic_view(state, 0, 0, "N0")["relic"] is None
    assert relic_view(state, "spectator", 0, "N0")["relic"] is None
    assert relic_view(state, 0, 1, "E2")["relic"] == state.temples[1].relics[SLOT["E2"]]
    assert relic_view(state, 1, 1, "E2")["relic"] is None
    for viewer in (0, 1, "spectator"):
        view = state.observe(viewer)
        for t in (0, 1):
            for slot in SLOT_NAMES:
                if (t, slot) in ((0, "W2"), (0, "N0"), (1, "E2")):
                    continue
                assert view["temples"][t]["relics"][SLOT[slot]]["relic"] is None
    truth = state.observe("truth")
    assert [r["relic"] for r in truth["temples"][0]["relics"]] == list(GOLD)


def test_r6_amulets_hidden():
    state = hidden_state()
    for viewer in (0, 1, "spectator"):
        view = state.observe(viewer)
        assert view["temples"][0]["spaces"][0]["amulet"] is True  # that one lies there, not which
        assert view["offered"]["amulet"] is True
    assert state.observe("truth")["temples"][0]["spaces"][0]["amulet"] == "A03"
    assert state.observe("truth")["offered"]["amulet"] == "A06"
    assert state.observe(0)["players"][0]["amulets"] == ["A05", "A08"]
    assert state.observe(1)["players"][0]["amulets"] is None
    assert state.observe(1)["players"][1]["amulets"] == ["A01"]
    assert state.observe(0)["players"][1]["spent_charms"] == ["A09"]  # a spent charm is public


@pytest.mark.parametrize("viewer, visible", [
    (0, {"03a", "04b", "01a", "02a", "07a", "11a", "A05", "A08", "A09"}),
    (1, {"06c", "07a", "11a", "A01", "A09"}),
    ("spectator", {"07a", "11a", "A09"}),
])
def test_r6_no_hidden_id_leaks(viewer, visible):
    state = hidden_state()
    text = dumps(state.observe(viewer))
    ids = set(ALL_CARDS) | {f"A{n:02d}" for n in range(1, 13)}
    leaked = {i for i in ids - visible if f'"{i}"' in text}
    assert leaked == set()
    assert all(f'"{i}"' in text for i in visible)
    assert "deck" not in state.observe(viewer) and state.observe(viewer)["deck_count"] == len(state.deck)


def test_r6_truth_sees_everything():
    state = hidden_state()
    truth = state.observe("truth")
    assert truth["deck"] == list(state.deck)
    assert truth["players"][1]["hand"] == ["06c", "07a"]


def test_r6_viewer_must_be_known():
    state = hidden_state()
    for bad in (2, "gold", None, True):
        with pytest.raises(ValueError):
            state.observe(bad)


def _hidden_ids(state, viewer):
    """Card and amulet ids that ``viewer`` may not know, from the full truth."""
    hidden = set(state.deck)
    over = state.is_over
    for p in (0, 1):
        if viewer == p:
            continue
        hidden |= {c for c in state.hands[p] if c not in state.shown[p]}
        if state.phase == "call":
            hidden |= {c for c in state.calls[p] or () if c not in state.shown[p]}
        if not over:
            hidden |= set(state.amulets[p])
        if state.phase == "give" and state.guide == p:
            hidden |= set(state.drawn)
    if not over:
        hidden |= set(state.amulet_pile)
        hidden |= {a for t in state.temples for a in t.amulets if a is not None}
        if state.offered and state.offered[1]:
            hidden.add(state.offered[1])
    return hidden


def test_r6_random_games_hide_what_r6_hides():
    checked = 0
    for state in random_states(range(8)):
        for viewer in (0, 1, "spectator"):
            view = state.observe(viewer)
            text = dumps(view)
            for i in _hidden_ids(state, viewer):
                assert f'"{i}"' not in text, (viewer, i, state)
            memory = 2 if viewer == "spectator" else viewer
            for t, tp in enumerate(state.temples):
                for s in range(9):
                    shown = view["temples"][t]["relics"][s]["relic"]
                    if tp.up >> s & 1 or tp.known[memory] >> s & 1:
                        assert shown == tp.relics[s]
                    else:
                        assert shown is None
            if state.is_over:
                for p in (0, 1):
                    assert view["players"][p]["amulets"] == list(state.amulets[p])  # revealed at the end
            checked += 1
    assert checked > 1000


def test_r7_amulets_revealed_at_game_end():
    gold = temple(("c6", "c6", "s5", "s5", "s4", "s4", "c6", "s3", "s3"), {6: ("R01", 0), 3: ("R02", 0)})
    state = situation(phase="place", to_move=0, temples=(gold, temple()), hands=(("05a",), ("06a",)),
                      calls=(("01a",), ("02a",)), sticks=(("brown:1",), ("brown:2",)),
                      amulets=(("A01", "A05"), ("A06", "A09")), offered=("R03", None))
    assert state.observe(0)["players"][1]["amulets"] is None
    end, _ = act(state, "place 0 rot0")
    assert end.outcome.winner == 0 and end.outcome.reason == "target_score"
    for viewer in (0, 1, "spectator"):
        view = end.observe(viewer)
        assert view["players"][0]["amulets"] == ["A01", "A05"]
        assert view["players"][1]["amulets"] == ["A06", "A09"]
        assert view["players"][0]["score"] == 25 and view["players"][1]["score"] == 2


def test_r6_revealed_call_stays_known_when_the_game_ends_in_the_confrontation():
    """A call, once revealed (R4.2.1), is public; the end of the game does not hide it again."""
    gold = temple(GOLD, {6: ("R01", 0), 8: ("R02", 0), 3: ("R08", 0)})  # W2 c6, E2 c6 up
    state = situation(phase="confront", to_move=0, temples=(gold, temple()), hands=(("09a",), ("06a",)),
                      calls=(("01a", "02a"), ("03b",)), sticks=(("brown:N", "brown:1", "brown:2", "brown:2"),
                                                                 ("violet:3",)),
                      amulets=(("A01", "A02", "A03", "A04", "A05", "A06", "A07"), ()))
    assert state.observe(1)["players"][0]["call"] == ["01a", "02a"]
    end, _ = act(state, "invoke 09a brown gold:3 rot2")  # W1 (s5) flips up: 12 + 5 + 10 = 27
    assert end.outcome is not None and end.outcome.winner == 0
    for viewer in (1, "spectator"):
        assert end.observe(viewer)["players"][0]["call"] == ["01a", "02a"]
    assert end.observe(0)["players"][1]["call"] == ["03b"]


def test_the_observation_types_name_exactly_the_fields_every_viewer_gets():
    """The TypedDicts that mypy checks the observation's users against (rules/observe.py) hold the
    fields observe_state writes, with the truth's four extra fields optional."""
    m = Match(seed=7)
    while not (m.state.phase == "place" and any(m.state.temples[0].tiles)) and not m.state.is_over:
        m.play(m.legal_actions().sample(random.Random(m.step)))
    assert not m.state.is_over, "a position with a tile and a room offered"
    state = m.state
    for viewer in (0, 1, "spectator", "truth"):
        obs = state.observe(viewer)
        assert set(obs) == set(get_type_hints(Observation)) - ({"deck", "room_pile", "amulet_pile", "knowledge"}
                                                                 if viewer != "truth" else set())
        for seen in obs["temples"]:
            assert set(seen) == set(get_type_hints(TempleView))
            assert all(set(r) == set(get_type_hints(RelicView)) for r in seen["relics"])
            assert all(set(s) == set(get_type_hints(SpaceView)) for s in seen["spaces"] if s is not None)
        assert all(set(p) == set(get_type_hints(PlayerView)) for p in obs["players"])
        assert obs["offered"] is None or set(obs["offered"]) == set(get_type_hints(OfferedView))
