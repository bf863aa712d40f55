"""The leak searches' helper (``tests/hidden_facts.py``) names what each viewer must not know."""

from __future__ import annotations

from hidden_facts import hidden_ids, secret_cards

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
