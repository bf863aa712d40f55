"""R8 — decisions: wrong steps, malformed actions, text and JSON round trips, random games."""

from __future__ import annotations

import random

import pytest
from scenario import assert_consistent, random_states, rejected, situation, temple

from naga_widget.rules import (
    STANDARD,
    Action,
    ActionFormatError,
    Call,
    Chance,
    Give,
    IllegalActionError,
    Invoke,
    Pass,
    Place,
    new_game,
)

RS_EFFECT = {c.id: c.effect for c in STANDARD.cards}


def states_by_phase():
    call = situation(phase="call", to_move=0, guide=0, hands=(("01a", "02b"), ("03c",)), calls=(None, None))
    confront = situation(phase="confront", to_move=0, hands=(("12a",), ("05b",)), calls=(("01a",), ("02c",)),
                         sticks=(("brown:N",), ("teal:1",)))
    place = situation(phase="place", to_move=0, hands=(("12a",), ("05b",)), calls=(("01a",), ("02c",)),
                      sticks=(("brown:1",), ("teal:1",)))
    give = situation(phase="give", to_move=1, guide=1, hands=(("12a",), ("05b",)), drawn=("07a", "07b", "07c"),
                     calls=(None, None), offered=None)
    return {"call": call, "confront": confront, "place": place, "give": give}


@pytest.mark.parametrize("phase, action, rule, step", [
    ("call", "pass", "R4.1", "Call of Fate"),
    ("call", "invoke 01a brown", "R4.1", "Call of Fate"),
    ("call", "place 6 rot0", "R4.1", "Call of Fate"),
    ("call", "give 01a", "R4.1", "Call of Fate"),
    ("confront", "call 12a", "R4.2", "Confrontation"),
    ("confront", "place 6 rot0", "R4.2", "Confrontation"),
    ("confront", "give 12a", "R4.2", "Confrontation"),
    ("place", "pass", "R4.3", "Exploration"),
    ("place", "call 12a", "R4.3", "Exploration"),
    ("place", "invoke 12a brown", "R4.3", "Exploration"),
    ("place", "give 12a", "R4.3", "Exploration"),
    ("give", "pass", "R4.4", "New Deal"),
    ("give", "call 05b", "R4.4", "New Deal"),
    ("give", "place 6 rot0", "R4.4", "New Deal"),
])
def test_r8_wrong_step_cites_the_step(phase, action, rule, step):
    err = rejected(states_by_phase()[phase], action)
    assert err.rule == rule
    assert str(err) == f"'{action.split()[0]}' is not a decision of the {step} ({rule})"
    assert not isinstance(err, ActionFormatError)


MALFORMED_TEXT = [
    "", "   ", "dance", "pass now", "call", "give", "give 01a 02a", "invoke", "invoke 01a", "place",
    "place 6", "place six rot0", "place 6 rotx", "place 6 rot0 now", "place -1 rot0", "place 6 rot-1",
]


@pytest.mark.parametrize("text", MALFORMED_TEXT)
def test_r8_malformed_text(text):
    with pytest.raises(ActionFormatError) as info:
        Action.parse(text)
    assert isinstance(info.value, IllegalActionError) and info.value.rule == "R8"
    state = states_by_phase()["call"]
    before = state.digest()
    with pytest.raises(ActionFormatError):
        state.apply(text)
    assert state.digest() == before


@pytest.mark.parametrize("data", [
    {}, {"type": "dance"}, {"type": "give"}, {"type": "call"}, {"type": "invoke", "card": "01a"},
    {"type": "place", "space": "6", "rotation": 0}, {"type": "place", "space": 6},
    {"type": "place", "space": True, "rotation": 0},
    [], None, 7,
])
def test_r8_malformed_json(data):
    with pytest.raises(ActionFormatError):
        Action.from_json(data)


def test_r8_malformed_non_text():
    for bad in (None, 3, ["pass"]):
        with pytest.raises(ActionFormatError):
            Action.parse(bad)


