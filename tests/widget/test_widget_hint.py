"""The hint (the search bot's advice from the deciding player's own observation, R6) and the bot
opponent's reasons, shown only where the view may know them: the teacher, the bot's own seat, or
once the game is over (R7)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from widget_helpers import message, send, synced_text

from naga_widget import NagaWidget, RandomBot
from naga_widget.bots import Decision, GreedyBot, ISMCTSBot
from naga_widget.rules import TEMPLE_NAMES, Action, LegalActions


def gold_to_move(perspective: int | str = 0, seed: int = 3) -> NagaWidget:
    """A widget whose cursor is at a decision of gold (player 0), silver played by GreedyBot."""
    w = NagaWidget(seed=seed, perspective=perspective, opponent=GreedyBot(seed=1), bot_delay=0)
    assert w.state.to_move == 0 and not w.state.is_over
    return w


def test_a_hint_from_the_browser_ranks_legal_actions_and_guesses_only_the_opponents_secrets() -> None:
    w = gold_to_move()
    legal = w.state.legal_actions()
    send(w, type="hint", iterations=60)
    assert message(w) == ""
    hint = w.explain["hint"]
    assert (hint["player"], hint["name"], hint["step"], hint["iterations"]) == (0, "gold", w.step, 60)
    actions = [c["action"] for c in hint["candidates"]]
    assert actions and all(Action.coerce(a) in legal for a in actions)
    assert hint["action"] == actions[0]
    visits = [c["visits"] for c in hint["candidates"]]
    assert visits == sorted(visits, reverse=True) and sum(visits) <= 60
    assert all(0.0 <= c["value"] <= 1.0 for c in hint["candidates"])
    # gold knows its own hand: the guesses are about silver's cards only, each card a probability
    cards = hint["beliefs"]["cards"]
    assert set(cards) == {"silver"}
    assert not set(cards["silver"]) & set(w.state.hands[0])
    assert all(0.0 < p <= 1.0 for p in cards["silver"].values())
    assert all(0.0 <= p <= 1.0 for p in hint["beliefs"]["cursed"].values())
    tokens = {h["token"] for h in hint["highlights"]}
    assert all(t.split(":")[0] in TEMPLE_NAMES for t in tokens)


@pytest.mark.parametrize("iterations", [0, -5, 20_001, "200", 2.5, True, None, [200]])
def test_a_hint_budget_must_be_an_integer_from_1_to_20000(iterations: Any) -> None:
    w = gold_to_move()
    step = w.step
    send(w, type="hint", iterations=iterations)
    assert "iterations" in message(w)
    assert "hint" not in w.explain and w.step == step


def test_a_hint_without_a_budget_is_refused() -> None:
    w = gold_to_move()
    send(w, type="hint")
    assert "needs an integer 'iterations'" in message(w)


@pytest.mark.parametrize("perspective", ["spectator", 0])
def test_a_view_that_does_not_decide_here_gets_no_hint(perspective: int | str) -> None:
    w = NagaWidget(seed=3, perspective=perspective)
    assert w.state.to_move == 1
    send(w, type="hint", iterations=20)
    assert "no decision for this view" in message(w)
    assert w.explain == {}


def test_no_hint_once_the_game_is_over() -> None:
    w = NagaWidget(seed=4, perspective="teacher")
    rng = random.Random(2)
    while not w.state.is_over:
        w.play(w.state.legal_actions().sample(rng))
    send(w, type="hint", iterations=20)
    assert "no decision for this view" in message(w)


@pytest.mark.parametrize("perspective", [0, "teacher"])
def test_the_hint_searches_from_the_deciding_players_own_observation(
        perspective: int | str, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[tuple[dict[str, Any], LegalActions]] = []
    real = ISMCTSBot.decide

    def spy(self: ISMCTSBot, observation: dict[str, Any], legal: LegalActions) -> Decision:
        seen.append((json.loads(json.dumps(observation)), legal))
        return real(self, observation, legal)

    w = gold_to_move(perspective)
    monkeypatch.setattr(ISMCTSBot, "decide", spy)
    send(w, type="hint", iterations=20)
    assert message(w) == "" and len(seen) == 1
    observation, legal = seen[0]
    state = w.state
    assert observation == json.loads(json.dumps(state.observe(0)))
    assert observation != json.loads(json.dumps(state.observe("truth")))
    assert legal.player == 0 and set(map(str, legal)) == set(map(str, state.legal_actions()))


def test_the_hint_is_gone_once_the_step_changes_and_does_not_come_back() -> None:
    w = gold_to_move()
    step = w.step
    send(w, type="hint", iterations=30)
    assert "hint" in w.explain
    send(w, type="play", action=w.explain["hint"]["action"])
    assert message(w) == "" and w.step > step
    assert "hint" not in w.explain
    send(w, type="goto", to=step)
    assert w.step == step and "hint" not in w.explain


def test_a_new_game_drops_the_hint() -> None:
    w = gold_to_move("teacher")
    send(w, type="hint", iterations=20)
    assert "hint" in w.explain
    w.new_game(seed=3)
    assert w.explain.get("hint") is None


class Explaining:
    """GreedyBot with its reasons recorded, to look for them in the synced traits."""

    def __init__(self) -> None:
        self.inner = GreedyBot(seed=5)
        self.decisions: list[Decision] = []

    def act(self, observation: dict[str, Any], legal: LegalActions) -> Any:
        return self.decide(observation, legal).action

    def decide(self, observation: dict[str, Any], legal: LegalActions) -> Decision:
        decision = self.inner.decide(observation, legal)
        self.decisions.append(decision)
        return decision


def bot_reasons_in(w: NagaWidget, decision: Decision) -> bool:
    """Does any synced trait hold the bot's reasons (its summary, or its guesses as sent)?"""
    text = synced_text(w)
    return decision.explanation.summary in text or json.dumps(decision.explanation.beliefs.to_json()) in text


