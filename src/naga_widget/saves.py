"""The saved-match document (schema ``naga-widget-match``, docs/saves.md): writing it, reading it back.

Reading checks, in this order: the nesting depth of the text (before ``json.loads``), plain
JSON data, format and version, the checksum, every field's type; then each step is replayed
from its recorded chance outcomes and checked against its digest and, unless it was forced,
against the seed (a file of version 1 marks nothing forced: all of its chance must follow the
seed). :class:`~naga_widget.match.Match` calls these functions; nothing here knows the match's
tree beyond the step records it is given.

>>> nesting_depth('{"a": [1, "]]]]", {"b": []}]}')  # the brackets of the string do not count
4
>>> check_nesting("[" * 200 + "]" * 200)
Traceback (most recent call last):
...
naga_widget.rules.errors.ReplayError: not a saved match: the JSON is nested too deeply (more than 100 levels)
"""

from __future__ import annotations

import hashlib
import json
import random
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from .rules import RULESETS, AnyAction, Chance, Event, ReplayError, Ruleset, State, new_game
from .rules.chance import KINDS
from .rules.errors import quote
from .rules.start import PositionError, position_from_json, position_to_json

FORMAT = "naga-widget-match"
VERSION = 2  # 2 added "reproducible", "forced_pending" and the "forced" mark of steps; 1 still loads
SEED_DIGITS = 100  # a seed has at most this many digits (a default seed has 39)
NESTING_LIMIT = 100  # brackets deep in a saved text; a real save nests 6 deep (see _MAX_DEPTH)


# -- chance keys: how a step's chance follows from the seed ----------------------------------------
def step_key(parent_key: str, action: AnyAction, sibling: int) -> str:
    """The chance seed of a step: from its parent's key, its action, and how many siblings played it."""
    text = f"{parent_key}\n{action}\n{sibling}"
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def root_key(ruleset: Ruleset, seed: int, start: State | None = None) -> str:
    """The chance seed of a match's setup (or of its start position, set up by hand); each step's
    key is derived from its parent's."""
    return f"naga:{ruleset.id}:{seed}" if start is None else f"naga:{ruleset.id}:{seed}:start:{start.digest()}"


# -- writing -----------------------------------------------------------------------------------------
def outcomes_json(outcomes: list[tuple[str, Any]]) -> list[list[Any]]:
    """Chance outcomes as JSON: ``[kind, value]`` pairs, a relic deal as a list."""
    return [[kind, list(value) if isinstance(value, tuple) else value] for kind, value in outcomes]


def step_record(parent: int | None, action: AnyAction | None, outcomes: list[tuple[str, Any]], state: State,
                forced: bool) -> dict[str, Any]:
    """The record of one step (``parent`` and ``action`` are None for the setup)."""
    record: dict[str, Any] = {} if action is None else {"parent": parent, "action": str(action)}
    record |= {"outcomes": outcomes_json(outcomes), "digest": state.digest()}
    if forced:
        record["forced"] = True
    return record


def document(*, ruleset: Ruleset, seed: int, reproducible: bool, setup: dict[str, Any],
             steps: list[dict[str, Any]], forced_pending: Mapping[str, list[Any]], tip: int, step: int,
             start: State | None = None) -> dict[str, Any]:
    """The whole saved document, its checksum included (with ``start``, the position set up by hand
    that the match starts from: an optional field of version 2, absent from every other save)."""
    doc: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "ruleset": ruleset.id,
        "seed": seed,
        "reproducible": reproducible,
        "setup": setup,
        "steps": steps,
        "forced_pending": {kind: [list(v) if isinstance(v, tuple) else v for v in values]
                           for kind, values in forced_pending.items() if values},
        "current": {"tip": tip, "step": step},
    }
    if start is not None:
        doc["start"] = position_to_json(start)
    doc["checksum"] = checksum(doc)
    return doc


