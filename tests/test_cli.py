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
    lines = out.splitlines()
    assert lines[0].endswith("played in 2 worker processes, each bot in its own process")
    assert lines[1:] == str(expected).splitlines()[1:]
    assert "3/3 games" in err and "3/3 games" not in out


def test_without_tqdm_there_is_no_bar_but_a_note_and_the_same_figures() -> None:
    code, quiet, err = run(["selfplay", "--games", "5", "--seed", "4", "--quiet"])
    assert code == 0 and err == ""
    code, out, err = run(["selfplay", "--games", "5", "--seed", "4"], prelude=NO_TQDM)
    assert code == 0 and out == quiet and err == NOTE
    code, out, err = run(["selfplay", "--games", "5", "--seed", "4"])
    assert code == 0 and out == quiet and "5/5 games" in err and NOTE not in err
