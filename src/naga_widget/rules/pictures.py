"""A slot for the function that draws an observation (R6) as SVG, so a position can show itself.

The rules draw nothing themselves and import nothing above them: a layer above
(``naga_widget/__init__.py``) registers a renderer, and :meth:`State._repr_svg_
<naga_widget.rules.state.State._repr_svg_>` and :class:`Picture` ask this slot for it. With
nothing registered they give ``None``, which a notebook takes as "no picture".

>>> previous = registered()
>>> register(lambda observation: f"<svg><text>round {observation['round']}</text></svg>")
>>> Picture({"round": 2})._repr_svg_()
'<svg><text>round 2</text></svg>'
>>> register(None); Picture({"round": 2})._repr_svg_() is None
True
>>> register(previous)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .observe import Observation

Renderer = Callable[[Observation], str]

_slot: list[Renderer] = []  # the registered renderer, if any (a list, so no module global is rebound)


def register(renderer: Renderer | None) -> None:
    """Draw observations with ``renderer`` from now on (``None``: draw nothing)."""
    _slot[:] = [] if renderer is None else [renderer]


def registered() -> Renderer | None:
    """The renderer in the slot, or None."""
    return _slot[0] if _slot else None


def draw(observation: Observation) -> str | None:
    """``observation`` as an SVG document, or None when no renderer is registered."""
    return _slot[0](observation) if _slot else None


@dataclass(frozen=True)
class Picture:
    """One observation, shown as its SVG picture where a notebook displays a cell's last value."""

    observation: Observation

    def _repr_svg_(self) -> str | None:
        return draw(self.observation)
