"""The widget's colours live in one file, ``naga_widget/rules/palette.json``: the static SVG picture
(``rules/svg.py``) reads it and the live view (``js/src/theme.js``) imports it, so neither writes a colour
of its own."""

from __future__ import annotations

import json
import re
from pathlib import Path

from naga_widget import Match
from naga_widget.rules import svg

ROOT = Path(__file__).resolve().parents[2]
PALETTE = json.loads((ROOT / "src" / "naga_widget" / "rules" / "palette.json").read_text(encoding="utf-8"))
HEX = re.compile(r"#[0-9a-fA-F]{6}\b|#[0-9a-fA-F]{3}\b")


def test_the_picture_draws_with_the_palettes_colours_only() -> None:
    source = (ROOT / "src" / "naga_widget" / "rules" / "svg.py").read_text(encoding="utf-8")
    assert not HEX.findall(source)
    drawn = set(HEX.findall(svg.board_svg(Match(seed=3).observe("truth"), highlights={"gold:4"})))
    known = set(PALETTE["light"].values()) | set(PALETTE["fixed"].values())
    assert len(drawn) > 10 and drawn <= known, sorted(drawn - known)
    assert svg.INK == PALETTE["light"]["ink"] and svg.PLAYER_COLOURS[1] == PALETTE["light"]["silver"]


def test_the_view_imports_the_palette_and_writes_no_colour_of_its_own() -> None:
    theme = (ROOT / "js" / "src" / "theme.js").read_text(encoding="utf-8")
    assert 'from "../../src/naga_widget/rules/palette.json"' in theme
    assert "colours.light" in theme and "colours.dark" in theme
    for name in ("theme.js", "svg.js", "styles.js"):
        text = (ROOT / "js" / "src" / name).read_text(encoding="utf-8")
        text = re.sub(r"export const JUPYTER_THEMES = \{.*?\n\};", "", text, flags=re.S)  # JupyterLab's own
        assert not HEX.findall(text), (name, HEX.findall(text))
    assert set(PALETTE["light"]) == set(PALETTE["dark"])
