"""The match timeline (naga_widget.match): play, undo, redo, goto, forks and branches,
forced chance, determinism, save/load with replay checks, and change observers."""

from __future__ import annotations

import copy
import json
import random
import re
from typing import Any

import pytest

from naga_widget import (
    ActionFormatError,
    Bot,
    Call,
    ChanceError,
    IllegalActionError,
    Match,
    Pass,
    RandomBot,
    ReplayError,
    play_match,
)
from naga_widget.match import _checksum
from naga_widget.rules import STANDARD, Action, Chance

SEED = 11


def build(steps: int, seed: int = SEED, bot: int = 0) -> Match:
    """A match with ``steps`` random actions played (deterministic)."""
    m = Match(seed=seed)
    rng = random.Random(bot)
    for _ in range(steps):
        m.play(m.legal_actions().sample(rng))
    return m


def other_action(m: Match) -> Any:
    """A legal action at the cursor that differs from the next action of the line."""
    nxt = m.actions[m.step] if m.step < m.last_step else None
    return next(a for a in m.legal_actions() if a != nxt)


def to_second_call(m: Match) -> None:
    """Play until the non-guide is about to call: the next call reveals both calls and throws sticks."""
    rng = random.Random(4)
    while not (m.state.phase == "call" and m.state.to_move != m.state.guide):
        m.play(m.legal_actions().sample(rng))


@pytest.fixture
def forked() -> Match:
    """A line of 30 steps, a second line forked at step 10 with 5 steps, shown at step 20 of the first."""
    m = build(30)
    m.goto(10)
    m.play(other_action(m))
    rng = random.Random(9)
    for _ in range(4):
        m.play(m.legal_actions().sample(rng))
    m.switch(0)
    m.goto(20)
    return m


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
    with pytest.raises(IllegalActionError) as info:
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


# -- save and load --------------------------------------------------------------------------------
def test_save_load_save_gives_the_identical_document(forked: Match) -> None:
    text = forked.dumps()
    loaded = Match.loads(text)
    assert loaded.dumps() == text
    assert json.dumps(loaded.to_json(), sort_keys=True) == json.dumps(forked.to_json(), sort_keys=True)
    assert Match.loads(forked.dumps(indent=2)).dumps() == text


def test_a_loaded_match_keeps_branches_cursor_and_history(forked: Match) -> None:
    loaded = Match.loads(forked.dumps())
    assert loaded.step == forked.step == 20
    assert loaded.branch == forked.branch and loaded.branches() == forked.branches()
    assert loaded.state == forked.state and loaded.seed == forked.seed
    assert loaded.log() == forked.log() and loaded.log(0) == forked.log(0)
    for b in forked.branches():
        forked.switch(b.index)
        loaded.switch(b.index)
        assert loaded.actions == forked.actions
        assert all(loaded.state_at(i) == forked.state_at(i) for i in range(forked.last_step + 1))
    # playing on goes on exactly as in the original, new steps and forks included
    rng_a, rng_b = random.Random(8), random.Random(8)
    forked.goto(7)
    loaded.goto(7)
    for _ in range(10):
        forked.play(forked.legal_actions().sample(rng_a))
        loaded.play(loaded.legal_actions().sample(rng_b))
        assert loaded.state == forked.state
    assert loaded.dumps() == forked.dumps()


def test_save_and_load_a_file(tmp_path: Any, forked: Match) -> None:
    path = tmp_path / "match.json"
    forked.save(str(path))
    assert json.loads(path.read_text())["format"] == "naga-widget-match"
    assert Match.load(str(path)).dumps() == forked.dumps()


def test_a_finished_match_round_trips() -> None:
    m = Match(seed=3)
    play_match(m, [RandomBot(5), RandomBot(6)])
    loaded = Match.loads(m.dumps())
    assert loaded.state.outcome == m.state.outcome and loaded.dumps() == m.dumps()


def _doc(m: Match) -> dict[str, Any]:
    return copy.deepcopy(m.to_json())


def _record_with(doc: dict[str, Any], kind: str) -> int:
    """The 1-based number of the first step record with a chance outcome of ``kind``."""
    return next(i for i, s in enumerate(doc["steps"], 1) if any(o[0] == kind for o in s["outcomes"]))


