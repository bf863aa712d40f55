"""ISMCTSBot: a search within its budget, that finds the win, avoids the loss and keys the tree by what it sees."""

from __future__ import annotations

import random
import time
from itertools import combinations

import pytest
from worlds import RS, placements_ending_the_game, random_states

from naga_widget.bots import FITTED, ClairvoyantBot, ISMCTSBot
from naga_widget.bots.determinize import Determinizer
from naga_widget.bots.greedy import call_score
from naga_widget.bots.heuristics import evaluate, win_chance
from naga_widget.bots.ismcts import PRIOR_WORLDS, WORLDS, _Edge, _greedy_call, _legal, safe_actions, seen_as
from naga_widget.rules import Call, Chance, State
from naga_widget.rules.draft import Draft
from naga_widget.rules.legal import check
from naga_widget.rules.observe import Observation

WINS = placements_ending_the_game(range(300), "target_score")
LOSSES = placements_ending_the_game(range(300), "three_cursed")
POSITIONS = [s for k, s in enumerate(random_states(range(2), decisions_only=True)) if k % 7 == 0]


def decide(bot: ISMCTSBot, state: State):  # type: ignore[no-untyped-def]
    return bot.decide(state.observe(state.to_move), state.legal_actions().detached())


@pytest.mark.parametrize("case", range(len(WINS)))
def test_it_takes_a_placement_that_wins_at_once(case: int) -> None:  # R7.1.2
    state, winning, _ = WINS[case]
    assert str(decide(ISMCTSBot(iterations=60, seed=case), state).action) in winning


@pytest.mark.parametrize("case", range(len(LOSSES)))
def test_it_avoids_a_placement_that_loses_at_once(case: int) -> None:  # R7.1.1
    state, _, safe = LOSSES[case]
    assert str(decide(ISMCTSBot(iterations=60, seed=case), state).action) in safe


@pytest.mark.parametrize("steps", [None, 0, 4])
def test_every_simulation_is_counted_once_and_the_answer_is_legal(steps: int | None) -> None:
    for state in POSITIONS[:6]:
        bot = ISMCTSBot(iterations=40, seed=1, playout_steps=steps)
        decision = decide(bot, state)
        assert decision.action in state.legal_actions()
        candidates = decision.explanation.candidates
        assert bot.last_iterations == 40 and sum(c.visits for c in candidates) <= 40
        if len(state.legal_actions()) <= 20:  # every candidate listed: the root visits add up
            assert sum(c.visits for c in candidates) == 40
        assert [c.visits for c in candidates] == sorted((c.visits for c in candidates), reverse=True)
        assert candidates[0].action == str(decision.action)
        assert all(0.0 <= c.value <= 1.0 for c in candidates)


def test_a_time_budget_stops_the_search() -> None:
    bot = ISMCTSBot(seconds=0.02, seed=1)
    assert decide(bot, POSITIONS[3]).action in POSITIONS[3].legal_actions() and bot.last_iterations >= 1


@pytest.mark.parametrize("kwargs", [{}, {"worlds": 16}, {"prior_worlds": 4, "prior_visits": {"place": 60}},
                                    {"choose_by": "mean"}, {"cut_at_placement": True, "paths": True}])
def test_the_same_seed_gives_the_same_decision(kwargs: dict[str, object]) -> None:
    for state in POSITIONS[3:7]:  # 80 simulations: with worlds=16 the later ones reuse the worlds drawn
        first = decide(ISMCTSBot(iterations=80, seed=4, **kwargs), state)  # type: ignore[arg-type]
        assert first == decide(ISMCTSBot(iterations=80, seed=4, **kwargs), state)  # type: ignore[arg-type]


def test_chosen_by_mean_the_answer_is_the_root_action_of_best_mean() -> None:
    positions = [s for s in POSITIONS if len(s.legal_actions()) <= 20][:6]  # every candidate listed
    assert len(positions) == 6
    for state in positions:
        by_mean = decide(ISMCTSBot(iterations=40, seed=2, choose_by="mean"), state).explanation.candidates
        by_visits = decide(ISMCTSBot(iterations=40, seed=2), state).explanation.candidates
        assert set(by_mean) == set(by_visits)  # the same search, only the answer read otherwise
        assert by_mean[0].value == max(c.value for c in by_visits)


