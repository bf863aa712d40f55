"""The students' submissions: found in a folder, named, hashed, and staged for their sandbox.

A submissions folder holds one entry per student:

- ``alice.py``: a single file; or
- ``alice/`` with a ``bot.py`` (and any other files the bot reads).

The student's name is the file's or folder's name. The bot class is the one class the module
defines with an ``act(observation, legal)`` method; where there are several, a manifest line
names it: ``# league: class = MyBot`` anywhere in the ``.py`` file, or ``class = MyBot`` in a
``league.txt`` beside ``bot.py``.

A submission is identified by the SHA-256 of its files (their paths and contents, ``__pycache__``
left out): a changed file is a new submission, and the league plays its games again.

A submission is read once, safely, whatever its folder holds: only regular files and folders
(never following a symbolic link: ``os.walk(followlinks=False)``, ``lstat``, ``O_NOFOLLOW``), at
most :data:`MAX_FILES` files and :data:`MAX_BYTES` bytes in all. A symbolic link, a FIFO, a device
or a socket, a file that cannot be read, or too much data makes that submission fail with the
reason (:class:`Rejected`); the other submissions are not affected.
"""

from __future__ import annotations

import hashlib
import os
import re
import stat
from dataclasses import dataclass, field
from pathlib import Path

from .errors import NotAFolder

MANIFEST = "league.txt"
NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")
_CLASS_LINE = re.compile(r"^\s*(?:#\s*league:\s*)?class\s*=\s*([A-Za-z_][A-Za-z0-9_]*)\s*$", re.MULTILINE)
_FILE_CLASS_LINE = re.compile(r"^\s*#\s*league:\s*class\s*=\s*([A-Za-z_][A-Za-z0-9_]*)\s*$", re.MULTILINE)
SKIP = {"__pycache__", ".git", ".ipynb_checkpoints"}
MAX_FILES = 200  # files of one submission
MAX_BYTES = 8 << 20  # bytes of all the files of one submission

Files = tuple[tuple[str, bytes], ...]  # (path relative to the submission, content), sorted by path


class BadSubmission(ValueError):
    """A submission that cannot be read as one (the message says why, naming the entry)."""


