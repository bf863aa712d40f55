"""The shared action-index table: labels, sizes, and the sub-choice round trip against the engine.

The round trip: at many positions of random games, a walk over every sequence of legal
sub-choices reaches each legal engine action exactly once, and nothing else; each action's
:meth:`Menu.sequence` is the path that reached it.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from envs_positions import positions

from naga_widget.envs import DONE, PASS, ActionTable, Menu
from naga_widget.rules import STANDARD, Call, Chance, IllegalActionError, Invoke, LegalView, Outcome, Pass, new_game

TABLE = ActionTable.for_ruleset(STANDARD)


def leaves(menu: Menu, partial: tuple[int, ...] = ()):
    """Every complete sequence of legal sub-choices from ``partial``, with the action it names."""
    for index in menu.options(partial):
        seq = partial + (index,)
        action = menu.action(seq)
        if action is None:
            assert menu.options(seq), f"a dead end after {[TABLE.label(i) for i in seq]}"
            yield from leaves(menu, seq)
        else:
            assert menu.options(seq) == (), "a complete sequence offers no further sub-choice"
            yield seq, action


def test_layout_counts_every_kind_of_sub_choice():
    # pass, done, a call per card, an invoke per (card, payment), a target per token, 9 spaces x 4
    # rotations, a give per card; payments are the stick types with a naga face (R1.3) and "charm"
    payments = [t.name for t in STANDARD.stick_types if "N" in t.faces] + ["charm"]
    assert payments == ["brown", "teal", "charm"]
    cards = len(STANDARD.cards)
    assert TABLE.size == 2 + cards + cards * len(payments) + len(TABLE.tokens) + 36 + cards
    assert Counter(TABLE.kind(i) for i in range(TABLE.size)) == {
        "pass": 1, "done": 1, "call": 48, "invoke": 144, "target": len(TABLE.tokens), "place": 36, "give": 48}


def test_labels_and_indices_round_trip():
    assert len(set(TABLE.labels)) == TABLE.size
    for i in range(TABLE.size):
        assert TABLE.index_of(TABLE.label(i)) == i
    assert TABLE.label(PASS) == "pass" and TABLE.label(DONE) == "done"
    assert TABLE.card_of(TABLE.invoke_index("07b", "teal")) == "07b"
    assert TABLE.pay_of(TABLE.invoke_index("07b", "charm")) == "charm"
    with pytest.raises(ValueError, match="outside"):
        TABLE.label(TABLE.size)
    with pytest.raises(ValueError, match="not a sub-choice"):
        TABLE.index_of("call 99z")


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("detached", [False, True], ids=["attached", "detached"])
def test_every_legal_action_has_exactly_one_sequence(seed: int, detached: bool):
    seen_lengths: Counter[int] = Counter()
    for state in positions(seed, games=2):
        legal = state.legal_actions()
        menu = Menu(TABLE, legal.detached() if detached else legal)
        found = list(leaves(menu))
        actions = [a for _, a in found]
        assert len(actions) == len(set(actions)), "two sequences name one action"
        assert set(actions) == set(legal), "the sequences name exactly the legal actions"
        for seq, action in found:
            assert action in legal
            assert menu.sequence(action) == seq
            seen_lengths[len(seq)] += 1
    assert seen_lengths[1] and seen_lengths[3], "single-index decisions and invokes with two targets occur"


def calling_state(hand: tuple[str, ...]):
    """The first Call of Fate, with the caller's hand replaced (only the caller's options matter here)."""
    state, _ = new_game(chance=Chance(random.Random(0)))
    return state._replace(hands=(hand, state.hands[1]) if state.to_move == 0 else (state.hands[0], hand))


def test_a_call_adds_cards_in_order_and_needs_done_only_when_it_could_go_on():
    # 01a and 05a show 2 brown (R1.4), 01b shows 1 violet: a call is a subset of one stick type (R4.1)
    state = calling_state(("01a", "01b", "05a"))
    menu = Menu(TABLE, state.legal_actions())
    first = [TABLE.label(i) for i in menu.options()]
    assert first == ["call 01a", "call 01b", "call 05a"]
    after_01a = [TABLE.label(i) for i in menu.options((TABLE.call_index("01a"),))]
    assert after_01a == ["done", "call 05a"]
    assert menu.action((TABLE.call_index("01a"), DONE)) == Call(("01a",))
    assert menu.action((TABLE.call_index("01a"), TABLE.call_index("05a"))) == Call(("01a", "05a"))
    assert menu.action((TABLE.call_index("01b"),)) == Call(("01b",)), "nothing can follow: no done needed"
    assert menu.sequence(Call(("05a", "01a"))) == (TABLE.call_index("01a"), TABLE.call_index("05a"))


def test_an_illegal_sub_choice_is_refused_with_the_rule():
    state = calling_state(("01a", "01b", "05a"))
    menu = Menu(TABLE, state.legal_actions())
    with pytest.raises(IllegalActionError, match=r"call 01b.*\(R4\.1\)"):
        menu.advance((TABLE.call_index("01a"),), TABLE.call_index("01b"))  # another stick type
    with pytest.raises(IllegalActionError, match=r"\(R4\.1\)"):
        menu.advance((), PASS)
    with pytest.raises(IllegalActionError, match="not a legal decision"):
        menu.sequence(Call(("02a",)))


def test_third_eye_on_one_relic_ends_with_done():
    # E06 takes one or two face-down relics (R5): aimed at one, the target could go on
    for state in positions(11, games=8):
        legal = state.legal_actions()
        heads = [h for h in legal.invoke_heads() if STANDARD.card_effect[h[0]] == "E06"]
        if heads:
            break
    else:
        pytest.fail("no position with a Third Eye to invoke")
    card, pay = heads[0]
    menu = Menu(TABLE, legal)
    single = Invoke(card, pay, legal.targets(card, pay)[0])
    assert len(single.target) == 1
    seq = menu.sequence(single)
    assert seq[-1] == DONE and len(seq) == 3
    assert DONE in menu.options(seq[:2]) and len(menu.options(seq[:2])) > 1
    assert menu.action(seq[:1]) is None


def test_pass_is_one_index_and_over_has_no_options():
    for state in positions(3):
        if state.phase == "confront":
            assert Menu(TABLE, state.legal_actions()).action((PASS,)) == Pass()
            break
    over = LegalView(state._replace(outcome=Outcome(0, "full_temple", "R7.2", (0, 0))))
    assert Menu(TABLE, over).options() == ()
