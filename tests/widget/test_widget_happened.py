"""What just happened: after steps played without the person (a bot's moves, automatic passes, the
steps the rules play by themselves), the view sends a summary of everything since the person's last
decision (``timeline.happened``, :func:`naga_widget.widget.projection.happened`): the viewer's own
events of those steps with their rule ids, and the places to mark. Per viewer, it holds nothing that
viewer must not know (R6); it is absent where nothing was played without the person."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hidden_facts import hidden_ids
from widget_helpers import message, send

from naga_widget import NagaWidget, RandomBot
from naga_widget.diff import step_changes
from naga_widget.widget.projection import HAPPENED_EVENTS, View, traits


def word_in(word: str, text: str) -> bool:
    import re

    return re.search(rf"(?<![\w]){re.escape(word)}(?![\w])", text) is not None


def decided_step(w: NagaWidget, seat: int) -> int:
    """The step made by ``seat``'s last decision in ``w`` (found by walking the line)."""
    node_id = w._view.decided[seat]
    return next(n.depth for n in w.match.line() if n.id == node_id)


def check_summary(w: NagaWidget, viewer: int | str, since: int) -> dict[str, Any]:
    """The summary holds exactly ``viewer``'s log from step ``since`` (the person's decision) to now, and
    the places that differ between ``viewer``'s observations before that step and now."""
    h = w.timeline["happened"]
    assert h is not None, f"no summary at step {w.step} since step {since}"
    log = [{"step": e["step"], "rule": e["rule"], "text": e["text"]} for e in w.match.log(viewer)
           if e["step"] >= since]
    assert h["events"] == log[-HAPPENED_EVENTS:] and h["more"] == max(0, len(log) - HAPPENED_EVENTS)
    assert h["steps"] == [since, w.step]
    marks = step_changes(w.match.state_at(since - 1).observe(viewer), w.match.observe(viewer))
    assert (h["spaces"], h["slots"], h["players"]) == (marks["spaces"], marks["slots"], marks["players"])
    for e in h["events"]:  # R6: each event as the viewer saw it then
        for hidden in hidden_ids(w.match.state_at(e["step"]), viewer):
            assert not word_in(hidden, e["text"]), f"{hidden} told to {viewer}: {e['text']}"
    return h


@pytest.mark.parametrize("seat", [0, 1])
def test_after_the_bot_plays_the_summary_holds_every_event_since_the_decision(seat: int) -> None:
    w = NagaWidget(seed=11, perspective=seat, opponent=RandomBot(seed=3), bot_delay=0)
    rng = random.Random(seat)
    shown = longest = 0
    while not w.state.is_over:
        assert w.state.to_move == seat
        send(w, type="play", action=str(w.state.legal_actions().sample(rng)))
        assert message(w) == ""
        since = decided_step(w, seat)
        if w.step == since:  # the person decides again at once: nothing was played without them
            assert w.timeline["happened"] is None
            continue
        h = check_summary(w, seat, since)
        shown += 1
        longest = max(longest, w.step - since)
        assert f"step {since}" in h["since"]
        # the hidden calls and draws of the bot stay hidden; one's own stay visible
        assert not any("card(s) face down:" in e["text"] for e in h["events"]
                       if e["text"].startswith(w.status["names"][1 - seat]))
    assert shown > 5 and longest >= 2


def test_the_bot_moving_first_is_summed_up_from_the_start() -> None:
    for seed in range(1, 30):
        w = NagaWidget(seed=seed, perspective=0, opponent=RandomBot(seed=1), bot_delay=0)
        if w.step > 0:
            break
    else:
        pytest.fail("the bot never moved first")
    h = w.timeline["happened"]
    assert h["since"] == "Since the start of the game" and h["steps"] == [1, w.step]
    assert {e["step"] for e in h["events"]} == set(range(1, w.step + 1))  # not the setup's events


def test_no_summary_at_a_past_step_for_a_spectator_or_behind_the_screen() -> None:
    w = NagaWidget(seed=11, perspective=0, opponent=RandomBot(seed=3), bot_delay=0)
    rng = random.Random(1)
    while w.timeline["happened"] is None or w.timeline["happened"]["steps"][0] == w.step:
        send(w, type="play", action=str(w.state.legal_actions().sample(rng)))
    send(w, type="undo")
    assert w.timeline["happened"] is None  # a past step: the summary is of the present
    send(w, type="end")
    assert w.timeline["happened"] is not None
    assert traits(w.match, View("spectator", decided=w._view.decided))["timeline"]["happened"] is None
    hot = traits(w.match, View("hotseat", decided=w._view.decided))
    assert hot["status"]["screen"] is not None and hot["timeline"]["happened"] is None
    seen = traits(w.match, View("hotseat", holder=0, decided=w._view.decided))["timeline"]["happened"]
    assert seen == w.timeline["happened"]  # gold holds the device: gold's own summary


def test_each_viewer_reads_its_own_summary_of_the_same_steps() -> None:
    """Gold called; silver called face down. Gold's summary says silver called without naming the cards,
    the teacher's names them (the truth), and each is that viewer's own log of those steps."""
    w = NagaWidget(seed=11, perspective=0, opponent=RandomBot(seed=3), bot_delay=0)
    rng = random.Random(0)
    while True:  # until silver's face-down call is part of what happened since gold's decision
        send(w, type="play", action=str(w.state.legal_actions().sample(rng)))
        h = w.timeline["happened"]
        if h and any(e["text"].startswith("silver calls") for e in h["events"]):
            break
    since = decided_step(w, 0)
    gold = check_summary(w, 0, since)
    teacher = traits(w.match, View("teacher", decided=w._view.decided))["timeline"]["happened"]
    said = [e["text"] for e in gold["events"] if e["text"].startswith("silver calls")]
    truth = [e["text"] for e in teacher["events"] if e["text"].startswith("silver calls")]
    assert said and all(text.endswith("face down") for text in said)
    assert truth and all("face down: " in text for text in truth)
    silver = traits(w.match, View(1, decided=w._view.decided))["timeline"]["happened"]
    assert silver is None  # silver (a bot here) made no decision in this view: no summary for silver's seat


def test_the_auto_pass_note_comes_with_every_automatic_pass() -> None:
    """Every pass the view plays by itself is said, also after a bot's move (the note was once set after
    the traits were synced, so it showed only when something else redrew the view)."""
    w = NagaWidget(seed=9, perspective=0, opponent=RandomBot(seed=1), bot_delay=0)
    rng = random.Random(5)
    notes = 0
    while not w.state.is_over:
        send(w, type="play", action=str(w.state.legal_actions().sample(rng)))
        fresh = traits(w.match, w._view)
        for name, value in fresh.items():
            assert getattr(w, name) == value, f"the synced {name} is stale at step {w.step}"
        autos = [n.depth for n in w.match.line()[decided_step(w, 0) + 1:] if n.parent.state.to_move == 0]
        last = w.status["auto_pass"]["last"]
        if autos:  # a pass of gold's was played after gold's decision: by the view, and it says so
            assert last is not None and last["step"] == autos[-1], (autos, last)
            notes += 1
    assert notes > 0
