"""Bad input and bad actors, each refused with a clear ``refused`` message: the match unchanged, the server
up (docs/server.md, "Threat model")."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from server_helpers import Client, challenge_and_open, menu_actions, running_server
from websockets.exceptions import ConnectionClosed

from naga_widget.server.app import Settings


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """A real server with one match of two people, open on both sides; the mover and the other."""
    db = tmp_path_factory.mktemp("bad") / "class.db"
    with running_server(Settings(db=str(db))) as srv:
        a, b = Client(srv["url"]), Client(srv["url"])
        a.hello(srv["code"], "Ada")
        b.hello(srv["code"], "Bo")
        mid = challenge_and_open(a, b)
        yield {**srv, "a": a, "b": b, "mid": mid}
        a.close()
        b.close()


def movers(t: dict[str, Any]) -> tuple[Client, Client]:
    """(the client whose seat is to move, the other), reading what has come."""
    a, b, mid = t["a"], t["b"], t["mid"]
    a.drain()
    b.drain()
    return (a, b) if a.views[mid]["traits"]["menu"] else (b, a)


def snapshot(t: dict[str, Any]) -> tuple[int, int, list[str]]:
    hub, mid = t["hub"], t["mid"]
    table = hub.tables[mid]
    return table.stamp, hub.store.move_count(mid), [str(a) for a in table.match.actions]


def still_up(t: dict[str, Any]) -> None:
    """The server answers a new connection."""
    c = Client(t["url"])
    assert c.hello(t["code"], "Probe")["type"] == "welcome"
    c.close()


def refused_with(client: Client, code: str) -> dict[str, Any]:
    msg = client.until(lambda m: m["type"] == "refused")
    assert msg["code"] == code, msg
    assert msg["reason"], msg
    return msg


def test_an_unknown_credential_and_a_wrong_code_are_refused(table: dict[str, Any]) -> None:
    before = snapshot(table)
    c = Client(table["url"])
    c.send({"type": "hello", "credential": "x" * 32})
    assert "unknown credential" in refused_with(c, "credential")["reason"]
    c.send({"type": "hello", "code": "WRONGCODE", "name": "Eve"})
    assert "wrong join code" in refused_with(c, "credential")["reason"]
    c.send({"type": "open", "match": table["mid"]})
    refused_with(c, "hello")  # nothing before a hello that works
    c.send({"type": "hello", "credential": table["teacher"] + "x"})
    refused_with(c, "credential")
    c.close()
    assert snapshot(table) == before
    still_up(table)


def test_acting_for_the_other_seat_is_refused(table: dict[str, Any]) -> None:
    mover, other = movers(table)
    mid = table["mid"]
    before = snapshot(table)
    choices = menu_actions(mover.views[mid]["traits"]["menu"])
    other.send({"type": "intent", "match": mid, "stamp": before[0], "intent": {"type": "play", "action": choices[0]}})
    msg = refused_with(other, "seat")
    assert msg["rule"] == "R8" and "decision, not yours" in msg["reason"]
    other.send({"type": "act", "match": mid, "stamp": before[0], "action": choices[0]})  # a person is no bot seat
    refused_with(other, "seat")
    spectator = Client(table["url"])
    spectator.hello(table["code"], "Sam")
    spectator.send({"type": "open", "match": mid})
    spectator.send({"type": "intent", "match": mid, "stamp": before[0],
                    "intent": {"type": "play", "action": choices[0]}})
    refused_with(spectator, "seat")
    spectator.close()
    assert snapshot(table) == before
    still_up(table)


def test_a_class_game_offers_no_hint_and_refuses_one(table: dict[str, Any]) -> None:
    """The server's views say no hint (``status.hint_allowed``) even to the seat that decides, whose local
    view would offer one; a hint intent sent anyway is refused and changes nothing."""
    mover, other = movers(table)
    mid = table["mid"]
    for c in (mover, other):
        assert c.views[mid]["traits"]["status"]["hint_allowed"] is False
    assert mover.views[mid]["traits"]["menu"]  # the mover decides: a local game's view would offer a hint
    before = snapshot(table)
    mover.send({"type": "intent", "match": mid, "stamp": before[0], "intent": {"type": "hint", "iterations": 5}})
    assert "without hints" in refused_with(mover, "illegal")["reason"]
    assert snapshot(table) == before


def test_a_replayed_or_stale_stamp_is_refused(table: dict[str, Any]) -> None:
    mover, _ = movers(table)
    mid = table["mid"]
    stamp = mover.views[mid]["stamp"]
    rng = random.Random(3)
    for _ in range(20):  # play one legal move (a call may be refused by the rules: choose again)
        frame = {"type": "intent", "match": mid, "stamp": stamp,
                 "intent": {"type": "play", "action": rng.choice(menu_actions(mover.views[mid]["traits"]["menu"]))}}
        mover.send(frame)
        got = mover.until(lambda m: m["type"] == "refused" or (m["type"] == "view" and m["stamp"] > stamp))
        if got["type"] == "view":
            break
    after = snapshot(table)
    assert after[0] > stamp
    mover.send(frame)  # the same frame again: replayed
    assert "stamp" in refused_with(mover, "stale")["reason"]
    mover.send({**frame, "stamp": after[0] + 5})  # a stamp from the future
    refused_with(mover, "stale")
    assert snapshot(table) == after
    still_up(table)


@pytest.mark.parametrize(("frame", "code", "words"), [
    ("not json", "malformed", "not JSON"),
    ("[1, 2]", "malformed", "JSON object"),
    ('{"type": "fly"}', "malformed", "unknown message type"),
    ('{"type": "intent", "match": 1}', "malformed", "integer 'stamp'"),
    ('{"type": "intent", "match": 1, "stamp": 0, "intent": 7}', "malformed", "'intent' is an object"),
    ('{"type": "open", "match": 1, "extra": 1}', "malformed", "no field 'extra'"),
    ('{"type": "challenge", "opponent": "bot:ismcts:999999"}', "malformed", "an opponent is"),
    ('{"type": "open", "match": 99999}', "unknown", "no match 99999"),
    (json.dumps({"type": "open", "match": 1, "x": [[[[[[[[[[[1]]]]]]]]]]]}), "malformed", "nested"),
    ("x" * 70_000, "size", "too large"),
    (b"\x00\x01binary", "malformed", "binary"),
])
def test_a_malformed_or_oversized_frame_is_refused(table: dict[str, Any], frame: str | bytes, code: str,
                                                   words: str) -> None:
    before = snapshot(table)
    c = table["a"]
    c.send(frame)
    assert words in refused_with(c, code)["reason"]
    assert snapshot(table) == before
    still_up(table)


def test_a_flood_is_refused_and_then_closed(table: dict[str, Any]) -> None:
    before = snapshot(table)
    c = Client(table["url"])
    c.hello(table["code"], "Flood")
    frame = json.dumps({"type": "leave", "match": 424242})
    try:
        for _ in range(1000):
            c.send(frame)
    except ConnectionClosed as closed:  # the server may close it before the last of the flood is sent
        assert "flood" in str(closed)
    with pytest.raises(Exception, match="1008|closed|flood"):  # noqa: PT011 - closed by the server
        while True:
            c.recv(5)
    refusals = [json.loads(f)["code"] for f in c.frames if json.loads(f)["type"] == "refused"]
    assert "rate" in refusals and refusals.count("unknown") < 600
    assert snapshot(table) == before
    still_up(table)


def test_a_page_of_another_origin_is_refused(table: dict[str, Any]) -> None:
    c = Client(table["url"], origin="https://evil.example")
    msg = refused_with(c, "origin")
    assert "--origin" in msg["reason"]
    c.close()
    same = Client(table["url"], origin=f"http://127.0.0.1:{table['port']}")
    assert same.hello(table["code"], "Local")["type"] == "welcome"
    same.close()
    still_up(table)


def test_the_teacher_sees_everything_and_cannot_play(table: dict[str, Any]) -> None:
    mid = table["mid"]
    c = Client(table["url"])
    c.send({"type": "hello", "credential": table["teacher"]})
    assert c.until(lambda m: m["type"] == "welcome")["player"] == "teacher"
    c.send({"type": "open", "match": mid})
    view = c.until(lambda m: m["type"] == "view")
    assert view["traits"]["status"]["viewer"] == "truth" and view["traits"]["menu"] == {}
    hands = [p["hand"] for p in view["traits"]["board"]["players"]]
    assert all(isinstance(h, list) and h for h in hands), "the truth shows both hands"
    before = snapshot(table)
    c.send({"type": "intent", "match": mid, "stamp": before[0], "intent": {"type": "play", "action": "pass"}})
    refused_with(c, "seat")
    c.close()
    assert snapshot(table) == before


def test_credentials_never_reach_the_database_or_another_player(table: dict[str, Any], tmp_path: Path) -> None:
    hub = table["hub"]
    creds = [table["a"].credential, table["b"].credential]
    assert all(creds)
    dump = "\n".join(hub.store.conn.iterdump())
    assert not [c for c in creds if c in dump]
    for client, other in ((table["a"], creds[1]), (table["b"], creds[0])):
        assert not [f for f in client.frames if other in f]
        assert sum(client.credential in f for f in client.frames) == 1  # only in its own welcome
