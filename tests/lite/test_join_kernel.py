"""The kernel's side of ``naga_widget.join`` needs no socket, so it is the same in JupyterLite.

The Pyodide kernel cannot open a socket. The remote widget never asks it to: the page's WebSocket
(js/src/remote.js) is the one road to the class server, in JupyterLab as in JupyterLite, and the
kernel only keeps the server's address and the seat the page gives it. These tests run under CPython
(``make test-lite-built``) and inside Pyodide (``lite/pyodide_tests.mjs``, ``sys.platform ==
"emscripten"``), with every way of opening a socket made to fail.
"""

from __future__ import annotations

import json
import socket
import stat
import sys
from pathlib import Path
from typing import Any

import pytest

import naga_widget
from naga_widget.widget.remote import read_seats, seats_file

URL = "http://10.0.0.5:8765"
SOCKET = "ws://10.0.0.5:8765/ws"  # the key the page gives (its socket's address)


class NoSocket(socket.socket):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        raise OSError("the kernel opened a socket")


@pytest.fixture
def no_sockets(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Make every way of opening a socket fail, and record the attempts."""
    tried: list[str] = []

    def refuse(what: str) -> Any:
        def fail(*args: Any, **kwargs: Any) -> Any:
            tried.append(what)
            raise OSError(f"the kernel tried {what}")
        return fail

    monkeypatch.setattr(socket, "socket", NoSocket)
    monkeypatch.setattr(socket, "create_connection", refuse("socket.create_connection"))
    for name in ("websockets", "websockets.sync.client", "aiohttp", "httpx", "urllib.request"):
        monkeypatch.setitem(sys.modules, name, None)  # importing it fails
    return tried


def sent(widget: Any, monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    out: list[Any] = []
    monkeypatch.setattr(widget, "send", lambda content, buffers=None: out.append(content))
    return out


def test_join_and_the_seat_go_through_the_page_never_a_socket_of_the_kernel(
        no_sockets: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NAGA_WIDGET_SEATS", str(tmp_path / "seats.json"))
    game = naga_widget.join(URL, code="K3Y", name="Lin")
    # the page is told where to connect, and that a kernel keeps the seat; no credential in a trait
    assert game.remote == {"url": URL, "mode": "play", "kernel": True, "code": "K3Y", "name": "Lin"}
    out = sent(game, monkeypatch)
    # the page asks for a seat kept (none yet), then gives the one the server gave it
    game._on_remote_message(game, {"kind": "naga-seat?", "url": SOCKET}, [])
    seat = {"credential": "c" * 32, "player": 4, "name": "Lin"}
    game._on_remote_message(game, {"kind": "naga-seat", "url": SOCKET, "seat": seat}, [])
    # the page reports where it is; the kernel reads it, and has no match of its own
    game.remote_state = {"state": "offline", "player": None, "name": None, "matches": []}
    assert not game.connected
    game.remote_state = {"state": "online", "player": 4, "name": "Lin", "matches": [1]}
    assert game.connected and "online as Lin" in repr(game)
    with pytest.raises(AttributeError, match="holds the match"):
        game.match  # noqa: B018 - the read is the test
    # a kernel started again (a reloaded JupyterLite page) gives the seat back to its new widget
    again = naga_widget.join(URL, code="K3Y", name="Lin")
    out = sent(again, monkeypatch)
    again._on_remote_message(again, {"kind": "naga-seat?", "url": SOCKET}, [])
    assert out == [{"kind": "naga-seat", "seat": seat, "explicit": False}]
    assert read_seats() == {SOCKET: seat}
    assert stat.S_IMODE((tmp_path / "seats.json").stat().st_mode) == 0o600  # also without os.fchmod
    assert no_sockets == []
    game.close()
    again.close()


def test_the_seats_file_is_the_users_where_jupyter_is_not_installed(monkeypatch: pytest.MonkeyPatch) -> None:
    """A JupyterLite kernel has no jupyter_core: the seats go under the home folder (in the browser's
    memory there; the page keeps the seat in its localStorage too)."""
    monkeypatch.delenv("NAGA_WIDGET_SEATS", raising=False)
    monkeypatch.setitem(sys.modules, "jupyter_core.paths", None)
    assert seats_file() == Path.home() / ".local" / "share" / "naga_widget" / "seats.json"


# -- a bot seat from the kernel: the browser's WebSocket in Pyodide, ``websockets`` elsewhere ----------

class FakeBrowserSocket:
    """The browser's ``WebSocket`` as Pyodide shows it (``WebSocket.new(url)``, ``onopen``/``onmessage``/
    ``onclose`` set by Python), in front of a scripted server: welcome, one match started, one turn
    observed, then the match over once the bot acted."""

    made: list[FakeBrowserSocket] = []

    def __init__(self, url: str, refuse: bool) -> None:
        import asyncio

        from naga_widget.bots.wire import legal_to_json
        from naga_widget.match import Match

        self.url, self.sent, self.closed = url, [], False
        self.onopen: Any = None
        self.onmessage: Any = None
        self.onclose: Any = None
        self.loop = asyncio.get_running_loop()
        state = Match(seed=3).state
        self.turn = {"type": "observe", "match": 1, "seat": state.to_move, "stamp": 0,
                     "observation": state.observe(state.to_move), "legal": legal_to_json(state.legal_actions()),
                     "deadline_ms": 10_000}
        self.actions = [str(a) for a in state.legal_actions()]
        self.loop.call_soon(self._event, "onclose" if refuse else "onopen", {"code": 1006, "reason": ""})
        FakeBrowserSocket.made.append(self)

    @classmethod
    def new(cls, url: str) -> FakeBrowserSocket:
        return cls(url, refuse="10.9.9.9" in url)

    def _event(self, name: str, data: Any) -> None:
        from types import SimpleNamespace

        handler = getattr(self, name)
        if handler is not None:
            handler(SimpleNamespace(data=json.dumps(data)) if name == "onmessage" else SimpleNamespace(**data))

    def _say(self, *messages: dict[str, Any]) -> None:
        for message in messages:
            self.loop.call_soon(self._event, "onmessage", message)

    def send(self, text: str) -> None:
        msg = json.loads(text)
        self.sent.append(msg)
        if msg["type"] == "hello":
            self._say({"type": "welcome", "player": 9, "name": msg["name"], "bot": True, "credential": "c" * 32,
                       "version": 1}, {"type": "lobby", "players": [], "challenges": [], "matches": []})
        elif msg["type"] == "challenge":
            self._say({"type": "started", "match": 1, "seat": self.turn["seat"]}, self.turn)
        elif msg["type"] == "act":
            over = {"id": 1, "seats": [], "step": 1, "over": True, "result": {"winner": 0}}
            self._say({"type": "lobby", "players": [], "challenges": [], "matches": [over]})

    def close(self) -> None:
        self.closed = True


class FakeProxy:
    def __init__(self, fn: Any) -> None:
        self.fn, self.destroyed = fn, False

    def __call__(self, *args: Any) -> Any:
        assert not self.destroyed, "a destroyed proxy was called"
        return self.fn(*args)

    def destroy(self) -> None:
        self.destroyed = True


@pytest.fixture
def browser_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pyodide as the bot client sees it: sys.platform emscripten, the browser's WebSocket, no threads, no
    ``websockets`` (CPython's event loop keeps its own socket pair: socket.socket stays)."""
    import threading
    import types

    monkeypatch.setattr(socket, "create_connection", NoSocket)
    for name in ("websockets", "websockets.sync.client", "websockets.asyncio.client"):
        monkeypatch.setitem(sys.modules, name, None)
    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setitem(sys.modules, "js", types.SimpleNamespace(WebSocket=FakeBrowserSocket))
    monkeypatch.setitem(sys.modules, "pyodide", types.ModuleType("pyodide"))
    monkeypatch.setitem(sys.modules, "pyodide.ffi", types.SimpleNamespace(create_proxy=FakeProxy))

    def no_thread(*args: Any, **kwargs: Any) -> None:
        raise RuntimeError("can't start new thread")

    monkeypatch.setattr(threading.Thread, "start", no_thread)
    FakeBrowserSocket.made = []


