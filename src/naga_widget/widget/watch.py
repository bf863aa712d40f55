"""Watching two bots play in the widget: the speeds, the checks of the watch's settings and what the
view is told about the watch (``status.watch``). Pure: no Jupyter import, no event loop.

The widget (:class:`~naga_widget.widget.widget.NagaWidget` with ``players=[bot, bot]``) drives the watch
from the running event loop (an asyncio task that sleeps between moves), so the kernel stays free for
other cells, also in JupyterLite, which has no threads.

>>> speed_of(1.0), delay_of("fast")
('normal', 0.4)
>>> check_delay(-1)
Traceback (most recent call last):
...
naga_widget.widget.guard.IntentError: the delay between two moves is a number of seconds from 0 to 60, not -1
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from ..bots import Bot, sees_the_truth
from ..match import Match
from ..rules import TEMPLE_NAMES
from ..rules.errors import is_int
from .guard import IntentError, quote
from .wire import Watch

# The speeds the view offers: name, seconds between two moves, the words of the speed selector
SPEEDS: tuple[tuple[str, float, str], ...] = (
    ("slow", 2.0, "slow (a move every 2 s)"),
    ("normal", 1.0, "normal (a move every second)"),
    ("fast", 0.4, "fast (a move every 0.4 s)"),
    ("fastest", 0.1, "fastest (a move every 0.1 s)"),
)
DEFAULT_SPEED = "normal"
MAX_DELAY = 60.0  # seconds between two moves, at most


def delay_of(speed: str) -> float:
    """The seconds between two moves at a speed of :data:`SPEEDS` (an unknown name is refused)."""
    for name, delay, _ in SPEEDS:
        if name == speed:
            return delay
    raise IntentError(f"speed must be one of {', '.join(n for n, _, _ in SPEEDS)}, not {quote(speed)}")


def speed_of(delay: float) -> str | None:
    """The name of the speed whose delay is ``delay``, or ``None`` for a delay set in code."""
    return next((name for name, d, _ in SPEEDS if d == delay), None)


def check_delay(delay: Any) -> float:
    """A delay between two moves, in seconds: a finite number from 0 to :data:`MAX_DELAY`."""
    ok = (is_int(delay) or isinstance(delay, float)) and math.isfinite(delay) and 0 <= delay <= MAX_DELAY
    if not ok:
        raise IntentError(f"the delay between two moves is a number of seconds from 0 to {MAX_DELAY:g}, "
                         f"not {quote(delay)}")
    return float(delay)


def check_players(players: object) -> tuple[Bot, Bot]:
    """Two bots, one per seat in seat order (each with ``act(observation, legal)``)."""
    if isinstance(players, (str, bytes)) or not isinstance(players, Sequence):
        raise TypeError(f"players must be a list of two bots, one per seat, not {type(players).__name__}")
    if len(players) != 2:
        raise ValueError(f"players must be two bots, one per seat ({TEMPLE_NAMES[0]} first), not {len(players)}; "
                         f"for one bot against a person, use opponent=")
    for seat, bot in enumerate(players):
        if not callable(getattr(bot, "act", None)):
            raise TypeError(f"players[{seat}] must be a bot with act(observation, legal), not {type(bot).__name__}")
        if sees_the_truth(bot):
            raise ValueError(f"players[{seat}] ({type(bot).__name__}) plays on the true state: it is for the arena "
                             "only, never a player in a widget")
    return players[0], players[1]


def bot_label(bot: object) -> str:
    """How the view names a bot: its class (the teacher chose it, so it is no secret of the game)."""
    return type(bot).__name__


def watch_status(match: Match, labels: Sequence[str | None], playing: bool, delay: float,
                 fork_armed: bool) -> Watch:
    """What the view shows of a watch (``status.watch``): whether the bots are playing, the speed and the
    speeds to choose from, each seat's bot (``None`` for a bot that failed and was stopped), the seats
    the bots still play (the view never decides there), whether a step can be taken now, the words of
    the step button and a note on why the watch cannot go on. Public facts only: the bots' names and
    the position of the cursor.

    A step at a past step of the line (the fork not armed) replays the move recorded next; at the end
    of the line, or with the fork armed, the bot to move plays.

    >>> status = watch_status(Match(seed=1), ["RandomBot", "GreedyBot"], False, 1.0, False)
    >>> status["speed"], status["seats"], status["can_step"], status["step_words"]
    ('normal', [0, 1], True, 'Step: one move')
    """
    state = match.state
    seats = [seat for seat, label in enumerate(labels) if label is not None]
    replay = not match.at_end and not fork_armed
    note = None
    if state.is_over:
        note = "The game is over: start a new game to watch again."
    elif replay:
        note = "Replaying the moves already played; fork here to let the bots play this step again."
    elif state.to_move not in seats:
        note = (f"{TEMPLE_NAMES[state.to_move]}'s bot was stopped: take over its seat, or give it another bot "
                f"(widget.players = [...]).")
    can_step = not state.is_over and (replay or state.to_move in seats)
    return {
        "playing": playing and can_step,
        "delay": delay,
        "speed": speed_of(delay),
        "speeds": [{"id": name, "label": words} for name, _, words in SPEEDS],
        "players": [{"seat": seat, "name": TEMPLE_NAMES[seat], "bot": label} for seat, label in enumerate(labels)],
        "seats": seats,
        "can_step": can_step,
        "step_words": "Step: replay the next move" if replay else "Step: one move",
        "note": note,
    }
