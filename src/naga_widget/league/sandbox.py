"""Where a submission's bot runs: alone in a fresh process per game, within limits, and (on Linux
with bubblewrap) in a sandbox that sees almost nothing of the machine.

Two isolation levels (``docs/league.md`` states what each stops and what it does not):

- ``"bwrap"``: the bot's process runs under ``bwrap`` (Debian's package ``bubblewrap``) with new
  namespaces (no network, its own process ids, its own user id 65534), a read-only view of
  only what Python needs (``/usr``, the Python installation, this package), its submission
  read-only at ``/bot``, a private ``/tmp`` of limited size (the only place it can write), and
  no other file of the machine: not the other submissions, not the league's results, not the
  referee's files. It dies with the referee. The bot never runs as the host's root: run by
  root, the sandbox's user namespace maps the bot's user id to the host's ``nobody`` (65534),
  and the bot's process drops to it before it reads the submission.
- ``"process"``: the same process and limits without the sandbox (where bubblewrap cannot start,
  and only when the teacher is not root, or asks for it); a warning says so.

Each game stages its two submissions afresh (:func:`staged`): a private folder (mode 0700, of
this user) made for the game, the files written from what was read at discovery, their digest
checked again, and the folder removed when the game ends.

In both, the process is started with a clean environment (no variable of the teacher's
session), in its own session, with ``RLIMIT_AS`` (memory), ``RLIMIT_CPU`` (CPU seconds of the
game), ``RLIMIT_FSIZE`` (size of a written file) and ``RLIMIT_CORE`` 0; where the machine lets
this process create a ``pids`` cgroup (root, cgroup v1 or v2), the number of processes is
bounded there too. The referee bounds the time of each decision and of the whole game by the
clock: a bot that has not answered in time is killed (its whole process group and namespace).

A seat here follows the arena's seat protocol (``start`` and ``act``, raising
:class:`~naga_widget.arena.seat.SeatError` with the bot's :class:`~naga_widget.bots.turn.Failure`),
so the arena's referee (:func:`naga_widget.arena.referee.play_game`) plays league games unchanged.
The bot's process reports the failures of the bot's own code (read back as untrusted data,
:meth:`Failure.from_json <naga_widget.bots.turn.Failure.from_json>`); the seat finds the others
(a timeout, its time for the game used up, a process that ended or went over its CPU time, a
message out of the protocol).
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import stat
import sys
import tempfile
import time
import warnings
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any

from ..arena.lineup import BotRef
from ..arena.seat import SeatError
from ..bots.turn import Failure, FailureKind, failure
from ..bots.wire import WireError, legal_to_json, pack, read_message, reply_value
from ..rules import LegalActions
from ..rules.errors import is_number
from ..rules.observe import Observation
from .errors import LeagueSetupError, SandboxUnavailable
from .submissions import Files, digest_files, read_files

ISOLATIONS = ("auto", "bwrap", "process")
BOT_UID = 65534  # "nobody": the user id of a bot inside the sandbox
ISOLATION_TEXT = {
    "bwrap": "each bot in its own process, in a bubblewrap sandbox (no network, read-only system, private /tmp, "
             "no other files)",
    "process": "each bot in its own process with limits, WITHOUT a sandbox (bubblewrap was not usable)",
}
PROCESS_NOTE = ("naga_widget.league: {why}, so each bot runs only in its own process with limits: it can read "
                "what your user can read, use the network and signal your processes. See docs/league.md")
ROOT_NOTE = ("{why}; the league will not run students' bots without a sandbox as root. Fix the sandbox, run the "
             "league as another user, or ask for it with isolation='process' (--isolation process)")
PR_SET_PDEATHSIG, PR_SET_NO_NEW_PRIVS, CLONE_NEWUSER = 1, 38, 0x10000000
MEMORY_SLACK_MB = 64  # a bot's memory cgroup: its address space, its /tmp and this (page tables, the kernel's)


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


def child_command(spec: dict[str, Any]) -> list[str]:
    """The command of a bot's process: this Python, isolated (``-I``: no environment variables, no
    user site), running :mod:`.child` of this very package (not another installed copy)."""
    start = (f"import sys; sys.path.insert(0, {str(_package_root())!r}); import runpy; "
             "runpy.run_module('naga_widget.league.child', run_name='__main__', alter_sys=True)")
    return [sys.executable, "-I", "-B", "-c", start, json.dumps(spec)]


def bwrap_command(stage: Path, limits: Limits, userns: int | None = None) -> list[str]:
    """The ``bwrap`` arguments that run a bot staged in ``stage`` (see the module doc).

    ``userns``: an open user namespace (:func:`root_user_namespace`, when the referee runs as
    root); bubblewrap then joins it and keeps only the right to change user, which the bot's
    process uses at once to become :data:`BOT_UID`. Else bubblewrap makes its own, where the bot
    is the referee's own (unprivileged) user.

    The order matters: the tmpfs of ``/tmp`` is mounted before the Python folders, so that an
    environment that lives under ``/tmp`` is bound on top of it rather than hidden by it; ``/`` and
    ``/dev`` are made read-only last, so that ``/tmp`` (of ``limits.file_mb``) is the only place the
    bot can write.
    """
    bwrap = shutil.which("bwrap") or "bwrap"
    args = [bwrap]
    if userns is None:
        args += ["--unshare-all", "--unshare-user", "--uid", str(BOT_UID), "--gid", str(BOT_UID), "--disable-userns"]
    else:
        args += ["--userns", str(userns), "--uid", "0", "--gid", "0", "--unshare-ipc", "--unshare-pid",
                 "--unshare-net", "--unshare-uts", "--unshare-cgroup-try",
                 "--cap-drop", "ALL", "--cap-add", "CAP_SETUID", "--cap-add", "CAP_SETGID"]
    args += ["--die-with-parent", "--new-session", "--clearenv",
             "--setenv", "HOME", "/tmp", "--setenv", "PATH", "/usr/bin:/bin", "--setenv", "LANG", "C.UTF-8",
             "--ro-bind", "/usr", "/usr"]
    for name in ("bin", "lib", "lib64", "sbin"):
        target = Path("/" + name)
        if target.is_symlink():
            args += ["--symlink", os.readlink(target), str(target)]
        elif target.exists():
            args += ["--ro-bind", str(target), str(target)]
    args += ["--proc", "/proc", "--dev", "/dev", "--perms", "1777", "--size", str(limits.file_mb << 20),
             "--tmpfs", "/tmp"]
    made = {"/", "/usr", "/tmp", "/proc", "/dev"}
    for path in _python_paths():
        for folder in reversed(Path(path).parents):  # bubblewrap would make them 0700: unreadable to the bot
            if str(folder) not in made:
                made.add(str(folder))
                args += ["--dir", str(folder)]
        args += ["--ro-bind", path, path]
    args += ["--ro-bind", str(stage), "/bot", "--remount-ro", "/dev", "--remount-ro", "/", "--chdir", "/tmp"]
    return args


def _euid() -> int:
    """This process's effective user id (-1 where the OS has none, e.g. Windows)."""
    return os.geteuid() if hasattr(os, "geteuid") else -1


