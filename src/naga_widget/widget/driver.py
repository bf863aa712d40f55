"""The seats of a view, played by bots on the event loop: a bot opponent, a watch of two bots, and the hot
seat (no bot) are one idea, a pair of seats each a bot or a person. No Jupyter import.

A :class:`SeatDriver` holds the bot of each seat and plays their turns through a :class:`Host` (the
widget): it reads the match and the view state, writes the view state a turn makes
(:func:`.reducer.bot_moved`, :func:`.reducer.bot_stopped`) and asks the host to show it. A bot's turn
is contained (:func:`contained_turn`, by the bots layer's one door for a turn): whatever goes wrong in
it stops that bot with a message, and the match stays as it was.

Two ways of playing:

- an **opponent** (``watch=False``): the bot plays its seat whenever that seat is to move at the end of
  the line, ``delay`` seconds after the move before (on the kernel's event loop; without one, or with no
  delay, at once, before the call that made it the bot's turn returns);
- a **watch** (``watch=True``, two bots): the bots play only while :attr:`SeatDriver.playing`, one move
  every ``delay`` seconds on the running event loop (so other cells run meanwhile, also in JupyterLite,
  which has no threads); at a past step the moves played next are replayed.

Both are one asyncio task that sleeps between moves (:meth:`SeatDriver.kick` starts it).
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from ..bots import Bot, sees_the_truth
from ..bots.turn import Failure, FailureKind, ask, failure, refused
from ..match import Match
from ..rules import AnyAction, IllegalActionError
from .guard import IntentError, quote, short_message
from .projection import View, explained
from .reducer import bot_moved, bot_stopped
from .watch import DEFAULT_SPEED, bot_label, check_delay, check_players, delay_of, watch_status
from .wire import Explained, Watch

WATCH_SLICE = 0.05  # the driver wakes at least this often (seconds), so a new speed or a pause acts at once
OPPONENT_DELAY = 0.4  # seconds before an opponent's move, unless given


def running_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop running now: the kernel's (its cells and comm messages run in it), or the one of
    ``asyncio.run``. In Pyodide (JupyterLite) the browser's loop, which a comm message does not run in."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        pass
    return asyncio.get_event_loop() if sys.platform == "emscripten" else None


def first_delay(bot_delay: float | None, watch: bool) -> float:
    """The seconds between two moves of a bot: ``bot_delay`` (checked) or the default (a watch's normal
    speed, or :data:`OPPONENT_DELAY`)."""
    if bot_delay is not None:
        return check_delay(bot_delay)
    return delay_of(DEFAULT_SPEED) if watch else OPPONENT_DELAY


@dataclass(frozen=True, slots=True)
class Host:
    """What a driver acts on: the match shown, the view state (read and written) and a way to show it."""

    match: Callable[[], Match]
    view: Callable[[], View]
    set_view: Callable[[View], None]
    show: Callable[[], None]


@dataclass(frozen=True, slots=True)
class Turn:
    """A bot's move, read inside its containment, and its reasons (:func:`.projection.explained`)."""

    action: AnyAction
    reasons: Explained | None


def contained_turn(bot: Bot, match: Match, seat: int) -> Turn | Failure:
    """Ask ``bot`` for the move of ``seat`` at the cursor of ``match`` (:func:`naga_widget.bots.turn.ask`,
    the one door for a bot's turn). Whatever goes wrong in it (an exception of any kind, a move that
    cannot be read, an explanation that cannot be read) is a :class:`~naga_widget.bots.turn.Failure`; a
    bot with ``decide`` gives its reasons too. Whether the move is legal is the match's to judge."""
    state = match.state
    got = ask(bot, state.observe(seat), state.legal_actions(), explain=True)
    if isinstance(got, Failure):
        return got
    if got.decision is None:
        return Turn(got.action, None)
    try:
        return Turn(got.action, explained(got.decision, seat, match.step, match.branch))
    except Exception as exc:  # noqa: BLE001 - the bot's explanation is its own value: it cannot fail others
        return failure(FailureKind.EXPLANATION, exc=exc)


def check_bot(bot: object) -> None:
    """``bot`` is ``None`` or a bot that may play a seat of a view (never one that sees the truth)."""
    if bot is not None and not callable(getattr(bot, "act", None)):
        raise TypeError(f"opponent must be a bot with act(observation, legal), not {bot_label(bot)}")
    if sees_the_truth(bot):
        raise ValueError(f"{bot_label(bot)} plays on the true state (it would see your hand): it is for the arena "
                         "only, never an opponent")


