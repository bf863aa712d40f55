"""Write the JSON fixtures of the JS view's tests (js/tests/fixtures/*.json).

Run from the repository root:  .venv/bin/python js/tests/make_fixtures.py

Every fixture is a set of the widget's traits (see docs/widget-protocol.md) taken
from real games of the engine: ``board`` is ``Match.observe(viewer)``, ``menu``
is built from ``state.legal_actions()`` exactly as the protocol describes, and
``timeline``/``events``/``status`` follow the protocol's shapes. The games are
played by seeded random bots, so the output is the same on every run.

The traits are built here from the protocol text, independently of the Python
widget (src/naga_widget/widget.py); when that module can be imported, every
fixture is also checked against the traits a real ``NagaWidget`` computes for the
same match, so the two sides of the protocol cannot drift apart unnoticed.
"""

from __future__ import annotations

import json
import random
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "src"))

from naga_widget import Match, RandomBot  # noqa: E402
from naga_widget.rules import STANDARD  # noqa: E402
from naga_widget.rules.legal import call_groups  # noqa: E402
from naga_widget.rules.ruleset import EFFECT_NAMES, TEMPLE_NAMES, openings_text  # noqa: E402
from naga_widget.rules.temple import SLOT_NAMES  # noqa: E402

OUT = Path(__file__).resolve().parent / "fixtures"
STEP_NAMES = {"call": "Call of Fate (R4.1)", "confront": "Confrontation (R4.2)",
              "place": "Exploration (R4.3)", "give": "New Deal (R4.4)"}
EVENTS_WINDOW = 30  # the protocol's `events`: the last 30 events


# -- catalog ---------------------------------------------------------------------------------------
def effect_texts() -> dict[str, str]:
    """The first paragraph of each effect in docs/rules.md (R5)."""
    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    found = {}
    for m in re.finditer(r"^### (E\d\d) [^\n]*\n(.*?)\n\*Legal", text, re.M | re.S):
        found[m.group(1)] = " ".join(m.group(2).split())
    return found


def catalog() -> dict[str, Any]:
    texts = effect_texts()
    rs = STANDARD
    return {
        "cards": {c.id: {"effect": c.effect, "name": EFFECT_NAMES[c.effect], "stick": c.stick, "count": c.count}
                  for c in rs.cards},
        "effects": {e: {"name": n, "text": texts.get(e, "")} for e, n in EFFECT_NAMES.items()},
        "rooms": {r.id: {"shape": r.shape, "openings": openings_text(r.openings), "amulet_symbol": r.amulet_symbol}
                  for r in rs.rooms},
        "temples": list(TEMPLE_NAMES),
        "slots": list(SLOT_NAMES),
        "stick_types": {t.name: list(t.faces) for t in rs.stick_types},
    }


# -- traits ----------------------------------------------------------------------------------------
def menu_of(match: Match, actor: int | None) -> dict[str, Any]:
    """The protocol's ``menu``: what ``actor`` can decide now, from the legal actions ({} for nobody)."""
    state = match.state
    legal = state.legal_actions()
    if actor is None or legal.phase == "over" or legal.player != actor:
        return {}
    p, phase = legal.player, legal.phase
    menu: dict[str, Any] = {"player": p, "phase": phase, "step_name": STEP_NAMES[phase]}
    if phase == "call":
        menu["groups"] = [list(g) for g in call_groups(state, p)]
    elif phase == "confront":
        menu["pass"] = any(a.kind == "pass" for a in legal)
        sets: list[list[str]] = []
        index: dict[tuple[str, ...], int] = {}
        invokes = []
        for card, pay in legal.invoke_heads():
            texts = tuple(" ".join(t) for t in legal.targets(card, pay))
            if texts not in index:
                index[texts] = len(sets)
                sets.append(list(texts))
            invokes.append([card, pay, index[texts]])
        menu["invokes"] = invokes
        menu["target_sets"] = sets
    elif phase == "place":
        room = state.offered[0]
        menu["room"] = {"id": room, "openings": openings_text(STANDARD.room(room).openings)}
        menu["places"] = [[a.space, a.rotation] for a in legal]
    elif phase == "give":
        menu["gives"] = [a.card for a in legal]
    return menu


