"""The errors of the engine. Each names what was wrong; illegal actions cite a rule id."""

from __future__ import annotations


class IllegalActionError(ValueError):
    """An action that the rules do not allow now. ``rule`` is the id broken (e.g. ``"R4.1"``)."""

    def __init__(self, message: str, rule: str) -> None:
        super().__init__(f"{message} ({rule})")
        self.rule = rule


class ActionFormatError(IllegalActionError):
    """An action text or JSON that cannot be read (R8 lists the decisions)."""

    def __init__(self, message: str) -> None:
        super().__init__(message, "R8")


class ChanceError(ValueError):
    """A forced or recorded chance outcome that is not possible here."""


class ReplayError(ValueError):
    """A saved match that does not replay to the game it describes."""
