"""naga_widget — the board game Naga Raja as a rules engine, a match timeline, bots and a Jupyter widget."""

from .bots import Bot, Decision, GreedyBot, ISMCTSBot, RandomBot, determinize, play_match
from .match import Branch, Match
from .rules import (
    STANDARD,
    Action,
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

__version__ = "0.1.0"


def __getattr__(name: str) -> object:
    # The widget needs anywidget; the engine must import without it (e.g. in a bare Pyodide).
    if name == "NagaWidget":
        from .widget import NagaWidget

        return NagaWidget
    if name == "tournament":
        from .arena import tournament

        return tournament
    raise AttributeError(f"module 'naga_widget' has no attribute {name!r}")

__all__ = [
    "STANDARD", "Action", "ActionFormatError", "Call", "Chance", "ChanceError", "Event", "Give",
    "IllegalActionError", "Invoke", "LegalActions", "Outcome", "Pass", "Place", "ReplayError", "Ruleset",
    "State", "new_game", "__version__", "playout", "Branch", "Match", "Bot", "RandomBot", "play_match",
    "Decision", "GreedyBot", "ISMCTSBot", "determinize", "tournament",
]
