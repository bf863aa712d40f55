"""R5 — the twelve naga effects, one :class:`Effect` record each.

A record holds everything about its effect: the name and the words for players,
the hint on how to write a target, when it is legal ("legal when" of R5), every
legal target, and what it does. The records live in one module per group:

- :mod:`.sticks` — E01–E05, fate sticks;
- :mod:`.relics` — E06–E07, relics;
- :mod:`.maze` — E08–E11, tiles and the trap;
- :mod:`.cards` — E12, cards.

>>> EFFECTS["E08"].name, EFFECTS["E08"].hint.split(",")[0]
('Sliding Maze', 'a row or column holding a tile and a direction')
"""

from __future__ import annotations

from .base import Effect, Sticks, Target
from .cards import E12
from .maze import E08, E09, E10, E11
from .relics import E06, E07
from .sticks import E01, E02, E03, E04, E05

EFFECTS: dict[str, Effect] = {e.id: e for e in (E01, E02, E03, E04, E05, E06, E07, E08, E09, E10, E11, E12)}
"""Every effect by its id, ``"E01"`` … ``"E12"``."""

EFFECT_NAMES: dict[str, str] = {e.id: e.name for e in EFFECTS.values()}
"""Each effect's name by its id (read off :data:`EFFECTS`)."""

__all__ = ["EFFECTS", "EFFECT_NAMES", "Effect", "Sticks", "Target"]
