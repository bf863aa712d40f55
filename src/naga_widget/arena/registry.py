"""Bots by name, for the command line: the project's own bots, or ``module:attribute``.

>>> resolve("random").__name__
'RandomBot'
>>> "random" in available()
True
"""

from __future__ import annotations

import importlib
import os
import sys
from typing import Any

# name -> class name in naga_widget.bots (a bot is listed once that module has it)
NAMED = {"random": "RandomBot", "greedy": "GreedyBot", "ismcts": "ISMCTSBot"}


def available() -> list[str]:
    """The names of the project's bots that this installation has."""
    from .. import bots

    return [name for name, attr in NAMED.items() if hasattr(bots, attr)]


def resolve(spec: str) -> Any:
    """A bot factory from a name (``random``) or ``module:attribute`` (e.g. ``mybot:MyBot``).

    Modules are looked up from the current folder too, so a student's ``mybot.py`` is found.
    """
    if ":" in spec:
        module_name, _, attr = spec.partition(":")
        if not module_name or not attr:
            raise ValueError(f"{spec!r}: write a bot as module:attribute, e.g. mybot:MyBot")
        if os.getcwd() not in sys.path:
            sys.path.insert(0, os.getcwd())
        try:
            module = importlib.import_module(module_name)
        except ImportError as exc:
            raise ValueError(f"{spec!r}: cannot import {module_name!r} ({exc})") from None
        found: Any = module
        try:
            for part in attr.split("."):
                found = getattr(found, part)
        except AttributeError:
            raise ValueError(f"{spec!r}: module {module_name!r} has no {attr!r}") from None
        return found
    if spec not in NAMED:
        raise ValueError(f"unknown bot {spec!r}: use one of {', '.join(available())} or module:attribute")
    from .. import bots

    found = getattr(bots, NAMED[spec], None)
    if found is None:
        raise ValueError(f"bot {spec!r} is not in this version (naga_widget.bots has no {NAMED[spec]}); "
                         f"available: {', '.join(available())}")
    return found
