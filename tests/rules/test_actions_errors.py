"""R8 — decisions: wrong steps, malformed actions, text and JSON round trips, random games."""

from __future__ import annotations

import random

import pytest
from scenario import act, assert_consistent, forced, random_states, rejected, situation, temple

from naga_widget.rules import (
    STANDARD,
    Action,
    ActionError,
    ActionFormatError,
    Call,
    Chance,
    DetachedLegal,
    Give,
    IllegalActionError,
    Invoke,
    Pass,
    Phase,
    Place,
    new_game,
)
from naga_widget.rules.legal import canonical

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
    assert isinstance(info.value, ActionError) and not isinstance(info.value, IllegalActionError)
    assert info.value.rule == "R8"
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



# -- strict reading (issue: hardening) --------------------------------------------------------------
@pytest.mark.parametrize("text, bad", [
    ("place ³ rot1", "³"), ("place 6 rot²", "²"), ("place 6 rot①", "①"), ("place ６ rot0", "６"),
    ("place 6 rot٣", "٣"), ("place 𝟔 rot0", "𝟔"), ("place 6 rot 1", None), ("place 6 rot+1", "+1"),
    ("place 1234567 rot0", "1234567"), ("place " + "9" * 5000 + " rot0", "999999999999"),
    ("place 6 rot" + "1" * 5000, "111111111111"),
])
def test_r8_numbers_are_ascii_digits_and_short(text, bad):
    with pytest.raises(ActionFormatError) as info:
        Action.parse(text)
    message = str(info.value)
    assert bad is None or bad in message
    assert len(message) < 300, "a refused value is quoted cut short"
    state = states_by_phase()["place"]
    before = state.digest()
    with pytest.raises(ActionFormatError):
        state.apply(text)
    assert state.digest() == before


@pytest.mark.parametrize("data, field", [
    ({"type": "place", "space": 6, "rotation": True}, "rotation"),
    ({"type": "place", "space": False, "rotation": 0}, "space"),
    ({"type": "place", "space": 6.0, "rotation": 0}, "space"),
    ({"type": "place", "space": 6, "rotation": "1"}, "rotation"),
    ({"type": "place", "space": -1, "rotation": 0}, "space"),
    ({"type": "place", "space": 10**5000, "rotation": 0}, "space"),
    ({"type": "call", "cards": [True]}, "cards"),
    ({"type": "call", "cards": [1]}, "cards"),
    ({"type": "call", "cards": "01a"}, "cards"),
    ({"type": "call", "cards": ["01a 02a"]}, "cards"),
    ({"type": "call", "cards": [["01a"]]}, "cards"),
    ({"type": "give", "card": True}, "card"),
    ({"type": "give", "card": ""}, "card"),
    ({"type": "invoke", "card": "12a", "pay": 1}, "payment"),
    ({"type": "invoke", "card": "12a", "pay": "brown", "target": [True]}, "targets"),
    ({"type": "invoke", "card": "12a", "pay": "brown", "target": "gold:1"}, "targets"),
    ({"type": "pass", "player": 0}, "'player'"),
    ({"type": True}, "type"),
    ({"type": ["pass"]}, "type"),
    ({"type": "place", "space": 6, "rotation": 0, "rot": 1}, "'rot'"),
])
def test_r8_json_fields_have_strict_types(data, field):
    with pytest.raises(ActionFormatError) as info:
        Action.from_json(data)
    assert field in str(info.value)
    for state in states_by_phase().values():
        before = state.digest()
        with pytest.raises(ActionFormatError):
            state.apply(data)
        assert state.digest() == before


def test_r8_a_boolean_rotation_never_reaches_a_record():
    """The hole: ``rotation: true`` was read as ``place 6 rotTrue``, a text that does not read back."""
    state = states_by_phase()["place"]
    assert not state.is_legal({"type": "place", "space": 7, "rotation": True})
    assert state.is_legal({"type": "place", "space": 7, "rotation": 0})


class _LyingCall(Call):
    def __str__(self):
        return "call 99z"

    def __eq__(self, other):
        return True

    __hash__ = Call.__hash__


class _Text(str):
    def split(self, *args):
        return ["pass"]


@pytest.mark.parametrize("value, expected", [
    (_LyingCall(("02b", "01a")), Call(("01a", "02b"))),
    (Call(("02b", "01a")), Call(("01a", "02b"))),
    (_Text("give 07a"), Give("07a")),
    (Invoke(_Text("12a"), "brown", [_Text("gold:1")]), Invoke("12a", "brown", ("gold:1",))),  # type: ignore[arg-type]
])
def test_r8_coerce_gives_the_engine_s_exact_classes(value, expected):
    got = Action.coerce(value)
    assert type(got) is type(expected) and got == expected and str(got) == str(expected)
    assert all(type(v) is str for v in (got.cards if isinstance(got, Call) else ()))
    assert Action.parse(str(got)) == got


