"""Watching two bots play (``NagaWidget(players=[bot, bot])``): play, pause, step and speed on a running
event loop (``asyncio.run`` stands in for the kernel's loop), the end of the game, a failing bot, the
view's intents, and the timeline while paused."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from widget_helpers import message, send

from naga_widget import Match, NagaWidget, RandomBot
from naga_widget.rules import TEMPLE_NAMES
from naga_widget.widget.watch import SPEEDS, delay_of


class First:
    """Always the first legal decision."""

    def act(self, observation: Any, legal: Any) -> Any:
        return next(iter(legal))


class Last:
    """Always the last legal decision."""

    def act(self, observation: Any, legal: Any) -> Any:
        return list(legal)[-1]


class Failing:
    """Plays ``moves`` random moves, then raises."""

    def __init__(self, moves: int) -> None:
        self.moves, self.inner = moves, RandomBot(3)

    def act(self, observation: Any, legal: Any) -> Any:
        if self.moves <= 0:
            raise KeyError("my hand holds 03a")
        self.moves -= 1
        return self.inner.act(observation, legal)


def run(body: Callable[[], Awaitable[None]]) -> None:
    asyncio.run(body())  # type: ignore[arg-type]


async def until(test: Callable[[], bool], timeout: float = 20.0) -> None:
    """Wait (letting the loop run) until ``test()`` holds; fail after ``timeout`` seconds."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not test():
        assert loop.time() < end, "timed out"
        await asyncio.sleep(0.005)


def watcher(**kwargs: Any) -> NagaWidget:
    return NagaWidget(seed=kwargs.pop("seed", 3), players=kwargs.pop("players", [RandomBot(1), RandomBot(2)]),
                      **kwargs)


def test_a_watch_is_a_spectators_view_that_starts_paused_and_decides_nothing() -> None:
    w = watcher()
    assert w.perspective == "spectator" and not w.playing and w.step == 0
    watch = w.status["watch"]
    assert watch["playing"] is False and watch["seats"] == [0, 1] and watch["can_step"] is True
    assert [p["bot"] for p in watch["players"]] == ["RandomBot", "RandomBot"]
    assert watch["speed"] == "normal" and w.bot_delay == delay_of("normal")
    assert w.menu == {}  # the bots play both seats: the view offers no decision
    teacher = watcher(perspective="teacher")
    assert teacher.menu == {} and teacher.status["viewer"] == "truth"
    assert "watch" not in NagaWidget(seed=3).status  # a widget without bots has no watch


def test_the_bots_play_to_the_end_and_the_loop_runs_other_code_meanwhile() -> None:
    async def body() -> None:
        w = watcher(bot_delay=0)
        ticks: list[int] = []

        async def other_cell() -> None:  # what another cell awaiting meanwhile would do
            while w.playing:
                ticks.append(w.step)
                await asyncio.sleep(0)

        w.resume()
        assert w.playing and w.status["watch"]["playing"] is True
        await asyncio.gather(other_cell(), until(lambda: not w.playing))
        assert w.state.is_over and w.step == w.match.last_step > 20
        assert len(set(ticks)) > 10  # the other coroutine ran between the moves, at many steps
        watch = w.status["watch"]
        assert watch["playing"] is False and watch["can_step"] is False
        assert watch["note"] == "The game is over: start a new game to watch again."
        with pytest.raises(ValueError, match="cannot play on: The game is over"):
            w.resume()
        assert w.advance() is False and w.state.is_over

    run(body)


def test_pause_stops_the_moves_and_resume_goes_on() -> None:
    async def body() -> None:
        w = watcher(bot_delay=0.01)
        w.resume()
        await until(lambda: w.step >= 3)
        w.pause()
        paused = w.step
        await asyncio.sleep(0.2)  # many delays: no move while paused
        assert w.step == paused and not w.playing and w.status["watch"]["playing"] is False
        w.resume()
        await until(lambda: w.step >= paused + 3)
        w.pause()

    run(body)


