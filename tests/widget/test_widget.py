"""The widget's Python side, without a kernel: traits, intents, navigation, perspectives, no leaks."""

from __future__ import annotations

import json
import logging
import random
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hidden_facts import hidden_ids
from widget_helpers import send

from naga_widget import Match, NagaWidget, RandomBot, play_match
from naga_widget.rules import STANDARD, TEMPLE_NAMES, IllegalActionError, Invoke
from naga_widget.rules.legal import call_groups
from naga_widget.widget import LOG_WINDOW, SYNCED, catalog, compact_board  # SYNCED: all but the catalog
from naga_widget.widget.projection import board_trait
from naga_widget.widget.widget import _esm_source

ROOT = Path(__file__).resolve().parents[2]


def synced(w: NagaWidget) -> dict[str, Any]:
    return {name: getattr(w, name) for name in SYNCED}


def teacher(seed: int = 3) -> NagaWidget:
    return NagaWidget(Match(seed=seed), perspective="teacher")


# -- construction --------------------------------------------------------------------------------
def test_traits_after_construction() -> None:
    w = NagaWidget(seed=5, perspective=0)
    state = w.state
    assert w.catalog["cards"]["07b"]["effect"] == "E07" and len(w.catalog["cards"]) == 48
    assert w.board == board_trait(state, 0)
    assert w.timeline["step"] == 0 and w.timeline["last"] == 0 and w.timeline["at_end"]
    assert w.status["perspective"] == 0 and w.status["viewer"] == 0 and w.status["message"] is None
    if state.to_move == 0:
        assert w.menu["phase"] == "call" and sorted(n["key"] for n in w.menu["choices"]) == list(state.hands[0])
    else:
        assert w.menu == {}


def test_one_widget_class_and_its_view_module() -> None:
    """``naga_widget.NagaWidget`` is the package's class, and it loads the bundle from ``naga_widget/static``."""
    import naga_widget.widget

    assert naga_widget.widget.NagaWidget is NagaWidget
    assert _esm_source() == ROOT / "src" / "naga_widget" / "static" / "naga_widget.js"
    assert str(NagaWidget._esm) == _esm_source().read_text(encoding="utf-8")  # type: ignore[union-attr]


def test_catalog_names_every_step_and_end_of_a_game() -> None:
    """Every phase met in play has a step name and rule (R4, R7); every end reason has words (R7.1, R7.2)."""
    data = catalog(STANDARD)
    phases, reasons = set(), set()
    for seed in range(12):
        match = Match(seed=seed)
        outcome = play_match(match, [RandomBot(seed), RandomBot(seed + 40)])
        phases |= {match.state_at(k).phase for k in range(match.last_step + 1)}
        reasons.add(outcome.reason)
    assert phases == set(data["steps"]) == {"call", "confront", "place", "give", "over"}
    assert {data["steps"][p]["rule"] for p in ("call", "confront", "place", "give")} == {"R4.1", "R4.2", "R4.3",
                                                                                        "R4.4"}
    assert reasons <= set(data["end_reasons"]) and all(data["end_reasons"].values())
    assert data["steps"]["over"]["rule"] == "R7"


def test_catalog_takes_its_numbers_from_the_ruleset() -> None:
    """A variant with another target score shows that score in the limits and in the end reason (R7.1.2)."""
    variant = replace(STANDARD, id="long", target_score=40, cursed_limit=4)
    data = catalog(variant)
    assert data["ruleset"] == "long" and data["limits"] == {"target_score": 40, "cursed_limit": 4}
    assert "40" in data["end_reasons"]["target_score"] and "25" not in data["end_reasons"]["target_score"]
    assert catalog(STANDARD)["limits"] == {"target_score": 25, "cursed_limit": 3}


