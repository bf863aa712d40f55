"""Decisions in words for players, read from the effect records and the ruleset.

The widget's menus, its timeline and its explanations say actions this way; the words of an
effect's targets are its record's (:attr:`~naga_widget.rules.effects.base.Effect.words`).

>>> from naga_widget.rules import STANDARD, Action
>>> action_words(Action.coerce("invoke 07a brown gold:N1 gold:E2"), STANDARD, 0)
'Invoke Shifting Altars: swap gold N1 ↔ E2, paying a brown naga'
>>> label_words(Action.coerce("place 6 rot2"), STANDARD, 1)
'silver placed the room on space 6 (row 2, col 0), turned 2'
"""

from __future__ import annotations

from .actions import AnyAction, Call, Give, Invoke, Pass, Place
from .effects import EFFECTS
from .effects.base import space_words
from .ruleset import TEMPLE_NAMES, Ruleset


def pay_words(pay: str) -> str:
    """``"a brown naga"``, or ``"a naga charm"`` for ``charm``."""
    return "a naga charm" if pay == "charm" else f"a {pay} naga"


def card_words(card: str, ruleset: Ruleset) -> str:
    """``"03c (Snuffed Torch)"``: a card with its effect's name."""
    effect = ruleset.card_effect.get(card)
    return f"{card} ({EFFECTS[effect].name})" if effect in EFFECTS else card


def invoke_words(action: Invoke, ruleset: Ruleset, player: int) -> str:
    """``"Invoke Shifting Altars: swap gold N1 ↔ E2, paying a brown naga"`` (the invoker is ``player``)."""
    effect = EFFECTS.get(ruleset.card_effect.get(action.card, ""))
    if effect is None:
        return f"Invoke {action.card}, paying {pay_words(action.pay)}"
    return f"Invoke {effect.name}: {effect.target_words(action.target, player)}, paying {pay_words(action.pay)}"


def action_words(action: AnyAction, ruleset: Ruleset, player: int) -> str:
    """A decision of ``player`` in words, as a button or a list of candidates says it."""
    if isinstance(action, Pass):
        return "Pass"
    if isinstance(action, Call):
        return "Call " + ", ".join(card_words(c, ruleset) for c in action.cards)
    if isinstance(action, Give):
        return f"Give {card_words(action.card, ruleset)}"
    if isinstance(action, Place):
        return f"Place the room on {space_words(action.space)}, turned {action.rotation}"
    return invoke_words(action, ruleset, player)


def label_words(action: AnyAction, ruleset: Ruleset, player: int, hidden_call: bool = False) -> str:
    """What ``player`` did, in words: ``"gold passed"``. ``hidden_call``: the call is face down for the
    viewer, who is told only its number of cards."""
    who = TEMPLE_NAMES[player]
    if isinstance(action, Pass):
        return f"{who} passed"
    if isinstance(action, Call):
        n = len(action.cards)
        if hidden_call:
            return f"{who} called {n} card{'' if n == 1 else 's'} face down"
        return f"{who} called {', '.join(action.cards)}"
    if isinstance(action, Give):
        return f"{who} gave {card_words(action.card, ruleset)}"
    if isinstance(action, Place):
        return f"{who} placed the room on {space_words(action.space)}, turned {action.rotation}"
    return f"{who} invoked{invoke_words(action, ruleset, player)[len('Invoke'):]}"
