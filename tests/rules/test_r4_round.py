"""R4 — a round: Call of Fate, Confrontation, Exploration, New Deal."""

from __future__ import annotations

import pytest
from scenario import ALL_CARDS, act, events_of, forced, rejected, situation, temple

from naga_widget.rules import STANDARD, Action, Call, Pass, Place
from naga_widget.rules.ruleset import rotate


# -- R4.1 Call of Fate ------------------------------------------------------------------------
def call_state(h0=("01a", "02a", "03b", "05c", "09d"), h1=("04b", "06c", "07a"), guide=0):
    return situation(phase="call", to_move=guide, guide=guide, hands=(h0, h1), calls=(None, None))


def test_r4_1_call_options_one_stick_type_non_empty():
    state = call_state()
    got = {tuple(sorted(a.cards)) for a in state.legal_actions()}
    assert all(isinstance(a, Call) for a in state.legal_actions())
    assert got == {("01a",), ("02a",), ("01a", "02a"), ("03b",), ("05c",), ("09d",), ("05c", "09d")}
    assert len(state.legal_actions()) == 7


@pytest.mark.parametrize("action", [
    "call 01a 03b",  # brown and violet
    "call 05c 01a",  # teal and brown
    "call 04b",  # the opponent's card
    "call 12d",  # in the deck
    "call 01a 01a",  # the same card twice
    Call(()),  # nothing
])
def test_r4_1_illegal_calls(action):
    assert rejected(call_state(), action).rule == "R4.1"


def test_r4_1_guide_calls_then_other_knowing_the_number():
    state = call_state()
    s1, events = act(state, "call 02a 01a")
    assert (s1.phase, s1.to_move) == ("call", 1)
    assert s1.calls[0] == ("01a", "02a") and s1.calls[1] is None
    assert s1.hands[0] == ("03b", "05c", "09d")
    seen_by_1 = s1.observe(1)["players"][0]
    assert seen_by_1["call"] is None and seen_by_1["call_count"] == 2 and seen_by_1["called"]
    assert s1.observe("spectator")["players"][0]["call"] is None
    assert s1.observe(0)["players"][0]["call"] == ["01a", "02a"]
    (ev,) = events_of(events, "call")
    assert ev.rule == "R4.1" and ev.private_to == 0 and ev.data["count"] == 2
    assert "cards" not in ev.view(1)["data"]
    # The other player calls; both calls are revealed, sticks thrown guide first.
    s2, _ = act(s1, "call 04b", forced(throw=["N", "1", "2", "2", "3"]))
    assert s2.phase == "confront"
    assert s2.observe(1)["players"][0]["call"] == ["01a", "02a"]
    assert s2.observe(0)["players"][1]["call"] == ["04b"]
    assert s2.sticks == (("brown:1", "brown:2", "brown:2", "brown:N"), ("violet:3",))


def test_r4_1_empty_hand_calls_nothing_automatically():
    state = call_state(h1=())
    new, events = act(state, "call 03b", forced(throw=["4"]))
    assert new.calls == (("03b",), ())
    auto = [e for e in events if e.kind == "call" and e.data["player"] == 1]
    assert len(auto) == 1 and auto[0].rule == "R4.1" and auto[0].data["count"] == 0
    assert new.sticks[1] == ()


# -- R4.2.1 sticks and throws -----------------------------------------------------------------
@pytest.mark.parametrize("guide, got0, got1", [(0, 2, 10), (1, 0, 12)])
def test_r4_2_sticks_taken_guide_first_supply_short(guide, got0, got1):
    # Player 1 calls 12 brown sticks (four "d" cards of effects 01-04), player 0 calls 2 brown.
    state = call_state(h0=("05a",), h1=("01d", "02d", "03d", "04d"), guide=guide)
    calls = {0: "call 05a", 1: "call 01d 02d 03d 04d"}
    first, second = calls[guide], calls[1 - guide]
    s1, _ = act(state, first)
    n = got0 + got1
    s2, events = act(s1, second, forced(throw=["1"] * n))
    assert len(s2.sticks[0]) == got0 and len(s2.sticks[1]) == got1
    assert s2.supply[0] == 0
    short = events_of(events, "supply_short")
    assert len(short) == 1 and short[0].rule == "R4.2.1"
    assert short[0].data == {"player": 1 - guide, "type": "brown", "wanted": 2 if guide == 1 else 12,
                             "got": got0 if guide == 1 else got1}


