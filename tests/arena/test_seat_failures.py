"""Each kind of bot failure through each seat of the arena: the bot called in this process
(``LocalSeat``) and the bot in its own process (``ChildSeat``). The referee records the kind as data
(a :class:`~naga_widget.bots.FailureKind` value) and its public summary, which never quotes the bot.

The bots are defined at module level: a bot's own process imports this module.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Iterator
from typing import Any

import pytest

from naga_widget.arena.lineup import BotRef, Job, serialize
from naga_widget.arena.referee import FAILURES, GameRecord, play_game
from naga_widget.arena.seat import ChildSeats, LocalSeats
from naga_widget.bots import FailureKind, RandomBot

SECRET = "SECRET-07b-11a"  # what a failing bot says: it must not reach the public words


class Unmade:
    def __init__(self) -> None:
        raise ValueError(SECRET)

    def act(self, observation: Any, legal: Any) -> Any:
        return list(legal)[0]


class Raising:
    def act(self, observation: Any, legal: Any) -> Any:
        raise KeyError(SECRET)


class OwnError(Exception):
    pass


class RaisingItsOwn:
    def act(self, observation: Any, legal: Any) -> Any:
        raise OwnError(SECRET)


class Scrawling:
    def act(self, observation: Any, legal: Any) -> Any:
        return {"type": "fly", "note": SECRET}


class Illegal:
    def act(self, observation: Any, legal: Any) -> Any:
        return "place 99 rot0"


class Hog:
    def act(self, observation: Any, legal: Any) -> Any:
        raise MemoryError(SECRET)


class Exiting:
    def act(self, observation: Any, legal: Any) -> Any:
        sys.exit(SECRET)


class Sleeping:
    def act(self, observation: Any, legal: Any) -> Any:
        time.sleep(30)
        return list(legal)[0]


class Dying:
    def act(self, observation: Any, legal: Any) -> Any:
        os._exit(3)


class Garbling:
    """Sends the referee a whole message that is not JSON, on the connection it finds among its files."""

    def act(self, observation: Any, legal: Any) -> Any:
        body = b"\xff" + SECRET.encode()
        for fd in range(3, 64):
            try:
                os.write(fd, len(body).to_bytes(4, "big") + body)
            except OSError:
                pass
        time.sleep(30)
        return list(legal)[0]


# bot, kind, the start of the public summary; the seats that can contain it
IN_ANY_SEAT = [
    (Unmade, FailureKind.UNMADE, "its bot could not be built"),
    (Raising, FailureKind.RAISED, "raised KeyError at step"),
    (RaisingItsOwn, FailureKind.RAISED, "raised an exception of its own class at step"),
    (Scrawling, FailureKind.UNREADABLE, "answered with something that is not an action at step"),
    (Illegal, FailureKind.ILLEGAL, "played an action that is not legal at step"),
    (Hog, FailureKind.MEMORY, "ran out of memory (its memory limit) at step"),
]
IN_ITS_PROCESS = [
    (Exiting, FailureKind.RAISED, "raised SystemExit at step"),
    (Sleeping, FailureKind.TIMEOUT, "took longer than 1 s over a move at step"),
    (Dying, FailureKind.CRASHED, "its process ended at step"),
    (Garbling, FailureKind.PROTOCOL, "answered with something that is not an action at step"),
]


def job(bot: type, timeout: float | None = None) -> Job:
    refs = (BotRef(bot.__name__, "class", False, serialize(bot.__name__, bot)),
            BotRef("random", "class", True, serialize("random", RandomBot)))
    return Job(index=0, pair=(bot.__name__, "random"), number=0, players=refs, seed=11, bot_seeds=(1, 2),
               sys_path=tuple(sys.path), move_timeout=timeout)


def check(record: GameRecord, bot: type, kind: FailureKind, summary: str) -> None:
    assert record.forfeited == bot.__name__ and record.failure == kind.value, record.error
    assert record.public_summary is not None and record.public_summary.startswith(summary), record.public_summary
    public = (record.public_error() or "") + record.public_summary
    assert public.endswith(record.public_summary) and FAILURES[kind.value] in public
    assert SECRET not in public


@pytest.fixture(scope="module")
def child_seats() -> Iterator[ChildSeats]:
    seats = ChildSeats()
    seats.configure(tuple(sys.path))
    yield seats
    seats.close()


@pytest.mark.parametrize("bot, kind, summary", IN_ANY_SEAT, ids=lambda v: getattr(v, "__name__", None))
def test_each_kind_in_this_process(bot: type, kind: FailureKind, summary: str) -> None:
    record = play_game(job(bot), LocalSeats({bot.__name__: bot, "random": RandomBot}))
    check(record, bot, kind, summary)
    if kind is not FailureKind.ILLEGAL:
        assert SECRET in (record.error or "") + record.details  # the organiser reads the bot's own words


@pytest.mark.serial  # a move clock of 1 s for every bot, the timeout's own case among them
@pytest.mark.parametrize("bot, kind, summary", IN_ANY_SEAT + IN_ITS_PROCESS,
                         ids=lambda v: getattr(v, "__name__", None))
def test_each_kind_in_its_own_process(bot: type, kind: FailureKind, summary: str, child_seats: ChildSeats) -> None:
    record = play_game(job(bot, timeout=1.0), child_seats)
    check(record, bot, kind, summary)
    if kind in (FailureKind.TIMEOUT, FailureKind.CRASHED, FailureKind.PROTOCOL):
        # its process was stopped or ended: the next game starts the bot in a new one
        again = play_game(job(bot, timeout=1.0), child_seats)
        assert again.failure == kind.value
