"""Where a submission's bot runs: alone in a fresh process per game, within limits, and (on Linux
with bubblewrap) in a sandbox that sees almost nothing of the machine.

Two isolation levels (``docs/league.md`` states what each stops and what it does not):

- ``"bwrap"``: the bot's process runs under ``bwrap`` (Debian's package ``bubblewrap``) with new
  namespaces (no network, its own process ids, its own user id 65534), a read-only view of
  only what Python needs (``/usr``, the Python installation, this package), its submission
  read-only at ``/bot``, a private ``/tmp`` of limited size, and no other file of the machine:
  not the other submissions, not the league's results, not the referee's files. It dies with
  the referee.
- ``"process"``: the same process and limits without the sandbox (where bubblewrap is missing
  or user namespaces are disabled); a warning says so.

In both, the process is started with a clean environment (no variable of the teacher's
session), in its own session, with ``RLIMIT_AS`` (memory), ``RLIMIT_CPU`` (CPU seconds of the
game), ``RLIMIT_FSIZE`` (size of a written file) and ``RLIMIT_CORE`` 0; where the machine lets
this process create a ``pids`` cgroup (root, cgroup v1 or v2), the number of processes is
bounded there too. The referee bounds the time of each decision and of the whole game by the
clock: a bot that has not answered in time is killed (its whole process group and namespace).

A seat here follows the arena's seat protocol (``start`` and ``act``, raising
:class:`~naga_widget.arena.seat.SeatError`), so the arena's referee
(:func:`naga_widget.arena.referee.play_game`) plays league games unchanged.
"""

from __future__ import annotations

import json
import os
import select
import shutil
import signal
import sys
import time
import warnings
from dataclasses import asdict, dataclass
from functools import cache
from pathlib import Path
from typing import Any

from ..arena.lineup import BotRef
from ..arena.seat import SeatError
from ..rules import LegalActions
from ..rules.errors import is_number
from ..rules.observe import Observation
from .errors import LeagueSetupError, SandboxUnavailable
from .wire import HEADER, WireError, legal_to_json, pack, unpack_length

ISOLATIONS = ("auto", "bwrap", "process")
BOT_UID = 65534  # "nobody": the user id of a bot inside the sandbox
ISOLATION_TEXT = {
    "bwrap": "each bot in its own process, in a bubblewrap sandbox (no network, read-only system, private /tmp, "
             "no other files)",
    "process": "each bot in its own process with limits, WITHOUT a sandbox (bubblewrap was not usable)",
}
PROCESS_NOTE = ("naga_widget.league: bubblewrap (bwrap) is not usable here, so each bot runs only in its own "
                "process with limits: it can read what your user can read, use the network and signal your "
                "processes. Install bubblewrap (Linux) for the sandbox; see docs/league.md")


@dataclass(frozen=True)
class Limits:
    """What one bot may use in one game.

    ``move_seconds``: wall-clock time for one decision; ``game_seconds``: for all its decisions of
    a game; ``memory_mb``: address space (``RLIMIT_AS``); ``cpu_seconds``: CPU time of its
    process over the game (``RLIMIT_CPU``); ``processes``: processes and threads it may have at
    once (with a pids cgroup only); ``file_mb``: the largest file it may write, and the size of its
    private ``/tmp``; ``start_seconds``: to import the submission and build the bot.
    """

    move_seconds: float = 3.0
    game_seconds: float = 120.0
    memory_mb: int = 512
    cpu_seconds: int = 150
    processes: int = 16
    file_mb: int = 16
    start_seconds: float = 30.0

    def __post_init__(self) -> None:
        for name, value in asdict(self).items():
            if not is_number(value) or not value > 0:
                raise LeagueSetupError(f"limit {name} must be a positive number, not {value!r}")

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


# -- what the sandbox may see --------------------------------------------------------------------
def _package_root() -> Path:
    """The folder holding the ``naga_widget`` package (``src/`` of a checkout, or ``site-packages``)."""
    return Path(__file__).resolve().parents[2]


def _python_paths() -> list[str]:
    """The folders a Python process of this installation reads: the interpreter, the standard
    library, the environment's packages and this package; nothing else."""
    found = {sys.prefix, sys.base_prefix, sys.exec_prefix, str(Path(sys.executable).resolve().parent.parent),
             str(_package_root())}
    paths = sorted(p for p in {str(Path(f).resolve()) for f in found} if not p.startswith("/usr/") and p != "/usr")
    return [p for p in paths if not any(p != q and p.startswith(q + "/") for q in paths)]


