"""Write the JSON fixtures of the JS view's tests (js/tests/fixtures/*.json).

Run from the repository root:  .venv/bin/python js/scripts/make_fixtures.py

Every fixture is the set of state traits (see docs/widget-protocol.md) that a
``NagaWidget`` syncs for a situation taken from seeded random games, computed by the
widget's pure projection (``naga_widget.widget.projection``; no widget and no Jupyter
needed), so the JS tests run on exactly what Python sends. ``catalog.json`` is the
catalog trait. ``tests/test_js_fixtures.py`` fails when the committed files are not
what this script writes: regenerate after changing the protocol.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT / "src") not in sys.path:
    sys.path.insert(0, str(ROOT / "src"))

from naga_widget import Match, RandomBot  # noqa: E402
from naga_widget.rules import STANDARD, State  # noqa: E402
from naga_widget.rules.legal import call_groups  # noqa: E402
from naga_widget.widget.projection import View, catalog, traits  # noqa: E402
from naga_widget.widget.watch import watch_status  # noqa: E402

OUT = ROOT / "js" / "tests" / "fixtures"
COMMAND = ".venv/bin/python js/scripts/make_fixtures.py"


def fixture(match: Match, view: View) -> dict[str, Any]:
    """The traits a widget showing ``match`` at its cursor as ``view`` syncs, and the truth beside them."""
    state = match.state
    return {
        **traits(match, view),
        # not a trait: the truth, so tests can check that hidden things are not drawn
        "secret": {"hands": [list(h) for h in state.hands], "relics": [list(t.relics) for t in state.temples]},
    }


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


def find(pred: Callable[[State], bool], seeds: range = range(1, 400)) -> tuple[int, int]:
    """The first (seed, step) of a random game whose state satisfies ``pred``."""
    for seed in seeds:
        m = game(seed)
        for step in range(m.last_step + 1):
            if pred(m.state_at(step)):
                return seed, step
    raise LookupError("no such situation")


def at(seed: int, step: int) -> Match:
    return replay(seed, game(seed).actions[:step])


def effects_of_heads(s: State) -> set[str]:
    legal = s.legal_actions()
    return {STANDARD.card_effect[c] for c, _ in legal.invoke_heads()}


def remembered(s: State, viewer: int) -> bool:
    board = s.observe(viewer)
    return any(r["remembered"] for t in board["temples"] for r in t["relics"])


def amulet_lying(s: State) -> bool:
    return any(a is not None for t in s.temples for a in t.amulets)


def cursed_up(s: State) -> bool:
    return any(s.cursed_up(p) for p in (0, 1))


# -- the situations ------------------------------------------------------------------------------
def call_ok(s: State) -> bool:
    """R4.1: a call with two groups or more, one of them holding two cards or more."""
    if s.phase != "call" or s.outcome is not None:
        return False
    groups = call_groups(s, s.to_move)
    return len(groups) >= 2 and max(len(g) for g in groups) >= 2 and s.round >= 2


def confront_ok(s: State) -> bool:
    """R4.2: a confrontation in which E06 and E07 can be invoked, on a board with some history."""
    return (s.phase == "confront" and s.outcome is None and s.round >= 4
            and {"E06", "E07"} <= effects_of_heads(s) and amulet_lying(s))


def confront_small(s: State) -> bool:
    """R4.2: an invoke without target (E12) and a single-token one (E11 or E02/E03/E05)."""
    return (s.phase == "confront" and s.outcome is None
            and "E12" in effects_of_heads(s) and bool(effects_of_heads(s) & {"E11", "E02", "E03", "E05"}))


def rich(s: State) -> bool:
    """A cursed relic face up, a remembered face-down relic, the trap and an amulet on the board."""
    return (s.outcome is None and cursed_up(s) and s.trap is not None and amulet_lying(s)
            and remembered(s, s.to_move) and s.phase in ("call", "confront", "place", "give"))


def place_ok(s: State) -> bool:
    """R4.3: a placement in a temple that already holds tiles."""
    return s.phase == "place" and s.outcome is None and s.temples[s.to_move].filled() >= 2


def give_ok(s: State) -> bool:
    """R4.4: the New Deal, three different cards drawn."""
    return s.phase == "give" and s.outcome is None and len(set(s.drawn)) == 3


def branched() -> Match:
    """Two branches, the cursor in the past of the second one."""
    m = game(3)
    m.goto(4)
    other = next(a for a in m.legal_actions() if a != m.actions[4])
    m.play(other, fork=True)
    for _ in range(3):
        s = m.state
        m.play(s.legal_actions().sample(random.Random(s.round)))
    m.goto(5)
    return m


def waited() -> tuple[Match, View]:
    """Gold decided, then silver played two steps without gold, and gold decides again: what just
    happened since gold's decision (R4), as gold's view shows it."""
    full = game(5)
    for k in range(1, full.last_step - 3):
        movers = [full.state_at(j).to_move for j in range(k, k + 4)]
        if movers[0] == 0 and movers[1] == movers[2] == 1 and movers[3] == 0:
            m = replay(5, full.actions[:k + 3])
            # as after gold's play intent of id 1 in a widget begun at step k
            return m, View(0, decided=(m.line()[k + 1].id, None), origin=m.line()[k].id, ack=1)
    raise AssertionError("no game of seed 5 has gold wait two steps")


def situations() -> dict[str, tuple[Match, View]]:
    """Every fixture by name: a match at its cursor and who looks at it."""
    out: dict[str, tuple[Match, View]] = {}
    for name, pred in (("call", call_ok), ("confront", confront_ok), ("confront_small", confront_small)):
        m = at(*find(pred))
        out[name] = m, View(m.state.to_move)
    m = at(*find(rich))
    out["rich"] = m, View(m.state.to_move)
    out["rich_spectator"] = m, View("spectator")
    for name, pred in (("place", place_ok), ("give", give_ok)):
        m = at(*find(pred))
        out[name] = m, View(m.state.to_move)
    out["over"] = game(7), View(0)  # R7: a finished game, seen by player 0
    m = branched()
    out["branches"] = m, View(m.state.to_move)
    out["fork_armed"] = m, View(m.state.to_move, fork_armed=True, ack=1)  # as after a fork intent of id 1
    out["happened"] = waited()
    out["hotseat"] = at(*find(call_ok)), View("hotseat")  # the screen between turns hides the board
    m = at(*find(place_ok))  # two bots watched by a spectator, paused, at the normal speed
    out["watch"] = m, View("spectator", watch=watch_status(m, ["GreedyBot", "RandomBot"], False, 1.0, False))
    # every fixture match is seeded, so a widget would say so in its header (status.seed)
    return {name: (m, replace(view, seed=m.seed if m.reproducible else None)) for name, (m, view) in out.items()}


def files() -> dict[str, str]:
    """The text of every fixture file, by file name."""
    texts = {"catalog.json": json.dumps(catalog(STANDARD), indent=1) + "\n"}
    for name, (match, view) in situations().items():
        texts[f"{name}.json"] = json.dumps(fixture(match, view), indent=1) + "\n"
    return texts


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, text in files().items():
        (OUT / name).write_text(text, encoding="utf-8")
        data = json.loads(text)
        if "timeline" in data:
            print(f"{name}: phase {data['board'].get('phase')}, menu {data['menu'].get('phase')}, "
                  f"step {data['timeline']['step']}/{data['timeline']['last']}")


if __name__ == "__main__":
    main()
