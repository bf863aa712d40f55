"""The wire's one description: ``naga_widget.widget.wire``'s TypedDicts are what the projection really sends,
and ``js/src/types.js`` is what ``js/scripts/make_types.py`` writes from them."""

from __future__ import annotations

import importlib.util
import json
import random
from pathlib import Path
from types import ModuleType
from typing import Any, is_typeddict

from typed_json import mismatches

from naga_widget import GreedyBot, Match
from naga_widget.bots import decide
from naga_widget.rules import STANDARD
from naga_widget.widget import View, catalog, traits, wire
from naga_widget.widget.projection import explained

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "js" / "tests" / "fixtures"


def load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, ROOT / "js" / "scripts" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def extra_traits() -> dict[str, Any]:
    """Views the JS fixtures lack: the teacher's (the chance panel, a hint, the bot's reasons, a stopped
    bot, a pass played by itself, a message for one seat), and a timeline that is off."""
    match = Match(seed=11)
    for _ in range(9):
        match.play(match.state.legal_actions().sample(random.Random(match.step)))
    match.force(throw=["N", "1"])
    state = match.state
    hint = explained(decide(GreedyBot(), state.observe(state.to_move), state.legal_actions()), state.to_move,
                     match.step, match.branch, iterations=200)
    teacher = View(
        "teacher", hint=hint, bot_decision=hint,
        message={"level": "error", "text": "gold's bot failed", "seat": 0, "detail": "gold's bot played call 01a"},
        stopped={"seat": 0, "name": "gold", "reason": "raised ValueError: 01a", "public": "raised ValueError"},
        auto_passed={"player": 1, "name": "silver", "step": 3, "text": "Passing is silver's only choice"})
    return {"teacher": traits(match, teacher), "timeline_off": traits(match, View(state.to_move, timeline="off"))}


def test_every_trait_the_projection_sends_is_its_typed_dict() -> None:
    """Every trait of every JS fixture (``tests/test_js_fixtures.py`` checks they are the projection's), and
    of the views the fixtures lack, matches ``wire.Traits`` field by field: no field missing, none the
    TypedDicts do not name, each of its type. So does the catalog."""
    shown_by_name = {p.stem: json.loads(p.read_text(encoding="utf-8")) for p in FIXTURES.glob("*.json")}
    catalog_shown = shown_by_name.pop("catalog")
    shown_by_name |= json.loads(json.dumps(extra_traits()))
    seen: set[str] = set()
    for name, shown in shown_by_name.items():
        shown.pop("secret", None)  # a fixture's truth beside its traits, for the JS tests
        problems = mismatches(shown, wire.Traits, name)
        assert not problems, problems[:10]
        seen |= {k for k, v in shown.items() if v}
        seen |= {f"explain.{k}" for k in shown["explain"]} | {f"status.{k}" for k, v in shown["status"].items() if v}
    assert {"chance", "explain.hint", "explain.bot", "status.bot_stopped", "status.watch", "status.message",
            "status.screen"} <= seen
    assert len(shown_by_name) >= 15
    catalog_problems = mismatches(catalog_shown, wire.Catalog, "catalog")
    assert not catalog_problems and catalog_shown == json.loads(json.dumps(catalog(STANDARD))), catalog_problems[:10]


def test_the_check_finds_a_field_too_many_or_missing_or_of_another_type() -> None:
    match = Match(seed=2)
    shown = json.loads(json.dumps(traits(match, View(match.state.to_move))))
    assert not mismatches(shown, wire.Traits)
    shown["status"]["secret"] = "01a"
    del shown["timeline"]["label"]
    shown["board"]["round"] = "one"
    problems = mismatches(shown, wire.Traits)
    assert any("secret" in p for p in problems) and any("misses label" in p for p in problems)
    assert any("'one' is not int" in p for p in problems)


def test_types_js_is_what_the_script_writes() -> None:
    script = load("make_types")
    committed = (ROOT / "js" / "src" / "types.js").read_text(encoding="utf-8")
    assert committed == script.text(), f"js/src/types.js is out of date: run `{script.COMMAND}`"
    for name, value in vars(wire).items():
        if is_typeddict(value) and value.__module__ == wire.__name__:
            assert f"@typedef {{Object}} {name}\n" in committed
    assert "@property {?PlayerView[]}" not in committed and "@property {PlayerView[]} players" in committed
    assert "@property {Menu} menu" in committed and "@typedef {Object} Outcome\n" in committed
    assert max(len(line) for line in committed.splitlines()) <= 120

