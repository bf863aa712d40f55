"""What happened, and why: every state change emits events that cite a rule id.

An event has a public part (``text``, ``data``) and may have a secret part that
only ``private_to`` (and the full-truth view) may see — e.g. the card a player
drew, or the relic a Third Eye showed.

>>> e = Event("R4.4", "draw", "gold draws 1 card", {"player": 0}, 0, "drew 05b", {"cards": ["05b"]})
>>> e.view(1)["text"], e.view(0)["text"]
('gold draws 1 card', 'gold draws 1 card: drew 05b')
"""

from __future__ import annotations

from typing import Any, NamedTuple


class Event(NamedTuple):
    """One thing that happened: the rule that made it happen and what it did."""

    rule: str
    kind: str
    text: str
    data: dict[str, Any]
    private_to: int | None = None
    secret_text: str | None = None
    secret: dict[str, Any] | None = None

    def view(self, viewer: int | str | None) -> dict[str, Any]:
        """The JSON form of this event as ``viewer`` may see it (0, 1, ``"spectator"``, ``"truth"``)."""
        sees = self.private_to is not None and (viewer == self.private_to or viewer == "truth")
        text = f"{self.text}: {self.secret_text}" if sees and self.secret_text else self.text
        data = {**self.data, **(self.secret or {})} if sees else dict(self.data)
        return {"rule": self.rule, "kind": self.kind, "text": text, "data": data}

    def __str__(self) -> str:
        return f"[{self.rule}] {self.text}"
