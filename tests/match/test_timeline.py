"""The match timeline (naga_widget.match): play, undo, redo, goto, forks and branches, forced chance,
determinism, change observers, events, bots and the spellings of an action."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from match_helpers import SEED, build, other_action, to_second_call

from naga_widget import (
    ActionError,
    ActionFormatError,
    Bot,
    Call,
    ChanceError,
    IllegalActionError,
    Match,
    Pass,
    RandomBot,
    play_match,
)
from naga_widget.rules import Action, Chance


# -- a new match ----------------------------------------------------------------------------------
def test_new_match_starts_at_step_zero() -> None:
    m = Match(seed=SEED)
    assert (m.step, m.last_step, m.at_end, m.actions) == (0, 0, True, [])
    assert m.state.phase == "call" and m.state.round == 1 and not m.state.is_over
    assert m.current_player == m.state.to_move and m.outcome is None
    assert len(m.branches()) == 1 and m.branch == 0
    assert m.undo() is False and m.redo() is False and m.step == 0
    assert m.seed == SEED and m.ruleset.id == "standard"
    assert [e.rule for _, e in m.events()][:1] == ["R3.1"]


def test_the_seed_decides_the_setup() -> None:
    assert Match(seed=5).state == Match(seed=5).state
    assert Match(seed=5).state.digest() != Match(seed=6).state.digest()
    assert isinstance(Match().seed, int)


# -- play, undo, redo, goto -------------------------------------------------------------------------
def test_play_moves_forward_and_returns_the_events() -> None:
    m = Match(seed=SEED)
    start = m.state
    action = m.legal_actions().sample(random.Random(0))
    events = m.play(action)
    assert m.step == 1 and m.last_step == 1 and m.actions == [action]
    assert events and all(e.rule for e in events) and m.node.events == events
    assert m.state == start.apply(action, _chance_of(m))
    assert m.state_at(0) == start  # the earlier state is kept, untouched


def _chance_of(m: Match) -> Chance:
    return Chance(replay=m.node.outcomes)


def test_play_accepts_text_and_json_forms() -> None:
    a, b, c = Match(seed=SEED), Match(seed=SEED), Match(seed=SEED)
    action = next(iter(a.legal_actions()))
    a.play(action)
    b.play(str(action))
    c.play(action.to_json())
    assert a.state == b.state == c.state and a.actions == b.actions == c.actions == [action]


def test_undo_and_redo_walk_the_line() -> None:
    m = Match(seed=SEED)
    rng = random.Random(1)
    states = [m.state]
    for _ in range(8):
        m.play(m.legal_actions().sample(rng))
        states.append(m.state)
    for i in range(7, -1, -1):
        assert m.undo() is True
        assert m.step == i and m.state == states[i] and m.last_step == 8 and not m.at_end
    assert m.undo() is False and m.step == 0
    for i in range(1, 9):
        assert m.redo() is True and m.step == i and m.state == states[i]
    assert m.redo() is False and m.at_end and m.step == 8


def test_goto_positive_and_negative_steps() -> None:
    m = build(8)
    states = [m.state_at(i) for i in range(9)]
    m.goto(3)
    assert m.step == 3 and m.state == states[3]
    m.goto(0)
    assert m.step == 0 and m.state == states[0]
    m.goto(-1)  # negative steps count from the end of the line
    assert m.step == 8 and m.state == states[8]
    m.goto(-9)
    assert m.step == 0
    assert m.state_at(-2) == states[7]


@pytest.mark.parametrize("bad", [9, 100, -10, -100, True, 1.0, "3", None])
def test_goto_off_the_line_raises_index_error_and_changes_nothing(bad: Any) -> None:
    m = build(8)
    m.goto(4)
    calls: list[int] = []
    m.observe_changes(lambda match: calls.append(match.step))
    with pytest.raises(IndexError, match=r"not on this line \(0 to 8\)"):
        m.goto(bad)
    with pytest.raises(IndexError):
        m.state_at(bad)
    assert m.step == 4 and calls == []


def test_a_finished_game_accepts_no_action() -> None:
    m = Match(seed=SEED)
    play_match(m, [RandomBot(1), RandomBot(2)])
    assert m.state.is_over and len(m.legal_actions()) == 0
    with pytest.raises(IllegalActionError, match="over"):
        m.play(Pass())


# -- forks and branches -------------------------------------------------------------------------
def test_playing_at_a_past_step_forks_and_keeps_the_old_line() -> None:
    m = build(12)
    old_actions, old_tip = list(m.actions), m.state
    m.goto(5)
    new = other_action(m)
    m.play(new)
    assert m.step == 6 and m.last_step == 6 and m.at_end
    assert m.actions == old_actions[:5] + [new]
    branches = m.branches()
    assert len(branches) == 2 and m.branch == 1
    assert branches[1].fork_step == 5 and branches[1].length == 6 and branches[1].last_action == str(new)
    assert branches[0].length == 12 and branches[0].fork_step == 0
    m.switch(0)  # back to the old line: nothing was lost
    assert m.branch == 0 and m.actions == old_actions and m.state_at(-1) == old_tip
    assert m.step == 6 and m.state == m.state_at(6)  # the cursor keeps its step
    m.switch(1)
    assert m.actions[-1] == new


def test_playing_the_next_action_again_just_moves_forward() -> None:
    m = build(12)
    line = list(m.actions)
    tip = m.state
    m.goto(5)
    m.play(line[5])
    assert m.step == 6 and m.last_step == 12 and len(m.branches()) == 1
    m.play(str(line[6]))  # the text form too
    assert m.step == 7 and len(m.branches()) == 1
    m.goto(-1)
    assert m.actions == line and m.state == tip


def test_playing_an_action_of_another_branch_moves_onto_that_branch() -> None:
    m = build(12)
    line = list(m.actions)
    m.goto(5)
    m.play(other_action(m))
    assert m.branch == 1
    m.undo()
    m.play(line[5])
    assert m.branch == 0 and m.step == 6 and m.last_step == 12 and len(m.branches()) == 2


def test_play_with_fork_true_makes_a_new_branch_even_for_the_same_action() -> None:
    m = build(12)
    line = list(m.actions)
    m.goto(5)
    m.play(line[5], fork=True)
    assert len(m.branches()) == 2 and m.branch == 1
    assert m.step == 6 and m.last_step == 6 and m.actions == line[:6]
    m.switch(0)
    assert m.actions == line and m.last_step == 12


def test_switch_clamps_the_cursor_and_rejects_unknown_branches() -> None:
    m = build(12)
    m.goto(3)
    m.play(other_action(m))  # a short branch: 4 steps
    m.switch(0)
    m.goto(10)
    m.switch(1)
    assert m.step == 4 and m.at_end
    for bad in (2, -1, 99):
        with pytest.raises(IndexError, match="branch"):
            m.switch(bad)
    assert m.branch == 1 and m.step == 4


def test_branch_indices_stay_put_when_a_line_grows() -> None:
    m = build(6)
    m.goto(2)
    m.play(other_action(m))  # branch 1, started after branch 0
    assert [b.fork_step for b in m.branches()] == [0, 2]
    m.switch(0)
    m.goto(-1)
    m.play(m.legal_actions().sample(random.Random(3)))  # the first line grows
    assert m.branch == 0, "the first line changed its index"
    assert [b.fork_step for b in m.branches()] == [0, 2]


# -- illegal actions ------------------------------------------------------------------------------
@pytest.mark.parametrize("bad", ["place 4 rot0", "give 01a", "call 99z", "pass", "dance", "", {"type": "pass"},
                                 Pass()])
def test_an_illegal_action_changes_nothing(forked: Match, bad: Any) -> None:
    m = forked
    assert m.state.phase == "call"
    before = (m.step, m.last_step, m.branch, m.branches(), m.state, m.dumps())
    calls: list[int] = []
    m.observe_changes(lambda match: calls.append(match.step))
    with pytest.raises(ActionError) as info:
        m.play(bad)
    assert info.value.rule.startswith("R")
    assert (m.step, m.last_step, m.branch, m.branches(), m.state, m.dumps()) == before
    assert calls == []


def test_unreadable_action_text_is_an_action_format_error() -> None:
    m = Match(seed=SEED)
    with pytest.raises(ActionFormatError, match="cannot read"):
        m.play("dance")
    with pytest.raises(ActionFormatError):
        m.play("place x rot0")


def test_an_illegal_action_leaves_the_forced_queue_alone() -> None:
    m = Match(seed=SEED)
    to_second_call(m)
    m.force(throw=["1"] * 12)
    with pytest.raises(IllegalActionError):
        m.play("place 4 rot0")
    with pytest.raises(IllegalActionError):
        m.play(Call(("99z",)))
    m.play(m.legal_actions().sample(random.Random(0)))  # the call that makes both players throw
    throws = [value for kind, value in m.node.outcomes if kind == "throw"]
    assert throws and throws == ["1"] * len(throws)
    assert all(stick.endswith(":1") for p in (0, 1) for stick in m.state.sticks[p])


# -- forced chance ----------------------------------------------------------------------------------
def test_forced_setup_outcomes() -> None:
    relics = ("c6", "c6", "c6", "s3", "s3", "s4", "s4", "s5", "s5")
    m = Match(seed=SEED, forced={"relics": [relics], "room": ["R17"], "card": ["12d", "12c"]})
    assert m.state.temples[0].relics == relics
    assert m.state.offered[0] == "R17"
    assert "12d" in m.state.hands[0] and "12c" in m.state.hands[1]  # R3.4: dealt alternately, player 0 first
    assert m.node.outcomes[0] == ("relics", relics)


def test_force_scripts_the_next_chance_outcomes() -> None:
    m = Match(seed=SEED)
    to_second_call(m)
    room = m.state.rooms[-1]
    m.force(throw=["1"] * 40, room=[room])
    rng = random.Random(2)
    m.play(m.legal_actions().sample(rng))
    assert m.state.phase in ("confront", "place")
    assert {stick.split(":")[1] for p in (0, 1) for stick in m.state.sticks[p]} == {"1"}
    while m.state.phase != "call" and not m.state.is_over:
        m.play(m.legal_actions().sample(rng))
    if not m.state.is_over:
        assert m.state.offered[0] == room  # R4.4.3: the forced room is the next one offered
        assert ("room", room) in [o for n in m.line()[1:] for o in n.outcomes]


def test_forced_outcomes_count_even_when_the_action_was_played_before() -> None:
    m = Match(seed=SEED)
    to_second_call(m)
    action = m.legal_actions().sample(random.Random(0))
    m.play(action)
    first = [v for k, v in m.node.outcomes if k == "throw"]
    m.undo()
    m.force(throw=["1"] * 12)
    m.play(action)
    forced = [v for k, v in m.node.outcomes if k == "throw"]
    assert forced == ["1"] * len(first)
    if first != forced:
        assert len(m.branches()) == 2  # the old line is kept


def test_a_match_with_forced_outcomes_saves_and_loads() -> None:
    m = Match(seed=SEED, forced={"room": ["R01"]})
    to_second_call(m)
    m.force(throw=["1"] * 6)
    m.play(m.legal_actions().sample(random.Random(0)))
    text = m.dumps()
    loaded = Match.loads(text)
    assert loaded.state == m.state and loaded.dumps() == text
    assert loaded.state_at(0).offered[0] == "R01"


def test_force_rejects_unknown_kinds_and_impossible_outcomes() -> None:
    m = Match(seed=SEED)
    with pytest.raises(ValueError, match="unknown chance kind"):
        m.force(dice=["6"])
    to_second_call(m)
    m.force(throw=["7"])  # no stick has a face 7
    before = (m.step, m.last_step, m.state)
    with pytest.raises(ChanceError, match="impossible"):
        m.play(m.legal_actions().sample(random.Random(0)))
    assert (m.step, m.last_step, m.state) == before


def test_clear_forced_drops_the_queue_and_chance_follows_the_seed_again() -> None:
    plain, m = Match(seed=SEED), Match(seed=SEED)
    to_second_call(plain)
    to_second_call(m)
    m.force(throw=["1"] * 40, room=[m.state.rooms[0]], card=[m.state.deck[0]])
    assert m.clear_forced("card") == {"card": [plain.state.deck[0]]}
    assert m.forced_pending == {"throw": ["1"] * 40, "room": [plain.state.rooms[0]]}
    with pytest.raises(ValueError, match="unknown chance kind 'dice'"):
        m.clear_forced("dice")
    assert m.clear_forced() == {"throw": ["1"] * 40, "room": [plain.state.rooms[0]]}
    assert m.forced_pending == {} and m.to_json()["forced_pending"] == {}
    action = plain.legal_actions().sample(random.Random(2))
    plain.play(action)
    m.play(action)
    assert m.state == plain.state and not m.node.forced  # the seed's throws, not the dropped ones


# -- determinism --------------------------------------------------------------------------------
def test_same_seed_and_actions_give_the_same_game_however_navigated() -> None:
    straight = Match(seed=SEED)
    play_match(straight, [RandomBot(21), RandomBot(22)])
    actions = straight.actions

    wandering = Match(seed=SEED)
    nav = random.Random(5)
    wandering.play(other_action(wandering))  # a first line that is later abandoned
    wandering.goto(0)
    i = 0
    while i < len(actions):
        if i and i % 7 == 0 and wandering.step == i:
            for _ in range(3):
                wandering.undo()
            wandering.redo()
            wandering.play(other_action(wandering), fork=True)  # a side branch
            wandering.goto(i - 2)
            wandering.play(actions[i - 2])
            wandering.redo()
            assert wandering.step == i and wandering.state == straight.state_at(i)
        wandering.play(actions[i])
        i += 1
        if nav.random() < 0.2:
            wandering.undo()
            wandering.redo()
    assert wandering.state == straight.state
    assert wandering.state.digest() == straight.state.digest()
    assert wandering.log() == straight.log()
    assert len(wandering.branches()) > 1


def test_different_seeds_give_different_games() -> None:
    a, b = Match(seed=1), Match(seed=2)
    play_match(a, [RandomBot(1), RandomBot(2)])
    play_match(b, [RandomBot(1), RandomBot(2)])
    assert a.state.digest() != b.state.digest()


# -- observers ------------------------------------------------------------------------------------
def test_observers_are_called_on_every_change() -> None:
    m = Match(seed=SEED)
    seen: list[tuple[int, int]] = []

    def callback(match: Match) -> None:
        assert match is m
        seen.append((match.step, match.last_step))

    m.observe_changes(callback)
    rng = random.Random(0)
    m.play(m.legal_actions().sample(rng))
    m.play(m.legal_actions().sample(rng))
    assert seen == [(1, 1), (2, 2)]
    m.undo()
    m.redo()
    m.goto(0)
    assert seen[2:] == [(1, 2), (2, 2), (0, 2)]
    m.undo()  # nothing to undo: no change, no call
    m.play(m.actions[0])  # moving forward along the line is a change too
    assert seen[5:] == [(1, 2)]
    m.play(other_action(m))  # a fork
    m.switch(0)
    assert seen[6:] == [(2, 2), (2, 2)] and m.branch == 0
    m.goto(-1)
    m.redo()  # at the end: no change
    assert len(seen) == 9
    m.unobserve_changes(callback)
    m.undo()
    assert len(seen) == 9
    m.unobserve_changes(callback)  # unknown callbacks are ignored


def test_several_observers_each_see_the_new_state() -> None:
    m = Match(seed=SEED)
    first: list[Any] = []
    second: list[Any] = []
    m.observe_changes(lambda match: first.append(match.state))
    m.observe_changes(lambda match: second.append(match.state.digest()))
    m.play(m.legal_actions().sample(random.Random(0)))
    assert first == [m.state] and second == [m.state.digest()]


# -- events and the log --------------------------------------------------------------------------
def test_events_and_log_follow_the_cursor() -> None:
    m = build(10)
    steps = [step for step, _ in m.events()]
    assert steps == sorted(steps) and steps[-1] == 10 and steps[0] == 0
    m.goto(4)
    assert max(step for step, _ in m.events()) == 4
    assert [e["step"] for e in m.log()] == [s for s in steps if s <= 4]
    assert len(m.log(last=3)) == 3 and m.log(last=3) == m.log()[-3:]
    assert len(m.log(upto=10)) == len(steps)
    m.goto(-1)
    secret = set(m.state.hands[0]) - m.state.shown[0]  # dealt or drawn in private
    assert secret
    for viewer in (0, 1, "spectator"):
        log = m.log(viewer)
        assert [(e["step"], e["rule"], e["kind"]) for e in log] == [(e["step"], e["rule"], e["kind"]) for e in m.log()]
        text = json.dumps(log)
        shown = {card for card in secret if f'"{card}"' in text or f" {card}" in text}
        assert shown == (secret if viewer == 0 else set()), f"{viewer!r} sees {sorted(shown)} of player 0's hand"


# -- bots -------------------------------------------------------------------------------------------
def test_play_match_with_random_bots_is_deterministic() -> None:
    a, b = Match(seed=4), Match(seed=4)
    out_a = play_match(a, [RandomBot(1), RandomBot(2)])
    out_b = play_match(b, (RandomBot(1), RandomBot(2)))
    assert out_a == out_b == a.state.outcome and a.dumps() == b.dumps()
    assert out_a.reason in ("three_cursed", "target_score", "full_temple") and out_a.winner in (0, 1)
    assert isinstance(RandomBot(), Bot)


def test_play_match_gives_up_after_max_steps() -> None:
    m = Match(seed=4)
    with pytest.raises(RuntimeError, match="did not end within 5 steps"):
        play_match(m, [RandomBot(1), RandomBot(2)], max_steps=5)
    assert m.step == 5


def test_bots_see_only_their_own_observation() -> None:
    seen: list[Any] = []

    class Spy:
        def __init__(self, player: int) -> None:
            self.player, self.inner = player, RandomBot(player)

        def act(self, observation: dict[str, Any], legal: Any) -> Any:
            seen.append((self.player, observation["viewer"], legal.player))
            return self.inner.act(observation, legal)

    play_match(Match(seed=4), [Spy(0), Spy(1)])
    assert seen and all(p == viewer == mover for p, viewer, mover in seen)


def test_actions_of_the_line_round_trip_through_text() -> None:
    m = build(20)
    assert [Action.parse(str(a)) for a in m.actions] == m.actions


# -- equivalent spellings, lying values ------------------------------------------------------------
def test_an_equivalent_spelling_is_recorded_as_the_listed_action_and_draws_the_same_chance() -> None:
    listed, written = Match(seed=SEED), Match(seed=SEED)
    to_second_call(listed)
    to_second_call(written)
    call = next(a for a in listed.legal_actions() if isinstance(a, Call) and len(a.cards) >= 2)
    listed.play(call)
    written.play(" ".join(["call", *reversed(call.cards)]))  # the cards in another order
    assert written.actions[-1] == call and str(written.actions[-1]) == str(call)
    assert written.node.outcomes == listed.node.outcomes and written.state == listed.state
    assert written.dumps() == listed.dumps()


def test_a_bot_value_that_lies_about_itself_is_recorded_as_the_engine_s_own() -> None:
    class LyingCall(Call):
        def __str__(self) -> str:
            return "call 01a"

        def __eq__(self, other: object) -> bool:
            return True

        __hash__ = Call.__hash__

    m = Match(seed=SEED)
    real = next(iter(m.legal_actions()))
    assert isinstance(real, Call)
    m.play(LyingCall(real.cards))
    recorded = m.actions[-1]
    assert type(recorded) is Call and recorded == real and str(recorded) == str(real)
    assert json.loads(m.dumps())["steps"][0]["action"] == str(real)
    assert Match.loads(m.dumps()).actions == [real]


@pytest.mark.parametrize("bad", [Call((1,)), Call("01a"), Call((("01a",),)), Pass.__new__(Pass)])  # type: ignore[arg-type]
def test_malformed_action_values_are_refused_or_read_strictly(bad: Any) -> None:
    m = Match(seed=SEED)
    before = m.dumps()
    try:
        m.play(bad)
    except ActionError:
        assert m.dumps() == before
    else:  # only a well-formed Pass() may be played, and it is illegal in the Call of Fate
        raise AssertionError(f"{bad!r} was played")


# -- seeds -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("seed, error", [("42", TypeError), (4.5, TypeError), (True, TypeError),
                                         ([42], TypeError), (10**100, ValueError), (-(10**100), ValueError)])
def test_a_seed_is_an_integer(seed: Any, error: type) -> None:
    with pytest.raises(error):
        Match(seed=seed)


@pytest.mark.parametrize("seed", [0, 42, 2**128 - 1, -5, 10**99])
def test_large_and_negative_seeds_round_trip_through_a_save(seed: int) -> None:
    m = build(6, seed=seed)
    loaded = Match.loads(m.dumps())
    assert loaded.seed == seed and loaded.state == m.state and loaded.dumps() == m.dumps()


# -- an empty list of forced outcomes ------------------------------------------------------------
def test_an_empty_list_of_forced_outcomes_forces_nothing() -> None:
    """``force(kind=[])`` queues nothing, so replaying the next step at a past step still steps forward."""
    m = Match(seed=4, forced={"amulet": []})
    assert m.forced_pending == {}
    action = m.legal_actions().sample(random.Random(0))
    m.play(action)
    m.undo()
    m.force(card=[])
    assert m.forced_pending == {}
    m.play(action)
    assert len(m.branches()) == 1 and m.step == 1


@pytest.mark.parametrize("seed", [True, False, 3.0, "3", None.__class__])
def test_a_seed_is_an_integer_and_never_a_bool(seed: Any) -> None:
    with pytest.raises(TypeError, match="a seed is an integer"):
        Match(seed=seed)
    with pytest.raises(TypeError, match="a seed is an integer"):
        Match.from_state(Match(seed=1).state, seed=seed)
    assert Match(seed=7).seed == 7 and Match.from_state(Match(seed=1).state, seed=7).seed == 7
