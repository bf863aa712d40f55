"""The match timeline: play, undo, redo, go to any step, fork, save and load.

A :class:`Match` is a tree of steps. Each step keeps the (immutable) state it
led to, the action, the chance outcomes it used and the events it caused, so
going to any step is a lookup, never a replay. The *line* is the path from the
start to the tip of the current branch; the *cursor* is the step shown.

Playing at the end of the line extends it. Playing at a past step keeps the old
line and starts a new branch from there (unless the action is the one already
played next, which just steps forward). Chance is decided by a ``random.Random``
seeded from the match seed and the actions that led to the step, so the same seed
and the same actions give the same game however you navigated in between.

>>> m = Match(seed=3)
>>> m.step, m.state.phase
(0, 'call')
>>> first = m.legal_actions().sample(__import__("random").Random(0))
>>> _ = m.play(first)
>>> m.undo(); m.step
True
0
>>> Match.loads(m.dumps()).state == m.state
True
"""

from __future__ import annotations

import hashlib
import json
import random
import secrets
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from .rules import (
    RULESETS,
    STANDARD,
    Action,
    AnyAction,
    Chance,
    Event,
    LegalActions,
    Outcome,
    ReplayError,
    Ruleset,
    State,
    new_game,
)
from .rules.chance import KINDS

FORMAT = "naga-widget-match"
VERSION = 1


class Node:
    """One step of the tree: the state reached, and how (action, chance outcomes, events)."""

    __slots__ = ("id", "parent", "children", "action", "outcomes", "events", "state", "depth", "key", "branch")

    def __init__(self, id: int, parent: Node | None, action: AnyAction | None, outcomes: list[tuple[str, Any]],
                 events: list[Event], state: State, key: str, branch: int = 0) -> None:
        self.id = id
        self.parent = parent
        self.children: list[Node] = []
        self.action = action
        self.outcomes = outcomes
        self.events = events
        self.state = state
        self.depth: int = 0 if parent is None else parent.depth + 1
        self.key = key
        self.branch = branch  # the first child continues its parent's branch; a later child starts one

    def path(self) -> list[Node]:
        """The nodes from the start to this one."""
        nodes = []
        node: Node | None = self
        while node is not None:
            nodes.append(node)
            node = node.parent
        return nodes[::-1]

    def __repr__(self) -> str:
        return f"<Node {self.id} step {self.depth}: {self.action or 'setup'}>"


@dataclass(frozen=True)
class Branch:
    """A line of play: ``tip`` is its last step; it left its parent line at ``fork_step``."""

    index: int
    tip: int
    length: int
    fork_step: int
    last_action: str | None


def _key(parent_key: str, action: AnyAction, sibling: int) -> str:
    text = f"{parent_key}\n{action}\n{sibling}"
    return hashlib.sha256(text.encode()).hexdigest()[:32]