def check_seats(perspective: int | str, opponent: Bot | None, players: Any, timeline: str,
                match: Match | None, seed: int | None) -> tuple[Bot, Bot] | None:
    """Check the seats asked for a view: an ``opponent`` or two ``players`` to watch (or neither); the
    two bots of a watch, if any."""
    if players is not None:
        if opponent is not None:
            raise ValueError("give either players (two bots to watch) or an opponent (one bot), not both")
        if perspective == "hotseat":
            raise ValueError("hot-seat play is for two people; watching two bots needs perspective 'spectator', "
                             "'teacher', 0 or 1")
        if timeline == "off":
            raise ValueError("watching two bots needs the timeline (timeline='full' or 'review'), not 'off'")
    watched = check_players(players) if players is not None else None
    if match is not None and seed is not None:
        raise ValueError("give either a match or a seed, not both")
    if opponent is not None and perspective == "hotseat":
        raise ValueError("hot-seat play is for two people; a bot opponent needs perspective 0, 1 or 'teacher'")
    check_bot(opponent)
    return watched


def check_switch(name: str, value: object) -> bool:
    """``value`` if it is True or False (an on/off option such as ``auto_pass`` or ``hints``), else a TypeError."""
    if not isinstance(value, bool):
        raise TypeError(f"{name} must be True or False, not {quote(value)}")
    return value