def _kind(mode: int) -> str:
    for test, name in ((stat.S_ISLNK, "a symbolic link"), (stat.S_ISFIFO, "a FIFO (named pipe)"),
                       (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
                       (stat.S_ISSOCK, "a socket"), (stat.S_ISDIR, "a folder")):
        if test(mode):
            return name
    return "not a regular file"


def _read_regular(path: Path, rel: str, budget: int) -> bytes:
    """The bytes of the regular file ``path``, opened without following a link and without blocking
    (a FIFO swapped in after the check is refused, not waited on); at most ``budget`` bytes."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError as exc:
        raise BadSubmission(f"{rel!r} cannot be read ({exc.strerror})") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise BadSubmission(f"{rel!r} is {_kind(info.st_mode)}: a submission may hold only regular files")
        if info.st_size > budget:
            raise BadSubmission(f"the submission is too big: more than {MAX_BYTES >> 20} MB in all")
        chunks, left = [], budget + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        data = b"".join(chunks)
        if len(data) > budget:
            raise BadSubmission(f"the submission is too big: more than {MAX_BYTES >> 20} MB in all")
        return data
    except OSError as exc:
        raise BadSubmission(f"{rel!r} cannot be read ({exc.strerror})") from None
    finally:
        os.close(fd)


def read_files(path: Path) -> Files:
    """The files of the submission at ``path`` (a ``.py`` file, or a folder), read once and safely
    (see the module doc); raises :class:`BadSubmission` naming the first entry that is refused."""
    try:
        top = os.lstat(path)
    except OSError as exc:
        raise BadSubmission(f"{path.name!r} cannot be read ({exc.strerror})") from None
    if stat.S_ISREG(top.st_mode):
        return ((path.name, _read_regular(path, path.name, MAX_BYTES)),)
    if not stat.S_ISDIR(top.st_mode):
        raise BadSubmission(f"{path.name!r} is {_kind(top.st_mode)}: a submission is a .py file or a folder")
    out: list[tuple[str, bytes]] = []
    budget = MAX_BYTES

    def fail(exc: OSError) -> None:
        raise BadSubmission(f"{Path(exc.filename or path).name!r} cannot be read ({exc.strerror})")

    for folder, dirs, names in os.walk(path, followlinks=False, onerror=fail):
        base = Path(folder)
        for name in list(dirs):
            mode = os.lstat(base / name).st_mode
            if not stat.S_ISDIR(mode):  # a link to a folder is listed with the folders
                raise BadSubmission(f"{(base / name).relative_to(path).as_posix()!r} is {_kind(mode)}: "
                                    "a submission may hold only regular files and folders")
        dirs[:] = sorted(d for d in dirs if d not in SKIP)
        for name in sorted(names):
            if name.endswith(".pyc"):
                continue
            rel = (base / name).relative_to(path).as_posix()
            mode = os.lstat(base / name).st_mode
            if not stat.S_ISREG(mode):
                raise BadSubmission(f"{rel!r} is {_kind(mode)}: a submission may hold only regular files and folders")
            if len(out) >= MAX_FILES:
                raise BadSubmission(f"the submission holds more than {MAX_FILES} files")
            data = _read_regular(base / name, rel, budget)
            budget -= len(data)
            out.append((rel, data))
    return tuple(out)


def digest_files(files: Files) -> str:
    """The SHA-256 of a submission's files (paths and contents)."""
    h = hashlib.sha256()
    for rel, data in files:
        h.update(f"{rel}\0{len(data)}\0".encode())
        h.update(data)
    return h.hexdigest()


@dataclass(frozen=True)
class Submission:
    """One student's bot: its name, where it is, its class (if a manifest names one) and its hash."""

    name: str
    path: Path
    class_name: str | None
    digest: str
    files: Files = field(default=(), repr=False, compare=False)  # as read when it was found

    @property
    def short(self) -> str:
        return self.digest[:12]

    @property
    def single(self) -> bool:
        """Is it one ``.py`` file (else a folder with a ``bot.py``)?"""
        return len(self.files) == 1 and self.files[0][0] == self.path.name and self.path.suffix == ".py"


def digest_of(path: Path) -> str:
    return digest_files(read_files(path))


def class_in(files: Files, single: bool) -> str | None:
    """The class a manifest line names, if any (see the module doc)."""
    if single:
        found = _FILE_CLASS_LINE.search(files[0][1].decode("utf-8", errors="replace"))
    else:
        manifest = dict(files).get(MANIFEST)
        found = _CLASS_LINE.search(manifest.decode("utf-8", errors="replace")) if manifest is not None else None
    return found.group(1) if found else None


def class_named(path: Path) -> str | None:
    """The class a manifest line of the submission at ``path`` names, if any."""
    files = read_files(path)
    return class_in(files, stat.S_ISREG(os.lstat(path).st_mode))


def submission_at(name: str, path: Path) -> Submission:
    """The submission at ``path`` (a ``.py`` file or a folder with a ``bot.py``), read once;
    raises :class:`BadSubmission` with the reason where it is not one."""
    files = read_files(path)
    single = stat.S_ISREG(os.lstat(path).st_mode)
    if single and path.suffix != ".py":
        raise BadSubmission(f"{path.name!r} is not a .py file")
    if not single and "bot.py" not in dict(files):
        raise BadSubmission("a submission folder must hold a bot.py")
    return Submission(name, path.absolute(), class_in(files, single), digest_files(files), files)


@dataclass(frozen=True)
class Rejected:
    """An entry of the folder that is not a submission, and why."""

    name: str
    error: str


def discover(folder: str | Path) -> tuple[list[Submission], list[Rejected]]:
    """The submissions in ``folder`` (sorted by name), and the entries that are not one."""
    root = Path(folder)
    if not root.is_dir():
        raise NotAFolder(f"the submissions folder {str(root)!r} is not a folder")
    found: list[Submission] = []
    rejected: list[Rejected] = []
    for entry in sorted(root.iterdir(), key=lambda p: p.name):
        if entry.name.startswith(".") or entry.name in SKIP:
            continue
        try:
            mode = os.lstat(entry).st_mode
        except OSError as exc:
            rejected.append(Rejected(entry.name, f"cannot be read ({exc.strerror})"))  # a name the report escapes
            continue
        name = entry.stem if stat.S_ISREG(mode) or entry.suffix == ".py" else entry.name
        if stat.S_ISREG(mode) and entry.suffix != ".py":
            continue  # notes beside the submissions
        if not NAME.match(name):
            rejected.append(Rejected(name, "a name may hold only letters, digits, '.', '_' and '-' (at most 64)"))
            continue
        if not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):
            rejected.append(Rejected(name, f"{entry.name!r} is {_kind(mode)}: a submission is a .py file or a folder"))
            continue
        if any(s.name == name for s in found):
            rejected.append(Rejected(name, f"two submissions are named {name!r} (a file and a folder)"))
            continue
        try:
            found.append(submission_at(name, entry))
        except BadSubmission as exc:
            rejected.append(Rejected(name, str(exc)))
    return found, rejected
