"""The command line as a shell runs it: figures on stdout, the progress bar (tqdm) on stderr."""

from __future__ import annotations

import os
import subprocess
import sys

from naga_widget.arena import tournament
from naga_widget.arena.progress import NOTE
from naga_widget.bots import RandomBot

NO_TQDM = "import sys; sys.modules['tqdm'] = sys.modules['tqdm.auto'] = None; "


def run(argv: list[str], prelude: str = "") -> tuple[int, str, str]:
    """``naga_widget.cli.main(argv)`` in a fresh interpreter: (exit code, stdout, stderr)."""
    code = prelude + "import sys; from naga_widget.cli import main; sys.exit(main(sys.argv[1:]))"
    done = subprocess.run([sys.executable, "-c", code, *argv], capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONIOENCODING": "utf-8"})
    return done.returncode, done.stdout, done.stderr


def test_arena_prints_the_table_on_stdout_and_the_bar_on_stderr() -> None:
    code, out, err = run(["arena", "random", "random", "--games", "3", "--seed", "2", "--workers", "2"])
    assert code == 0, err
    expected = tournament({"random": RandomBot, "random-2": RandomBot}, games=3, seed=2, workers=0, progress=False)
    table, timing = out.split("\n\n" + "time per decision (wall clock)\n")
    lines = table.splitlines()
    assert lines[0].endswith("played in 2 worker processes, each bot in its own process")
    assert lines[1:] == str(expected).splitlines()[1:]
    assert [t.split()[0] for t in timing.splitlines()] == ["random", "random-2"]
    assert "3/3 games" in err and "3/3 games" not in out


def test_without_tqdm_there_is_no_bar_but_a_note_and_the_same_figures() -> None:
    code, quiet, err = run(["selfplay", "--games", "5", "--seed", "4", "--quiet"])
    assert code == 0 and err == ""
    code, out, err = run(["selfplay", "--games", "5", "--seed", "4"], prelude=NO_TQDM)
    assert code == 0 and out == quiet and err == NOTE
    code, out, err = run(["selfplay", "--games", "5", "--seed", "4"])
    assert code == 0 and out == quiet and "5/5 games" in err and NOTE not in err


def test_bots_take_keyword_arguments_in_brackets_and_names_stay_optional() -> None:
    import pytest

    from naga_widget.bots import ISMCTSBot
    from naga_widget.cli import bots_from

    bots = bots_from(["ismcts(seconds=0.5, playout_steps=None)", "quick=ismcts(iterations=20)", "greedy"])
    assert list(bots) == ["ismcts(seconds=0.5, playout_steps=None)", "quick", "greedy"]
    slow, quick = bots["ismcts(seconds=0.5, playout_steps=None)"](seed=1), bots["quick"](seed=1)
    assert isinstance(slow, ISMCTSBot) and (slow.seconds, slow.playout_steps) == (0.5, None)
    assert (quick.iterations, quick.seconds) == (20, None)
    for spec, message in [("ismcts(1)", "by name"), ("ismcts(seconds=)", "name=value"),
                          ("ismcts(seconds=time.time())", "literal"), ("nobot(seconds=1)", "unknown bot")]:
        with pytest.raises(ValueError, match=message):
            bots_from([spec])


def test_a_bot_with_arguments_plays_in_its_own_process_from_the_command_line() -> None:
    code, out, err = run(["arena", "ismcts(iterations=5)", "random", "--games", "2", "--seed", "3", "--workers",
                          "1", "--quiet"])
    assert code == 0, err
    assert "ismcts(iterations=5) vs random" in out
