"""Run a lesson in a real kernel, as Run All does, for the lesson tests."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
LESSONS = sorted(NOTEBOOKS.glob("*.ipynb"))


def execute(notebook: Any, folder: Path = NOTEBOOKS, timeout: int = 600) -> Any:
    """Execute every cell of ``notebook`` (a NotebookNode) in ``folder``; return it with outputs and widget state."""
    NotebookClient(notebook, timeout=timeout, kernel_name="python3", store_widget_state=True,
                   resources={"metadata": {"path": str(folder)}}).execute()
    return notebook


def read(path: Path) -> Any:
    return nbformat.read(path, as_version=4)


def outputs(notebook: Any) -> list[tuple[int, dict[str, Any]]]:
    """(cell index, output) for every output of every code cell."""
    return [(i, o) for i, c in enumerate(notebook.cells) if c.cell_type == "code" for o in c.get("outputs", [])]