@pytest.mark.parametrize("text, value", [
    ("pass", Pass()),
    ("PASS", Pass()),
    ("call 01a 05a", Call(("01a", "05a"))),
    ("invoke 12a brown", Invoke("12a", "brown", ())),
    ("invoke 07b teal gold:W0 gold:N1", Invoke("07b", "teal", ("gold:W0", "gold:N1"))),
    ("place 4 rot3", Place(4, 3)),
    ("give 05b", Give("05b")),
])
def test_r8_text_forms(text, value):
    assert Action.parse(text) == value
    assert Action.from_json(value.to_json()) == value
    assert Action.parse(str(value)) == value


def test_r8_action_forms_are_interchangeable():
    state = states_by_phase()["place"]
    a = state.apply("place 7 rot0", Chance(forced={"card": ["07a", "07b", "07c"]}))
    b = state.apply(Place(7, 0), Chance(forced={"card": ["07a", "07b", "07c"]}))
    c = state.apply({"type": "place", "space": 7, "rotation": 0}, Chance(forced={"card": ["07a", "07b", "07c"]}))
    assert a == b == c


def test_r8_every_legal_action_round_trips_in_random_games():
    seen = set()
    n = 0
    for state in random_states(range(12)):
        legal = state.legal_actions()
        actions = list(legal)
        assert len(actions) == len(legal) == len(set(actions))  # each decision listed once
        if state.is_over:
            assert actions == []
            continue
        assert actions, state
        for a in actions:
            assert Action.parse(str(a)) == a
            assert Action.from_json(a.to_json()) == a
            seen.add(a.kind if a.kind != "invoke" else RS_EFFECT[a.card])
            n += 1
        rng = random.Random(n)
        for a in rng.sample(actions, min(5, len(actions))):
            assert a in legal
            assert state.is_legal(a) and state.is_legal(str(a))
    assert {"call", "pass", "place", "give"} <= seen
    assert len([k for k in seen if k.startswith("E")]) >= 10
    assert n > 5000


def test_random_games_keep_every_invariant():
    games = 0
    for state in random_states(range(100, 130)):
        assert_consistent(state)
        assert 1 <= state.round <= 17
        assert state.sticks == ((), ()) or state.phase in ("confront", "place", "over")
        if state.phase == "confront":
            # a player facing a decision is never in an automatic-pass situation
            p = state.to_move
            assert state.hands[p] and (state.amulets[p] or any(s.endswith(":N") for s in state.sticks[p]))
        if state.is_over:
            games += 1
            o = state.outcome
            assert o.scores == (state.score(0), state.score(1))
            if o.reason == "three_cursed":
                assert state.cursed_up(1 - o.winner) >= 3
            elif o.reason == "target_score":
                assert state.score(o.winner) >= 25
            else:
                assert any(t.is_full() for t in state.temples)
    assert games == 30


def test_games_are_deterministic():
    def play(seed):
        rng = random.Random(seed)
        chance = Chance(random.Random(seed))
        state, _ = new_game(chance=chance)
        while not state.is_over:
            state = state.apply(state.legal_actions().sample(rng), chance)
        return state.digest(), chance.record

    assert play(9) == play(9)
    assert play(9)[0] != play(10)[0]


def test_illegal_action_leaves_state_unchanged_everywhere():
    checked = 0
    for state in random_states(range(200, 203)):
        if state.is_over:
            continue
        legal = set(state.legal_actions())
        for text in ("pass", "call 01a", "give 01a", "place 4 rot0", "invoke 12a brown",
                     "invoke 07a charm gold:W2 gold:W1"):
            a = Action.parse(text)
            if a in legal:
                continue
            rejected(state, a)
            checked += 1
    assert checked > 250


def test_empty_temple_placement_text_with_trap():
    state = situation(phase="place", to_move=0, temples=(temple(tiles={7: "TRAP"}), temple()),
                      hands=(("12a",), ("05b",)), calls=(("01a",), ("02c",)), sticks=(("brown:1",), ("teal:1",)))
    assert set(state.legal_actions()) == {Place(s, 0) for s in (4, 6, 8)}
