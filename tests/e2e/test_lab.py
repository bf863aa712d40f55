"""The widget in JupyterLab: keys stay inside, a round by keyboard, scrubbing, axe, console."""

from __future__ import annotations

from pathlib import Path

from conftest import write_notebook
from frontend_checks import GAME, FrontEndChecks
from hosts import LAB

HOST = LAB


def make_notebook(folder: Path) -> str:
    # a heading above the game (← must not collapse it) and a cell below (↓ must not move there)
    return write_notebook(folder, "keys-lab.ipynb", "# The game", GAME, "1 + 1")


class TestJupyterLab(FrontEndChecks):
    pass
