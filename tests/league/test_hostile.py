"""What a hostile submission tries, tried: each attack is contained, the game is recorded (as that
bot's forfeit where the attack raised), and another pair's game is the same before and after.

Each hostile bot attacks on its first move as silver and raises ``RuntimeError("ESCAPED ...")``
if the attack worked; otherwise the attack's own error is its forfeit, or (for attacks that fail
quietly) it plays on.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import signal
import socket
import stat
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from naga_widget import Match
from naga_widget.arena.lineup import derive_seed
from naga_widget.league import Limits, bwrap_works, choose_isolation, discover, league, sandbox
from naga_widget.league.errors import SandboxUnavailable
from naga_widget.league.games import Entry, play_task, schedule
from naga_widget.league.sandbox import _package_root, staged
from naga_widget.league.seeds import Seeds
from naga_widget.league.submissions import MAX_BYTES, MAX_FILES

from .samples import GOOD, misbehaving, write

pytestmark = pytest.mark.serial  # sandboxed bots under move, start and CPU clocks

LIMITS = Limits(move_seconds=2.0, game_seconds=30.0, memory_mb=512, processes=16)
ISOLATION = "bwrap" if bwrap_works() else "process"
PACKAGE_ROOT = _package_root()
# CI sets NAGA_LEAGUE_SANDBOX=required: there the sandbox's tests fail, rather than skip, without bubblewrap
REQUIRED = os.environ.get("NAGA_LEAGUE_SANDBOX") == "required"
needs_bwrap = pytest.mark.skipif(ISOLATION != "bwrap" and not REQUIRED, reason="only the bubblewrap sandbox stops this")
SEEDS = Seeds(hashlib.sha256(b"tests/league/test_hostile").digest(), 7, True)  # a small chosen league seed


@pytest.fixture(scope="module")
def place(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("hostile")
    write(root / "subs", GOOD)
    (root / "results").mkdir()
    (root / "results" / "league.json").write_text('{"secret": "the results"}')
    return root


def play(place: Path, name: str, source: str, isolation: str = ISOLATION) -> dict:
    """Alice (gold) against the hostile bot (silver), on one deal."""
    folder = write(place / f"h-{name}", {"alice.py": GOOD["alice.py"], f"{name}.py": source})
    found, _ = discover(folder)
    entries = [Entry.of(s) for s in found]
    tasks = schedule(entries, 1, SEEDS, LIMITS, isolation)
    task = next(t for t in tasks if t.silver is not None and t.silver.name == name)
    record = play_task(task)
    assert "ESCAPED" not in (record["error"] or ""), record["error"]
    return record


def good_game(place: Path) -> str:
    folder = place / "subs"
    found, _ = discover(folder)
    task = schedule([Entry.of(s) for s in found], 1, SEEDS, LIMITS, ISOLATION)[0]
    return str(play_task(task)["saved"])


@pytest.fixture(scope="module")
def before(place: Path) -> str:
    return good_game(place)


def bot_processes() -> list[int]:
    """The bots' processes started by this copy of the package (not those of another checkout
    that runs its tests on the same machine)."""
    found = []
    for pid in os.listdir("/proc"):
        if pid.isdigit():
            try:
                line = Path(f"/proc/{pid}/cmdline").read_bytes()
            except OSError:
                continue
            if b"naga_widget.league.child" in line and str(PACKAGE_ROOT).encode() in line:
                found.append(int(pid))
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


# The seed attack: the league's seeds used to be plain hashes of a small league seed (0 by default),
# so a bot could find the league seed from its own seed (or from its hand), build the deal and read
# the opponent's hand. The same code runs here against the old derivation and in the sandbox.
SEED_ATTACK = """
from naga_widget import Match
from naga_widget.arena.lineup import derive_seed

NAME, DEALS, TRIES = "seedspy", 2, 20_000


def from_bot_seed(my_seed):
    # the old bot seed was derive_seed(league_seed, "bot", deal, name): try small league seeds
    for league in range(TRIES):
        for deal in range(DEALS):
            if derive_seed(league, "bot", deal, NAME) == my_seed:
                return derive_seed(league, "deal", deal)
    return None


