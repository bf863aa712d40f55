"""The seat driver without the widget: one driver serves a bot opponent, a watch of two bots and the hot
seat (no bot), over a small host that keeps a match and a view state, as the widget (or a server) does."""

from __future__ import annotations

import asyncio
import random
from dataclasses import replace
from typing import Any

import pytest

from naga_widget import Match, RandomBot
from naga_widget.bots import Bot
from naga_widget.widget.driver import Host, SeatDriver
from naga_widget.widget.projection import View


class Table:
    """A host: a match, a view state, and how many times it was drawn."""

    def __init__(self, view: View, seed: int = 5) -> None:
        self.match, self.view, self.drawn = Match(seed=seed), view, 0

    def put(self, view: View) -> None:
        self.view = view

    def show(self) -> None:
        self.drawn += 1
        self.view = replace(self.view, watch=self.driver.status(self.match, self.view.fork_armed))

    def seat(self, *, watch: bool, bots: tuple[Bot | None, Bot | None], delay: float = 0.0,
             loop: asyncio.AbstractEventLoop | None = None) -> SeatDriver:
        self.driver = SeatDriver(Host(lambda: self.match, lambda: self.view, self.put, self.show), watch=watch,
                                 bots=bots, delay=delay, loop_of=lambda: loop, running=lambda: loop)
        self.show()
        return self.driver


class Raising:
    def act(self, observation: Any, legal: Any) -> Any:
        raise KeyError("my hand")


def test_the_hot_seat_has_no_bot_and_nothing_moves() -> None:
    table = Table(View("hotseat"))
    driver = table.seat(watch=False, bots=(None, None))
    driver.kick()
    assert table.match.step == 0 and driver.status(table.match, False) is None


def test_an_opponent_plays_its_turns_at_once_without_a_loop() -> None:
    table = Table(View(0, bot=1, auto_pass=False), seed=9)
    driver = table.seat(watch=False, bots=(None, RandomBot(3)))
    rng = random.Random(1)
    for _ in range(20):
        state = table.match.state
        if state.is_over:
            break
        if state.to_move == 1:
            driver.kick()
            assert table.match.state.to_move == 0 or table.match.state.is_over
        else:
            table.match.play(state.legal_actions().sample(rng))
    assert table.match.step >= 10 and table.view.stopped is None


def test_a_failing_opponent_is_stopped_and_the_match_stays() -> None:
    seed = next(s for s in range(100) if Match(seed=s).state.to_move == 1)
    table = Table(View(0, bot=1), seed=seed)
    driver = table.seat(watch=False, bots=(None, Raising()))
    driver.kick()
    assert table.match.step == 0 and driver.bots == [None, None] and table.view.bot is None
    assert table.view.stopped is not None and table.view.stopped["public"] == "it raised an exception (KeyError)"
    assert table.view.stopped["reason"] == "KeyError: 'my hand'"


def test_a_watch_steps_replays_and_plays_on_the_loop() -> None:
    async def body() -> tuple[Table, SeatDriver]:
        table = Table(View("spectator"))
        driver = table.seat(watch=True, bots=(RandomBot(1), RandomBot(2)), loop=asyncio.get_running_loop())
        assert driver.advance() and driver.advance() and table.match.step == 2
        table.match.goto(0)
        assert driver.advance() and table.match.step == 1 and not table.match.at_end  # replayed, not played
        table.match.goto(-1)
        driver.resume()
        await asyncio.wait_for(driver.finished(), 60)
        return table, driver

    table, driver = asyncio.run(body())
    assert table.match.state.is_over and not driver.playing and table.drawn > 10


def test_a_watch_without_a_loop_is_refused() -> None:
    driver = Table(View("spectator")).seat(watch=True, bots=(RandomBot(1), RandomBot(2)))
    with pytest.raises(RuntimeError, match="no running event loop"):
        driver.resume()
