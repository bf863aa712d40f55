"""The Jupyter widget: play, rewind, fork and inspect a match by clicks.

``NagaWidget`` is an anywidget component. The match (Python) holds the truth; the
view (``static/naga_widget.js``, built from ``js/src``) receives only the projection of the match for the
widget's perspective (R6) and sends back intents, which Python checks and
applies. The traits and intents are described in ``docs/widget-protocol.md``.

This is the only module that imports anywidget and traitlets.
"""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from .bots import Bot
from .match import Match
from .rules import (
    EFFECT_NAMES,
    TEMPLE_NAMES,
    Action,
    AnyAction,
    Call,
    IllegalActionError,
    Ruleset,
    State,
)
from .rules.legal import call_groups
from .rules.ruleset import openings_text
from .rules.temple import SLOT_NAMES
from .svg import STEP_NAMES, board_svg

PERSPECTIVES = (0, 1, "spectator", "teacher", "hotseat")
LOG_WINDOW = 20

EFFECT_TEXTS = {
    "E01": "Throw one stick in play again (yours or the opponent's).",
    "E02": "Take a stick of any type from the supply and throw it; it is yours.",
    "E03": "Send one of the opponent's sticks back to the supply.",
    "E04": "Turn one of your sticks to another face of your choice.",
    "E05": "Take one of the opponent's sticks, face unchanged.",
    "E06": "Secretly look at one or two face-down relics you do not know.",
    "E07": "Swap the relics of two slots of one temple.",
    "E08": "Slide a row or column of a temple one space, wrapping around.",
    "E09": "Turn a room tile of any temple to a new orientation.",
    "E10": "Swap the contents of two spaces of one temple.",
    "E11": "Move the trap to an empty space of the opponent's temple.",
    "E12": "Draw two cards.",
}

_log = logging.getLogger("naga_widget")


_MISSING_VIEW = ("export default { render({ el }) { el.textContent = "
                 "'naga_widget: the view module is missing from this install'; } };")


def _esm_source() -> Path | str:
    """The view's ES module, built from ``js/src`` into the package (an editable install hot-reloads it)."""
    bundle = Path(__file__).resolve().parent / "static" / "naga_widget.js"
    return bundle if bundle.exists() else _MISSING_VIEW


def catalog(ruleset: Ruleset) -> dict[str, Any]:
    """Static game data the view needs to draw cards, rooms and sticks (public facts of R1)."""
    return {
        "ruleset": ruleset.id,
        "cards": {c.id: {"effect": c.effect, "name": EFFECT_NAMES[c.effect], "stick": c.stick, "count": c.count}
                  for c in ruleset.cards},
        "effects": {e: {"name": name, "text": EFFECT_TEXTS.get(e, "")} for e, name in EFFECT_NAMES.items()},
        "rooms": {r.id: {"shape": r.shape, "openings": openings_text(r.openings), "amulet_symbol": r.amulet_symbol}
                  for r in ruleset.rooms},
        "temples": list(TEMPLE_NAMES),
        "slots": list(SLOT_NAMES),
        "stick_types": {t.name: list(t.faces) for t in ruleset.stick_types},
    }


def action_menu(state: State, player: int) -> dict[str, Any]:
    """The decisions of ``player`` now, in the compact form of the protocol (derived from the legal actions)."""
    phase = state.phase
    menu: dict[str, Any] = {"player": player, "phase": phase, "step_name": STEP_NAMES.get(phase, phase)}
    legal = state.legal_actions()
    if phase == "call":
        menu["groups"] = [list(g) for g in call_groups(state, player)]
    elif phase == "confront":
        # Targets travel as numbers into a table of their tokens: "3 17" stands for "gold:W0 silver:E2".
        tokens: dict[str, int] = {}
        sets: dict[tuple[str, ...], int] = {}
        invokes = []
        for card, pay in legal.invoke_heads():
            texts = tuple(" ".join(str(tokens.setdefault(tok, len(tokens))) for tok in target)
                          for target in legal.targets(card, pay))
            invokes.append([card, pay, sets.setdefault(texts, len(sets))])
        menu["pass"] = True
        menu["invokes"] = invokes
        menu["tokens"] = list(tokens)
        menu["target_sets"] = [list(texts) for texts in sets]
    elif phase == "place":
        assert state.offered is not None
        room = state.offered[0]
        menu["room"] = {"id": room, "openings": openings_text(state.ruleset.room(room).openings)}
        menu["places"] = [[a.space, a.rotation] for a in legal]  # type: ignore[union-attr]
    elif phase == "give":
        menu["gives"] = [a.card for a in legal]  # type: ignore[union-attr]
    return menu


