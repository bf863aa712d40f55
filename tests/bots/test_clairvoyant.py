"""ClairvoyantBot: the search on the true state, for the arena only — the league and the widget refuse it."""

from __future__ import annotations

import functools

import pytest
from worlds import random_states

from naga_widget.arena.registry import resolve
from naga_widget.bots import ClairvoyantBot, GreedyBot, ISMCTSBot, RandomBot, sees_the_truth

POSITIONS = [s for k, s in enumerate(random_states(range(2), decisions_only=True)) if k % 9 == 0][:6]


def test_it_searches_the_true_state_and_refuses_a_player_s_view() -> None:
    for state in POSITIONS:
        legal = state.legal_actions().detached()
        truth = ClairvoyantBot(iterations=30, seed=1).decide(state.observe("truth"), legal)
        # with the truth there is nothing to guess: the honest search given the truth decides the same
        assert truth == ISMCTSBot(iterations=30, seed=1).decide(state.observe("truth"), legal)
        assert truth.action in state.legal_actions() and truth.explanation.beliefs.cards == {}
        with pytest.raises(ValueError, match="truth"):
            ClairvoyantBot(iterations=30, seed=1).act(state.observe(state.to_move), legal)


def test_the_registry_names_it_as_clairvoyant_and_marks_it() -> None:
    factory = resolve("clairvoyant-ismcts(iterations=5)")
    assert sees_the_truth(factory) and sees_the_truth(ClairvoyantBot) and sees_the_truth(factory(seed=1))
    assert not any(sees_the_truth(b) for b in (ISMCTSBot, GreedyBot(), RandomBot, functools.partial(ISMCTSBot)))