def test_advance_is_one_move_and_replays_at_a_past_step() -> None:
    w = watcher()
    assert w.advance() is True and w.step == 1
    assert w.advance() is True and w.step == 2
    played = [str(a) for a in w.match.actions]
    w.goto(0)
    assert w.status["watch"]["step_words"] == "Step: replay the next move"
    assert w.advance() is True and w.step == 1
    assert [str(a) for a in w.match.actions] == played and len(w.match.branches()) == 1  # replayed, not new


def test_the_speed_sets_the_delay_between_moves() -> None:
    w = watcher()
    for name, delay, _ in SPEEDS:
        w.speed = name
        assert w.bot_delay == delay and w.status["watch"]["speed"] == name and w.status["watch"]["delay"] == delay
    with pytest.raises(ValueError, match="speed must be one of slow, normal, fast, fastest, not 'warp'"):
        w.speed = "warp"
    w.bot_delay = 0.25
    assert w.speed is None and w.status["watch"]["speed"] is None and w.status["watch"]["delay"] == 0.25
    with pytest.raises(ValueError, match="from 0 to 60"):
        w.bot_delay = -1
    assert w.bot_delay == 0.25

    async def body() -> None:
        w = watcher(bot_delay=0.3)
        loop = asyncio.get_running_loop()
        start = loop.time()
        w.resume()
        await asyncio.sleep(0.75)
        elapsed = loop.time() - start
        # the first move at once, then one every 0.3 s at most (a busy machine only makes fewer)
        assert 1 <= w.step <= 1 + int(elapsed / 0.3)
        w.speed = "slow"
        slow = w.step
        await asyncio.sleep(0.5)
        assert w.step <= slow + 1
        w.bot_delay = 0  # a faster speed acts at once, not after the slow delay already begun
        await until(lambda: w.step >= slow + 5, timeout=1.5)
        w.pause()

    run(body)


def test_a_failing_bot_stops_the_watch_with_its_public_reason() -> None:
    async def body() -> None:
        seat = Match(seed=3).state.to_move
        bots: list[Any] = [RandomBot(1), RandomBot(2)]
        bots[seat] = Failing(moves=2)
        w = watcher(players=bots, bot_delay=0)
        w.resume()
        await until(lambda: not w.playing)
        assert not w.state.is_over
        assert w.state.to_move == seat and w.players is not None and w.players[seat] is None
        stopped = w.status["bot_stopped"]
        name = TEMPLE_NAMES[seat]
        assert stopped == {"seat": seat, "name": name, "reason": "it raised an exception (KeyError)"}
        assert "03a" not in message(w) and "KeyError" in message(w)  # the spectator reads no hidden fact
        assert f"{name}'s bot (Failing) failed and was stopped" in message(w)
        watch = w.status["watch"]
        assert watch["seats"] == [1 - seat] and watch["can_step"] is False and "was stopped" in watch["note"]
        assert watch["players"][seat]["bot"] is None
        step = w.step
        with pytest.raises(ValueError, match="cannot play on"):
            w.resume()
        assert w.advance() is False and w.step == step  # the match is as it was
        w.players = [RandomBot(4), RandomBot(5)]  # both seats get bots again: the watch goes on
        assert w.status["bot_stopped"] is None and w.status["watch"]["seats"] == [0, 1]
        w.resume()
        await until(lambda: w.step > step)
        w.pause()

    run(body)


def test_the_teacher_watching_reads_the_failing_bots_error_itself() -> None:
    seat = Match(seed=3).state.to_move
    bots: list[Any] = [RandomBot(1), RandomBot(2)]
    bots[seat] = Failing(moves=0)
    w = watcher(players=bots, perspective="teacher")
    assert w.advance() is False and w.step == 0
    assert "KeyError: 'my hand holds 03a'" in message(w)
    assert w.status["bot_stopped"]["reason"] == "KeyError: 'my hand holds 03a'"


