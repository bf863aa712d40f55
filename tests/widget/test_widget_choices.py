"""The decision as a tree of choices (``naga_widget.widget.choices``; docs/widget-protocol.md): every legal
action is a complete node of the tree, with its action text, its words, its openings and its preview, so
the view builds no action text and judges nothing."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from naga_widget import Match
from naga_widget.rules import EFFECTS, STANDARD, Action, Call, Invoke, State
from naga_widget.rules.effects.base import space_words
from naga_widget.rules.ruleset import openings_text, rotate
from naga_widget.widget.choices import call_words, decision_menu, invoke_done, leaves
from naga_widget.widget.preview import effect_preview, placement_preview


def states(seeds: range) -> list[State]:
    """Every state met in random games, one game per seed."""
    found = []
    for seed in seeds:
        m = Match(seed=seed)
        rng = random.Random(seed)
        while not m.state.is_over:
            found.append(m.state)
            m.play(m.state.legal_actions().sample(rng))
    return found


STATES = states(range(6))


def paths(node: dict[str, Any], path: tuple[Any, ...] = ()) -> list[tuple[tuple[Any, ...], dict[str, Any]]]:
    """(keys from the first level, node) for every node under ``node``'s children."""
    found = []
    for child in node.get("next", []):
        here = (*path, child["key"])
        found.append((here, child))
        found += paths(child, here)
    return found


def test_every_legal_action_is_a_complete_node_of_the_tree_and_nothing_else() -> None:
    phases: Counter[str] = Counter()
    for state in STATES:
        menu = decision_menu(state, state.to_move)
        legal = [str(a) for a in state.legal_actions()]
        done = [node["action"] for node in leaves(menu)]
        assert set(done) == set(legal), state.phase
        # an action is reached by one path, or by two: an unordered pair picked in either order (E06, E07, E10)
        twice = [a for a, n in Counter(done).items() if n > 1]
        for text in twice:
            action = Action.coerce(text)
            assert isinstance(action, Invoke) and EFFECTS[STANDARD.card_effect[action.card]].unordered
            assert Counter(done)[text] == 2 and len(action.target) == 2
        phases[state.phase] += 1
    assert all(phases[p] > 20 for p in ("call", "confront", "place", "give")), phases


def test_a_path_of_an_invoke_names_its_card_payment_and_tokens_and_an_unordered_pair_either_way() -> None:
    met: Counter[str] = Counter()
    for state in STATES:
        if state.phase != "confront":
            continue
        menu = decision_menu(state, state.to_move)
        assert menu["pass"] == {"key": "pass", "label": "Pass", "action": "pass"}
        for card in menu["choices"]:
            for keys, node in paths(card, (card["key"],)):
                if "action" not in node:
                    assert node.get("next"), keys  # a node that completes nothing leads on
                    continue
                action = Action.coerce(node["action"])
                assert isinstance(action, Invoke) and (action.card, action.pay) == keys[:2]
                effect = EFFECTS[STANDARD.card_effect[action.card]]
                if keys[2:] != action.target:
                    assert effect.unordered and keys[2:] == action.target[::-1], node["action"]
                    met[effect.id] += 1
                if "preview" in node:
                    assert node["preview"] == effect_preview(state, effect.id, action.target)
    assert met["E06"] + met["E07"] + met["E10"] > 0 and set(met) <= {"E06", "E07", "E10"}, met


def test_a_placement_names_its_space_then_its_rotation_with_the_openings_the_rules_turn() -> None:
    seen = Counter[str]()
    for state in STATES:
        if state.phase != "place":
            continue
        menu = decision_menu(state, state.to_move)
        assert state.offered is not None
        room = state.ruleset.room(state.offered[0])
        assert menu["room"] == {"id": room.id, "openings": openings_text(room.openings)}
        for space in menu["choices"]:
            assert (space["label"], space["words"]) == (str(space["key"]), space_words(space["key"]))
            turned = [rot["openings"] for rot in space["next"]]
            assert len(set(turned)) == len(turned)  # one node per orientation (R4.3.2)
            for rot in space["next"]:
                s, k = space["key"], rot["key"]
                openings = openings_text(rotate(room.openings, k))  # R1.1
                assert rot["openings"] == openings and rot["action"] == f"place {s} rot{k}"
                assert rot["label"] == f"rot{k} · {openings}" and rot["words"] == f"rotation {k}: openings {openings}"
                assert rot["done"] == f"Place {room.id} on {space_words(s)}, openings {openings or 'none'}"
                assert rot["preview"] == placement_preview(state, s, k)
                seen[room.shape] += 1
    assert len(seen) >= 3, seen


def test_the_words_of_each_decision_are_written_here() -> None:
    state = next(s for s in STATES if s.phase == "call")
    menu = decision_menu(state, state.to_move)
    for call in menu["calls"]:
        cards = tuple(call["cards"])
        assert call["action"] == str(Call(cards)) and call["words"] == call_words(cards, state)
    named = dict.fromkeys(c for call in menu["calls"] for c in call["cards"])
    assert [n["key"] for n in menu["choices"]] == list(named)
    e07 = next(c.id for c in STANDARD.cards if c.effect == "E07")
    e12 = next(c.id for c in STANDARD.cards if c.effect == "E12")
    assert invoke_done(state, e07, "brown", "swap gold N1 ↔ E2") == \
        "Invoke Shifting Altars: swap gold N1 ↔ E2, paying a brown naga"
    assert invoke_done(state, e12, "charm", "") == "Invoke Scroll of Wisdom, paying a naga charm"
    brown = [c.id for c in STANDARD.cards if c.stick == "brown"][:2]
    sticks = sum(STANDARD.card(c).count for c in brown)
    assert call_words(tuple(brown), state) == f"Call 2 cards: {sticks} brown sticks to throw"
    give = next(s for s in STATES if s.phase == "give")
    menu = decision_menu(give, give.to_move)
    other = ("gold", "silver")[1 - give.to_move]
    for node in menu["choices"]:
        name = EFFECTS[STANDARD.card_effect[node["key"]]].name
        assert node["action"] == f"give {node['key']}" and node["done"] == f"Give {node['key']} ({name}) to {other}"


def test_a_payment_says_what_it_spends() -> None:
    said = {}
    for state in STATES:
        if state.phase == "confront":
            for card in decision_menu(state, state.to_move)["choices"]:
                for pay in card["next"]:
                    said[pay["key"]] = (pay["label"], pay["words"])
    assert said["charm"] == ("a naga charm", "an unspent naga charm (an amulet)")
    assert said["brown"] == ("a brown naga", "your brown stick showing a naga goes back to the supply")