def test_catalog_hint_is_the_one_the_engine_gives() -> None:
    """The hint the view shows for an effect's target is the one an illegal target's error names (R5)."""
    hints = {e: v["hint"] for e, v in catalog(STANDARD)["effects"].items()}
    assert sorted(hints) == [f"E{n:02d}" for n in range(1, 13)] and all(hints.values())
    checked = set()
    for seed in range(30):
        match = Match(seed=seed)
        play_match(match, [RandomBot(seed), RandomBot(seed + 60)])
        for k in range(match.last_step + 1):
            state = match.state_at(k)
            if state.phase != "confront":
                continue
            for card, pay in state.legal_actions().invoke_heads():
                effect = STANDARD.card_effect[card]
                if effect in checked or effect == "E12":
                    continue
                with pytest.raises(IllegalActionError) as err:
                    state.apply(Invoke(card, pay, ("nowhere:9",)))
                assert hints[effect] in str(err.value), effect
                checked.add(effect)
    assert len(checked) >= 8


@pytest.mark.parametrize("bad", [{"perspective": 2}, {"perspective": "player"}, {"perspective": True}])
def test_bad_perspective_rejected(bad: dict[str, Any]) -> None:
    with pytest.raises(ValueError, match="perspective"):
        NagaWidget(seed=1, **bad)


def test_match_and_seed_together_rejected() -> None:
    with pytest.raises(ValueError, match="either a match or a seed"):
        NagaWidget(Match(seed=1), seed=2)


def test_hotseat_with_bot_rejected() -> None:
    with pytest.raises(ValueError, match="hot-seat"):
        NagaWidget(seed=1, perspective="hotseat", opponent=RandomBot(1))


def test_confrontation_menu_lists_every_invoke_and_target() -> None:
    """The complete nodes of the menu's tree give back exactly the legal invokes (R4.2.2, R5)."""
    from naga_widget.rules import Action
    from naga_widget.widget import action_menu
    from naga_widget.widget.choices import leaves

    checked = 0
    for seed in range(8):
        match = Match(seed=seed)
        play_match(match, [RandomBot(seed), RandomBot(seed + 50)])
        for k in range(match.last_step + 1):
            state = match.state_at(k)
            if state.phase != "confront":
                continue
            menu = action_menu(state, state.to_move)
            listed = {Action.coerce(node["action"]) for node in leaves(menu) if node["action"] != "pass"}
            assert listed == {a for a in state.legal_actions() if a.kind == "invoke"}
            checked += 1
    assert checked > 50


# -- intents --------------------------------------------------------------------------------------
def test_play_intent_changes_state_and_acks() -> None:
    w = teacher()
    card = w.menu["choices"][0]["key"]
    sent = send(w, type="play", action=f"call {card}")
    assert w.step == 1 and w.match.actions[0].cards == (card,)
    assert w.status["ack"] == sent["id"] and w.status["message"] is None
    guide = TEMPLE_NAMES[w.match.state_at(0).to_move]
    assert w.timeline["last"] == 1 and w.timeline["label"] == f"{guide}: call {card}"


@pytest.mark.parametrize("intent, fragment", [
    ({"type": "play", "action": "pass"}, "R4.1"),                 # wrong step
    ({"type": "play", "action": "call ZZZ"}, "not in your hand"),  # not a card of the hand
    ({"type": "play", "action": "dance"}, "cannot read"),          # malformed text
    ({"type": "play", "action": {"type": "place"}}, "space"),  # malformed JSON form: a field is missing
    ({"type": "play"}, "needs an 'action'"),
    ({"type": "goto", "to": 5}, "not on this line"),
    ({"type": "goto", "to": "x"}, "integer"),
    ({"type": "branch", "index": 3}, "does not exist"),
    ({"type": "fork"}, "already at the end"),
    ({"type": "reveal"}, "hot-seat"),
    ({"type": "jump"}, "unknown intent"),
])
def test_bad_intent_rejected_state_unchanged(intent: dict[str, Any], fragment: str) -> None:
    w = teacher()
    before = json.dumps({k: v for k, v in synced(w).items() if k != "status"}, sort_keys=True)
    state, step = w.state, w.step
    send(w, **intent)
    assert fragment in w.status["message"]["text"] and w.status["message"]["level"] == "error"
    assert w.state is state and w.step == step and len(w.match.branches()) == 1
    assert json.dumps({k: v for k, v in synced(w).items() if k != "status"}, sort_keys=True) == before