class FirstAction:
    def __init__(self) -> None:
        self.seen: list[Any] = []

    def act(self, observation: Any, legal: Any) -> Any:
        self.seen.append(observation)
        return next(iter(legal))


def test_a_bot_plays_from_pyodide_through_the_browsers_websocket(browser_only: None) -> None:
    from naga_widget.server.botclient import play

    bot = FirstAction()
    results = play(bot, "ws://10.0.0.5:8765/ws", code="K3Y", name="Lin's bot", challenge="bot:random")
    assert results == {1: {"winner": 0}}
    (ws,) = FakeBrowserSocket.made
    assert ws.url == "ws://10.0.0.5:8765/ws" and ws.closed
    assert [m["type"] for m in ws.sent] == ["hello", "challenge", "act"]
    assert ws.sent[0] == {"type": "hello", "code": "K3Y", "name": "Lin's bot", "bot": True}
    assert ws.sent[2]["action"] == ws.actions[0] and ws.sent[2]["stamp"] == 0
    assert len(bot.seen) == 1  # asked in the loop's own thread: Pyodide has no other
    assert ws.onmessage is None  # the handlers are let go once closed


def test_a_bot_that_cannot_reach_the_server_from_pyodide_says_what_to_check(browser_only: None) -> None:
    from naga_widget.server.botclient import play

    with pytest.raises(ConnectionError, match=r"cannot reach the class server at ws://10\.9\.9\.9:8765/ws: check "
                                              r"that it runs.*--origin"):
        play(FirstAction(), "ws://10.9.9.9:8765/ws", code="K3Y", name="Lin's bot", challenge="bot:random")


def test_elsewhere_the_bot_client_uses_the_websockets_package() -> None:
    pytest.importorskip("websockets")
    from naga_widget.server.botclient import BotClient

    if sys.platform == "emscripten":
        pytest.skip("in Pyodide: the browser's WebSocket (the tests above)")
    connection = BotClient(FirstAction(), "ws://10.0.0.5:8765/ws", code="K3Y", name="b")._connect()
    assert type(connection).__module__.startswith("websockets")
