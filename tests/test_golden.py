"""A golden game, and the command line.

``tests/golden/game_seed_2026.json`` records a whole game of ``Match(seed=2026)`` between
``RandomBot(1)`` (gold) and ``RandomBot(2)`` (silver): for every step the action text, the
number of legal actions before it and the ``digest()`` of the state after it. Any change to
the rules engine, the chance seeding of the match or the bots' sampling shows up here as
the first step that differs.

When such a change is intended, regenerate the file and review the diff::

    .venv/bin/python tests/test_golden.py --regenerate
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from naga_widget import Match, RandomBot, play_match
from naga_widget.cli import main
from naga_widget.rules import Chance, new_game
from naga_widget.rules.flow import playout

GOLDEN = Path(__file__).parent / "golden" / "game_seed_2026.json"
SEED = 2026
BOT_SEEDS = (1, 2)
CLI_ARGS = ["selfplay", "--games", "20", "--seed", "1", "--quiet"]


def record_game() -> dict[str, Any]:
    """Play the golden game and describe every step of it."""
    match = Match(seed=SEED)
    bots = [RandomBot(BOT_SEEDS[0]), RandomBot(BOT_SEEDS[1])]
    steps = []
    while not match.state.is_over:
        state = match.state
        player = state.to_move
        legal = state.legal_actions()
        action = bots[player].act(state.observe(player), legal)
        match.play(action)
        steps.append({"step": match.step, "round": state.round, "phase": state.phase, "player": player,
                      "legal": len(legal), "action": str(action), "digest": match.state.digest()})
    outcome = match.state.outcome
    assert outcome is not None
    return {
        "about": "Match(seed=2026), RandomBot(1) for gold and RandomBot(2) for silver; regenerate with "
                 "`python tests/test_golden.py --regenerate`",
        "seed": SEED,
        "bots": list(BOT_SEEDS),
        "setup_digest": match.state_at(0).digest(),
        "steps": steps,
        "outcome": outcome.to_json(),
        "rounds": match.state.round,
        "final_digest": match.state.digest(),
    }


def first_difference(expected: dict[str, Any], actual: dict[str, Any]) -> str | None:
    """A readable description of the first difference between two recordings, or None."""
    if expected.get("setup_digest") != actual["setup_digest"]:
        return (f"the setup differs (step 0): digest {actual['setup_digest']}, "
                f"expected {expected.get('setup_digest')}")
    want, got = expected["steps"], actual["steps"]
    for i, (w, g) in enumerate(zip(want, got)):
        if w != g:
            fields = [k for k in ("round", "phase", "player", "legal", "action", "digest") if w.get(k) != g.get(k)]
            before = "\n".join(f"    step {s['step']:3}: {s['action']}" for s in got[max(0, i - 3):i])
            return (f"first difference at step {g['step']} (differing: {', '.join(fields)})\n"
                    f"  expected: {json.dumps(w)}\n  actual:   {json.dumps(g)}\n"
                    f"  the steps before it (identical):\n{before or '    (none)'}")
    if len(want) != len(got):
        return (f"the game has {len(got)} steps, the golden file {len(want)}; identical up to step "
                f"{min(len(want), len(got))}")
    for key in ("outcome", "rounds", "final_digest"):
        if expected.get(key) != actual[key]:
            return f"{key} differs: {actual[key]!r}, expected {expected.get(key)!r}"
    return None


def run_cli(argv: list[str]) -> tuple[int, str, str]:
    """Run ``naga_widget.cli.main(argv)`` in a fresh interpreter: (exit code, stdout, stderr).

    A subprocess, so the command runs exactly as from a shell (its own interpreter and streams).
    """
    code = "import sys; from naga_widget.cli import main; sys.exit(main(sys.argv[1:]))"
    done = subprocess.run([sys.executable, "-c", code, *argv], capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONHASHSEED": "0", "PYTHONIOENCODING": "utf-8"})
    return done.returncode, done.stdout, done.stderr


def regenerate() -> None:
    data = record_game()
    code, out, err = run_cli(CLI_ARGS)
    assert code == 0 and out, err
    data["cli"] = {"argv": CLI_ARGS, "stdout": out}
    GOLDEN.parent.mkdir(parents=True, exist_ok=True)
    GOLDEN.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {GOLDEN} ({len(data['steps'])} steps, {data['outcome']})")


# -- the golden game ---------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def golden() -> dict[str, Any]:
    assert GOLDEN.exists(), f"{GOLDEN} is missing; create it with `python tests/test_golden.py --regenerate`"
    return json.loads(GOLDEN.read_text(encoding="utf-8"))


def test_the_golden_game_replays_step_by_step(golden: dict[str, Any]) -> None:
    actual = record_game()
    problem = first_difference(golden, actual)
    assert problem is None, (f"the golden game {GOLDEN.name} changed — {problem}\n"
                             "If the change is intended, run `python tests/test_golden.py --regenerate` "
                             "and review the diff.")


def test_the_golden_file_is_sound(golden: dict[str, Any]) -> None:
    steps = golden["steps"]
    assert golden["seed"] == SEED and golden["bots"] == list(BOT_SEEDS)
    assert [s["step"] for s in steps] == list(range(1, len(steps) + 1))
    assert all(s["legal"] >= 1 and re.fullmatch(r"[0-9a-f]{16}", s["digest"]) for s in steps)
    assert len({s["digest"] for s in steps}) == len(steps), "every step changes the state"
    assert golden["outcome"]["reason"] in ("three_cursed", "target_score", "full_temple")
    assert 1 <= golden["rounds"] <= 17 and steps[-1]["digest"] == golden["final_digest"]
    assert {s["phase"] for s in steps} >= {"call", "place", "give"}


def test_play_match_and_a_saved_copy_reach_the_golden_end(golden: dict[str, Any]) -> None:
    match = Match(seed=SEED)
    outcome = play_match(match, [RandomBot(BOT_SEEDS[0]), RandomBot(BOT_SEEDS[1])])
    assert outcome.to_json() == golden["outcome"]
    assert [str(a) for a in match.actions] == [s["action"] for s in golden["steps"]]
    assert [match.state_at(i).digest() for i in range(1, match.last_step + 1)] == [s["digest"] for s in golden["steps"]]
    loaded = Match.loads(match.dumps())
    assert loaded.state.digest() == golden["final_digest"]
    replay = Match(seed=SEED)  # the recorded actions alone reproduce the game
    for s in golden["steps"]:
        replay.play(s["action"])
    assert replay.state.digest() == golden["final_digest"]


def test_a_changed_game_is_reported_at_its_first_differing_step(golden: dict[str, Any]) -> None:
    tampered = json.loads(json.dumps(golden))
    tampered["steps"][9]["action"] = "dance"
    message = first_difference(tampered, record_game())
    assert message is not None and message.startswith("first difference at step 10 (differing: action)")
    assert "expected" in message and "actual" in message
    shorter = dict(golden, steps=golden["steps"][:-1])
    assert "steps" in (first_difference(shorter, record_game()) or "")
    assert first_difference(golden, record_game()) is None


# -- the command line ------------------------------------------------------------------------------
def _expected_selfplay(games: int, seed: int) -> tuple[Counter[int], Counter[str], float]:
    """The statistics computed independently: seeds seed, seed+1, … each played out."""
    wins: Counter[int] = Counter()
    reasons: Counter[str] = Counter()
    rounds = 0
    for i in range(games):
        rng = random.Random(seed + i)
        state, _ = new_game(chance=Chance(rng, record=False))
        final = playout(state, rng)
        assert final.outcome is not None
        wins[final.outcome.winner] += 1
        reasons[final.outcome.reason] += 1
        rounds += final.round
    return wins, reasons, rounds / games


def test_cli_selfplay_prints_wins_end_reasons_and_average_rounds() -> None:
    code, out, err = run_cli(CLI_ARGS)
    assert code == 0
    assert err == "", "--quiet shows no progress bar"
    wins, reasons, average = _expected_selfplay(20, 1)
    assert out.startswith("20 random games from seed 1\n")
    for p, name in enumerate(("gold", "silver")):
        line = re.search(rf"^\s+{name}\s+\(player {p}\) wins\s+(\d+) \(\s*([\d.]+)%\)$", out, re.M)
        assert line, f"no line for {name}'s wins in:\n{out}"
        assert int(line.group(1)) == wins[p] and float(line.group(2)) == pytest.approx(100 * wins[p] / 20, abs=0.05)
    for reason in ("target_score", "full_temple", "three_cursed"):
        line = re.search(rf"^\s+ended by {reason}\s+(\d+) \(\s*([\d.]+)%\)$", out, re.M)
        assert line, f"no line for {reason} in:\n{out}"
        assert int(line.group(1)) == reasons[reason]
    line = re.search(r"^\s+average rounds (\d+\.\d\d)$", out, re.M)
    assert line and float(line.group(1)) == pytest.approx(average, abs=0.005)
    assert 1 <= average <= 17
    assert out.count("\n") == 7


def test_cli_selfplay_output_is_golden(golden: dict[str, Any]) -> None:
    assert golden["cli"]["argv"] == CLI_ARGS
    assert run_cli(CLI_ARGS)[1] == golden["cli"]["stdout"]


def test_cli_selfplay_shows_progress_unless_quiet() -> None:
    code, out, err = run_cli(["selfplay", "--games", "3", "--seed", "7"])
    assert code == 0 and "3/3 games" in err and err.endswith("\n")
    assert out.startswith("3 random games from seed 7\n")


@pytest.mark.parametrize("argv", [["selfplay", "--games", "0"], ["selfplay", "--games", "x"], ["dance"], []])
def test_cli_rejects_bad_arguments(argv: list[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2


def test_cli_play_prints_the_event_log_of_one_game() -> None:
    code, out, _ = run_cli(["play", "--seed", "3"])
    assert code == 0
    match = Match(seed=3)
    play_match(match, [RandomBot(3), RandomBot(4)])
    expected = [f"{step:4}  {event}" for step, event in match.events()]
    assert out.splitlines() == expected
    assert "game over" in out.splitlines()[-1]


def test_cli_output_follows_sys_stdout() -> None:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        assert main(["selfplay", "--games", "2", "--seed", "1", "--quiet"]) == 0
    assert out.getvalue().startswith("2 random games from seed 1")


if __name__ == "__main__":
    if sys.argv[1:] == ["--regenerate"]:
        regenerate()
    else:
        sys.exit("usage: python tests/test_golden.py --regenerate")