def test_every_intent_of_the_protocol_has_a_handler() -> None:
    """The intent types listed in docs/widget-protocol.md are exactly the ones the reducer handles."""
    from naga_widget.widget.reducer import INTENTS

    text = (ROOT / "docs" / "widget-protocol.md").read_text(encoding="utf-8")
    table = text.split("## Trait view → Python", 1)[1]
    documented = {name for row in re.findall(r"^\| (`[a-z_]+`(?: / `[a-z_]+`)*) \|", table, re.M)
                  for name in re.findall(r"`([a-z_]+)`", row)}
    assert documented - {"type"} == set(INTENTS)  # "type" heads the table


@pytest.mark.parametrize("kind", [["play"], None, 3, "Play"])
def test_intent_type_must_be_a_known_name(kind: Any) -> None:
    w = teacher()
    send(w, type=kind)
    assert w.status["message"]["text"] == f"unknown intent type {kind!r}" and w.step == 0


def test_mixed_stick_types_call_rejected_with_rule() -> None:
    w = teacher(seed=8)
    groups = call_groups(w.state, w.state.to_move)
    assert len(groups) >= 2, "the seed should give a hand with two stick types"
    send(w, type="play", action=f"call {groups[0][0]} {groups[1][0]}")
    assert "one stick type" in w.status["message"]["text"] and "R4.1" in w.status["message"]["text"]
    assert w.step == 0


# -- navigation and forks ------------------------------------------------------------------------------
def played(seed: int = 3, steps: int = 6) -> NagaWidget:
    w = teacher(seed)
    rng = random.Random(seed)
    for _ in range(steps):
        w.play(w.state.legal_actions().sample(rng))
    return w


def test_navigation_intents() -> None:
    w = played()
    last = w.step
    send(w, type="undo")
    assert w.step == last - 1 and not w.timeline["at_end"]
    send(w, type="start")
    assert w.step == 0 and w.board == board_trait(w.match.state_at(0), "truth")
    send(w, type="redo")
    assert w.step == 1
    send(w, type="goto", to=4)
    assert w.step == 4 and w.timeline["step"] == 4
    send(w, type="end")
    assert w.step == last and w.timeline["can_play"]


def test_past_step_needs_an_explicit_fork() -> None:
    w = played()
    last = w.step
    send(w, type="goto", to=0)
    assert not w.timeline["can_play"] and w.menu  # the menu shows, playing waits for a fork
    card = w.state.legal_actions().sample(random.Random(99))
    send(w, type="play", action=str(card))
    assert "past step" in w.status["message"]["text"] and w.match.last_step == last
    send(w, type="fork")
    assert w.timeline["fork_armed"] and w.timeline["can_play"]
    send(w, type="play", action=str(card))
    assert w.status["message"] is None and len(w.match.branches()) == 2 and w.step == 1
    assert not w.timeline["fork_armed"] and len(w.timeline["branches"]) == 2
    send(w, type="branch", index=0)
    assert w.match.last_step == last and w.match.branch == 0


def test_a_play_from_code_uses_up_an_armed_fork() -> None:
    w = played()
    send(w, type="goto", to=2)
    send(w, type="fork")
    w.play(w.state.legal_actions().sample(random.Random(7)))
    assert len(w.match.branches()) == 2 and w.step == 3
    assert not w.timeline["fork_armed"] and w.timeline["can_play"]


def test_a_failed_play_keeps_the_fork_armed() -> None:
    w = played()
    send(w, type="goto", to=2)
    send(w, type="fork")
    send(w, type="play", action="dance")
    assert "cannot read" in w.status["message"]["text"]
    assert w.timeline["fork_armed"] and len(w.match.branches()) == 1
    with pytest.raises(ValueError):
        w.play("dance")
    send(w, type="unfork")
    assert not w.timeline["fork_armed"]


def test_moving_to_a_past_step_disarms_a_fork() -> None:
    w = played()
    send(w, type="goto", to=3)
    send(w, type="fork")
    send(w, type="undo")
    assert w.step == 2 and not w.timeline["fork_armed"]


def test_unfork_disarms() -> None:
    w = played()
    send(w, type="goto", to=1)
    send(w, type="fork")
    send(w, type="unfork")
    assert not w.timeline["fork_armed"] and not w.timeline["can_play"]


