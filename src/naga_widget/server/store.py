"""The server's one SQLite file: players, challenges, matches and every move (``docs/server.md``,
"What is stored").

The file is in WAL mode with ``synchronous=FULL``. Credentials are kept as SHA-256 hashes only. A match
is its seed and its moves: :meth:`Store.moves` gives them back to replay it.

Writing: without a writer thread (tests, tools), a call that writes returns once its transaction is
committed to disk. A running server starts the writer (:meth:`Store.start_writer`): a thread of its own,
with a connection of its own, that commits whatever was queued meanwhile in one transaction (a group
commit: one wait for the disk for many moves) and then says which writes are durable. The hot writes (a
move, a result) are queued and return at once with their ticket (:attr:`Store.issued`); the server holds
every message sent after a write until that write's ticket is durable (:class:`~.tables.Hub`), so a move
is still told to nobody before it is on disk, and the event loop never waits for the disk. The rare
writes whose row the caller needs at once (a player, a challenge, a match) wait for their commit.

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
import logging
import queue
import secrets
import sqlite3
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

log = logging.getLogger("naga_widget.server")

SCHEMA = """
create table if not exists settings (key text primary key, value text not null);
create table if not exists players (
    id integer primary key, name text not null, bot integer not null, credential text not null unique,
    joined real not null);
create table if not exists challenges (
    id integer primary key, source integer not null, target integer, house text, status text not null,
    match integer, made real not null, clock real);
create table if not exists matches (
    id integer primary key, seed text not null, seats text not null, started real not null, result text);
create table if not exists moves (
    match integer not null, step integer not null, action text not null, seat integer not null,
    made real not null, spent real not null default 0, primary key (match, step));
