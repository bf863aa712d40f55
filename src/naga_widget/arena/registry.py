"""Bots by name, for the command line: the project's own bots, or ``module:attribute``.

Either may take keyword arguments in brackets, as in Python: ``ismcts(seconds=1)``,
``mybot:MyBot(depth=2)``. The values are Python literals (numbers, strings, ``None`` …).

>>> resolve("random").__name__
'RandomBot'
>>> "random" in available()
True
>>> resolve("ismcts(seconds=0.5)")(seed=1).seconds
0.5
"""

from __future__ import annotations

import ast
import functools
import importlib
import os
import re
import sys
from typing import Any

# name -> class name in naga_widget.bots (a bot is listed once that module has it)
NAMED = {"random": "RandomBot", "greedy": "GreedyBot", "ismcts": "ISMCTSBot",
         "ismcts-v1": "ISMCTSV1Bot",  # the first version of the search, the baseline of docs/bots.md
         "clairvoyant-ismcts": "ClairvoyantBot"}  # CHEATS: the search on the true state, for the arena only


def available() -> list[str]:
    """The names of the project's bots that this installation has."""
    from .. import bots

    return [name for name, attr in NAMED.items() if hasattr(bots, attr)]


def keywords(spec: str, text: str) -> dict[str, Any]:
    """The keyword arguments written in the brackets of ``spec`` (``text``: what is inside them)."""
    try:
        call = ast.parse(f"bot({text})", mode="eval").body
    except SyntaxError:
        raise ValueError(f"{spec!r}: write the arguments as name=value, e.g. ismcts(seconds=1)") from None
    assert isinstance(call, ast.Call)
    if call.args or any(k.arg is None for k in call.keywords):
        raise ValueError(f"{spec!r}: give every argument by name, e.g. ismcts(seconds=1)")
    found: dict[str, Any] = {}
    for k in call.keywords:
        try:
            found[str(k.arg)] = ast.literal_eval(k.value)
        except ValueError:
            raise ValueError(f"{spec!r}: the value of {k.arg!r} must be a literal (a number, a string, "
                             f"True, None …), not {ast.unparse(k.value)!r}") from None
    return found


def resolve(spec: str) -> Any:
    """A bot factory from a name (``random``) or ``module:attribute`` (e.g. ``mybot:MyBot``),
    either with keyword arguments in brackets (``ismcts(seconds=1)``).

    Modules are looked up from the current folder too, so a student's ``mybot.py`` is found.
    """
    bracketed = re.fullmatch(r"\s*([^()]+?)\s*\((.*)\)\s*", spec, flags=re.DOTALL)
    if bracketed:
        factory = resolve(bracketed.group(1))
        return functools.partial(factory, **keywords(spec, bracketed.group(2)))
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