@pytest.mark.parametrize("value", [
    Call((1, 2)), Call("01a"), Place("6", 0), Place(True, 0), Place(6, 1.0), Give(None), Invoke("12a", "brown", "x"),
    object(), 7, None, ["pass"], b"pass",
])
def test_r8_coerce_refuses_what_is_not_an_action(value):
    with pytest.raises(ActionFormatError):
        Action.coerce(value)
    state = states_by_phase()["call"]
    before = state.digest()
    with pytest.raises(ActionError):
        state.apply(value)
    assert state.digest() == before and not state.is_legal(value)


def test_r8_a_word_with_spaces_is_never_legal():
    """Read from text or JSON it is refused as unreadable; an engine value holding one (its fields are
    only type-checked, for speed) is refused by the check, as no legal token has a space."""
    state = _confront("07a")
    with pytest.raises(ActionFormatError):
        Action.from_json({"type": "invoke", "card": "07a", "pay": "brown", "target": ["gold:W0 gold:W1"]})
    assert rejected(state, Invoke("07a", "brown", ("gold:W0 gold:W1",))).rule == "E07"
    assert rejected(state, Invoke("07a", "brown ", ("gold:W0", "gold:W1"))).rule == "R4.2"


# -- one value per decision ----------------------------------------------------------------------
def test_r4_1_a_call_in_another_order_is_the_listed_call():
    state = situation(phase="call", to_move=0, guide=0, hands=(("01a", "05a", "09b"), ("03c",)), calls=(None, None))
    listed = next(a for a in state.legal_actions() if isinstance(a, Call) and len(a.cards) == 2)
    written = "call " + " ".join(reversed(listed.cards))
    assert Action.parse(written) == listed and hash(Action.parse(written)) == hash(listed)
    assert Action.from_json({"type": "call", "cards": list(reversed(listed.cards))}) == listed
    assert state.apply(written) == state.apply(listed)


@pytest.mark.parametrize("room, rotation, same", [
    ("R01", 1, 0), ("R01", 3, 0),  # a cross has one placement
    ("R17", 2, 0), ("R17", 3, 1),  # a straight has two
    ("R03", 2, 0),
])
def test_r4_3_2_a_rotation_with_the_same_openings_is_the_listed_placement(room, rotation, same):
    state = situation(phase="place", to_move=0, temples=(temple(), temple()), offered=(room, None),
                      hands=(("12a",), ("05b",)), calls=(("01a",), ("02c",)), sticks=(("brown:1",), ("teal:1",)))
    listed = set(state.legal_actions())
    written = Place(7, rotation)
    assert written not in listed and canonical(state, written) == Place(7, same) in listed
    assert state.canonical(f"place 7 rot{rotation}") == Place(7, same) and state.is_legal(written)
    draws = {"card": ["07a", "07b", "07c"]}
    a, events_a = act(state, written, forced(**draws))
    b, events_b = act(state, Place(7, same), forced(**draws))
    assert a == b and [e.text for e in events_a] == [e.text for e in events_b]
    assert f"rotation {same}" in next(e.text for e in events_a if e.kind == "place")


@pytest.mark.parametrize("rotation", [4, 5, 999])
def test_r4_3_2_rotations_beyond_three_are_still_refused(rotation):
    state = situation(phase="place", to_move=0, offered=("R01", None), hands=(("12a",), ("05b",)),
                      calls=(("01a",), ("02c",)), sticks=(("brown:1",), ("teal:1",)))
    assert rejected(state, Place(7, rotation)).rule == "R4.3"


def _confront(card, **kw):
    return situation(phase="confront", to_move=0, guide=0, hands=((card,), ("05b",)), calls=(("10b",), ("11c",)),
                     sticks=(("brown:N", "brown:2"), ("teal:1", "teal:N")), **kw)