def test_the_views_intents_drive_the_watch_whatever_step_they_were_made_at() -> None:
    async def body() -> None:
        w = watcher(bot_delay=0.01)
        old = {"id": 900, "type": "watch_play", "step": 0, "branch": 0}
        w.set_state({"intent": old})
        assert w.playing and message(w) == ""
        await until(lambda: w.step >= 3)
        w.set_state({"intent": {"id": 901, "type": "watch_pause", "step": 0, "branch": 0}})  # made 3 moves ago
        assert not w.playing and message(w) == ""
        step = w.step
        send(w, type="watch_step")
        assert w.step == step + 1 and not w.playing
        send(w, type="watch_speed", speed="fast")
        assert w.speed == "fast"
        send(w, type="watch_speed", speed="warp")
        assert "speed must be one of" in message(w) and w.speed == "fast"
        send(w, type="watch_pause", step="x")
        assert "needs an integer 'step'" in message(w)
        send(w, type="watch_play")
        assert w.playing
        send(w, type="undo")  # moving through the timeline pauses the watch
        assert not w.playing and w.step == step

    run(body)
    plain = NagaWidget(seed=3)
    send(plain, type="watch_play")
    assert message(plain) == "no bots to watch: play is for NagaWidget(players=[bot, bot])"


def test_paused_the_timeline_rewinds_and_forks_and_the_bots_play_the_fork() -> None:
    w = watcher(players=[First(), First()])
    for _ in range(6):
        w.advance()
    line = [str(a) for a in w.match.actions]
    send(w, type="goto", to=2)
    assert w.step == 2 and len(list(w.state.legal_actions())) > 1
    send(w, type="fork")
    assert w.timeline["fork_armed"] is True and w.status["watch"]["step_words"] == "Step: one move"
    w.players = [Last(), Last()]
    assert w.advance() is True
    assert w.step == 3 and len(w.match.branches()) == 2 and w.match.branch == 1
    assert [str(a) for a in w.match.actions][:2] == line[:2] and str(w.match.actions[2]) != line[2]
    assert w.timeline["fork_armed"] is False


def test_no_running_loop_says_how_to_step_instead() -> None:
    w = watcher()
    with pytest.raises(RuntimeError, match="no running event loop.*advance"):
        w.resume()
    assert not w.playing


@pytest.mark.parametrize(("kwargs", "error"), [
    ({"players": [RandomBot()]}, "players must be two bots"),
    ({"players": [RandomBot(), RandomBot(), RandomBot()]}, "players must be two bots"),
    ({"players": [RandomBot(), "greedy"]}, r"players\[1\] must be a bot"),
    ({"players": "greedy"}, "players must be a list of two bots"),
    ({"players": [RandomBot(), RandomBot()], "opponent": RandomBot()}, "either players"),
    ({"players": [RandomBot(), RandomBot()], "perspective": "hotseat"}, "hot-seat play is for two people"),
    ({"players": [RandomBot(), RandomBot()], "timeline": "off"}, "needs the timeline"),
])
def test_a_wrong_watch_is_refused_with_what_is_wrong(kwargs: dict[str, Any], error: str) -> None:
    with pytest.raises((ValueError, TypeError), match=error):
        NagaWidget(seed=1, **kwargs)


def test_closing_the_widget_stops_the_watch() -> None:
    async def body() -> None:
        w = watcher(bot_delay=0.01)
        w.resume()
        await until(lambda: w.step >= 1)
        w.close()
        step = w.match.step
        await asyncio.sleep(0.1)
        assert w.match.step == step and not w.playing

    run(body)


def test_finished_waits_for_the_end_of_the_watch_while_the_loop_runs() -> None:
    async def body() -> None:
        w = watcher(bot_delay=0)
        await w.finished()  # not playing: at once
        assert w.step == 0
        w.resume()
        await w.finished()
        assert w.state.is_over and not w.playing

    run(body)
