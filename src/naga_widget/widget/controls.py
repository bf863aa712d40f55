"""The notebook API of a widget's seats: the bot opponent, the two bots of a watch and the watch's
controls, and the effects of an intent on them. A mixin of :class:`~.widget.NagaWidget` (no Jupyter
import): every method acts on the widget's :class:`~.driver.SeatDriver` and view state, then redraws."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ..bots import Bot
from ..match import Match
from .driver import SeatDriver, check_bot
from .guard import IntentError, quote
from .projection import View
from .reducer import NewMatch, WatchCommand
from .watch import check_delay, check_players, delay_of, speed_of


class SeatControls:
    """The seats' part of :class:`~.widget.NagaWidget` (see its docstring)."""

    _driver: SeatDriver
    _view: View
    _home: int | str
    _ready: bool

    def _put(self, view: View) -> None:
        """Keep the view state (see :class:`.projection.View`)."""
        self._view = view

    def _refresh(self) -> None:
        """Redraw every trait from the view state: the widget class defines it (this mixin only calls it)."""
        raise NotImplementedError

    def _follow(self, match: Match) -> None:
        """Show ``match`` from now on: the widget class defines it (this mixin only calls it)."""
        raise NotImplementedError

    @property
    def bot_delay(self) -> float:
        """Seconds between two moves of a bot (an opponent, or the bots of a watch)."""
        return self._driver.delay

    @bot_delay.setter
    def bot_delay(self, seconds: float) -> None:
        self._driver.delay = check_delay(seconds)
        if self._ready:
            self._refresh()

    @property
    def opponent(self) -> Bot | None:
        """The bot playing a seat, if any (``None`` also after a bot failed and was stopped)."""
        seat = self._view.bot
        return None if seat is None or self._driver.watch else self._driver.bots[seat]

    @opponent.setter
    def opponent(self, bot: Bot | None) -> None:
        self.set_opponent(bot)

    def set_opponent(self, bot: Bot | None, seat: int | None = None) -> None:
        """Let ``bot`` play ``seat`` (default: the seat of the bot before it, or the other player's);
        ``None`` detaches the bot. A seat taken over in hot-seat play goes back to the bot."""
        check_bot(bot)
        if seat is not None and seat not in (0, 1):
            raise ValueError(f"seat must be 0 or 1, not {quote(seat)}")
        if bot is not None and self._home == "hotseat":
            raise ValueError("hot-seat play is for two people; a bot opponent needs perspective 0, 1 or 'teacher'")
        if self._driver.watch:
            raise ValueError("a watch's bots are given by widget.players = [bot, bot], not as an opponent")
        self._put(replace(self._view, bot_decision=None))  # the reasons of the bot before are not this bot's
        if bot is None:
            self._driver.attach(None, 0)
            self._put(replace(self._view, bot=None, stopped=None))
        else:
            self._attach(bot, self._default_seat() if seat is None else seat)
        self._refresh()
        self._driver.kick()

    def _default_seat(self) -> int:
        view = self._view
        if view.stopped is not None:
            return int(view.stopped["seat"])
        if view.bot is not None:
            return view.bot
        return 1 - self._home if isinstance(self._home, int) else 1

    def _attach(self, bot: Bot, seat: int) -> None:
        if self._view.perspective != self._home:  # the seat was taken over: the view is the player's again
            self._put(replace(self._view, perspective=self._home, holder=None))
        self._driver.attach(bot, seat)
        self._put(replace(self._view, bot=seat, stopped=None, message=None))

    # -- watching two bots -------------------------------------------------------------------------
    @property
    def players(self) -> tuple[Bot | None, Bot | None] | None:
        """The two bots of a watch, by seat (``None`` for a bot that failed and was stopped), or ``None``
        when this widget watches no bots."""
        bots = self._driver.bots
        return (bots[0], bots[1]) if self._driver.watch else None

    @players.setter
    def players(self, bots: Sequence[Bot]) -> None:
        """Give both seats of a watch their bots (e.g. after one failed); the watch stays paused."""
        self._watching("players")
        self._driver.seat_bots(check_players(bots))
        self._put(replace(self._view, stopped=None, message=None, bot_decision=None))
        self._refresh()

    @property
    def playing(self) -> bool:
        """Are the bots of the watch playing now (not paused, not stopped, the game not over)?"""
        return self._driver.playing

    @property
    def speed(self) -> str | None:
        """The watch's speed, one of ``"slow"``, ``"normal"``, ``"fast"``, ``"fastest"`` (``None`` when
        ``bot_delay`` was set in code to another number of seconds)."""
        return speed_of(self._driver.delay)

    @speed.setter
    def speed(self, name: str) -> None:
        self.bot_delay = delay_of(name)

    def resume(self) -> None:
        """Let the bots of the watch play, one move every ``bot_delay`` seconds, until :meth:`pause`, the
        end of the game or a bot's failure. The moves are made by a task of the running event loop (the
        notebook's kernel, JupyterLite's or ``asyncio.run``'s): other cells run meanwhile. At a past
        step the watch first replays the moves played after it (fork there to let the bots play again)."""
        self._watching("play")
        self._driver.resume_checked(self._view.watch)
        self._refresh()

    async def finished(self) -> None:
        """Wait until the watch stops playing (the end of the game, a pause, a failing bot), letting the
        event loop run meanwhile: ``await widget.finished()`` in a cell keeps the widget's buttons working.
        Returns at once when the watch is not playing."""
        self._watching("finished")
        await self._driver.finished()

    def pause(self) -> None:
        """Pause the watch after the move being made, if any (the timeline stays usable: rewind, fork)."""
        self._watching("pause")
        self._driver.playing = False
        self._refresh()

    def advance(self) -> bool:
        """One step of the watch now: the bot to move plays (at the end of the line, or where the fork
        is armed), or the move played next is replayed. Pauses the watch. False when no step can be
        taken (the game is over, or the seat to move lost its bot)."""
        self._watching("a step")
        self._driver.playing = False
        moved = self._driver.advance()
        self._refresh()
        return moved

    def _watching(self, what: str) -> None:
        if not self._driver.watch:
            raise IntentError(f"no bots to watch: {what} is for NagaWidget(players=[bot, bot])")


    def _do(self, effect: NewMatch | WatchCommand) -> None:
        """One effect of an intent (:mod:`.reducer`): follow a new match, or a command of the watch."""
        if isinstance(effect, NewMatch):
            self._follow(effect.match)
        elif effect.command == "play":
            self._driver.resume_checked(self._view.watch)
        elif effect.command == "speed":
            self.bot_delay = effect.delay  # type: ignore[assignment]  # checked by the reducer
        else:
            self._driver.playing = False
            if effect.command == "step":
                self._driver.advance()