@pytest.mark.parametrize("card, pair, temples", [
    ("06a", ("silver:E2", "gold:W0"), None),  # E06: gold before silver
    ("06a", ("gold:N1", "gold:W0"), None),  # E06: slot order W2 W1 W0 N0 N1 …
    ("07a", ("gold:N1", "gold:W0"), None),  # E07
    ("07a", ("silver:E2", "silver:W2"), None),
    ("10a", ("gold:7", "gold:6"), (temple(tiles={6: ("R01", 0)}), temple())),  # E10: the lower space first
])
def test_e06_e07_e10_a_pair_named_in_the_other_order_is_the_listed_pair(card, pair, temples):
    state = _confront(card, **({"temples": temples} if temples else {}))
    written = Invoke(card, "brown", pair)
    listed = Invoke(card, "brown", pair[::-1])
    legal = set(state.legal_actions())
    assert listed in legal and written not in legal
    assert canonical(state, written) == listed and state.is_legal(written)
    a, events_a = act(state, written)
    b, events_b = act(state, listed)
    assert a == b and [e.text for e in events_a] == [e.text for e in events_b]


@pytest.mark.parametrize("card, target, rule", [
    ("07a", ("gold:W0", "gold:W0"), "E07"),  # the same slot twice stays illegal in any order
    ("07a", ("silver:W0", "gold:W1"), "E07"),  # two temples
    ("10a", ("gold:7", "gold:6"), "E10"),  # no tile in either space
    ("06a", ("gold:N1", "gold:X9"), "E06"),
])
def test_e06_e07_e10_reordering_does_not_make_an_illegal_pair_legal(card, target, rule):
    state = _confront(card)
    assert rejected(state, Invoke(card, "brown", target)).rule == rule


def test_r8_canonical_keeps_every_listed_action_as_it_is():
    seen = 0
    for state in random_states(range(300, 306)):
        for a in state.legal_actions():
            assert canonical(state, a) is a
            seen += 1
    assert seen > 1000


# -- a detached list accepts what playing accepts ------------------------------------------------------
@pytest.mark.parametrize("room, rotation", [("R01", 1), ("R01", 3), ("R17", 2), ("R17", 3), ("R03", 2)])
def test_a_detached_list_holds_an_equivalent_rotation_as_playing_does(room, rotation):
    state = situation(phase="place", to_move=0, temples=(temple(), temple()), offered=(room, None),
                      hands=(("12a",), ("05b",)), calls=(("01a",), ("02c",)), sticks=(("brown:1",), ("teal:1",)))
    view, written = state.legal_actions(), Place(7, rotation)
    detached = view.detached()
    assert written not in view and written not in set(detached)  # not listed ...
    for spelling in (written, str(written), written.to_json()):  # ... but held, in every form
        assert spelling in detached and state.is_legal(spelling)
    assert detached.spellings()[written] == canonical(state, written)
    assert Place(7, 4) not in detached and Place(0, rotation) not in detached  # what playing refuses
    assert len(detached) == len(view) and list(detached) == list(view)


@pytest.mark.parametrize("card, pair, temples", [
    ("06a", ("silver:E2", "gold:W0"), None),
    ("07a", ("gold:N1", "gold:W0"), None),
    ("10a", ("gold:7", "gold:6"), (temple(tiles={6: ("R01", 0)}), temple())),
])
def test_a_detached_list_holds_an_unordered_pair_in_the_other_order(card, pair, temples):
    state = _confront(card, **({"temples": temples} if temples else {}))
    written = Invoke(card, "brown", pair)
    detached = state.legal_actions().detached()
    assert written not in set(detached) and written in detached and str(written) in detached
    assert Invoke(card, "brown", (pair[0], pair[0])) not in detached
    # what the detached list holds is exactly what playing accepts, over every pair of the listed targets
    tokens = sorted({t for a in detached if isinstance(a, Invoke) and a.card == card for t in a.target})
    for first in tokens:
        for second in tokens:
            maybe = Invoke(card, "brown", (first, second))
            assert (maybe in detached) == state.is_legal(maybe), maybe


def test_a_detached_list_is_built_by_its_public_constructor_and_refuses_bad_arguments():
    legal = DetachedLegal(0, "call", ["call 03a", "call 05a", "call 03a 05a", "call 11c"])
    assert legal.call_groups() == [["03a", "05a"], ["11c"]] and legal.phase is Phase.CALL
    assert "call 05a 03a" in legal and "call 03a 11c" not in legal
    with pytest.raises(ValueError, match="player must be 0, 1 or None"):
        DetachedLegal(True, "call", [])
    with pytest.raises(ValueError, match="phase must be one of"):
        DetachedLegal(0, "dance", [])
    with pytest.raises(ActionFormatError):
        DetachedLegal(0, "give", ["give"])
    with pytest.raises(ValueError, match="which is not listed"):
        DetachedLegal(0, "place", ["place 4 rot0"], {"place 4 rot2": "place 5 rot0"})
