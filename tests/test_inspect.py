"""A state, a match and an observation shown as a notebook cell's last value draw themselves
(``_repr_svg_`` / ``_repr_html_``), each saying whose view it is, and a player's picture keeps the
other player's secrets (R6)."""

from __future__ import annotations

import random
import re
import subprocess
import sys

import pytest

from naga_widget import Match, picture
from naga_widget.rules import pictures
from naga_widget.rules.svg import board_svg


def _shows(svg: str, token: str) -> bool:
    """Does ``token`` (a card id such as ``05a``) stand in the SVG as a word of its own?"""
    return re.search(rf"(?<![0-9A-Za-z]){re.escape(token)}(?![0-9A-Za-z])", svg) is not None


def played(steps: int, seed: int = 1) -> Match:
    match, rng = Match(seed=seed), random.Random(seed)
    for _ in range(steps):
        match.play(match.legal_actions().sample(rng))
    return match


def test_a_state_draws_itself_as_the_truth() -> None:
    state = Match(seed=1).state
    svg = state._repr_svg_()
    assert svg is not None and svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    assert "view: the whole truth" in svg
    assert all(_shows(svg, card) for hand in state.hands for card in hand)  # the truth sees both hands


@pytest.mark.parametrize("player", [0, 1])
def test_a_players_picture_shows_that_view_and_no_card_of_the_other_hand(player: int) -> None:
    state = played(3).state
    svg = picture(state.observe(player))._repr_svg_()
    assert svg is not None and svg.startswith("<svg")
    assert f"view: {('gold', 'silver')[player]} (player {player})" in svg
    assert all(_shows(svg, card) for card in state.hands[player])
    hidden = [card for card in state.hands[1 - player] if card not in state.shown[1 - player]]
    assert hidden and not any(_shows(svg, card) for card in hidden)


def test_picture_of_a_state_takes_the_viewer_and_refuses_a_mismatch() -> None:
    state = Match(seed=2).state
    assert "view: a spectator" in (picture(state, viewer="spectator")._repr_svg_() or "")
    assert "view: the whole truth" in (picture(state)._repr_svg_() or "")
    with pytest.raises(ValueError, match="view of 0"):
        picture(state.observe(0), viewer=1)
    with pytest.raises(TypeError, match="State or an observation"):
        picture("state")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="viewer"):
        picture(state, viewer="bot")


def test_the_rules_load_the_drawing_only_when_a_picture_is_asked_for() -> None:
    code = ("import sys\n"
            "import random\n"
            "from naga_widget.rules import Chance, new_game\n"
            "state, _ = new_game(chance=Chance(random.Random(1)))\n"
            "before = 'naga_widget.rules.svg' in sys.modules\n"
            "svg = state._repr_svg_()\n"
            "print(before, 'naga_widget.rules.svg' in sys.modules, svg.startswith('<svg'),\n"
            "      any(m.startswith(('naga_widget.widget', 'naga_widget.league')) for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["False", "True", "True", "False"]
    observation = Match(seed=1).observe(1)
    assert pictures.draw(observation) == board_svg(observation, caption="view: silver (player 1)")


def test_a_match_shows_its_step_branches_last_actions_and_board() -> None:
    match = played(8)
    match.goto(6)
    match.play(match.legal_actions().sample(random.Random(99)), fork=True)  # a second branch, at step 7
    match.goto(6)
    html = match._repr_html_()
    assert "Step 6 of 7" in html
    assert "2 in all" in html
    line = match.line()
    shown = [f"step {n.depth}: <code>{n.action}</code>" for n in line[2:7]]
    assert all(s in html for s in shown)
    assert "step 1:" not in html and "step 7:" not in html  # only the last five up to the cursor
    assert "<svg" in html and "view: the whole truth" in html


def test_a_new_match_says_no_action_yet() -> None:
    html = Match(seed=3)._repr_html_()
    assert "Step 0 of 0" in html and "no action yet" in html
