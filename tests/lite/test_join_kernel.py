"""The kernel's side of ``naga_widget.join`` needs no socket, so it is the same in JupyterLite.

The Pyodide kernel cannot open a socket. The remote widget never asks it to: the page's WebSocket
(js/src/remote.js) is the one road to the class server, in JupyterLab as in JupyterLite, and the
kernel only keeps the server's address and the seat the page gives it. These tests run under CPython
(``make test-lite-built``) and inside Pyodide (``lite/pyodide_tests.mjs``, ``sys.platform ==
"emscripten"``), with every way of opening a socket made to fail.
"""

from __future__ import annotations

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