def _load_error(doc: Any, restamp: bool = True) -> str:
    """The ReplayError of loading ``doc``. An edited dict gets a fresh checksum first (a forged file),
    so the deeper checks are reached; ``restamp=False`` tests the checksum itself."""
    with pytest.raises(ReplayError) as info:
        if isinstance(doc, str):
            Match.loads(doc)
        else:
            if restamp and isinstance(doc, dict):
                doc["checksum"] = _checksum(doc)
            Match.from_json(doc)
    message = str(info.value)
    assert message, "a ReplayError says what is wrong"
    return message


@pytest.mark.parametrize("edit", [
    lambda d: d.__setitem__("seed", d["seed"] + 1),
    lambda d: d["steps"].pop(),
    lambda d: d["steps"][0].__setitem__("action", "pass"),
    lambda d: d["current"].__setitem__("step", 0),
    lambda d: d.pop("checksum"),
], ids=["seed", "last-record-dropped", "action", "cursor", "no-checksum"])
def test_any_edit_after_saving_breaks_the_checksum(forked: Match, edit: Any) -> None:
    doc = _doc(forked)
    edit(doc)
    assert "checksum mismatch" in _load_error(doc, restamp=False)


def test_load_rejects_non_json_text() -> None:
    for text in ("hello", "", "{", "{'format': 1}"):
        assert "JSON cannot be read" in _load_error(text)
    for text in ("[1, 2]", "null", "42", '{"format": "something-else"}'):
        assert "not a saved match" in _load_error(text)


