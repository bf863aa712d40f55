"""Run the fuzz strategies of the tests (actions, saves, intents from the browser) for longer.

Prints, per category, how many inputs were tried, how many were accepted (a legal action applied,
a save loaded as a consistent game), how many were rejected cleanly (the documented error:
``ActionFormatError``/``IllegalActionError`` for actions, ``ReplayError`` for saves), and "other":
any other exception or failed check, with the first few shown. Other must be 0.

    .venv/bin/python benchmarks/fuzz_long.py --seconds 300
"""

from __future__ import annotations

import argparse
import re
import sys
import time
import traceback
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import seed as hypothesis_seed
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
import test_fuzz_actions as actions  # noqa: E402 - the tests' strategies, shared
import test_fuzz_saves as saves  # noqa: E402

from naga_widget import Match, NagaWidget  # noqa: E402
from naga_widget.widget.guard import MESSAGE_CHARS  # noqa: E402

INTENT_KINDS = ["play", "goto", "undo", "redo", "start", "end", "branch", "fork", "unfork", "reveal", "take_over",
                "new_game", "x"]
_scalars = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=30)
_json = st.recursive(_scalars, lambda inner: st.lists(inner, max_size=4)
                     | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=12)
_fields = st.dictionaries(st.sampled_from(["action", "to", "index", "step", "branch", "id"]), _json, max_size=4)


RULE_CITED = re.compile(r"\((R\d+(?:\.\d+)*|E\d\d)\)$")
_actions = (_json | st.text(min_size=380, max_size=420) | st.lists(st.text(max_size=5), max_size=120).map(
    lambda cards: {"type": "call", "cards": cards}))


def try_action_intent(action: Any) -> str:
    """A play intent whose action is any JSON value: played, or refused with the rule id it breaks."""
    answer = try_intent({"type": "play", "action": action})
    if answer != "accepted":
        # the answer was checked short and harmless; it must also cite its rule
        w = NagaWidget(Match(seed=12), perspective="teacher")
        w.set_state({"intent": {"type": "play", "action": action}})
        text = w.status["message"]["text"]
        if not RULE_CITED.search(text):
            raise AssertionError(f"a refused action names no rule: {text!r}")
    return answer


def try_intent(value: Any) -> str:
    """Send ``value`` as the browser does (``set_state``) to a teacher view of a fresh match: it must be
    applied, or refused with a short message and the match unchanged; anything else raises."""
    w = NagaWidget(Match(seed=12), perspective="teacher")
    before = (w.match.step, len(w.match.line()), len(w.match.branches()))
    w.set_state({"intent": value})
    msg = w.status["message"]
    if msg is None:
        return "accepted"
    after = (w.match.step, len(w.match.line()), len(w.match.branches()))
    if msg["level"] != "error" or len(msg["text"]) > MESSAGE_CHARS + 1:
        raise AssertionError(f"a bad intent got the answer {msg!r}")
    if after != before:
        raise AssertionError(f"a refused intent changed the match: {before} -> {after}")
    return "rejected cleanly"

CATEGORIES: dict[str, tuple[st.SearchStrategy[Any], Callable[[Any], str]]] = {
    "action text: random": (st.tuples(st.text(max_size=40), actions.states), lambda c: actions.try_action(*c)),
    "action text: near miss": (actions.near_miss_text(), lambda c: actions.try_action(*c)),
    "action JSON: random": (st.tuples(actions.json_values, actions.states), lambda c: actions.try_action(*c)),
    "action JSON: near miss": (actions.near_miss_json(), lambda c: actions.try_action(*c)),
    "action values: lying": (actions.lying_values(), lambda c: actions.try_action(*c)),
    "save: byte flips": (saves.byte_flips(), saves.try_load),
    "save: truncation": (saves.truncations(), saves.try_load),
    "save: deletion": (saves.deletions(), saves.try_load),
    "save: duplication": (saves.duplications(), saves.try_load),
    "save: type changes": (saves.type_changes(), lambda c: saves.try_doc(*c)),
    "save: consistent edits, checksum recomputed": (saves.consistent_edits(), lambda d: saves.try_doc(d, True)),
    "intent: random fields": (st.builds(lambda k, f: {"type": k, **f}, st.sampled_from(INTENT_KINDS), _fields),
                              try_intent),
    "intent: not an object": (_json.filter(lambda v: not isinstance(v, dict)), try_intent),
    "intent: action text": (st.builds(lambda a: {"type": "play", "action": a}, st.text(max_size=3000)), try_intent),
    "intent: action of any JSON type, rule cited": (_actions, try_action_intent),
    "save: version-1 downgrade of forced chance": (saves.forced_matches(), saves.try_downgrade),
}


def run(name: str, seconds: float, batch: int) -> Counter[str]:
    strategy, attempt = CATEGORIES[name]
    tally: Counter[str] = Counter()
    examples: list[str] = []

    def one(case: Any) -> None:
        try:
            tally[attempt(case)] += 1
        except Exception as exc:  # noqa: BLE001 - counting every other outcome is the point
            tally["other"] += 1
            if len(examples) < 3:
                examples.append(f"{type(exc).__name__}: {exc}\n{traceback.format_exc(limit=3)}\n  input: "
                                f"{repr(case)[:300]}")

    end = time.monotonic() + seconds
    k = 0
    while time.monotonic() < end:
        test = settings(max_examples=batch, deadline=None, database=None, derandomize=False,
                        suppress_health_check=list(HealthCheck))(given(strategy)(one))
        hypothesis_seed(k)(test)()
        k += 1
    tally["tried"] = sum(v for key, v in tally.items() if key != "tried")
    for text in examples:
        print(f"--- {name}: {text}", file=sys.stderr)
    return tally


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=300, help="total time, shared by the categories")
    parser.add_argument("--batch", type=int, default=200, help="examples per hypothesis run")
    args = parser.parse_args()
    each = args.seconds / len(CATEGORIES)
    print(f"{'category':46} {'tried':>8} {'accepted':>9} {'rejected cleanly':>17} {'other':>6}")
    total: Counter[str] = Counter()
    for name in CATEGORIES:
        tally = run(name, each, args.batch)
        total.update(tally)
        accepted = tally["accepted"] + tally["loaded"]
        print(f"{name:46} {tally['tried']:8,} {accepted:9,} {tally['rejected cleanly']:17,} {tally['other']:6,}",
              flush=True)
    accepted = total["accepted"] + total["loaded"]
    print(f"{'all':46} {total['tried']:8,} {accepted:9,} {total['rejected cleanly']:17,} {total['other']:6,}")
    sys.exit(1 if total["other"] else 0)


if __name__ == "__main__":
    main()