def public_label(state_before: State, action: AnyAction, viewer: int | str) -> str:
    """A step's action as ``viewer`` may see it: a call's cards stay hidden from others (R6)."""
    actor = state_before.to_move
    name = TEMPLE_NAMES[actor]
    if isinstance(action, Call) and viewer not in (actor, "truth"):
        return f"{name}: call {len(action.cards)} card(s)"
    return f"{name}: {action}"


def compact_board(obs: dict[str, Any]) -> dict[str, Any]:
    """The observation with the false/empty fields of spaces and relics left out (fewer bytes per update)."""
    for temple in obs["temples"]:
        temple["spaces"] = [None if sp is None else {k: v for k, v in sp.items() if v not in (None, False)}
                            for sp in temple["spaces"]]
        temple["relics"] = [{k: v for k, v in r.items() if v not in (None, False)} for r in temple["relics"]]
    return obs


def _kernel_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop of the IPython kernel we run in, if any (elsewhere the bot plays at once)."""
    try:
        from IPython import get_ipython
    except ImportError:
        return None
    shell = get_ipython()
    if shell is None or getattr(shell, "kernel", None) is None:
        return None
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class EventLog(list):  # type: ignore[type-arg]
    """The event log shown by a widget (a list of dicts with step, rule, kind, text, data).

    It also forwards logging calls, because ipywidgets logs through ``widget.log``.
    """

    def __getattr__(self, name: str) -> Any:
        return getattr(_log, name)


class NagaWidget(anywidget.AnyWidget):  # type: ignore[misc]
    """A match of Naga Raja shown and played in a notebook.

    ``perspective``: ``0`` or ``1`` (that player's view), ``"spectator"`` (public only),
    ``"teacher"`` (all the truth, plays whoever is to move) or ``"hotseat"`` (follows
    the player to move, behind a "pass the device" screen between turns).
    ``opponent``: a bot playing the other seat (seat 1 unless the perspective is a player).
    """

    _esm = _esm_source()

    catalog = traitlets.Dict().tag(sync=True)
    board = traitlets.Dict().tag(sync=True)
    menu = traitlets.Dict().tag(sync=True)
    timeline = traitlets.Dict().tag(sync=True)
    events: traitlets.List[dict[str, Any]] = traitlets.List().tag(sync=True)
    status = traitlets.Dict().tag(sync=True)
    intent = traitlets.Dict().tag(sync=True)

    def __init__(self, match: Match | None = None, *, perspective: int | str = 0, opponent: Bot | None = None,
                 seed: int | None = None, bot_delay: float = 0.4, **kwargs: Any) -> None:
        if perspective not in PERSPECTIVES or isinstance(perspective, bool):
            raise ValueError(f"perspective must be one of {PERSPECTIVES}, not {perspective!r}")
        if match is not None and seed is not None:
            raise ValueError("give either a match or a seed, not both")
        if opponent is not None and perspective == "hotseat":
            raise ValueError("hot-seat play is for two people; a bot opponent needs perspective 0, 1 or 'teacher'")
        if opponent is not None and not hasattr(opponent, "act"):
            raise TypeError(f"opponent must be a bot with act(observation, legal), not {type(opponent).__name__}")
        self._match = match if match is not None else Match(seed=seed)
        self._perspective = perspective
        self._bot = opponent
        self._bot_seat = None if opponent is None else (1 - perspective if isinstance(perspective, int) else 1)
        self.bot_delay = bot_delay
        self._fork_armed = False
        self._holder: int | None = None  # hot seat: who has the device now
        self._busy = False
        self._message: dict[str, str] | None = None
        self._ack = 0
        self._bot_pending = False
        super().__init__(**kwargs)
        self.catalog = catalog(self._match.ruleset)
        self._match.observe_changes(self._on_match_change)
        self.observe(self._on_intent, names="intent")
        self._refresh()
        self._schedule_bot()

    def close(self) -> None:
        """Stop following the match and close the view."""
        match = getattr(self, "_match", None)  # absent when __init__ rejected its arguments
        if match is not None:
            match.unobserve_changes(self._on_match_change)
        super().close()

    # -- notebook API ----------------------------------------------------------------------------
    @property
    def match(self) -> Match:
        """The timeline shown (shared with any other view of it)."""
        return self._match

    @property
    def state(self) -> State:
        """The state at the step shown."""
        return self._match.state

    @property
    def step(self) -> int:
        return self._match.step

    @step.setter
    def step(self, k: int) -> None:
        self.goto(k)

    def goto(self, k: int) -> None:
        self._match.goto(k)

    def play(self, action: AnyAction | str | dict[str, Any]) -> None:
        """Play an action from code (for the player to move); every view of the match follows."""
        self._match.play(action, fork=self._fork_armed)
        self._fork_armed = False
        self._schedule_bot()

    @property
    def perspective(self) -> int | str:
        return self._perspective

    @property
    def viewer(self) -> int | str:
        """Whose knowledge the view shows: 0, 1, ``"spectator"`` or ``"truth"``."""
        p = self._perspective
        if p == "teacher":
            return "truth"
        if p == "hotseat":
            s = self._match.state
            return "spectator" if s.is_over else s.to_move
        return p

    @property
    def log(self) -> EventLog:  # type: ignore[override]
        """The event log up to the step shown, as this view may see it, with rule ids."""
        return EventLog(self._match.log(self.viewer))

    # -- projection -------------------------------------------------------------------------------
    def _actor(self) -> int | None:
        """The player this view may decide for at the step shown, if any."""
        s = self._match.state
        if s.is_over or s.to_move == self._bot_seat:
            return None
        p = self._perspective
        if p == "teacher":
            return s.to_move
        if p == "hotseat":
            return s.to_move if self._holder == s.to_move else None
        return s.to_move if p == s.to_move else None

    def _screen(self) -> dict[str, Any] | None:
        if self._perspective != "hotseat":
            return None
        s = self._match.state
        if s.is_over or self._holder == s.to_move:
            return None
        return {"kind": "pass_device", "player": s.to_move, "name": TEMPLE_NAMES[s.to_move]}

    def _timeline(self, viewer: int | str, actor: int | None) -> dict[str, Any]:
        m = self._match
        node = m.node
        label = public_label(node.parent.state, node.action, viewer) if node.parent and node.action else "setup"
        branches = []
        for b in m.branches():
            node = m.node_of(b.tip)
            last = public_label(node.parent.state, node.action, viewer) if node.parent and node.action else None
            branches.append({"index": b.index, "tip": b.tip, "length": b.length, "fork_step": b.fork_step,
                             "last_action": last})
        return {"step": m.step, "last": m.last_step, "at_end": m.at_end, "branch": m.branch, "branches": branches,
                "label": label, "fork_armed": self._fork_armed,
                "can_play": actor is not None and (m.at_end or self._fork_armed)}

    def _refresh(self) -> None:
        """Recompute every state trait from the match, in one sync."""
        viewer = self.viewer
        actor = self._actor()
        screen = self._screen()
        state = self._match.state
        with self.hold_sync():
            self.board = {} if screen else compact_board(state.observe(viewer))
            self.menu = action_menu(state, actor) if actor is not None and not screen else {}
            self.timeline = self._timeline(viewer, actor)
            self.events = [] if screen else [
                {"step": e["step"], "rule": e["rule"], "kind": e["kind"], "text": e["text"]}
                for e in self._match.log(viewer, last=LOG_WINDOW)]
            self.status = {"perspective": self._perspective, "viewer": viewer, "screen": screen,
                           "message": self._message, "ack": self._ack, "bot": self._bot_seat,
                           "names": list(TEMPLE_NAMES)}

    def _on_match_change(self, match: Match) -> None:
        if not self._busy:
            self._message = None
            self._refresh()

    # -- intents ----------------------------------------------------------------------------------
    def _on_intent(self, change: dict[str, Any]) -> None:
        intent = change["new"]
        if not intent:
            return
        self._busy = True
        try:
            self._handle(intent)
            self._message = None
        except (ValueError, IndexError, KeyError, TypeError) as exc:
            self._message = {"level": "error", "text": str(exc)}
        finally:
            self._busy = False
            ack = intent.get("id") if isinstance(intent, dict) else None
            self._ack = ack if isinstance(ack, int) else self._ack
        self._refresh()
        self._schedule_bot()

    def _handle(self, intent: dict[str, Any]) -> None:
        m = self._match
        kind = intent.get("type")
        if kind == "play":
            if "action" not in intent:
                raise ValueError("a play intent needs an 'action'")
            action = Action.coerce(intent["action"])
            actor = self._actor()
            if actor is None:
                state = m.state
                if state.is_over:
                    raise IllegalActionError("the game is over", "R7")
                if self._screen():
                    raise ValueError(f"pass the device to {TEMPLE_NAMES[state.to_move]} first")
                raise IllegalActionError(f"it is {TEMPLE_NAMES[state.to_move]}'s decision, not this view's", "R8")
            if not (m.at_end or self._fork_armed):
                raise ValueError("this is a past step: go to the end of the line, or fork from here to play")
            m.play(action, fork=self._fork_armed)
            self._fork_armed = False
        elif kind == "goto":
            step = intent.get("step")
            if not isinstance(step, int) or isinstance(step, bool):
                raise ValueError(f"goto needs an integer step, not {step!r}")
            m.goto(step)
        elif kind in ("undo", "redo", "start", "end"):
            {"undo": m.undo, "redo": m.redo, "start": lambda: m.goto(0), "end": lambda: m.goto(-1)}[kind]()
        elif kind == "branch":
            index = intent.get("index")
            if not isinstance(index, int) or isinstance(index, bool):
                raise ValueError(f"branch needs an integer index, not {index!r}")
            m.switch(index)
        elif kind == "fork":
            if m.at_end:
                raise ValueError("already at the end of the line: just play")
            self._fork_armed = True
        elif kind == "unfork":
            self._fork_armed = False
        elif kind == "reveal":
            if self._perspective != "hotseat":
                raise ValueError("reveal is only for hot-seat play")
            self._holder = m.state.to_move
        else:
            raise ValueError(f"unknown intent type {kind!r}")
        if kind in ("goto", "undo", "redo", "start", "end", "branch") and m.at_end is False:
            self._fork_armed = False

    # -- the bot opponent --------------------------------------------------------------------------
    def _bot_to_move(self) -> bool:
        s = self._match.state
        return self._bot is not None and self._match.at_end and not s.is_over and s.to_move == self._bot_seat

    def _schedule_bot(self) -> None:
        """Let the bot play its turns, one step at a time (with ``bot_delay`` seconds between, in a kernel)."""
        if self._bot_pending or not self._bot_to_move():
            return
        loop = _kernel_loop()
        if loop is None or self.bot_delay <= 0:
            while self._bot_to_move():
                self._bot_step()
            return
        self._bot_pending = True

        def later() -> None:
            self._bot_pending = False
            if self._bot_to_move():
                self._bot_step()
                self._schedule_bot()

        loop.call_later(self.bot_delay, later)

    def _bot_step(self) -> None:
        assert self._bot is not None and self._bot_seat is not None
        state = self._match.state
        try:
            action = self._bot.act(state.observe(self._bot_seat), state.legal_actions().detached())
            self._match.play(action)
        except (ValueError, TypeError) as exc:
            self._bot = None  # a broken bot stops playing; the game stays as it was
            self._message = {"level": "error", "text": f"the bot failed and was stopped: {exc}"}
            self._refresh()

    # -- static fallback -------------------------------------------------------------------------
    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle = super()._repr_mimebundle_(**kwargs)
        data: dict[str, Any] | None
        meta: dict[str, Any]
        data, meta = bundle if isinstance(bundle, tuple) else (bundle, {})
        if data is not None:
            data["text/html"] = self._repr_html_()  # shown where widget JS does not run
        return (data, meta) if meta else data

    def _repr_html_(self) -> str:
        if self._screen():
            return "<p>Naga Raja: hidden until the next player takes the device.</p>"
        return board_svg(self._match.state.observe(self.viewer))

    def __repr__(self) -> str:
        return f"NagaWidget(perspective={self._perspective!r}, step {self.step}/{self._match.last_step})"