def test_code_changes_update_every_view() -> None:
    match = Match(seed=4)
    a, b = NagaWidget(match, perspective="teacher"), NagaWidget(match, perspective="spectator")
    action = match.legal_actions().sample(random.Random(1))
    a.play(action)
    assert a.timeline["step"] == b.timeline["step"] == 1
    match.goto(0)
    assert a.timeline["step"] == b.timeline["step"] == 0 and b.board == board_trait(match.state, "spectator")


def test_a_closed_view_stops_following_the_match() -> None:
    match = Match(seed=4)
    a, b = NagaWidget(match, perspective="teacher"), NagaWidget(match, perspective="spectator")
    b.close()
    a.play(match.legal_actions().sample(random.Random(1)))
    assert a.timeline["step"] == 1 and b.timeline["step"] == 0


# -- perspectives ----------------------------------------------------------------------------------
def test_spectator_never_gets_a_menu() -> None:
    w = NagaWidget(seed=2, perspective="spectator")
    assert w.menu == {} and w.board["players"][0]["hand"] is None and w.board["players"][1]["hand"] is None
    assert all("relic" not in r for t in w.board["temples"] for r in t["relics"] if not r.get("up"))
    send(w, type="play", action=str(w.state.legal_actions().sample(random.Random(0))))
    assert "R8" in w.status["message"]["text"] and w.step == 0


def test_player_waits_for_the_other_player() -> None:
    w = NagaWidget(seed=2, perspective=0)
    if w.state.to_move == 0:
        w.play(w.state.legal_actions().sample(random.Random(0)))
    assert w.state.to_move == 1 and w.menu == {}
    send(w, type="play", action=str(w.state.legal_actions().sample(random.Random(0))))
    assert "silver's decision" in w.status["message"]["text"]


def test_hotseat_screen_between_turns() -> None:
    w = NagaWidget(seed=6, perspective="hotseat")
    first = w.state.to_move
    assert w.status["screen"] == {"kind": "pass_device", "player": first, "name": TEMPLE_NAMES[first]}
    assert w.board == {} and w.menu == {} and w.events == []
    send(w, type="play", action=str(w.state.legal_actions().sample(random.Random(0))))
    assert "pass the device" in w.status["message"]["text"] and w.step == 0
    send(w, type="reveal")
    assert w.status["screen"] is None and w.board == board_trait(w.state, first) and w.menu["player"] == first
    send(w, type="play", action=str(w.state.legal_actions().sample(random.Random(0))))
    assert w.state.to_move == 1 - first
    assert w.status["screen"]["player"] == 1 - first and w.board == {}


def test_bot_opponent_plays_its_turns() -> None:
    w = NagaWidget(seed=9, perspective=0, opponent=RandomBot(3))
    rng = random.Random(4)
    for _ in range(30):
        if w.state.is_over:
            break
        assert w.state.to_move == 0  # the bot has played every silver turn already
        send(w, type="play", action=str(w.state.legal_actions().sample(rng)))
        assert w.status["message"] is None
    assert w.match.last_step >= 30


def test_bot_moves_appear_one_by_one_in_a_kernel(monkeypatch: pytest.MonkeyPatch) -> None:
    """In a kernel the bot waits ``bot_delay`` seconds before each of its moves, so each shows on its own."""
    import asyncio

    import naga_widget.widget.widget as widget_module

    async def scenario() -> list[int]:
        monkeypatch.setattr(widget_module, "_kernel_loop", asyncio.get_running_loop)
        w = NagaWidget(seed=9, perspective="teacher", opponent=RandomBot(3), bot_delay=0.01)
        rng = random.Random(1)
        while w.state.to_move != 1:  # the teacher plays gold until it is the bot's turn
            w.play(w.state.legal_actions().sample(rng))
        seen = [w.step]
        for _ in range(200):
            await asyncio.sleep(0.005)
            if w.step != seen[-1]:
                seen.append(w.step)
            if w.state.to_move != 1 or w.state.is_over:
                break
        return seen

    seen = asyncio.run(scenario())
    assert len(seen) >= 2 and all(b == a + 1 for a, b in zip(seen, seen[1:])), seen


def test_static_fallback_is_an_svg_of_the_view() -> None:
    w = NagaWidget(seed=1, perspective=1)
    data = w._repr_mimebundle_()
    data = data[0] if isinstance(data, tuple) else data
    assert data["text/html"].startswith("<svg") and "application/vnd.jupyter.widget-view+json" in data
    opponent_hand = w.state.hands[0]
    assert not any(f">{card}" in data["text/html"] or f" {card}" in data["text/html"] for card in opponent_hand)


