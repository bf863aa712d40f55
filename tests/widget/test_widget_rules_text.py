"""The rules text shipped in the package (the widget's rule popups) is current with docs/rules.md and
covers every rule id the widget can show."""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path
from types import ModuleType

import pytest

from naga_widget import Match, RandomBot, play_match
from naga_widget.rules import STANDARD, STEPS
from naga_widget.widget import catalog
from naga_widget.widget.projection import rules_text

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "js" / "scripts" / "make_rules_text.py"


@pytest.fixture(scope="module")
def script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_rules_text", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def resolve(rule: str, rules: dict[str, dict[str, str]]) -> str | None:
    """The id whose text explains ``rule``: itself, or the nearest parent (R4.2.2.1 → R4.2.2)."""
    while rule:
        if rule in rules:
            return rule
        rule = rule.rpartition(".")[0]
    return None


def test_the_shipped_text_is_what_the_script_writes(script: ModuleType) -> None:
    committed = (ROOT / "src" / "naga_widget" / "widget" / "rules_text.json").read_text(encoding="utf-8")
    assert committed == script.text(), f"rules_text.json is out of date: run `{script.COMMAND}`"


def test_every_heading_and_sub_rule_of_the_rules_page_is_there() -> None:
    page = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    ids = set(re.findall(r"^#{2,3} (R\d+(?:\.\d+)*|E\d\d) ", page, re.M))
    ids |= set(re.findall(r"^(?:- )?\*\*(R\d+(?:\.\d+)+)[ *]", page, re.M))
    rules = rules_text()
    assert ids and ids <= set(rules), sorted(ids - set(rules))
    assert all(entry["title"] and entry["text"] for entry in rules.values())
    assert rules["R4.3.1"]["title"] == "Who wins the room" and "guide wins it" in rules["R4.3.1"]["text"]
    assert "Shifting Altars" == rules["E07"]["title"] and "**" not in json.dumps(rules)


def test_every_rule_id_the_widget_shows_has_a_text() -> None:
    """Steps (R4.x, R7), event log entries of whole games and end reasons all open a text."""
    rules = catalog(STANDARD)["rules"]
    shown = {step.rule for step in STEPS.values()}
    for seed in range(6):
        match = Match(seed=seed)
        outcome = play_match(match, [RandomBot(seed), RandomBot(seed + 9)])
        shown |= {entry["rule"] for entry in match.log("truth")}
        shown.add(outcome.rule)
    missing = {rule for rule in shown if resolve(rule, rules) is None}
    assert len(shown) > 15 and not missing, sorted(missing)


def test_every_rule_text_reads_as_whole_sentences() -> None:
    """No text starts mid-sentence: a list item such as R7.1.1 ("if …") or R7.1.2 ("otherwise, if …")
    comes with the paragraph that leads into its list and the items before it."""
    rules = catalog(STANDARD)["rules"]
    mid = {rule: entry["text"][:40] for rule, entry in rules.items() if entry["text"][:1].islower()}
    assert not mid, mid
    assert rules["R7.1.1"]["text"].startswith("After every change to a temple")
    assert rules["R7.1.1"]["text"].endswith("its owner loses.")
    assert "R7.1.1 if the temple shows three cursed relics" in rules["R7.1.2"]["text"]
