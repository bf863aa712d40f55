"""Crashes: a real ``naga-widget serve`` killed with SIGKILL at random moments of 50 games between network
bots (five pairs, ten games each, all at once), and started again on the same file each time. Every game
continues at the step it had reached, and at the end each match's stored moves are exactly the moves the
bots made, one per step: none lost (a move a bot saw answered is still there after the restart) and none
played twice.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from server_helpers import free_port

import naga_widget
from naga_widget.server.store import Store

websockets = pytest.importorskip("websockets")

GAMES = 50
PAIRS = 5  # pairs of bots playing at once, each pair GAMES / PAIRS games (each bot keeps to its connection's rate)
KILLS = 6
CODE = "CRASHME2"
PACE = 1 / 40  # seconds between two moves a bot sends (the server allows 50 messages a second)


def start(db: Path, port: int) -> subprocess.Popen[str]:
    src = str(Path(naga_widget.__file__).resolve().parents[1])
    env = {**os.environ, "PYTHONPATH": src + os.pathsep + os.environ.get("PYTHONPATH", "")}
    proc = subprocess.Popen([sys.executable, "-c", "from naga_widget.cli import main; raise SystemExit(main())",
                             "serve", "--db", str(db), "--port", str(port), "--code", CODE, "--bot-seconds", "60"],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
    assert proc.stdout is not None
    lines = [proc.stdout.readline() for _ in range(4)]
    assert CODE in lines[1] and "teacher" in lines[2], lines
    return proc


async def connect(url: str, deadline: float) -> Any:
    while True:
        try:
            return await websockets.connect(url, max_size=2**24)
        except OSError:
            if time.monotonic() > deadline:
                raise
            await asyncio.sleep(0.05)


class Bot:
    """A network bot player that remembers what it sent at each stamp of each match."""

    def __init__(self, name: str, rng: random.Random) -> None:
        self.name, self.rng = name, rng
        self.credential: str | None = None
        self.player: int | None = None
        self.sent: dict[int, dict[int, str]] = {}  # match → stamp → the last action sent at that stamp
        self.seen: dict[int, int] = {}  # match → the highest stamp seen (every move before it was acknowledged)
        self.over: set[int] = set()
        self.acts = 0
        self.ws: Any = None
        self.accepted: set[int] = set()
        self.answered: set[tuple[int, int]] = set()  # in this life of the server
        self.last_sent = 0.0

    async def hello(self, url: str) -> None:
        self.ws = await connect(url, time.monotonic() + 30)
        self.answered.clear()  # a move answered before a crash may not have been stored: answer again
        first = {"type": "hello", "credential": self.credential} if self.credential else \
            {"type": "hello", "code": CODE, "name": self.name, "bot": True}
        await self.ws.send(json.dumps(first))

    async def paced(self) -> None:
        """Keep under the server's rate limit, as a well-behaved client does: a bot with many matches on one
        connection, answering at once, would otherwise send more than its 50 messages a second."""
        wait = self.last_sent + PACE - time.monotonic()
        if wait > 0:
            await asyncio.sleep(wait)
        self.last_sent = time.monotonic()

    async def run(self, stop: asyncio.Event) -> None:
        """Play until the connection drops or every game is over."""
        try:
            async for frame in self.ws:
                msg = json.loads(frame)
                kind = msg["type"]
                if kind == "welcome":
                    self.player = msg["player"]
                    self.credential = msg.get("credential", self.credential)
                elif kind == "lobby":
                    for m in msg["matches"]:
                        self.seen[m["id"]] = max(self.seen.get(m["id"], 0), m["step"])
                        if m["over"]:
                            self.over.add(m["id"])
                    for c in msg["challenges"]:
                        if c["to"] == self.player and c["id"] not in self.accepted:
                            self.accepted.add(c["id"])
                            await self.ws.send(json.dumps({"type": "accept", "challenge": c["id"]}))
                    if len(self.over) >= GAMES:
                        stop.set()
                        return
                elif kind == "observe":
                    mid, stamp = msg["match"], msg["stamp"]
                    if (mid, stamp) in self.answered:
                        continue
                    self.answered.add((mid, stamp))
                    self.seen[mid] = max(self.seen.get(mid, 0), stamp)
                    action = self.rng.choice(msg["legal"]["actions"])
                    self.sent.setdefault(mid, {})[stamp] = action
                    self.acts += 1
                    await self.paced()
                    await self.ws.send(json.dumps({"type": "act", "match": mid, "stamp": stamp, "action": action}))
                elif kind == "refused":
                    raise AssertionError(msg)
        except websockets.ConnectionClosed:
            return


def test_sigkill_at_random_moments_loses_nothing_and_plays_nothing_twice(tmp_path: Path) -> None:
    db = tmp_path / "class.db"
    port = free_port()
    url = f"ws://127.0.0.1:{port}/ws"
    rng = random.Random(2027)
    pairs = [(Bot(f"A{i}", random.Random(2 * i + 1)), Bot(f"B{i}", random.Random(2 * i + 2))) for i in range(PAIRS)]
    bots = [bot for pair in pairs for bot in pair]
    kills = 0

    async def session(proc: subprocess.Popen[str], kill_after: int | None) -> bool:
        """One life of the server: the bots play until ``kill_after`` more acts (then SIGKILL), or to the end."""
        stop = asyncio.Event()
        for bot in bots:
            await bot.hello(url)
        if bots[0].player is None:  # the first life: all join, then each A challenges its B GAMES / PAIRS times
            for bot in bots:
                msg = json.loads(await bot.ws.recv())
                assert msg["type"] == "welcome"
                bot.player, bot.credential = msg["player"], msg["credential"]
            for _ in range(GAMES // PAIRS):
                for a, b in pairs:
                    await a.paced()
                    await a.ws.send(json.dumps({"type": "challenge", "opponent": b.player}))
        tasks = [asyncio.create_task(bot.run(stop)) for bot in bots]
        start_acts = sum(bot.acts for bot in bots)
        while not stop.is_set():
            await asyncio.sleep(0.01)
            if kill_after is not None and sum(bot.acts for bot in bots) - start_acts >= kill_after:
                proc.send_signal(signal.SIGKILL)
                proc.wait()
                break
            if all(t.done() for t in tasks):
                break
        for bot in bots:
            await bot.ws.close()
        await asyncio.gather(*tasks)
        return stop.is_set()

    done = False
    while not done:
        proc = start(db, port)
        try:
            kill_after = rng.randint(30, 700) if kills < KILLS else None
            done = asyncio.run(session(proc, kill_after))
            if kill_after is not None and proc.returncode == -signal.SIGKILL:
                kills += 1
                # nothing lost: every move a bot saw acknowledged is in the file the next server reads
                store = Store(str(db))
                for bot in bots:
                    for mid, stamp in bot.seen.items():
                        assert store.move_count(mid) >= stamp, (mid, stamp)
                store.close()
        finally:
            if proc.poll() is None:
                proc.terminate()
                proc.wait(10)
    assert kills == KILLS
    store = Store(str(db))
    matches = store.matches()
    assert len(matches) == GAMES and all(m["result"] is not None for m in matches)
    for m in matches:
        moves = store.moves(m["id"])  # steps 1, 2, … with none missing (a key makes each step once only)
        sent = {stamp: action for bot in bots for stamp, action in bot.sent.get(m["id"], {}).items()}
        assert moves == [sent[k] for k in range(len(moves))], m["id"]  # exactly what the bots played, in order
        replayed = naga_widget.Match(seed=m["seed"])
        for text in moves:
            replayed.play(text)
        assert replayed.state.is_over and replayed.state.outcome.to_json()["winner"] == m["result"]["winner"]
    store.close()
