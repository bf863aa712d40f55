"""Checks on what reaches the widget from outside: intents from the browser and moves from a bot.

Pure functions, no Jupyter import. An intent is a JSON value sent by the view
(``docs/widget-protocol.md``): it must be an object, carry the position it was made at,
and keep its values small. The action of a play is read and checked by the match
(:meth:`~naga_widget.match.Match.play`), the one door for an action.

Every refusal of an intent is an :class:`IntentError` (or the engine's :class:`ActionError` for
an action): the widget shows those as messages, and only those, so a bug shows as a traceback.

>>> quote("x" * 200)[-3:], len(quote("x" * 200))
('xx…', 81)
"""

from __future__ import annotations

import json
from typing import Any

from ..rules import ActionError, ActionFormatError
from ..rules.errors import is_int
from ..rules.errors import quote as _quote

QUOTE_CHARS = 80  # at most this much of a value sent by the view is quoted back in a message
MESSAGE_CHARS = 400  # no message is longer than this
ACTION_CHARS = 400  # an action longer than this (text, or JSON text of its object form) is refused unread
HINT_ITERATIONS = (1, 20_000)  # the budget of a hint, in simulations of the search: at least, at most
SIZES = ("normal", "large")  # the view's sizes; "large" is for a projector (every text at least 16 px)


class IntentError(ValueError):
    """An intent the widget refuses: not an object, an unknown type, a field of the wrong kind, or a
    request this view or this step does not allow. Its text says what was wrong."""


class StaleIntent(IntentError):
    """An intent made at a position the match is no longer at (another step or another branch)."""


def quote(value: object, limit: int = QUOTE_CHARS) -> str:
    """The engine's :func:`~naga_widget.rules.errors.quote`, cut to what a widget message may hold."""
    return _quote(value, limit)


def short_message(text: str, limit: int = MESSAGE_CHARS) -> str:
    """A message cut to ``limit`` characters (the engine's errors quote the action they refuse)."""
    return text if len(text) <= limit else text[:limit] + "…"


def refusal_text(exc: BaseException, limit: int = MESSAGE_CHARS) -> str:
    """The message of a refused intent, cut to ``limit`` characters; a refused action keeps the rule id
    it cites (the end of an engine error's text) however long the action it quotes.

    >>> text = refusal_text(ActionFormatError("cannot read " + "x" * 900))
    >>> len(text) <= MESSAGE_CHARS + 1, text[-6:]
    (True, '… (R8)')
    """
    text = str(exc)
    rule = exc.rule if isinstance(exc, ActionError) else ""
    if len(text) <= limit or not rule or not text.endswith(f" ({rule})"):
        return short_message(text, limit)
    tail = f" ({rule})"
    return short_message(text[:-len(tail)], limit - len(tail) - 1) + tail


def intent_object(intent: Any) -> dict[str, Any]:
    """The intent itself when it is a JSON object; otherwise the error to show."""
    if not isinstance(intent, dict):
        what = "null" if intent is None else f"a {type(intent).__name__}: {quote(intent)}"
        raise IntentError(f'an intent must be an object such as {{"id": 1, "type": "undo"}}, not {what}')
    return intent


def integer_field(intent: dict[str, Any], field: str) -> int:
    """An integer field of an intent (``True`` is not an integer here)."""
    value = intent.get(field)
    if not is_int(value):
        raise IntentError(f"{quote(intent.get('type'))} needs an integer {field!r}, not {quote(value)}")
    return value


def check_position(intent: dict[str, Any], step: int, branch: int) -> None:
    """Refuse an intent made at another position than ``step`` of ``branch``.

    The view stamps every intent with the step and the branch it showed (``step``,
    ``branch``). A second click sent before the first one's answer (a double-click, or a
    click during a bot's turn) was made at a position the match has left: it is refused
    instead of acting on a decision its sender never saw. An intent without a stamp
    (written by hand in a notebook) acts wherever the match is.
    """
    if "step" not in intent and "branch" not in intent:
        return
    made_step = integer_field(intent, "step")
    made_branch = integer_field(intent, "branch") if "branch" in intent else branch
    if (made_step, made_branch) != (step, branch):
        where = f"step {made_step}" + (f" of branch {made_branch}" if made_branch != branch else "")
        raise StaleIntent(f"ignored: that was chosen at {where}, but the game is now at step {step}"
                          f"{f' of branch {branch}' if made_branch != branch else ''}. Look again and choose")


def hint_budget(intent: dict[str, Any]) -> int:
    """The ``iterations`` of a hint intent: an integer from 1 to 20,000 (a larger search would keep the
    kernel busy for many seconds).

    >>> hint_budget({"type": "hint", "iterations": 200})
    200
    >>> hint_budget({"type": "hint", "iterations": 0})
    Traceback (most recent call last):
    ...
    naga_widget.widget.guard.IntentError: a hint's 'iterations' must be from 1 to 20,000 simulations, not 0
    """
    low, high = HINT_ITERATIONS
    value = integer_field(intent, "iterations")
    if not low <= value <= high:
        raise IntentError(f"a hint's 'iterations' must be from {low:,} to {high:,} simulations, not {quote(value)}")
    return value


def action_field(intent: dict[str, Any]) -> str | dict[str, Any]:
    """The ``action`` of a play intent, refused unread when it is of the wrong kind or too long. Each
    refusal is an :class:`~naga_widget.rules.ActionFormatError`, citing R8 as the engine's do.

    >>> action_field({"type": "play", "action": None})
    Traceback (most recent call last):
    ...
    naga_widget.rules.errors.ActionFormatError: an action is a text like 'pass' or its JSON object, not None (R8)
    """
    if "action" not in intent:
        raise ActionFormatError("a play intent needs an 'action'")
    action = intent["action"]
    if isinstance(action, str):
        size = len(action)
    elif isinstance(action, dict):
        try:
            size = len(json.dumps(action, default=str))
        except (RecursionError, ValueError, TypeError):
            raise ActionFormatError("an action's JSON object cannot be nested this deeply") from None
    else:
        raise ActionFormatError(f"an action is a text like 'pass' or its JSON object, not {quote(action)}")
    if size > ACTION_CHARS:
        raise ActionFormatError(f"an action of {size:,} characters is far too long (at most {ACTION_CHARS}): "
                                f"{quote(action)}")
    return action


def check_size(size: object) -> str:
    """``size`` if it is one of :data:`SIZES`, else a ValueError naming the sizes there are."""
    if not isinstance(size, str) or size not in SIZES:
        raise ValueError(f"size must be 'normal' or 'large' (for a projector), not {quote(size)}")
    return size
