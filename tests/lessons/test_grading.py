"""Student and teacher versions of the lessons with exercises, graded by Otter-Grader.

Each such lesson is written once in ``otter assign`` format (``notebooks/03_game_ai_class.ipynb``):
the solutions and the checks are marked in it. For each one the tests run ``otter assign``, then check:

- the committed student version (``notebooks/student/``) is what ``notebooks/make_student.py`` makes
  of the lesson today, and holds none of the solution code;
- the student version runs top to bottom without an error, and every check answers "Not yet" with a
  hint;
- the autograder (``otter run`` with the generated zip) grades the solution version (otter's
  autograder notebook) 100%, so it passes every check, and the unsolved student version 0%.
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from naga_widget.course import copy_lessons

from .run import NOTEBOOKS, execute, outputs, read

spec = importlib.util.spec_from_file_location("make_student", NOTEBOOKS / "make_student.py")
assert spec and spec.loader
make_student = importlib.util.module_from_spec(spec)
spec.loader.exec_module(make_student)
SOURCES = make_student.sources()


def test_the_lessons_with_exercises_are_found() -> None:
    assert "03_game_ai_class.ipynb" in [p.name for p in SOURCES]


@pytest.fixture(scope="module", params=SOURCES, ids=lambda p: p.name)
def assigned(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    source: Path = request.param
    return source, make_student.assign(source, tmp_path_factory.mktemp("assign") / "dist")


def solution_lines(source: Path) -> list[str]:
    """The code lines of a lesson's solutions (inside ``# BEGIN SOLUTION`` … ``# END SOLUTION`` in a
    code cell, or ending in ``# SOLUTION``) that appear nowhere else in the lesson."""
    inner, other = [], []
    for cell in read(source).cells:
        if cell.cell_type != "code":
            continue
        inside = False
        for line in cell.source.splitlines():
            if "# BEGIN SOLUTION" in line:
                inside = True
            elif "# END SOLUTION" in line:
                inside = False
            elif inside or line.rstrip().endswith("# SOLUTION"):
                inner.append(line.strip().removesuffix("# SOLUTION").strip())
            else:
                other.append(line.split("  #")[0].strip())
    return [line for line in inner if len(line) > 8 and line not in other]


def check_outputs(notebook: Any) -> list[str]:
    """The text each ``grader.check(...)`` cell printed, in order."""
    texts = []
    for i, cell in enumerate(notebook.cells):
        if cell.cell_type == "code" and cell.source.startswith("grader.check("):
            texts.append("".join(str(o.get("text", "")) + json.dumps(o.get("data", {}))
                                 for j, o in outputs(notebook) if j == i))
    return texts


def test_student_version_is_current_and_has_no_solution(assigned: tuple[Path, Path]) -> None:
    source, made = assigned
    student = NOTEBOOKS / "student" / source.name
    assert student.read_text(encoding="utf-8") == make_student.student_version(source, made), (
        "run notebooks/make_student.py")
    text = student.read_text(encoding="utf-8")
    solutions = solution_lines(source)
    assert len(solutions) >= 3
    assert [line for line in solutions if line in text] == []


def test_student_version_runs_and_every_check_says_not_yet(assigned: tuple[Path, Path], tmp_path: Path) -> None:
    source, _ = assigned
    copy_lessons(tmp_path)  # as a student gets it: the student version, beside the saved games
    ran = execute(read(tmp_path / source.name), folder=tmp_path)
    assert [o for _, o in outputs(ran) if o.output_type == "error"] == []
    checks = check_outputs(ran)
    assert len(checks) >= 2
    assert all("Not yet" in text for text in checks), checks


def grade(made: Path, submission: Path, out: Path) -> dict[str, tuple[float, float]]:
    """``otter run`` with the lesson's autograder zip: question -> (score, max score)."""
    (archive,) = (made / "autograder").glob("*-autograder_*.zip")
    out.mkdir()
    done = subprocess.run([sys.executable, "-m", "otter", "run", "-a", str(archive), "-o", str(out), str(submission)],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    tests = json.loads((out / "results.json").read_text(encoding="utf-8"))["tests"]
    return {t["name"]: (t["score"], t["max_score"]) for t in tests if "max_score" in t}


def test_autograder_gives_the_solutions_all_and_the_unsolved_version_nothing(assigned: tuple[Path, Path],
                                                                            tmp_path: Path) -> None:
    source, made = assigned
    if source.name == "06_build_ismcts.ipynb":  # graded by the steps of docs/teaching.md, which use it
        pytest.skip("tests/lessons/test_teaching_steps.py grades lesson 06's solved and unsolved versions")
    solved = grade(made, made / "autograder" / source.name, tmp_path / "solved")
    unsolved = grade(made, NOTEBOOKS / "student" / source.name, tmp_path / "unsolved")
    assert set(solved) == set(unsolved) and len(solved) >= 2
    assert all(score == top > 0 for score, top in solved.values()), solved
    assert all(score == 0 for score, _ in unsolved.values()), unsolved
