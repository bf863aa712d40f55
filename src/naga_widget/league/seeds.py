"""The league's seeds: which deals are played, and what each bot's own random numbers start from.

A bot gets a seed, and a seed may not give away what it must not know (R6). Before, every seed
of a league was a plain hash of the league seed (0 unless the teacher chose another) and of what
the seed was for: a bot could try small league seeds until one gave its own seed, and then build
each deal and read the opponent's cards. Now:

- every seed of a league is an HMAC-SHA-256, keyed by a **secret** of 256 bits from the OS
  (:mod:`secrets`) and of the league seed and what the seed is for (``"deal"``, ``"bot"``, ...).
  Without the key, a bot's seed says nothing about the deals (nor about the league seed): a deal
  seed and a bot seed are two outputs of a keyed function on different inputs;
- the **league seed** is the teacher's (``--seed``), or else one the results folder drew from the
  OS on its first run. It only picks the deals among those the key allows; it is never sent to a
  bot, nor is the key, nor a deal's seed;
- the key and the folder's own league seed are kept in ``<results>/secret.json``, made with mode
  0600 on the first run and reused by every rerun: the same folder plays the same games again,
  byte for byte. Another folder draws another key, and so other deals even with the same
  ``--seed``; to play a league again elsewhere, copy its ``secret.json`` there (keeping its mode).

Deal seeds have 128 bits (as the default seed of a :class:`~naga_widget.match.Match`), so they
cannot be found by trying every deal either; bot seeds have 32 bits, as before.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
import stat
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path

from ..rules.errors import is_int
from .errors import LeagueSetupError

SECRET_FILE = "secret.json"
FORMAT = "naga-league-secret"


@dataclass(frozen=True, repr=False)
class Seeds:
    """The seeds of one league: its key (secret), its league seed, and whether the teacher chose it."""

    key: bytes
    league: int
    chosen: bool = False

    def __repr__(self) -> str:  # the key never appears in a log or a traceback
        return f"Seeds(league={'chosen' if self.chosen else 'own'}, key=<secret>)"

    def _mac(self, bits: int, *parts: object) -> int:
        text = "\x1f".join(["naga-league", str(self.league), *map(str, parts)])
        digest = hmac.new(self.key, text.encode(), hashlib.sha256).digest()
        return int.from_bytes(digest[: bits // 8], "big")

    def deal(self, deal: int) -> int:
        """The match seed of deal ``deal`` (the same for every pair: duplicate seating)."""
        return self._mac(128, "deal", deal)

    def game(self, a: str, b: str, deal: int) -> int:
        """The match seed of one game of ``a`` and ``b`` on a deal of its own (no duplicate seating)."""
        return self._mac(128, "game", a, b, deal)

    def bot(self, deal: int, name: str) -> int:
        """The seed bot ``name`` is built with for its games on deal ``deal``."""
        return self._mac(32, "bot", deal, name)

    def smoke(self) -> tuple[int, tuple[int, int]]:
        """The match seed of every smoke game, and the seeds of its two bots."""
        return self._mac(128, "smoke"), (self._mac(32, "smoke-bot"), self._mac(32, "smoke-opponent"))

    @classmethod
    def fresh(cls, seed: int | None = None) -> Seeds:
        """Seeds with a new key from the OS (used once: nothing can play them again)."""
        chosen = _check(seed)
        return cls(secrets.token_bytes(32), secrets.randbits(64) if chosen is None else chosen, chosen is not None)

    @classmethod
    def of_folder(cls, results: str | Path, seed: int | None = None) -> Seeds:
        """The seeds of the league whose results folder is ``results``: its ``secret.json`` (made on
        the first run), with the teacher's league seed ``seed`` if given, else the folder's own."""
        chosen = _check(seed)
        folder = Path(results)
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / SECRET_FILE
        if not os.path.lexists(path):
            _create(path)
        key, own = _read(path)
        return cls(key, own if chosen is None else chosen, chosen is not None)


def _check(seed: object) -> int | None:
    if seed is None:
        return None
    if not is_int(seed) or not 0 <= int(seed) < 2**128:  # type: ignore[call-overload]
        raise LeagueSetupError(f"a league seed is a whole number from 0 to 2**128 - 1, not {seed!r}")
    return int(seed)  # type: ignore[call-overload]


def _create(path: Path) -> None:
    """Write a new secret to ``path``: a file of mode 0600 that appears whole or not at all."""
    text = json.dumps({"format": FORMAT, "version": 1, "key": secrets.token_hex(32), "seed": secrets.randbits(64),
                       "note": "the key of this league's seeds: keep it private (mode 0600); it replays the league"})
    tmp = path.with_name(f".{path.name}.{secrets.token_hex(8)}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        with suppress(FileExistsError):  # another league made it first: theirs is kept
            os.link(tmp, path)
    finally:
        with suppress(OSError):
            os.unlink(tmp)


def _read(path: Path) -> tuple[bytes, int]:
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
    except OSError as exc:
        raise LeagueSetupError(f"the league's secret {str(path)!r} cannot be read ({exc.strerror}); it must be a "
                               "regular file of yours, mode 0600") from None
    with os.fdopen(fd, "r", encoding="utf-8") as f:
        info = os.fstat(f.fileno())
        if not stat.S_ISREG(info.st_mode) or info.st_uid != os.geteuid():
            raise LeagueSetupError(f"the league's secret {str(path)!r} must be a regular file owned by you")
        if info.st_mode & 0o077:
            raise LeagueSetupError(f"the league's secret {str(path)!r} may be read or written by others (mode "
                                   f"{stat.S_IMODE(info.st_mode):o}): make it private with chmod 600")
        try:
            data = json.loads(f.read(4096))
            key = bytes.fromhex(data["key"])
            seed = data["seed"]
        except (ValueError, KeyError, TypeError):
            raise LeagueSetupError(f"the league's secret {str(path)!r} is damaged; delete it to start the league "
                                   "afresh (every game will be played again)") from None
    if data.get("format") != FORMAT or len(key) != 32 or not is_int(seed) or seed < 0:
        raise LeagueSetupError(f"the league's secret {str(path)!r} is not one this version made; delete it to start "
                               "the league afresh (every game will be played again)")
    return key, int(seed)
