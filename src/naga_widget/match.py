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

import json
import random
import secrets
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from html import escape
from typing import Any

from . import saves
from .diff import Change, diff_views
from .rules import STANDARD, AnyAction, Chance, Event, LegalActions, Outcome, ReplayError, Ruleset, State, new_game
from .rules.chance import KINDS
from .rules.errors import is_int
from .rules.observe import Observation
from .rules.start import check_position
from .saves import FORMAT, SEED_DIGITS, VERSION, root_key, step_key

RECENT_ACTIONS = 5  # the number of actions a match's notebook picture lists

__all__ = ["FORMAT", "SEED_DIGITS", "VERSION", "Branch", "Match", "Node", "StepError"]


class StepError(IndexError):
    """A step or a branch that is not in the match (an ``IndexError``, as before it had a name)."""


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
        key = root_key(ruleset, seed)
        chance = Chance(random.Random(key), forced=_forced_outcomes(forced or {}))
        state, events = new_game(ruleset, chance)
        root = Node(0, None, None, chance.record or [], events, state, key, forced=chance.forced_used > 0)
        self._start(seed, reproducible, ruleset, root, chance.forced)

    @classmethod
    def from_state(cls, state: State, seed: int | None = None) -> Match:
        """A match that starts from ``state``, a position set up by hand (for a lesson or a puzzle).

        The position must be one a game can be in (:func:`~naga_widget.rules.start.check_position`
        says why not, with a :class:`~naga_widget.rules.start.PositionError`, a ``ValueError``).
        Its chance after the start follows ``seed`` and the position, as a match's follows its seed;
        its save records the position, so the file replays from it (docs/saves.md, ``start``).

        >>> m = Match(seed=4)
        >>> _ = m.play(m.legal_actions().sample(__import__("random").Random(1)))
        >>> puzzle = Match.from_state(m.state, seed=9)
        >>> puzzle.step, puzzle.state == m.state, Match.loads(puzzle.dumps()).state == m.state
        (0, True, True)
        """
        if not isinstance(state, State):
            raise TypeError(f"a match starts from a State, not {type(state).__name__}")
        check_position(state)
        reproducible = seed is not None
        seed = secrets.randbits(128) if seed is None else _check_seed(seed)
        root = Node(0, None, None, [], [], state, root_key(state.ruleset, seed, state))
        match = cls._from_root(seed, reproducible, state.ruleset, root)
        match._set_up = True
        return match

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
        self._listeners: list[Callable[[Match], object]] = []
        self._set_up = False  # started from a position set up by hand (Match.from_state), not from a new game

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

    def observe(self, viewer: int | str) -> Observation:
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
        self._changed()  # an open teacher view shows the queue at once

    def clear_forced(self, *kinds: str) -> dict[str, list[Any]]:
        """Drop the forced chance outcomes not used yet (:attr:`forced_pending`) of ``kinds`` (of every
        kind when none is named) and return them: that chance follows the seed again. The steps
        already played with forced outcomes keep their mark."""
        for kind in kinds:
            if kind not in KINDS:
                raise ValueError(f"unknown chance kind {kind!r}; kinds are {', '.join(KINDS)}")
        dropped = {k: v for k, v in self._forced.items() if not kinds or k in kinds}
        self._forced = {k: v for k, v in self._forced.items() if k not in dropped}
        self._changed()
        return dropped

    def play(self, action: AnyAction | str | dict[str, Any], *, fork: bool = False,
             reuse: bool = False) -> list[Event]:
        """Play ``action`` at the cursor and move to the new step; return its events.

        At a past step this starts a new branch (the old line is kept), unless the
        action is the one already played next and ``fork`` is false. With ``reuse``, a fork (or a play
        with forced chance) whose step comes out exactly as a step already played here (the same
        action, chance outcomes, events and state) starts no second, identical branch: the match
        follows that step (the widget's forks do so).

        This is the one door for an action from outside (a person's click, a bot's move, a line of
        code): ``action`` is an action value, its text or its JSON form. It is read here, once
        (:class:`ActionFormatError` if it cannot be), an equivalent spelling becomes the listed value
        (:func:`~naga_widget.rules.legal.canonical`), and the rules check it
        (:class:`IllegalActionError`); either error changes nothing. What is recorded is the engine's
        own value.
        """
        here = self._line[self._cursor]
        action = here.state.canonical(action)  # what is recorded is the engine's own value
        if not fork and not self._forced:
            for child in here.children:
                if child.action == action:
                    self._enter(child)
                    return child.events
        sibling = sum(1 for c in here.children if c.action == action)
        key = step_key(here.key, action, sibling)
        chance = Chance(random.Random(key), forced=self._forced)
        state, events = here.state.transition(action, chance)
        self._forced = chance.forced
        record = chance.record or []
        for same in here.children if reuse else ():
            if same.action == action and same.outcomes == record and same.events == events and same.state == state:
                self._enter(same)  # that line is already there: no duplicate branch
                return same.events
        child = Node(len(self._nodes), here, action, record, events, state, key,
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
        if not is_int(step) or not -n <= step < n:
            raise StepError(f"step {step!r} is not on this line (0 to {n - 1})")
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
        if not is_int(branch) or not 0 <= branch < len(found):
            raise StepError(f"branch {branch!r} does not exist (0 to {len(found) - 1})")
        self._line = self._nodes[found[branch].tip].path()
        self._cursor = min(self._cursor, len(self._line) - 1)
        self._changed()

    # -- listeners (the widget redraws on change) ------------------------------------------------
    def observe_changes(self, callback: Callable[[Match], object]) -> None:
        """Call ``callback(match)`` after every change of the cursor or the line."""
        self._listeners.append(callback)

    def unobserve_changes(self, callback: Callable[[Match], object]) -> None:
        if callback in self._listeners:
            self._listeners.remove(callback)

    def _changed(self) -> None:
        for callback in list(self._listeners):
            callback(self)

    # -- what changed ----------------------------------------------------------------------------
    def diff(self, i: int, j: int, viewer: int | str = "truth") -> list[Change]:
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
        return diff_views(before, after)

    # -- save and load ---------------------------------------------------------------------------
    @property
    def forced_pending(self) -> dict[str, list[Any]]:
        """The forced chance outcomes not used yet, per kind (a copy)."""
        return {kind: list(values) for kind, values in self._forced.items()}

    def to_json(self) -> dict[str, Any]:
        """The whole tree as one JSON document (schema ``naga-widget-match``, docs/saves.md)."""
        root = self._nodes[0]
        return saves.document(
            ruleset=self.ruleset, seed=self.seed, reproducible=self._reproducible,
            setup=saves.step_record(None, None, root.outcomes, root.state, root.forced),
            steps=[saves.step_record(n.parent.id if n.parent else None, n.action, n.outcomes, n.state, n.forced)
                   for n in self._nodes[1:]],
            forced_pending=self._forced, tip=self._line[-1].id, step=self._cursor,
            start=root.state if self._set_up else None)

    def dumps(self, indent: int | None = None) -> str:
        return json.dumps(self.to_json(), indent=indent)

    def save(self, path: str) -> None:
        with open(path, "w", encoding="utf-8") as f:
            f.write(self.dumps(indent=1))

    @classmethod
    def loads(cls, text: str) -> Match:
        """Read a saved match from its JSON text; raises :class:`ReplayError`, and only that, for any input
        (a text nested too deeply is refused before it is parsed)."""
        return cls._replay(saves.parse(text))

    @classmethod
    def load(cls, path: str) -> Match:
        with open(path, encoding="utf-8") as f:
            return cls.loads(f.read())

    @classmethod
    def from_json(cls, data: Any) -> Match:
        """Rebuild a match by replaying and checking every step (raises :class:`ReplayError`)."""
        return cls._replay(saves._Saved.read(data))

    @classmethod
    def _replay(cls, saved: saves._Saved) -> Match:
        setup = saves.replay_setup(saved)
        root = Node(0, None, None, setup.outcomes, setup.events, setup.state, setup.key, forced=setup.forced)
        match = cls._from_root(saved.seed, saved.reproducible, saved.ruleset, root)
        match._set_up = saved.start is not None
        for i, raw in enumerate(saved.steps, start=1):
            match._replay_step(i, raw, saved.version)
        match._restore_cursor(saved.current)
        match._forced = saved.forced_pending
        return match

    def _replay_step(self, i: int, raw: dict[str, Any], version: int) -> None:
        """Replay step record ``i`` of a saved match onto the tree (checked in :func:`saves.replay_step`)."""
        parent = self._nodes[saves.index(raw["parent"], i, f"step record {i}: parent")]
        step = saves.replay_step(i, raw, version, parent.state, parent.key, [c.action for c in parent.children])
        self._adopt(parent, Node(i, parent, step.action, step.outcomes, step.events, step.state, step.key,
                                 forced=step.forced))

    def _restore_cursor(self, current: dict[str, Any]) -> None:
        """Show the saved line (the branch whose tip was saved) at the saved step."""
        tip = self._nodes[saves.index(current["tip"], len(self._nodes), "saved cursor: tip")]
        if tip.children:
            raise ReplayError("saved cursor does not point at the tip of a branch")
        self._line = tip.path()
        self._cursor = saves.index(current["step"], len(self._line), "saved cursor: step")

    def _repr_html_(self) -> str:
        """A notebook cell's picture of the match: where the cursor is, the branches, the last few
        actions up to the cursor, and the board there as the whole truth sees it (R6 ``"truth"``)."""
        recent = self._line[max(1, self._cursor - RECENT_ACTIONS + 1): self._cursor + 1]
        actions = "".join(f"<li>step {n.depth}: <code>{escape(str(n.action))}</code></li>" for n in recent)
        branches = len(self.branches())
        return (f'<div class="naga-match"><p><b>Step {self._cursor} of {self.last_step}</b> · branch '
                f"{self.branch} ({branches} in all) · {escape(repr(self.state))}</p>"
                f"<ol style=\"list-style:none;padding-left:0\">{actions or '<li>no action yet</li>'}</ol>"
                f"{self.state._repr_svg_() or ''}</div>")

    def __repr__(self) -> str:
        seed = f"seed={self.seed} (reproducible: not secret)" if self._reproducible else "secret seed"
        return (f"<Match {seed}, step {self._cursor}/{len(self._line) - 1}, "
                f"{len(self.branches())} branch(es): {self.state!r}>")


def _check_seed(seed: object) -> int:
    """A seed given by the caller: an integer (not a bool) of at most SEED_DIGITS digits."""
    if not is_int(seed):
        raise TypeError(f"a seed is an integer, not {type(seed).__name__}")
    value = int.__index__(seed)
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
    return {kind: values for kind, values in checked.items() if values}  # an empty list forces nothing