class Match:
    """A game of Naga Raja with its whole history (see the module doc)."""

    def __init__(self, seed: int | None = None, *, ruleset: Ruleset = STANDARD,
                 forced: dict[str, Iterable[Any]] | None = None) -> None:
        seed = secrets.randbits(32) if seed is None else int(seed)
        key = _root_key(ruleset, seed)
        chance = Chance(random.Random(key), forced=forced)
        state, events = new_game(ruleset, chance)
        self._start(seed, ruleset, Node(0, None, None, chance.record or [], events, state, key), chance.forced)

    @classmethod
    def _from_root(cls, seed: int, ruleset: Ruleset, root: Node) -> Match:
        """A match whose tree is ``root`` alone (the setup step), e.g. to replay a saved match onto."""
        match = cls.__new__(cls)
        match._start(seed, ruleset, root, {})
        return match

    def _start(self, seed: int, ruleset: Ruleset, root: Node, forced: dict[str, list[Any]]) -> None:
        """The fields of a match at its setup step; ``forced`` holds the chance outcomes not used yet."""
        self.seed = seed
        self.ruleset = ruleset
        self._forced = forced
        self._nodes: list[Node] = [root]
        self._line: list[Node] = [root]
        self._cursor = 0
        self._listeners: list[Any] = []

    # -- where we are -------------------------------------------------------------------------
    @property
    def state(self) -> State:
        """The state at the cursor."""
        return self._line[self._cursor].state

    @property
    def step(self) -> int:
        """The cursor: the number of actions from the start to the state shown."""
        return self._cursor

    @property
    def last_step(self) -> int:
        """The last step of the current line."""
        return len(self._line) - 1

    @property
    def at_end(self) -> bool:
        return self._cursor == len(self._line) - 1

    @property
    def node(self) -> Node:
        return self._line[self._cursor]

    @property
    def actions(self) -> list[AnyAction]:
        """The actions of the current line, from the start to its end."""
        return [n.action for n in self._line[1:] if n.action is not None]

    def state_at(self, step: int) -> State:
        return self._line[self._check_step(step)].state

    def events(self, upto: int | None = None) -> Iterator[tuple[int, Event]]:
        """(step, event) pairs of the current line up to ``upto`` (default: the cursor)."""
        last = self._cursor if upto is None else self._check_step(upto)
        for node in self._line[: last + 1]:
            for event in node.events:
                yield node.depth, event

    def log(self, viewer: int | str = "truth", upto: int | None = None, last: int | None = None
            ) -> list[dict[str, Any]]:
        """The event log as JSON for ``viewer`` (secrets of others left out), each with its step.

        ``upto`` is the last step included (default: the cursor); ``last`` keeps only that many events.
        """
        end = self._cursor if upto is None else self._check_step(upto)
        picked: list[tuple[int, Event]] = []
        for node in reversed(self._line[: end + 1]):
            picked.extend((node.depth, e) for e in reversed(node.events))
            if last is not None and len(picked) >= last:
                break
        if last is not None:
            picked = picked[:last]
        return [{"step": step, **event.view(viewer)} for step, event in reversed(picked)]

    def line(self) -> list[Node]:
        """The nodes of the current line, from the start to its tip."""
        return list(self._line)

    def node_of(self, node_id: int) -> Node:
        """A node of the tree by its id (as in :class:`Branch`.tip)."""
        return self._nodes[node_id]

    # -- delegations to the current state -----------------------------------------------------------
    def legal_actions(self) -> LegalActions:
        return self.state.legal_actions()

    @property
    def current_player(self) -> int | None:
        return self.state.current_player

    @property
    def outcome(self) -> Outcome | None:
        return self.state.outcome

    def observe(self, viewer: int | str) -> dict[str, Any]:
        return self.state.observe(viewer)

    # -- changing the match ------------------------------------------------------------------
    def force(self, **outcomes: Iterable[Any]) -> None:
        """Script the next chance outcomes of each kind, e.g. ``force(throw=["N", "2"], room=["R03"])``."""
        for kind, values in outcomes.items():
            if kind not in KINDS:
                raise ValueError(f"unknown chance kind {kind!r}; kinds are {', '.join(KINDS)}")
            self._forced.setdefault(kind, []).extend(values)

    def play(self, action: AnyAction | str | dict[str, Any], *, fork: bool = False) -> list[Event]:
        """Play ``action`` at the cursor and move to the new step; return its events.

        At a past step this starts a new branch (the old line is kept), unless the
        action is the one already played next and ``fork`` is false.
        Raises :class:`IllegalActionError` and changes nothing if the action is illegal.
        """
        action = Action.coerce(action)
        here = self._line[self._cursor]
        if not fork and not self._forced:
            for child in here.children:
                if child.action == action:
                    self._enter(child)
                    return child.events
        sibling = sum(1 for c in here.children if c.action == action)
        key = _key(here.key, action, sibling)
        chance = Chance(random.Random(key), forced=self._forced)
        state, events = here.state.transition(action, chance)
        self._forced = chance.forced
        child = Node(len(self._nodes), here, action, chance.record or [], events, state, key)
        self._adopt(here, child)
        self._enter(child)
        return events

    def _adopt(self, parent: Node, child: Node) -> None:
        """Add ``child`` to the tree: it continues ``parent``'s branch, or starts the next branch."""
        if parent.children:
            child.branch = 1 + max(n.branch for n in self._nodes)
        else:
            child.branch = parent.branch
        parent.children.append(child)
        self._nodes.append(child)

    def _enter(self, child: Node) -> None:
        """Move the cursor to ``child`` of the cursor node, switching line if needed."""
        nxt = self._cursor + 1
        if not (nxt < len(self._line) and self._line[nxt] is child):
            self._line = self._line[:nxt] + [child]
            self._line += self._follow(child)
        self._cursor = nxt
        self._changed()

    @staticmethod
    def _follow(node: Node) -> list[Node]:
        """The line beyond ``node`` along its most recent children."""
        rest = []
        while node.children:
            node = node.children[-1]
            rest.append(node)
        return rest

    def undo(self) -> bool:
        """Step back one action (the line is kept for redo). False at the start."""
        if self._cursor == 0:
            return False
        self._cursor -= 1
        self._changed()
        return True

    def redo(self) -> bool:
        """Step forward along the line. False at its end."""
        if self._cursor == len(self._line) - 1:
            return False
        self._cursor += 1
        self._changed()
        return True

    def goto(self, step: int) -> None:
        """Show step ``step`` of the current line (0 is the start; negative counts from the end)."""
        self._cursor = self._check_step(step)
        self._changed()

    def _check_step(self, step: int) -> int:
        n = len(self._line)
        if isinstance(step, bool) or not isinstance(step, int) or not -n <= step < n:
            raise IndexError(f"step {step!r} is not on this line (0 to {n - 1})")
        return step % n

    # -- branches ------------------------------------------------------------------------------
    def branches(self) -> list[Branch]:
        """Every line of play, numbered in the order they were started (a fork starts a new one)."""
        first: dict[int, Node] = {}
        tips: dict[int, Node] = {}
        for node in self._nodes:
            first.setdefault(node.branch, node)
            if not node.children:
                tips[node.branch] = node
        out: list[Branch] = []
        for index in sorted(tips):
            tip, start = tips[index], first[index]
            fork_step = start.parent.depth if start.parent is not None else 0
            out.append(Branch(index, tip.id, tip.depth, fork_step, str(tip.action) if tip.action else None))
        return out

    @property
    def branch(self) -> int:
        """The index in :meth:`branches` of the current line."""
        return self._line[-1].branch

    def switch(self, branch: int) -> None:
        """Show another line; the cursor keeps its step where that line is long enough."""
        found = self.branches()
        if isinstance(branch, bool) or not isinstance(branch, int) or not 0 <= branch < len(found):
            raise IndexError(f"branch {branch!r} does not exist (0 to {len(found) - 1})")
        self._line = self._nodes[found[branch].tip].path()
        self._cursor = min(self._cursor, len(self._line) - 1)
        self._changed()

    # -- listeners (the widget redraws on change) ------------------------------------------------
    def observe_changes(self, callback: Any) -> None:
        """Call ``callback(match)`` after every change of the cursor or the line."""
        self._listeners.append(callback)

    def unobserve_changes(self, callback: Any) -> None:
        if callback in self._listeners:
            self._listeners.remove(callback)

    def _changed(self) -> None:
        for callback in list(self._listeners):
            callback(self)

    # -- save and load ---------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """The whole tree as one JSON document (schema ``naga-widget-match`` version 1)."""
        root = self._nodes[0]
        doc: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "ruleset": self.ruleset.id,
            "seed": self.seed,
            "setup": {"outcomes": _outcomes_json(root.outcomes), "digest": root.state.digest()},
            "steps": [
                {"parent": n.parent.id if n.parent else None, "action": str(n.action),
                 "outcomes": _outcomes_json(n.outcomes), "digest": n.state.digest()}
                for n in self._nodes[1:]
            ],
            "current": {"tip": self._line[-1].id, "step": self._cursor},
        }
        doc["checksum"] = _checksum(doc)
        return doc

    def dumps(self, indent: int | None = None) -> str:
        return json.dumps(self.to_json(), indent=indent)

    def save(self, path: str) -> None:
        with open(path, "w", encoding="utf-8") as f:
            f.write(self.dumps(indent=1))

    @classmethod
    def loads(cls, text: str) -> Match:
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, TypeError) as exc:
            raise ReplayError(f"not a saved match: the JSON cannot be read ({exc})") from None
        return cls.from_json(data)

    @classmethod
    def load(cls, path: str) -> Match:
        with open(path, encoding="utf-8") as f:
            return cls.loads(f.read())

    @classmethod
    def from_json(cls, data: Any) -> Match:
        """Rebuild a match by replaying and checking every step (raises :class:`ReplayError`)."""
        saved = _Saved.read(data)
        match = cls._from_root(saved.seed, saved.ruleset, _replay_setup(saved))
        for i, raw in enumerate(saved.steps, start=1):
            match._replay_step(i, raw)
        match._restore_cursor(saved.current)
        return match

    def _replay_step(self, i: int, raw: Any) -> None:
        """Replay step record ``i`` of a saved match onto the tree, checking it against its digest."""
        where = f"step record {i}"
        if not isinstance(raw, dict):
            raise ReplayError(f"{where}: not an object")
        parent = self._nodes[_index(raw.get("parent"), i, f"{where}: parent")]
        try:
            action = Action.parse(raw.get("action"))  # type: ignore[arg-type]  # parse reports a non-text
        except ValueError as exc:
            raise ReplayError(f"{where}: {exc}") from None
        outcomes = _outcomes_from_json(raw.get("outcomes"), where)
        chance = Chance(replay=outcomes)
        try:
            state, events = parent.state.transition(action, chance)
        except ValueError as exc:
            raise ReplayError(f"{where} ({action}) does not replay: {exc}") from None
        _verify(chance, state, raw.get("digest"), f"{where} ({action})")
        sibling = sum(1 for c in parent.children if c.action == action)
        self._adopt(parent, Node(i, parent, action, outcomes, events, state, _key(parent.key, action, sibling)))

    def _restore_cursor(self, current: dict[str, Any]) -> None:
        """Show the saved line (the branch whose tip was saved) at the saved step."""
        tip = self._nodes[_index(current.get("tip"), len(self._nodes), "saved cursor: tip")]
        if tip.children:
            raise ReplayError("saved cursor does not point at the tip of a branch")
        self._line = tip.path()
        self._cursor = _index(current.get("step"), len(self._line), "saved cursor: step")

    def __repr__(self) -> str:
        return (f"<Match seed={self.seed} step {self._cursor}/{len(self._line) - 1}, "
                f"{len(self.branches())} branch(es): {self.state!r}>")