@pytest.mark.parametrize("guide", [0, 1])
def test_r4_2_throws_guide_first(guide):
    state = call_state(h0=("03a",), h1=("02a",), guide=guide)
    s1, _ = act(state, "call 03a" if guide == 0 else "call 02a")
    s2, events = act(s1, "call 02a" if guide == 0 else "call 03a", forced(throw=["1", "1", "2", "N"]))
    assert s2.sticks[guide] == ("brown:1", "brown:1")
    assert s2.sticks[1 - guide] == ("brown:2", "brown:N")
    throws = [e.data["player"] for e in events if e.kind == "throw"]
    assert throws == [guide, 1 - guide]
    revealed = [e.data["player"] for e in events if e.kind == "call_revealed"]
    assert sorted(revealed) == [0, 1]
    # the reveal and the throws are R4.2.1 (the automatic passes that follow, R4.2.2)
    taken = [(e.kind, e.rule) for e in events if e.kind in ("call_revealed", "throw")]
    assert taken == [("call_revealed", "R4.2.1")] * 2 + [("throw", "R4.2.1")] * 2


# -- R4.2.2 automatic pass ---------------------------------------------------------------------
def confront(h0=("12a",), s0=("brown:N", "brown:1"), h1=("05b",), s1=("teal:1",), a1=(), guide=0,
             gold=None, silver=None, **kw):
    return situation(phase="confront", to_move=guide, guide=guide, hands=(h0, h1), calls=(("01a",), ("02c",)),
                     sticks=(s0, s1), amulets=((), a1), temples=(gold or temple(), silver or temple()), **kw)


@pytest.mark.parametrize("h1, s1, a1, automatic", [
    ((), ("teal:N",), (), True),  # empty hand, even with a naga
    (("05b",), ("teal:1",), (), True),  # no naga stick and no amulet
    (("05b",), (), (), True),  # no sticks at all
    (("05b",), ("teal:1",), ("A01",), False),  # an amulet might be a charm
    (("09b",), ("teal:N",), (), False),  # a naga but no target (no tile anywhere): still a decision
    (("05b",), ("teal:N",), (), False),  # a naga and a target
])
def test_r4_2_2_automatic_pass_conditions(h1, s1, a1, automatic):
    state = confront(h1=h1, s1=s1, a1=a1)
    new, events = act(state, "pass")
    passes = events_of(events, "pass")
    assert passes[0].data == {"player": 0, "automatic": False} and passes[0].rule == "R4.2.2"
    if automatic:
        assert passes[1].data == {"player": 1, "automatic": True} and passes[1].rule == "R4.2.2"
        assert new.phase == "place"  # the automatic pass counts as the second pass
        assert [e.rule for e in events_of(events, "confrontation_end")] == ["R4.2.3"]
    else:
        assert len(passes) == 1
        assert not events_of(events, "confrontation_end")
        assert (new.phase, new.to_move, new.passes) == ("confront", 1, 1)
        legal = list(new.legal_actions())
        assert Pass() in legal
        if h1 != ("05b",) or a1:
            assert legal == [Pass()]


def test_r4_2_2_pass_test_made_afresh_after_stolen_naga():
    state = confront(h0=("05a", "12a"), s0=("brown:N",), h1=("06b",), s1=("teal:N", "teal:1"))
    new, events = act(state, "invoke 05a brown teal:N")
    assert new.sticks == (("teal:N",), ("teal:1",))
    passes = events_of(events, "pass")
    assert [(e.data["player"], e.data["automatic"]) for e in passes] == [(1, True)]
    assert (new.phase, new.to_move, new.passes) == ("confront", 0, 1)


