"""What a hostile submission tries, tried: each attack is contained, the game is recorded (as that
bot's forfeit where the attack raised), and another pair's game is the same before and after.

Each hostile bot attacks on its first move as silver and raises ``RuntimeError("ESCAPED ...")``
if the attack worked; otherwise the attack's own error is its forfeit, or (for attacks that fail
quietly) it plays on.
"""

from __future__ import annotations

import os
import socket
from pathlib import Path

import pytest

from naga_widget.league import Limits, bwrap_works, discover
from naga_widget.league.games import Entry, play_task, schedule

from .samples import GOOD, misbehaving, write

LIMITS = Limits(move_seconds=2.0, game_seconds=30.0, memory_mb=512, processes=16)
ISOLATION = "bwrap" if bwrap_works() else "process"
needs_bwrap = pytest.mark.skipif(ISOLATION != "bwrap", reason="only the bubblewrap sandbox stops this")


@pytest.fixture(scope="module")
def place(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("hostile")
    write(root / "subs", GOOD)
    (root / "results").mkdir()
    (root / "results" / "league.json").write_text('{"secret": "the results"}')
    return root


def play(place: Path, name: str, source: str) -> dict:
    """Alice (gold) against the hostile bot (silver), on one deal."""
    folder = write(place / f"h-{name}", {"alice.py": GOOD["alice.py"], f"{name}.py": source})
    found, _ = discover(folder)
    entries = [Entry.of(s) for s in found]
    tasks = schedule(entries, 1, 7, LIMITS, ISOLATION)
    task = next(t for t in tasks if t.silver is not None and t.silver.name == name)
    record = play_task(task)
    assert "ESCAPED" not in (record["error"] or ""), record["error"]
    return record


def good_game(place: Path) -> str:
    folder = place / "subs"
    found, _ = discover(folder)
    task = schedule([Entry.of(s) for s in found], 1, 7, LIMITS, ISOLATION)[0]
    return str(play_task(task)["saved"])


@pytest.fixture(scope="module")
def before(place: Path) -> str:
    return good_game(place)


def bot_processes() -> list[int]:
    found = []
    for pid in os.listdir("/proc"):
        if pid.isdigit():
            try:
                if b"naga_widget.league.child" in Path(f"/proc/{pid}/cmdline").read_bytes():
                    found.append(int(pid))
            except OSError:
                pass
    return found


def forfeit(record: dict, name: str, *reason: str) -> None:
    assert record["forfeited"] == name, record
    assert record["public_reason"].startswith(reason), record["public_reason"]


@needs_bwrap
def test_reading_another_submission(place: Path, before: str) -> None:
    other = place / "subs" / "alice.py"
    body = f"text = open({str(other)!r}).read()\nraise RuntimeError('ESCAPED: read ' + text[:20])"
    forfeit(play(place, "reader", misbehaving(body)), "reader", "raised FileNotFoundError", "raised PermissionError")


@needs_bwrap
def test_writing_outside_its_folder(place: Path, before: str) -> None:
    target = place / "results" / "league.json"
    body = (f"try:\n    open({str(target)!r}, 'w').write('{{}}')\nexcept OSError:\n    pass\nelse:\n"
            "    raise RuntimeError('ESCAPED: wrote the results')\nopen('/bot/bot.py', 'a').write('# mine')")
    forfeit(play(place, "writer", misbehaving(body)), "writer", "raised OSError", "raised PermissionError")
    assert target.read_text() == '{"secret": "the results"}'


@needs_bwrap
def test_opening_a_socket(place: Path, before: str) -> None:
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen()
    listener.setblocking(False)
    port = listener.getsockname()[1]
    body = (f"import socket\nsocket.create_connection(('127.0.0.1', {port}), timeout=1)\n"
            "raise RuntimeError('ESCAPED: connected')")
    forfeit(play(place, "talker", misbehaving(body)), "talker", "raised ConnectionRefusedError", "raised OSError")
    with pytest.raises(BlockingIOError):
        listener.accept()  # nobody came
    listener.close()


def test_allocating_4_gb(place: Path, before: str) -> None:
    body = "block = bytearray(4 << 30)\nraise RuntimeError('ESCAPED: got 4 GB')"
    forfeit(play(place, "hog", misbehaving(body)), "hog", "ran out of memory")


def test_forking_many_processes(place: Path, before: str) -> None:
    body = ("import os, time\nfor _ in range(200):\n    if os.fork() == 0:\n        time.sleep(120)\n"
            "        os._exit(0)\nraise RuntimeError('ESCAPED: 200 processes')")
    record = play(place, "forker", misbehaving(body))
    if ISOLATION == "bwrap" or Path("/sys/fs/cgroup/pids").exists():
        forfeit(record, "forker", "raised BlockingIOError", "raised OSError")
    assert bot_processes() == [], "every process of the bots was stopped after the game"


def test_sleeping_forever(place: Path, before: str) -> None:
    body = "import time\ntime.sleep(10 ** 6)"
    forfeit(play(place, "sleeper", misbehaving(body)), "sleeper", "took longer than 2 s over a move")
    assert bot_processes() == []


def test_flooding_stdout(place: Path, before: str) -> None:
    body = ("import os, sys\nsys.stdout.write('x' * (20 << 20))\nsys.stdout.flush()\nos.write(1, b'\\0' * (8 << 20))\n"
            "sys.stderr.write('y' * (8 << 20))")
    record = play(place, "flooder", misbehaving(body))
    assert record["forfeited"] is None and record["reason"] != "forfeit"  # what it printed went nowhere


def test_importing_the_referee_to_reach_the_true_state(place: Path, before: str) -> None:
    body = ("import gc\nimport naga_widget.arena.referee\nfrom naga_widget.match import Match\n"
            "from naga_widget.rules import State\n"
            "found = [o for o in gc.get_objects() if isinstance(o, (State, Match))]\n"
            "if found or getattr(legal, '_s', None) is not None:\n"
            "    raise RuntimeError('ESCAPED: found the true state')")
    record = play(place, "spy", misbehaving(body))
    assert record["forfeited"] is None  # nothing to find: it played on


@needs_bwrap
def test_killing_its_parent(place: Path, before: str) -> None:
    body = (f"import os, signal\nos.kill(os.getppid(), signal.SIGKILL)\nos.kill({os.getpid()}, signal.SIGKILL)\n"
            "raise RuntimeError('ESCAPED: killed the referee')")
    forfeit(play(place, "killer", misbehaving(body)), "killer", "raised ProcessLookupError", "raised PermissionError")


def test_the_other_bots_results_are_unchanged(place: Path, before: str) -> None:
    assert good_game(place) == before
