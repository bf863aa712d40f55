"""What a viewer must not know (R6), as the ids the leak searches look for in what a view receives.

One helper for every leak search (the widget's synced traits, the replays, the explaining bots): each
asks :func:`hidden_ids` and searches its text for the ids as JSON strings or as words. For a match
of several lines, :func:`never_seen` names what a view of one line must hold at none of its steps,
and :func:`forked_match` and :func:`fork_with_an_invoke` make such matches.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable

from naga_widget import Match
from naga_widget.rules import Give, Invoke, State


def secret_cards(state: State, p: int) -> set[str]:
    """The cards of player ``p`` nobody else knows: the hand, and a call still face down (R4.1), but for
    the cards known to be held (a card given in the New Deal)."""
    call = set(state.calls[p] or ()) if state.phase == "call" else set()
    return (set(state.hands[p]) | call) - state.shown[p]


def hidden_ids(state: State, viewer: int | str) -> set[str]:
    """Ids ``viewer`` must not see at ``state``: the others' cards not known to be held, the deck, the
    cards drawn by the guide, hidden amulets (until the end, R7), amulets lying face down on tiles and
    the hidden offered amulet. The whole truth (``"truth"``) may see everything."""
    if viewer == "truth":
        return set()
    hidden: set[str] = set(state.deck) | set(state.amulet_pile)
    for p in (0, 1):
        if viewer == p:
            continue
        hidden |= secret_cards(state, p)
        if state.outcome is None:
            hidden |= set(state.amulets[p])
    if state.phase == "give" and viewer != state.guide:
        hidden |= set(state.drawn)
    for temple in state.temples:
        hidden |= {a for a in temple.amulets if a is not None}
    if state.offered and state.offered[1]:
        hidden.add(state.offered[1])
    return hidden


def leaked(ids: Iterable[str], text: str) -> list[str]:
    """The ids of ``ids`` that ``text`` holds, as a JSON string (``"02c"``) or as a word (``invoke 02c``)."""
    return sorted(i for i in ids if f'"{i}"' in text or re.search(rf"(?<!\w){re.escape(i)}(?!\w)", text))


# -- matches of several lines: what a view of one line must not hold from the others -----------------------
def never_seen(match: Match, viewer: int | str) -> set[str]:
    """The ids hidden from ``viewer`` at every step of the match's current line: nothing a view of that
    line shows, at any of its steps, may hold them (another line may have shown them)."""
    line = match.line()
    return set.intersection(*(hidden_ids(node.state, viewer) for node in line))


def forked_match(seed: int, forks: int = 3, steps: int = 24) -> Match:
    """A match of several lines on which different things come to light.

    The first line is a random game to its end. Then, ``forks`` times, the match goes back to a step
    of the current line and plays another action there (an invoke or a give, where one is legal, so
    that the new line names a card still hidden on the old one; the chance after the fork is rolled
    again, so later deals differ), and plays on at random for ``steps`` actions or to the end.
    The current line is the last one made.
    """
    rng = random.Random(seed)
    match = Match(seed=seed)
    while not match.state.is_over:
        match.play(match.legal_actions().sample(rng))
    for _ in range(forks):
        line = match.line()
        places = [node.depth for node in line[:-1] if len(node.state.legal_actions()) > 1]
        revealing = [k for k in places if any(isinstance(a, (Invoke, Give)) for a in line[k].state.legal_actions())]
        k = rng.choice(revealing or places)
        match.goto(k)
        played = line[k + 1].action
        others = [a for a in match.legal_actions() if a != played]
        preferred = [a for a in others if isinstance(a, (Invoke, Give))]
        match.play(rng.choice(preferred or others), fork=True)
        for _ in range(steps):
            if match.state.is_over:
                break
            match.play(match.legal_actions().sample(rng))
    return match


def fork_with_an_invoke(seed: int) -> tuple[Match, Invoke]:
    """The line of the issue that found the leak: silver could invoke a card and passed (line 0); the
    match went back and played the invoke (line 1); line 0 is shown again. The invoke is returned."""
    rng = random.Random(seed)
    match = Match(seed=seed)
    while True:
        state = match.state
        assert not state.is_over, "no invoke by silver in this game: try another seed"
        invokes = [a for a in state.legal_actions() if isinstance(a, Invoke)] if state.phase == "confront" else []
        if state.to_move == 1 and invokes:
            break
        match.play(state.legal_actions().sample(rng))
    match.play("pass")
    match.undo()
    match.play(invokes[0], fork=True)
    match.switch(0)
    return match, invokes[0]
