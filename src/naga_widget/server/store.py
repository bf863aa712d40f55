"""The server's one SQLite file: players, challenges, matches and every move (``docs/server.md``,
"What is stored").

The file is in WAL mode with ``synchronous=FULL``: a call that writes returns once its transaction is
committed to disk, and the server tells nobody of a move before that. Credentials are kept as SHA-256
hashes only. A match is its seed and its moves: :meth:`Store.moves` gives them back to replay it.

>>> store = Store(":memory:")
>>> pid, cred = store.add_player("Ada", bot=False)
>>> store.player_by_credential(cred)["name"], store.player_by_credential("nope")
('Ada', None)
>>> cred in repr(store.conn.execute("select * from players").fetchall())
False
"""

from __future__ import annotations

import hashlib
import json
import secrets
import sqlite3
import time
from typing import Any

SCHEMA = """
create table if not exists settings (key text primary key, value text not null);
create table if not exists players (
    id integer primary key, name text not null, bot integer not null, credential text not null unique,
    joined real not null);
create table if not exists challenges (
    id integer primary key, source integer not null, target integer, house text, status text not null,
    match integer, made real not null);
create table if not exists matches (
    id integer primary key, seed text not null, seats text not null, started real not null, result text);
create table if not exists moves (
    match integer not null, step integer not null, action text not null, seat integer not null,
    made real not null, primary key (match, step));
create table if not exists credentials (credential text primary key, player integer not null);
"""

CREDENTIAL_BYTES = 24  # 192 random bits


def new_credential() -> str:
    return secrets.token_urlsafe(CREDENTIAL_BYTES)


def digest(credential: str) -> str:
    """The hash kept in place of a credential (a credential is random: a plain SHA-256 suffices)."""
    return hashlib.sha256(credential.encode("utf-8", "surrogatepass")).hexdigest()


class StoreError(RuntimeError):
    """The file holds what this server cannot continue from (a move out of order)."""


class Store:
    """The database of one class (``path``: a file, or ``":memory:"`` for tests)."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self.conn.row_factory = sqlite3.Row
        self.conn.execute("pragma journal_mode=wal")
        self.conn.execute("pragma synchronous=full")
        self.conn.execute("pragma foreign_keys=on")
        self.conn.execute("pragma busy_timeout=5000")
        self.conn.executescript(SCHEMA)

    def close(self) -> None:
        self.conn.close()

    def _write(self, sql: str, args: tuple[Any, ...] = ()) -> int:
        """One statement in its own committed transaction; the new row's id."""
        cur = self.conn.cursor()
        cur.execute("begin immediate")
        try:
            cur.execute(sql, args)
            rowid = cur.lastrowid or 0
            cur.execute("commit")
        except BaseException:
            cur.execute("rollback")
            raise
        return rowid

    # -- settings ---------------------------------------------------------------------------------
    def setting(self, key: str) -> str | None:
        row = self.conn.execute("select value from settings where key = ?", (key,)).fetchone()
        return None if row is None else str(row["value"])

    def set_setting(self, key: str, value: str) -> None:
        self._write("insert into settings (key, value) values (?, ?) on conflict(key) do update set value = ?",
                    (key, value, value))

    # -- players ----------------------------------------------------------------------------------
    def add_player(self, name: str, bot: bool) -> tuple[int, str]:
        """A new player and its credential (returned once; only its hash is kept)."""
        credential = new_credential()
        pid = self._write("insert into players (name, bot, credential, joined) values (?, ?, ?, ?)",
                          (name, int(bot), digest(credential), time.time()))
        return pid, credential

    def add_credential(self, pid: int) -> str:
        """One more credential of player ``pid`` (Hub mode: one per browser or token that asks)."""
        credential = new_credential()
        self._write("insert into credentials (credential, player) values (?, ?)", (digest(credential), pid))
        return credential

    def player_by_credential(self, credential: str) -> dict[str, Any] | None:
        row = self.conn.execute("select id, name, bot from players where credential = ? union all "
                                "select p.id, p.name, p.bot from credentials c join players p on p.id = c.player "
                                "where c.credential = ?", (digest(credential), digest(credential))).fetchone()
        return None if row is None else {"id": row["id"], "name": row["name"], "bot": bool(row["bot"])}

    def players(self) -> list[dict[str, Any]]:
        return [{"id": r["id"], "name": r["name"], "bot": bool(r["bot"])}
                for r in self.conn.execute("select id, name, bot from players order by id")]

    # -- challenges -------------------------------------------------------------------------------
    def add_challenge(self, source: int, target: int | None, house: str | None) -> int:
        return self._write("insert into challenges (source, target, house, status, made) values (?, ?, ?, 'open', ?)",
                           (source, target, house, time.time()))

    def challenges(self, status: str = "open") -> list[dict[str, Any]]:
        return [dict(r) for r in self.conn.execute(
            "select id, source, target, house, status, match from challenges where status = ? order by id", (status,))]

    def challenge(self, cid: int) -> dict[str, Any] | None:
        row = self.conn.execute("select id, source, target, house, status, match from challenges where id = ?",
                                (cid,)).fetchone()
        return None if row is None else dict(row)

    def close_challenge(self, cid: int, status: str) -> None:
        self._write("update challenges set status = ? where id = ? and status = 'open'", (status, cid))

    # -- matches ----------------------------------------------------------------------------------
    def add_match(self, seed: int, seats: list[dict[str, Any]], challenge: int | None = None) -> int:
        """A new match with its ``seed`` (secret: never sent anywhere) and its two ``seats``; the challenge
        it answers is closed in the same transaction."""
        cur = self.conn.cursor()
        cur.execute("begin immediate")
        try:
            cur.execute("insert into matches (seed, seats, started) values (?, ?, ?)",
                        (str(seed), json.dumps(seats), time.time()))
            mid = cur.lastrowid or 0
            if challenge is not None:
                cur.execute("update challenges set status = 'accepted', match = ? where id = ?", (mid, challenge))
            cur.execute("commit")
        except BaseException:
            cur.execute("rollback")
            raise
        return mid

    def matches(self) -> list[dict[str, Any]]:
        return [{"id": r["id"], "seed": int(r["seed"]), "seats": json.loads(r["seats"]),
                 "result": None if r["result"] is None else json.loads(r["result"])}
                for r in self.conn.execute("select id, seed, seats, result from matches order by id")]

    def set_result(self, mid: int, result: dict[str, Any]) -> None:
        self._write("update matches set result = ? where id = ? and result is null", (json.dumps(result), mid))

    # -- moves ------------------------------------------------------------------------------------
    def add_move(self, mid: int, step: int, action: str, seat: int) -> None:
        """Step ``step`` of match ``mid`` (``1`` is the first action), committed before this returns. A
        step already stored is refused by the key (:class:`sqlite3.IntegrityError`): nothing is played twice."""
        self._write("insert into moves (match, step, action, seat, made) values (?, ?, ?, ?, ?)",
                    (mid, step, action, seat, time.time()))

    def moves(self, mid: int) -> list[str]:
        """The actions of match ``mid`` in order (checked to be steps 1, 2, … with none missing)."""
        rows = self.conn.execute("select step, action from moves where match = ? order by step", (mid,)).fetchall()
        for i, row in enumerate(rows, 1):
            if row["step"] != i:
                raise StoreError(f"match {mid}: step {i} is missing from the file (found step {row['step']})")
        return [str(r["action"]) for r in rows]

    def move_count(self, mid: int) -> int:
        return int(self.conn.execute("select count(*) from moves where match = ?", (mid,)).fetchone()[0])