@pytest.mark.parametrize("perspective", [0, "spectator"])
def test_the_bots_reasons_never_reach_the_other_player_or_a_spectator_even_after_the_game(
        perspective: int | str) -> None:
    bot = Explaining()
    w = NagaWidget(seed=8, perspective=perspective, opponent=bot, bot_delay=0)
    rng = random.Random(3)
    checked = 0
    while not w.state.is_over:
        if bot.decisions:
            assert "bot" not in w.explain
            assert not bot_reasons_in(w, bot.decisions[-1])
            checked += 1
        w.play(w.state.legal_actions().sample(rng))
    assert checked > 10
    # over: the end of the game reveals the amulets (R7), not the bot's hand, call or peeked relics, so
    # its reasons stay with its own seat and the teacher (docs/rules.md, "What a view shows after the game")
    last = bot.decisions[-1]
    assert "bot" not in w.explain and not bot_reasons_in(w, last)
    w.goto(w.match.last_step - 1)
    assert "bot" not in w.explain and not bot_reasons_in(w, last)


def test_the_teacher_sees_the_bots_reasons_at_once() -> None:
    bot = Explaining()
    w = NagaWidget(seed=8, perspective="teacher", opponent=bot, bot_delay=0)
    rng = random.Random(3)
    while not bot.decisions:
        w.play(w.state.legal_actions().sample(rng))
    shown = w.explain["bot"]
    decision = bot.decisions[-1]
    assert shown["summary"] == decision.explanation.summary
    assert shown["candidates"] == [c.to_json() for c in decision.explanation.candidates][:20]
    assert shown["beliefs"] == decision.explanation.beliefs.to_json()
    assert w.match.state_at(shown["step"]).to_move == 1  # made at the bot's decision


def test_the_bots_own_seat_sees_its_reasons() -> None:
    bot = Explaining()
    w = NagaWidget(seed=8, perspective=0, bot_delay=0)
    w.set_opponent(bot, seat=0)  # the view watches its own seat played by the bot; silver is played in code
    rng = random.Random(3)
    while not bot.decisions:
        w.play(w.state.legal_actions().sample(rng))
    assert w.explain["bot"]["summary"] == bot.decisions[-1].explanation.summary
    assert bot_reasons_in(w, bot.decisions[-1])
    while not w.state.is_over:
        w.play(w.state.legal_actions().sample(rng))
    assert w.explain["bot"]["summary"] == bot.decisions[-1].explanation.summary  # after the game too


def test_a_bot_with_only_act_gives_no_reasons() -> None:
    w = NagaWidget(seed=8, perspective="teacher", opponent=RandomBot(seed=1), bot_delay=0)
    rng = random.Random(3)
    while w.match.last_step < 12:
        w.play(w.state.legal_actions().sample(rng))
    assert any(w.match.state_at(k).to_move == 1 for k in range(12))
    assert w.explain == {}


def test_another_bot_drops_the_reasons_of_the_bot_before() -> None:
    bot = Explaining()
    w = NagaWidget(seed=8, perspective="teacher", opponent=bot, bot_delay=0)
    rng = random.Random(3)
    while not bot.decisions:
        w.play(w.state.legal_actions().sample(rng))
    assert "bot" in w.explain
    w.set_opponent(GreedyBot(seed=2))  # it has decide, but has not played yet
    assert "bot" not in w.explain


class BadDecision:
    def act(self, observation: Any, legal: Any) -> Any:
        raise AssertionError("decide is asked first")

    def decide(self, observation: Any, legal: Any) -> Any:
        return "pass"


def test_a_decide_that_returns_no_decision_stops_the_bot() -> None:
    w = NagaWidget(seed=3, perspective="teacher", opponent=BadDecision(), bot_delay=0)
    rng = random.Random(1)
    while w.status["bot_stopped"] is None:
        w.play(w.state.legal_actions().sample(rng))
    assert "not a Decision" in message(w) and w.state.to_move == 1 and w.match.last_step == w.step
    assert "bot" not in w.explain


def test_a_hint_weighs_the_opponent_s_earlier_decisions_from_the_player_s_own_earlier_views() -> None:
    w = gold_to_move(seed=5)
    while w.state.round < 5 or w.state.to_move != 0 or len(w.state.legal_actions()) < 2:
        w.play(GreedyBot(seed=2).act(w.state.observe(0), w.state.legal_actions().detached()))
        assert not w.state.is_over
    state, match = w.state, w.match
    send(w, type="hint", iterations=40)
    assert message(w) == ""
    hint = w.explain["hint"]["beliefs"]["cards"]["silver"]
    seed = 5 * 10_007 + match.step
    views = [node.state.observe(0) for node in match.node.path()[:-1]]  # gold's own views, never silver's
    guesses = {}
    for history in (True, False):
        bot = ISMCTSBot(iterations=40, seed=seed, history=history)
        bot.follow(views)
        if history:
            assert bot.record is not None and bot.record.decisions >= 3
        decision = bot.decide(state.observe(0), state.legal_actions().detached())
        guesses[history] = decision.explanation.beliefs.to_json()["cards"]["silver"]
    assert hint == guesses[True] != guesses[False]
