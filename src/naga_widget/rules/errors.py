"""The errors of the engine, and the two helpers their messages share.

Each error names what was wrong. The two errors about an action are siblings, as in python-chess:
:class:`ActionFormatError` (a text or JSON that cannot be read) and :class:`IllegalActionError` (a
readable action the rules do not allow now). Both are :class:`ActionError`, which cites a rule id,
and every error here is a :class:`ValueError`, so ``except ValueError`` still catches them.

>>> issubclass(ActionFormatError, IllegalActionError), issubclass(ActionFormatError, ActionError)
(False, True)
>>> quote("x" * 100, 5), is_int(True), is_int(3)
("'xxxx…", False, True)
>>> is_number(2.5), is_number(False), is_choice(True, (0, 1)), is_choice(1, (0, 1))
(True, False, False, True)
"""

from __future__ import annotations

from typing import TypeGuard


class ActionError(ValueError):
    """An action that cannot be played now. ``rule`` is the id that says why (e.g. ``"R4.1"``)."""

    def __init__(self, message: str, rule: str) -> None:
        super().__init__(f"{message} ({rule})")
        self.rule = rule


class IllegalActionError(ActionError):
    """A readable action that the rules do not allow now. ``rule`` is the id broken."""


class ActionFormatError(ActionError):
    """An action text or JSON that cannot be read (R8 lists the decisions)."""

    def __init__(self, message: str) -> None:
        super().__init__(message, "R8")


class ChanceError(ValueError):
    """A forced or recorded chance outcome that is not possible here."""


class ReplayError(ValueError):
    """A saved match that does not replay to the game it describes."""


def quote(value: object, limit: int = 80) -> str:
    """``repr(value)``, cut to ``limit`` characters and ``…``: what a message may quote of a refused value.

    A value too deep to print, or whose ``__repr__`` fails, is named by its type instead.
    """
    try:
        text = repr(value)
    except RecursionError:
        text = f"a {type(value).__name__} nested too deeply"
    except Exception:  # noqa: BLE001 - a hostile __repr__: say what it is, not what it claims
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[:limit] + "…"


def is_int(value: object) -> TypeGuard[int]:
    """An ``int`` but not a ``bool`` (``True`` is an ``int`` to Python, never a number to the engine)."""
    return isinstance(value, int) and not isinstance(value, bool)


def is_number(value: object) -> TypeGuard[int | float]:
    """An ``int`` or a ``float`` but not a ``bool`` (a time, a rate, a limit)."""
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def is_choice(value: object, choices: tuple[object, ...]) -> bool:
    """One of ``choices``, and not a ``bool`` standing for 0 or 1 (``True == 1`` to Python)."""
    return not isinstance(value, bool) and value in choices