def test_r4_2_3_two_consecutive_passes_and_acting_again():
    state = confront(h0=("12a", "12b"), s0=("brown:N", "brown:N"), h1=("12c",), s1=("teal:N",))
    s1, _ = act(state, "pass")
    assert (s1.phase, s1.to_move, s1.passes) == ("confront", 1, 1)
    s2, _ = act(s1, "invoke 12c teal", forced(card=["07a", "07b"]))
    assert (s2.phase, s2.to_move, s2.passes) == ("confront", 0, 0)  # player 0 passed but may act again
    s3, events = act(s2, "invoke 12a brown", forced(card=["08a", "08b"]))
    # player 1 has cards but no naga and no amulet now: an automatic pass
    assert [(e.data["player"], e.data["automatic"]) for e in events_of(events, "pass")] == [(1, True)]
    assert (s3.phase, s3.to_move, s3.passes) == ("confront", 0, 1)
    s4, events = act(s3, "pass")
    assert s4.phase == "place"
    # R4.2.3: the second pass in a row ends the step, then the room is won (R4.3.1)
    assert [(e.kind, e.rule) for e in events] == [("pass", "R4.2.2"), ("confrontation_end", "R4.2.3"),
                                                  ("room_won", "R4.3.1")]


def test_r4_2_single_pass_then_invoke_does_not_end_step():
    state = confront(h0=("12a",), s0=("brown:N",), h1=("12c",), s1=("teal:N", "teal:N"))
    s1, _ = act(state, "pass")
    s2, _ = act(s1, "invoke 12c teal", forced(card=["07a", "07b"]))
    assert (s2.phase, s2.to_move, s2.passes) == ("confront", 0, 0)
    s3, events = act(s2, "pass")
    assert (s3.phase, s3.to_move, s3.passes) == ("confront", 1, 1)
    assert not events_of(events, "confrontation_end")  # a pass after an invoke is the first of a new pair
    s4, events = act(s3, "pass")
    assert s4.phase == "place"
    assert [e.rule for e in events_of(events, "confrontation_end")] == ["R4.2.3"]


# -- R4.3 Exploration --------------------------------------------------------------------------
@pytest.mark.parametrize("guide, other_stick, winner", [
    (0, "violet:3", 0), (0, "violet:4", 1), (0, "violet:1", 0),
    (1, "violet:3", 1), (1, "violet:4", 0), (1, "violet:1", 1),
])
def test_r4_3_1_more_fate_wins_tie_to_guide(guide, other_stick, winner):
    sticks = [None, None]
    sticks[guide] = ("brown:N", "violet:3")  # 3 fate points
    sticks[1 - guide] = (other_stick,)
    hands = [None, None]
    hands[guide], hands[1 - guide] = ("12a",), ("05b",)
    state = confront(h0=hands[0], h1=hands[1], s0=sticks[0], s1=sticks[1], guide=guide)
    new, events = act(state, "pass")
    assert (new.phase, new.to_move) == ("place", winner)
    (won,) = events_of(events, "room_won")
    assert won.data["winner"] == winner and won.rule == "R4.3.1"
    assert won.data["fate"][guide] == 3 and won.data["fate"][1 - guide] == int(other_stick[-1])
    # the calls were revealed in the Confrontation and stay public while the room is placed
    for viewer in (1 - guide, "spectator"):
        assert new.observe(viewer)["players"][guide]["call"] == list(state.calls[guide])


def place_state(player=0, tiles=None, offered=("R03", None), guide=0, **kw):
    temples = [temple(), temple()]
    temples[player] = temple(tiles=tiles or {})
    kw.setdefault("hands", (("05a",), ("06a",)))
    kw.setdefault("calls", (("01a",), ("02b",)))
    kw.setdefault("sticks", (("brown:1", "brown:2"), ("violet:3",)))
    return situation(phase="place", to_move=player, guide=guide, temples=tuple(temples), offered=offered, **kw)


@pytest.mark.parametrize("player", [0, 1])
@pytest.mark.parametrize("tiles, spaces", [
    ({}, {6, 7, 8}),
    ({2: ("R01", 0), 3: "TRAP"}, {0, 1, 4, 5, 6, 7, 8}),  # next to a room or to the trap
    ({4: ("R01", 0)}, {1, 3, 5, 6, 7, 8}),
    ({0: ("R01", 0)}, {1, 3, 6, 7, 8}),
])
def test_r4_3_2_placement_spaces(player, tiles, spaces):
    state = place_state(player, tiles)
    legal = set(state.legal_actions())
    assert legal == {Place(s, 0) for s in spaces}
    for s in set(range(9)) - spaces:
        assert rejected(state, f"place {s} rot0").rule == "R4.3"
    new, _ = act(state, f"place {min(spaces)} rot0", forced(card=["10a", "10b", "10c"]))
    assert new.temples[player].tiles[min(spaces)].room == "R03"
    assert new.temples[1 - player] == state.temples[1 - player]