create table if not exists credentials (credential text primary key, player integer not null);
"""

# columns added after the first files were made: (table, column, type)
LATER_COLUMNS = (("challenges", "clock", "real"), ("moves", "spent", "real not null default 0"))

CREDENTIAL_BYTES = 24  # 192 random bits


def new_credential() -> str:
    return secrets.token_urlsafe(CREDENTIAL_BYTES)


def digest(credential: str) -> str:
    """The hash kept in place of a credential (a credential is random: a plain SHA-256 suffices)."""
    return hashlib.sha256(credential.encode("utf-8", "surrogatepass")).hexdigest()


class StoreError(RuntimeError):
    """The file holds what this server cannot continue from (a move out of order)."""


# the callback of the writer thread: the last ticket now durable, and the writes of that group that failed
# (their tickets, what they were about (``about``, e.g. a match id) and the error)
Stored = Callable[[int, list[tuple[int, Any, BaseException]]], None]


def _connect(path: str) -> sqlite3.Connection:
    conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    conn.row_factory = sqlite3.Row
    conn.execute("pragma journal_mode=wal")
    conn.execute("pragma synchronous=full")
    conn.execute("pragma foreign_keys=on")
    conn.execute("pragma busy_timeout=5000")
    return conn


class _Write:
    """One statement for the writer thread: its ticket, what it is about, and the future of its row id."""

    __slots__ = ("about", "args", "future", "sql", "ticket")

    def __init__(self, ticket: int, sql: str, args: tuple[Any, ...], about: Any) -> None:
        self.ticket, self.sql, self.args, self.about = ticket, sql, args, about
        self.future: Future[int] = Future()


class Store:
    """The database of one class (``path``: a file, or ``":memory:"`` for tests)."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.conn = _connect(path)
        self.conn.executescript(SCHEMA)
        for table, column, kind in LATER_COLUMNS:  # a file made by an earlier version gains them
            if column not in {r["name"] for r in self.conn.execute(f"pragma table_info({table})")}:
                self.conn.execute(f"alter table {table} add column {column} {kind}")
        self.issued = 0  # the ticket of the last write queued (the writer's)
        self._queue: queue.SimpleQueue[_Write | None] | None = None
        self._thread: threading.Thread | None = None

    def close(self) -> None:
        self.stop_writer()
        self.conn.close()

    # -- the writer thread ----------------------------------------------------------------------------
    def start_writer(self, stored: Stored) -> None:
        """Write from now on in a thread of its own (see the module's doc); ``stored`` is called from that
        thread after each group commit. A ``":memory:"`` store (one connection only) keeps writing in place."""
        if self._thread is not None or self.path == ":memory:":
            return
        self._queue = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._writer, args=(self._queue, stored), name="naga-store-writer",
                                        daemon=True)
        self._thread.start()

    def stop_writer(self) -> None:
        """Commit what is queued, then stop the writer thread; writes are made in place again."""
        thread, q = self._thread, self._queue
        if thread is None or q is None:
            return
        q.put(None)
        thread.join()
        self._thread = self._queue = None

    def mend(self, about: Any) -> None:
        """The server has reloaded ``about`` (a match) from the file after a write about it failed: the writes
        about it queued before now are dropped (they follow the one that failed), those queued after are made."""
        if self._queue is not None:
            self._queue.put(_Write(0, "", (), about))

    def _writer(self, q: queue.SimpleQueue[_Write | None], stored: Stored) -> None:
        conn = _connect(self.path)
        broken: set[Any] = set()  # what a failed write was about, until the server mends it
        try:
            while True:
                first = q.get()
                if first is None:
                    return
                group, stop = [first], False
                while True:  # whatever was queued meanwhile joins this transaction
                    try:
                        more = q.get_nowait()
                    except queue.Empty:
                        break
                    if more is None:
                        stop = True
                        break
                    group.append(more)
                failed: list[tuple[int, Any, BaseException]] = []
                batch: list[_Write] = []
                for w in group:  # in order: a mark of mending applies to the writes queued after it
                    if w.ticket:
                        batch.append(w)
                        continue
                    failed += self._commit_group(conn, batch, broken)
                    batch = []
                    broken.discard(w.about)
                failed += self._commit_group(conn, batch, broken)
                last = max(w.ticket for w in group)
                if not last:  # only marks of mending
                    continue
                try:
                    stored(last, failed)
                except Exception:  # noqa: BLE001 - the loop is closed (the server is stopping)
                    log.debug("the writer's callback failed", exc_info=True)
                if stop:
                    return
        finally:
            conn.close()

    @staticmethod
    def _commit_group(conn: sqlite3.Connection, items: list[_Write],
                      broken: set[Any]) -> list[tuple[int, Any, BaseException]]:
        """Commit ``items`` in one transaction; if that fails, each write alone (one bad write does not take
        the others with it). The writes that failed. A write about something ``broken`` (a write about it failed
        and the server has not mended it yet, :meth:`mend`) fails without being tried."""
        rows: list[int] = []
        group: list[_Write] = []
        failed: list[tuple[int, Any, BaseException]] = []
        for w in items:
            if w.about is not None and w.about in broken:
                skipped = StoreError(f"an earlier write about {w.about} failed")
                w.future.set_exception(skipped)
                failed.append((w.ticket, w.about, skipped))
            else:
                group.append(w)
        if not group:
            return failed
        try:
            cur = conn.cursor()
            cur.execute("begin immediate")
            try:
                for w in group:
                    cur.execute(w.sql, w.args)
                    rows.append(cur.lastrowid or 0)
                cur.execute("commit")
            except BaseException:
                cur.execute("rollback")
                raise
        except Exception:  # noqa: BLE001 - tried again one by one below
            for w in group:
                if w.about is not None and w.about in broken:
                    exc: BaseException = StoreError(f"an earlier write about {w.about} failed")
                else:
                    try:
                        w.future.set_result(Store._write_on(conn, w.sql, w.args))
                        continue
                    except Exception as error:  # noqa: BLE001 - told to the server, which reloads what it concerns
                        log.error("a write of the store failed (about %s): %s", w.about, error)
                        exc = error
                w.future.set_exception(exc)
                failed.append((w.ticket, w.about, exc))
                if w.about is not None:
                    broken.add(w.about)
            return sorted(failed, key=lambda f: f[0])
        for w, row in zip(group, rows, strict=True):
            w.future.set_result(row)
        return failed

    @staticmethod
    def _write_on(conn: sqlite3.Connection, sql: str, args: tuple[Any, ...]) -> int:
        """One statement in its own committed transaction on ``conn``; the new row's id."""
        cur = conn.cursor()
        cur.execute("begin immediate")
        try:
            cur.execute(sql, args)
            rowid = cur.lastrowid or 0
            cur.execute("commit")
        except BaseException:
            cur.execute("rollback")
            raise
        return rowid

    def _queued(self, sql: str, args: tuple[Any, ...], about: Any = None) -> Future[int] | None:
        """Queue one write for the writer thread (its future), or ``None`` when there is no writer."""
        if self._queue is None:
            return None
        self.issued += 1
        w = _Write(self.issued, sql, args, about)
        self._queue.put(w)
        return w.future

    def _write(self, sql: str, args: tuple[Any, ...] = ()) -> int:
        """One statement in its own committed transaction, waited for; the new row's id."""
        future = self._queued(sql, args)
        if future is not None:
            return future.result()
        return self._write_on(self.conn, sql, args)

    def _write_soon(self, sql: str, args: tuple[Any, ...], about: Any) -> None:
        """One statement queued for the writer (durable once its ticket is), or committed now without one."""
        if self._queued(sql, args, about) is None:
            self._write_on(self.conn, sql, args)

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
    def add_challenge(self, source: int, target: int | None, house: str | None, clock: float | None = None) -> int:
        """A challenge; ``clock``: each person's seconds for the whole game (a chess clock), or ``None``."""
        return self._write("insert into challenges (source, target, house, status, made, clock) "
                           "values (?, ?, ?, 'open', ?, ?)", (source, target, house, time.time(), clock))

    def challenges(self, status: str = "open") -> list[dict[str, Any]]:
        return [dict(r) for r in self.conn.execute(
            "select id, source, target, house, status, match, clock from challenges where status = ? order by id",
            (status,))]

    def challenge(self, cid: int) -> dict[str, Any] | None:
        row = self.conn.execute("select id, source, target, house, status, match, clock from challenges "
                                "where id = ?", (cid,)).fetchone()
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
        """The result of match ``mid``: queued for the writer like a move, after the match's moves."""
        self._write_soon("update matches set result = ? where id = ? and result is null", (json.dumps(result), mid),
                         mid)

    # -- moves ------------------------------------------------------------------------------------
    def add_move(self, mid: int, step: int, action: str, seat: int, spent: float = 0.0) -> None:
        """Step ``step`` of match ``mid`` (``1`` is the first action): committed before this returns without a
        writer thread, else queued (durable once :attr:`issued`, as it is now, is). A step already stored is
        refused by the key (:class:`sqlite3.IntegrityError`): nothing is played twice. ``spent``: the seconds
        the seat took for it, counted against its time for the game."""
        self._write_soon("insert into moves (match, step, action, seat, made, spent) values (?, ?, ?, ?, ?, ?)",
                         (mid, step, action, seat, time.time(), spent), mid)

    def spent(self, mid: int) -> list[float]:
        """The seconds each seat of match ``mid`` has taken for its moves so far."""
        total = [0.0, 0.0]
        for row in self.conn.execute("select seat, sum(spent) from moves where match = ? group by seat", (mid,)):
            total[int(row[0])] = float(row[1] or 0.0)
        return total

    def moves(self, mid: int) -> list[str]:
        """The actions of match ``mid`` in order (checked to be steps 1, 2, … with none missing)."""
        rows = self.conn.execute("select step, action from moves where match = ? order by step", (mid,)).fetchall()
        for i, row in enumerate(rows, 1):
            if row["step"] != i:
                raise StoreError(f"match {mid}: step {i} is missing from the file (found step {row['step']})")
        return [str(r["action"]) for r in rows]

    def move_count(self, mid: int) -> int:
        return int(self.conn.execute("select count(*) from moves where match = ?", (mid,)).fetchone()[0])
