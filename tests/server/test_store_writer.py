"""The store's writer thread (group commit) and the hub's outbox: a message sent after a write reaches its
connection only once that write is in the file, in the order sent, while the event loop goes on; a write
that fails is told to nobody, its connection is closed and its match goes back to what the file holds."""

from __future__ import annotations

import asyncio
import random
import sqlite3
from pathlib import Path

from naga_widget.server.auth import Teacher
from naga_widget.server.store import Store
from naga_widget.server.tables import Conn, Hub


def stored_moves(db: Path, mid: int) -> int:
    """The moves of match ``mid`` in the file, read by a connection of its own."""
    with sqlite3.connect(db) as other:
        return int(other.execute("select count(*) from moves where match = ?", (mid,)).fetchone()[0])


def hub_with_match(db: Path) -> tuple[Hub, int]:
    store = Store(str(db))
    mid = store.add_match(7, [{"kind": "person", "name": "A", "player": 1},
                              {"kind": "person", "name": "B", "player": 2}])
    hub = Hub(store, code="CODE2345", teacher=Teacher())
    hub.load()
    return hub, mid


def test_a_message_after_a_move_waits_until_the_move_is_in_the_file(tmp_path: Path) -> None:
    db = tmp_path / "class.db"
    hub, mid = hub_with_match(db)
    seen: list[tuple[str, int]] = []

    async def run() -> None:
        hub.start(asyncio.get_running_loop())
        conn = Conn(lambda text: seen.append((text, stored_moves(db, mid))))
        hub.connect(conn)
        conn.send({"type": "before"})  # nothing waits: sent at once
        for step in range(1, 31):
            hub.store.add_move(mid, step, "pass", 0)  # the store does not read its moves: any text will do
            conn.send({"type": "after", "step": step})
        assert len(seen) == 1  # the others wait for the disk; the loop is not blocked meanwhile
        for _ in range(500):
            if len(seen) == 31:
                break
            await asyncio.sleep(0.01)
        hub.stop()

    asyncio.run(run())
    assert [text for text, _ in seen] == ['{"type":"before"}'] + [f'{{"type":"after","step":{k}}}' for k in
                                                                 range(1, 31)]
    for k, (_, in_file) in enumerate(seen):
        assert in_file >= k  # the message about step k came when step k was in the file
    hub.store.close()


def test_a_write_that_fails_is_told_to_nobody(tmp_path: Path) -> None:
    db = tmp_path / "class.db"
    hub, mid = hub_with_match(db)
    first = str(hub.tables[mid].match.state.legal_actions().sample(random.Random(1)))
    hub.tables[mid].match.play(first)
    got: list[str] = []
    closed: list[tuple[int, str]] = []

    async def run() -> None:
        hub.start(asyncio.get_running_loop())
        conn = Conn(got.append, lambda code, reason: closed.append((code, reason)))
        hub.connect(conn)
        hub.store.add_move(mid, 1, first, 0)
        conn.send({"type": "good"})
        hub.store.add_move(mid, 1, first, 0)  # step 1 again: the key refuses it
        conn.send({"type": "bad"})
        for _ in range(500):
            if closed:
                break
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.05)
        hub.stop()

    asyncio.run(run())
    assert got == ['{"type":"good"}'] and closed and closed[0][0] == 1011
    assert stored_moves(db, mid) == 1 and hub.tables[mid].match.last_step == 1  # as the file holds it
    hub.store.close()