@cache
def _libc() -> Any:
    import ctypes

    return ctypes.CDLL(None, use_errno=True)


def die_with_parent(parent: int | None = None) -> None:
    """Have the kernel kill this process when its parent ends (``PR_SET_PDEATHSIG``); if the
    parent ``parent`` has already ended, end now. Linux only (elsewhere nothing is done)."""
    if not sys.platform.startswith("linux"):
        return
    _libc().prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if parent is not None and os.getppid() != parent:
        os._exit(1)


def root_user_namespace() -> int:
    """A file descriptor of a new user namespace for a bot started by root: user and group 0 map
    to the host's 0 (bubblewrap needs them to set the sandbox up, with the host's root's right to
    read what it binds), :data:`BOT_UID` to the host's :data:`BOT_UID`; no further user namespace
    may be made inside it. The bot's process switches to :data:`BOT_UID` before it runs any of the
    submission's code, and cannot switch back."""
    libc = _libc()
    go_r, go_w = os.pipe()
    ok_r, ok_w = os.pipe()
    with warnings.catch_warnings():  # the child makes system calls only (no lock of another thread is needed)
        warnings.simplefilter("ignore", DeprecationWarning)
        pid = os.fork()
    if pid == 0:  # the holder of the namespace: only system calls, then _exit
        try:
            os.close(go_w)
            os.close(ok_r)
            if libc.unshare(CLONE_NEWUSER) != 0:
                os._exit(2)
            os.write(ok_w, b"u")
            os.read(go_r, 1)  # the maps are written
            fd = os.open("/proc/sys/user/max_user_namespaces", os.O_WRONLY)
            os.write(fd, b"0")
            os.close(fd)
            os.write(ok_w, b"s")
            os.read(go_r, 1)
        finally:
            os._exit(0)
    os.close(go_r)
    os.close(ok_w)
    try:
        if os.read(ok_r, 1) != b"u":
            raise OSError("cannot make a user namespace (unshare failed)")
        mapping = f"0 0 1\n{BOT_UID} {BOT_UID} 1\n".encode()
        for name in ("uid_map", "gid_map"):
            fd = os.open(f"/proc/{pid}/{name}", os.O_WRONLY)
            try:
                os.write(fd, mapping)
            finally:
                os.close(fd)
        os.write(go_w, b"g")
        if os.read(ok_r, 1) != b"s":
            raise OSError("cannot disable user namespaces inside the sandbox's user namespace")
        return os.open(f"/proc/{pid}/ns/user", os.O_RDONLY | os.O_CLOEXEC)
    finally:
        os.close(go_w)
        os.close(ok_r)
        os.waitpid(pid, 0)


