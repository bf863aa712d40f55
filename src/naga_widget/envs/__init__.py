"""Standard interfaces for learning and search: a PettingZoo environment and an OpenSpiel game.

Both adapters present every decision through one fixed action-index table
(:mod:`.action_table`, pure Python) and observe through one encoder of a player's own
observation (:mod:`.features`, pure Python). The adapters need the ``envs`` extra
(``pip install naga-widget[envs]``: pettingzoo, gymnasium, numpy, open_spiel); they are
imported only when asked for, so ``import naga_widget.envs`` needs none of them.

- :func:`pettingzoo_env` — a PettingZoo AEC environment (players ``"gold"`` and ``"silver"``).
- ``import naga_widget.envs.openspiel`` registers the OpenSpiel game ``python_naga_raja``.
- :class:`~naga_widget.envs.openspiel_bots.OpenSpielBot` (also ``naga_widget.envs.OpenSpielBot``)
  lets an OpenSpiel bot such as ISMCTS play in a :class:`~naga_widget.Match`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .action_table import DONE, PASS, ActionTable, Menu
from .features import ObservationEncoder

if TYPE_CHECKING:
    from .pettingzoo_aec import NagaRajaEnv


def pettingzoo_env(seed: int | None = None, render_mode: str | None = None, **options: Any) -> NagaRajaEnv:
    """A new PettingZoo AEC environment of Naga Raja (see :mod:`naga_widget.envs.pettingzoo_aec`)."""
    from .pettingzoo_aec import NagaRajaEnv

    return NagaRajaEnv(seed=seed, render_mode=render_mode, **options)


def __getattr__(name: str) -> object:
    if name == "OpenSpielBot":
        from .openspiel_bots import OpenSpielBot

        return OpenSpielBot
    raise AttributeError(f"module 'naga_widget.envs' has no attribute {name!r}")


__all__ = ["DONE", "PASS", "ActionTable", "Menu", "ObservationEncoder", "pettingzoo_env"]