def _outcomes_json(outcomes: list[tuple[str, Any]]) -> list[list[Any]]:
    return [[kind, list(value) if isinstance(value, tuple) else value] for kind, value in outcomes]


def _checksum(doc: dict[str, Any]) -> str:
    """A hash of everything in a saved match but the checksum itself: any edit shows."""
    body = {k: v for k, v in doc.items() if k != "checksum"}
    return hashlib.sha256(json.dumps(body, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def _outcomes_from_json(raw: Any, where: str) -> list[tuple[str, Any]]:
    if not isinstance(raw, list):
        raise ReplayError(f"{where}: 'outcomes' must be a list")
    out = []
    for item in raw:
        if not (isinstance(item, list) and len(item) == 2 and item[0] in KINDS):
            raise ReplayError(f"{where}: bad chance outcome {item!r}")
        kind, value = item
        if kind == "relics":
            if not (isinstance(value, list) and all(isinstance(v, str) for v in value)):
                raise ReplayError(f"{where}: a relic deal must be a list of relic tokens, not {value!r}")
            value = tuple(value)
        elif not isinstance(value, str):
            raise ReplayError(f"{where}: a {kind} outcome must be a text, not {value!r}")
        out.append((kind, value))
    return out


def _index(value: Any, size: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < size:
        raise ReplayError(f"{what} {value!r} is not an index below {size}")
    return value


def _root_key(ruleset: Ruleset, seed: int) -> str:
    """The chance seed of a match's setup; each step's key is derived from its parent's."""
    return f"naga:{ruleset.id}:{seed}"


@dataclass(frozen=True)
class _Saved:
    """The parts of a saved match document, checked for their form before anything is replayed."""

    ruleset: Ruleset
    seed: int
    setup: dict[str, Any]
    steps: list[Any]
    current: dict[str, Any]

    @staticmethod
    def read(data: Any) -> _Saved:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ReplayError(f"not a saved match (expected format {FORMAT!r})")
        if data.get("version") != VERSION:
            raise ReplayError(f"saved match version {data.get('version')!r} is not supported "
                              f"(this is version {VERSION})")
        if data.get("checksum") != _checksum(data):
            raise ReplayError("the saved match was changed or cut after it was saved (checksum mismatch)")
        try:
            ruleset = RULESETS[data["ruleset"]]
            seed = int(data["seed"])
            setup, steps, current = data["setup"], data["steps"], data["current"]
        except (KeyError, TypeError, ValueError) as exc:
            raise ReplayError(f"saved match is incomplete or malformed: {exc!r}") from None
        if not (isinstance(setup, dict) and isinstance(steps, list) and isinstance(current, dict)):
            raise ReplayError("saved match is malformed: 'setup' and 'current' must be objects, 'steps' a list")
        return _Saved(ruleset, seed, setup, steps, current)


def _replay_setup(saved: _Saved) -> Node:
    """The setup step of a saved match, replayed from its recorded chance outcomes and checked."""
    outcomes = _outcomes_from_json(saved.setup.get("outcomes"), "setup")
    chance = Chance(replay=outcomes)
    try:
        state, events = new_game(saved.ruleset, chance)
    except ValueError as exc:
        raise ReplayError(f"setup does not replay: {exc}") from None
    _verify(chance, state, saved.setup.get("digest"), "setup")
    return Node(0, None, None, outcomes, events, state, _root_key(saved.ruleset, saved.seed))


def _verify(chance: Chance, state: State, digest: Any, where: str) -> None:
    if not chance.replay_done:
        raise ReplayError(f"{where}: more chance outcomes were recorded than the game used")
    if digest != state.digest():
        raise ReplayError(f"{where}: the replayed state differs from the saved one (digest mismatch)")