def _bwrap_error() -> str | None:
    """Why bubblewrap cannot start the league's sandbox here (its own words), or None if it can."""
    if not sys.platform.startswith("linux"):
        return "bubblewrap is for Linux only"
    if shutil.which("bwrap") is None:
        return "bubblewrap (bwrap) is not installed (Debian's package bubblewrap)"
    import subprocess

    probe = Path(__file__).resolve().parent
    userns = None
    try:
        userns = root_user_namespace() if os.geteuid() == 0 else None
        done = subprocess.run(bwrap_command(probe, Limits(), userns)
                              + child_command({"probe": True}),
                              stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                              timeout=30, pass_fds=() if userns is None else (userns,))
    except (OSError, subprocess.SubprocessError) as exc:
        return f"bubblewrap could not be started: {exc}"
    finally:
        if userns is not None:
            os.close(userns)
    if done.returncode == 0:
        return None
    said = done.stderr.decode("utf-8", errors="replace").strip()[-500:] or f"exit code {done.returncode}"
    return f"bubblewrap cannot start the sandbox here: {said!r}"


@cache
def bwrap_problem() -> str | None:
    """Why bubblewrap cannot start a sandbox here, quoting its error; None if it can (probed once)."""
    return _bwrap_error()


def bwrap_works() -> bool:
    """Can bubblewrap start a sandbox here (installed, and user namespaces allowed)?"""
    return bwrap_problem() is None


def choose_isolation(isolation: str = "auto") -> str:
    """``"bwrap"`` or ``"process"``: ``"auto"`` takes bubblewrap where it works; else, warned,
    processes alone, but never for a teacher who is root (that needs ``isolation="process"``)."""
    if isolation not in ISOLATIONS:
        raise LeagueSetupError(f"isolation must be one of {ISOLATIONS}, not {isolation!r}")
    if isolation == "process":
        return isolation
    problem = bwrap_problem()
    if problem is None:
        return "bwrap"
    if isolation == "bwrap":
        raise SandboxUnavailable(f"isolation='bwrap' was asked for, but {problem}")
    if _euid() == 0:
        raise SandboxUnavailable(ROOT_NOTE.format(why=problem))
    warnings.warn(PROCESS_NOTE.format(why=problem), RuntimeWarning, stacklevel=3)
    return "process"


