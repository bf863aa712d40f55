"""naga_widget — the board game Naga Raja as a rules engine, a match timeline, bots and a Jupyter widget."""

from __future__ import annotations

from . import compiled as _compiled  # first: with NAGA_WIDGET_PURE=1 the engine is imported from its sources
from .bots import Bot, Decision, GreedyBot, ISMCTSBot, RandomBot, determinize, play_match
from .match import Branch, Match
from .rules import (
    STANDARD,
    Action,
    ActionError,
    ActionFormatError,
    Call,
    Chance,
    ChanceError,
    Event,
    Give,
    IllegalActionError,
    Invoke,
    LegalActions,
    Outcome,
    Pass,
    Place,
    ReplayError,
    Ruleset,
    State,
    new_game,
    playout,
)
from .rules import pictures as _pictures
from .rules.observe import Observation

__version__ = "0.1.0"

_compiled.warn_if_stale()


def picture(what: State | Observation, viewer: int | str | None = None) -> _pictures.Picture:
    """A picture of a state as ``viewer`` knows it (default the whole truth), or of an observation.

    It shows itself as SVG where a notebook displays it. An observation already belongs to one
    viewer: ``viewer``, if given, must be that one.

    >>> from naga_widget import Match
    >>> picture(Match(seed=1).state, viewer=0)._repr_svg_().startswith("<svg")
    True
    """
    if isinstance(what, State):
        return _pictures.Picture(what.observe("truth" if viewer is None else viewer))
    if not (isinstance(what, dict) and "viewer" in what and "temples" in what):
        raise TypeError(f"picture() draws a State or an observation (State.observe), not {type(what).__name__}")
    if viewer is not None and viewer != what["viewer"]:
        raise ValueError(f"this observation is the view of {what['viewer']!r}, not of {viewer!r}")
    return _pictures.Picture(what)


def replay_html(match: Match, perspective: int | str = "spectator", title: str | None = None) -> str:
    """The match's line as one self-contained HTML page: the widget's view replaying every step as
    ``perspective`` sees it, with no kernel or server (:func:`naga_widget.league.replay.to_html`,
    loaded on first use).

    >>> page = replay_html(Match(seed=3), perspective=0, title="a new game")
    >>> page.startswith("<!doctype html>") and "a new game" in page
    True
    """
    from .league.replay import to_html

    return to_html(match, perspective, title)


def __dir__() -> list[str]:
    """The module's names with those loaded on first use, so completion offers them too.

    >>> "NagaWidget" in dir(__import__("naga_widget"))
    True
    """
    return sorted(set(globals()) | {"NagaWidget", "join", "tournament"})


def __getattr__(name: str) -> object:
    # The widget needs anywidget; the engine must import without it (e.g. in a bare Pyodide).
    if name == "NagaWidget":
        from .widget import NagaWidget

        return NagaWidget
    if name == "join":  # a table of the class server (docs/server.md)
        from .widget.remote import join

        return join
    if name == "tournament":
        from .arena import tournament

        return tournament
    raise AttributeError(f"module 'naga_widget' has no attribute {name!r}")

__all__ = [
    "STANDARD", "Action", "ActionError", "ActionFormatError", "Call", "Chance", "ChanceError", "Event", "Give",
    "IllegalActionError", "Invoke", "LegalActions", "Outcome", "Pass", "Place", "ReplayError", "Ruleset",
    "State", "new_game", "__version__", "playout", "Branch", "Match", "Bot", "RandomBot", "play_match",
    "Decision", "GreedyBot", "ISMCTSBot", "determinize", "tournament", "picture", "replay_html", "join",
]
