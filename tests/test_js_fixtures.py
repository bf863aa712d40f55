"""The JS view's fixtures (js/tests/fixtures/*.json) are current, and they are what a real widget syncs.

The fixtures are written by ``js/scripts/make_fixtures.py`` from the widget's pure
projection. These tests regenerate them in memory and compare with the committed
files, check that a ``NagaWidget`` syncs exactly the projection's traits (so the JS
tests run on what Python really sends), and that the projection needs no Jupyter.
"""

from __future__ import annotations

import importlib.util
import json
import random
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from naga_widget import GreedyBot, Match, NagaWidget, RandomBot
from naga_widget.rules import TEMPLE_NAMES
from naga_widget.widget import SYNCED, View, traits

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "js" / "scripts" / "make_fixtures.py"
FIXTURES = ROOT / "js" / "tests" / "fixtures"


def load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_fixtures", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def script() -> ModuleType:
    return load_script()


def test_fixtures_are_current(script: ModuleType) -> None:
    """Every committed fixture is what the script writes now, and there is no other fixture file."""
    fresh = script.files()
    committed = {p.name for p in FIXTURES.glob("*.json")}
    hint = f"the JS fixtures are out of date: run `{script.COMMAND}` from the repository root"
    assert committed == set(fresh), f"{hint} (files differ: {sorted(committed ^ set(fresh))})"
    stale = [name for name, text in fresh.items() if (FIXTURES / name).read_text(encoding="utf-8") != text]
    assert not stale, f"{hint} (stale: {', '.join(sorted(stale))})"


def test_fixtures_cover_every_step_and_perspective(script: ModuleType) -> None:
    """The situations span the four decisions (R4.1–R4.4), the end (R7), a spectator and the hot-seat screen."""
    data = {name.removesuffix(".json"): json.loads(text) for name, text in script.files().items()
            if name != "catalog.json"}
    assert {d["menu"].get("phase") for d in data.values()} >= {"call", "confront", "place", "give"}
    assert data["over"]["board"]["phase"] == "over" and data["over"]["menu"] == {}
    assert data["rich_spectator"]["status"]["viewer"] == "spectator" and data["rich_spectator"]["menu"] == {}
    assert data["hotseat"]["status"]["screen"]["kind"] == "pass_device" and data["hotseat"]["board"] == {}
    assert len(data["branches"]["timeline"]["branches"]) == 2 and data["fork_armed"]["timeline"]["fork_armed"]
    assert all("log" not in d and "labels" not in d["timeline"] for d in data.values())


def synced(w: NagaWidget) -> dict[str, Any]:
    return json.loads(json.dumps({name: getattr(w, name) for name in SYNCED}))


def projected(match: Match, view: View) -> dict[str, Any]:
    return json.loads(json.dumps(traits(match, view)))


def test_a_widget_syncs_the_fixture_traits(script: ModuleType) -> None:
    """A real widget brought to each fixture's situation by intents syncs exactly that fixture's traits."""
    for name, (match, view) in script.situations().items():
        players = None if view.watch is None else [GreedyBot(), RandomBot()]  # the bots the fixture names
        if view.origin is not None:  # the widget began there; the person decided; steps followed without them
            begun = next(n.depth for n in match.line() if n.id == view.origin)
            actions = match.actions
            w = NagaWidget(Match(seed=match.seed), perspective=view.perspective)
            for action in actions[:begun]:
                w.match.play(action)
            w = NagaWidget(w.match, perspective=view.perspective)
            w.intent = {"id": view.ack, "type": "play", "action": str(actions[begun]), "step": begun, "branch": 0}
            for action in actions[begun + 1:]:
                w.match.play(action)  # played elsewhere (code, another view): not this view's decision
        else:
            w = NagaWidget(match, perspective=view.perspective, players=players)
        try:
            if view.fork_armed:
                w.intent = {"id": view.ack, "type": "fork"}
            expected = json.loads(json.dumps(script.fixture(match, view)))
            expected.pop("secret")
            assert synced(w) == expected, name
        finally:
            w.close()


