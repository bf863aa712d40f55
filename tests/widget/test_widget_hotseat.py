"""Hot seat: while the "pass the device" screen is up nothing private to either player is synced (R6),
and the timeline stays usable there."""

from __future__ import annotations

import json
import random
import re

from hidden_facts import hidden_ids
from widget_helpers import SYNCED, message, send

from naga_widget import NagaWidget


def traits_text(w: NagaWidget, other_branches: bool = True) -> str:
    """Every synced trait but the catalog (static public data, listing every card of the game).

    Without ``other_branches``: the tips of the branches are left out (a card given there is
    public, and it may lie in this branch's deck).
    """
    shown = {name: getattr(w, name) for name in (*SYNCED, "intent")}
    if not other_branches:
        shown["timeline"] = {k: v for k, v in shown["timeline"].items() if k != "branches"}
    return json.dumps(shown)


def leaks(w: NagaWidget) -> list[str]:
    text = traits_text(w, other_branches=False)
    found = [card for card in hidden_ids(w.state, "spectator") if f'"{card}"' in text or f" {card}" in text]
    # a call's cards are named in no label of the timeline, of this branch or another (R4.1)
    return found + re.findall(r"call \d\d[a-z]", json.dumps(w.timeline))


def hotseat_game(seed: int, forks: bool = True) -> NagaWidget:
    """A hot-seat game played through intents, with a fork made from a past step now and then."""
    rng = random.Random(seed)
    w = NagaWidget(seed=seed, perspective="hotseat")
    for _ in range(60):
        if w.state.is_over:
            break
        if w.status["screen"]:
            assert not leaks(w), (seed, w.step, leaks(w))
            send(w, type="reveal")
        if forks and w.step > 3 and rng.random() < 0.08:
            send(w, type="goto", to=w.step - 2)
            if w.status["screen"]:
                assert not leaks(w), (seed, w.step, leaks(w))
                send(w, type="reveal")
            send(w, type="fork")
        send(w, type="play", action=str(w.state.legal_actions().sample(rng)))
        assert w.status["message"] is None, message(w)
    return w


def test_the_screen_hides_the_call_of_the_player_who_just_called() -> None:
    """The issue's case: after gold's face-down call, silver's screen shows "gold: call 2 card(s)" (R4.1, R6)."""
    w = NagaWidget(seed=6, perspective="hotseat")
    first = w.state.to_move
    send(w, type="reveal")
    card = w.menu["choices"][0]["key"]  # the first card, and the others of its stick type (R4.1)
    cards = max((c["cards"] for c in w.menu["calls"] if card in c["cards"]), key=len)[:2]
    send(w, type="play", action="call " + " ".join(cards))
    assert w.status["screen"]["player"] == 1 - first
    assert not any(c in traits_text(w) for c in cards)
    assert w.timeline["label"].endswith(f"call {len(cards)} card(s)")
    tips = [b["last_action"] or "" for b in w.timeline["branches"]]
    assert not any(c in tip for c in cards for tip in tips)


def test_no_secret_is_synced_while_the_screen_is_up() -> None:
    """Whole games with forks: at every screen no hidden id is in any synced trait, on any branch."""
    screens = 0
    for seed in range(12):
        w = hotseat_game(seed)
        screens += 1
        assert len(w.match.branches()) >= 1
    assert screens == 12


def test_a_fork_branch_tip_with_a_call_stays_hidden_on_the_screen() -> None:
    """A call at the tip of another branch is not shown on the screen either."""
    w = NagaWidget(seed=8, perspective="hotseat")
    rng = random.Random(2)
    send(w, type="reveal")
    send(w, type="play", action=str(w.state.legal_actions().sample(rng)))  # the first call
    send(w, type="reveal")
    tip_call = w.state.legal_actions().sample(rng)
    send(w, type="play", action=str(tip_call))  # the second call ends the branch's tip ... and more follows
    send(w, type="goto", to=1)
    send(w, type="reveal")
    send(w, type="fork")
    other = next(a for a in w.state.legal_actions() if a != tip_call)
    send(w, type="play", action=str(other))
    assert len(w.match.branches()) == 2
    shown = json.dumps(w.timeline)
    if w.status["screen"]:
        assert not any(c in shown for c in (*tip_call.cards, *other.cards)), shown  # type: ignore[union-attr]


def test_going_back_on_the_screen_does_not_trap_the_players() -> None:
    """On the screen the timeline works; going back to the holder's own turn shows the holder's board only."""
    w = NagaWidget(seed=6, perspective="hotseat")
    first = w.state.to_move
    send(w, type="reveal")
    send(w, type="play", action=str(w.state.legal_actions().sample(random.Random(0))))
    assert w.status["screen"]["player"] == 1 - first and w.board == {}
    assert w.timeline["step"] == 1 and w.timeline["last"] == 1  # the timeline is still sent
    send(w, type="undo")  # the holder (first) takes the move back
    assert w.step == 0 and w.status["message"] is None and w.status["screen"] is None
    assert w.status["viewer"] == first and w.board["players"][1 - first]["hand"] is None
    send(w, type="end")
    assert w.step == 1 and w.status["screen"]["player"] == 1 - first and w.board == {}
