"""What a viewer must not know (R6), as the ids the leak searches look for in what a view receives.

One helper for every leak search (the widget's synced traits, the replays, the explaining bots): each
asks :func:`hidden_ids` and searches its text for the ids as JSON strings or as words.
"""

from __future__ import annotations

from naga_widget.rules import State


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
