"""The Jupyter widget: play, rewind, fork and inspect a match by clicks.

``NagaWidget`` is an anywidget component. The match (Python) holds the truth; the view
(``naga_widget/static/naga_widget.js``, built from ``js/src``) receives only the projection of the
match for the widget's perspective (R6, :mod:`.projection`) and sends back intents. The class is thin:
an intent is applied by the pure reducer (:mod:`.reducer`), the bots of the seats play through the seat
driver (:mod:`.driver`), and the traits are set from the projection in one sync. The traits and
intents are described in ``docs/widget-protocol.md``.

This is the only module that imports anywidget, traitlets and IPython.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from ..bots import Bot
from ..match import Match
from ..rules import AnyAction, State
from ..rules.svg import board_svg
from .controls import SeatControls
from .driver import Host, SeatDriver, check_seats, check_switch, first_delay
from .guard import SIZES as SIZES  # SIZES: a name of this module too
from .guard import check_size
from .projection import View, catalog, screen_of, viewer_of
from .reducer import acked, answer_intent, auto_pass, decide, fresh, project

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


class _Size(traitlets.TraitType[str, str]):
    """The trait of the size: one of :data:`SIZES`, else a ValueError (check_size)."""

    def validate(self, obj: Any, value: Any) -> str:
        return check_size(value)


class NagaWidget(SeatControls, anywidget.AnyWidget):  # type: ignore[misc]
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
    ``hints`` (on by default): whether the game allows hints; with ``hints=False`` (a game that counts)
    the view offers no Hint and a hint intent is refused (``status.hint_allowed``).
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
                 size: str = "normal", hints: bool = True, **kwargs: Any) -> None:
        check_size(size)
        check_switch("auto_pass", auto_pass)
        check_switch("hints", hints)
        if perspective is None:
            perspective = "spectator" if players is not None else 0
        view = View(perspective, timeline=timeline)  # rejects an unknown perspective or timeline
        watched = check_seats(perspective, opponent, players, timeline, match, seed)
        self._home = perspective  # the perspective given, kept while a stopped bot's seat is taken over
        self._match = match if match is not None else Match(seed=seed)
        self._view = replace(view, seed=self._match.seed if seed is not None or self._match.reproducible else None,
                             auto_pass=auto_pass, hints=hints)
        self._busy = False  # an intent is being applied: the traits are set once, after it
        self._driver = SeatDriver(Host(lambda: self._match, lambda: self._view, self._put, self._refresh),
                                  watch=watched is not None, bots=watched or (None, None),
                                  delay=first_delay(bot_delay, watched is not None), loop_of=lambda: _kernel_loop())
        self._ready = False
        super().__init__(auto_pass=auto_pass, size=size, **kwargs)
        self.catalog = catalog(self._match.ruleset)
        self._match.observe_changes(self._on_match_change)
        self.observe(self._on_intent, names="intent")
        self.observe(self._on_auto_pass, names="auto_pass")
        self.on_msg(self._on_message)
        if timeline != "full" and not self._match.at_end:
            self._match.goto(-1)
        self._put(replace(self._view, origin=self._match.node.id))
        if opponent is not None:
            self._attach(opponent, self._default_seat())
        self._ready = True
        self._refresh()
        self._driver.kick()

    def close(self) -> None:
        """Stop following the match (and stop a watch) and close the view."""
        driver = getattr(self, "_driver", None)  # absent when __init__ rejected its arguments
        if driver is not None:
            self._match.unobserve_changes(self._on_match_change)
            driver.stop()
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
        """Play an action from code (for the player to move); every view of the match follows.

        With ``timeline="review"`` or ``"off"`` only at the end of the line (no fork).
        """
        self._change(lambda view, match: decide(view, match, action))

    def _change(self, change: Callable[[View, Match], View]) -> None:
        """A change of the view state by the reducer, drawn once after it; then the bots play their turns."""
        self._busy = True
        try:
            self._put(change(self._view, self._match))
        finally:
            self._busy = False
            self._refresh()
        self._driver.kick()

    def new_game(self, seed: int | None = None) -> None:
        """Start a new match of the same ruleset in this view (a bot opponent stays attached).

        ``seed`` makes the new game reproducible, and so not secret; without it, chance is unknown.
        """
        match = Match(seed=seed, ruleset=self._match.ruleset)
        self._follow(match)
        self._put(fresh(self._view, match, seed))
        self._refresh()
        self._driver.kick()

    def _follow(self, match: Match) -> None:
        self._match.unobserve_changes(self._on_match_change)
        self._match = match
        match.observe_changes(self._on_match_change)

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

    # -- the view state, the traits and the intents ---------------------------------------------------
    def _refresh(self) -> None:
        """Recompute every state trait from the match and the view state, in one sync."""
        self._put(replace(self._view, watch=self._driver.status(self._match, self._view.fork_armed)))
        view, shown = project(self._view, match=self._match)
        self._put(view)
        with self.hold_sync():
            for name, value in shown.items():
                setattr(self, name, value)

    def _on_match_change(self, match: Match) -> None:
        if not self._busy and not self._driver.moving:
            self._put(replace(self._view, message=None))
            self._refresh()

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
        self._driver.kick()

    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """An intent sent as a custom message (the view's gotos while scrubbing: the manager sends the
        next message without waiting for the kernel's answer to the one before, as it waits for a trait
        change), handled and answered exactly as one in the ``intent`` trait."""
        self._apply(content)
        self._refresh()
        self._driver.kick()

    def _apply(self, intent: Any) -> None:
        """Apply one intent by the reducer (:func:`.reducer.answer_intent`), then its effects. A bug
        propagates (its traceback goes to the log), the intent still acknowledged."""
        self._busy = True
        try:
            try:
                done = answer_intent(self._view, intent, match=self._match)
            except Exception:
                self._put(acked(self._view, intent))
                raise
            self._put(done.view)
            for effect in done.effects:
                self._do(effect)
            self.auto_pass = self._view.auto_pass  # the intent may have changed it (no pass is played by this)
        finally:
            self._busy = False

    def _on_auto_pass(self, change: dict[str, Any]) -> None:
        self._put(replace(self._view, auto_pass=bool(change["new"])))
        if not self._busy:  # set in code: a pass waiting now is played, as after a move
            self._change(auto_pass)

    # -- static fallback -------------------------------------------------------------------------
    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle = super()._repr_mimebundle_(**kwargs)
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