@pytest.mark.parametrize("room, amulet, rotations", [
    ("R01", "A01", (0,)), ("R03", None, (0,)), ("R17", "A01", (0, 1)),
    ("R05", "A01", (0, 1, 2, 3)), ("R08", None, (0, 1, 2, 3)),
    ("R13", "A01", (0, 1, 2, 3)), ("R16", None, (0, 1, 2, 3)),
])
def test_r4_3_2_rotations_deduplicated(room, amulet, rotations):
    state = place_state(offered=(room, amulet))
    assert set(state.legal_actions()) == {Place(s, k) for s in (6, 7, 8) for k in rotations}
    openings = {k: rotate(STANDARD.room(room).openings, k) for k in range(4)}
    for k in set(range(4)) - set(rotations):
        # the same placement named by another rotation: accepted, and recorded by the listed one
        same = next(j for j in rotations if openings[j] == openings[k])
        assert state.canonical(f"place 6 rot{k}") == Place(6, same)
        assert act(state, f"place 6 rot{k}", forced(card=["10a", "10b", "10c"]))[0] == \
            act(state, f"place 6 rot{same}", forced(card=["10a", "10b", "10c"]))[0]
    assert rejected(state, "place 6 rot4").rule == "R4.3"


def test_r4_3_4_and_r4_4_round_end_new_deal_and_give():
    state = place_state(
        player=1, guide=0, hands=(("05a",), ("06a",)), calls=(("01a", "02a"), ("03b",)),
        sticks=(("brown:1", "brown:2", "brown:N", "brown:2"), ("violet:4",)), discard=("11a",),
    )
    s1, events = act(state, "place 7 rot0", forced(card=["04a", "04b", "04c"]))
    # R4.3.4: sticks to the supply, calls to the discard pile
    assert s1.supply == (12, 12, 12) and s1.sticks == ((), ())
    assert s1.calls == (None, None)
    assert s1.discard[0] == "11a" and sorted(s1.discard[1:]) == ["01a", "02a", "03b"]
    # R4.4.1-2: the scroll passes, the new guide draws three and must give one
    assert (s1.guide, s1.phase, s1.to_move) == (1, "give", 1)
    assert s1.drawn == ("04a", "04b", "04c")
    assert set(s1.legal_actions()) == {Action.parse(f"give {c}") for c in ("04a", "04b", "04c")}
    assert s1.observe(1)["drawn"] == ["04a", "04b", "04c"]
    assert s1.observe(0)["drawn"] is None and s1.observe("spectator")["drawn"] is None
    (deal,) = events_of(events, "new_deal")
    assert deal.rule == "R4.4.2" and deal.data["guide"] == 1 and "cards" not in deal.view(0)["data"]
    # the room placed, the table cleared, the scroll passed, the cards drawn: each cites its sub-rule
    assert [(e.kind, e.rule) for e in events] == [("place", "R4.3.2"), ("table_cleared", "R4.3.4"),
                                                  ("scroll", "R4.4.1"), ("new_deal", "R4.4.2")]
    assert events_of(events, "scroll")[0].data == {"guide": 1}
    assert rejected(s1, "give 05a").rule == "R4.4"
    # the give: two kept, one given, known to both (R6)
    s2, events = act(s1, "give 04b", forced(room=["R16"]))
    assert [(e.kind, e.rule) for e in events] == [("give", "R4.4.2"), ("room_offered", "R4.4.3")]
    assert s2.hands[1] == ("04a", "04c", "06a")
    assert s2.hands[0] == ("04b", "05a")
    assert s2.observe(1)["players"][0]["known_cards"] == ["04b"]
    assert s2.observe(0)["players"][0]["known_cards"] == ["04b"]
    assert s2.observe(1)["players"][0]["hand"] is None
    # R4.4.3: the next room is offered and a new round begins with the new guide's call
    assert s2.offered == ("R16", None)
    assert (s2.round, s2.phase, s2.to_move, s2.guide) == (state.round + 1, "call", 1, 1)
    assert [e.rule for e in events if e.kind == "room_offered"] == ["R4.4.3"]