def label(before: Any, action: Any, viewer: Any) -> str:
    """An action as ``viewer`` may see it: the cards of someone else's call stay secret (R6)."""
    who = before.to_move
    name = TEMPLE_NAMES[who]
    if action.kind == "call" and viewer not in (who, "truth"):
        return f"{name}: call {len(action.cards)} card(s)"
    return f"{name}: {action}"


def projected(match: Match, step: int, viewer: Any) -> str:
    """The action that led to ``step`` of the line, as ``viewer`` may see it."""
    return label(match.state_at(step - 1), match.actions[step - 1], viewer)


def timeline_of(match: Match, viewer: Any, actor: int | None, fork_armed: bool = False) -> dict[str, Any]:
    branches = []
    for b in match.branches():
        last = None
        if b.last_action is not None:
            node = match.node_of(b.tip)
            last = label(node.parent.state, node.action, viewer)
        branches.append({"index": b.index, "tip": b.tip, "length": b.length, "fork_step": b.fork_step,
                         "last_action": last})
    return {
        "step": match.step, "last": match.last_step, "at_end": match.at_end, "branch": match.branch,
        "branches": branches,
        "labels": [projected(match, i, viewer) for i in range(1, match.last_step + 1)],
        "fork_armed": fork_armed,
        "can_play": actor is not None and (match.at_end or fork_armed),
    }


def status_of(viewer: Any, perspective: Any = None, **extra: Any) -> dict[str, Any]:
    status = {"perspective": viewer if perspective is None else perspective, "viewer": viewer, "screen": None,
              "message": None, "ack": 0, "bot": None, "names": list(TEMPLE_NAMES)}
    status.update(extra)
    return status


