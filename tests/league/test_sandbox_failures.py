"""Each kind of bot failure through the league's seat (a submission in its sandbox, or in its own
process with limits where bubblewrap cannot start): the bot's process reports what its code did,
the seat finds the rest, and the referee records the kind as data with its public summary (what
the league's pages show), which never quotes the bot."""

from __future__ import annotations

from pathlib import Path

import pytest

from naga_widget import Match
from naga_widget.arena.lineup import BotRef, Job
from naga_widget.arena.referee import GameRecord, play_game
from naga_widget.arena.seat import LocalSeat, SeatError, SeatsByName
from naga_widget.bots import FailureKind, RandomBot
from naga_widget.league import Limits, bwrap_works
from naga_widget.league.sandbox import SandboxSeat, staged

from .samples import misbehaving

pytestmark = pytest.mark.serial  # sandboxed bots under move, start and CPU clocks

ISOLATION = "bwrap" if bwrap_works() else "process"
LIMITS = Limits(move_seconds=1.5, game_seconds=30.0, start_seconds=4.0, cpu_seconds=4)
SECRET = "SECRET-07b-11a"
PROBE = "import os\nfor fd in range(3, 64):\n    try:\n        os.write(fd, {data!r})\n    except OSError:\n" \
        "        pass\nimport time\ntime.sleep(30)"

# a submission's source, the kind of its failure, the start of its public summary
SOURCES = {
    "unimported": (f"raise NameError({SECRET!r})\n", FailureKind.UNIMPORTED, "could not be imported (NameError)"),
    "slow_import": ("import time\ntime.sleep(60)\n", FailureKind.SLOW_IMPORT,
                    "took longer than 4 s to import its submission (the limit to start)"),
    "unmade": (f"class Bot:\n    def __init__(self):\n        raise ValueError({SECRET!r})\n"
               "    def act(self, observation, legal):\n        return 'pass'\n",
               FailureKind.UNMADE, "its bot could not be built"),
    "slow_build": ("import time\nclass Bot:\n    def __init__(self):\n        time.sleep(60)\n"
                   "    def act(self, observation, legal):\n        return 'pass'\n",
                   FailureKind.SLOW_BUILD, "took longer than 4 s to build its bot (the limit to start)"),
    "raised": (misbehaving(f"raise KeyError({SECRET!r})"), FailureKind.RAISED, "raised KeyError at step"),
    "exited": (misbehaving(f"raise SystemExit({SECRET!r})"), FailureKind.RAISED, "raised SystemExit at step"),
    "unreadable": (misbehaving(f"return {{'type': 'fly', 'note': {SECRET!r}}}"), FailureKind.UNREADABLE,
                   "answered with something that is not an action at step"),
    "illegal": (misbehaving("return 'place 99 rot0'"), FailureKind.ILLEGAL,
                "played an action that is not legal at step"),
    "timeout": (misbehaving("import time\ntime.sleep(30)"), FailureKind.TIMEOUT,
                "took longer than 1.5 s over a move at step"),
    "memory": (misbehaving("block = bytearray(4 << 30)"), FailureKind.MEMORY,
               "ran out of memory (its memory limit) at step"),
    "crashed": (misbehaving("import os\nos._exit(3)"), FailureKind.CRASHED, "its process ended at step"),
    "protocol": (misbehaving(PROBE.format(data=b"\xff\xff\xff\xff")), FailureKind.PROTOCOL,
                 "answered with something that is not an action at step"),
    "cpu": (misbehaving("while True:\n    pass"), FailureKind.CPU, "went over its CPU time limit at step"),
}


def play(tmp_path: Path, source: str, limits: Limits = LIMITS) -> GameRecord:
    """The submission (silver) against RandomBot, on one deal."""
    refs = (BotRef("random", "class", True), BotRef("student", "class", True))
    job = Job(index=0, pair=("random", "student"), number=0, players=refs, seed=5, bot_seeds=(1, 2),
              move_timeout=limits.move_seconds)
    with staged([(("bot.py", source.encode()),)]) as (stage,):
        seats = SeatsByName({"random": LocalSeat(RandomBot),
                             "student": SandboxSeat(stage, None, limits, ISOLATION)})
        try:
            return play_game(job, seats)
        finally:
            seats.close()


@pytest.mark.parametrize("name", list(SOURCES))
def test_each_kind_in_the_sandbox(name: str, tmp_path: Path) -> None:
    source, kind, summary = SOURCES[name]
    if kind is FailureKind.CPU:  # the whole budget of 2 s goes to a loop in the bot's first move
        limits = Limits(move_seconds=60.0, game_seconds=60.0, start_seconds=30.0, cpu_seconds=2)
    else:
        limits = LIMITS
    record = play(tmp_path, source, limits)
    assert record.forfeited == "student" and record.failure == kind.value, record.error
    assert record.public_summary is not None and record.public_summary.startswith(summary), record.public_summary
    assert SECRET not in record.public_summary and SECRET not in (record.public_error() or "")
    started = kind in (FailureKind.UNIMPORTED, FailureKind.SLOW_IMPORT, FailureKind.UNMADE, FailureKind.SLOW_BUILD)
    assert ("at step" in record.public_summary) is not started


def test_the_time_for_the_game_used_up(tmp_path: Path) -> None:
    state = Match(seed=5).state
    with staged([(("bot.py", misbehaving("pass").encode()),)]) as (stage,):
        seat = SandboxSeat(stage, None, LIMITS, ISOLATION)
        try:
            seat.start(BotRef("student", "class", True), 2)
            assert seat.box is not None
            seat.box.used = LIMITS.game_seconds
            with pytest.raises(SeatError) as raised:
                seat.act(state.observe(state.to_move), state.legal_actions())
        finally:
            seat.close()
    failed = raised.value.failure
    assert failed.kind is FailureKind.GAME_TIME and failed.summary(3) == "used up its time for the game at step 3"
    assert raised.value.kind == "game_time" and "30 s" in str(raised.value)
