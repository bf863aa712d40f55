"""After Run All, every lesson has run through without an error, and every view a question is about
stands where the question says.

A question cell (markdown) declares the position of the view it refers to in its metadata:
``"naga_view": {"step": 6, "branch": 0}``; the view is the last widget shown above the question.
The test executes the lesson in a real kernel, as Run All does (one cell after the other), and reads
each view's timeline from the widget state the kernel sent, which is what the front end draws.
Answer cells play on copies of a match, so they never move a view that a question is about.

This is the run of each lesson's teacher version (with the solutions) that ``make test`` makes: a cell
that raises fails it, as under nbval (a cell tagged ``raises-exception`` may raise). Lesson 08 is run
whole by ``test_lesson08.py`` (it trains), and the student versions by ``test_grading.py``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .run import LESSONS, execute, read

VIEW = "application/vnd.jupyter.widget-view+json"


def timeline(state: dict[str, Any], model_id: str) -> dict[str, Any] | None:
    """The timeline of the board shown by widget ``model_id``, itself or inside a box (an ``HBox`` of
    the board and a table)."""
    model = state.get(model_id, {}).get("state", {})
    if "timeline" in model:
        return model["timeline"]
    for child in model.get("children", []):
        found = timeline(state, str(child).removeprefix("IPY_MODEL_"))
        if found is not None:
            return found
    return None


def declared_views(notebook: Any) -> list[tuple[int, dict[str, int], dict[str, Any] | None]]:
    """(question cell, declared position, timeline of the last view above it) for every tagged question."""
    state = notebook.metadata.get("widgets", {}).get("application/vnd.jupyter.widget-state+json", {}).get("state", {})
    shown: dict[str, Any] | None = None
    found = []
    for i, cell in enumerate(notebook.cells):
        if cell.cell_type == "code":
            for output in cell.get("outputs", []):
                view = output.get("data", {}).get(VIEW)
                if view:
                    shown = timeline(state, view["model_id"])
        elif "naga_view" in cell.metadata:
            found.append((i, dict(cell.metadata["naga_view"]), shown))
    return found


def test_every_question_of_the_walkthrough_declares_its_view() -> None:
    (walkthrough,) = [p for p in LESSONS if p.name == "02_rules_walkthrough.ipynb"]
    notebook = read(walkthrough)
    questions = [i for i, c in enumerate(notebook.cells) if c.cell_type == "markdown" and
                 c.source.startswith("**Your turn.**")]
    assert len(questions) >= 12
    assert [i for i in questions if "naga_view" not in notebook.cells[i].metadata] == []


def positions(path: Path) -> list[tuple[int, dict[str, int], dict[str, int] | None]]:
    ran = execute(read(path))
    return [(i, want, None if got is None else {"step": got["step"], "branch": got["branch"]})
            for i, want, got in declared_views(ran)]


RUN_ELSEWHERE = {"08_reinforcement_learning.ipynb"}  # test_lesson08.py runs it whole, training included


def test_every_lesson_with_a_question_about_a_view_is_run_here() -> None:
    declaring = {p.name for p in LESSONS if any("naga_view" in c.metadata for c in read(p).cells)}
    assert "02_rules_walkthrough.ipynb" in declaring and not declaring & RUN_ELSEWHERE


@pytest.mark.parametrize("path", [p for p in LESSONS if p.name not in RUN_ELSEWHERE], ids=lambda p: p.name)
def test_after_run_all_each_view_stands_where_its_question_says(path: Path) -> None:
    found = positions(path)  # execute() raises CellExecutionError at the first cell that fails
    wrong = [(f"cell {i}", want, got) for i, want, got in found if want != got]
    assert wrong == []
