"""The leak searches' helper (``tests/hidden_facts.py``) names what each viewer must not know, at one
step and over a whole line of a match of several lines."""

from __future__ import annotations

from hidden_facts import fork_with_an_invoke, forked_match, hidden_ids, leaked, never_seen, secret_cards

from naga_widget import Match


def test_each_viewer_is_kept_from_the_other_hand_the_deck_and_the_amulets_but_not_from_its_own_hand() -> None:
    state = Match(seed=4).state
    for p in (0, 1):
        hidden = hidden_ids(state, p)
        assert set(state.hands[1 - p]) <= hidden and not set(state.hands[p]) & hidden
        assert set(state.deck) <= hidden and set(state.amulets[1 - p]) <= hidden
        assert secret_cards(state, p) == set(state.hands[p]) - state.shown[p]
    spectator = hidden_ids(state, "spectator")
    assert set(state.hands[0]) | set(state.hands[1]) <= spectator
    assert hidden_ids(state, "truth") == set()


def test_what_another_line_showed_is_never_seen_on_a_line_that_keeps_it_hidden() -> None:
    match, invoke = fork_with_an_invoke(2)
    assert match.branch == 0 and len(match.branches()) == 2
    assert invoke.card in match.state.hands[1] and invoke.card in never_seen(match, "spectator")
    assert invoke.card not in never_seen(match, 1)  # silver holds it
    match.switch(1)
    assert invoke.card not in never_seen(match, "spectator")  # invoked on this line: public (R4.2.2)
    assert never_seen(match, "truth") == set()


def test_a_forked_match_has_lines_that_see_different_things() -> None:
    match = forked_match(3)
    lines = match.branches()
    assert len(lines) == 4
    unseen = []
    for line in lines:
        match.switch(line.index)
        unseen.append(frozenset(never_seen(match, "spectator")))
    assert len(set(unseen)) == len(lines)  # each line keeps its own things hidden


def test_the_search_finds_an_id_as_a_json_text_or_as_a_word_only() -> None:
    assert leaked({"02c", "A04"}, '{"last_action": "silver: invoke 02c teal"}') == ["02c"]
    assert leaked({"02c"}, '["02c"]') == ["02c"] and leaked({"02c"}, "102c 02cd") == []