def drive(scenario: str) -> tuple[NagaWidget, View]:
    """A widget brought to a situation by intents, and the view (inputs of the projection) it should show."""
    rng = random.Random(5)
    if scenario == "bot":
        w = NagaWidget(seed=9, perspective=0, opponent=RandomBot(3))
        for n in range(1, 6):
            w.intent = {"id": n, "type": "play", "action": str(w.state.legal_actions().sample(rng))}
        return w, View(0, bot=1, ack=5, seed=9)
    if scenario == "teacher_with_bot":
        w = NagaWidget(seed=9, perspective="teacher", opponent=RandomBot(3))
        return w, View("teacher", bot=1, seed=9)
    if scenario == "error":
        w = NagaWidget(seed=4, perspective="teacher")
        w.intent = {"id": 7, "type": "play", "action": "dance"}
        message = w.status["message"]
        assert message["level"] == "error" and "cannot read" in message["text"]
        return w, View("teacher", ack=7, message=message, seed=4)
    if scenario in ("hotseat_revealed", "hotseat_next"):
        w = NagaWidget(seed=6, perspective="hotseat")
        first = w.state.to_move
        w.intent = {"id": 1, "type": "reveal"}
        if scenario == "hotseat_revealed":
            return w, View("hotseat", holder=first, ack=1, seed=6)
        w.intent = {"id": 2, "type": "play", "action": str(w.state.legal_actions().sample(rng))}
        assert w.state.to_move != first
        return w, View("hotseat", holder=first, ack=2, seed=6)
    if scenario == "past_step":
        w = NagaWidget(seed=3, perspective=1)
        other = NagaWidget(w.match, perspective=0)
        for _ in range(8):
            w.match.play(w.state.legal_actions().sample(rng))
        other.close()
        w.intent = {"id": 3, "type": "goto", "to": 4, "step": w.step, "branch": w.match.branch}
        return w, View(1, ack=3, seed=3)
    raise AssertionError(scenario)


@pytest.mark.parametrize("scenario", ["bot", "teacher_with_bot", "error", "hotseat_revealed", "hotseat_next",
                                      "past_step"])
def test_a_widget_syncs_the_projection(scenario: str) -> None:
    """Beyond the fixtures: bot seats, error messages, the hot seat's holder, a past step."""
    w, view = drive(scenario)
    try:
        assert synced(w) == projected(w.match, view)
    finally:
        w.close()


def test_the_hotseat_screen_names_the_next_player() -> None:
    """After a hot-seat play the screen comes back for the other player, hiding board, menu and events (R6)."""
    w, view = drive("hotseat_next")
    shown = projected(w.match, view)
    nxt = w.state.to_move
    assert shown["status"]["screen"] == {"kind": "pass_device", "player": nxt, "name": TEMPLE_NAMES[nxt]}
    assert shown["board"] == {} and shown["menu"] == {} and shown["events"] == []
    w.close()


def test_the_projection_needs_no_jupyter() -> None:
    """The projection, the SVG fallback and the fixtures script run where anywidget is absent (e.g. Pyodide)."""
    code = (
        "import sys\n"
        "class Block:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] in ('anywidget', 'ipywidgets', 'traitlets', 'IPython'):\n"
        "            raise ImportError('blocked: ' + name)\n"
        "sys.meta_path.insert(0, Block())\n"
        "from naga_widget import Match\n"
        "from naga_widget.widget import View, board_svg, catalog, traits\n"
        "m = Match(seed=1)\n"
        "shown = traits(m, View('teacher'))\n"
        "assert board_svg(m.observe(0)).startswith('<svg') and catalog(m.ruleset)['limits']\n"
        "import importlib.util\n"
        f"spec = importlib.util.spec_from_file_location('make_fixtures', {str(SCRIPT)!r})\n"
        "mod = importlib.util.module_from_spec(spec); spec.loader.exec_module(mod)\n"
        "print(len(mod.files()), shown['menu']['phase'])\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == [str(len(list(FIXTURES.glob("*.json")))), "call"]
