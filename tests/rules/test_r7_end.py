"""R7 — the end of the game: three cursed relics, 25 points, a full temple."""

from __future__ import annotations

import pytest
from scenario import act, events_of, forced, rejected, situation, temple

CURSED_WEST = ("c6", "c6", "c6", "s5", "s5", "s4", "s4", "s3", "s3")  # W2 W1 W0 cursed
TWO_CURSED = ("c6", "c6", "s5", "s5", "s4", "s4", "c6", "s3", "s3")  # W2 W1 cursed, W0 N0 = 5 + 5


def place_state(relics, amulets=((), ()), player=0):
    """``player`` won the room (a cross) and holds crosses on 6 and 3 in their temple."""
    temples = [temple(), temple()]
    temples[player] = temple(relics, {6: ("R01", 0), 3: ("R02", 0)})
    return situation(phase="place", to_move=player, guide=player, temples=tuple(temples),
                     hands=(("05a",), ("06a",)), calls=(("01a",), ("02a",)),
                     sticks=(("brown:1",), ("brown:2",)), amulets=amulets, offered=("R03", None))


#: The game_over event cites the sub-rule that ended the game; the outcome keeps the rule of its section.
OUTCOME_RULE = {"R7.1.1": "R7.1", "R7.1.2": "R7.1", "R7.2": "R7.2"}


def assert_over(state, events, winner, reason, rule):
    assert state.outcome is not None
    assert (state.outcome.winner, state.outcome.reason, state.outcome.rule) == (winner, reason, OUTCOME_RULE[rule])
    assert state.outcome.scores == (state.score(0), state.score(1))
    assert state.is_over and state.current_player is None and state.phase == "over"
    (over,) = events_of(events, "game_over")
    assert over.rule == rule and over.data["winner"] == winner and over.data["reason"] == reason
    assert list(state.legal_actions()) == [] and not state.legal_actions()
    for action in ("pass", "place 8 rot0", "call 05a", "give 05a"):
        assert rejected(state, action).rule == "R7"


@pytest.mark.parametrize("player", [0, 1])
@pytest.mark.parametrize("treasures", [(), ("A05", "A06", "A07")])
def test_r7_1_three_cursed_face_up_lose_checked_before_25(player, treasures):
    amulets = [(), ()]
    amulets[player] = treasures
    state = place_state(CURSED_WEST, tuple(amulets), player=player)
    assert state.cursed_up(player) == 2
    end, events = act(state, "place 0 rot0")
    assert end.cursed_up(player) == 3
    if treasures:
        assert end.score(player) >= 25  # 18 + 5 + 6: still a loss
    assert_over(end, events, 1 - player, "three_cursed", "R7.1.1")
    # the relics were revealed before the end
    assert [e.data["slot"] for e in events_of(events, "relic_revealed")] == ["W0", "N0"]


@pytest.mark.parametrize("treasures, ends", [(("A01", "A05"), True), (("A05",), False), (("A01", "A06", "A07"), True)])
def test_r7_1_reaching_25_wins(treasures, ends):
    state = place_state(TWO_CURSED, (treasures, ()))
    end, events = act(state, "place 0 rot0", forced(card=["10a", "10b", "10c"]))
    assert end.score(0) == 22 + sum(2 if a >= "A05" else 1 for a in treasures)
    if ends:
        assert_over(end, events, 0, "target_score", "R7.1.2")
    else:
        assert end.outcome is None and end.phase == "give"
        assert not events_of(events, "game_over")


def confront_state(gold, silver, to_move, hand, sticks, amulets=((), ())):
    hands = [("05b",), ("06b",)]
    hands[to_move] = hand
    return situation(phase="confront", to_move=to_move, guide=to_move, temples=(gold, silver), hands=tuple(hands),
                     calls=(("01a",), ("02c",)), sticks=sticks, amulets=amulets)


SLIDE_TILES = {6: ("R01", 0), 3: ("R02", 0), 1: ("R03", 0)}  # W2 W1 up; the cross on 1 is cut off


@pytest.mark.parametrize("invoker", [0, 1])
def test_r7_1_slide_reveals_third_cursed(invoker):
    """Gold's third cursed relic revealed by a slide: by the opponent (gold loses) or by gold itself."""
    gold = temple(CURSED_WEST, SLIDE_TILES)
    assert gold.up == 0b011
    sticks = [("violet:3",), ("violet:1",)]
    sticks[invoker] = ("teal:N", "teal:1")
    state = confront_state(gold, temple(), invoker, ("08a",), tuple(sticks))
    end, events = act(state, "invoke 08a teal gold:row0 west")
    assert end.temples[0].tiles[0].room == "R03"
    assert end.cursed_up(0) == 3
    assert_over(end, events, 1, "three_cursed", "R7.1.1")


def test_r7_1_effect_brings_opponent_to_25():
    silver = temple(("s3", "c6", "s5", "s5", "s4", "s4", "s3", "c6", "c6"),
                    {6: ("R01", 0), 3: ("R02", 0), 0: ("R03", 0)})  # W2 W1 W0 N0 up: 19
    state = confront_state(temple(), silver, 0, ("07a",), (("brown:N",), ("teal:1",)),
                           amulets=((), ("A05", "A06")))
    assert state.score(1) == 23
    end, events = act(state, "invoke 07a brown silver:W2 silver:E2")
    assert end.score(1) == 26 and end.cursed_up(1) == 2
    assert_over(end, events, 1, "target_score", "R7.1.2")


