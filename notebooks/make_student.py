"""Write the student versions of the lessons with exercises into notebooks/student/.

A lesson with exercises is written once, in Otter-Grader's ``otter assign`` format: a raw
``# ASSIGNMENT CONFIG`` cell, questions with solution cells and test cells. ``otter assign`` makes the
student version (solutions replaced by ``...``, a check cell after each exercise, the tests in the
notebook's metadata) and the autograder. This script keeps the student version, with two changes:
its first code cell comes after the title and the line of what the lesson needs, and it starts the
checks through ``naga_widget.course.checks``, which runs them through Otter where it is installed and
runs the same tests itself where it is missing (JupyterLite), with the same verdicts.

    .venv/bin/python notebooks/make_student.py          # regenerate
    .venv/bin/python notebooks/make_student.py --check  # exit 1 if a student version is out of date
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
STUDENT = HERE / "student"
INIT = ('# The checks of the exercises: run by Otter-Grader where it is installed, else by naga_widget itself\n'
        "from naga_widget.course import checks\n"
        'grader = checks("{name}")')


def sources() -> list[Path]:
    """The lessons written in otter assign format."""
    return [p for p in sorted(HERE.glob("*.ipynb"))
            if any(c["cell_type"] == "raw" and "".join(c["source"]).startswith("# ASSIGNMENT CONFIG")
                   for c in json.loads(p.read_text(encoding="utf-8"))["cells"])]


def assign(source: Path, out: Path) -> Path:
    """Run ``otter assign`` on ``source``; return the folder it wrote (``student/`` and ``autograder/`` inside)."""
    done = subprocess.run([sys.executable, "-m", "otter", "assign", str(source), str(out)], capture_output=True,
                          text=True)
    if done.returncode != 0:
        raise RuntimeError(f"otter assign {source.name} failed:\n{done.stdout}\n{done.stderr}")
    return out


def _lines(text: str) -> list[str]:
    parts = text.split("\n")
    return [p + "\n" for p in parts[:-1]] + [parts[-1]]


def student_version(source: Path, made: Path | None = None) -> str:
    """The student version of ``source`` as the text written to notebooks/student/ (``made``: the
    folder of an ``otter assign`` run already made, else it runs one)."""
    if made is None:
        with tempfile.TemporaryDirectory() as tmp:
            return student_version(source, assign(source, Path(tmp) / "dist"))
    notebook = json.loads((made / "student" / source.name).read_text(encoding="utf-8"))
    cells = notebook["cells"]
    (init,) = [c for c in cells if c["cell_type"] == "code" and "otter.Notebook(" in "".join(c["source"])]
    cells.remove(init)
    init["source"] = _lines(INIT.format(name=source.name))
    cells.insert(1, init)  # after the title and what the lesson needs
    for i, cell in enumerate(cells):
        cell["id"] = f"cell-{i}"  # stable ids: the file changes only when the lesson does
        if cell["cell_type"] == "code":
            cell["outputs"], cell["execution_count"] = [], None
    return json.dumps(notebook, indent=1, ensure_ascii=False, sort_keys=True) + "\n"


def main(argv: list[str]) -> int:
    stale = []
    for source in sources():
        text = student_version(source)
        target = STUDENT / source.name
        if "--check" in argv:
            if not target.is_file() or target.read_text(encoding="utf-8") != text:
                stale.append(source.name)
            continue
        STUDENT.mkdir(exist_ok=True)
        target.write_text(text, encoding="utf-8")
        print(f"wrote {target.relative_to(HERE.parent)}")
    if stale:
        print(f"out of date: {', '.join(stale)} (run notebooks/make_student.py)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