def checksum(doc: dict[str, Any]) -> str:
    """An unkeyed SHA-256 of everything in a saved match but the checksum itself.

    It shows accidental damage (a cut, a changed byte, a bad merge), not forgery: anyone can
    recompute it. Whether a file is a legal game is what replaying it checks.
    """
    body = {k: v for k, v in doc.items() if k != "checksum"}
    return hashlib.sha256(json.dumps(body, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


# -- reading the text ------------------------------------------------------------------------------------
# A JSON string (escapes skipped; an unterminated one runs to the end) or one bracket.
_TOKENS = re.compile(r'"[^"\\]*(?:\\[\s\S][^"\\]*)*"?|[\[\]{}]')


def nesting_depth(text: str, limit: int | None = None) -> int:
    """The deepest bracket nesting of a JSON text, brackets inside strings not counted.

    One pass over the text; with ``limit`` it stops as soon as the depth exceeds it.
    """
    depth = deepest = 0
    for token in _TOKENS.finditer(text):
        char = token.group()[0]
        if char == "[" or char == "{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if limit is not None and depth > limit:
                    break
        elif (char == "]" or char == "}") and depth > 0:  # a stray closing bracket: invalid, and not deeper
            depth -= 1
    return deepest


def check_nesting(text: str) -> None:
    """Refuse a text nested more than :data:`NESTING_LIMIT` deep, before ``json.loads`` reads it.

    ``json.loads`` recurses once per level: under Pyodide a text some 20,000 levels deep
    exhausts the real stack before Python's ``RecursionError`` can be raised.
    """
    if nesting_depth(text, NESTING_LIMIT) > NESTING_LIMIT:
        raise ReplayError(f"not a saved match: the JSON is nested too deeply (more than {NESTING_LIMIT} levels)")


def parse(text: object) -> _Saved:
    """Read a saved match from its JSON text, checked for its form; raises :class:`ReplayError` only."""
    if not isinstance(text, str):
        raise ReplayError(f"a saved match is read from a text (str), not {type(text).__name__}"
                          + ("; decode the bytes first" if isinstance(text, (bytes, bytearray)) else ""))
    check_nesting(text)
    try:
        data = json.loads(text, parse_int=_parse_int, parse_constant=_parse_constant)
    except RecursionError:
        raise ReplayError("not a saved match: the JSON cannot be read (nested too deeply)") from None
    except ValueError as exc:  # json.JSONDecodeError, and the refusals of _parse_int/_parse_constant
        raise ReplayError(f"not a saved match: the JSON cannot be read ({str(exc)[:200]})") from None
    return _Saved.read(data, plain=True)


def _parse_int(text: str) -> int:
    """JSON integers of a save: small, so a number of thousands of digits is refused unread."""
    if len(text.lstrip("-")) > SEED_DIGITS:
        raise ValueError(f"a number of {len(text):,} digits")
    return int(text)


def _parse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number a saved match can hold")


# -- checking the data ----------------------------------------------------------------------------------
_MAX_DEPTH = 8  # a saved match nests six levels deep: document, steps, record, outcomes, outcome, relics


def _plain_json(data: object) -> None:
    """Refuse anything but shallow JSON data: dicts with text keys, lists, texts, integers, booleans, null.

    Checked before the checksum is computed, so hashing can neither recurse without end nor meet
    a value that JSON cannot write. Iterative: a deep structure cannot exhaust the stack here.
    """
    todo: list[tuple[Any, int]] = [(data, 0)]
    while todo:
        value, depth = todo.pop()
        kind = type(value)
        if kind is dict or kind is list:
            if depth >= _MAX_DEPTH:
                raise ReplayError("not a saved match: the data is nested too deeply")
            items = value.items() if kind is dict else enumerate(value)
            for key, item in items:
                if kind is dict and type(key) is not str:
                    raise ReplayError(f"not a saved match: a key {_q(key)} that is not a text")
                todo.append((item, depth + 1))
        elif kind is int:
            if abs(value) >= 10**SEED_DIGITS:
                raise ReplayError(f"not a saved match: a number of more than {SEED_DIGITS} digits")
        elif kind is float:
            raise ReplayError(f"saved match is malformed: {_q(value)} is not an integer")
        elif not (kind is str or kind is bool or value is None):
            raise ReplayError(f"not a saved match: {type(value).__name__} {_q(value)} is not JSON data")


_TYPE_NAMES: dict[type, str] = {dict: "an object", list: "a list", str: "a text", int: "an integer",
                                bool: "true or false", float: "a number with a fraction"}
"""The JSON types, as the messages name them (what a field must be, and what it was)."""


def _q(value: object) -> str:
    return quote(value, 60)


def _record(raw: Any, where: str, required: Mapping[str, type], optional: Mapping[str, type] | None = None
            ) -> dict[str, Any]:
    """``raw`` as an object with exactly these fields, each of exactly this JSON type."""
    optional = optional or {}
    if type(raw) is not dict:
        raise ReplayError(f"saved match is malformed: {where} must be an object, not {_json_type(raw)}")
    missing = [name for name in required if name not in raw]
    if missing:
        raise ReplayError(f"saved match is incomplete: {where} has no {', '.join(map(repr, missing))}")
    for name, value in raw.items():
        want = required.get(name) or optional.get(name)
        if want is None:
            raise ReplayError(f"saved match is malformed: {where} has an unknown field {_q(name)}")
        if type(value) is not want:
            raise ReplayError(f"saved match is malformed: {where}: {name!r} must be {_TYPE_NAMES[want]}, "
                              f"not {_json_type(value)} {_q(value)}")
    return raw


def _json_type(value: object) -> str:
    return _TYPE_NAMES.get(type(value), "null" if value is None else type(value).__name__)


_V1_FIELDS: dict[str, type] = {"format": str, "version": int, "ruleset": str, "seed": int, "setup": dict, "steps": list,
              "current": dict, "checksum": str}
_V2_FIELDS: dict[str, type] = {**_V1_FIELDS, "reproducible": bool, "forced_pending": dict}
_FIELDS: dict[int, dict[str, type]] = {1: _V1_FIELDS, 2: _V2_FIELDS}
_OPTIONAL: dict[int, dict[str, type]] = {1: {}, 2: {"start": dict}}  # "start": a match from Match.from_state
_STEP: dict[str, type] = {"parent": int, "action": str, "outcomes": list, "digest": str}
_SETUP: dict[str, type] = {"outcomes": list, "digest": str}
_CURRENT: dict[str, type] = {"tip": int, "step": int}


@dataclass(frozen=True)
class _Saved:
    """The parts of a saved match document, checked for their form before anything is replayed."""

    version: int
    ruleset: Ruleset
    seed: int
    reproducible: bool
    setup: dict[str, Any]
    steps: list[dict[str, Any]]
    forced_pending: dict[str, list[Any]]
    current: dict[str, Any]
    start: dict[str, Any] | None = None  # the position set up by hand it starts from (Match.from_state)

    @staticmethod
    def read(data: Any, plain: bool = False) -> _Saved:
        """Check, in this order: plain JSON data, format and version, the checksum, then every field.

        ``plain``: ``data`` was just read by ``json.loads`` from a text that :func:`check_nesting`
        passed, so it is plain JSON data of a bounded depth already.
        """
        if not plain:
            _plain_json(data)
        if type(data) is not dict or data.get("format") != FORMAT:
            raise ReplayError(f"not a saved match (expected format {FORMAT!r})")
        version = data.get("version")
        if type(version) is not int or version not in _FIELDS:
            raise ReplayError(f"saved match version {_q(version)} is not supported "
                              f"(this reads versions {', '.join(map(str, _FIELDS))})")
        try:
            expected = checksum(data)
        except RecursionError:
            raise ReplayError("not a saved match: the data is nested too deeply") from None
        if data.get("checksum") != expected:
            raise ReplayError("the saved match was changed or cut after it was saved (checksum mismatch)")
        _record(data, "the document", _FIELDS[version], _OPTIONAL[version])
        if data["ruleset"] not in RULESETS:
            raise ReplayError(f"saved match is malformed: unknown ruleset {_q(data['ruleset'])}")
        forced: dict[str, type] = {"forced": bool}
        setup = _record(data["setup"], "the setup", _SETUP, forced if version >= 2 else None)
        steps = [_record(raw, f"step record {i}", _STEP, forced if version >= 2 else None)
                 for i, raw in enumerate(data["steps"], start=1)]
        for where, raw in [("the setup", setup), *((f"step record {i}", r) for i, r in enumerate(steps, 1))]:
            if raw.get("forced") is False:
                raise ReplayError(f"saved match is malformed: {where}: 'forced' is written only as true")
        pending: dict[str, list[Any]] = {}
        for kind, values in data.get("forced_pending", {}).items():
            if type(values) is not list or not values:
                raise ReplayError(f"saved match is malformed: forced_pending {kind!r} must be a non-empty list")
            pending[kind] = [v for _, v in outcomes_from_json([[kind, v] for v in values], "forced_pending")]
        return _Saved(version, RULESETS[data["ruleset"]], data["seed"], data.get("reproducible", True), setup,
                      steps, pending, _record(data["current"], "the saved cursor", _CURRENT), data.get("start"))


def outcomes_from_json(raw: list[Any], where: str) -> list[tuple[str, Any]]:
    """Saved chance outcomes back as ``(kind, value)`` pairs, each checked for its form."""
    out = []
    for item in raw:
        if not (type(item) is list and len(item) == 2 and type(item[0]) is str and item[0] in KINDS):
            raise ReplayError(f"{where}: bad chance outcome {_q(item)}")
        kind, value = item
        if kind == "relics":
            if not (type(value) is list and all(type(v) is str for v in value)):
                raise ReplayError(f"{where}: a relic deal must be a list of relic tokens, not {_q(value)}")
            value = tuple(value)
        elif type(value) is not str:
            raise ReplayError(f"{where}: a {kind} outcome must be a text, not {_q(value)}")
        out.append((kind, value))
    return out


def index(value: int, size: int, what: str) -> int:
    """``value`` as an index below ``size`` (a parent, a tip, a step of a save)."""
    if not 0 <= value < size:
        raise ReplayError(f"{what} {value!r} is not an index below {size}")
    return value


# -- replaying -------------------------------------------------------------------------------------------
class Replayed(NamedTuple):
    """One step replayed from a save and checked: what the match's tree keeps of it."""

    action: AnyAction | None
    outcomes: list[tuple[str, Any]]
    events: list[Event]
    state: State
    key: str
    forced: bool


def _follow_seed(key: str, outcomes: list[tuple[str, Any]],
                 run: Callable[[Chance], tuple[State, list[Event]]]) -> tuple[State, list[Event]] | None:
    """Run a step with the chance its key draws; its result if that draws exactly ``outcomes``, else None."""
    chance = Chance(random.Random(key))
    try:
        found = run(chance)
    except ValueError:
        return None
    return found if chance.record == outcomes else None


def _replay(where: str, key: str, outcomes: list[tuple[str, Any]], seeded: bool, digest: str,
            run: Callable[[Chance], tuple[State, list[Event]]], version: int = VERSION) -> tuple[State, list[Event]]:
    """Run one step: along the seed when ``seeded`` (it must then draw ``outcomes``), else from ``outcomes``.

    A file of version 1 has no ``forced`` marks: every one of its steps is ``seeded``, and the first
    whose outcomes the seed does not draw is refused (else a version-2 file with chosen chance,
    written again as version 1, would hide that chance was chosen).
    """
    found = _follow_seed(key, outcomes, run) if seeded else None
    if found is not None:
        _verify(None, found[0], digest, where)
        return found
    chance = Chance(replay=outcomes)
    try:
        state, events = run(chance)
    except ValueError as exc:
        raise ReplayError(f"{where} does not replay: {exc}") from None
    _verify(chance, state, digest, where)
    if seeded:
        subject = "it" if where == "setup" else "the step"
        if version < 2:
            raise ReplayError(f"{where}: its chance outcomes do not follow the seed, and a file of version "
                              f"{version} cannot mark chance as forced (chosen outcomes need version {VERSION})")
        raise ReplayError(f"{where}: its chance outcomes do not follow the seed, and {subject} is not marked forced")
    return state, events


def replay_setup(saved: _Saved) -> Replayed:
    """The setup step of a saved match, replayed from its recorded chance outcomes and checked; of a
    match that starts from a position set up by hand, that position, checked (:func:`replay_start`)."""
    if saved.start is not None:
        return replay_start(saved)
    outcomes = outcomes_from_json(saved.setup["outcomes"], "setup")
    key = root_key(saved.ruleset, saved.seed)
    forced = saved.setup.get("forced", False)  # never in a file of version 1: its setup follows the seed
    state, events = _replay("setup", key, outcomes, not forced, saved.setup["digest"],
                            lambda c: new_game(saved.ruleset, c), saved.version)
    return Replayed(None, outcomes, events, state, key, forced)


def replay_start(saved: _Saved) -> Replayed:
    """The start position of a saved match set up by hand: a position a game can be in
    (:func:`~naga_widget.rules.start.check_position`), with no chance of its own, whose digest is
    the setup's."""
    assert saved.start is not None
    try:
        state = position_from_json(saved.start, saved.ruleset)
    except PositionError as exc:
        raise ReplayError(f"the start position is not one a game can be in: {exc}") from None
    if saved.setup["outcomes"] or saved.setup.get("forced"):
        raise ReplayError("the setup of a match started from a position has no chance outcomes")
    _verify(None, state, saved.setup["digest"], "the start position")
    return Replayed(None, [], [], state, root_key(saved.ruleset, saved.seed, state), False)


def replay_step(i: int, raw: dict[str, Any], version: int, parent_state: State, parent_key: str,
                played: list[AnyAction | None]) -> Replayed:
    """Step record ``i`` replayed after ``parent_state`` (whose children so far played ``played``),
    checked against its digest and, unless its chance was forced (a mark only version 2 writes),
    against the seed."""
    where = f"step record {i}"
    try:
        action = parent_state.canonical(raw["action"])
    except ValueError as exc:
        raise ReplayError(f"{where}: {exc}") from None
    outcomes = outcomes_from_json(raw["outcomes"], where)
    forced = raw.get("forced", False)
    key = step_key(parent_key, action, played.count(action))
    state, events = _replay(f"{where} ({action})", key, outcomes, not forced, raw["digest"],
                            lambda c: parent_state.transition(action, c), version)
    return Replayed(action, outcomes, events, state, key, forced)


def _verify(chance: Chance | None, state: State, digest: str, where: str) -> None:
    if chance is not None and not chance.replay_done:
        raise ReplayError(f"{where}: more chance outcomes were recorded than the game used")
    if digest != state.digest():
        raise ReplayError(f"{where}: the replayed state differs from the saved one (digest mismatch)")