def from_hand(hand, player):
    # the old deal seed was derive_seed(league_seed, "deal", deal): find the deal that dealt this hand
    for league in range(TRIES // 100):
        for deal in range(DEALS):
            seed = derive_seed(league, "deal", deal)
            if sorted(Match(seed=seed).state.hands[player]) == sorted(hand):
                return seed
    return None


def their_hand(deal_seed, player):
    return sorted(Match(seed=deal_seed).state.hands[1 - player])
"""

SEED_SPY = SEED_ATTACK + """

class Bot:
    def __init__(self, seed=None):
        self.found = from_bot_seed(seed)  # while it is built: that time is not on the game's clock
        self.done = False

    def act(self, observation, legal):
        me = observation["viewer"]
        if me == 1 and not self.done:
            self.done = True
            found = self.found if self.found is not None else from_hand(observation["players"][me]["hand"], me)
            raise RuntimeError("guess: " + (" ".join(their_hand(found, me)) if found is not None else "no seed found"))
        return list(legal)[0]
"""


def attack() -> dict:
    space: dict = {}
    exec(SEED_ATTACK, space)  # noqa: S102 - the attack's own code, as the bot runs it
    return space


def test_the_seed_attack_read_the_opponents_hand_under_the_old_seeds() -> None:
    spy = attack()
    for league_seed, deal in [(0, 0), (7, 1), (12_345, 1)]:  # 0 was the default league seed
        old_deal = derive_seed(league_seed, "deal", deal)
        truth = sorted(Match(seed=old_deal).state.hands[0])
        found = spy["from_bot_seed"](derive_seed(league_seed, "bot", deal, "seedspy"))
        assert found == old_deal and spy["their_hand"](found, 1) == truth
    found = spy["from_hand"](Match(seed=derive_seed(7, "deal", 1)).state.hands[1], 1)
    assert spy["their_hand"](found, 1) == sorted(Match(seed=derive_seed(7, "deal", 1)).state.hands[0])


def test_the_seed_attack_finds_nothing_under_the_keyed_seeds() -> None:
    spy = attack()
    for deal in (0, 1):
        assert spy["from_bot_seed"](SEEDS.bot(deal, "seedspy")) is None
        assert spy["from_hand"](Match(seed=SEEDS.deal(deal)).state.hands[1], 1) is None
    # keyed: the same league seed with another secret gives other seeds, and a deal seed says
    # nothing of a bot seed (across keys, their lowest bits agree about half the time)
    other = Seeds.fresh(7)
    assert SEEDS.league == other.league == 7
    assert SEEDS.deal(0) != other.deal(0) and SEEDS.bot(0, "seedspy") != other.bot(0, "seedspy")
    keys = [Seeds(bytes([i % 256, i // 256]) * 16, 7, True) for i in range(4000)]
    agree = sum((s.deal(0) & 1) == (s.bot(0, "seedspy") & 1) for s in keys)
    assert abs(agree - 2000) < 200  # 6 standard deviations


def test_the_seed_attack_in_the_sandbox_cannot_find_the_league_seed(place: Path, before: str) -> None:
    record = play(place, "seedspy", SEED_SPY)
    forfeit(record, "seedspy", "raised RuntimeError")
    assert "guess: no seed found" in record["error"], record["error"]
    truth = " ".join(sorted(Match.loads(record["saved"]).state_at(0).hands[0]))
    assert truth not in record["error"]
    assert record["seed"] == SEEDS.deal(0) and record["bot_seeds"] == [SEEDS.bot(0, "alice"), SEEDS.bot(0, "seedspy")]


def test_the_other_bots_results_are_unchanged(place: Path, before: str) -> None:
    assert good_game(place) == before


# -- staging, the sandbox's file system and user, discovery, the league's processes ----------------
def test_links_fifos_and_devices_in_a_submission_are_refused_and_only_it_fails(place: Path, tmp_path: Path) -> None:
    secret = tmp_path / "teacher-secret.txt"
    secret.write_text("the teacher's mode-600 file")
    secret.chmod(0o600)
    subs = write(tmp_path / "subs", {**GOOD, **{f"{n}/bot.py": GOOD["alice.py"] for n in
                                                ("shadow", "friend", "secret", "fifo", "zero", "broken", "loop")}})
    (subs / "shadow" / "data.txt").symlink_to("/etc/shadow")
    (subs / "friend" / "theirs.py").symlink_to(subs / "bob" / "bot.py")
    (subs / "secret" / "data.txt").symlink_to(secret)
    os.mkfifo(subs / "fifo" / "pipe")
    (subs / "zero" / "data").symlink_to("/dev/zero")
    (subs / "broken" / "data").symlink_to(tmp_path / "nothing-here")
    (subs / "loop" / "data").symlink_to(subs / "loop" / "data")
    (subs / "linked.py").symlink_to(subs / "alice.py")  # an entry that is itself a link
    os.mkfifo(subs / "piped.py")
    (subs / "folder-link").symlink_to(subs / "bob")
    done: list = []
    reader = threading.Thread(target=lambda: done.append(discover(subs)), daemon=True)
    reader.start()
    reader.join(20)
    assert done, "discovery hung on an odd entry"
    found, rejected = done[0]
    assert [s.name for s in found] == ["alice", "bob"]
    reasons = {r.name: r.error for r in rejected}
    assert sorted(reasons) == ["broken", "fifo", "folder-link", "friend", "linked", "loop", "piped", "secret",
                               "shadow", "zero"]
    for name in ("shadow", "friend", "secret", "zero", "broken", "loop", "linked", "folder-link"):
        assert "a symbolic link" in reasons[name], reasons[name]
    assert "FIFO" in reasons["fifo"] and "FIFO" in reasons["piped"]
    assert "'data.txt' is a symbolic link" in reasons["shadow"]
    # nothing of the linked files was read into what a sandbox would be given
    staged = b"".join(data for s in found for _, data in Entry.of(s).files)
    assert b"teacher's mode-600" not in staged and b"root:" not in staged


def test_too_big_a_submission_is_refused(tmp_path: Path) -> None:
    subs = write(tmp_path / "subs", {**GOOD, "big/bot.py": GOOD["alice.py"], "many/bot.py": GOOD["alice.py"]})
    (subs / "big" / "data.bin").write_bytes(b"\0" * (MAX_BYTES + 1))
    for i in range(MAX_FILES):
        (subs / "many" / f"f{i}.txt").write_text("x")
    found, rejected = discover(subs)
    assert [s.name for s in found] == ["alice", "bob"]
    reasons = {r.name: r.error for r in rejected}
    assert "too big" in reasons["big"] and f"more than {MAX_FILES} files" in reasons["many"]


def test_a_stage_is_private_fresh_checked_and_removed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    files = (("bot.py", b"class Bot: pass\n"), ("data/x.txt", b"x"))
    with staged([files, files]) as (one, two):
        root = one.parent
        assert one != two and root == two.parent and root.parent == tmp_path
        info = root.stat()
        assert info.st_uid == os.geteuid() and stat.S_IMODE(info.st_mode) == 0o700
        assert (one / "data" / "x.txt").read_bytes() == b"x"
        assert stat.S_IMODE((one / "bot.py").stat().st_mode) == 0o444
    assert list(tmp_path.iterdir()) == []  # removed after the game
    # the stages of a killed league (its process has ended) are swept, not those of a running one
    ended = subprocess.Popen([sys.executable, "-c", "pass"])
    ended.wait()
    for pid in (ended.pid, os.getpid()):
        write(tmp_path / f"naga-league-stage-{pid}-abc" / "0", {"bot.py": "x"})
        (tmp_path / f"naga-league-stage-{pid}-abc" / "0" / "up").symlink_to(tmp_path)
        (tmp_path / f"naga-league-stage-{pid}-abc" / "0").chmod(0o555)
    with staged([files]):
        pass
    assert [p.name for p in tmp_path.iterdir()] == [f"naga-league-stage-{os.getpid()}-abc"]


def test_a_planted_stage_cache_is_never_used(place: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The old stage cache, /tmp/naga-league-stage-<uid>/<digest>, was reused if it existed:
    another user could create it and plant code. A stage is now always new."""
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    source = misbehaving("raise ValueError('my own code ran')")
    folder = write(tmp_path / "h", {"alice.py": GOOD["alice.py"], "planted.py": source})
    digest = next(s for s in discover(folder)[0] if s.name == "planted").digest
    old = tmp_path / f"naga-league-stage-{os.getuid()}" / digest
    write(old, {"bot.py": "raise RuntimeError('ESCAPED: the planted code ran')\n"})
    for p in (old.parent, old, old / "bot.py"):
        p.chmod(0o777)
    record = play(place, "planted", source)
    forfeit(record, "planted", "raised ValueError")
    assert "my own code ran" in record["error"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["h", f"naga-league-stage-{os.getuid()}"]  # no stage left


def test_a_bot_that_rewrites_its_stage_changes_no_later_game(place: Path) -> None:
    """In the process mode a bot can write its own files (it runs as the teacher): it rewrites its
    bot.py to announce itself. Each game stages afresh, so no later game (of either mode) runs
    what it wrote."""
    body = ("import os\nfor folder, _, names in os.walk('.'):\n    os.chmod(folder, 0o755)\n"
            "os.chmod('bot.py', 0o644)\nos.symlink('/', 'root-of-all')\n"
            "open('bot.py', 'w').write(\"raise RuntimeError('ESCAPED: a poisoned stage was used')\\n\")\n"
            "raise ValueError('rewrote my stage')")
    source = misbehaving(body)
    forfeit(play(place, "poisoner", source, "process"), "poisoner", "raised ValueError")  # it did rewrite it
    # then in the sandbox (where it cannot write there) and in the process mode again: its own code runs
    forfeit(play(place, "poisoner", source), "poisoner", "raised ValueError", "raised PermissionError")
    forfeit(play(place, "poisoner", source, "process"), "poisoner", "raised ValueError")


@needs_bwrap
def test_writing_anywhere_but_a_bounded_tmp(place: Path, before: str) -> None:
    body = ("wrote = []\nfor path in ('/x', '/dev/shm/x', '/var/tmp/x', '/var/x', '/bot/x', '/usr/x', '/etc/x'):\n"
            "    try:\n        with open(path, 'wb') as f:\n            f.write(b'1')\n        wrote.append(path)\n"
            "    except OSError:\n        pass\ntotal = 0\ntry:\n    for i in range(3 * 16):\n"
            "        with open(f'/tmp/f{i}', 'wb') as f:\n            f.write(bytes(1 << 20))\n"
            "        total += 1 << 20\nexcept OSError:\n    pass\n"
            "if wrote or total > 16 << 20:\n    raise RuntimeError(f'ESCAPED: wrote {wrote}, {total} bytes')\n"
            "raise PermissionError(f'wrote {total >> 20} MB')")
    record = play(place, "filler", misbehaving(body))
    forfeit(record, "filler", "raised PermissionError")
    assert int(record["error"].split("wrote ")[1].split(" MB")[0]) <= 16  # the 16 MB /tmp is all it got


@needs_bwrap
def test_the_bot_never_runs_as_the_hosts_root(place: Path, before: str) -> None:
    body = ("import os\nme = os.getuid()\ntry:\n    os.setuid(0)\nexcept OSError:\n    pass\nelse:\n"
            "    raise RuntimeError('ESCAPED: became root')\nimport time\ntime.sleep(1.2)\n"
            "raise PermissionError(f'I am {me}')")
    seen: dict[int, int] = {}
    stop = threading.Event()

    def watch() -> None:
        while not stop.is_set():
            for pid in bot_processes():
                try:
                    status = Path(f"/proc/{pid}/status").read_text()
                except OSError:
                    continue
                if "\nName:\tbwrap" not in "\n" + status:
                    seen[pid] = int(status.split("\nUid:")[1].split()[0])  # the real user id on the host
            time.sleep(0.05)

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    try:
        record = play(place, "rooter", misbehaving(body))
    finally:
        stop.set()
        watcher.join()
    forfeit(record, "rooter", "raised PermissionError")
    assert seen, "the bots' processes were seen"
    assert 0 not in seen.values(), seen
    if os.geteuid() == 0:
        assert set(seen.values()) == {65534} and "I am 65534" in record["error"]


ATTACK_LIMITS = Limits(move_seconds=2.0, game_seconds=30.0, start_seconds=8.0)  # a loaded machine starts slowly


@pytest.fixture(scope="module")
def attacked(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Any]:
    """A league of alice and bob with attackers beside them: odd entries, an import that loops,
    and a bot that looks around (and forfeits)."""
    root = tmp_path_factory.mktemp("attacked")
    subs = write(root / "subs", {**GOOD, "looper.py": "while True:\n    pass\n", "fifo/bot.py": GOOD["alice.py"],
                                 "linked/bot.py": GOOD["alice.py"],
                                 "snoop.py": misbehaving("import os\nraise PermissionError(str(os.listdir('..')))")})
    os.mkfifo(subs / "fifo" / "pipe")
    (subs / "linked" / "data.txt").symlink_to("/dev/zero")
    result = league(subs, root / "out", deals=1, limits=ATTACK_LIMITS, isolation=ISOLATION, workers=2,
                    progress=False)
    return root, result


def test_odd_entries_and_a_looping_import_fail_only_their_submission(attacked: tuple[Path, Any]) -> None:
    _, result = attacked
    assert sorted(result.entrants) == ["alice", "bob", "snoop"]
    assert "FIFO" in result.failures["fifo"]["error"] and "symbolic link" in result.failures["linked"]["error"]
    looper = result.failures["looper"]
    assert looper["public_reason"] == "took longer than 8 s to import its submission (the limit to start)"
    assert "to import its submission" in looper["error"]
    assert len(result.games) == 3 * 2


def test_another_pairs_games_are_the_same_without_the_attackers(attacked: tuple[Path, Any]) -> None:
    root, result = attacked
    calm = write(root / "calm", GOOD)
    shutil.copytree(root / "out", root / "out-calm")  # the same results folder (and so the same seeds) ...
    for played in ("games", "checks"):
        shutil.rmtree(root / "out-calm" / played)  # ... but every game played again
    again = league(calm, root / "out-calm", deals=1, limits=ATTACK_LIMITS, isolation=ISOLATION, workers=2,
                   progress=False)
    assert again.played == 2 and again.reused == 0

    def pair(res: Any) -> list[str]:
        return [g["saved"] for g in sorted(res.games, key=lambda g: g["swapped"]) if set(g["pair"]) == {"alice", "bob"}]

    assert len(pair(result)) == 2 and pair(again) == pair(result)


def test_the_sandbox_works_with_the_environment_under_tmp(tmp_path: Path) -> None:
    """A teacher's virtual environment under /tmp: bound after the sandbox's own /tmp is mounted,
    so it is not hidden. A throwaway venv (no pip, no network) holds a copy of this package."""
    venv = Path(tempfile.mkdtemp(prefix="naga-venv-", dir="/tmp"))
    try:
        subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=60)
        site = next(venv.glob("lib/python3*/site-packages"))
        shutil.copytree(PACKAGE_ROOT / "naga_widget", site / "naga_widget",
                        ignore=shutil.ignore_patterns("__pycache__", "static", "lessons"))
        subs = write(tmp_path / "subs", GOOD)
        code = ("import json, sys\nfrom naga_widget.league import league, Limits\nfrom naga_widget.league.sandbox "
                "import _python_paths, bwrap_problem\nr = league(sys.argv[1], sys.argv[2], deals=1, "
                "limits=Limits(move_seconds=2.0), isolation=sys.argv[3], workers=1, progress=False)\n"
                "print(json.dumps([r.isolation, len(r.games), r.failures, _python_paths(), bwrap_problem()]))")
        done = subprocess.run([str(venv / "bin" / "python"), "-I", "-c", code, str(subs), str(tmp_path / "out"),
                               ISOLATION], capture_output=True, text=True, timeout=240)
        assert done.returncode == 0, done.stderr[-3000:]
        isolation, games, failures, paths, problem = json.loads(done.stdout.splitlines()[-1])
        assert str(venv) in paths and str(PACKAGE_ROOT) not in paths  # the copy under /tmp is what runs
        assert (isolation, games, failures, problem) == (ISOLATION, 2, {}, None if ISOLATION == "bwrap" else problem)
    finally:
        shutil.rmtree(venv, ignore_errors=True)


def test_auto_never_runs_unsandboxed_bots_as_root(monkeypatch: pytest.MonkeyPatch) -> None:
    problem = "bubblewrap cannot start the sandbox here: 'bwrap: No permissions to create a new namespace'"
    monkeypatch.setattr(sandbox, "bwrap_problem", lambda: problem)
    monkeypatch.setattr(os, "geteuid", lambda: 0)
    with pytest.raises(SandboxUnavailable, match="No permissions to create a new namespace") as raised:
        choose_isolation("auto")
    assert "isolation='process'" in str(raised.value) and "install" not in str(raised.value)
    with pytest.raises(SandboxUnavailable, match="No permissions"):
        choose_isolation("bwrap")
    assert choose_isolation("process") == "process"  # asked for in so many words
    monkeypatch.setattr(os, "geteuid", lambda: 1000)
    with pytest.warns(RuntimeWarning, match="No permissions to create a new namespace"):
        assert choose_isolation("auto") == "process"


LEAGUE_THEN_WAIT = """
import ctypes, json, os, subprocess, sys, time
ctypes.CDLL(None).prctl(36, 1, 0, 0, 0)  # PR_SET_CHILD_SUBREAPER: the league's orphans come to this process
league = subprocess.Popen([sys.executable, "-c", sys.argv[1]] + sys.argv[2:])
print(league.pid, flush=True)
sys.stdin.readline()  # the test has killed the league
left, deadline = [], time.monotonic() + 5
while time.monotonic() < deadline:
    while True:
        try:
            if os.waitpid(-1, os.WNOHANG)[0] == 0:
                break
        except ChildProcessError:
            break
    left = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            if int(open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()[1]) == os.getpid():
                left.append((int(pid), open(f"/proc/{pid}/cmdline", "rb").read().replace(b"\\0", b" ").decode()))
        except (OSError, ValueError):
            pass
    if not left:
        break
    time.sleep(0.1)
for pid, _ in left:
    os.kill(pid, 9)
print(json.dumps(left), flush=True)
"""

LEAGUE = """
import sys
from naga_widget.league import Limits, league
league(sys.argv[1], sys.argv[2], deals=4, limits=Limits(move_seconds=3.0), isolation=sys.argv[3], workers=2,
       progress=False)
"""


def test_no_process_of_a_killed_league_outlives_it(tmp_path: Path) -> None:
    slow = misbehaving("import time\ntime.sleep(2.5)").replace("and not self.done", "")
    subs = write(tmp_path / "subs", {**GOOD, "slow.py": slow})
    (tmp_path / "tmp").mkdir()  # the stages the killed league leaves behind go here
    env = {**os.environ, "PYTHONPATH": str(PACKAGE_ROOT), "TMPDIR": str(tmp_path / "tmp")}
    wrapper = subprocess.Popen([sys.executable, "-c", LEAGUE_THEN_WAIT, LEAGUE, str(subs), str(tmp_path / "out"),
                                ISOLATION], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env)
    assert wrapper.stdin is not None and wrapper.stdout is not None
    try:
        pid = int(wrapper.stdout.readline())
        deadline = time.monotonic() + 90
        while not (_descendants(pid, "multiprocessing") and _descendants(pid, '"class":')):  # a bot, not a probe
            assert time.monotonic() < deadline, "the league started no bot"
            time.sleep(0.2)
        time.sleep(1)
        os.kill(pid, signal.SIGKILL)
        wrapper.stdin.write("\n")
        wrapper.stdin.flush()
        left = json.loads(wrapper.stdout.readline())
    finally:
        wrapper.kill()
        wrapper.wait()
    assert left == [], left


def _descendants(root: int, marker: str) -> list[str]:
    """The command lines of the processes below ``root`` that hold ``marker``."""
    parent, command = {}, {}
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            parent[int(pid)] = int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
            command[int(pid)] = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
        except (OSError, ValueError):
            pass
    out, todo = [], [root]
    while todo:
        here = todo.pop()
        for pid, up in parent.items():
            if up == here:
                todo.append(pid)
                if marker in command.get(pid, ""):
                    out.append(command[pid])
    return out


def test_bubblewrap_works_where_it_is_required() -> None:
    if not REQUIRED:
        pytest.skip("NAGA_LEAGUE_SANDBOX=required is not set (CI sets it)")
    assert bwrap_works(), sandbox.bwrap_problem()


@needs_bwrap
def test_a_sandbox_that_cannot_start_is_reported_in_bubblewraps_words(monkeypatch: pytest.MonkeyPatch) -> None:
    paths = sandbox._python_paths()
    monkeypatch.setattr(sandbox, "_python_paths", lambda: [*paths, "/nonexistent-naga-folder"])
    problem = sandbox._bwrap_error()
    assert problem is not None and "/nonexistent-naga-folder" in problem and "bwrap" in problem, problem


def test_memory_outside_the_address_space_is_bounded_too(place: Path) -> None:
    """memfd files (like shared memory) are not in a process's address space, so RLIMIT_AS does not
    see them; the bot's memory cgroup does, where the machine lets the league make one."""
    probe = sandbox.ProcessGroup(1, 1 << 30)
    memory = any("memory" in str(path) or (path / "memory.max").exists() for path in probe.paths)
    probe.remove()
    if not memory:
        pytest.skip("no memory cgroup can be made here")
    body = ("import os\nheld = []\nfor i in range(48):\n    fd = os.memfd_create(f'm{i}')\n"
            "    os.write(fd, bytes(15 << 20))\n    held.append(fd)\n"
            "raise RuntimeError(f'ESCAPED: holds {len(held) * 15} MB in memfd files')")
    record = play(place, "memfd", misbehaving(body))
    # killed by the cgroup, refused, or (while the kernel reclaims what it can) too slow
    forfeit(record, "memfd", "its process ended", "raised OSError", "raised MemoryError", "ran out of memory",
            "took longer than")
