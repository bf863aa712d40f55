"""Helpers of the server's tests: a real server (uvicorn) on loopback in a thread, a client that records
every frame it receives, and the decisions a view's menu offers, as action texts."""

from __future__ import annotations

import contextlib
import json
import random
import socket
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
sync_client = pytest.importorskip("websockets.sync.client")

import uvicorn  # noqa: E402

from naga_widget.server.app import Settings, make_app, make_hub  # noqa: E402
from naga_widget.server.botclient import menu_actions  # noqa: E402

__all__ = ["Client", "challenge_and_open", "free_port", "menu_actions", "play_people_game", "running_server"]

TIMEOUT = 20.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def running_server(settings: Settings) -> Iterator[dict[str, Any]]:
    """A real server on a free loopback port, in a thread: ``{url, code, teacher, hub}``."""
    hub = make_hub(settings)
    teacher = hub.teacher.take()
    port = free_port()
    config = uvicorn.Config(make_app(hub, settings), host="127.0.0.1", port=port, log_level="warning",
                            ws_max_size=4 * 65536, lifespan="on")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + TIMEOUT
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the server did not start")
        time.sleep(0.01)
    try:
        yield {"url": f"ws://127.0.0.1:{port}/ws", "code": hub.code, "teacher": teacher, "hub": hub, "port": port}
    finally:
        server.should_exit = True
        thread.join(TIMEOUT)
        hub.store.close()


class Client:
    """A WebSocket client that keeps every frame it received (``frames``) and the last view of each match."""

    def __init__(self, url: str, **connect: Any) -> None:
        # max_queue=None: frames not yet read are buffered without limit. With websockets' default (16) a
        # client that leaves more unread stops reading its socket, so it would not see the server's close
        # frame and would wait out its 10 s close timeout (closing, or sending during a close).
        self._connection = sync_client.connect(url, max_size=2**24, max_queue=None, **connect)
        self.ws = self._connection.__enter__()
        self.frames: list[str] = []
        self.views: dict[int, dict[str, Any]] = {}  # match → {stamp, seat, traits, table}
        self.player: Any = None
        self.credential: str | None = None
        self.started: dict[int, int] = {}
        self.refused: list[dict[str, Any]] = []
        self.lobby: dict[str, Any] | None = None

    def send(self, msg: Any) -> None:
        self.ws.send(msg if isinstance(msg, str | bytes) else json.dumps(msg))

    def recv(self, timeout: float = TIMEOUT) -> dict[str, Any]:
        frame = self.ws.recv(timeout=timeout)
        assert isinstance(frame, str)
        self.frames.append(frame)
        msg: dict[str, Any] = json.loads(frame)
        kind = msg["type"]
        if kind == "welcome":
            self.player = msg["player"]
            self.credential = msg.get("credential", self.credential)
        elif kind == "view":
            old = self.views.get(msg["match"])
            merged = dict(msg["traits"]) if msg["full"] or old is None else {**old["traits"], **msg["traits"]}
            self.views[msg["match"]] = {"stamp": msg["stamp"], "seat": msg["seat"], "traits": merged,
                                        "table": msg["table"]}
        elif kind == "started":
            self.started[msg["match"]] = msg["seat"]
        elif kind == "refused":
            self.refused.append(msg)
        elif kind == "lobby":
            self.lobby = msg
        return msg

    def until(self, want: Callable[[dict[str, Any]], bool], timeout: float = TIMEOUT) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("no such message came")
            msg = self.recv(left)
            if want(msg):
                return msg

    def drain(self, quiet: float = 0.05) -> None:
        """Read whatever comes until nothing has come for ``quiet`` seconds."""
        with contextlib.suppress(TimeoutError):
            while True:
                self.recv(quiet)

    def hello(self, code: str, name: str, bot: bool = False) -> dict[str, Any]:
        self.send({"type": "hello", "code": code, "name": name, **({"bot": True} if bot else {})})
        return self.until(lambda m: m["type"] in ("welcome", "refused"))

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self._connection.__exit__(None, None, None)


def challenge_and_open(a: Client, b: Client) -> int:
    """``a`` challenges ``b``, ``b`` accepts, both open the match; its id."""
    a.send({"type": "challenge", "opponent": b.player})
    lobby = b.until(lambda m: m["type"] == "lobby" and any(c["to"] == b.player for c in m["challenges"]))
    cid = next(c["id"] for c in lobby["challenges"] if c["to"] == b.player)
    b.send({"type": "accept", "challenge": cid})
    mid = b.until(lambda m: m["type"] == "started")["match"]
    a.until(lambda m: m["type"] == "started" and m["match"] == mid)
    for c in (a, b):
        c.send({"type": "open", "match": mid})
        c.until(lambda m: m["type"] == "view" and m["match"] == mid and m["full"])
    return mid


def play_people_game(mid: int, seats: dict[int, Client], rng: random.Random, watchers: tuple[Client, ...] = (),
                     max_steps: int = 2000) -> dict[str, Any]:
    """Two clients play match ``mid`` by random decisions from their menus, through the protocol, until it
    is over; every client reads every frame. The result."""
    everyone = [*seats.values(), *watchers]

    def caught_up(c: Client, stamp: int) -> None:
        while c.views[mid]["stamp"] <= stamp and not c.views[mid]["table"]["over"]:
            c.recv()

    for _ in range(max_steps):
        view = next(iter(seats.values())).views[mid]
        if view["table"]["over"]:
            return dict(view["table"]["result"])
        stamp = view["stamp"]
        mover = next((c for c in seats.values() if c.views[mid]["traits"]["menu"]), None)
        if mover is not None:
            choices = menu_actions(mover.views[mid]["traits"]["menu"])
            mover.send({"type": "intent", "match": mid, "stamp": stamp,
                        "intent": {"type": "play", "action": rng.choice(choices)}})
            answer = mover.until(lambda m, at=stamp: m["type"] == "refused" or (
                m["type"] == "view" and (m["stamp"] > at or m["table"]["over"])))
            if answer["type"] == "refused":
                assert answer["code"] == "illegal", answer  # a call the rules do not allow: choose again
                continue
        for c in everyone:  # everyone sees the new stamp (a bot's move, or the move just made)
            caught_up(c, stamp)
    raise AssertionError("the game did not end")