def test_load_rejects_a_truncated_document(forked: Match) -> None:
    text = forked.dumps()
    for cut in (len(text) // 2, len(text) - 1, 10):
        assert "JSON cannot be read" in _load_error(text[:cut])
    forked.switch(1)  # the line shown is the one saved last
    doc = _doc(forked)
    doc["steps"] = doc["steps"][:-3]  # the records of its last steps are missing
    assert "saved cursor" in _load_error(doc)
    doc = _doc(forked)
    del doc["steps"]
    assert "incomplete" in _load_error(doc)
    k = _record_with(_doc(forked), "card")
    doc = _doc(forked)
    doc["steps"][k - 1]["outcomes"].pop()  # an outcome missing at the end of a record
    message = _load_error(doc)
    assert f"step record {k}" in message and "the record ends" in message


@pytest.mark.parametrize("version", [3, 0, "1", "2", None, 1.0, 2.0, True])
def test_load_rejects_a_wrong_version(forked: Match, version: Any) -> None:
    doc = _doc(forked)
    doc["version"] = version
    message = _load_error(doc)
    assert "not supported" in message or (isinstance(version, float) and "is not an integer" in message)
    del doc["version"]
    assert "not supported" in _load_error(doc)


def test_load_rejects_a_wrong_format_or_ruleset(forked: Match) -> None:
    doc = _doc(forked)
    doc["format"] = "chess"
    assert "not a saved match" in _load_error(doc)
    doc = _doc(forked)
    doc["ruleset"] = "variant"
    assert "malformed" in _load_error(doc)


def test_load_rejects_an_edited_action(forked: Match) -> None:
    doc = _doc(forked)
    for k in (1, 2, 7, 15):  # records of calls, placements, gives …
        record = doc["steps"][k - 1]
        parent = forked.node_of(record["parent"]).state
        other = next(str(a) for a in parent.legal_actions() if str(a) != record["action"])
        edited = copy.deepcopy(doc)
        edited["steps"][k - 1]["action"] = other
        assert f"step record {k}" in _load_error(edited)
    edited = copy.deepcopy(doc)
    edited["steps"][0]["action"] = "place 4 rot0"  # illegal there
    message = _load_error(edited)
    assert "step record 1" in message and "does not replay" in message
    edited["steps"][0]["action"] = "dance"
    assert "step record 1" in _load_error(edited)


def test_load_rejects_an_edited_chance_outcome(forked: Match) -> None:
    doc = _doc(forked)
    k = _record_with(doc, "room")
    record = doc["steps"][k - 1]
    i = next(j for j, o in enumerate(record["outcomes"]) if o[0] == "room")
    pile = forked.node_of(record["parent"]).state.rooms
    edited = copy.deepcopy(doc)
    was = record["outcomes"][i][1]
    symbol = STANDARD.room(was).amulet_symbol  # the same need for an amulet outcome
    edited["steps"][k - 1]["outcomes"][i][1] = next(r for r in pile if r != was and
                                                     STANDARD.room(r).amulet_symbol == symbol)
    message = _load_error(edited)  # possible, but not what happened
    assert f"step record {k}" in message and "digest mismatch" in message
    edited["steps"][k - 1]["outcomes"][i][1] = "R99"  # impossible
    message = _load_error(edited)
    assert f"step record {k}" in message and "impossible" in message
    edited = copy.deepcopy(doc)
    edited["steps"][k - 1]["outcomes"][i][0] = "card"  # the wrong kind
    assert f"step record {k}" in _load_error(edited)
    edited = copy.deepcopy(doc)
    relics = edited["setup"]["outcomes"][0][1]
    j = next(j for j in range(1, 9) if relics[j] != relics[0])
    relics[0], relics[j] = relics[j], relics[0]
    message = _load_error(edited)
    assert "setup" in message and "digest mismatch" in message


def test_load_rejects_an_edited_digest(forked: Match) -> None:
    doc = _doc(forked)
    doc["steps"][6]["digest"] = "0123456789abcdef"
    message = _load_error(doc)
    assert "step record 7" in message and "digest mismatch" in message
    doc = _doc(forked)
    doc["setup"]["digest"] = doc["steps"][0]["digest"]
    assert "setup" in _load_error(doc)
    doc = _doc(forked)
    del doc["steps"][-1]["digest"]
    assert f"step record {len(doc['steps'])} has no 'digest'" in _load_error(doc)


def test_load_rejects_extra_unused_outcomes(forked: Match) -> None:
    doc = _doc(forked)
    doc["steps"][0]["outcomes"].append(["throw", "1"])
    message = _load_error(doc)
    assert "step record 1" in message and "more chance outcomes" in message
    doc = _doc(forked)
    doc["setup"]["outcomes"].append(["card", "01a"])
    assert "setup" in _load_error(doc)


@pytest.mark.parametrize("edit", [
    lambda d: d["steps"][0].__setitem__("parent", 5),  # a parent that does not exist yet
    lambda d: d["steps"][0].__setitem__("parent", "0"),
    lambda d: d["steps"].__setitem__(0, 5),
    lambda d: d["steps"][0].pop("outcomes"),
    lambda d: d["steps"][0]["outcomes"].append(["throw", "1", "2"]),
    lambda d: d["steps"][0]["outcomes"].append(["dice", "6"]),
    lambda d: d.__setitem__("steps", {}),
    lambda d: d.__setitem__("current", []),
    lambda d: d["current"].__setitem__("step", 999),
    lambda d: d["current"].__setitem__("tip", 3),  # not the tip of a branch
    lambda d: d.__setitem__("seed", "x"),
], ids=["parent-ahead", "parent-text", "record-not-object", "no-outcomes", "outcome-of-3", "unknown-kind",
        "steps-not-list", "cursor-not-object", "cursor-off-line", "cursor-not-tip", "seed-not-number"])
def test_load_rejects_malformed_documents(forked: Match, edit: Any) -> None:
    doc = _doc(forked)
    edit(doc)
    assert _load_error(doc)


@pytest.mark.parametrize("edit", [
    lambda d: d.__setitem__("setup", []),
    lambda d: d.__setitem__("setup", None),
    lambda d: d["setup"]["outcomes"][0].__setitem__(1, 5),  # relics dealt as a number
    lambda d: d["setup"]["outcomes"][0].__setitem__(1, [1, "s3"]),
], ids=["setup-list", "setup-null", "relics-number", "relics-mixed"])
def test_load_rejects_a_malformed_setup_with_replay_error(forked: Match, edit: Any) -> None:
    doc = _doc(forked)
    edit(doc)
    assert _load_error(doc)


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
    except IllegalActionError:
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


# -- hostile save files ----------------------------------------------------------------------------
@pytest.mark.parametrize("text, reason", [
    ("[" * 100_000 + "]" * 100_000, "nested too deeply"),  # refused before json.loads (saves.check_nesting)
    ('{"a": ' * 50_000 + "1" + "}" * 50_000, "nested too deeply"),
    ("[" * 20 + "]" * 20, "not a saved match"),
    ('{"format": "naga-widget-match", "version": 2, "steps": ' + "[" * 900 + "]" * 900 + "}", "nested too deeply"),
    ('{"format": "naga-widget-match", "version": 2, "steps": ' + "[" * 90 + "]" * 90 + "}", "checksum"),
    ("1" * 5000, "digits"),
    ('{"format": "naga-widget-match", "seed": ' + "9" * 4301 + "}", "digits"),
    ('{"format": "naga-widget-match", "version": 2, "seed": Infinity}', "Infinity"),
    ('{"format": "naga-widget-match", "version": 2, "seed": NaN}', "NaN"),
    ('{"format": "naga-widget-match", "version": 2, "seed": -Infinity}', "Infinity"),
    ('{"format": "naga-widget-match", "version": 2, "seed": 1e400}', "checksum mismatch"),
    ("\ud800", "JSON cannot be read"),
    ('"\ud800"', "not a saved match"),
])
def test_hostile_texts_raise_replay_error(text: str, reason: str) -> None:
    assert reason in _load_error(text)


@pytest.mark.parametrize("value", [b"{}", bytearray(b"{}"), None, 42, ["{}"], {"format": "naga-widget-match"}])
def test_load_takes_only_text(value: Any) -> None:
    with pytest.raises(ReplayError, match="read from a text"):
        Match.loads(value)


def _wrong(value: Any) -> list[Any]:
    """Values of every other JSON type than ``value``'s."""
    samples = [True, 7, 4.5, "42", [], {}, None]
    return [v for v in samples if type(v) is not type(value)]


def _fields(doc: dict[str, Any]) -> list[tuple[str, Any]]:
    """(path, parent container) of every field of a document but the checksum, for type changes."""
    found: list[tuple[str, Any]] = []
    for name in doc:
        if name != "checksum":
            found.append((name, doc))
    for name in doc["setup"]:
        found.append((f"setup.{name}", doc["setup"]))
    for name in doc["steps"][0]:
        found.append((f"steps.0.{name}", doc["steps"][0]))
    for name in doc["current"]:
        found.append((f"current.{name}", doc["current"]))
    return found


def test_every_field_of_a_save_has_a_strict_type() -> None:
    m = Match(seed=SEED, forced={"room": ["R01"]})
    m.play(m.legal_actions().sample(random.Random(0)))
    m.force(throw=["1"])
    doc = _doc(m)
    assert doc["steps"][0].get("forced") is None and doc["setup"]["forced"] is True
    tried = 0
    for path, _ in _fields(doc):
        for value in _wrong(_lookup(doc, path)):
            edited = copy.deepcopy(doc)
            *parents, last = path.split(".")
            container = edited
            for part in parents:
                container = container[int(part)] if part.isdigit() else container[part]
            container[last] = value
            assert _load_error(edited), path
            tried += 1
    assert tried > 60


def _lookup(doc: Any, path: str) -> Any:
    for part in path.split("."):
        doc = doc[int(part)] if part.isdigit() else doc[part]
    return doc


@pytest.mark.parametrize("edit, reason", [
    (lambda d: d.__setitem__("seed", "42"), "'seed' must be an integer"),
    (lambda d: d.__setitem__("seed", 4.5), "not an integer"),
    (lambda d: d.__setitem__("setup", {"outcomes": [[[[[[[[[["x"]]]]]]]]]], "digest": ""}), "nested too deeply"),
    (lambda d: d.__setitem__("version", 1.0), "1.0 is not an integer"),
    (lambda d: d.__setitem__("version", True), "not supported"),
    (lambda d: d.__setitem__("reproducible", 1), "'reproducible' must be true or false"),
    (lambda d: d.__setitem__("extra", 1), "unknown field 'extra'"),
    (lambda d: d["steps"][0].__setitem__("forced", False), "written only as true"),
    (lambda d: d["steps"][0].__setitem__("parent", True), "'parent' must be an integer"),
    (lambda d: d["current"].__setitem__("tip", 2.0), "not an integer"),
    (lambda d: d.__setitem__("forced_pending", {"dice": ["6"]}), "bad chance outcome"),
    (lambda d: d.__setitem__("forced_pending", {"throw": "1"}), "non-empty list"),
    (lambda d: d.__setitem__("forced_pending", {"throw": [1]}), "must be a text"),
    (lambda d: d.__setitem__("ruleset", ["standard"]), "'ruleset' must be a text"),
    (lambda d: d.__setitem__("steps", [[]]), "step record 1 must be an object"),
    (lambda d: d.__setitem__("setup", {(1, 2): 3}), "not a text"),
    (lambda d: d.__setitem__("setup", {"outcomes": [object()], "digest": ""}), "not JSON data"),
], ids=["seed-text", "seed-fraction", "deep", "version-float", "version-bool", "reproducible-int", "extra-field",
        "forced-false", "parent-bool", "tip-float", "pending-kind", "pending-text", "pending-number",
        "ruleset-list", "record-list", "key-not-text", "not-json"])
def test_load_names_what_is_malformed(forked: Match, edit: Any, reason: str) -> None:
    doc = _doc(forked)
    edit(doc)
    if reason in ("not a text", "not JSON data", "nested too deeply"):  # refused before the checksum
        assert reason in _load_error(doc, restamp=False)
    else:
        assert reason in _load_error(doc)


def test_a_consistent_edit_with_a_recomputed_checksum_loads_as_the_game_it_describes(forked: Match) -> None:
    """The checksum guards against damage, not forgery: an edited file that replays is a legal game."""
    doc = _doc(forked)
    doc["current"]["step"] = 3  # another cursor: a different, but consistent, file
    doc["checksum"] = _checksum(doc)
    loaded = Match.from_json(doc)
    assert loaded.step == 3 and loaded.state == forked.state_at(3)


# -- forced chance in the record --------------------------------------------------------------------
def test_forced_steps_are_marked_and_the_pending_queue_is_saved() -> None:
    m = Match(seed=SEED)
    to_second_call(m)
    cards = list(m.state.deck[:2])
    m.force(throw=["1"] * 40, card=cards)
    m.play(m.legal_actions().sample(random.Random(2)))  # both throw: forced
    doc = m.to_json()
    marked = [i for i, record in enumerate(doc["steps"]) if record.get("forced")]
    assert marked == [len(doc["steps"]) - 1] and "forced" not in doc["setup"]
    assert m.node.forced and not m.node.parent.forced  # type: ignore[union-attr]
    pending = m.forced_pending
    assert pending["card"] == cards and 0 < len(pending["throw"]) < 40
    assert doc["forced_pending"] == pending
    loaded = Match.loads(m.dumps())
    assert loaded.forced_pending == pending and loaded.node.forced and loaded.dumps() == m.dumps()
    rng_a, rng_b = random.Random(5), random.Random(5)  # the loaded match uses the pending outcomes next
    while m.forced_pending and not m.state.is_over:
        m.play(m.legal_actions().sample(rng_a))
        loaded.play(loaded.legal_actions().sample(rng_b))
        assert loaded.state == m.state and loaded.forced_pending == m.forced_pending
    assert loaded.dumps() == m.dumps()


def test_a_forced_step_must_say_so_and_other_steps_must_follow_the_seed() -> None:
    m = Match(seed=SEED)
    to_second_call(m)
    m.force(throw=["1"] * 40)
    m.play(m.legal_actions().sample(random.Random(2)))
    doc = _doc(m)
    del doc["steps"][-1]["forced"]  # the mark removed: its outcomes are not the seed's
    assert "do not follow the seed" in _load_error(doc)
    doc = _doc(m)
    doc["steps"][-1]["forced"] = True
    doc["steps"][0]["forced"] = True  # a step may be marked forced although it was not: still a legal game
    doc["checksum"] = _checksum(doc)
    assert Match.from_json(doc).state == m.state
    plain = build(40)
    doc = _doc(plain)
    k = _record_with(doc, "throw")
    record = doc["steps"][k - 1]
    i = next(j for j, o in enumerate(record["outcomes"]) if o[0] == "throw")
    faces = {"1", "2", "N"} - {record["outcomes"][i][1]}
    record["outcomes"][i][1] = sorted(faces)[0]  # a possible throw, but not the one the seed draws
    message = _load_error(doc)
    assert f"step record {k}" in message and ("digest mismatch" in message or "follow the seed" in message)


def test_forced_setup_outcomes_are_marked_and_replayed() -> None:
    m = Match(seed=SEED, forced={"room": ["R17"]})
    doc = m.to_json()
    assert doc["setup"]["forced"] is True and doc["forced_pending"] == {}
    loaded = Match.loads(m.dumps())
    assert loaded.state.offered[0] == "R17" and loaded.node.forced
    doc = _doc(m)
    del doc["setup"]["forced"]
    assert "setup" in _load_error(doc) and "follow the seed" in _load_error(doc)


@pytest.mark.parametrize("outcomes, message", [
    ({"throw": "N"}, "a list"), ({"throw": [1]}, "a text"), ({"relics": ["c6"]}, "relic tokens"),
    ({"dice": ["6"]}, "unknown chance kind"),
])
def test_force_accepts_only_what_a_save_can_hold(outcomes: dict[str, Any], message: str) -> None:
    m = Match(seed=SEED)
    with pytest.raises(ValueError, match=message):
        m.force(**outcomes)
    with pytest.raises(ValueError, match=message):
        Match(seed=SEED, forced=outcomes)
    assert m.forced_pending == {}


# -- version 1 files -------------------------------------------------------------------------------
# Written by the code of version 1 (a match of seed 7, 14 random steps and a fork at step 5, shown at
# step 3): such a file still loads, with the same states.
V1_SAVE = (
    '{"format": "naga-widget-match", "version": 1, "ruleset": "standard", "seed": 7, "setup": {"outcomes"'
    ': [["relics", ["s3", "c6", "c6", "s4", "s5", "s4", "s5", "c6", "s3"]], ["relics", ["s5", "s3", "c6",'
    ' "s4", "s3", "s5", "s4", "c6", "c6"]], ["card", "05d"], ["card", "02c"], ["card", "05a"], ["card", "'
    '07c"], ["card", "02d"], ["card", "01a"], ["card", "12d"], ["card", "11a"], ["card", "07b"], ["card",'
    ' "10b"], ["room", "R16"], ["throw", "1"], ["throw", "2"], ["throw", "1"], ["throw", "N"]], "digest":'
    ' "2fdab983f43891a0"}, "steps": [{"parent": 0, "action": "call 05a", "outcomes": [], "digest": "62ed4'
    '1f544bb4d6c"}, {"parent": 1, "action": "call 11a", "outcomes": [["throw", "1"], ["throw", "N"], ["th'
    'row", "2"], ["throw", "1"]], "digest": "d6201523fd576248"}, {"parent": 2, "action": "invoke 12d brow'
    'n", "outcomes": [["card", "07a"], ["card", "02a"]], "digest": "addc194508ed355e"}, {"parent": 3, "ac'
    'tion": "place 6 rot0", "outcomes": [["card", "05c"], ["card", "09b"], ["card", "12c"]], "digest": "0'
    '901cf82a319b98f"}, {"parent": 4, "action": "give 12c", "outcomes": [["room", "R05"], ["amulet", "A12'
    '"]], "digest": "5c8d2dd2badb51c0"}, {"parent": 5, "action": "call 09b", "outcomes": [], "digest": "1'
    '69cfe45bbec8c7a"}, {"parent": 6, "action": "call 12c", "outcomes": [["throw", "1"], ["throw", "1"], '
    '["throw", "1"]], "digest": "8065dd6626bf84f6"}, {"parent": 7, "action": "place 8 rot2", "outcomes": '
    '[["card", "03b"], ["card", "10c"], ["card", "09a"]], "digest": "857dfb8f18b678e7"}, {"parent": 8, "a'
    'ction": "give 10c", "outcomes": [["room", "R17"], ["amulet", "A07"]], "digest": "8ad43f1a45d26c6b"},'
    ' {"parent": 9, "action": "call 02a 02d", "outcomes": [], "digest": "d4e473f323348a22"}, {"parent": 1'
    '0, "action": "call 05c 07c 10c", "outcomes": [["throw", "2"], ["throw", "2"], ["throw", "N"], ["thro'
    'w", "2"], ["throw", "1"], ["throw", "N"], ["throw", "2"], ["throw", "1"], ["throw", "N"], ["throw", '
    '"1"], ["throw", "N"]], "digest": "ced29f319e7ddf25"}, {"parent": 11, "action": "invoke 07a charm sil'
    'ver:W0 silver:N2", "outcomes": [], "digest": "606365790e73ea16"}, {"parent": 12, "action": "invoke 1'
    '0b teal gold:1 gold:8", "outcomes": [], "digest": "d6be82a8a48b3c66"}, {"parent": 13, "action": "inv'
    'oke 09a brown silver:6 rot1", "outcomes": [], "digest": "1bf2aed00aa9fb48"}, {"parent": 5, "action":'
    ' "call 01a", "outcomes": [], "digest": "a6bb29e55085de14"}], "current": {"tip": 15, "step": 3}, "che'
    'cksum": "04bdf977a5ec0b8c48e34d4d2acfc16b5e7350a04689352267ba7cf4b2ec5002"}'
)


def test_a_version_1_file_still_loads() -> None:
    loaded = Match.loads(V1_SAVE)
    saved = json.loads(V1_SAVE)
    assert saved["version"] == 1 and loaded.seed == 7 and loaded.step == 3 and len(loaded.branches()) == 2
    assert loaded.reproducible  # its seed was chosen by the caller, or was of 32 bits: no secret either way
    assert [loaded.node_of(i + 1).state.digest() for i in range(len(saved["steps"]))] == \
        [s["digest"] for s in saved["steps"]]
    again = Match.loads(loaded.dumps())
    assert json.loads(loaded.dumps())["version"] == 2 and again.dumps() == loaded.dumps()
    doc = json.loads(V1_SAVE)
    doc["reproducible"] = False  # a field of version 2
    assert "unknown field" in _load_error(doc)


# -- what changed between two steps ------------------------------------------------------------------
def test_diff_lists_placements_counts_and_steps() -> None:
    m = Match(seed=SEED)
    rng = random.Random(1)
    while m.state.phase != "place":
        m.play(m.legal_actions().sample(rng))
    player, room = m.state.to_move, m.state.offered[0]
    before = m.step
    m.play(next(iter(m.legal_actions())))
    changes = m.diff(before, m.step)
    placed = [c for c in changes if c["kind"] == "tile"]
    space = next(i for i, t in enumerate(m.state.temples[player].tiles) if t is not None and t.room == room)
    where = f"{('gold', 'silver')[player]} {space}"
    assert placed[0]["what"] == room and placed[0]["after"] == where
    assert placed[0]["text"].startswith(f"{room} placed on {where}")
    assert any(c["kind"] == "step" and c["what"] == "step" and c["before"] == "place" for c in changes)
    assert any(c["what"].endswith("sticks") and c["after"] == [] for c in changes)
    assert m.diff(3, 3) == [] and all(set(c) == {"kind", "what", "before", "after", "text"} for c in changes)
    back = [c for c in m.diff(m.step, before) if c["kind"] == "tile"]
    assert [c["what"] for c in back] == [room] and back[0]["text"] == f"{room} leaves {where}"


def test_a_player_s_diff_shows_nothing_that_player_may_not_see() -> None:
    """Every card, amulet and relic a player's diff names is in that player's own two observations,
    and the diffs of the truth do name hidden cards (so the check can fail)."""
    token = re.compile(r"(?<![A-Za-z0-9])(\d\d[a-d]|A\d\d|[sc]\d)(?![A-Za-z0-9])")
    m = build(40)
    secret_seen = 0
    for i in range(0, 37, 3):
        for viewer in (0, 1, "spectator", "truth"):
            named = set(token.findall(json.dumps(m.diff(i, i + 3, viewer), ensure_ascii=False)))
            known = set(token.findall(json.dumps([m.state_at(k).observe(viewer) for k in (i, i + 3)])))
            assert named <= known, f"steps {i}-{i + 3}: {viewer!r} is told {sorted(named - known)}"
            if viewer == "truth":
                hidden = set(token.findall(json.dumps([m.state_at(k).observe(1) for k in (i, i + 3)])))
                secret_seen += len(named - hidden)
    assert secret_seen > 0


@pytest.mark.parametrize("bad", [99, -99, True, "1"])
def test_diff_of_steps_off_the_line_raises_index_error(bad: Any) -> None:
    m = build(5)
    with pytest.raises(IndexError):
        m.diff(0, bad)
    with pytest.raises(ValueError, match="viewer"):
        m.diff(0, 1, viewer="bot")


def test_a_forged_deep_value_is_refused_when_loaded_from_text() -> None:
    """Deep, yet within the nesting limit of a saved text (saves.NESTING_LIMIT): the step record's check
    names it, in a short message."""
    doc = json.loads(build(3).dumps())
    deep: Any = "x"
    for _ in range(90):
        deep = [deep]
    doc["steps"][0]["outcomes"] = [deep]
    doc["checksum"] = _checksum(doc)
    message = _load_error(json.dumps(doc))
    assert "step record 1" in message and "bad chance outcome" in message and len(message) < 200


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