def test_r7_1_own_effect_reaches_25_mid_confrontation():
    gold = temple(("c6", "s5", "s3", "s3", "s4", "s4", "s5", "c6", "c6"),
                  {6: ("R01", 0), 8: ("R02", 0), 3: ("R08", 0)})  # W2 + E2 up: 12
    treasures = ("A01", "A02", "A03", "A04", "A05", "A06", "A07")
    state = confront_state(gold, temple(), 0, ("09a", "12a"), (("brown:N", "brown:N"), ("teal:N",)),
                           amulets=(treasures, ()))
    assert state.score(0) == 22
    end, events = act(state, "invoke 09a brown gold:3 rot2")  # W1 (5) flips up
    assert end.score(0) == 27
    assert_over(end, events, 0, "target_score", "R7.1.2")


def test_r7_1_collected_amulet_reaches_25():
    gold = temple(TWO_CURSED, {6: ("R01", 0), 3: ("R02", 0), 0: ("R03", 0)})  # 22
    state = situation(phase="place", to_move=0, temples=(gold, temple()), hands=(("05a",), ("06a",)),
                      calls=(("01a",), ("02a",)), sticks=(("brown:1",), ("brown:2",)),
                      amulets=(("A01",), ()), offered=("R05", "A06"))
    end, events = act(state, "place 7 rot1")  # T E S W on 7: reached, carries A06 (2)
    assert end.amulets[0] == ("A01", "A06")
    assert_over(end, events, 0, "target_score", "R7.1.2")


# -- R7.2 a full temple --------------------------------------------------------------------------
FULL_BUT_8 = {0: ("R10", 3), 1: ("R11", 3), 2: ("R12", 3), 3: ("R15", 0), 4: ("R16", 0), 5: ("R03", 0),
              6: ("R08", 3), 7: "TRAP"}  # no tile in row 2 opens south: nothing is reached


@pytest.mark.parametrize("placer", [0, 1])
@pytest.mark.parametrize("mine, theirs, other_tiles, placer_wins", [
    (("A05",), ("A01",), None, True),
    (("A01",), ("A05",), None, False),
    (("A05",), ("A06",), None, True),  # a tie goes to the player who placed
    (("A05", "A01"), (), {6: ("R01", 0)}, True),  # 3 against a face-up s3 (3): tie
    (("A05",), (), {6: ("R01", 0)}, False),  # 2 against 3
    ((), (), None, True),  # 0 against 0
])
def test_r7_2_full_temple(placer, mine, theirs, other_tiles, placer_wins):
    amulets = [(), ()]
    amulets[placer], amulets[1 - placer] = mine, theirs
    other = ("s3", "s4", "s5", "s3", "s4", "s5", "c6", "c6", "c6")
    temples = [None, None]
    temples[placer] = temple(tiles=FULL_BUT_8)
    temples[1 - placer] = temple(other, other_tiles or {})
    state = situation(phase="place", to_move=placer, guide=1 - placer, temples=tuple(temples),
                      hands=(("05a",), ("06a",)), calls=(("01a",), ("02a",)), sticks=(("brown:1",), ("brown:2",)),
                      amulets=tuple(amulets), offered=("R09", None))
    assert state.temples[placer].filled() == 8
    end, events = act(state, "place 8 rot3")
    assert end.temples[placer].is_full() and end.temples[placer].up == 0
    winner = placer if placer_wins else 1 - placer
    assert_over(end, events, winner, "full_temple", "R7.2")
    (over,) = events_of(events, "game_over")
    assert sorted(over.data["amulets"][placer]) == sorted(mine)
    for viewer in (0, 1, "spectator"):
        assert sorted(end.observe(viewer)["players"][1 - placer]["amulets"]) == sorted(theirs)


LINKED_BUT_6 = {0: ("R08", 2), 1: ("R09", 3), 2: ("R10", 3), 3: ("R04", 0), 4: ("R16", 0), 5: ("R11", 3),
                7: "TRAP", 8: ("R12", 3)}  # a cross on 6 links 3 and 0: W2 W1 W0 N0 flip up


@pytest.mark.parametrize("relics, treasures, winner, reason, rule", [
    (CURSED_WEST, ("A01", "A05"), 1, "three_cursed", "R7.1.1"),
    (TWO_CURSED, ("A01", "A05"), 0, "target_score", "R7.1.2"),
    (("s3", "s3", "s4", "s4", "s5", "s5", "c6", "c6", "c6"), ("A01", "A05"), 0, "full_temple", "R7.2"),
])
def test_r7_2_only_if_r7_1_ended_nothing(relics, treasures, winner, reason, rule):
    state = situation(phase="place", to_move=0, guide=0, temples=(temple(relics, LINKED_BUT_6), temple()),
                      hands=(("05a",), ("06a",)), calls=(("01a",), ("02a",)), sticks=(("brown:1",), ("brown:2",)),
                      amulets=(treasures, ("A06", "A07")), offered=("R03", None))
    assert state.temples[0].up == 0
    end, events = act(state, "place 6 rot0")
    assert end.temples[0].is_full()
    assert end.temples[0].up == 0b1111
    assert_over(end, events, winner, reason, rule)
