"""What Pyodide lacks, and how the project does without it (run inside Pyodide by lite/pyodide_tests.mjs).

Elsewhere these tests are skipped: they are about ``sys.platform == "emscripten"``.
"""

from __future__ import annotations

import sys
import warnings
from typing import Any

import pytest

from naga_widget import Match, RandomBot
from naga_widget.arena import tournament
from naga_widget.arena.run import PYODIDE_NOTE

pytestmark = pytest.mark.skipif(sys.platform != "emscripten", reason="about Pyodide (sys.platform emscripten)")


@pytest.mark.parametrize("workers", [None, 1, 2])
def test_the_arena_plays_in_process_and_says_so(workers: int | None) -> None:
    bots = {"a": RandomBot, "b": RandomBot}
    with pytest.warns(RuntimeWarning, match="Pyodide has no processes"):
        asked = tournament(bots, games=2, seed=5, workers=workers, progress=False)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        here = tournament(bots, games=2, seed=5, workers=0, progress=False)
    assert [g.winner for g in asked.games] == [g.winner for g in here.games]
    assert asked.where == here.where and "in this process" in here.where
    assert "no processes" in PYODIDE_NOTE


def test_a_process_cannot_start_here() -> None:
    """The reason for the fallback above: starting a process fails in Pyodide."""
    import subprocess

    with pytest.raises(OSError):
        subprocess.run([sys.executable, "-c", "pass"], check=True)


def test_the_widget_bot_answers_at_once_without_a_kernel() -> None:
    """Outside a kernel (no event loop of IPython) the bot plays its turns right after the viewer's."""
    from naga_widget.widget import NagaWidget

    widget: Any = NagaWidget(perspective=0, opponent=RandomBot(seed=7), seed=42)
    assert widget.state.to_move == 0 or widget.state.is_over
    before = widget.step
    widget.play(next(iter(widget.state.legal_actions())))
    assert widget.step > before + 1 or widget.state.to_move == 0
    assert isinstance(widget.match, Match)


def test_the_checks_of_the_exercises_run_without_otter() -> None:
    """The site has no otter-grader: ``grader.check`` runs the lesson's tests itself, with no process."""
    import math
    from pathlib import Path

    from naga_widget.checks import checks_in, run_test_file

    source = checks_in(Path(__file__).resolve().parents[2] / "notebooks/student/06_build_ismcts.ipynb")["ucb"]

    def ucb(wins: float, visits: int, available: int, c: float) -> float:
        return math.inf if visits == 0 else wins / visits + c * math.sqrt(math.log(available) / visits)

    assert run_test_file(source, {"ucb": ucb}, "ucb").passed
    wrong = run_test_file(source, {"ucb": lambda *a: 0.0}, "ucb")
    assert not wrong.passed and "Not yet" in wrong._repr_html_() and "<details>" in wrong._repr_html_()
