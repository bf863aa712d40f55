"""The Jupyter widget: play, rewind, fork and inspect a match by clicks.

``NagaWidget`` is an anywidget component. The match (Python) holds the truth; the
view (``naga_widget/static/naga_widget.js``, built from ``js/src``) receives only the
projection of the match for the widget's perspective (R6, computed in
:mod:`.projection`) and sends back intents, which Python checks and applies. The
traits and intents are described in ``docs/widget-protocol.md``.

This is the only module that imports anywidget, traitlets and IPython.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, ClassVar

import anywidget
import traitlets

from ..bots import Bot, Decision, ISMCTSBot, sees_the_truth
from ..match import Match, StepError
from ..rules import TEMPLE_NAMES, Action, ActionError, AnyAction, ChanceError, IllegalActionError, State
from ..rules.errors import is_int
from ..rules.svg import board_svg
from .deciding import only_choice
from .guard import (
    IntentError,
    action_field,
    check_position,
    hint_budget,
    integer_field,
    intent_object,
    public_failure,
    quote,
    refusal_text,
    short_message,
)
from .projection import (
    TIMELINE_MODES,
    View,
    actor_of,
    catalog,
    check_forced,
    explained,
    screen_of,
    traits,
    viewer_of,
)
from .watch import DEFAULT_SPEED, bot_label, check_delay, check_players, delay_of, speed_of, watch_status

# The errors that refuse an intent: bad input, told to the view as a message. Anything else is a bug.
# An action the engine cannot read or does not allow (ActionError), an intent the widget refuses
# (IntentError), a step or branch not in the match (StepError), a chosen chance outcome that is not
# possible when it comes (ChanceError).
REFUSALS: tuple[type[Exception], ...] = (ActionError, IntentError, StepError, ChanceError)

_MISSING_VIEW = ("export default { render({ el }) { el.textContent = "
                 "'naga_widget: the view module is missing from this install'; } };")


def _esm_source() -> Path | str:
    """The view's ES module, built from ``js/src`` into the package (an editable install hot-reloads it)."""
    bundle = Path(__file__).resolve().parent.parent / "static" / "naga_widget.js"
    return bundle if bundle.exists() else _MISSING_VIEW


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


def _running_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop running now: the kernel's (its cells and comm messages run in it), or the one of
    ``asyncio.run``. In Pyodide (JupyterLite) the browser's loop, which a comm message does not run in."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        pass
    if sys.platform == "emscripten":
        return asyncio.get_event_loop()
    return None


def check_size(size: object) -> str:
    """``size`` if it is one of :data:`SIZES`, else a ValueError naming the sizes there are."""
    if not isinstance(size, str) or size not in SIZES:
        raise ValueError(f"size must be 'normal' or 'large' (for a projector), not {quote(size)}")
    return size


class _Size(traitlets.TraitType[str, str]):
    """The trait of the size: one of :data:`SIZES`, else a ValueError (check_size)."""

    def validate(self, obj: Any, value: Any) -> str:
        return check_size(value)


def _bot_name(bot: object) -> str:
    return bot_label(bot)


SIZES = ("normal", "large")  # the view's sizes; "large" is for a projector (every text at least 16 px)

WATCH_SLICE = 0.05  # the watch wakes at least this often (seconds), so a new speed or a pause acts at once