class SeatDriver:
    """The bots of the two seats of one view, and when they play (see the module docstring).

    ``loop_of`` gives the event loop an opponent waits on (the kernel's; ``None`` plays at once);
    ``running`` the one a watch plays on (``None``: :meth:`resume` is refused)."""

    def __init__(self, host: Host, *, watch: bool, bots: tuple[Bot | None, Bot | None], delay: float,
                 loop_of: Callable[[], asyncio.AbstractEventLoop | None],
                 running: Callable[[], asyncio.AbstractEventLoop | None] = running_loop) -> None:
        self.host = host
        self.watch = watch
        self.delay = delay
        self.bots: list[Bot | None] = list(bots)
        self.labels: list[str | None] = [None if b is None else bot_label(b) for b in bots]
        self.playing = False  # a watch: the bots play on (not paused, not stopped, the game not over)
        self.moving = False  # a bot's move is being made: the host draws once, after it
        self._loop_of = loop_of
        self._running_loop = running
        self._task: asyncio.Task[None] | None = None
        self._last = 0.0  # the loop's time of the last move

    # -- the seats ------------------------------------------------------------------------------------
    def attach(self, bot: Bot | None, seat: int) -> None:
        """An opponent: ``bot`` plays ``seat`` from now on (and no other seat); ``None`` detaches it."""
        self.bots = [None, None]
        self.labels = [None, None]
        if bot is not None:
            self.bots[seat] = bot
            self.labels[seat] = bot_label(bot)  # named now: a bot could change its class before it fails

    def seat_bots(self, bots: tuple[Bot, Bot]) -> None:
        """A watch: both seats get their bots again; the watch stays paused."""
        self.playing = False
        self.bots = list(bots)
        self.labels = [bot_label(b) for b in bots]

    def status(self, match: Match, fork_armed: bool) -> Watch | None:
        """What the view shows of a watch (``status.watch``), ``None`` without one; a watch that cannot
        go on stops."""
        if not self.watch:
            return None
        alive = [label if bot is not None else None for bot, label in zip(self.bots, self.labels)]
        shown = watch_status(match, alive, self.playing, self.delay, fork_armed)
        self.playing = shown["playing"]
        return shown

    # -- when the bots play ---------------------------------------------------------------------------
    def _due(self) -> bool:
        """Is a bot's move due now? (An opponent: its seat is to move at the end of the line; a watch:
        it plays and can take a step.)"""
        match, view = self.host.match(), self.host.view()
        state = match.state
        if self.watch:
            shown = self.status(match, view.fork_armed)
            return self.playing and shown is not None and shown["can_step"]
        return (view.bot is not None and self.bots[view.bot] is not None and match.at_end and not state.is_over
                and state.to_move == view.bot)

    def kick(self) -> None:
        """After a change (an intent, a new bot, a new setting): let an opponent play its turns, one move
        every ``delay`` seconds on the kernel's loop, or all at once without one."""
        if self.watch or (self._task is not None and not self._task.done()) or not self._due():
            return
        loop = self._loop_of()
        if loop is None or self.delay <= 0:
            while self._due():
                self._move()
            return
        self._last = loop.time()
        self._task = loop.create_task(self._run())

    def resume(self) -> None:
        """A watch: the bots play on, the first move at once (see :meth:`kick`)."""
        loop = self._running_loop()
        if loop is None:
            raise RuntimeError("no running event loop: the bots play from a notebook's kernel or inside "
                               "asyncio.run; without one, call advance() for each move")
        self.playing = True
        if self._task is None or self._task.done():
            self._last = loop.time() - self.delay
            self._task = loop.create_task(self._run())

    def resume_checked(self, shown: Watch | None) -> None:
        """:meth:`resume`, refused when the watch shown (``status.watch``) cannot take a step."""
        if self._running_loop() is not None and shown is not None and not shown["can_step"]:
            raise IntentError(f"the bots cannot play on: {shown['note']}")
        self.resume()

    async def finished(self) -> None:
        """Wait until the watch stops playing, letting the event loop run meanwhile."""
        while self.playing:
            await asyncio.sleep(WATCH_SLICE)

    def stop(self) -> None:
        """No more moves (the host closes)."""
        self.playing = False
        if self._task is not None:
            self._task.cancel()

    async def _run(self) -> None:
        """The driver's task: a move every ``delay`` seconds while one is due, sleeping in between (so the
        loop runs other cells and the view's messages); a new speed or a pause is seen within
        :data:`WATCH_SLICE` seconds."""
        loop = asyncio.get_running_loop()
        try:
            while self._due():
                wait = self._last + self.delay - loop.time()
                if wait > 0:
                    await asyncio.sleep(min(wait, WATCH_SLICE))
                    continue
                self._move()
                self._last = loop.time()
                await asyncio.sleep(0)  # even at no delay, the loop runs others between moves
        except Exception as exc:  # noqa: BLE001 - a task's error would be lost: it stops the bots, shown
            self.playing = False
            what = "the watch" if self.watch else "the bot"
            self.host.set_view(replace(self.host.view(), message={
                "level": "error", "text": short_message(f"{what} stopped: {type(exc).__name__}: {exc}")}))
            self.host.show()

    # -- one move -------------------------------------------------------------------------------------
    def _move(self) -> bool:
        """One move now, drawn once after it (the message of the move before is gone); a watch that
        cannot move stops."""
        self.moving = True
        try:
            moved = self.advance() if self.watch else self.bot_turn(self.host.view().bot or 0, fork=False)
        finally:
            self.moving = False
        if moved:
            self.host.set_view(replace(self.host.view(), message=None))
        elif self.watch:
            self.playing = False
        self.host.show()
        return moved

    def advance(self) -> bool:
        """One step of a watch: the bot to move plays (at the end of the line, or where the fork is armed),
        or the move played next is replayed. False when no step can be taken (the game is over, or the
        seat to move lost its bot) or the bot failed (it is stopped)."""
        match, view = self.host.match(), self.host.view()
        state = match.state
        if state.is_over:
            return False
        if not match.at_end and not view.fork_armed:
            return match.redo()
        if self.bots[state.to_move] is None:
            return False
        return self.bot_turn(state.to_move, fork=view.fork_armed)

    def bot_turn(self, seat: int, *, fork: bool) -> bool:
        """The move of the bot of ``seat``, contained (:func:`contained_turn`): a failing bot, or one whose
        move the match refuses, is stopped (:meth:`_stop_bot`) and the match stays as it was."""
        bot = self.bots[seat]
        assert bot is not None
        match = self.host.match()
        turn = contained_turn(bot, match, seat)
        if isinstance(turn, Failure):
            self._stop_bot(seat, turn)
            return False
        try:
            self.host.set_view(bot_moved(self.host.view(), match, turn.action, turn.reasons, fork=fork))
        except IllegalActionError as exc:  # told to the bot's seat and the teacher with the move it quotes
            self._stop_bot(seat, refused(turn.action, exc))
            return False
        return True

    def _stop_bot(self, seat: int, failed: Failure) -> None:
        """Stop the bot of ``seat`` (a watch stops too), tell why (:func:`.reducer.bot_stopped`)."""
        label = self.labels[seat] or ""
        self.bots[seat] = None
        if self.watch:
            self.playing = False
        self.host.set_view(bot_stopped(self.host.view(), seat, failed, label, watch=self.watch))
        self.host.show()
