"""The still SVG picture (``board_svg``, the fallback where the widget's JS does not run), drawn by
Chromium: no two texts overlap, every text lies inside the picture and uses only characters that the
basic fonts have (the symbols are shapes), and ``highlights`` outlines the places it names."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from playwright.sync_api import Browser

from naga_widget import Match
from naga_widget.widget import board_svg

# Latin letters, digits and punctuation, and the dashes: characters every basic font has
BASIC = re.compile(r"[\u0020-\u007e\u00a0-\u017f\u2013\u2014]*")


def observation(seed: int, steps: int, viewer: int | str) -> dict[str, Any]:
    match, rng = Match(seed=seed), random.Random(seed)
    for _ in range(steps):
        if match.state.outcome is not None:
            break
        match.play(match.legal_actions().sample(rng))
    return match.state.observe(viewer)


# a new game, a call, a game well on, a finished game; a player, a spectator and the whole truth
CASES = [(1, 0, 0), (2, 3, "truth"), (3, 40, 0), (5, 60, 1), (5, 400, "spectator"), (7, 400, "truth")]

TEXT_BOXES = """svg => [...svg.querySelectorAll('text')].map(t => {
  const b = t.getBoundingClientRect();
  return {text: t.textContent, x: b.x, y: b.y, w: b.width, h: b.height};
})"""


def overlapping(boxes: list[dict[str, Any]]) -> list[tuple[str, str]]:
    found = []
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            if (a["x"] + 0.5 < b["x"] + b["w"] and b["x"] + 0.5 < a["x"] + a["w"]
                    and a["y"] + 0.5 < b["y"] + b["h"] and b["y"] + 0.5 < a["y"] + a["h"]):
                found.append((a["text"], b["text"]))
    return found


def test_no_text_of_the_picture_overlaps_another_or_leaves_it_and_every_character_is_basic(browser: Browser) -> None:
    page = browser.new_page(viewport={"width": 900, "height": 1000})
    try:
        for seed, steps, viewer in CASES:
            obs = observation(seed, steps, viewer)
            svg = board_svg(obs, caption=f"view: {viewer}", highlights={"gold:4", "silver:N1"})
            assert "&#" not in svg, "a character given by number (an emoji?)"
            page.set_content(f"<!doctype html><body style='margin:0'>{svg}</body>")
            picture = page.locator("svg").first
            boxes = picture.evaluate(TEXT_BOXES)
            frame = picture.bounding_box()
            assert frame is not None and len(boxes) > 40
            case = (seed, steps, viewer)
            assert overlapping(boxes) == [], case
            for box in boxes:
                assert BASIC.fullmatch(box["text"]), (case, box["text"])
                assert box["w"] > 0 and frame["x"] <= box["x"] and box["x"] + box["w"] <= frame["x"] + frame["width"]
                assert frame["y"] <= box["y"] and box["y"] + box["h"] <= frame["y"] + frame["height"], (case, box)
            texts = " ".join(box["text"] for box in boxes)
            for player in obs["players"]:
                assert all(card in texts for card in player["hand"] or ())  # the hand the viewer knows
    finally:
        page.close()


def test_the_old_faults_stay_fixed_the_scroll_is_drawn_and_the_players_lines_are_apart() -> None:
    obs = observation(3, 40, 0)
    svg = board_svg(obs)
    assert "\U0001f4dc" not in svg and "&#128220;" not in svg  # the scroll as an emoji
    assert 'fill="#f3e2b3"' in svg  # the scroll as shapes
    # each fact of a player's panel on a line of its own (the hand no longer shares one with the score)
    lines = re.findall(r"<text[^>]*>([^<]*)</text>", svg)
    assert any(line.startswith("score ") for line in lines) and any(line.startswith("hand:") for line in lines)
    assert not any("score" in line and "hand" in line for line in lines)


def test_highlights_outline_the_places_they_name_and_a_wrong_name_is_refused() -> None:
    obs = observation(3, 40, 0)
    assert board_svg(obs).count('class="highlight"') == 0
    assert board_svg(obs, highlights=["gold:0", "gold:8", "silver:W2"]).count('class="highlight"') == 3
    for bad, message in [(["gold:9"], "'gold:9' is not a place"), (["bronze:E1"], "'bronze:E1'"),
                         (["silver:S0"], "'silver:S0'")]:
        with pytest.raises(ValueError, match=message):
            board_svg(obs, highlights=bad)
    with pytest.raises(TypeError, match="not the string"):
        board_svg(obs, highlights="gold:4")
