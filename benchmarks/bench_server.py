"""Load on the class server (``make bench``): 60 scripted people in 30 matches on loopback.

A real ``naga-widget serve`` runs in its own process on a fresh database. Sixty clients (this process,
asyncio) join, pair up, challenge and accept, open their match, and play random decisions from their
views' menus, each thinking ``--think`` seconds on average (drawn at random) before a move, until the
match reaches ``--steps`` steps or its end. Printed:

- intent-to-update latency, median and p99: from sending a play intent to receiving the view with the
  new stamp (the move stored, the views of both seats computed and sent);
- messages per second: the frames the clients received and sent over the timed part, divided by its time;
- the server's CPU time and its memory (resident, over what it held before the matches) per match.

The goal on the 2-core machine is a p99 of at most 100 ms with 60 clients (issue 27). Numbers only;
nothing here asserts a speed.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import psutil
import websockets

from naga_widget.server.botclient import menu_actions

CODE = "BENCH234"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Person:
    def __init__(self, name: str, rng: random.Random) -> None:
        self.name, self.rng = name, rng
        self.ws: Any = None
        self.player: int | None = None
        self.match: int | None = None
        self.view: dict[str, Any] = {}
        self.stamp = -1
        self.over = False
        self.received = self.sent = 0
        self.latencies: list[float] = []
        self.changed = asyncio.Event()
        self.lobby: dict[str, Any] = {}
        self.refusals = 0

    async def send(self, msg: dict[str, Any]) -> None:
        self.sent += 1
        await self.ws.send(json.dumps(msg))

    async def read(self) -> None:
        async for frame in self.ws:
            self.received += 1
            msg = json.loads(frame)
            kind = msg["type"]
            if kind == "welcome":
                self.player = msg["player"]
            elif kind == "started":
                self.match = msg["match"]
            elif kind == "lobby":
                self.lobby = msg
            elif kind == "view":
                self.view = dict(msg["traits"]) if msg["full"] else {**self.view, **msg["traits"]}
                self.stamp = msg["stamp"]
                self.over = msg["table"]["over"]
            elif kind == "refused":
                self.refusals += 1
            self.changed.set()

    async def wait(self, test: Any, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while not test():
            self.changed.clear()
            await asyncio.wait_for(self.changed.wait(), max(0.01, deadline - time.monotonic()))

    async def play(self, think: float, steps: int) -> None:
        """Play this seat's decisions until the match has ``steps`` steps or is over: think, send, time until
        the view with the next stamp comes."""
        while self.stamp < steps and not self.over:
            await self.wait(lambda: self.over or self.stamp >= steps or bool(self.view.get("menu")))
            if self.over or self.stamp >= steps:
                return
            await asyncio.sleep(self.rng.expovariate(1 / think) if think > 0 else 0)
            stamp, refusals = self.stamp, self.refusals
            action = self.rng.choice(menu_actions(self.view["menu"]))
            start = time.perf_counter()
            await self.send({"type": "intent", "match": self.match, "stamp": stamp,
                             "intent": {"type": "play", "action": action}})
            await self.wait(lambda at=stamp, r=refusals: self.stamp > at or self.over or self.refusals > r)
            if self.stamp > stamp:  # else refused (a call the rules do not allow): choose again
                self.latencies.append(time.perf_counter() - start)


async def run(clients: int, think: float, steps: int, port: int, server: psutil.Process) -> dict[str, Any]:
    url = f"ws://127.0.0.1:{port}/ws"
    rng = random.Random(27)
    people = [Person(f"p{i}", random.Random(rng.random())) for i in range(clients)]
    readers = []
    for p in people:
        p.ws = await websockets.connect(url, max_size=2**24)
        readers.append(asyncio.create_task(p.read()))
        await p.send({"type": "hello", "code": CODE, "name": p.name})
    for p in people:
        await p.wait(lambda p=p: p.player is not None)
    rss_before = server.memory_info().rss
    pairs = [(people[i], people[i + 1]) for i in range(0, clients, 2)]
    for a, b in pairs:
        await a.send({"type": "challenge", "opponent": b.player})
    for a, b in pairs:
        await b.wait(lambda a=a, b=b: any(c["from"] == a.player for c in b.lobby.get("challenges", [])))
        cid = next(c["id"] for c in b.lobby["challenges"] if c["from"] == a.player)
        await b.send({"type": "accept", "challenge": cid})
    for p in people:
        await p.wait(lambda p=p: p.match is not None)
        await p.send({"type": "open", "match": p.match})
    for p in people:
        await p.wait(lambda p=p: p.stamp >= 0)
    cpu_before = sum(server.cpu_times()[:2])
    counted = sum(p.received + p.sent for p in people)
    start = time.perf_counter()
    await asyncio.gather(*(p.play(think, steps) for p in people))
    elapsed = time.perf_counter() - start
    cpu = sum(server.cpu_times()[:2]) - cpu_before
    rss_after = server.memory_info().rss
    messages = sum(p.received + p.sent for p in people) - counted
    for p in people:
        await p.ws.close()
    for task in readers:
        task.cancel()
    latencies = sorted(x for p in people for x in p.latencies)
    return {"latencies": latencies, "elapsed": elapsed, "messages": messages, "cpu": cpu,
            "memory": rss_after - rss_before, "matches": len(pairs)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=60, help="scripted people, two per match (default 60)")
    parser.add_argument("--think", type=float, default=0.5, help="mean seconds before each move (default 0.5)")
    parser.add_argument("--steps", type=int, default=50, help="each match is played to this step or its end "
                                                             "(default 50)")
    args = parser.parse_args()
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        src = str(Path(__file__).resolve().parents[1] / "src")
        env = {**os.environ, "PYTHONPATH": src + os.pathsep + os.environ.get("PYTHONPATH", "")}
        proc = subprocess.Popen([sys.executable, "-c", "from naga_widget.cli import main; raise SystemExit(main())",
                                 "serve", "--db", str(Path(tmp) / "bench.db"), "--port", str(port), "--code", CODE],
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
        try:
            assert proc.stdout is not None
            for _ in range(4):
                proc.stdout.readline()
            time.sleep(0.5)
            figures = asyncio.run(run(args.clients, args.think, args.steps, port, psutil.Process(proc.pid)))
        finally:
            proc.terminate()
            proc.wait(10)
    lat = figures["latencies"]
    p99 = lat[min(len(lat) - 1, int(0.99 * len(lat)))]
    print(f"class server on loopback: {args.clients} scripted people in {figures['matches']} matches, "
          f"think {args.think:g} s on average, {len(lat)} moves timed in {figures['elapsed']:.1f} s "
          f"(load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")
    print(f"  intent-to-update latency: median {statistics.median(lat) * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms "
          f"(goal: p99 at most 100 ms)")
    print(f"  messages per second: {figures['messages'] / figures['elapsed']:.0f} "
          f"({figures['messages']} frames sent and received)")
    print(f"  server CPU per match: {figures['cpu'] / figures['matches'] * 1000:.0f} ms "
          f"({figures['cpu'] / figures['elapsed'] * 100:.0f}% of a core over the run); "
          f"memory per match: {figures['memory'] / figures['matches'] / 1024:.0f} KiB")


if __name__ == "__main__":
    main()