def test_event_log_has_rule_ids() -> None:
    w = played()
    assert w.event_log and all(entry["rule"][0] in "RE" for entry in w.event_log)
    assert w.events[-1]["text"] == w.event_log[-1]["text"]
    assert w.events == [{k: e[k] for k in ("step", "rule", "kind", "text")} for e in w.event_log[-LOG_WINDOW:]]


def test_log_is_left_to_ipywidgets() -> None:
    """``log`` is the logger ipywidgets writes to; the view's events have their own name."""
    w = played()
    assert isinstance(w.log, logging.Logger) and isinstance(w.event_log, list)
    assert "log" not in w.keys  # no synced trait of that name: the view reads only ``events``


def test_event_log_follows_the_viewer() -> None:
    """A player's log holds their own secret results; the other player's does not (R6, E06)."""
    match = Match(seed=0)
    play_match(match, [RandomBot(0), RandomBot(100)])
    private = [(step, e) for step, e in match.events() if e.private_to in (0, 1) and e.secret_text]
    assert private, "the seed should give a secret event"
    step, event = private[0]
    match.goto(step)
    own, other = NagaWidget(match, perspective=event.private_to), NagaWidget(match, perspective=1 - event.private_to)
    assert any(event.secret_text in e["text"] for e in own.event_log)
    assert not any(event.secret_text in e["text"] for e in other.event_log)


# -- no hidden information in synced traits ---------------------------------------------------------
def check_no_leak(w: NagaWidget, viewer: int | str) -> None:
    state = w.state
    current = json.dumps({k: getattr(w, k) for k in ("board", "menu", "status")})
    for hidden in hidden_ids(state, viewer):
        assert f'"{hidden}"' not in current, f"{hidden} leaked to {viewer} at step {w.step}"
    for t, temple in enumerate(w.board["temples"]):
        for i, relic in enumerate(temple["relics"]):
            if relic.get("relic") is not None:
                known = state.temples[t].known[2 if viewer == "spectator" else viewer]
                assert relic.get("up") or known >> i & 1, f"relic {relic['slot']} leaked to {viewer}"
    events = json.dumps(w.events)
    for _, event in w.match.events():
        if event.secret_text and event.private_to != viewer:
            assert f"{event.text}: {event.secret_text}" not in events
    node = w.match.node
    if node.action is not None and node.action.kind == "call" and viewer != node.parent.state.to_move:
        assert not any(card in w.timeline["label"] for card in node.action.cards)


@pytest.mark.parametrize("seed", range(12))
def test_no_hidden_values_in_synced_traits(seed: int) -> None:
    match = Match(seed=seed)
    play_match(match, [RandomBot(seed), RandomBot(seed + 100)])
    views = {v: NagaWidget(match, perspective=v) for v in (0, 1, "spectator")}
    for k in range(0, match.last_step + 1, 2):
        match.goto(k)
        for viewer, w in views.items():
            check_no_leak(w, viewer)


def test_compact_board_leaves_the_observation_as_it_was() -> None:
    obs = Match(seed=3).state.observe("truth")
    before = json.dumps(obs, sort_keys=True)
    board = compact_board(obs)
    assert json.dumps(obs, sort_keys=True) == before
    assert len(json.dumps(board)) < len(before) and board["temples"] is not obs["temples"]


def test_a_game_without_hints_says_so_and_refuses_one() -> None:
    """``NagaWidget(hints=False)``: the deciding view is told no hint may be asked, and one sent anyway is
    refused with a message; by default the same view may ask."""
    w = NagaWidget(Match(seed=2), perspective="teacher")
    assert w.menu and w.status["hint_allowed"] is True
    closed = NagaWidget(Match(seed=2), perspective="teacher", hints=False)
    assert closed.menu and closed.status["hint_allowed"] is False
    send(closed, type="hint", iterations=5)
    assert "allows no hints" in closed.status["message"]["text"] and not closed.explain
    with pytest.raises(TypeError, match="hints must be True or False"):
        NagaWidget(hints="no")  # type: ignore[arg-type]
