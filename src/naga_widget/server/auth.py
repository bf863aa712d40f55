"""Who may connect and how much: the join code, the teacher's credential, the rate limit per connection
and the check of a browser page's origin (``docs/server.md``, "Threat model").

>>> origin_allowed("http://127.0.0.1:8765", "127.0.0.1:8765", ())
True
>>> origin_allowed("https://evil.example", "127.0.0.1:8765", ())
False
>>> origin_allowed("https://hub.example", "127.0.0.1:8765", ("https://hub.example",))
True
>>> origin_allowed(None, "127.0.0.1:8765", ())  # a program, not a browser page
True
"""

from __future__ import annotations

import contextlib
import hmac
import os
import secrets
import time
from pathlib import Path
from urllib.parse import urlsplit

from .store import digest, new_credential

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: read aloud and typed by a class
CODE_CHARS = 8
RATE_BURST = 100  # at most this many messages at once on one connection
RATE_PER_SECOND = 50.0  # and this many a second on average (a fast bot sends a few dozen)


def new_join_code() -> str:
    """A class's join code: 8 characters easy to read aloud (40 bits)."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_CHARS))


def same_text(a: str, b: str) -> bool:
    """Compare a secret without telling by the time taken how much of it matched."""
    return hmac.compare_digest(a.encode("utf-8", "surrogatepass"), b.encode("utf-8", "surrogatepass"))


def teacher_file(db: str) -> Path:
    """Where ``naga-widget serve`` writes the teacher's credential unless told: beside the database, as
    ``class.db-teacher`` (SQLite's own files beside it are ``class.db-wal`` and ``class.db-shm``).

    >>> teacher_file("/srv/naga/class.db").as_posix()
    '/srv/naga/class.db-teacher'
    """
    if db == ":memory:" or db.startswith("file:"):
        return Path.cwd() / "naga-teacher"
    path = Path(db)
    return path.with_name(path.name + "-teacher")


def write_private(path: Path, text: str) -> None:
    """Write ``text`` to ``path``, readable and writable by its owner only (mode 0600): written whole to a
    new file of that mode beside it, then moved over it, so that the file is never readable by others,
    not even for a moment, and an older file of a looser mode is replaced rather than reused."""
    part = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}")
    fd = os.open(part, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            os.chmod(part, 0o600)
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(part, path)
    except BaseException:
        with contextlib.suppress(OSError):
            part.unlink()
        raise


class Teacher:
    """The teacher's credential: made at each start, written once to a private file (``naga-widget serve``,
    :func:`write_private`), kept in memory only as a hash."""

    def __init__(self, credential: str | None = None) -> None:
        credential = credential or new_credential()
        self._hash = digest(credential)
        self.shown: str | None = credential  # written at start by the command line, then forgotten

    def take(self) -> str:
        """The credential in clear, once (to write it to the teacher's file)."""
        credential, self.shown = self.shown, None
        if credential is None:
            raise RuntimeError("the teacher's credential was already taken")
        return credential

    def matches(self, credential: str) -> bool:
        return same_text(digest(credential), self._hash)


class RateLimit:
    """A token bucket: :data:`RATE_BURST` messages at once, :data:`RATE_PER_SECOND` a second after.

    >>> limit = RateLimit(burst=2, per_second=1.0, clock=lambda: 0.0)
    >>> [limit.allow() for _ in range(3)]
    [True, True, False]
    """

    def __init__(self, burst: int = RATE_BURST, per_second: float = RATE_PER_SECOND,
                 clock: object = time.monotonic) -> None:
        self.burst = burst
        self.per_second = per_second
        self._clock = clock
        self._tokens = float(burst)
        self._last = self._now()
        self.refused = 0  # messages refused since the bucket was last full (the sender last calmed down)

    def _now(self) -> float:
        return float(self._clock())  # type: ignore[operator]

    def allow(self) -> bool:
        now = self._now()
        self._tokens = min(self.burst, self._tokens + (now - self._last) * self.per_second)
        self._last = now
        if self._tokens >= self.burst:
            self.refused = 0
        if self._tokens >= 1:
            self._tokens -= 1
            return True
        self.refused += 1
        return False


def origin_of(url: str) -> str:
    """The origin of a URL given to ``--origin``: its scheme, host and port, lower case; a path is dropped
    (a site published at ``https://class.github.io/naga/`` is of ``https://class.github.io``)."""
    try:
        parts = urlsplit(url.strip())
    except ValueError:
        return url.strip().rstrip("/").lower()
    if parts.scheme and parts.netloc:
        return f"{parts.scheme}://{parts.netloc}".lower()
    return url.strip().rstrip("/").lower()


def origin_allowed(origin: str | None, host: str | None, allowed: tuple[str, ...]) -> bool:
    """May a page of ``origin`` open the WebSocket of the server reached as ``host`` (its Host header)?
    Pages of the same host and port, and the origins of the allow-list, may; a request with no Origin
    comes from a program (browsers always send it), and the credential is what counts then."""
    if origin is None:
        return True
    origin = origin.strip().rstrip("/").lower()
    if origin in {origin_of(a) for a in allowed}:
        return True
    try:
        netloc = urlsplit(origin).netloc
    except ValueError:
        return False
    return bool(host) and netloc.lower() == str(host).lower()
