"""The view is a renderer: no module of ``js/src`` names an effect id, a list of relic slots or a
player's name. Those come from Python (the catalog, the menu, the status; docs/widget-protocol.md), so
that changing an effect, the slots or the names is done in Python alone."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from naga_widget.rules import STANDARD, TEMPLE_NAMES
from naga_widget.rules.effects import EFFECTS
from naga_widget.rules.temple import SLOT_NAMES
from naga_widget.widget.projection import catalog

JS = Path(__file__).resolve().parents[2] / "js" / "src"
SOURCES = sorted(JS.glob("*.js"))
COMMENTS = re.compile(r"/\*[\s\S]*?\*/|(?<![:\"'\\])//[^\n]*")
EFFECT_ID = re.compile(r"\bE(0[1-9]|1[0-2])\b")
SLOT = re.compile(r"[\"'`]([WNE][0-2])[\"'`]")


def _code(path: Path) -> str:
    """The module's text without its comments (they may cite a rule such as E07, as the docs do)."""
    return COMMENTS.sub("", path.read_text(encoding="utf-8"))


def test_the_view_has_sources_to_scan() -> None:
    assert len(SOURCES) > 10
    assert EFFECT_ID.search('case "E07":') and SLOT.search('["W2", "W1"]') and not EFFECT_ID.search("E13 E00")
    assert _code(JS / "words.js").count("//") == 0


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_no_module_names_an_effect_a_slot_or_a_player(path: Path) -> None:
    code = _code(path)
    assert not EFFECT_ID.search(code), f"{path.name} names an effect id: {EFFECT_ID.search(code).group(0)}"  # type: ignore[union-attr]
    slots = SLOT.findall(code)
    assert not slots, f"{path.name} names relic slots {slots}: the slot list is catalog.slots"
    for name in TEMPLE_NAMES:
        assert not re.search(rf"[\"'`]{name}[\"'`]", code), f"{path.name} writes the name {name!r}: use status.names"


def test_what_the_view_reads_instead_is_sent() -> None:
    data = catalog(STANDARD)
    assert data["slots"] == ["W2", "W1", "W0", "N0", "N1", "N2", "E0", "E1", "E2"] == list(SLOT_NAMES)  # R2.2
    assert data["temples"] == ["gold", "silver"] == list(TEMPLE_NAMES)
    assert set(data["effects"]) == set(EFFECTS)


# -- the decision: the view builds no action text, turns no tile, names no step -----------------------
GRAMMAR = re.compile(r"`(?:call|invoke|place|give|pass) ?\$\{|\[\s*[\"'](?:call|invoke|place|give)[\"']|rot\$\{"
                     r"|[\"']rot[\"']\s*\+")
"""An action text written by the view: ```place ${space} rot${k}```, ``["call", ...cards].join(" ")``."""
GEOMETRY = re.compile(r"%\s*4\b|\brotate\w*\s*\((?!\d)|\bDIRECTIONS\.indexOf\b")
"""A quarter turn worked out by the view (R1.1): ``(k % 4)``, ``rotateOpenings(…)``."""
RULES = re.compile(r"\bgroups\b|\bunordered\b|\btarget_sets\b|\binvokes\b|catalog\??\.steps|\bend_reasons\b")
"""A rule judged or a step named by the view: a call's groups (R4.1), the order of a pair of targets,
the lists of invokes, a step's name from the catalog's steps, the end of the game from its reasons."""
WORTH = re.compile(r"(?:token|relic|stick)\w*\.slice\(1\)|startsWith\([\"'][sc][\"']\)|\.split\([\"']:[\"']\)")
"""A worth read from a token's text: a relic's points from ``"s4"``, whether it is cursed, a stick's face
from ``"teal:N"`` (the view looks them up in ``catalog.relics`` and ``catalog.sticks``)."""


def test_the_patterns_catch_what_the_view_once_computed() -> None:
    before = [
        'return ["call", ...[...cards].sort()].join(" ");',
        "return `place ${space} rot${rotation}`;",
        "return `give ${card}`;",
        'return ["invoke", card, pay, ...tokens].join(" ").trim();',
    ]
    assert all(GRAMMAR.search(line) for line in before)
    assert GEOMETRY.search("const turns = (((Number(k) || 0) % 4) + 4) % 4;")
    assert GEOMETRY.search('openings: rotateOpenings(menu.room?.openings ?? "", at.rot),')
    assert RULES.search("return menu.groups.some((group) => selection.every((card) => group.includes(card)));")
    assert RULES.search("const step = catalog?.steps?.[phase];")
    assert RULES.search("const why = catalog?.end_reasons?.[outcome.reason] ?? outcome.reason;")
    assert WORTH.search('return { token, cursed: token.startsWith("c"), points: Number(token.slice(1)) || 0 };')
    assert WORTH.search('const [type, face = ""] = String(token).split(":");')
    assert WORTH.search('const r = relic ? { cursed: relic[0] === "C", points: Number(relic.slice(1)) } : null;')
    # what the view writes today is not caught: a data attribute, a phase, a node's action
    today = ['data-act="place-space"', 'menu.phase === "place"', "play(node.action)", 'patternTransform="rotate(45)"',
             'since[0].toLowerCase() + since.slice(1)']
    for line in today:
        assert not any(p.search(line) for p in (GRAMMAR, GEOMETRY, RULES, WORTH)), line


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_no_module_writes_an_action_turns_a_tile_or_names_a_step(path: Path) -> None:
    """Every decision is a node of the menu's tree, with its action text, words, openings and preview, and
    every step name comes whole from Python (``menu.step_name``, ``board.step_name``): a new effect, a new
    way to turn a room or a renamed step changes Python alone (naga_widget/widget/choices.py)."""
    code = _code(path)
    for pattern, what in ((GRAMMAR, "writes action text"), (GEOMETRY, "turns a tile"), (RULES, "judges a rule"),
                          (WORTH, "reads a worth from a token")):
        found = pattern.search(code)
        assert not found, f"{path.name} {what}: {found.group(0)!r}"  # type: ignore[union-attr]