def bwrap_command(stage: Path, limits: Limits) -> list[str]:
    """The ``bwrap`` arguments that run a bot staged in ``stage`` (see the module doc)."""
    bwrap = shutil.which("bwrap") or "bwrap"
    args = [bwrap, "--unshare-all", "--unshare-user", "--uid", str(BOT_UID), "--gid", str(BOT_UID),
            "--die-with-parent", "--new-session", "--disable-userns", "--clearenv",
            "--setenv", "HOME", "/tmp", "--setenv", "PATH", "/usr/bin:/bin", "--setenv", "LANG", "C.UTF-8",
            "--ro-bind", "/usr", "/usr"]
    for name in ("bin", "lib", "lib64", "sbin"):
        target = Path("/" + name)
        if target.is_symlink():
            args += ["--symlink", os.readlink(target), str(target)]
        elif target.exists():
            args += ["--ro-bind", str(target), str(target)]
    for path in _python_paths():
        args += ["--ro-bind", path, path]
    args += ["--proc", "/proc", "--dev", "/dev", "--size", str(limits.file_mb << 20), "--tmpfs", "/tmp",
             "--ro-bind", str(stage), "/bot", "--chdir", "/tmp"]
    return args


@cache
def bwrap_works() -> bool:
    """Can bubblewrap start a sandbox here (installed, and user namespaces allowed)?"""
    if not sys.platform.startswith("linux") or shutil.which("bwrap") is None:
        return False
    import subprocess

    probe = Path(__file__).resolve().parent
    try:
        done = subprocess.run(bwrap_command(probe, Limits()) + [sys.executable, "-I", "-c", "pass"],
                              stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              timeout=30)
    except (OSError, subprocess.SubprocessError):
        return False
    return done.returncode == 0


def choose_isolation(isolation: str = "auto") -> str:
    """``"bwrap"`` or ``"process"``: ``"auto"`` takes bubblewrap where it works, else warns."""
    if isolation not in ISOLATIONS:
        raise LeagueSetupError(f"isolation must be one of {ISOLATIONS}, not {isolation!r}")
    if isolation == "bwrap" and not bwrap_works():
        raise SandboxUnavailable("isolation='bwrap' was asked for, but bubblewrap cannot start a sandbox here "
                           "(install Debian's package bubblewrap; user namespaces must be allowed)")
    if isolation == "auto":
        isolation = "bwrap" if bwrap_works() else "process"
        if isolation == "process":
            warnings.warn(PROCESS_NOTE, RuntimeWarning, stacklevel=3)
    return isolation


# -- the pids cgroup -----------------------------------------------------------------------------
def _cgroup_base() -> Path | None:
    for base in (Path("/sys/fs/cgroup/pids"), Path("/sys/fs/cgroup")):
        if (base / "cgroup.procs").exists() and os.access(base, os.W_OK):
            if base.name != "pids" and "pids" not in (base / "cgroup.controllers").read_text(errors="replace"):
                continue
            return base
    return None


class ProcessGroup:
    """A pids cgroup of one bot process, where the machine allows it (else nothing is bounded)."""

    def __init__(self, processes: int) -> None:
        self.path: Path | None = None
        base = _cgroup_base()
        if base is None:
            return
        path = base / f"naga-league-{os.getpid()}-{time.monotonic_ns()}"
        try:
            path.mkdir()
            (path / "pids.max").write_text(str(processes))
        except OSError:
            try:
                path.rmdir()
            except OSError:
                pass
            return
        self.path = path

    def join(self) -> None:
        """Put the calling process into the group (called in the child, before it runs the bot)."""
        if self.path is not None:
            (self.path / "cgroup.procs").write_text(str(os.getpid()))

    def remove(self) -> None:
        if self.path is None:
            return
        for _ in range(50):
            try:
                for pid in (self.path / "cgroup.procs").read_text().split():
                    try:
                        os.kill(int(pid), signal.SIGKILL)
                    except OSError:
                        pass
                self.path.rmdir()
                break
            except OSError:
                time.sleep(0.02)
        self.path = None