@contextmanager
def staged(submissions: Sequence[Files]) -> Iterator[list[Path]]:
    """A private copy of each submission's files, made for one game and removed after it.

    The folder is new (``mkdtemp``: mode 0700, of this user, checked), so nobody else can have
    put or changed anything in it; each file is written without following a link and read back
    to check its digest; folders are then made read-only (0555) and files 0444 (for the bot's
    user in the sandbox, which is not this one when the referee is root). The stages that a
    killed league of this user left behind are removed first."""
    _sweep_stages(Path(tempfile.gettempdir()))
    root = Path(tempfile.mkdtemp(prefix=f"naga-league-stage-{os.getpid()}-"))
    try:
        info = os.lstat(root)
        if not stat.S_ISDIR(info.st_mode) or (_euid() != -1 and (info.st_uid != _euid() or info.st_mode & 0o077)):
            raise OSError(f"the stage folder {root} is not private to this user")
        out = []
        for i, files in enumerate(submissions):
            target = root / str(i)
            target.mkdir(mode=0o700)
            for rel, data in files:
                if rel.startswith("/") or ".." in Path(rel).parts:
                    raise ValueError(f"a submission file outside its folder: {rel!r}")
                dest = target / rel
                dest.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
                fd = os.open(dest, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600)
                with os.fdopen(fd, "wb") as f:
                    f.write(data)
            if digest_files(read_files(target)) != digest_files(files):
                raise OSError(f"the staged copy in {target} is not what was submitted")
            for folder, _, names in os.walk(target):
                for name in names:
                    os.chmod(Path(folder) / name, 0o444, follow_symlinks=False)
                os.chmod(folder, 0o555)
            out.append(target)
        yield out
    finally:
        _remove_stage(root)


def _remove_stage(root: Path) -> None:
    """Remove a stage, whatever a bot of the process mode made of it (links are not followed)."""
    for folder, dirs, _ in os.walk(root):
        for name in dirs:
            if not (Path(folder) / name).is_symlink():
                try:
                    os.chmod(Path(folder) / name, 0o700)
                except OSError:
                    pass
    shutil.rmtree(root, ignore_errors=True)


def _sweep_stages(folder: Path) -> None:
    """Remove the stages of this user's leagues that were killed before they could (by the process
    id in the name: only those whose process has ended)."""
    for old in folder.glob("naga-league-stage-*-*"):
        try:
            info = os.lstat(old)
            if not stat.S_ISDIR(info.st_mode) or info.st_uid != _euid():
                continue
            os.kill(int(old.name.split("-")[3]), 0)
        except ProcessLookupError:
            _remove_stage(old)
        except (OSError, ValueError, IndexError):
            pass


# -- the pids cgroup -----------------------------------------------------------------------------
def _cgroup_bases() -> dict[str, Path]:
    """Where this process may make a cgroup that bounds ``"pids"`` and ``"memory"`` (v1: one
    hierarchy each; v2: the unified one, for the controllers it offers)."""
    found: dict[str, Path] = {}
    for controller in ("pids", "memory"):
        for base in (Path("/sys/fs/cgroup") / controller, Path("/sys/fs/cgroup")):
            if not ((base / "cgroup.procs").exists() and os.access(base, os.W_OK)):
                continue
            if base.name != controller:
                try:
                    if controller not in (base / "cgroup.controllers").read_text(errors="replace").split():
                        continue
                except OSError:
                    continue
            found[controller] = base
            break
    return found


def _sweep(base: Path) -> None:
    """Remove the empty cgroups of leagues that ended without removing theirs (killed)."""
    for old in base.glob("naga-league-*"):
        try:
            os.kill(int(old.name.split("-")[2]), 0)
        except ProcessLookupError:
            try:
                old.rmdir()
            except OSError:
                pass
        except (OSError, ValueError, IndexError):
            pass


