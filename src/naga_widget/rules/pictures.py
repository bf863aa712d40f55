"""A position's picture (R6): an observation drawn as SVG by :mod:`.svg`, loaded on first use.

The drawing depends on the rules only, and no module of the rules imports it at import time:
:meth:`State._repr_svg_ <naga_widget.rules.state.State._repr_svg_>` and :class:`Picture` load it
when a notebook first asks for a picture, as ``python-chess`` loads its ``chess.svg``.

>>> from naga_widget import Match
>>> svg = Picture(Match(seed=1).observe(0))._repr_svg_()
>>> svg.startswith("<svg") and "view: gold (player 0)" in svg
True
"""

from __future__ import annotations

from dataclasses import dataclass

from .observe import Observation
from .ruleset import TEMPLE_NAMES


def viewpoint(viewer: int | str) -> str:
    """Who looks, in words, for the foot of a picture.

    >>> viewpoint("spectator")
    'view: a spectator (public facts only)'
    """
    if viewer == "truth":
        return "view: the whole truth (every secret shown)"
    if viewer == "spectator":
        return "view: a spectator (public facts only)"
    return f"view: {TEMPLE_NAMES[int(viewer)]} (player {viewer})"


def draw(observation: Observation) -> str:
    """``observation`` as an SVG document, its viewpoint written at the foot."""
    from .svg import board_svg  # loaded on first use: importing the engine draws nothing

    return board_svg(observation, caption=viewpoint(observation["viewer"]))


@dataclass(frozen=True)
class Picture:
    """One observation, shown as its SVG picture where a notebook displays a cell's last value."""

    observation: Observation

    def _repr_svg_(self) -> str:
        return draw(self.observation)