# -- one bot process -----------------------------------------------------------------------------
class Sandbox:
    """One bot's process for one game: started, asked, and killed (see the module doc)."""

    def __init__(self, name: str, stage: Path, class_name: str | None, limits: Limits, isolation: str) -> None:
        import subprocess  # here: Pyodide has no processes

        self.name, self.limits, self.isolation = name, limits, isolation
        self.group = ProcessGroup(limits.processes)
        inside = "/bot" if isolation == "bwrap" else str(stage)
        spec = json.dumps({"path": inside, "class": class_name})
        python = [sys.executable, "-I", "-B", "-m", "naga_widget.league.child", spec]
        command = bwrap_command(stage, limits) + python if isolation == "bwrap" else python
        env = {"PATH": "/usr/bin:/bin", "HOME": str(stage), "LANG": "C.UTF-8"}
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, cwd=str(stage), env=env,
                                        start_new_session=True, preexec_fn=self._limit)
        self.used = 0.0  # seconds of decisions this game
        self.class_name = str(self.call(None, limits.start_seconds, what="to start"))

    def _limit(self) -> None:
        """In the child, before exec: the resource limits, and the pids cgroup."""
        import resource

        mb = 1 << 20
        resource.setrlimit(resource.RLIMIT_AS, (self.limits.memory_mb * mb, self.limits.memory_mb * mb))
        resource.setrlimit(resource.RLIMIT_CPU, (self.limits.cpu_seconds, self.limits.cpu_seconds + 1))
        resource.setrlimit(resource.RLIMIT_FSIZE, (self.limits.file_mb * mb, self.limits.file_mb * mb))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        self.group.join()

    def call(self, message: dict[str, Any] | None, timeout: float, what: str = "to choose its move") -> Any:
        """Send ``message`` (None: only read) and read the answer within ``timeout`` seconds."""
        stdin, stdout = self.process.stdin, self.process.stdout
        assert stdin is not None and stdout is not None
        started = time.monotonic()
        try:
            if message is not None:
                stdin.write(pack(message))
                stdin.flush()
            body = self._read(stdout.fileno(), started + timeout)
        except TimeoutError:  # before OSError, of which it is a kind
            self.close()
            raise SeatError(f"took longer than {timeout:g} s {what}",
                           f"its process was stopped after {timeout:g} s without an answer") from None
        except (BrokenPipeError, ConnectionResetError, OSError):
            body = None
        except WireError as exc:
            self.close()
            raise SeatError(f"sent a message that is not part of the protocol ({exc})") from None
        finally:
            if message is not None and message.get("op") == "act":
                self.used += time.monotonic() - started
        if body is None:
            raise SeatError(self._ended())
        try:
            reply = json.loads(body)
            if not isinstance(reply, dict):
                raise ValueError(reply)
            if "error" in reply:
                raise SeatError(str(reply["error"])[:2000], str(reply.get("traceback", ""))[:20000])
            return reply["ok"]
        except (ValueError, KeyError, TypeError):
            self.close()
            raise SeatError("sent a message that is not part of the protocol") from None

    def _read(self, fd: int, deadline: float) -> bytes | None:
        head = self._exactly(fd, HEADER.size, deadline)
        if head is None:
            return None
        return self._exactly(fd, unpack_length(head), deadline)

    @staticmethod
    def _exactly(fd: int, n: int, deadline: float) -> bytes | None:
        chunks, left = [], n
        while left:
            wait = deadline - time.monotonic()
            if wait <= 0 or not select.select([fd], [], [], wait)[0]:
                raise TimeoutError
            chunk = os.read(fd, min(left, 1 << 16))
            if not chunk:
                return None
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)

    def _ended(self) -> str:
        """Why the process ended, in words (it is killed if it has not)."""
        try:
            code = self.process.wait(timeout=2)
        except Exception:  # still running: it closed its pipe
            self.close()
            return "closed its connection to the referee"
        self.close()
        if code == -signal.SIGXCPU or code == -signal.SIGKILL and self.limits.cpu_seconds <= 0:
            return f"went over its CPU time limit ({self.limits.cpu_seconds} s)"
        if code < 0:
            return f"ended its process (killed by signal {signal.Signals(-code).name})"
        return f"ended its process (exit code {code})"

    def close(self) -> None:
        """Kill the process, its process group (and, in the sandbox, everything in its namespace)."""
        for stream in (self.process.stdin, self.process.stdout):
            try:
                if stream is not None:
                    stream.close()
            except OSError:
                pass
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except OSError:
            pass
        try:
            self.process.kill()
        except OSError:
            pass
        self.process.wait()
        self.group.remove()


class SandboxSeat:
    """A seat of the arena's referee whose bot runs in a :class:`Sandbox`, started for each game."""

    def __init__(self, stage: Path, class_name: str | None, limits: Limits, isolation: str) -> None:
        self.stage, self.class_name, self.limits, self.isolation = stage, class_name, limits, isolation
        self.box: Sandbox | None = None

    def start(self, ref: BotRef, seed: int) -> None:
        self.close()
        try:
            self.box = Sandbox(ref.name, self.stage, self.class_name, self.limits, self.isolation)
        except SeatError as exc:
            raise SeatError(f"could not start: {exc}", exc.details) from None
        self.box.call({"op": "new", "seed": seed}, self.limits.start_seconds, what="to build its bot")

    def act(self, observation: Observation, legal: LegalActions, timeout: float | None = None) -> str:
        box = self.box
        assert box is not None
        left = self.limits.game_seconds - box.used
        if left <= 0:
            box.close()
            raise SeatError(f"used up its {self.limits.game_seconds:g} s for the game")
        limit = min(self.limits.move_seconds if timeout is None else timeout, left)
        what = "to choose its move" if limit < left else "to choose its move (its time for the game ran out)"
        value = box.call({"op": "act", "observation": observation, "legal": legal_to_json(legal)}, limit, what)
        if not isinstance(value, str):
            raise SeatError("sent an answer that is not an action's text")
        return value

    def close(self) -> None:
        if self.box is not None:
            self.box.close()
            self.box = None
