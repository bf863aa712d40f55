"""The widget in remote mode (``naga_widget.join``): the kernel holds no match, only the server's
address; the seat credential is kept in a private file and never in a trait."""

from __future__ import annotations

import json
import stat
from pathlib import Path
from typing import Any

import anywidget
import pytest

import naga_widget
from naga_widget import NagaWidget
from naga_widget.widget.remote import LOCAL_ONLY, RemoteError, RemoteNagaWidget, join, read_seats

SOCKET = "ws://class.example:8765/ws"


def sent(widget: RemoteNagaWidget, monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """The custom messages the widget sends to its view, from now on."""
    out: list[Any] = []
    monkeypatch.setattr(widget, "send", lambda content, buffers=None: out.append(content))
    return out


def test_join_gives_a_widget_of_the_class_server_holding_no_match(tmp_path: Path) -> None:
    game = naga_widget.join("http://class.example:8765", code="K3Y", name=" Ada ")
    assert isinstance(game, NagaWidget)
    assert game.remote == {"url": "http://class.example:8765", "mode": "play", "kernel": True, "code": "K3Y",
                           "name": "Ada"}
    for name in ("match", "state", "step", "event_log"):
        with pytest.raises(RemoteError, match="class server at http://class.example:8765, which holds the match"):
            getattr(game, name)
    with pytest.raises(RemoteError, match="game.play"):
        game.play("pass")
    assert not hasattr(game, "match")  # a RemoteError is an AttributeError: nothing to read
    state = game.get_state()
    assert state["board"] == {} and state["menu"] == {} and state["timeline"] == {}
    assert "RemoteNagaWidget('http://class.example:8765', not shown yet)" == repr(game)
    assert "class server at http://class.example:8765" in game._repr_html_()
    watch = join("https://hub.example/services/naga/", watch=4)
    assert watch.remote == {"url": "https://hub.example/services/naga/", "mode": "watch", "kernel": True, "match": 4}
    game.close()
    watch.close()


def test_every_public_name_of_the_local_widget_is_refused() -> None:
    assert {"match", "state", "play", "goto", "new_game", "set_opponent", "resume", "advance"} <= set(LOCAL_ONLY)
    public = {n for n in dir(NagaWidget) if not n.startswith("_")} - set(dir(anywidget.AnyWidget))
    game = RemoteNagaWidget("http://h:1")
    refused = set()
    for name in public:
        try:
            getattr(game, name)
        except RemoteError:
            refused.add(name)
    assert refused == public - {"auto_pass", "catalog", "board", "menu", "timeline", "events", "status", "chance",
                                "explain", "intent", "size"}
    game.close()


@pytest.mark.parametrize(("kwargs", "error"), [
    ({"url": "10.0.0.5:8765"}, "url must be the class server's address"),
    ({"url": "ftp://h"}, "url must be the class server's address"),
    ({"url": 8765}, "url must be the class server's address"),
    ({"url": "http://h", "name": ""}, "name must be 1 to 40 printable characters"),
    ({"url": "http://h", "name": "a\x1b[2Jb"}, "name must be 1 to 40 printable characters"),
    ({"url": "http://h", "name": "x" * 41}, "name must be 1 to 40"),
    ({"url": "http://h", "code": 123}, "code must be a text"),
    ({"url": "http://h", "credential": ""}, "credential must be a text"),
    ({"url": "http://h", "watch": -1}, "match must be a table's number"),
    ({"url": "http://h", "watch": "4"}, "match must be a table's number"),
])
def test_bad_arguments_are_refused_saying_what_was_wrong(kwargs: dict[str, Any], error: str) -> None:
    with pytest.raises(ValueError, match=error):
        join(**kwargs)


def test_the_seat_is_kept_in_a_private_file_and_given_back_never_in_a_trait(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    seats = tmp_path / "data" / "seats.json"
    monkeypatch.setenv("NAGA_WIDGET_SEATS", str(seats))
    first = join("http://class.example:8765", code="K3Y", name="Ada")
    out = sent(first, monkeypatch)
    first._on_remote_message(first, {"kind": "naga-seat?", "url": SOCKET}, [])
    assert out == [{"kind": "naga-seat", "seat": None, "explicit": False}]  # nothing kept yet
    seat = {"credential": "s3cret-seat", "player": 7, "name": "Ada"}
    first._on_remote_message(first, {"kind": "naga-seat", "url": SOCKET, "seat": seat}, [])
    assert read_seats() == {SOCKET: seat}
    assert stat.S_IMODE(seats.stat().st_mode) == 0o600
    assert "s3cret-seat" not in json.dumps(first.get_state(), default=str)
    # a restarted kernel: a new widget of the same server is given the seat by the kernel
    again = join("http://class.example:8765", code="K3Y", name="Ada")
    out = sent(again, monkeypatch)
    again._on_remote_message(again, {"kind": "naga-seat?", "url": SOCKET}, [])
    assert out == [{"kind": "naga-seat", "seat": seat, "explicit": False}]
    # but not to another name, nor for another server
    other = join("http://class.example:8765", code="K3Y", name="Grace")
    out = sent(other, monkeypatch)
    other._on_remote_message(other, {"kind": "naga-seat?", "url": SOCKET}, [])
    other._on_remote_message(other, {"kind": "naga-seat?", "url": "ws://elsewhere/ws"}, [])
    assert [m["seat"] for m in out] == [None, None]
    # a credential given by hand comes first
    given = join("http://class.example:8765", credential="by-hand")
    out = sent(given, monkeypatch)
    given._on_remote_message(given, {"kind": "naga-seat?", "url": SOCKET}, [])
    assert out == [{"kind": "naga-seat", "seat": {"credential": "by-hand"}, "explicit": True}]
    assert "by-hand" not in json.dumps(given.get_state(), default=str)


@pytest.mark.parametrize("content", [
    None, [], "naga-seat", {"kind": "naga-seat", "url": SOCKET, "seat": "x"},
    {"kind": "naga-seat", "url": SOCKET, "seat": {"credential": ""}},
    {"kind": "naga-seat", "url": SOCKET, "seat": {"credential": "x" * 401}},
    {"kind": "naga-seat", "url": 3, "seat": {"credential": "c"}}, {"kind": "other"},
])
def test_odd_messages_from_the_view_keep_nothing(content: Any, tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NAGA_WIDGET_SEATS", str(tmp_path / "seats.json"))
    game = join("http://h:1")
    out = sent(game, monkeypatch)
    game._on_remote_message(game, content, [])
    assert out == [] and not (tmp_path / "seats.json").exists()


def test_a_damaged_seats_file_is_no_seat(tmp_path: Path) -> None:
    path = tmp_path / "seats.json"
    for text in ("{not json", "[1]", json.dumps({SOCKET: {"credential": 3}})):
        path.write_text(text)
        assert read_seats(path) == {}
