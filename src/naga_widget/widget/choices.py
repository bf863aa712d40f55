"""The decision of a view as a tree of choices: the ``menu`` trait (docs/widget-protocol.md).

Python builds the whole decision here, from the engine's legal actions (R8); the JS view only draws the
tree and sends back the action text of the choice the person confirms. It builds no action text and
judges no legality: every choice it offers is a node of the tree.

A node is ``{key, label, words, action, done, openings, preview, next}``, its empty entries left out:

- ``key``: what the node's control stands for (a card id, a payment, a target token, a space number,
  a rotation number); the view finds the node chosen by it among its siblings;
- ``label`` and ``words``: the control's short text and its longer words;
- ``action``: the action text the choice completes to, when it can be confirmed there (a target that
  is a prefix of a longer one is complete while ``next`` still offers more);
- ``done``: the confirm button's words for that action;
- ``openings``: the room's openings turned so (a rotation of a placement, R1.1);
- ``preview``: what the action would do to the temples (:mod:`.preview`: a placement, E07–E10);
- ``next``: the choices that may follow.

The tree of each step (R4): a call chooses a set of cards, so its ``choices`` are the cards and its
``calls`` the complete calls (``{cards, action, words}``, each a set of one group, R4.1); a
confrontation has ``pass`` (a node) and ``choices``, the cards to invoke, then their payments, then the
target one token at a time (an unordered pair of E06, E07, E10 may be picked in either order and is
sent in the engine's order); a placement's ``choices`` are the spaces, then their rotations; the New
Deal's the cards to give.

>>> from naga_widget import Match
>>> m = Match(seed=1)
>>> menu = decision_menu(m.state, m.state.to_move)
>>> menu["calls"][0]
{'cards': ['05a'], 'action': 'call 05a', 'words': 'Call 1 card: 2 brown sticks to throw'}
"""

from __future__ import annotations

from typing import Any, cast

from ..rules import EFFECTS, TEMPLE_NAMES, Call, Give, Invoke, Pass, Place, State
from ..rules.effects import Target
from ..rules.effects.base import space_words, token_words
from ..rules.ruleset import openings_text, rotate
from ..rules.steps import step_title
from ..rules.wording import pay_words
from .deciding import only_choice
from .preview import effect_previews, placement_previews
from .wire import Menu

Node = dict[str, Any]


def _node(key: Any, label: str, words: str = "", **more: Any) -> Node:
    node: Node = {"key": key, "label": label}
    if words:
        node["words"] = words
    node.update({k: v for k, v in more.items() if v is not None})
    return node


def _child(nodes: list[Node], key: Any, label: str, words: str = "", **more: Any) -> Node:
    """The node of ``nodes`` with ``key``, added at their end (made with the rest) when there is none."""
    for node in nodes:
        if node["key"] == key:
            return node
    node = _node(key, label, words, **more)
    nodes.append(node)
    return node


# -- R4.1 the call ------------------------------------------------------------------------------------
def call_words(cards: tuple[str, ...], state: State) -> str:
    """``"Call 2 cards: 4 brown sticks to throw"``: what a call of one group brings (R4.2.1)."""
    rs = state.ruleset
    n = len(cards)
    sticks = sum(rs.card(c).count for c in cards)
    stick = rs.card_stick[cards[0]]
    return (f"Call {n} card{'' if n == 1 else 's'}: {sticks} {stick} stick{'' if sticks == 1 else 's'} "
            f"to throw")


def _call(state: State, legal: list[Call]) -> dict[str, Any]:
    cards = list(dict.fromkeys(c for call in legal for c in call.cards))  # by stick type, as listed
    return {"choices": [_node(c, c) for c in cards],
            "calls": [{"cards": list(call.cards), "action": str(call), "words": call_words(call.cards, state)}
                      for call in legal]}


# -- R4.2 the confrontation ---------------------------------------------------------------------------
def invoke_done(state: State, card: str, pay: str, words: str) -> str:
    """``"Invoke Shifting Altars: swap gold N1 ↔ E2, paying a brown naga"``; ``words``: the target's."""
    name = EFFECTS[state.ruleset.card_effect[card]].name
    return f"Invoke {name}{f': {words}' if words else ''}, paying {pay_words(pay)}"


def _pay_node(pay: str) -> Node:
    said = ("an unspent naga charm (an amulet)" if pay == "charm"
            else f"your {pay} stick showing a naga goes back to the supply")
    return _node(pay, pay_words(pay), said, next=[])