def traits(match: Match, viewer: Any, *, actor: Any = "auto", fork_armed: bool = False,
           **kw: Any) -> dict[str, Any]:
    """The traits a view of ``viewer`` receives; ``actor`` is the seat it may decide for (default: the
    player to move when the viewer is that player or the truth), whatever the cursor."""
    state = match.state
    if actor == "auto":
        actor = state.to_move if state.outcome is None and viewer in (state.to_move, "truth") else None
    return {
        "board": match.observe(viewer),
        "menu": menu_of(match, actor),
        "timeline": timeline_of(match, viewer, actor, fork_armed),
        "events": [{k: e[k] for k in ("step", "rule", "kind", "text")}
                   for e in match.log(viewer)[-EVENTS_WINDOW:]],
        "status": status_of(viewer, **kw),
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


def check_against_widget(name: str, data: dict[str, Any], match: Match, viewer: Any) -> None:
    """Compare a fixture with the traits of a real NagaWidget on the same match (when importable)."""
    try:
        from naga_widget.widget import NagaWidget
    except ImportError:  # anywidget not installed: nothing to compare with
        return
    perspective = "teacher" if viewer == "truth" else viewer  # "hotseat" stays itself
    w = NagaWidget(match, perspective=perspective)
    try:
        real = {"board": w.board, "menu": w.menu, "timeline": w.timeline, "events": w.events, "status": w.status}
        for trait in ("board", "menu", "timeline", "events"):
            if data[trait] != real[trait]:
                here, there = json.dumps(data[trait])[:400], json.dumps(real[trait])[:400]
                raise SystemExit(f"fixture {name}: trait {trait} differs from NagaWidget's:\n"
                                 f"  here:   {here}\n  widget: {there}")
        for key in ("perspective", "viewer", "screen", "names"):
            if data["status"][key] != real["status"][key]:
                raise SystemExit(f"fixture {name}: status.{key} differs: {data['status'][key]!r} "
                                 f"vs {real['status'][key]!r}")
    finally:
        match.unobserve_changes(w._on_match_change)


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    fixtures: dict[str, dict[str, Any]] = {}
    checks: list[tuple[str, Match, Any]] = []  # (fixture, match, viewer) to compare with NagaWidget

    # R4.1: a call with two groups or more, one of them holding two cards or more
    def call_ok(s: Any) -> bool:
        if s.phase != "call" or s.outcome is not None:
            return False
        groups = call_groups(s, s.to_move)
        return len(groups) >= 2 and max(len(g) for g in groups) >= 2 and s.round >= 2
    seed, step = find(call_ok)
    m = at(seed, step)
    fixtures["call"] = traits(m, m.state.to_move)
    checks.append(("call", m, m.state.to_move))

    # R4.2: a confrontation in which E06 and E07 can be invoked, on a board with some history
    def confront_ok(s: Any) -> bool:
        return (s.phase == "confront" and s.outcome is None and s.round >= 4
                and {"E06", "E07"} <= effects_of_heads(s) and amulet_lying(s))
    seed, step = find(confront_ok)
    m = at(seed, step)
    fixtures["confront"] = traits(m, m.state.to_move)
    checks.append(("confront", m, m.state.to_move))

    # R4.2: a confrontation offering an invoke without target (E12) and a single-token one (E11 or E02/E03)
    def confront_small(s: Any) -> bool:
        return (s.phase == "confront" and s.outcome is None
                and "E12" in effects_of_heads(s) and effects_of_heads(s) & {"E11", "E02", "E03", "E05"})
    seed, step = find(confront_small)
    m = at(seed, step)
    fixtures["confront_small"] = traits(m, m.state.to_move)
    checks.append(("confront_small", m, m.state.to_move))

    # a board with a cursed relic face up, a remembered face-down relic and the trap in a temple
    def rich(s: Any) -> bool:
        return (s.outcome is None and cursed_up(s) and s.trap is not None and amulet_lying(s)
                and remembered(s, s.to_move) and s.phase in ("call", "confront", "place", "give"))
    seed, step = find(rich)
    m = at(seed, step)
    fixtures["rich"] = traits(m, m.state.to_move)
    checks.append(("rich", m, m.state.to_move))
    fixtures["rich_spectator"] = traits(m, "spectator")
    checks.append(("rich_spectator", m, "spectator"))

    # R4.3: a placement in a temple that already holds tiles
    def place_ok(s: Any) -> bool:
        return s.phase == "place" and s.outcome is None and s.temples[s.to_move].filled() >= 2
    seed, step = find(place_ok)
    m = at(seed, step)
    fixtures["place"] = traits(m, m.state.to_move)
    checks.append(("place", m, m.state.to_move))

    # R4.4: the New Deal, three cards drawn
    def give_ok(s: Any) -> bool:
        return s.phase == "give" and s.outcome is None and len(set(s.drawn)) == 3
    seed, step = find(give_ok)
    m = at(seed, step)
    fixtures["give"] = traits(m, m.state.to_move)
    checks.append(("give", m, m.state.to_move))

    # R7: a finished game, seen by player 0
    m = game(7)
    fixtures["over"] = traits(m, 0)
    checks.append(("over", m, 0))

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
    checks.append(("branches", m, m.state.to_move))
    fixtures["fork_armed"] = traits(m, m.state.to_move, fork_armed=True)

    # hot-seat: the screen between turns hides the board
    m = at(*find(call_ok))
    p = m.state.to_move
    hot = traits(m, p, actor=None, perspective="hotseat",
                 screen={"kind": "pass_device", "player": p, "name": TEMPLE_NAMES[p]})
    hot["board"], hot["events"] = {}, []
    fixtures["hotseat"] = hot
    checks.append(("hotseat", m, "hotseat"))

    for name, match, viewer in checks:
        check_against_widget(name, fixtures[name], match, viewer)

    (OUT / "catalog.json").write_text(json.dumps(catalog(), indent=1) + "\n", encoding="utf-8")
    for name, data in fixtures.items():
        (OUT / f"{name}.json").write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        menu = data["menu"]
        print(f"{name}: phase {data['board'].get('phase')}, menu {menu.get('phase')}, "
              f"step {data['timeline']['step']}/{data['timeline']['last']}")


if __name__ == "__main__":
    main()