class ProcessGroup:
    """The cgroups of one bot process, where the machine allows them (else nothing is bounded):
    ``pids`` bounds its processes and threads; ``memory`` bounds all the memory of all of them
    (with what they put in its ``/tmp``, in shared memory or in ``memfd`` files)."""

    def __init__(self, processes: int, memory_bytes: int | None = None) -> None:
        self.paths: list[Path] = []
        name = f"naga-league-{os.getpid()}-{time.monotonic_ns()}"
        bases = _cgroup_bases()
        for controller, base in bases.items():
            if controller == "memory" and memory_bytes is None:
                continue
            path = base / name
            try:
                if path not in self.paths:
                    _sweep(base)
                    path.mkdir()
                    self.paths.append(path)
                if controller == "pids":
                    (path / "pids.max").write_text(str(processes))
                elif (path / "memory.max").exists():
                    (path / "memory.max").write_text(str(memory_bytes))
                    if (path / "memory.swap.max").exists():
                        (path / "memory.swap.max").write_text("0")
                else:
                    (path / "memory.limit_in_bytes").write_text(str(memory_bytes))
                    if (path / "memory.memsw.limit_in_bytes").exists():  # no more in swap either
                        (path / "memory.memsw.limit_in_bytes").write_text(str(memory_bytes))
            except OSError:
                pass  # that controller is not to be had here

    @property
    def path(self) -> Path | None:
        return self.paths[0] if self.paths else None

    def join(self) -> None:
        """Put the calling process into the group (called in the child, before it runs the bot)."""
        for path in self.paths:
            (path / "cgroup.procs").write_text(str(os.getpid()))

    def remove(self) -> None:
        for path in self.paths:
            for _ in range(250):  # up to 5 s: a busy machine takes a while to end a namespace of processes
                try:
                    for pid in (path / "cgroup.procs").read_text().split():
                        try:
                            os.kill(int(pid), signal.SIGKILL)
                        except OSError:
                            pass
                    path.rmdir()
                    break
                except OSError:
                    time.sleep(0.02)
        self.paths = []


