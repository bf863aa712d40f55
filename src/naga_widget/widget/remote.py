"""The widget in remote mode: a table of the class server (``naga-widget serve``, docs/server.md).

``naga_widget.join(url, code=..., name=...)`` returns a :class:`RemoteNagaWidget`: the same view,
drawing a match the server holds. The kernel holds no match at all: the browser's WebSocket talks to
the server (so it works in JupyterLite too, whose kernel cannot open sockets), receives only what the
player's seat may know, and sends the view's intents there. ``game.match``, ``game.state``,
``game.play(...)`` and the rest of the local widget's API raise :class:`RemoteError`.

The seat credential the server gives on the first join is kept by the browser (localStorage, under the
server's address) and by the kernel, in a private file of the user's (:func:`seats_file`): a closed tab,
a restarted kernel or another browser of the same user comes back to the same seat. It never travels
in a trait (a notebook saved with its widgets' state must not hold it).
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import anywidget
import traitlets

from .guard import quote
from .widget import NagaWidget

MAX_NAME_CHARS = 40  # as the server allows (server/protocol.py)
MODES = ("play", "watch", "overview")
SEATS_ENV = "NAGA_WIDGET_SEATS"  # the file of the seats, if not the default one


class RemoteError(AttributeError):
    """What a widget in remote mode cannot do: the server holds the match, the kernel has none."""


def check_url(url: object) -> str:
    """The server's address: ``http(s)://host[:port][/path]`` or ``ws(s)://…``; else a ValueError.

    >>> check_url("http://10.0.0.5:8765")
    'http://10.0.0.5:8765'
    >>> check_url("10.0.0.5:8765")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: url must be the class server's address, such as ... not '10.0.0.5:8765'
    """
    if isinstance(url, str) and len(url) <= 2000:
        parts = urlsplit(url.strip())
        if parts.scheme in ("http", "https", "ws", "wss") and parts.hostname:
            return url.strip()
    raise ValueError(f"url must be the class server's address, such as 'http://10.0.0.5:8765' or "
                     f"'https://hub.example/services/naga/', not {quote(url)}")


def check_name(name: object) -> str:
    """A player's name: 1 to 40 printable characters (trimmed)."""
    if not isinstance(name, str) or not 1 <= len(name.strip()) <= MAX_NAME_CHARS or not name.strip().isprintable():
        raise ValueError(f"name must be 1 to {MAX_NAME_CHARS} printable characters, not {quote(name)}")
    return name.strip()


def _check_text(what: str, value: object) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str) or not value.strip() or len(value) > 400:
        raise ValueError(f"{what} must be a text (as the teacher gave it), not {quote(value)}")
    return value.strip()


def seats_file() -> Path:
    """Where the kernel keeps the seats it was given: ``$NAGA_WIDGET_SEATS``, else ``naga_widget/seats.json``
    in Jupyter's data folder of the user (``jupyter --data-dir``), else under ``~/.local/share``."""
    if os.environ.get(SEATS_ENV):
        return Path(os.environ[SEATS_ENV])
    try:
        from jupyter_core.paths import jupyter_data_dir
    except ImportError:
        return Path.home() / ".local" / "share" / "naga_widget" / "seats.json"
    return Path(jupyter_data_dir()) / "naga_widget" / "seats.json"


def read_seats(path: Path | None = None) -> dict[str, dict[str, Any]]:
    """The seats kept, by the server's WebSocket address; {} when none (or the file cannot be read)."""
    path = seats_file() if path is None else path
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {k: v for k, v in data.items() if isinstance(v, dict) and isinstance(v.get("credential"), str)}


