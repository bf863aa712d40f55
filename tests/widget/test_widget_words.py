"""The words the view shows come from Python: the menu's target words (the effect records), the
board places, the timeline's labels and a bot's candidates (docs/widget-protocol.md)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from naga_widget import Match, RandomBot
from naga_widget.bots import Candidate, Decision, Explanation
from naga_widget.rules import STANDARD, Action, Invoke
from naga_widget.rules.effects import EFFECTS
from naga_widget.rules.wording import action_words, label_words
from naga_widget.widget.choices import invoke_done
from naga_widget.widget.projection import View, board_places, catalog, explained, traits


def _card_of(effect: str) -> str:
    return next(c.id for c in STANDARD.cards if c.effect == effect)


@pytest.mark.parametrize(("text", "player", "words"), [
    ("pass", 0, "Pass"),
    ("place 6 rot2", 0, "Place the room on space 6 (row 2, col 0), turned 2"),
    ("give 07b", 0, f"Give 07b ({EFFECTS['E07'].name})"),
    ("call 03a 05b", 0, f"Call 03a ({EFFECTS['E03'].name}), 05b ({EFFECTS['E05'].name})"),
    (f"invoke {_card_of('E12')} brown", 0, "Invoke Scroll of Wisdom: draw two cards, paying a brown naga"),
    (f"invoke {_card_of('E07')} brown gold:N1 gold:E2", 0,
     "Invoke Shifting Altars: swap gold N1 ↔ E2, paying a brown naga"),
    (f"invoke {_card_of('E03')} charm teal:N", 1, "Invoke Snuffed Torch: send gold's teal naga back to the supply, "
     "paying a naga charm"),
])
def test_an_action_in_words(text: str, player: int, words: str) -> None:
    assert action_words(Action.coerce(text), STANDARD, player) == words


def test_a_step_in_words_as_the_timeline_says_it() -> None:
    said = lambda text, p, hidden=False: label_words(Action.coerce(text), STANDARD, p, hidden)  # noqa: E731
    assert said("place 6 rot2", 0) == "gold placed the room on space 6 (row 2, col 0), turned 2"
    assert said("call 03a 05b", 1, True) == "silver called 2 cards face down"
    assert said("call 03a", 1, True) == "silver called 1 card face down"
    assert said("call 03a 05b", 1) == "silver called 03a, 05b"
    assert said("pass", 0) == "gold passed"
    assert said(f"invoke {_card_of('E07')} brown gold:N1 gold:E2", 1) == (
        "silver invoked Shifting Altars: swap gold N1 ↔ E2, paying a brown naga")


def _game(seed: int, steps: int) -> Match:
    m = Match(seed=seed)
    bots = [RandomBot(seed), RandomBot(seed + 1)]
    for _ in range(steps):
        s = m.state
        if s.is_over:
            break
        m.play(bots[s.to_move].act(s.observe(s.to_move), s.legal_actions()))
    return m


def _complete(node: dict[str, Any]) -> list[tuple[tuple[str, ...], dict[str, Any]]]:
    """(target, node) for each complete node under ``node``, itself included."""
    found = [(Action.coerce(node["action"]).target, node)] if "action" in node else []  # type: ignore[union-attr]
    for child in node.get("next", []):
        found += _complete(child)
    return found


def _paths(node: dict[str, Any], path: list[dict[str, Any]]) -> list[tuple[list[dict[str, Any]], list[str]]]:
    """Each path of token nodes from ``node`` down to a complete node, with its tokens."""
    found = [(path, [n["key"] for n in path])] if "action" in node and path else []
    for child in node.get("next", []):
        found += _paths(child, [*path, child])
    return found


def test_the_menu_says_each_target_with_its_effects_words() -> None:
    met = set()
    rng = random.Random(4)
    for seed in range(6):
        m = _game(seed, 0)
        while not m.state.is_over:
            s = m.state
            if s.phase == "confront":
                menu = traits(m, View(s.to_move))["menu"]
                legal = s.legal_actions()
                legal = s.legal_actions()
                for card_node in menu["choices"]:
                    card = card_node["key"]
                    effect = EFFECTS[STANDARD.card(card).effect]
                    met.add(effect.id)
                    for pay_node in card_node["next"]:
                        pay = pay_node["key"]
                        targets = legal.targets(card, pay)
                        found = _complete(pay_node)
                        # each target completes its path (an unordered pair two paths), in the effect's words
                        assert {t for t, _ in found} == set(targets)
                        for target, node in found:
                            words = effect.target_words(target, s.to_move)
                            assert node["done"] == invoke_done(s, card, pay, words)
                            assert node["action"] == str(Invoke(card, pay, target))
                        for path, tokens in _paths(pay_node, []):
                            for node, words in zip(path, effect.token_words(tuple(tokens))):
                                assert node["label"] == words
            m.play(s.legal_actions().sample(rng))
    assert met == set(EFFECTS)


def test_the_catalog_names_every_board_place() -> None:
    places = catalog(STANDARD)["places"]
    assert places == board_places()
    assert len(places) == 2 * (9 + 9 + 6)
    assert places["gold:W0"] == {"kind": "slot", "temple": "gold", "slot": "W0", "words": "gold temple, relic slot W0"}
    assert places["silver:4"]["space"] == 4 and places["silver:4"]["temple"] == "silver"
    assert places["gold:row1"]["spaces"] == [3, 4, 5] and places["gold:col2"]["spaces"] == [2, 5, 8]
    assert "teal:2" not in places and "violet:1" not in places  # sticks are not places


def test_timeline_labels_come_in_words_and_a_face_down_call_stays_hidden() -> None:
    m = _game(3, 1)  # the first player has called face down
    actor = m.state_at(0).to_move
    name = ("gold", "silver")[actor]
    mine, theirs = traits(m, View(actor))["timeline"], traits(m, View(1 - actor))["timeline"]
    cards = mine["label"].split()[2:]
    assert mine["label"] == f"{name}: call {' '.join(cards)}" and cards
    assert mine["label_words"] == f"{name} called {', '.join(cards)}"
    n = len(cards)
    assert theirs["label_words"] == f"{name} called {n} card{'' if n == 1 else 's'} face down"
    assert not any(c in theirs["label_words"] for c in cards)
    m.goto(0)
    assert traits(m, View(0))["timeline"]["label_words"] == "setup"


def test_a_bots_candidates_come_in_words() -> None:
    m = _game(1, 2)
    s = m.state
    action = s.legal_actions().sample(random.Random(0))
    d = Decision(action, Explanation("why", (Candidate(str(action), 3, 0.5), Candidate("nonsense here", 1, 0.1))))
    shown = traits(m, View("teacher", bot_decision=explained(d, s.to_move, m.step, m.branch), bot=s.to_move))
    bot = shown["explain"]["bot"]
    assert bot["action_words"] == action_words(action, STANDARD, s.to_move)
    assert bot["candidate_words"] == [action_words(action, STANDARD, s.to_move), "nonsense here"]


def test_the_fate_standing_follows_the_rule_of_the_engine() -> None:
    rng = random.Random(7)
    met = {True: 0, False: 0}
    for seed in range(8):
        m = _game(seed, 0)
        while not m.state.is_over:
            s = m.state
            board = traits(m, View("spectator"))["board"]
            if s.phase != "confront":
                assert "standing" not in board
            else:
                standing = board["standing"]
                totals = [board["players"][p]["fate"] for p in (0, 1)]
                tie = totals[0] == totals[1]
                winner = s.guide if tie else (0 if totals[0] > totals[1] else 1)  # R4.3.1, written out here
                assert standing == {**standing, "totals": totals, "winner": winner, "tie": tie}
                names = ("gold", "silver")
                why = f"a tie, and {names[winner]} is the guide" if tie else "the larger total"
                assert standing["text"] == (f"Fate now: gold {totals[0]} · silver {totals[1]} — {names[winner]} "
                                            f"would win the room ({why}, R4.3.1)")
                met[tie] += 1
                after = s.apply("pass")
                if after.phase == "confront":
                    after = after.apply("pass")
                if after.phase == "place":
                    assert after.to_move == winner  # the engine gives the room to the same player
            m.play(s.legal_actions().sample(rng))
    assert met[True] and met[False]
