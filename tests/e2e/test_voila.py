"""Voilà serves the play notebook as an app: keys stay inside, a round by keyboard, scrubbing, axe, console."""

from __future__ import annotations

from frontend_checks import FrontEndChecks
from hosts import VOILA

HOST = VOILA
NOTEBOOK = "01_play.ipynb"


class TestVoila(FrontEndChecks):
    pass
