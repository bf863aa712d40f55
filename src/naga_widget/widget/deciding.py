"""Deciding in the view: a decision with a single choice said in words (and the pass the view may play
by itself), and how sure a bot's explanation is.

- :func:`only_choice` says why the player has one choice only, in one sentence; for a pass that is
  the only legal decision it also marks it ``auto``: a view with ``auto_pass`` on plays it for a
  seat it decides for (the pass is still a recorded step of the match).
- :func:`confidence` adds to an explanation (:func:`.projection.explained`) an interval around each
  candidate's win chance, the candidates too close to the chosen one to tell apart, a sentence about
  that, and what "win chance" means; a candidate no simulation tried gets no interval.
- :func:`suggestion` is the chosen action in the parts the menu shows (the cards of a call, the pass
  button, the card, payment and targets of an invoke, a space and a rotation, the card given), so that
  the view can mark them at every step, the Call too (the board's shading covers only places).

>>> from naga_widget import Match
>>> suggestion("call 03a 07b", 0)
{'kind': 'call', 'cards': ['03a', '07b']}
>>> only_choice(Match(seed=1).state, 1) is None
True
"""

from __future__ import annotations

import math

from ..rules import EFFECTS, TEMPLE_NAMES, Action, Call, Give, Invoke, Place, State
from ..rules.legal import call_groups, payments
from ..stats import wilson
from .wire import CandidateFigures, Explained, OnlyChoice, Suggestion

Z = 1.96
"""The intervals are about 95%: a normal quantile of 1.96."""


# -- one choice only ---------------------------------------------------------------------------------
def _card_names(state: State, cards: list[str]) -> str:
    names = list(dict.fromkeys(EFFECTS[state.ruleset.card_effect[c]].name for c in cards))
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def pass_reason(state: State, player: int) -> str:
    """Why ``player``, to move in the Confrontation, can only pass, in one sentence for that player
    (it names their cards and amulets: only their own view, or the teacher's, may show it).

    The engine passes by itself when that is evident to both players (an empty hand, or no naga stick
    and no amulet: R4.2.2); the passes left here are decisions that have one legal choice: the amulets
    held are treasures, not naga charms, or no card has a legal target once a naga is paid.
    """
    name = TEMPLE_NAMES[player]
    if not payments(state, player):
        return (f"Passing is {name}'s only choice: no stick of {name}'s shows a naga and {name}'s amulets are "
                f"treasures, not naga charms, so there is no naga to pay for an invoke (R4.2.2).")
    cards = sorted(state.hands[player])
    return (f"Passing is {name}'s only choice: none of {name}'s cards ({_card_names(state, cards)}) has a legal "
            f"target now, and a card is invoked only if its effect has one (R4.2.2, R5).")


def only_choice(state: State, player: int | None) -> OnlyChoice | None:
    """The single choice ``player`` has now, if it is one: ``{action, text, auto}`` (``auto``: it is
    a pass, which a view with auto-pass on may play by itself), else ``None``.

    >>> from naga_widget import Match
    >>> m = Match(seed=1)
    >>> only_choice(m.state, m.state.to_move) is None
    True
    """
    if player is None or state.is_over or state.to_move != player:
        return None
    legal = state.legal_actions()
    if len(legal) != 1:
        return None
    action = next(iter(legal))
    phase = state.phase
    if phase == "confront":
        return {"action": str(action), "text": pass_reason(state, player), "auto": True}
    name = TEMPLE_NAMES[player]
    if phase == "call":
        groups = call_groups(state, player)
        text = (f"{name.capitalize()} holds a single card, and a call is one card or more (R4.1): it is "
                f"{name}'s only call." if sum(map(len, groups)) == 1 else
                f"{name.capitalize()} has a single call (R4.1).")
    elif phase == "place":
        text = ("Only one placement is possible: the room must go in row 2 or next to a tile (R4.3.2), and "
                "rotations that give the same openings count as one.")
    else:
        text = f"{name.capitalize()} has a single choice here (R4.4.2)."
    return {"action": str(action), "text": text, "auto": False}


# -- how sure an explanation is ------------------------------------------------------------------------
def _spread(value: float, n: int, z: float = Z) -> float:
    """The variance of a share's estimate (Agresti–Coull: never 0, even at 0% or 100%)."""
    p = (value * n + z * z / 2) / (n + z * z)
    return p * (1 - p) / (n + z * z)


def too_close(a: tuple[float, int], b: tuple[float, int], z: float = Z) -> bool:
    """Do two win chances ``(value, visits)`` differ by less than the noise of their simulations?

    >>> too_close((0.68, 300), (0.67, 280))
    True
    >>> too_close((0.68, 3000), (0.52, 2800))
    False
    """
    return abs(a[0] - b[0]) <= z * math.sqrt(_spread(*a, z) + _spread(*b, z))