class NagaWidget(anywidget.AnyWidget):  # type: ignore[misc]
    """A match of Naga Raja shown and played in a notebook.

    ``perspective``: ``0`` or ``1`` (that player's view), ``"spectator"`` (public only),
    ``"teacher"`` (all the truth, plays whoever is to move) or ``"hotseat"`` (follows
    the player to move, behind a "pass the device" screen between turns).
    ``opponent``: a bot playing the other seat (seat 1 unless the perspective is a player);
    a bot that fails is stopped, and the seat can be taken over or given to another bot
    (:meth:`set_opponent`).
    ``timeline``: ``"full"`` (go to any step, fork), ``"review"`` (look back, never fork: for
    games that count) or ``"off"`` (only the present step is reachable).
    ``players``: two bots, one per seat, to watch play each other (the perspective is then
    ``"spectator"`` unless given): the view has play, pause, step and a speed; in code
    :meth:`resume`, :meth:`pause`, :meth:`advance` and :attr:`speed`. The bots play on the running
    event loop, one move every ``bot_delay`` seconds, so other cells run meanwhile.
    ``bot_delay``: seconds between two moves of a bot (0.4 for an opponent, 1 for a watch).
    ``auto_pass`` (on by default; a checkbox of the view too): when passing is the only legal decision
    of a seat this view decides for, the view plays the pass itself right after the move before it (a
    click in this view, or the bot's), and says why; the pass is a step of the match like any other.
    ``play()`` from code plays only what it is given.
    ``size``: ``"normal"`` or ``"large"`` (for a projector: larger text and temples); the view's
    Size selector changes it too, and every view of the widget follows.

    The view's own events are :attr:`event_log`; ``log`` is the logger of ipywidgets.
    """

    _esm = _esm_source()

    catalog = traitlets.Dict().tag(sync=True)
    board = traitlets.Dict().tag(sync=True)
    menu = traitlets.Dict().tag(sync=True)
    timeline = traitlets.Dict().tag(sync=True)
    events: traitlets.List[dict[str, Any]] = traitlets.List().tag(sync=True)
    status = traitlets.Dict().tag(sync=True)
    chance = traitlets.Dict().tag(sync=True)  # the teacher's chance panel; {} in every other view
    explain = traitlets.Dict().tag(sync=True)  # the hint and the bot's reasons, where the view may know them
    # Any JSON value may arrive from the view: one that is not an object is answered with an error
    intent = traitlets.Any({}, allow_none=True).tag(sync=True)
    size = _Size("normal").tag(sync=True)  # one of SIZES (checked): set here or by the view's selector
    auto_pass = traitlets.Bool(True)  # not synced: the view reads it in status.auto_pass, sets it by an intent

    def __init__(self, match: Match | None = None, *, perspective: int | str | None = None,
                 opponent: Bot | None = None, seed: int | None = None, bot_delay: float | None = None,
                 timeline: str = "full", players: Sequence[Bot] | None = None, auto_pass: bool = True,
                 size: str = "normal", **kwargs: Any) -> None:
        check_size(size)
        if not isinstance(auto_pass, bool):
            raise TypeError(f"auto_pass must be True or False, not {quote(auto_pass)}")
        if timeline not in TIMELINE_MODES:
            raise ValueError(f"timeline must be one of {TIMELINE_MODES}, not {timeline!r}")
        if perspective is None:
            perspective = "spectator" if players is not None else 0
        view = View(perspective, timeline=timeline)  # rejects an unknown perspective
        if players is not None:
            if opponent is not None:
                raise ValueError("give either players (two bots to watch) or an opponent (one bot), not both")
            if perspective == "hotseat":
                raise ValueError("hot-seat play is for two people; watching two bots needs perspective 'spectator', "
                                 "'teacher', 0 or 1")
            if timeline == "off":
                raise ValueError("watching two bots needs the timeline (timeline='full' or 'review'), not 'off'")
            watched: tuple[Bot, Bot] | None = check_players(players)
        else:
            watched = None
        if match is not None and seed is not None:
            raise ValueError("give either a match or a seed, not both")
        if opponent is not None and perspective == "hotseat":
            raise ValueError("hot-seat play is for two people; a bot opponent needs perspective 0, 1 or 'teacher'")
        _check_bot(opponent)
        self._home = perspective  # the perspective given, kept while a stopped bot's seat is taken over
        self._match = match if match is not None else Match(seed=seed)
        self._view = replace(view, seed=self._match.seed if seed is not None or self._match.reproducible else None,
                             auto_pass=auto_pass)
        self._bot: Bot | None = None
        self._bot_label = ""
        self._delay = check_delay(bot_delay) if bot_delay is not None else (
            delay_of(DEFAULT_SPEED) if watched is not None else 0.4)
        self._busy = False
        self._bot_pending = False
        # the watch of two bots: each seat's bot (None once stopped), playing or paused, the loop's task
        self._players: list[Bot | None] | None = None if watched is None else list(watched)
        self._player_labels: list[str | None] = [] if watched is None else [bot_label(b) for b in watched]
        self._playing = False
        self._watch_task: asyncio.Task[None] | None = None
        self._ready = False
        super().__init__(auto_pass=auto_pass, size=size, **kwargs)
        self.catalog = catalog(self._match.ruleset)
        self._match.observe_changes(self._on_match_change)
        self.observe(self._on_intent, names="intent")
        self.observe(self._on_auto_pass, names="auto_pass")
        self.on_msg(self._on_message)
        if timeline != "full" and not self._match.at_end:
            self._match.goto(-1)
        self._set(origin=self._match.node.id)
        if opponent is not None:
            self._attach(opponent, self._default_seat())
        self._ready = True
        self._refresh()
        self._schedule_bot()

    def close(self) -> None:
        """Stop following the match (and stop a watch) and close the view."""
        match = getattr(self, "_match", None)  # absent when __init__ rejected its arguments
        if match is not None:
            match.unobserve_changes(self._on_match_change)
        task = getattr(self, "_watch_task", None)
        if task is not None:
            self._playing = False
            task.cancel()
        super().close()

    @property
    def bot_delay(self) -> float:
        """Seconds between two moves of a bot (an opponent, or the bots of a watch)."""
        return self._delay

    @bot_delay.setter
    def bot_delay(self, seconds: float) -> None:
        self._delay = check_delay(seconds)
        if self._ready:
            self._refresh()

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
        """Play an action from code (for the player to move); every view of the match follows.

        With ``timeline="review"`` or ``"off"`` only at the end of the line (no fork).
        """
        if self._view.timeline != "full" and not self._match.at_end:
            raise IllegalActionError(f"timeline={self._view.timeline!r}: play only at the end of the line, not at a "
                                     f"past step", "R8")
        self._decide(action)
        self._schedule_bot()

    def new_game(self, seed: int | None = None) -> None:
        """Start a new match of the same ruleset in this view (a bot opponent stays attached).

        ``seed`` makes the new game reproducible, and so not secret; without it, chance is unknown.
        """
        old = self._match
        match = Match(seed=seed, ruleset=old.ruleset)
        old.unobserve_changes(self._on_match_change)
        self._match = match
        match.observe_changes(self._on_match_change)
        self._set(holder=None, fork_armed=False, message=None, seed=match.seed if seed is not None else None,
                  hint=None, bot_decision=None, auto_passed=None, decided=(None, None), origin=match.node.id)
        self._refresh()
        self._schedule_bot()

    # -- the opponent -------------------------------------------------------------------------------
    @property
    def opponent(self) -> Bot | None:
        """The bot playing a seat, if any (``None`` also after a bot failed and was stopped)."""
        return self._bot

    @opponent.setter
    def opponent(self, bot: Bot | None) -> None:
        self.set_opponent(bot)

    def set_opponent(self, bot: Bot | None, seat: int | None = None) -> None:
        """Let ``bot`` play ``seat`` (default: the seat of the bot before it, or the other player's);
        ``None`` detaches the bot. A seat taken over in hot-seat play goes back to the bot."""
        _check_bot(bot)
        if seat is not None and seat not in (0, 1):
            raise ValueError(f"seat must be 0 or 1, not {quote(seat)}")
        self._set(bot_decision=None)  # the reasons of the bot before are not this bot's
        if bot is None:
            self._bot = None
            self._set(bot=None, stopped=None)
        else:
            if self._home == "hotseat":
                raise ValueError("hot-seat play is for two people; a bot opponent needs perspective 0, 1 or 'teacher'")
            self._attach(bot, self._default_seat() if seat is None else seat)
        self._refresh()
        self._schedule_bot()

    def _default_seat(self) -> int:
        stopped = self._view.stopped
        if stopped is not None:
            return int(stopped["seat"])
        if self._view.bot is not None:
            return self._view.bot
        return 1 - self._home if isinstance(self._home, int) else 1

    def _attach(self, bot: Bot, seat: int) -> None:
        if self._view.perspective != self._home:  # the seat was taken over: the view is the player's again
            self._set(perspective=self._home, holder=None)
        self._bot = bot
        self._bot_label = _bot_name(bot)  # named now: a bot could change its class before it fails
        self._set(bot=seat, stopped=None, message=None)

    @property
    def perspective(self) -> int | str:
        return self._view.perspective

    @property
    def viewer(self) -> int | str:
        """Whose knowledge the view shows: 0, 1, ``"spectator"`` or ``"truth"``."""
        return viewer_of(self._view.perspective, self._match.state)

    @property
    def event_log(self) -> list[dict[str, Any]]:
        """The whole event log up to the step shown, as this view may see it (R6).

        Each entry has ``step``, ``rule`` (the rule id that made it happen), ``kind``, ``text``
        and ``data``; the ``events`` trait holds the last few of them, without ``data``.
        """
        return self._match.log(self.viewer)

    # -- projection -------------------------------------------------------------------------------
    def _set(self, **changes: Any) -> None:
        """Change the widget's own state beside the match (see :class:`.projection.View`)."""
        self._view = replace(self._view, **changes)

    def _refresh(self) -> None:
        """Recompute every state trait from the match, in one sync. A hint is for the position it was
        asked at: once the cursor has left it, the hint is gone."""
        hint = self._view.hint
        if hint is not None and (hint["step"], hint["branch"]) != (self._match.step, self._match.branch):
            self._set(hint=None)
        if self._players is not None:
            labels = [label if bot is not None else None for bot, label in zip(self._players, self._player_labels)]
            watch = watch_status(self._match, labels, self._playing, self._delay, self._view.fork_armed)
            self._playing = watch["playing"]  # a watch that cannot go on stops
            self._set(watch=watch)
        with self.hold_sync():
            for name, value in traits(self._match, self._view).items():
                setattr(self, name, value)

    def _on_match_change(self, match: Match) -> None:
        if not self._busy:
            self._set(message=None)
            self._refresh()

    def _play(self, action: AnyAction | str | dict[str, Any]) -> None:
        """Play at the cursor; an armed fork is used up by the play (and kept if the play fails). The
        match reads and checks the action (:meth:`Match.play`, the one door for an action)."""
        fork = self._view.fork_armed
        self._set(fork_armed=False)
        try:
            self._match.play(action, fork=fork, reuse=True)
        except Exception:
            self._set(fork_armed=fork)
            raise
        if fork and not self._match.at_end:  # the fork came out as a step already played: the match
            self._set(fork_armed=True)  # follows that line, and the next play here may still branch off

    def _decide(self, action: AnyAction | str | dict[str, Any]) -> None:
        """Play a person's decision (a click in the view, or ``play()`` in code) and keep the node it made:
        what happens after it without the person is summed up from there (``projection.happened``)."""
        seat = self._match.state.to_move
        self._play(action)
        decided = list(self._view.decided)
        decided[seat] = self._match.node.id
        self._set(decided=(decided[0], decided[1]))

    # -- intents ----------------------------------------------------------------------------------
    def _on_intent(self, change: dict[str, Any]) -> None:
        intent = change["new"]
        if isinstance(intent, dict) and not intent:
            return  # the empty start value
        try:
            self._apply(intent)
        finally:  # after a bug too, the view gets its answer (the traceback goes to the log)
            if not isinstance(intent, dict) or self._view.perspective == "hotseat":
                # so that the same wrong value sent again is answered again; and in hot-seat play, so that
                # the last decision (a face-down call) does not stay in the model for the next player
                self.intent = {}
            self._refresh()
        self._schedule_bot()

    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """An intent sent as a custom message (the view's gotos while scrubbing: the manager sends the
        next message without waiting for the kernel's answer to the one before, as it waits for a trait
        change), handled and answered exactly as one in the ``intent`` trait."""
        self._apply(content)
        self._refresh()
        self._schedule_bot()

    def _apply(self, intent: Any) -> None:
        """Handle one intent; its refusal (or none) goes to ``status.message``, its id to ``status.ack``.

        A refusal is one of the project's errors for bad input (:data:`REFUSALS`); any other exception
        is a bug, and propagates, so that it shows as a traceback in the log."""
        self._busy = True
        try:
            self._handle(intent)
            self._set(message=None)
        except REFUSALS as exc:
            self._set(message={"level": "error", "text": refusal_text(exc)})
        finally:
            self._busy = False
            ack = intent.get("id") if isinstance(intent, dict) else None
            if is_int(ack):
                self._set(ack=ack)

    def _handle(self, intent: Any) -> None:
        """Apply one intent (``docs/widget-protocol.md``), or raise an error saying what was wrong."""
        intent = intent_object(intent)
        kind = intent.get("type")
        handler = self._INTENTS.get(kind) if isinstance(kind, str) else None
        if handler is None:
            raise IntentError(f"unknown intent type {quote(kind)}")
        if kind == "goto" and "step" in intent:
            # a goto names the step it wants: made at any step of this branch it means the same, so the
            # view may send the next one before the answer to the one before (scrubbing); its branch
            # is still checked (and the stamp is still an integer)
            integer_field(intent, "step")
            intent = {**intent, "step": self._match.step}
        if kind in _WATCH_INTENTS:
            # the watch's controls act on the watch, not on a decision: made at any step they mean the
            # same (a pause clicked while the bots play arrives a move or two later); the stamp is
            # still checked to be integers
            for field in ("step", "branch"):
                if field in intent:
                    integer_field(intent, field)
        else:
            check_position(intent, self._match.step, self._match.branch)
        if kind in _PAUSING_INTENTS:
            self._playing = False  # moving through the timeline pauses a watch: what is looked at stays
        handler(self, intent)

    def _navigable(self, what: str) -> None:
        """Refuse moving to another step when the timeline is off."""
        if self._view.timeline == "off":
            raise IntentError(f"this game shows only the present step (timeline='off'): no {what}")

    def _intent_play(self, intent: dict[str, Any]) -> None:
        action = action_field(intent)
        state = self._match.state
        if actor_of(self._view, state) is None:
            if state.is_over:
                raise IllegalActionError("the game is over", "R7")
            if screen_of(self._view, state):
                raise IllegalActionError(f"pass the device to {TEMPLE_NAMES[state.to_move]} first: the board "
                                         f"is hidden until {TEMPLE_NAMES[state.to_move]} has it", "R6")
            raise IllegalActionError(f"it is {TEMPLE_NAMES[state.to_move]}'s decision, not this view's", "R8")
        if not (self._match.at_end or self._view.fork_armed):
            raise IllegalActionError("this is a past step: the decision now is at the end of the line; go there, "
                                     "or fork from here to play", "R8")
        self._decide(action)
        self._set(auto_passed=None)
        self._auto_pass()

    def _moved(self) -> None:
        """After moving the cursor: an armed fork is dropped unless the cursor is at the end of the line;
        the note of the last automatic pass is dropped."""
        self._set(auto_passed=None)
        if not self._match.at_end:
            self._set(fork_armed=False)

    def _intent_goto(self, intent: dict[str, Any]) -> None:
        self._navigable("going to another step")
        self._match.goto(integer_field(intent, "to"))
        self._moved()

    def _intent_undo(self, intent: dict[str, Any]) -> None:
        self._navigable("going back")
        self._match.undo()
        self._moved()

    def _intent_redo(self, intent: dict[str, Any]) -> None:
        self._navigable("going forward")
        self._match.redo()
        self._moved()

    def _intent_start(self, intent: dict[str, Any]) -> None:
        self._navigable("going back")
        self._match.goto(0)
        self._moved()

    def _intent_end(self, intent: dict[str, Any]) -> None:
        self._navigable("going forward")
        self._match.goto(-1)
        self._moved()

    def _intent_branch(self, intent: dict[str, Any]) -> None:
        """Show another branch, at its tip."""
        self._navigable("other branch")
        index = integer_field(intent, "index")
        if self._view.timeline == "review" and index != self._match.branch:
            raise IntentError("this game is for review only (timeline='review'): it stays on its own line")
        self._match.switch(index)
        self._match.goto(-1)
        self._moved()

    def _intent_fork(self, intent: dict[str, Any]) -> None:
        self._navigable("fork")
        if self._view.timeline == "review":
            raise IntentError("this game is for review only (timeline='review'): no fork, play on at the end")
        if self._match.at_end:
            raise IntentError("already at the end of the line: just play")
        self._set(fork_armed=True)

    def _intent_unfork(self, intent: dict[str, Any]) -> None:
        self._set(fork_armed=False)

    def _intent_reveal(self, intent: dict[str, Any]) -> None:
        if self._view.perspective != "hotseat":
            raise IntentError("reveal is only for hot-seat play")
        self._set(holder=self._match.state.to_move)

    def _intent_take_over(self, intent: dict[str, Any]) -> None:
        """A stopped bot's seat is played by people: the teacher decides for it, a player's view
        becomes a hot seat (the device passes between the two seats, R6)."""
        stopped = self._view.stopped
        if stopped is None:
            raise IntentError("no stopped bot: there is no seat to take over")
        if self._view.perspective == "spectator":
            raise IntentError("a spectator's view does not play: take the seat over in a player's view")
        if isinstance(self._view.perspective, int):
            self._set(perspective="hotseat", holder=self._view.perspective)
        self._set(stopped=None, bot=None)

    def _intent_new_game(self, intent: dict[str, Any]) -> None:
        if not self._match.state.is_over:
            raise IntentError("a new game starts once this one is over")
        self.new_game()

    def _teacher_only(self, what: str) -> None:
        if self._view.perspective != "teacher":
            raise IntentError(f"only the teacher's view (perspective='teacher') {what}: the pile and the deck "
                             f"are secret (R6)")

    def _intent_force(self, intent: dict[str, Any]) -> None:
        """The teacher chooses the next outcomes of one kind of chance (as ``Match.force`` does in code),
        in place of those of that kind chosen before; ``[]`` lets the seed decide again. At a past step
        the fork is armed: the next play there starts a new branch that uses them ("what if")."""
        self._teacher_only("chooses chance")
        state = self._match.state
        if state.is_over:
            raise IntentError("the game is over at this step: no chance comes next here (R7)")
        values = check_forced(state, intent.get("kind"), intent.get("values"))
        kind: str = intent["kind"]  # one of CHANCE_KINDS: checked above
        self._match.clear_forced(kind)
        if values:
            self._match.force(**{kind: values})
            if self._view.timeline == "full" and not self._match.at_end:
                self._set(fork_armed=True)

    def _intent_unforce(self, intent: dict[str, Any]) -> None:
        """Drop every chance outcome chosen and not used yet: chance follows the seed again."""
        self._teacher_only("chooses chance")
        self._match.clear_forced()

    def _intent_hint(self, intent: dict[str, Any]) -> None:
        """Ask the search bot what the player deciding here would do, with ``iterations`` simulations.
        It searches from that player's own observation (R6), never the truth, even in the teacher's view."""
        iterations = hint_budget(intent)
        state = self._match.state
        player = actor_of(self._view, state)
        if player is None:
            raise IntentError("no decision for this view at this step: a hint is for the player who decides here")
        seed = None if self._view.seed is None else self._view.seed * 10_007 + self._match.step
        decision = ISMCTSBot(iterations=iterations, seed=seed).decide(state.observe(player),
                                                                     state.legal_actions().detached())
        self._set(hint=explained(decision, player, self._match.step, self._match.branch, iterations=iterations))

    def _watching(self, what: str) -> list[Bot | None]:
        if self._players is None:
            raise IntentError(f"no bots to watch: {what} is for NagaWidget(players=[bot, bot])")
        return self._players

    def _intent_watch_play(self, intent: dict[str, Any]) -> None:
        self.resume()

    def _intent_watch_pause(self, intent: dict[str, Any]) -> None:
        self._watching("pause")
        self.pause()

    def _intent_watch_step(self, intent: dict[str, Any]) -> None:
        self._watching("step")
        self._playing = False
        self._advance()

    def _intent_watch_speed(self, intent: dict[str, Any]) -> None:
        self._watching("a speed")
        self.speed = intent.get("speed")  # type: ignore[assignment]  # checked by the setter

    def _intent_auto_pass(self, intent: dict[str, Any]) -> None:
        """The view's auto-pass checkbox: ``on`` is true or false. Turned on while a seat of this view
        has only a pass to play, the pass is played at once."""
        on = intent.get("on")
        if not isinstance(on, bool):
            raise IntentError(f"auto_pass needs 'on', true or false, not {quote(on)}")
        if self._view.perspective == "spectator":
            raise IntentError("a spectator's view decides nothing: it has no auto-pass")
        self.auto_pass = on  # _on_auto_pass keeps the view's copy
        self._auto_pass()

    def _on_auto_pass(self, change: dict[str, Any]) -> None:
        self._set(auto_pass=bool(change["new"]))
        if not self._busy:  # set in code: a pass waiting now is played, as after a move
            self._auto_pass()
            self._refresh()
            self._schedule_bot()

    def _auto_pass(self) -> None:
        """With ``auto_pass`` on, at the end of the line: while the seat to move is one this view decides for
        and its only legal decision is a pass (:func:`.deciding.only_choice`), play it, keeping why."""
        while self._view.auto_pass and self._match.at_end:
            state = self._match.state
            player = actor_of(self._view, state)
            only = only_choice(state, player)
            if player is None or only is None or not only["auto"]:
                return
            # kept before the pass is played: playing it redraws the view (after a bot's move, in a kernel,
            # nothing else does), and the note must be in that drawing
            before = self._view.auto_passed
            self._set(auto_passed={"player": player, "name": TEMPLE_NAMES[player], "step": self._match.step + 1,
                                   "text": only["text"]})
            try:
                self._play(only["action"])
            except Exception:
                self._set(auto_passed=before)
                raise

    _INTENTS: ClassVar[dict[str, Callable[[NagaWidget, dict[str, Any]], None]]] = {
        "play": _intent_play, "goto": _intent_goto, "undo": _intent_undo, "redo": _intent_redo,
        "start": _intent_start, "end": _intent_end, "branch": _intent_branch, "fork": _intent_fork,
        "unfork": _intent_unfork, "reveal": _intent_reveal, "take_over": _intent_take_over,
        "new_game": _intent_new_game, "force": _intent_force, "unforce": _intent_unforce,
        "hint": _intent_hint, "watch_play": _intent_watch_play, "watch_pause": _intent_watch_pause,
        "watch_step": _intent_watch_step, "watch_speed": _intent_watch_speed,
        "auto_pass": _intent_auto_pass,
    }

    # -- watching two bots -------------------------------------------------------------------------
    @property
    def players(self) -> tuple[Bot | None, Bot | None] | None:
        """The two bots of a watch, by seat (``None`` for a bot that failed and was stopped), or ``None``
        when this widget watches no bots."""
        return None if self._players is None else (self._players[0], self._players[1])

    @players.setter
    def players(self, bots: Sequence[Bot]) -> None:
        """Give both seats of a watch their bots (e.g. after one failed); the watch stays paused."""
        self._watching("players")
        pair = check_players(bots)
        self._playing = False
        self._players = list(pair)
        self._player_labels = [bot_label(b) for b in pair]
        self._set(stopped=None, message=None, bot_decision=None)
        self._refresh()

    @property
    def playing(self) -> bool:
        """Are the bots of the watch playing now (not paused, not stopped, the game not over)?"""
        return self._playing

    @property
    def speed(self) -> str | None:
        """The watch's speed, one of ``"slow"``, ``"normal"``, ``"fast"``, ``"fastest"`` (``None`` when
        ``bot_delay`` was set in code to another number of seconds)."""
        return speed_of(self._delay)

    @speed.setter
    def speed(self, name: str) -> None:
        self.bot_delay = delay_of(name)

    def resume(self) -> None:
        """Let the bots of the watch play, one move every ``bot_delay`` seconds, until :meth:`pause`, the
        end of the game or a bot's failure. The moves are made by a task of the running event loop (the
        notebook's kernel, JupyterLite's or ``asyncio.run``'s): other cells run meanwhile. At a past
        step the watch first replays the moves played after it (fork there to let the bots play again)."""
        self._watching("play")
        loop = _running_loop()
        if loop is None:
            raise RuntimeError("no running event loop: the bots play from a notebook's kernel or inside "
                               "asyncio.run; without one, call advance() for each move")
        watch = self._view.watch
        if watch is not None and not watch["can_step"]:
            raise IntentError(f"the bots cannot play on: {watch['note']}")
        self._playing = True
        if self._watch_task is None or self._watch_task.done():
            self._watch_task = loop.create_task(self._watch_loop())
        self._refresh()

    async def finished(self) -> None:
        """Wait until the watch stops playing (the end of the game, a pause, a failing bot), letting the
        event loop run meanwhile: ``await widget.finished()`` in a cell keeps the widget's buttons working.
        Returns at once when the watch is not playing."""
        self._watching("finished")
        while self._playing:
            await asyncio.sleep(WATCH_SLICE)

    def pause(self) -> None:
        """Pause the watch after the move being made, if any (the timeline stays usable: rewind, fork)."""
        self._watching("pause")
        self._playing = False
        self._refresh()

    def advance(self) -> bool:
        """One step of the watch now: the bot to move plays (at the end of the line, or where the fork
        is armed), or the move played next is replayed. Pauses the watch. False when no step can be
        taken (the game is over, or the seat to move lost its bot)."""
        self._watching("a step")
        self._playing = False
        moved = self._advance()
        self._refresh()
        return moved

    def _advance(self) -> bool:
        """One step of the watch (see :meth:`advance`); a failing bot is stopped (:meth:`_stop_bot`)."""
        players = self._watching("a step")
        state = self._match.state
        fork = self._view.fork_armed
        if state.is_over:
            return False
        if not self._match.at_end and not fork:
            return self._match.redo()
        bot = players[state.to_move]
        if bot is None:
            return False
        self._set(fork_armed=False)
        if not self._bot_step(state.to_move, bot, fork=fork):
            self._set(fork_armed=fork)
            return False
        if fork and not self._match.at_end:  # the bot's move came out as a step already played
            self._set(fork_armed=True)
        return True

    async def _watch_loop(self) -> None:
        """The watch's task: a move every ``bot_delay`` seconds while playing, sleeping in between (so the
        loop runs other cells and the view's messages); a new speed or a pause is seen within
        :data:`WATCH_SLICE` seconds."""
        loop = asyncio.get_running_loop()
        last = loop.time() - self._delay  # the first move at once
        try:
            while self._playing:
                wait = last + self._delay - loop.time()
                if wait > 0:
                    await asyncio.sleep(min(wait, WATCH_SLICE))
                    continue
                self._busy = True  # one sync of the traits after the move, not one per change
                try:
                    moved = self._advance()
                finally:
                    self._busy = False
                if moved:
                    self._set(message=None)
                else:
                    self._playing = False
                last = loop.time()
                self._refresh()
                await asyncio.sleep(0)  # even at no delay, the loop runs others between moves
        except Exception as exc:  # noqa: BLE001 - a task's error would be lost: it stops the watch, shown
            self._playing = False
            self._set(message={"level": "error", "text": short_message(f"the watch stopped: "
                                                                       f"{type(exc).__name__}: {exc}")})
            self._refresh()

    # -- the bot opponent --------------------------------------------------------------------------
    def _bot_to_move(self) -> bool:
        s = self._match.state
        return self._bot is not None and self._match.at_end and not s.is_over and s.to_move == self._view.bot

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

    def _bot_step(self, seat: int | None = None, bot: Bot | None = None, fork: bool = False) -> bool:
        """One move of the bot. Whatever goes wrong in it (an exception of any kind, an illegal or
        unreadable move, an explanation that cannot be read) stops the bot with a message; the match
        stays as it was. A bot with ``decide`` gives its reasons too: the last ones are kept (shown
        only where the view may know them, see ``projection.bot_reasons_visible``)."""
        seat = self._view.bot if seat is None else seat
        bot = self._bot if bot is None else bot
        assert bot is not None and seat is not None
        state = self._match.state
        legal = state.legal_actions()
        reasons = None
        stage = "raised"  # how far the turn got: the kind of failure its opponent is told of
        try:
            method = getattr(bot, "decide", None)
            if callable(method):
                decision = method(state.observe(seat), legal.detached())
                stage = "decision"
                if not isinstance(decision, Decision):
                    raise TypeError(f"decide returned {type(decision).__name__}, not a Decision")
                stage = "unreadable"
                action = Action.coerce(decision.action)  # the bot's value, read inside its containment
                stage = "explanation"
                reasons = explained(decision, seat, self._match.step, self._match.branch)
            else:
                move = bot.act(state.observe(seat), legal.detached())
                stage = "unreadable"
                action = Action.coerce(move)
        except Exception as exc:  # noqa: BLE001 - any failure of the bot's code stops it, nothing else
            self._stop_bot(seat, exc, public_failure(stage, exc))
            return False
        before = self._view.bot_decision
        self._set(bot_decision=reasons)  # shown with the step the move makes
        try:
            self._match.play(action, fork=fork, reuse=True)  # the match judges the move, as it judges a person's
        except ActionError as exc:  # told to the bot's seat and the teacher with the move it quotes
            why = str(exc).removesuffix(f" ({exc.rule})")
            refused = IllegalActionError(f"{quote(str(action))} is not a legal decision now: {why}", exc.rule)
            self._set(bot_decision=before)
            self._stop_bot(seat, refused, public_failure("illegal", refused))
            return False
        self._auto_pass()
        return True

    def _stop_bot(self, seat: int, exc: BaseException, public: str) -> None:
        """Stop the bot of ``seat``. Its error may quote its move, and so its hand: the error is told to
        that seat and the teacher; the others read ``public``, which holds no hidden fact (R6)."""
        self._bot = None
        name = TEMPLE_NAMES[seat]
        reason = short_message(f"{type(exc).__name__}: {exc}", 200)
        if self._players is not None:  # a watch: it stops, and the seat loses its bot
            self._playing = False
            self._players[seat] = None
            bot = f"{name}'s bot ({self._player_labels[seat]})"
            after = (f"The game stays as it was: take over {name}'s seat, or give both seats bots again "
                     f"(widget.players = [GreedyBot(), RandomBot()]).")
        else:
            bot = f"{name}'s bot ({self._bot_label})"
            after = (f"The game stays as it was: take over {name}'s seat, or attach another bot "
                     f"(widget.opponent = GreedyBot()).")
        self._set(bot=None, stopped={"seat": seat, "name": name, "reason": reason, "public": public},
                  message={"level": "error", "text": f"{bot} failed and was stopped: {public}. {after}",
                           "seat": seat, "detail": f"{bot} failed and was stopped ({reason}). {after}"})
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
        if screen_of(self._view, self._match.state):
            return "<p>Naga Raja: hidden until the next player takes the device.</p>"
        return board_svg(self._match.state.observe(self.viewer))

    def __repr__(self) -> str:
        return f"NagaWidget(perspective={self._view.perspective!r}, step {self.step}/{self._match.last_step})"


# intents that act on the watch whatever the step (not position-checked), and those that pause it
_WATCH_INTENTS = frozenset({"watch_play", "watch_pause", "watch_step", "watch_speed"})
_PAUSING_INTENTS = frozenset({"goto", "undo", "redo", "start", "end", "branch", "fork", "new_game"})


def _check_bot(bot: object) -> None:
    if bot is not None and not callable(getattr(bot, "act", None)):
        raise TypeError(f"opponent must be a bot with act(observation, legal), not {_bot_name(bot)}")
    if sees_the_truth(bot):
        raise ValueError(f"{_bot_name(bot)} plays on the true state (it would see your hand): it is for the arena "
                         "only, never an opponent")