def _rest(*used: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Every other card, split between the two hands."""
    rest = sorted(set(ALL_CARDS) - set(used))
    return tuple(rest[: len(rest) // 2]), tuple(rest[len(rest) // 2:])


def test_r4_4_two_cards_drawn_give_one():
    h0, h1 = _rest("01a", "02a")
    state = place_state(player=0, hands=(h0, h1), calls=(("01a",), ("02a",)), deck=(), discard=())
    s1, events = act(state, "place 7 rot0", forced(card=["02a", "01a"]))
    assert s1.drawn == ("02a", "01a") and (s1.phase, s1.to_move) == ("give", 1)
    kinds = [e.kind for e in events]
    assert "reshuffle" in kinds and "draw_stops" in kinds
    assert kinds.index("reshuffle") < kinds.index("draw_stops")
    s2, events = act(s1, "give 01a", forced(room=["R14"], amulet=["A02"]))
    assert "02a" in s2.hands[1] and "01a" in s2.hands[0]
    assert s2.phase == "call"
    # R4.4.3: the next room is offered with an amulet, as in R3.5
    assert s2.offered == ("R14", "A02") and "A02" not in s2.amulet_pile
    assert events_of(events, "room_offered")[0].data == {"room": "R14", "amulet": True}


def test_r4_4_one_card_drawn_is_kept_without_decision():
    rest = tuple(sorted(set(ALL_CARDS) - {"01a"}))
    state = place_state(player=0, hands=(rest, ()), calls=(("01a",), ()), deck=(), discard=(),
                        sticks=(("brown:1", "brown:2"), ()))
    s1, events = act(state, "place 7 rot0", forced(card=["01a"], room=["R16"]))
    assert s1.hands[1] == ("01a",)
    assert s1.drawn == ()
    assert (s1.phase, s1.to_move, s1.guide) == ("call", 1, 1)
    assert [e.kind for e in events if e.rule == "R4.4"].count("draw_stops") == 1
    (deal,) = events_of(events, "new_deal")
    assert deal.data["count"] == 1


def test_r4_4_deck_reshuffled_from_discard_when_empty():
    h0, h1 = _rest("01a", "02a", "11a", "11b", "11c")
    state = place_state(player=0, hands=(h0, h1), calls=(("01a",), ("02a",)), deck=(),
                        discard=("11a", "11b", "11c"))
    s1, events = act(state, "place 7 rot0", forced(card=["11b", "01a", "02a"]))
    (shuffle,) = events_of(events, "reshuffle")
    assert shuffle.rule == "R4.4" and shuffle.data["count"] == 5
    assert s1.drawn == ("11b", "01a", "02a")
    assert s1.deck == ("11a", "11c") and s1.discard == ()


def test_r4_4_draw_from_deck_before_reshuffle():
    h0, h1 = _rest("01a", "02a", "11a", "11b")
    state = place_state(player=0, hands=(h0, h1), calls=(("01a",), ("02a",)), deck=("11a",), discard=("11b",))
    s1, events = act(state, "place 7 rot0", forced(card=["11a", "02a", "11b"]))
    assert s1.drawn == ("11a", "02a", "11b")
    assert len(events_of(events, "reshuffle")) == 1
    assert s1.deck == ("01a",)


def test_r6_given_card_known_in_the_call():
    """A card given in the New Deal is known to be held; once called face down, the opponent cannot tell
    whether it lies in the call or in the hand (the call is its owner's secret until revealed)."""
    state = situation(phase="call", to_move=1, guide=0, hands=(("03b",), ("04a", "07a")), calls=(("01a",), None),
                      shown=((), ("07a",)))
    assert state.observe(0)["players"][1]["known_cards"] == ["07a"]
    mid = situation(phase="call", to_move=0, guide=1, hands=(("03b",), ("04a",)), calls=(None, ("07a",)),
                    shown=((), ("07a",)))
    seen = mid.observe(0)["players"][1]
    assert seen["call"] is None and seen["call_count"] == 1 and seen["known_cards"] == ["07a"]
    assert "call_known_cards" not in seen
    new, _ = act(state, "call 07a", forced(throw=["2", "2", "N", "1"]))
    assert new.phase == "confront" and new.observe(0)["players"][1]["call"] == ["07a"]
