"""The widget in Notebook 7: keys stay inside, a round by keyboard, scrubbing, axe, console."""

from __future__ import annotations

from pathlib import Path

from conftest import write_notebook
from frontend_checks import GAME, FrontEndChecks
from hosts import NOTEBOOK7

HOST = NOTEBOOK7


def make_notebook(folder: Path) -> str:
    # a heading above the game (← must not collapse it) and a cell below (↓ must not move there)
    return write_notebook(folder, "keys-nb7.ipynb", "# The game", GAME, "1 + 1")


class TestNotebook7(FrontEndChecks):
    pass
