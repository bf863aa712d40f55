"""Write the JSON fixtures of the JS view's tests (js/tests/fixtures/*.json).

Run from the repository root:  .venv/bin/python js/tests/make_fixtures.py

Every fixture is the set of traits (see docs/widget-protocol.md) that a real
``NagaWidget`` syncs for a situation taken from seeded random games, so the JS
tests run on exactly what Python sends. Regenerate after changing the protocol.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "src"))

from naga_widget import Match, RandomBot  # noqa: E402
from naga_widget.rules import STANDARD  # noqa: E402
from naga_widget.rules.legal import call_groups  # noqa: E402
from naga_widget.widget import NagaWidget, catalog  # noqa: E402

OUT = Path(__file__).resolve().parent / "fixtures"


# -- traits ----------------------------------------------------------------------------------------
def traits(match: Match, perspective: Any, fork_armed: bool = False) -> dict[str, Any]:
    """The traits a real ``NagaWidget`` of ``perspective`` syncs for ``match`` at its cursor."""
    w = NagaWidget(match, perspective=perspective)
    try:
        if fork_armed:
            w.intent = {"id": 1, "type": "fork"}
        state = match.state
        return {
            "board": w.board, "menu": w.menu, "timeline": w.timeline, "events": w.events, "status": w.status,
            # not a trait: the truth, so tests can check that hidden things are not drawn
            "secret": {"hands": [list(h) for h in state.hands], "relics": [list(t.relics) for t in state.temples]},
        }
    finally:
        match.unobserve_changes(w._on_match_change)


# -- finding situations in random games --------------------------------------------------------------
def game(seed: int) -> Match:
    m = Match(seed=seed)
    bots = [RandomBot(seed * 2 + 1), RandomBot(seed * 2 + 2)]
    while m.state.outcome is None:
        s = m.state
        m.play(bots[s.to_move].act(s.observe(s.to_move), s.legal_actions()))
    return m


def replay(seed: int, actions: list[Any]) -> Match:
    m = Match(seed=seed)
    for a in actions:
        m.play(a)
    return m


def find(pred: Callable[[Any], bool], seeds: range = range(1, 400)) -> tuple[int, int]:
    """The first (seed, step) of a random game whose state satisfies ``pred``."""
    for seed in seeds:
        m = game(seed)
        for step in range(m.last_step + 1):
            if pred(m.state_at(step)):
                return seed, step
    raise LookupError("no such situation")


def at(seed: int, step: int) -> Match:
    return replay(seed, game(seed).actions[:step])


def effects_of_heads(s: Any) -> set[str]:
    legal = s.legal_actions()
    return {STANDARD.card_effect[c] for c, _ in legal.invoke_heads()}


def remembered(s: Any, viewer: int) -> bool:
    board = s.observe(viewer)
    return any(r["remembered"] for t in board["temples"] for r in t["relics"])


def amulet_lying(s: Any) -> bool:
    return any(a is not None for t in s.temples for a in t.amulets)


def cursed_up(s: Any) -> bool:
    return any(s.cursed_up(p) for p in (0, 1))


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    fixtures: dict[str, dict[str, Any]] = {}

    # R4.1: a call with two groups or more, one of them holding two cards or more
    def call_ok(s: Any) -> bool:
        if s.phase != "call" or s.outcome is not None:
            return False
        groups = call_groups(s, s.to_move)
        return len(groups) >= 2 and max(len(g) for g in groups) >= 2 and s.round >= 2
    seed, step = find(call_ok)
    m = at(seed, step)
    fixtures["call"] = traits(m, m.state.to_move)

    # R4.2: a confrontation in which E06 and E07 can be invoked, on a board with some history
    def confront_ok(s: Any) -> bool:
        return (s.phase == "confront" and s.outcome is None and s.round >= 4
                and {"E06", "E07"} <= effects_of_heads(s) and amulet_lying(s))
    seed, step = find(confront_ok)
    m = at(seed, step)
    fixtures["confront"] = traits(m, m.state.to_move)

    # R4.2: a confrontation offering an invoke without target (E12) and a single-token one (E11 or E02/E03)
    def confront_small(s: Any) -> bool:
        return (s.phase == "confront" and s.outcome is None
                and "E12" in effects_of_heads(s) and effects_of_heads(s) & {"E11", "E02", "E03", "E05"})
    seed, step = find(confront_small)
    m = at(seed, step)
    fixtures["confront_small"] = traits(m, m.state.to_move)

    # a board with a cursed relic face up, a remembered face-down relic and the trap in a temple
    def rich(s: Any) -> bool:
        return (s.outcome is None and cursed_up(s) and s.trap is not None and amulet_lying(s)
                and remembered(s, s.to_move) and s.phase in ("call", "confront", "place", "give"))
    seed, step = find(rich)
    m = at(seed, step)
    fixtures["rich"] = traits(m, m.state.to_move)
    fixtures["rich_spectator"] = traits(m, "spectator")

    # R4.3: a placement in a temple that already holds tiles
    def place_ok(s: Any) -> bool:
        return s.phase == "place" and s.outcome is None and s.temples[s.to_move].filled() >= 2
    seed, step = find(place_ok)
    m = at(seed, step)
    fixtures["place"] = traits(m, m.state.to_move)

    # R4.4: the New Deal, three cards drawn
    def give_ok(s: Any) -> bool:
        return s.phase == "give" and s.outcome is None and len(set(s.drawn)) == 3
    seed, step = find(give_ok)
    m = at(seed, step)
    fixtures["give"] = traits(m, m.state.to_move)

    # R7: a finished game, seen by player 0
    m = game(7)
    fixtures["over"] = traits(m, 0)

    # the timeline: two branches, the cursor in the past of the second one
    m = game(3)
    m.goto(4)
    legal = list(m.legal_actions())
    other = next(a for a in legal if a != m.actions[4])
    m.play(other, fork=True)
    for _ in range(3):
        s = m.state
        m.play(s.legal_actions().sample(random.Random(s.round)))
    m.goto(5)
    fixtures["branches"] = traits(m, m.state.to_move)
    fixtures["fork_armed"] = traits(m, m.state.to_move, fork_armed=True)

    # hot-seat: the screen between turns hides the board
    m = at(*find(call_ok))
    fixtures["hotseat"] = traits(m, "hotseat")

    (OUT / "catalog.json").write_text(json.dumps(catalog(STANDARD), indent=1) + "\n", encoding="utf-8")
    for name, data in fixtures.items():
        (OUT / f"{name}.json").write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        menu = data["menu"]
        print(f"{name}: phase {data['board'].get('phase')}, menu {menu.get('phase')}, "
              f"step {data['timeline']['step']}/{data['timeline']['last']}")


if __name__ == "__main__":
    main()