def win_chance_meaning(name: str) -> str:
    """What "win chance" means in an explanation, in plain words, for the deciding player ``name``."""
    return (f"Win chance: of the games the search played on from here after that choice, the share {name} won "
            f"(a game cut short counts as {name}'s estimated chance in it); the range beside it is where the "
            f"share would most likely end up with many more games (95%).")


def confidence(shown: Explained, *, searched: bool = True) -> Explained:
    """An explanation with how sure it is: ``candidate_figures``, for each candidate in the order of
    ``candidates``, ``tried`` (a simulation tried it), ``low`` and ``high`` (its interval, ``None`` when
    not tried) and ``close`` (too close to call with the chosen action, the first candidate);
    ``confidence`` (a sentence about that) and ``meaning`` (what "win chance" means).

    ``searched=False`` is for the reasons of a bot that may be no search (GreedyBot scores each action
    once, by a rule of thumb): its values are no shares of simulated games, so only ``tried`` is given.

    >>> shown = {"name": "gold", "candidates": [{"action": "pass", "visits": 300, "value": 0.68},
    ...     {"action": "invoke 01a brown", "visits": 280, "value": 0.67},
    ...     {"action": "invoke 02b brown", "visits": 0, "value": 0.4}]}
    >>> out = confidence(shown)
    >>> [(c["close"], c["tried"], c["low"]) for c in out["candidate_figures"]]
    [(True, True, 0.6252), (True, True, 0.6129), (False, False, None)]
    >>> print(out["confidence"])
    Too close to call: the search cannot tell its choice from 1 other (marked ≈): their win chances
    differ by less than the noise of their simulations. 1 choice was not tried.
    """
    if not searched:
        return {**shown, "candidate_figures": [{"tried": int(c["visits"]) > 0, "low": None, "high": None,
                                                "close": False} for c in shown.get("candidates", [])]}
    shares = [(float(c["value"]), int(c["visits"])) for c in shown.get("candidates", [])]
    figures: list[CandidateFigures] = []
    for value, n in shares:
        low, high = wilson(value * n, n, Z) if n > 0 else (None, None)
        figures.append({"tried": n > 0, "low": None if low is None else round(low, 4),
                        "high": None if high is None else round(high, 4), "close": False})
    tried = [i for i, f in enumerate(figures) if f["tried"]]
    untried = len(figures) - len(tried)
    if not figures or not figures[0]["tried"]:
        text = ("The only legal choice: the search had nothing to compare." if len(figures) <= 1 else
                "No simulation tried these choices: the search has no win chances to compare.")
    else:
        close = [i for i in tried[1:] if too_close(shares[0], shares[i])]
        if close:
            figures[0]["close"] = True
            for i in close:
                figures[i]["close"] = True
            text = (f"Too close to call: the search cannot tell its choice from {len(close)} other"
                    f"{'' if len(close) == 1 else 's'} (marked ≈): their win chances differ by less than the "
                    f"noise of their simulations.")
        elif len(tried) > 1:
            text = ("A clear choice: its win chance is above every other tried choice's by more than the noise of "
                    "their simulations.")
        else:
            text = "Only this choice was tried: there is nothing to compare it with."
        if untried:
            text += f" {untried} choice{' was' if untried == 1 else 's were'} not tried."
    return {**shown, "candidate_figures": figures, "confidence": text,
            "meaning": win_chance_meaning(str(shown.get("name", "the player")))}


# -- the suggestion on the menu --------------------------------------------------------------------------
def suggestion(action_text: str, player: int) -> Suggestion | None:
    """The parts of the menu that make up ``action_text`` (a legal action of ``player``), for the view
    to mark: ``{kind: "call", cards}``, ``{kind: "pass"}``, ``{kind: "invoke", card, pay, tokens}``,
    ``{kind: "place", space, rotation}`` or ``{kind: "give", card}``; ``None`` for a text that is not
    an action.

    >>> suggestion("place 6 rot1", 0)
    {'kind': 'place', 'space': 6, 'rotation': 1, 'token': 'gold:6'}
    >>> suggestion("invoke 05a charm silver:W0 silver:N1", 0)
    {'kind': 'invoke', 'card': '05a', 'pay': 'charm', 'tokens': ['silver:W0', 'silver:N1']}
    """
    try:
        action = Action.coerce(action_text)
    except ValueError:
        return None
    if isinstance(action, Call):
        return {"kind": "call", "cards": list(action.cards)}
    if isinstance(action, Invoke):
        return {"kind": "invoke", "card": action.card, "pay": action.pay, "tokens": list(action.target)}
    if isinstance(action, Place):
        return {"kind": "place", "space": action.space, "rotation": action.rotation,
                "token": f"{TEMPLE_NAMES[player]}:{action.space}"}
    if isinstance(action, Give):
        return {"kind": "give", "card": action.card}
    return {"kind": action.kind}
