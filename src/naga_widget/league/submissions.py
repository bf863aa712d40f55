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
"""

from __future__ import annotations

import hashlib
import os
import re
from dataclasses import dataclass
from pathlib import Path

from .errors import NotAFolder

MANIFEST = "league.txt"
NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")
_CLASS_LINE = re.compile(r"^\s*(?:#\s*league:\s*)?class\s*=\s*([A-Za-z_][A-Za-z0-9_]*)\s*$", re.MULTILINE)
_FILE_CLASS_LINE = re.compile(r"^\s*#\s*league:\s*class\s*=\s*([A-Za-z_][A-Za-z0-9_]*)\s*$", re.MULTILINE)
SKIP = {"__pycache__", ".git", ".ipynb_checkpoints"}


@dataclass(frozen=True)
class Submission:
    """One student's bot: its name, where it is, its class (if a manifest names one) and its hash."""

    name: str
    path: Path
    class_name: str | None
    digest: str

    @property
    def short(self) -> str:
        return self.digest[:12]

    def files(self) -> list[Path]:
        return _files(self.path)


def _files(path: Path) -> list[Path]:
    if path.is_file():
        return [path]
    out = []
    for folder, dirs, names in os.walk(path):
        dirs[:] = sorted(d for d in dirs if d not in SKIP)
        out += [Path(folder) / n for n in sorted(names) if not n.endswith(".pyc")]
    return out


def digest_of(path: Path) -> str:
    h = hashlib.sha256()
    for file in _files(path):
        rel = file.name if path.is_file() else file.relative_to(path).as_posix()
        data = file.read_bytes()
        h.update(f"{rel}\0{len(data)}\0".encode())
        h.update(data)
    return h.hexdigest()


def class_named(path: Path) -> str | None:
    """The class a manifest line names, if any (see the module doc)."""
    if path.is_file():
        found = _FILE_CLASS_LINE.search(path.read_text(encoding="utf-8", errors="replace"))
    elif (path / MANIFEST).is_file():
        found = _CLASS_LINE.search((path / MANIFEST).read_text(encoding="utf-8", errors="replace"))
    else:
        found = None
    return found.group(1) if found else None


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
        name = entry.stem if entry.is_file() else entry.name
        if entry.is_file() and entry.suffix != ".py":
            continue
        if not NAME.match(name):
            rejected.append(Rejected(name, "a name may hold only letters, digits, '.', '_' and '-' (at most 64)"))
            continue
        if entry.is_dir() and not (entry / "bot.py").is_file():
            rejected.append(Rejected(name, "a submission folder must hold a bot.py"))
            continue
        if any(s.name == name for s in found):
            rejected.append(Rejected(name, f"two submissions are named {name!r} (a file and a folder)"))
            continue
        found.append(Submission(name, entry.resolve(), class_named(entry), digest_of(entry)))
    return found, rejected
