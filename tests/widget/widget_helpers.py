"""Helpers of the widget tests: intents sent as the browser sends them (``widget.set_state``)."""

from __future__ import annotations

import itertools
import json
from typing import Any

from naga_widget import NagaWidget
from naga_widget.widget import SYNCED  # every synced trait but the catalog (public data of R1)

_ids = itertools.count(1)


def from_browser(w: NagaWidget, value: Any) -> None:
    """Set the ``intent`` trait the way a message from the view does (ipywidgets' ``set_state``)."""
    w.set_state({"intent": value})


def stamped(w: NagaWidget, **intent: Any) -> dict[str, Any]:
    """An intent as the view makes it now: a fresh id and the position shown."""
    return {"id": next(_ids), "step": w.timeline["step"], "branch": w.timeline["branch"], **intent}


def send(w: NagaWidget, **intent: Any) -> dict[str, Any]:
    """Send a stamped intent through the browser's path; return it."""
    made = stamped(w, **intent)
    from_browser(w, made)
    return made


def message(w: NagaWidget) -> str:
    msg = w.status["message"]
    return "" if msg is None else str(msg["text"])


def synced_text(w: NagaWidget, names: tuple[str, ...] = SYNCED) -> str:
    """The JSON of the synced state traits (what the view receives)."""
    return json.dumps({name: getattr(w, name) for name in names})