# -- one bot process -----------------------------------------------------------------------------
class Sandbox:
    """One bot's process for one game: started, asked, and killed (see the module doc)."""

    def __init__(self, name: str, stage: Path, class_name: str | None, limits: Limits, isolation: str) -> None:
        import subprocess  # here: Pyodide has no processes

        self.name, self.limits, self.isolation = name, limits, isolation
        self.group = ProcessGroup(limits.processes, (limits.memory_mb + limits.file_mb + MEMORY_SLACK_MB) << 20)
        self.parent = os.getpid()
        userns = root_user_namespace() if isolation == "bwrap" and os.geteuid() == 0 else None
        inside = "/bot" if isolation == "bwrap" else str(stage)
        python = child_command({"path": inside, "class": class_name, "uid": None if userns is None else BOT_UID})
        command = bwrap_command(stage, limits, userns) + python if isolation == "bwrap" else python
        env = {"PATH": "/usr/bin:/bin", "HOME": str(stage), "LANG": "C.UTF-8"}
        try:
            self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                            stderr=subprocess.DEVNULL, cwd=str(stage), env=env,
                                            start_new_session=True, preexec_fn=self._limit,
                                            pass_fds=() if userns is None else (userns,))
        finally:
            if userns is not None:
                os.close(userns)
        self.used = 0.0  # seconds of decisions this game
        self.class_name = str(self.call(None, limits.start_seconds, what="to import its submission",
                                        late=FailureKind.SLOW_IMPORT))

    def _limit(self) -> None:
        """In the child, before exec: the resource limits, and the pids cgroup."""
        import resource

        mb = 1 << 20
        resource.setrlimit(resource.RLIMIT_AS, (self.limits.memory_mb * mb, self.limits.memory_mb * mb))
        resource.setrlimit(resource.RLIMIT_CPU, (self.limits.cpu_seconds, self.limits.cpu_seconds + 1))
        resource.setrlimit(resource.RLIMIT_FSIZE, (self.limits.file_mb * mb, self.limits.file_mb * mb))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        self.group.join()
        die_with_parent(self.parent)  # bubblewrap's --die-with-parent does the same for the sandbox

    def call(self, message: dict[str, Any] | None, timeout: float, what: str = "to choose its move",
             late: FailureKind = FailureKind.TIMEOUT) -> Any:
        """Send ``message`` (None: only read) and read the answer within ``timeout`` seconds (past
        it, the failure is of kind ``late``)."""
        stdin, stdout = self.process.stdin, self.process.stdout
        assert stdin is not None and stdout is not None
        started = time.monotonic()
        try:
            if message is not None:
                stdin.write(pack(message))
                stdin.flush()
            body = read_message(stdout.fileno(), started + timeout)
        except TimeoutError:  # before OSError, of which it is a kind
            self.close()
            stopped = f"its process was stopped after {timeout:g} s without an answer"
            raise SeatError(failure(late, f"took longer than {timeout:g} s {what}", seconds=timeout,
                                    traceback=stopped)) from None
        except (BrokenPipeError, ConnectionResetError, OSError):
            body = None
        except WireError as exc:
            self.close()
            raise SeatError(failure(FailureKind.PROTOCOL,
                                    f"sent a message that is not part of the protocol ({exc})")) from None
        finally:
            if message is not None and message.get("op") == "act":
                self.used += time.monotonic() - started
        if body is None:
            raise SeatError(self._ended())
        try:
            value = reply_value(body)
        except WireError:
            self.close()
            raise SeatError(failure(FailureKind.PROTOCOL, "sent a message that is not part of the protocol")) from None
        if isinstance(value, Failure):
            raise SeatError(value)
        return value

    def _ended(self) -> Failure:
        """Why the process ended (it is killed if it has not)."""
        import subprocess

        try:
            code = self.process.wait(timeout=2)
        except subprocess.TimeoutExpired:  # still running: it closed its pipe
            self.close()
            return failure(FailureKind.CRASHED, "closed its connection to the referee")
        self.close()
        if self.isolation == "bwrap" and code > 128 and code - 128 in {int(s) for s in signal.valid_signals()}:
            code = 128 - code  # bubblewrap exits with 128 + the signal that ended the bot
        if code == -signal.SIGXCPU or code == -signal.SIGKILL and self.limits.cpu_seconds <= 0:
            return failure(FailureKind.CPU, f"was killed by the kernel after {self.limits.cpu_seconds} s of CPU time",
                           seconds=self.limits.cpu_seconds)
        if code < 0:
            return failure(FailureKind.CRASHED, f"ended its process (killed by signal {signal.Signals(-code).name})")
        return failure(FailureKind.CRASHED, f"ended its process (exit code {code})")

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
        except SeatError as exc:  # its process ended or broke the protocol before it could start: it did not
            failed = exc.failure
            kind = FailureKind.UNSTARTED if failed.kind in (FailureKind.CRASHED, FailureKind.PROTOCOL) else failed.kind
            raise SeatError(replace(failed, kind=kind, error=f"could not start: {failed.error}")) from None
        self.box.call({"op": "new", "seed": seed}, self.limits.start_seconds, what="to build its bot",
                      late=FailureKind.SLOW_BUILD)

    def act(self, observation: Observation, legal: LegalActions, timeout: float | None = None) -> str:
        box = self.box
        assert box is not None
        left = self.limits.game_seconds - box.used
        if left <= 0:
            box.close()
            raise SeatError(failure(FailureKind.GAME_TIME, f"used up its {self.limits.game_seconds:g} s for the game",
                                    seconds=self.limits.game_seconds))
        limit = min(self.limits.move_seconds if timeout is None else timeout, left)
        what = "to choose its move" if limit < left else "to choose its move (its time for the game ran out)"
        value = box.call({"op": "act", "observation": observation, "legal": legal_to_json(legal)}, limit, what)
        if not isinstance(value, str):
            raise SeatError(failure(FailureKind.PROTOCOL, "sent an answer that is not an action's text"))
        return value

    def close(self) -> None:
        if self.box is not None:
            self.box.close()
            self.box = None