def test_a_single_legal_action_is_played_without_search() -> None:
    state = next(s for s in random_states(range(3)) if not s.is_over and len(s.legal_actions()) == 1)
    bot = ISMCTSBot(iterations=500, seed=1)
    assert decide(bot, state).action == next(iter(state.legal_actions())) and bot.last_iterations == 0


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"iterations": 0}, "iterations"), ({"seconds": 0}, "seconds"), ({"prior_worlds": 0}, "prior_worlds"),
    ({"prior_visits": {"place": 0}}, "prior_visits"), ({"prior_visits": {"placing": 30}}, "prior_visits"),
    ({"choose_by": "value"}, "choose_by"), ({"greedy_steps": ["placing"]}, "greedy_steps"),
    ({"greedy_steps": "placing"}, "greedy_steps"), ({"priors": "learned"}, "priors"),
    ({"sure_lead": 0.3}, "sure_lead"), ({"sure_lead": True}, "sure_lead"), ({"sharpen": 0.5}, "sharpen"),
    ({"sharpen": float("nan")}, "sharpen"), ({"safe_lead": 0.3}, "safe_lead"), ({"safe_lead": "high"}, "safe_lead")])
def test_a_bad_budget_is_refused(kwargs: dict[str, float], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        ISMCTSBot(**kwargs)  # type: ignore[arg-type]


def test_the_guide_s_face_down_call_is_keyed_by_its_size_only() -> None:  # R4.1
    calling = [s for s in random_states(range(4)) if s.phase == "call" and not s.is_over]
    opponent_guide = next(s for s in calling if s.calls[s.guide] is None)
    root = 1 - opponent_guide.guide  # the root player waits for the guide's call, then calls blind
    keys = {seen_as(opponent_guide, root, a) for a in opponent_guide.legal_actions()}
    sizes = {len(a.cards) for a in opponent_guide.legal_actions() if isinstance(a, Call)}
    assert keys == {f"call {n} card(s)" for n in sizes}
    # the root player's own calls, and the second call (revealed at once, R4.2.1), keep their text
    assert {seen_as(opponent_guide, opponent_guide.guide, a) for a in opponent_guide.legal_actions()} == \
        {str(a) for a in opponent_guide.legal_actions()}
    second = next(s for s in calling if s.to_move != s.guide)
    assert {seen_as(second, second.guide, a) for a in second.legal_actions()} == \
        {str(a) for a in second.legal_actions()}


def test_a_timed_search_stops_once_no_other_action_can_catch_up() -> None:
    order = [_Edge(Call(("01a",)), "a"), _Edge(Call(("01b",)), "b"), _Edge(Call(("01c",)), "c")]
    for edge, visits in zip(order, (10, 50, 5)):
        edge.visits = visits
    bot = ISMCTSBot(seconds=1.0)
    now = time.perf_counter()
    # 65 simulations in the last second: about 8 more fit in 0.1 s, fewer than the lead of 40
    assert bot._settled(order, 65, now - 1.0, now + 0.1)
    # but about 80 more fit in a second: the second best could still catch up
    assert not bot._settled(order, 65, now - 1.0, now + 1.0)


def test_a_decided_search_ends_before_its_deadline_with_the_answer() -> None:
    state, winning, _ = WINS[0]
    bot = ISMCTSBot(seconds=1.0, seed=3)
    decision = decide(bot, state)
    assert str(decision.action) in winning and bot.stopped_early
    assert "stopped before the time was up" in decision.explanation.summary
    # an iteration budget is never cut short: its count is part of what a seed reproduces
    bot = ISMCTSBot(iterations=200, seed=3)
    decide(bot, state)
    assert bot.last_iterations == 200 and not bot.stopped_early


def test_the_tree_offers_exactly_the_actions_the_engine_accepts_in_each_world() -> None:  # R8
    # a node's edges were tried in other worlds: the quick look (a card not held, a payment not had, a
    # space that takes no tile, a card not drawn) must agree with the engine's check on every one
    states = [s for s in random_states(range(3)) if not s.is_over]
    actions = {str(a): a for s in states[::4] for a in s.legal_actions()}
    edges = [_Edge(a, key) for key, a in sorted(actions.items())]
    kinds = set()
    for state in states:
        found, spelled = _legal(Draft(state), edges)
        wanted = [e for e in edges if state.is_legal(e.action)]
        assert found == wanted
        for edge in found:
            assert (spelled or {}).get(id(edge), edge.action) == check(state, edge.action)
        kinds.update((str(state.phase), e.action.kind) for e in found)
    assert {"call", "confront", "place", "give"} <= {phase for phase, _ in kinds}
    assert ("confront", "invoke") in kinds


def test_a_search_draws_its_worlds_afresh_up_to_its_pool_and_then_reuses_them() -> None:
    state = POSITIONS[2]
    assert WORLDS is None  # the default: a world drawn afresh for every simulation
    for worlds, drawn in ((None, 120), (40, 40), (256, 120), (WORLDS, 120)):
        bot = ISMCTSBot(iterations=120, seed=2, worlds=worlds, playout_steps=0)
        assert decide(bot, state).explanation.beliefs.samples == drawn  # one tally per world drawn
    assert decide(ISMCTSBot(iterations=80, seed=3, worlds=None), state) == \
        decide(ISMCTSBot(iterations=80, seed=3, worlds=None), state)
    for bad in (0, -1, 2.5, True):
        with pytest.raises(ValueError, match="worlds"):
            ISMCTSBot(worlds=bad)  # type: ignore[arg-type]


def test_greedy_playouts_call_with_the_best_call_score_and_keep_the_search_legal() -> None:  # R4.1
    rng = random.Random(1)
    cards = [c.id for c in RS.cards]
    for _ in range(100):
        hand = tuple(sorted(rng.sample(cards, rng.randint(1, 6))))
        calls = [c for n in range(1, len(hand) + 1) for c in combinations(hand, n)
                 if len({RS.card(k).stick for k in c}) == 1]
        assert call_score(RS, _greedy_call(RS, hand).cards) == pytest.approx(max(call_score(RS, c) for c in calls))
    for state in POSITIONS[:3]:
        bot = ISMCTSBot(iterations=40, seed=1, greedy_playouts=True, playout_steps=None)
        assert decide(bot, state).action in state.legal_actions() and "greedy_playouts=True" in repr(bot)


def test_greedy_steps_take_greedybot_s_best_without_a_search() -> None:
    placing = [s for s in random_states(range(6), decisions_only=True) if s.phase == "place"
               and len(s.legal_actions()) > 1][:4]
    calling = [s for s in POSITIONS if s.phase == "call" and len(s.legal_actions()) > 1][:2]
    assert len(placing) == 4 and calling
    for state in placing:
        bot = ISMCTSBot(iterations=200, seed=5, greedy_steps=["place"])
        decision = decide(bot, state)
        assert bot.last_iterations == 0 and "greedy_steps=['place']" in repr(bot)
        values = [c.value for c in decision.explanation.candidates]
        assert decision.action in state.legal_actions() and values[0] == max(values)  # the best prior
        assert "not searched (greedy_steps)" in decision.explanation.summary
    for state in calling:  # the other steps are searched as before
        bot = ISMCTSBot(iterations=50, seed=5, greedy_steps=["place"])
        assert decide(bot, state) == decide(ISMCTSBot(iterations=50, seed=5), state) and bot.last_iterations == 50


def test_priors_from_the_evaluation_judge_each_invoke_and_placement_one_step_ahead() -> None:
    placing = [s for s in random_states(range(6), decisions_only=True) if s.phase == "place"
               and len(s.legal_actions()) > 1][:3]
    calling = [s for s in POSITIONS if s.phase == "call" and len(s.legal_actions()) > 1][:2]
    assert len(placing) == 3 and calling
    seen: list[Observation] = []

    def judge(observation: Observation) -> float:  # a made-up evaluation that counts its calls
        seen.append(observation)
        return 0.25 + 0.5 * (len(seen) % 2)

    for state in placing:  # with the priors alone (no search), the answer is the best one-step judgement
        seen.clear()
        bot = ISMCTSBot(iterations=50, seed=5, greedy_steps=["place"], priors="evaluation", evaluation=judge)
        decision = decide(bot, state)
        legal = len(state.legal_actions())
        assert len(seen) == legal * PRIOR_WORLDS and "priors='evaluation'" in repr(bot)
        assert all(o["viewer"] == state.to_move for o in seen)  # judged from the searching player's side
        values = [c.value for c in decision.explanation.candidates]
        assert values[0] == max(values) and all(0.25 <= v <= 0.75 for v in values)
        seen.clear()
        decide(ISMCTSBot(iterations=50, seed=5, greedy_steps=["place"], evaluation=judge), state)
        assert not seen  # GreedyBot's priors do not ask the evaluation
    for state in calling:  # calls and gives keep GreedyBot's rules of thumb
        seen.clear()
        decide(ISMCTSBot(iterations=20, seed=5, greedy_steps=["call"], priors="evaluation", evaluation=judge), state)
        assert not seen
    for state in POSITIONS[:4]:  # a whole search with them answers legally, with FITTED's fast path too
        assert decide(ISMCTSBot(iterations=40, seed=1, priors="evaluation"), state).action in state.legal_actions()


def test_a_playout_cut_at_a_placement_is_judged_before_it() -> None:
    placing = next(s for s in random_states(range(6), decisions_only=True) if s.phase == "place")
    for evaluation, expected in ((None, win_chance(evaluate(placing, placing.to_move))),
                                 (FITTED, FITTED(placing.observe(placing.to_move)))):
        bot = ISMCTSBot(iterations=1, seed=1, cut_at_placement=True, playout_steps=None, evaluation=evaluation)
        d = Draft(placing)
        assert bot._playout(d, placing.to_move, Chance(random.Random(1), record=False)) == pytest.approx(expected)
        assert d.phase == "place" and "cut_at_placement=True" in repr(bot)
    for state in POSITIONS[:4]:  # the playouts of a whole search stop at placements and the answer stays legal
        assert decide(ISMCTSBot(iterations=40, seed=1, cut_at_placement=True), state).action in state.legal_actions()


def test_in_a_sure_lead_the_playouts_are_judged_sharper_and_shown_on_the_evaluation_s_scale() -> None:
    placing = next(s for s in random_states(range(6), decisions_only=True) if s.phase == "place"
                   and len(s.legal_actions()) > 1)
    me = placing.to_move

    def constant(chance: float):  # type: ignore[no-untyped-def]
        return lambda observation: chance  # a made-up evaluation: every position alike

    sharp = 1.0 / (1.0 + (0.1 / 0.9) ** 1.5)  # 0.9's log-odds times SHARPEN
    sure = {"sure_lead": 0.85}  # off by default
    for evaluation, kwargs, expected in ((constant(0.9), sure, sharp), (constant(0.84), sure, 0.84),
                                         (constant(0.9), {}, 0.9), (constant(0.9), {"sure_lead": 0.95}, 0.9),
                                         (constant(0.9), {**sure, "sharpen": 3.0}, 1.0 / (1.0 + (0.1 / 0.9) ** 3))):
        bot = ISMCTSBot(iterations=30, seed=2, playout_steps=0, evaluation=evaluation, **kwargs)  # type: ignore[arg-type]
        decision = decide(bot, placing)
        assert bot.sharpened == (expected != pytest.approx(0.9) and expected != 0.84)
        assert bot._judge(placing, me) == pytest.approx(expected)
        assert ("sure lead" in decision.explanation.summary) == bot.sharpened
        for chance in (0.02, 0.5, 0.97):  # what a decision shows is turned back to the evaluation's scale
            assert bot._unsharpened(1.0 / (1.0 + ((1 - chance) / chance) ** bot._k)) == pytest.approx(chance)
        assert bot._unsharpened(1.0) == 1.0 and bot._unsharpened(0.0) == 0.0
    assert "sure_lead=0.85" in repr(ISMCTSBot(**sure))  # type: ignore[arg-type]
    assert "sure_lead" not in repr(ISMCTSBot()) and "sharpen" not in repr(ISMCTSBot())
    for kwargs in ({"evaluation": None},  # the hand-written evaluation judges worlds: no lead
                   {"evaluation": constant(0.9), "playout_steps": None}):  # playouts to the end: no judge
        bot = ISMCTSBot(iterations=30, seed=2, **sure, **kwargs)  # type: ignore[arg-type]
        decide(bot, placing)
        assert not bot.sharpened


def test_the_clairvoyant_search_judges_its_lead_on_the_true_state_each_decision_afresh() -> None:
    placing = next(s for s in random_states(range(6), decisions_only=True) if s.phase == "place"
                   and len(s.legal_actions()) > 1)
    judged = {"chance": 0.9}
    bot = ClairvoyantBot(iterations=20, seed=3, playout_steps=0, evaluation=lambda o: judged["chance"], sure_lead=0.85)
    bot.decide(placing.observe("truth"), placing.legal_actions().detached())
    assert bot.sharpened
    judged["chance"] = 0.84  # below the sure lead: the last decision's sharpening does not lift it over
    bot.decide(placing.observe("truth"), placing.legal_actions().detached())
    assert not bot.sharpened


def _constant(chance: float):  # type: ignore[no-untyped-def]
    return lambda observation: chance  # a made-up evaluation: every position alike


@pytest.mark.parametrize("case", range(len(LOSSES)))
def test_a_safe_lead_leaves_out_the_placements_that_lose_at_once(case: int) -> None:  # R7.1.1
    state, losing, _ = LOSSES[case]  # the placer knows its relics: these placements lose in every world
    me, legal = state.to_move, state.legal_actions().detached()
    kept = {str(a) for a in safe_actions(Determinizer(state.observe(me)), list(legal), me, random.Random(case))}
    assert kept and not kept & losing
    for action in legal:  # whatever else is left out ends the game against the placer too
        if str(action) not in kept:
            after = state.apply(action, Chance(random.Random(0)))
            assert after.outcome is not None and after.outcome.winner != me
    for chance, lead in ((0.9, 0.85), (0.8, 0.85), (0.9, None)):
        bot = ISMCTSBot(iterations=40, seed=case, evaluation=_constant(chance), safe_lead=lead)
        decision = decide(bot, state)
        assert str(decision.action) not in losing
        in_lead = lead is not None and chance >= lead
        assert (bot.left_out >= len(losing)) == in_lead and (bot.left_out == 0) == (not in_lead)
        assert ("safe lead" in decision.explanation.summary) == in_lead
        assert not {c.action for c in decision.explanation.candidates} & losing or not in_lead
    assert "safe_lead=None" in repr(ISMCTSBot(safe_lead=None)) and "safe_lead" not in repr(ISMCTSBot(safe_lead=0.85))


def test_a_safe_lead_that_leaves_nothing_out_changes_nothing_in_the_search() -> None:
    alike = 0
    for state in [s for s in POSITIONS if s.phase in ("confront", "place")][:8]:
        safe = ISMCTSBot(iterations=40, seed=5, evaluation=_constant(0.9), safe_lead=0.85)
        plain = ISMCTSBot(iterations=40, seed=5, evaluation=_constant(0.9), safe_lead=None)
        first, second = decide(safe, state), decide(plain, state)
        if safe.left_out == 0:  # its own random numbers: the same search, simulation for simulation
            assert first.explanation.candidates == second.explanation.candidates
            alike += 1
    assert alike >= 4


def test_a_safe_lead_keeps_every_action_when_none_is_safe() -> None:
    state, losing, _ = LOSSES[0]
    me = state.to_move
    only_losing = [a for a in state.legal_actions() if str(a) in losing]
    assert safe_actions(Determinizer(state.observe(me)), only_losing, me, random.Random(1)) == only_losing


def test_a_safe_lead_draws_no_world_when_no_action_can_change_a_temple() -> None:
    calling = next(s for s in POSITIONS if s.phase == "call")

    class NoWorlds:  # a sampler that must not be asked
        ruleset = calling.ruleset

        def sample(self, rng: random.Random) -> State:
            raise AssertionError("a world was drawn for actions that change no temple")

    calls = list(calling.legal_actions())
    assert safe_actions(NoWorlds(), calls, calling.to_move, random.Random(0)) == calls
