"""The grading steps of docs/teaching.md, read from the page and run as they are in an empty folder.

The ``sh`` blocks of its section "Grading, step by step" are the commands a teacher types. The test runs
them in order (placing a solved and an unsolved notebook in ``submissions/`` where the page says to
collect the students' notebooks), and checks what the page promises: every command succeeds without
Docker, ``otter run`` prints no "Public Tests" row of NaN, and the table of scores gives the solved
notebook every point and the unsolved one none. Lesson 06 is the example: about three minutes on two
cores (two notebooks graded).
"""

from __future__ import annotations

import csv
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from naga_widget.course import copy_lessons

from .run import NOTEBOOKS

PAGE = NOTEBOOKS.parent / "docs" / "teaching.md"


def grading_blocks() -> list[list[str]]:
    """The command lines of each ``sh`` block of the section "Grading, step by step", in order."""
    text = PAGE.read_text(encoding="utf-8")
    section = text.split("### Grading, step by step", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"^( *)```sh\n(.*?)^\1```$", section, re.M | re.S)
    return [[line.strip() for line in body.splitlines() if line.strip()] for _, body in blocks]


def run(line: str, folder: Path) -> str:
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}")
    done = subprocess.run(line, shell=True, cwd=folder, env=env, capture_output=True, text=True, timeout=900)  # noqa: S602
    assert done.returncode == 0, f"{line}\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done.stdout + done.stderr


def test_the_blocks_are_found_and_none_needs_docker() -> None:
    blocks = grading_blocks()
    assert len(blocks) == 3, blocks
    assert blocks[0][-1].startswith("otter assign") and blocks[1][-1].startswith("otter run")
    assert blocks[2] == ["naga-widget grade dist/autograder submissions --out results"]
    assert not any("otter grade" in line or "docker" in line.lower() for block in blocks for line in block)


def test_the_grading_steps_of_the_page_run_as_written(tmp_path: Path) -> None:
    assign, grade_one, grade_all = grading_blocks()
    folder = tmp_path / "class"
    folder.mkdir()
    for line in assign:
        run(line, folder)
    (archive,) = (folder / "dist" / "autograder").glob("06_build_ismcts-autograder_*.zip")
    assert archive.stat().st_size > 0
    # "Collect the students' notebooks in one folder": alice hands in the student version as she got
    # it, bob the solutions (the notebook otter assign wrote beside the zip).
    (folder / "submissions").mkdir()
    copy_lessons(tmp_path / "handed-out")
    shutil.copy(tmp_path / "handed-out" / "06_build_ismcts.ipynb", folder / "submissions" / "alice.ipynb")
    shutil.copy(folder / "dist" / "autograder" / "06_build_ismcts.ipynb", folder / "submissions" / "bob.ipynb")

    said = "".join(run(line, folder) for line in grade_one)
    assert "Public Tests" not in said and "NaN" not in said, said[-1500:]
    tests = json.loads((folder / "results" / "alice" / "results.json").read_text(encoding="utf-8"))["tests"]
    assert {t["name"]: t["score"] for t in tests} == {"ucb": 0, "descend": 0}

    table = "".join(run(line, folder) for line in grade_all)
    with (folder / "results" / "scores.csv").open(encoding="utf-8") as f:
        rows = {row["student"]: row for row in csv.DictReader(f)}
    assert sorted(rows) == ["alice", "bob"]
    assert (rows["alice"]["total"], rows["alice"]["possible"], rows["alice"]["problem"]) == ("0", "3", "")
    assert (rows["bob"]["total"], rows["bob"]["possible"], rows["bob"]["ucb"], rows["bob"]["descend"]) == (
        "3", "3", "1", "2")
    lines = {line.split()[0]: line.split() for line in table.splitlines() if line.strip()}
    assert lines["alice"][-1] == "0/3" and lines["bob"][-1] == "3/3", table
    assert (folder / "results" / "bob" / "results.json").is_file()
    assert "not run again (--again runs them): alice" in table  # graded in step 3, and not changed since


def test_grade_names_what_is_missing(tmp_path: Path, capsys: object) -> None:
    from naga_widget.cli import main

    assert main(["grade", str(tmp_path / "dist"), str(tmp_path)]) == 2
    (tmp_path / "dist").mkdir()
    assert main(["grade", str(tmp_path / "dist"), str(tmp_path)]) == 2
    (tmp_path / "dist" / "a-autograder_2026.zip").write_bytes(b"")
    assert main(["grade", str(tmp_path / "dist"), str(tmp_path / "none")]) == 2
    assert main(["grade", str(tmp_path / "dist"), str(tmp_path)]) == 2
    said = capsys.readouterr().err.splitlines()  # type: ignore[attr-defined]
    assert "no autograder zip" in said[1] and "otter assign" in said[1]
    assert "is not a folder of submissions" in said[2] and "no notebook (*.ipynb)" in said[3], said


def test_the_table_of_scores_has_a_line_a_student() -> None:
    from naga_widget.course import Graded, scores_table

    rows = [Graded("alice", {"ucb": (0.0, 1.0), "descend": (1.0, 2.0)}),
            Graded("bob", {"ucb": (1.0, 1.0), "descend": (2.0, 2.0)}), Graded("eve", problem="otter run failed")]
    lines = scores_table(rows).splitlines()
    assert lines[0].split() == ["student", "descend", "(/2)", "ucb", "(/1)", "total"]
    assert lines[1].split() == ["alice", "1", "0", "1/3"] and lines[2].split() == ["bob", "2", "1", "3/3"]
    assert lines[3].split()[:4] == ["eve", "-", "-", "0/0"] and lines[3].endswith("otter run failed")
