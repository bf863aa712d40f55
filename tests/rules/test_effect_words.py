"""Each effect's record owns its words, the kinds of its target tokens and whether a pair is unordered.

The menus, the timeline's labels and the envs read these from the records; here they are
checked against the targets the engine lists in random games.
"""

from __future__ import annotations

import re

import pytest
from scenario import random_states

from naga_widget.rules import STANDARD, Invoke
from naga_widget.rules.effects import EFFECTS
from naga_widget.rules.effects.base import TOKEN_KINDS, token_words

#: What a token of each kind looks like (rules.md, the text forms), written out here on purpose.
SHAPES = {
    "owned_stick": r"p[01]:[a-z]+:(N|\d)",
    "stick_type": r"[a-z]+",
    "stick": r"[a-z]+:(N|\d)",
    "face": r"N|\d",
    "slot": r"(gold|silver):[WNE][0-2]",
    "line": r"(gold|silver):(row|col)[0-2]",
    "direction": r"east|west|north|south",
    "space": r"(gold|silver):[0-8]",
    "rotation": r"rot[0-3]",
}


def _card_of(effect: str) -> str:
    return next(c.id for c in STANDARD.cards if c.effect == effect)


@pytest.mark.parametrize(("effect", "target", "player", "words"), [
    ("E01", ("p1:teal:2",), 0, "throw silver's teal 2 again"),
    ("E02", ("violet",), 0, "take a violet stick from the supply and throw it"),
    ("E03", ("teal:N",), 0, "send silver's teal naga back to the supply"),
    ("E03", ("teal:N",), 1, "send gold's teal naga back to the supply"),
    ("E04", ("brown:2", "N"), 0, "turn your brown 2 to naga"),
    ("E05", ("teal:2",), 0, "take silver's teal 2"),
    ("E06", ("gold:W0", "silver:E2"), 0, "look at gold W0 and silver E2"),
    ("E07", ("gold:N1", "gold:E2"), 0, "swap gold N1 ↔ E2"),
    ("E08", ("gold:row0", "east"), 0, "slide gold row 0 east"),
    ("E08", ("silver:col2", "north"), 1, "slide silver column 2 north"),
    ("E09", ("gold:4", "rot1"), 0, "turn the tile on gold space 4 (row 1, col 1) to orientation 1"),
    ("E10", ("gold:4", "gold:7"), 0, "swap gold spaces 4 ↔ 7"),
    ("E11", ("silver:4",), 0, "move the trap to silver space 4 (row 1, col 1)"),
    ("E12", (), 0, "draw two cards"),
])
def test_an_effect_says_its_target_in_words(effect: str, target: tuple[str, ...], player: int, words: str) -> None:
    assert EFFECTS[effect].target_words(target, player) == words


def test_tokens_are_said_by_their_kind() -> None:
    assert token_words("owned_stick", "p1:teal:2") == "silver's teal stick showing 2"
    assert token_words("stick", "teal:N") == "teal stick showing a naga"
    assert token_words("stick", "violet:3") == "violet stick showing 3"
    assert token_words("line", "gold:col2") == "gold temple, column 2"
    assert token_words("direction", "east") == "slide east"
    assert token_words("stick_type", "violet") == "a violet stick from the supply"
    assert token_words("space", "gold:4") == "gold temple, space 4 (row 1, col 1)"
    assert token_words("slot", "silver:E2") == "silver temple, relic slot E2"
    assert token_words("rotation", "rot1").startswith("orientation 1 (1 quarter turn clockwise")
    assert token_words("face", "N") == "new face a naga"
    with pytest.raises(ValueError, match="no token kind 'tile'"):
        token_words("tile", "gold:4")
    assert set(SHAPES) == set(TOKEN_KINDS)


def _listed_targets():
    """(effect, player, targets) of the invokes legal in the states of some random games."""
    for state in random_states(range(12)):
        if state.phase != "confront" or state.is_over:
            continue
        legal = state.legal_actions()
        for card, pay in legal.invoke_heads():
            yield EFFECTS[STANDARD.card(card).effect], state.to_move, legal.targets(card, pay), (state, card, pay)


def test_every_listed_target_fits_its_record() -> None:
    seen: set[str] = set()
    for effect, player, targets, _ in _listed_targets():
        seen.add(effect.id)
        words = [effect.target_words(t, player) for t in targets]
        assert len(set(words)) == len(targets), f"{effect.id}: two targets with the same words"
        for target in targets:
            assert len(target) <= len(effect.kinds)
            for kind, token in zip(effect.kinds, target):
                assert re.fullmatch(SHAPES[kind], token), f"{effect.id}: {token!r} is not a {kind}"
            assert len(effect.token_words(target)) == len(target)
    assert seen == set(EFFECTS), f"no target met for {sorted(set(EFFECTS) - seen)}"


def test_unordered_pairs_are_listed_once_in_order_and_accepted_either_way() -> None:
    met: set[str] = set()
    for effect, _, targets, (state, card, pay) in _listed_targets():
        pairs = [t for t in targets if len(t) == 2]
        listed = set(targets)
        for first, second in pairs:
            if effect.unordered:
                met.add(effect.id)
                assert effect.in_order((second, first)) == (first, second)
                assert (second, first) not in listed
                swapped, listed_way = Invoke(card, pay, (second, first)), Invoke(card, pay, (first, second))
                assert state.apply(swapped) == state.apply(listed_way)
            else:
                assert effect.in_order((second, first)) == (second, first)
    assert met == {e.id for e in EFFECTS.values() if e.unordered} == {"E06", "E07", "E10"}
