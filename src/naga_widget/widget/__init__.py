"""The Jupyter widget of a match, in parts.

- :mod:`.reducer` — pure: the intents of a view, applied to the match and the view's state
  (:class:`View`), with the effects for the host; a server uses it as the widget does.
- :mod:`.projection` — pure: every synced trait of a view, computed from a match and
  who looks at it (R6). It imports no Jupyter package.
- :mod:`.driver` — the seat driver: the bots of a view's seats (an opponent, or the two of a
  watch) played on the event loop, each turn contained; :mod:`.controls` is its notebook API.
- :mod:`.guard` — pure: checks on what comes from outside (intents from the browser, a bot's
  moves): an object, made at the current position, small, the engine's own action.
- :mod:`.watch` — pure: the speeds of a watch of two bots and what the view is told of it.
- :func:`board_svg` — the static SVG picture shown where widget JS does not run (it lives in
  :mod:`naga_widget.rules.svg`: it depends on the rules only).
- :mod:`.widget` — :class:`NagaWidget`, the thin anywidget class; the only module that imports
  anywidget, traitlets and IPython. It is loaded on first use, so the pure parts import
  without Jupyter (e.g. in a bare Pyodide).

The view's ES module is package data: ``naga_widget/static/naga_widget.js``; so is the rules text
of the rule popups, ``naga_widget/widget/rules_text.json`` (from docs/rules.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..rules.svg import board_svg
from .projection import (
    LOG_WINDOW,
    PERSPECTIVES,
    SYNCED,
    TIMELINE_MODES,
    View,
    action_menu,
    actor_of,
    catalog,
    compact_board,
    event_window,
    public_label,
    rules_text,
    screen_of,
    status_trait,
    step_title,
    timeline_trait,
    traits,
    viewer_of,
)

if TYPE_CHECKING:
    from .widget import NagaWidget


def __getattr__(name: str) -> object:
    if name == "NagaWidget":
        from .widget import NagaWidget

        return NagaWidget
    raise AttributeError(f"module 'naga_widget.widget' has no attribute {name!r}")


__all__ = [
    "LOG_WINDOW", "NagaWidget", "PERSPECTIVES", "SYNCED", "TIMELINE_MODES", "View", "action_menu", "actor_of",
    "board_svg", "catalog", "compact_board", "event_window", "public_label", "rules_text", "screen_of", "status_trait",
    "step_title", "timeline_trait", "traits", "viewer_of",
]
