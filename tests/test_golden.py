"""A golden game, and the command line.

``tests/golden/game_seed_2026.json`` records a whole game of ``Match(seed=2026)`` between
``RandomBot(1)`` (gold) and ``RandomBot(2)`` (silver): for every step the action text, the
number of legal actions before it and the ``digest()`` of the state after it. Any change to
the rules engine, the chance seeding of the match or the bots' sampling shows up here as
the first step that differs.

When such a change is intended, regenerate the file and review the diff::

    .venv/bin/python tests/test_golden.py --regenerate

and then update the figures counted by hand below (``GOLDEN_END``, ``SELFPLAY_*``, ``PLAY_*``).
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from naga_widget import Match, RandomBot, play_match
from naga_widget.cli import main

GOLDEN = Path(__file__).parent / "golden" / "game_seed_2026.json"
SEED = 2026
BOT_SEEDS = (1, 2)
CLI_ARGS = ["selfplay", "--games", "20", "--seed", "1", "--quiet"]

# Figures counted once and written here by hand, so that regenerating the golden file cannot hide a
# change in how the golden game ends, and the command line is checked against numbers, not against
# a second copy of its own loop.
GOLDEN_END = {"outcome": {"winner": 1, "reason": "target_score", "rule": "R7.1", "scores": [0, 27]},
              "steps": 41, "rounds": 8, "setup_digest": "40dcdba2369926e6", "final_digest": "03239aca72ca82fe"}
# `selfplay --games 20 --seed 1`: wins by player, games by end reason, average rounds.
SELFPLAY_WINS = {0: 10, 1: 10}
SELFPLAY_REASONS = {"target_score": 7, "full_temple": 12, "three_cursed": 1}
SELFPLAY_AVERAGE_ROUNDS = 13.35
# `play --seed 3` (Match(seed=3), RandomBot(3) against RandomBot(4)): its event log. 237 lines: 203 for
# the other events, and 12 rounds of which each Confrontation ends (R4.2.3, 12) and all but the last,
# ended by a full temple, clear the table (R4.3.4, 11) and pass the scroll (R4.4.1, 11).
PLAY_LINES = 237
PLAY_LAST_STEP = 78
PLAY_END = "[R7.2] game over (a full temple): silver wins, scores gold 4, silver 12"


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


def test_the_golden_game_ends_as_counted(golden: dict[str, Any]) -> None:
    """The golden file and a game played now both end with the figures written above."""
    for source, end in (("golden file", golden), ("game played now", record_game())):
        figures = {"outcome": end["outcome"], "steps": len(end["steps"]), "rounds": end["rounds"],
                   "setup_digest": end["setup_digest"], "final_digest": end["final_digest"]}
        assert figures == GOLDEN_END, source


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
def test_cli_selfplay_prints_wins_end_reasons_and_average_rounds() -> None:
    code, out, err = run_cli(CLI_ARGS)
    assert code == 0
    assert err == "", "--quiet shows no progress bar"
    assert out.startswith("20 random games from seed 1\n")
    for p, name in enumerate(("gold", "silver")):
        line = re.search(rf"^\s+{name}\s+\(player {p}\) wins\s+(\d+) \(\s*([\d.]+)%\)$", out, re.M)
        assert line, f"no line for {name}'s wins in:\n{out}"
        assert int(line.group(1)) == SELFPLAY_WINS[p]
        assert float(line.group(2)) == pytest.approx(100 * SELFPLAY_WINS[p] / 20, abs=0.05)
    for reason, games in SELFPLAY_REASONS.items():
        line = re.search(rf"^\s+ended by {reason}\s+(\d+) \(\s*([\d.]+)%\)$", out, re.M)
        assert line, f"no line for {reason} in:\n{out}"
        assert int(line.group(1)) == games and float(line.group(2)) == pytest.approx(100 * games / 20, abs=0.05)
    line = re.search(r"^\s+average rounds (\d+\.\d\d)$", out, re.M)
    assert line and float(line.group(1)) == SELFPLAY_AVERAGE_ROUNDS
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
    lines = out.splitlines()
    assert len(lines) == PLAY_LINES
    steps = [int(line[:4]) for line in lines]
    assert steps == sorted(steps) and steps[0] == 0 and steps[-1] == PLAY_LAST_STEP
    event_line = re.compile(r"[ \d]{4}  \[(R\d(\.\d+)*|E(0[1-9]|1[0-2]))\] \S.*")  # step, rule id (R4.2.3), text
    assert [line for line in lines if not event_line.fullmatch(line)] == []
    assert lines[-1] == f"{PLAY_LAST_STEP:4}  {PLAY_END}"


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