def _targets(state: State, player: int, card: str, pay: str, pay_node: Node,
             targets: tuple[Target, ...]) -> None:
    """The target trie of one (card, payment) under ``pay_node``: one token per level. A target's node
    is complete (``action``); the first listed target a path names is the one it completes to."""
    effect = EFFECTS[state.ruleset.card_effect[card]]
    previews = effect_previews(state, effect.id, targets)
    for i, target in enumerate(targets):
        said = effect.target_words(target, player)
        kinds = dict(zip(target, effect.kinds))
        paths = [target]
        if effect.unordered and len(target) == 2 and target[0] != target[1]:
            paths.append(target[::-1])  # either member first; the pair is sent as listed
        for path in paths:
            node = pay_node
            for token in path:
                node = _child(node.setdefault("next", []), token, token_words(kinds[token], token))
            if "action" not in node:
                node["action"] = str(Invoke(card, pay, target))
                node["done"] = invoke_done(state, card, pay, said)
                if previews is not None:
                    node["preview"] = previews[i]
    if not pay_node["next"]:
        del pay_node["next"]


def _confront(state: State, player: int) -> dict[str, Any]:
    legal = state.legal_actions()
    cards: list[Node] = []
    for card, pay in legal.invoke_heads():
        card_node = _child(cards, card, card, next=[])
        pay_node = _pay_node(pay)
        card_node["next"].append(pay_node)
        _targets(state, player, card, pay, pay_node, legal.targets(card, pay))
    menu: dict[str, Any] = {"choices": cards}
    if any(isinstance(a, Pass) for a in legal):
        menu["pass"] = _node("pass", "Pass", action="pass")
    return menu


# -- R4.3 the placement -------------------------------------------------------------------------------
def _place(state: State, player: int, legal: list[Place]) -> dict[str, Any]:
    assert state.offered is not None
    room = state.ruleset.room(state.offered[0])
    spaces: list[Node] = []
    for action, preview in zip(legal, placement_previews(state)):
        space, k = action.space, action.rotation
        node = _child(spaces, space, str(space), space_words(space), next=[])
        openings = openings_text(rotate(room.openings, k))
        node["next"].append(_node(
            k, f"rot{k} · {openings}", f"rotation {k}: openings {openings}", openings=openings,
            action=str(action), preview=preview,
            done=f"Place {room.id} on {space_words(space)}, openings {openings or 'none'}"))
    return {"room": {"id": room.id, "openings": openings_text(room.openings)}, "choices": spaces}


# -- R4.4 the New Deal --------------------------------------------------------------------------------
def _give(state: State, player: int, legal: list[Give]) -> dict[str, Any]:
    other = TEMPLE_NAMES[1 - player]
    name = {c.id: EFFECTS[c.effect].name for c in state.ruleset.cards}
    return {"choices": [_node(a.card, a.card, action=str(a), done=f"Give {a.card} ({name[a.card]}) to {other}")
                        for a in legal]}


def decision_menu(state: State, player: int) -> Menu:
    """The ``menu`` trait: the decision of ``player`` now as a tree of choices (see the module), with
    ``player``, ``phase``, ``step_name`` and, when the decision has a single legal choice, ``only``
    (:func:`.deciding.only_choice`)."""
    phase = state.phase
    menu: dict[str, Any] = {"player": player, "phase": phase, "step_name": step_title(phase)}
    legal = list(state.legal_actions())
    if phase == "call":
        menu.update(_call(state, [a for a in legal if isinstance(a, Call)]))
    elif phase == "confront":
        menu.update(_confront(state, player))
    elif phase == "place":
        menu.update(_place(state, player, [a for a in legal if isinstance(a, Place)]))
    elif phase == "give":
        menu.update(_give(state, player, [a for a in legal if isinstance(a, Give)]))
    only = only_choice(state, player)
    if only is not None:
        menu["only"] = only
    return cast(Menu, menu)


def leaves(menu: Menu | dict[str, Any]) -> list[Node]:
    """Every node of ``menu`` that completes to an action (the pass, each call, each complete node)."""
    tree = cast(dict[str, Any], menu)
    found: list[Node] = [tree["pass"]] if "pass" in tree else []
    found += tree.get("calls", [])
    stack = list(reversed(tree.get("choices", [])))
    while stack:
        node = stack.pop()
        if "action" in node:
            found.append(node)
        stack.extend(reversed(node.get("next", [])))
    return found


__all__ = ["call_words", "decision_menu", "invoke_done", "leaves"]