def keep_seat(socket: str, seat: dict[str, Any], path: Path | None = None) -> None:
    """Keep a seat for this server: a private file (mode 0600), written whole and renamed into place."""
    path = seats_file() if path is None else path
    seats = read_seats(path)
    seats[socket] = {k: seat[k] for k in ("credential", "player", "name") if k in seat}
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".seats-")
    try:
        if hasattr(os, "fchmod"):  # mkstemp makes it 0600 already; Pyodide has no fchmod
            os.fchmod(fd, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            json.dump(seats, out, indent=1)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _valid_seat(seat: object) -> dict[str, Any] | None:
    if not isinstance(seat, dict) or not isinstance(seat.get("credential"), str) or not seat["credential"]:
        return None
    if len(seat["credential"]) > 400:
        return None
    return {"credential": seat["credential"], "player": seat.get("player"), "name": seat.get("name")}


class RemoteNagaWidget(NagaWidget):
    """A :class:`NagaWidget` in remote mode: the lobby and the tables of a class server, drawn by the
    browser from what the server sends. It holds no match: see :func:`join`."""

    remote = traitlets.Dict().tag(sync=True)  # {url, code, name, mode, match, kernel}: never a credential
    remote_state = traitlets.Dict().tag(sync=True)  # set by the view: {state, player, name, matches}

    def __init__(self, url: str, *, code: str | None = None, name: str | None = None,
                 credential: str | None = None, mode: str = "play", match: int | None = None,
                 seats: Path | None = None) -> None:
        url = check_url(url)
        code = _check_text("code", code)
        name = check_name(name) if name is not None else None
        credential = _check_text("credential", credential)
        if mode not in MODES:
            raise ValueError(f"mode must be one of {MODES}, not {quote(mode)}")
        if match is not None and (not isinstance(match, int) or isinstance(match, bool) or match < 0):
            raise ValueError(f"match must be a table's number, not {quote(match)}")
        self._credential = credential
        self._seats = seats
        remote: dict[str, Any] = {"url": url, "mode": mode, "kernel": True}
        remote.update({k: v for k, v in (("code", code), ("name", name), ("match", match)) if v is not None})
        anywidget.AnyWidget.__init__(self, remote=remote)  # not NagaWidget's: there is no match here
        self.on_msg(self._on_remote_message)

    @property
    def server(self) -> str:
        """The class server's address."""
        return str(self.remote["url"])

    @property
    def connected(self) -> bool:
        """Is a view of this widget connected to the server now (as the view last said)?"""
        return self.remote_state.get("state") == "online"

    def _on_remote_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """The view asks for the seat kept for its server (``naga-seat?``), or gives a new one (``naga-seat``)."""
        if not isinstance(content, dict):
            return
        socket = content.get("url")
        if content.get("kind") == "naga-seat?":
            seat = {"credential": self._credential} if self._credential else None
            if seat is None and isinstance(socket, str):
                kept = read_seats(self._seats).get(socket)
                name = self.remote.get("name")
                if kept is not None and (name is None or kept.get("name") in (None, name)):
                    seat = _valid_seat(kept)
            self.send({"kind": "naga-seat", "seat": seat, "explicit": self._credential is not None})
        elif content.get("kind") == "naga-seat" and isinstance(socket, str) and len(socket) <= 2000:
            seat = _valid_seat(content.get("seat"))
            if seat is not None:
                self._credential = None  # the seat the server just gave is the one to come back with
                try:
                    keep_seat(socket, seat, self._seats)
                except OSError:
                    pass  # a read-only home: the browser keeps the seat still

    # -- what only a local widget has ------------------------------------------------------------
    def _no_match(self, what: str) -> RemoteError:
        return RemoteError(f"{what}: this widget is a table of the class server at {self.server}, which holds the "
                           f"match; the kernel has no match, no state and no hidden card to read. Play in the "
                           f"widget's view (the server checks every move).")

    def close(self) -> None:
        anywidget.AnyWidget.close(self)

    def _repr_html_(self) -> str:
        from html import escape

        return (f"<p>Naga Raja: a table of the class server at {escape(self.server)}. It shows in a notebook "
                f"with widgets (JupyterLab, Notebook 7, Voilà, JupyterLite).</p>")

    def __repr__(self) -> str:
        state = self.remote_state
        who = f" as {state['name']}" if state.get("name") else ""
        return f"RemoteNagaWidget({self.server!r}, {state.get('state', 'not shown yet')}{who})"


def _blocked(name: str) -> property:
    def fail(self: RemoteNagaWidget, *_: Any) -> Any:
        raise self._no_match(f"game.{name}")

    return property(fail, fail, doc=f"Not in remote mode: the server holds the match (``{name}``).")


# Every public name of the local widget that reads or changes its match is refused here, by name, so
# that a new one added to NagaWidget is refused too (tests/widget/test_widget_remote.py checks them all).
LOCAL_ONLY = sorted(
    name
    for klass in NagaWidget.__mro__[:NagaWidget.__mro__.index(anywidget.AnyWidget)]  # its mixins too
    for name, value in vars(klass).items()
    if not name.startswith("_") and not isinstance(value, traitlets.TraitType) and name != "close"
)
for _name in LOCAL_ONLY:
    setattr(RemoteNagaWidget, _name, _blocked(_name))


def join(url: str, *, code: str | None = None, name: str | None = None, credential: str | None = None,
         watch: int | None = None) -> RemoteNagaWidget:
    """Join the class server at ``url`` (``naga-widget serve`` prints it and the join code).

    ``code`` and ``name`` join as a new player; ``credential`` comes back to a seat (the widget keeps
    the one it is given, so the next ``join`` of the same server, in this browser or from this user's
    kernel, comes back to it without). ``watch``: a table's number, to watch it as a spectator.
    Display the widget: its view connects to the server, shows the lobby (who is there, challenges to a
    classmate or a house bot), then the game, exactly as the local widget shows it. If the server cannot
    be reached, the view says so, with what to check (that it runs at ``url``, the network, the page's
    origin the server must allow), and tries again by itself. The kernel opens no socket: in
    JupyterLite (Pyodide), as elsewhere, the page's WebSocket is the one road to the server.
    """
    mode = "watch" if watch is not None else "play"
    return RemoteNagaWidget(url, code=code, name=name, credential=credential, mode=mode, match=watch)
