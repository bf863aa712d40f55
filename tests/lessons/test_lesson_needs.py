"""Each lesson says at its top what it needs, and a missing extra costs one friendly line, not a traceback."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

from naga_widget.course import copy_lessons

from .run import LESSONS, execute, outputs, read

HEADER = re.compile(r"^> \*\*Needs:\*\* (?P<needs>.+) · \*\*Runs in:\*\* (?P<time>.+)"
                    r" · \*\*JupyterLite:\*\* (?P<lite>.+)$", re.M)
BLOCK_EXTRAS = ("import sys\n"
                "for name in ('matplotlib', 'matplotlib.figure', 'tqdm', 'tqdm.auto', 'torch', 'stable_baselines3'):\n"
                "    sys.modules[name] = None   # as if the extras were not installed\n")


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_every_lesson_names_its_needs_its_time_and_jupyterlite(path) -> None:
    first = read(path).cells[0]
    assert first.cell_type == "markdown" and first.source.startswith("# ")
    found = HEADER.search(first.source)
    assert found, f"{path.name}: its first cell has no '> **Needs:** … · **Runs in:** … · **JupyterLite:** …' line"
    assert "naga-widget" in found["needs"] and re.search(r"\d+ ?(s|min)|seconds|minutes", found["time"])
    assert re.match(r"(yes|no)\b", found["lite"])


@pytest.mark.parametrize("name", ["03_game_ai_class.ipynb", "04_replay_and_inspect.ipynb"])
def test_without_the_extras_a_lesson_says_so_in_one_line(name: str) -> None:
    (path,) = [p for p in LESSONS if p.name == name]
    notebook = read(path)
    notebook.cells.insert(0, nbformat.v4.new_code_cell(BLOCK_EXTRAS))
    ran = execute(notebook)
    errors = [(i, o) for i, o in outputs(ran) if o.output_type == "error" or o.get("name") == "stderr"]
    assert errors == []
    said = [line for _, o in outputs(ran) for line in o.get("text", "").splitlines() if line.startswith("Skipping")]
    assert len(said) == 1 and 'pip install "naga-widget[arena]"' in said[0]

# As in the JupyterLite site: neither NumPy nor otter-grader is found (hiding NumPy from the kernel itself
# would stop IPython's display machinery, which uses it when it is there).
HIDE_NUMPY = """import importlib.util
_find = importlib.util.find_spec
importlib.util.find_spec = lambda name, *a: None if name in ('numpy', 'otter') else _find(name, *a)
"""


def test_without_numpy_lesson_07_skips_its_fits_in_one_line_and_plays_with_the_shipped_weights(tmp_path: Path) -> None:
    """As in the JupyterLite site (no NumPy, no otter-grader): the student version runs through."""
    copy_lessons(tmp_path)
    notebook = read(tmp_path / "07_learn_evaluation.ipynb")
    notebook.cells.insert(0, nbformat.v4.new_code_cell(HIDE_NUMPY))
    ran = execute(notebook, folder=tmp_path)
    errors = [(i, o) for i, o in outputs(ran) if o.output_type == "error" or o.get("name") == "stderr"]
    assert errors == []
    text = [line for _, o in outputs(ran) for line in o.get("text", "").splitlines()]
    said = [line for line in text if line.startswith("Skipping")]
    assert len(said) == 1 and 'pip install "naga-widget[learn]"' in said[0], said  # the fits (the checks run)
    assert any(line.startswith("the learned evaluation won") for line in text)
