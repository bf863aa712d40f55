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

Chance is secret only while the seed is. Without a seed a match draws one of 128
bits (``secrets.randbits``); a seed given by the caller makes the match
*reproducible*, and so predictable by whoever knows the seed: its repr says so and
:attr:`Match.reproducible` is true. A fork re-rolls everything drawn after the fork
step and keeps what was already dealt (docs/saves.md, "Chance").

A save is checked by replaying every step. Its checksum, an unkeyed SHA-256, shows
accidental damage (a cut, a changed byte); it cannot show forgery, since anyone can
recompute it. A file that replays consistently is a legal game, whoever wrote it;
steps whose chance was forced (:meth:`Match.force`) are marked as such, and the
chance of every other step must follow the seed.

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
import operator
import random
import secrets
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from .rules import (
    RULESETS,
    STANDARD,
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
VERSION = 2  # 2 added "reproducible", "forced_pending" and the "forced" mark of steps; 1 still loads
SEED_DIGITS = 100  # a seed has at most this many digits (a default seed has 39)


class Node:
    """One step of the tree: the state reached, and how (action, chance outcomes, events)."""

    __slots__ = ("id", "parent", "children", "action", "outcomes", "events", "state", "depth", "key", "branch",
                 "forced")

    def __init__(self, id: int, parent: Node | None, action: AnyAction | None, outcomes: list[tuple[str, Any]],
                 events: list[Event], state: State, key: str, branch: int = 0, forced: bool = False) -> None:
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
        self.forced = forced  # some chance outcome of this step came from Match.force, not from the seed

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


class Match:
    """A game of Naga Raja with its whole history (see the module doc)."""

    def __init__(self, seed: int | None = None, *, ruleset: Ruleset = STANDARD,
                 forced: dict[str, Iterable[Any]] | None = None) -> None:
        reproducible = seed is not None
        seed = secrets.randbits(128) if seed is None else _check_seed(seed)
        key = _root_key(ruleset, seed)
        chance = Chance(random.Random(key), forced=_forced_outcomes(forced or {}))
        state, events = new_game(ruleset, chance)
        root = Node(0, None, None, chance.record or [], events, state, key, forced=chance.forced_used > 0)
        self._start(seed, reproducible, ruleset, root, chance.forced)

    @classmethod
    def _from_root(cls, seed: int, reproducible: bool, ruleset: Ruleset, root: Node) -> Match:
        """A match whose tree is ``root`` alone (the setup step), e.g. to replay a saved match onto."""
        match = cls.__new__(cls)
        match._start(seed, reproducible, ruleset, root, {})
        return match

    def _start(self, seed: int, reproducible: bool, ruleset: Ruleset, root: Node,
               forced: dict[str, list[Any]]) -> None:
        """The fields of a match at its setup step; ``forced`` holds the chance outcomes not used yet."""
        self.seed = seed
        self._reproducible = reproducible
        self.ruleset = ruleset
        self._forced = forced
        self._nodes: list[Node] = [root]
        self._line: list[Node] = [root]
        self._cursor = 0
        self._listeners: list[Any] = []

    # -- where we are -------------------------------------------------------------------------
    @property
    def reproducible(self) -> bool:
        """True when the seed was chosen by the caller (given, or read from such a save): then the
        whole game follows from it, and chance is no secret from anyone who knows it. False for a
        match that drew its own seed of 128 bits."""
        return self._reproducible

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
        """Script the next chance outcomes of each kind, e.g. ``force(throw=["N", "2"], room=["R03"])``.

        The steps that use them are marked ``forced`` (in :attr:`Node.forced` and in a save), and the
        outcomes not used yet are saved with the match.
        """
        checked = _forced_outcomes(outcomes)
        for kind, values in checked.items():
            self._forced.setdefault(kind, []).extend(values)

    def play(self, action: AnyAction | str | dict[str, Any], *, fork: bool = False) -> list[Event]:
        """Play ``action`` at the cursor and move to the new step; return its events.

        At a past step this starts a new branch (the old line is kept), unless the
        action is the one already played next and ``fork`` is false.
        Raises :class:`IllegalActionError` and changes nothing if the action is illegal.
        """
        here = self._line[self._cursor]
        action = here.state.canonical(action)  # what is recorded is the engine's own value
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
        child = Node(len(self._nodes), here, action, chance.record or [], events, state, key,
                     forced=chance.forced_used > 0)
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

    # -- what changed ----------------------------------------------------------------------------
    def diff(self, i: int, j: int, viewer: int | str = "truth") -> list[dict[str, Any]]:
        """What changed from step ``i`` to step ``j`` of the current line, as ``viewer`` knows it.

        Each change is plain data with a ``text``: ``kind`` (``"step"``, ``"tile"``, ``"amulet"``,
        ``"relic"``, ``"player"``, ``"offered"``, ``"outcome"``), ``what`` it concerns, ``before``
        and ``after``. It is computed from the two observations of ``viewer`` (R6), so a player's
        diff holds only what that player may see.

        >>> m = Match(seed=3)
        >>> _ = m.play("call 12c")  # silver, the guide, calls a card face down
        >>> for change in m.diff(0, 1, viewer=0):
        ...     print(change["text"])
        to move: silver → gold
        silver cards in hand: 5 → 4
        silver cards called: 0 → 1
        >>> [c["text"] for c in m.diff(0, 1) if c["what"] == "silver hand"]  # the truth sees which card
        ['silver hand: −12c']
        """
        before = self.state_at(i).observe(viewer)
        after = self.state_at(j).observe(viewer)
        return _diff_views(before, after)

    # -- save and load ---------------------------------------------------------------------------
    @property
    def forced_pending(self) -> dict[str, list[Any]]:
        """The forced chance outcomes not used yet, per kind (a copy)."""
        return {kind: list(values) for kind, values in self._forced.items()}

    def to_json(self) -> dict[str, Any]:
        """The whole tree as one JSON document (schema ``naga-widget-match``, docs/saves.md)."""
        root = self._nodes[0]
        setup: dict[str, Any] = {"outcomes": _outcomes_json(root.outcomes), "digest": root.state.digest()}
        if root.forced:
            setup["forced"] = True
        steps = []
        for n in self._nodes[1:]:
            record: dict[str, Any] = {"parent": n.parent.id if n.parent else None, "action": str(n.action),
                                      "outcomes": _outcomes_json(n.outcomes), "digest": n.state.digest()}
            if n.forced:
                record["forced"] = True
            steps.append(record)
        doc: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "ruleset": self.ruleset.id,
            "seed": self.seed,
            "reproducible": self._reproducible,
            "setup": setup,
            "steps": steps,
            "forced_pending": {kind: [list(v) if isinstance(v, tuple) else v for v in values]
                               for kind, values in self._forced.items() if values},
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
        """Read a saved match from its JSON text; raises :class:`ReplayError`, and only that, for any input."""
        if not isinstance(text, str):
            raise ReplayError(f"a saved match is read from a text (str), not {type(text).__name__}"
                              + ("; decode the bytes first" if isinstance(text, (bytes, bytearray)) else ""))
        try:
            data = json.loads(text, parse_int=_parse_int, parse_constant=_parse_constant)
        except RecursionError:
            raise ReplayError("not a saved match: the JSON cannot be read (nested too deeply)") from None
        except ValueError as exc:  # json.JSONDecodeError, and the refusals of _parse_int/_parse_constant
            raise ReplayError(f"not a saved match: the JSON cannot be read ({str(exc)[:200]})") from None
        return cls._replay(_Saved.read(data, plain=True))

    @classmethod
    def load(cls, path: str) -> Match:
        with open(path, encoding="utf-8") as f:
            return cls.loads(f.read())

    @classmethod
    def from_json(cls, data: Any) -> Match:
        """Rebuild a match by replaying and checking every step (raises :class:`ReplayError`)."""
        return cls._replay(_Saved.read(data))

    @classmethod
    def _replay(cls, saved: _Saved) -> Match:
        match = cls._from_root(saved.seed, saved.reproducible, saved.ruleset, _replay_setup(saved))
        for i, raw in enumerate(saved.steps, start=1):
            match._replay_step(i, raw, saved.version)
        match._restore_cursor(saved.current)
        match._forced = saved.forced_pending
        return match

    def _replay_step(self, i: int, raw: dict[str, Any], version: int) -> None:
        """Replay step record ``i`` of a saved match onto the tree, checking it against its digest and,
        unless its chance was forced (or the file is of version 1), against the seed."""
        where = f"step record {i}"
        parent = self._nodes[_index(raw["parent"], i, f"{where}: parent")]
        try:
            action = parent.state.canonical(raw["action"])
        except ValueError as exc:
            raise ReplayError(f"{where}: {exc}") from None
        outcomes = _outcomes_from_json(raw["outcomes"], where)
        forced = raw.get("forced", False)
        sibling = sum(1 for c in parent.children if c.action == action)
        key = _key(parent.key, action, sibling)
        seeded = version >= 2 and not forced
        found = _follow_seed(key, outcomes, lambda c: parent.state.transition(action, c)) if seeded else None
        if found is None:
            chance = Chance(replay=outcomes)
            try:
                state, events = parent.state.transition(action, chance)
            except ValueError as exc:
                raise ReplayError(f"{where} ({action}) does not replay: {exc}") from None
            _verify(chance, state, raw["digest"], f"{where} ({action})")
            if seeded:
                raise ReplayError(f"{where} ({action}): its chance outcomes do not follow the seed, and the step "
                                  "is not marked forced")
        else:
            state, events = found
            _verify(None, state, raw["digest"], f"{where} ({action})")
        self._adopt(parent, Node(i, parent, action, outcomes, events, state, key, forced=forced))

    def _restore_cursor(self, current: dict[str, Any]) -> None:
        """Show the saved line (the branch whose tip was saved) at the saved step."""
        tip = self._nodes[_index(current["tip"], len(self._nodes), "saved cursor: tip")]
        if tip.children:
            raise ReplayError("saved cursor does not point at the tip of a branch")
        self._line = tip.path()
        self._cursor = _index(current["step"], len(self._line), "saved cursor: step")

    def __repr__(self) -> str:
        seed = f"seed={self.seed} (reproducible: not secret)" if self._reproducible else "secret seed"
        return (f"<Match {seed}, step {self._cursor}/{len(self._line) - 1}, "
                f"{len(self.branches())} branch(es): {self.state!r}>")


def _check_seed(seed: Any) -> int:
    """A seed given by the caller: an integer (not a bool) of at most SEED_DIGITS digits."""
    if isinstance(seed, bool):
        raise TypeError("a seed is an integer, not a bool")
    try:
        value = operator.index(seed)
    except TypeError:
        raise TypeError(f"a seed is an integer, not {type(seed).__name__}") from None
    if abs(value) >= 10**SEED_DIGITS:
        raise ValueError(f"a seed has at most {SEED_DIGITS} digits")
    return value


def _forced_outcomes(outcomes: dict[str, Iterable[Any]]) -> dict[str, list[Any]]:
    """Forced outcomes as a save can hold them: per known kind, texts (a relic deal: a tuple of texts).

    Whether each is possible is known only when it is used (a :class:`ChanceError` then).
    """
    checked: dict[str, list[Any]] = {}
    for kind, values in outcomes.items():
        if kind not in KINDS:
            raise ValueError(f"unknown chance kind {kind!r}; kinds are {', '.join(KINDS)}")
        if isinstance(values, (str, bytes)):
            raise ValueError(f"forced {kind} outcomes are a list, e.g. {kind}=[...], not one text {values!r}")
        out = checked.setdefault(kind, [])
        for value in values:
            if kind == "relics" and not isinstance(value, str) and all(isinstance(v, str) for v in value):
                value = tuple(str.__str__(v) for v in value)
            elif kind == "relics" or not isinstance(value, str):
                what = "a list of relic tokens" if kind == "relics" else "a text"
                raise ValueError(f"a forced {kind} outcome is {what}, not {value!r}")
            else:
                value = str.__str__(value)
            out.append(value)
    return checked


def _key(parent_key: str, action: AnyAction, sibling: int) -> str:
    text = f"{parent_key}\n{action}\n{sibling}"
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def _root_key(ruleset: Ruleset, seed: int) -> str:
    """The chance seed of a match's setup; each step's key is derived from its parent's."""
    return f"naga:{ruleset.id}:{seed}"


# -- what changed between two observations ------------------------------------------------------
_PLAYER_FIELDS = (("hand", "hand"), ("hand_count", "cards in hand"), ("call", "call"),
                  ("call_count", "cards called"), ("sticks", "sticks"), ("amulets", "amulets"),
                  ("amulet_count", "amulets"), ("spent_charms", "spent charms"), ("score", "score"),
                  ("cursed_up", "cursed relics face up"))


def _change(kind: str, what: str, before: Any, after: Any, text: str | None = None) -> dict[str, Any]:
    if text is None:
        if isinstance(before, list) and isinstance(after, list):
            gone, new = Counter(before) - Counter(after), Counter(after) - Counter(before)
            parts = [f"+{x}" for x in sorted(new.elements())] + [f"−{x}" for x in sorted(gone.elements())]
            text = f"{what}: {' '.join(parts) or 'reordered'}"
        else:
            text = f"{what}: {_shown(before)} → {_shown(after)}"
    return {"kind": kind, "what": what, "before": before, "after": after, "text": text}


def _shown(value: Any) -> str:
    if value is None:
        return "—"
    if isinstance(value, list):
        return " ".join(map(str, value)) or "none"
    return str(value)


def _diff_views(a: dict[str, Any], b: dict[str, Any]) -> list[dict[str, Any]]:
    """The changes from observation ``a`` to observation ``b`` (of one viewer)."""
    out = []
    names = {0: "gold", 1: "silver", None: None}
    for field, label in (("round", "round"), ("phase", "step"), ("to_move", "to move"), ("guide", "guide")):
        if a[field] != b[field]:
            before, after = (names.get(a[field], a[field]), names.get(b[field], b[field])) if field in (
                "to_move", "guide") else (a[field], b[field])
            out.append(_change("step", label, before, after))
    out += _tile_changes(a, b)
    for ta, tb in zip(a["temples"], b["temples"]):
        for ra, rb in zip(ta["relics"], tb["relics"]):
            if (ra["up"], ra["relic"]) != (rb["up"], rb["relic"]):
                out.append(_change("relic", f"{ta['name']} {ra['slot']}", _relic(ra), _relic(rb)))
    for pa, pb in zip(a["players"], b["players"]):
        for field, label in _PLAYER_FIELDS:
            if pa[field] != pb[field]:
                out.append(_change("player", f"{pa['name']} {label}", pa[field], pb[field]))
    if a["offered"] != b["offered"]:
        room = lambda o: None if o is None else o["room"]  # noqa: E731 - the room is what a player follows
        out.append(_change("offered", "offered room", room(a["offered"]), room(b["offered"])))
    if a["outcome"] != b["outcome"] and b["outcome"] is not None:
        o = b["outcome"]
        out.append(_change("outcome", "outcome", a["outcome"], o, f"game over: {names[o['winner']]} wins "
                           f"({o['reason']}), scores {o['scores'][0]}–{o['scores'][1]}"))
    return out


def _relic(view: dict[str, Any]) -> str:
    return f"face {'up' if view['up'] else 'down'} {view['relic'] or '(unknown)'}"


def _tile_changes(a: dict[str, Any], b: dict[str, Any]) -> list[dict[str, Any]]:
    """Tiles (the trap too) placed, moved or turned, followed by the room they are; amulets taken."""
    def tiles(view: dict[str, Any]) -> dict[str, tuple[str, dict[str, Any]]]:
        return {space["room"]: (f"{t['name']} {k}", space) for t in view["temples"]
                for k, space in enumerate(t["spaces"]) if space is not None}

    out = []
    was, now = tiles(a), tiles(b)
    for room, (where, space) in now.items():
        if room not in was:
            out.append(_change("tile", room, None, where, f"{room} placed on {where}, rotation {space['rotation']}"))
            continue
        old_where, old = was[room]
        if old_where != where:
            out.append(_change("tile", room, old_where, where, f"{room} moves from {old_where} to {where}"))
        if old["rotation"] != space["rotation"]:
            out.append(_change("tile", room, old["rotation"], space["rotation"],
                               f"{room} on {where} turns from rotation {old['rotation']} to {space['rotation']}"))
        if old["amulet"] is not None and space["amulet"] is None:
            out.append(_change("amulet", room, old["amulet"], None, f"the amulet on {room} ({where}) is taken"))
    for room, (where, _) in was.items():
        if room not in now:
            out.append(_change("tile", room, where, None, f"{room} leaves {where}"))
    return out


# -- the saved document ----------------------------------------------------------------------------
def _outcomes_json(outcomes: list[tuple[str, Any]]) -> list[list[Any]]:
    return [[kind, list(value) if isinstance(value, tuple) else value] for kind, value in outcomes]


def _checksum(doc: dict[str, Any]) -> str:
    """An unkeyed SHA-256 of everything in a saved match but the checksum itself.

    It shows accidental damage (a cut, a changed byte, a bad merge), not forgery: anyone can
    recompute it. Whether a file is a legal game is what replaying it checks.
    """
    body = {k: v for k, v in doc.items() if k != "checksum"}
    return hashlib.sha256(json.dumps(body, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def _parse_int(text: str) -> int:
    """JSON integers of a save: small, so a number of thousands of digits is refused unread."""
    if len(text.lstrip("-")) > SEED_DIGITS:
        raise ValueError(f"a number of {len(text):,} digits")
    return int(text)


def _parse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number a saved match can hold")


_MAX_DEPTH = 8  # a saved match nests six levels deep: document, steps, record, outcomes, outcome, relics


def _plain_json(data: Any) -> None:
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
                    raise ReplayError(f"not a saved match: a key {_quote(key)} that is not a text")
                todo.append((item, depth + 1))
        elif kind is int:
            if abs(value) >= 10**SEED_DIGITS:
                raise ReplayError(f"not a saved match: a number of more than {SEED_DIGITS} digits")
        elif kind is float:
            raise ReplayError(f"saved match is malformed: {_quote(value)} is not an integer")
        elif not (kind is str or kind is bool or value is None):
            raise ReplayError(f"not a saved match: {type(value).__name__} {_quote(value)} is not JSON data")


def _quote(value: Any, limit: int = 60) -> str:
    """``repr`` of a piece of JSON data, cut short (data read by ``json.loads`` may nest deeply)."""
    try:
        text = repr(value)
    except RecursionError:
        text = f"a {type(value).__name__} nested too deeply"
    return text if len(text) <= limit else text[:limit] + "…"


_TYPE_NAMES = {str: "a text", int: "an integer", bool: "true or false", dict: "an object", list: "a list"}


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
            raise ReplayError(f"saved match is malformed: {where} has an unknown field {_quote(name)}")
        if type(value) is not want:
            raise ReplayError(f"saved match is malformed: {where}: {name!r} must be {_TYPE_NAMES[want]}, "
                              f"not {_json_type(value)} {_quote(value)}")
    return raw


def _json_type(value: Any) -> str:
    return {dict: "an object", list: "a list", str: "a text", int: "an integer", bool: "a boolean",
            float: "a number with a fraction"}.get(type(value), "null" if value is None else type(value).__name__)


_V1_FIELDS: dict[str, type] = {"format": str, "version": int, "ruleset": str, "seed": int, "setup": dict, "steps": list,
              "current": dict, "checksum": str}
_FIELDS: dict[int, dict[str, type]] = {1: _V1_FIELDS, 2: {**_V1_FIELDS, "reproducible": bool, "forced_pending": dict}}
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

    @staticmethod
    def read(data: Any, plain: bool = False) -> _Saved:
        """Check, in this order: plain JSON data, format and version, the checksum, then every field.

        ``plain``: ``data`` was just read by ``json.loads`` with the limits of :meth:`Match.loads`,
        so it is plain JSON data already (its depth is then caught while hashing).
        """
        if not plain:
            _plain_json(data)
        if type(data) is not dict or data.get("format") != FORMAT:
            raise ReplayError(f"not a saved match (expected format {FORMAT!r})")
        version = data.get("version")
        if type(version) is not int or version not in _FIELDS:
            raise ReplayError(f"saved match version {_quote(version)} is not supported "
                              f"(this reads versions {', '.join(map(str, _FIELDS))})")
        try:
            checksum = _checksum(data)
        except RecursionError:
            raise ReplayError("not a saved match: the data is nested too deeply") from None
        if data.get("checksum") != checksum:
            raise ReplayError("the saved match was changed or cut after it was saved (checksum mismatch)")
        _record(data, "the document", _FIELDS[version])
        if data["ruleset"] not in RULESETS:
            raise ReplayError(f"saved match is malformed: unknown ruleset {_quote(data['ruleset'])}")
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
            pending[kind] = [v for _, v in _outcomes_from_json([[kind, v] for v in values], "forced_pending")]
        return _Saved(version, RULESETS[data["ruleset"]], data["seed"], data.get("reproducible", True), setup,
                      steps, pending, _record(data["current"], "the saved cursor", _CURRENT))


def _outcomes_from_json(raw: list[Any], where: str) -> list[tuple[str, Any]]:
    out = []
    for item in raw:
        if not (type(item) is list and len(item) == 2 and type(item[0]) is str and item[0] in KINDS):
            raise ReplayError(f"{where}: bad chance outcome {_quote(item)}")
        kind, value = item
        if kind == "relics":
            if not (type(value) is list and all(type(v) is str for v in value)):
                raise ReplayError(f"{where}: a relic deal must be a list of relic tokens, not {_quote(value)}")
            value = tuple(value)
        elif type(value) is not str:
            raise ReplayError(f"{where}: a {kind} outcome must be a text, not {_quote(value)}")
        out.append((kind, value))
    return out


def _index(value: int, size: int, what: str) -> int:
    if not 0 <= value < size:
        raise ReplayError(f"{what} {value!r} is not an index below {size}")
    return value


def _follow_seed(key: str, outcomes: list[tuple[str, Any]],
                 run: Callable[[Chance], tuple[State, list[Event]]]) -> tuple[State, list[Event]] | None:
    """Run a step with the chance its key draws; its result if that draws exactly ``outcomes``, else None."""
    chance = Chance(random.Random(key))
    try:
        found = run(chance)
    except ValueError:
        return None
    return found if chance.record == outcomes else None


def _replay_setup(saved: _Saved) -> Node:
    """The setup step of a saved match, replayed from its recorded chance outcomes and checked."""
    outcomes = _outcomes_from_json(saved.setup["outcomes"], "setup")
    key = _root_key(saved.ruleset, saved.seed)
    forced = saved.setup.get("forced", False)
    seeded = saved.version >= 2 and not forced
    found = _follow_seed(key, outcomes, lambda c: new_game(saved.ruleset, c)) if seeded else None
    if found is None:
        chance = Chance(replay=outcomes)
        try:
            state, events = new_game(saved.ruleset, chance)
        except ValueError as exc:
            raise ReplayError(f"setup does not replay: {exc}") from None
        _verify(chance, state, saved.setup["digest"], "setup")
        if seeded:
            raise ReplayError("setup: its chance outcomes do not follow the seed, and it is not marked forced")
    else:
        state, events = found
        _verify(None, state, saved.setup["digest"], "setup")
    return Node(0, None, None, outcomes, events, state, key, forced=forced)


def _verify(chance: Chance | None, state: State, digest: str, where: str) -> None:
    if chance is not None and not chance.replay_done:
        raise ReplayError(f"{where}: more chance outcomes were recorded than the game used")
    if digest != state.digest():
        raise ReplayError(f"{where}: the replayed state differs from the saved one (digest mismatch)")
