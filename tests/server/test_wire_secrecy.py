"""The wire: every frame the server sends to each seat over more than 100 random games played through the
protocol holds none of the other seat's hidden cards, amulets or face-down relics, nor the seed (R6).

The games run through the hub in this process (the frames are the very texts a WebSocket would carry:
each client frame goes through ``protocol.parse`` and the app's own frame handler, each answer is the
JSON text the server sends): 100 games between two network bot seats (an ``observe`` in, an ``act`` out)
and 8 games between two people's views (the widget's traits) with a spectator. Each frame is searched
for what its receiver may not know at the step it was sent: the hidden ids as JSON strings and as words
(``hidden_facts``), and by elimination, the relics: a relic kind shown on a slot its receiver has not
looked at is a leak, though a kind is no id.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from hidden_facts import hidden_ids
from hidden_facts import leaked as leaked_ids
from server_helpers import menu_actions

from naga_widget.match import Match
from naga_widget.server.app import _one
from naga_widget.server.auth import RateLimit, Teacher
from naga_widget.server.store import Store
from naga_widget.server.tables import Conn, Hub

BOT_GAMES = int(__import__("os").environ.get("BOT_GAMES", 100))
PEOPLE_GAMES = 8
VIEWER_INDEX = {0: 0, 1: 1, "spectator": 2}


class Wire:
    """A hub and its connections in this process; every frame sent is kept with the stamp of each match
    at the moment it was sent."""

    def __init__(self, path: Path) -> None:
        self.hub = Hub(Store(":memory:"), code="CLASS123", teacher=Teacher())  # durability is tested elsewhere
        self.frames: dict[str, list[tuple[str, dict[int, int]]]] = {}
        self.conns: dict[str, Conn] = {}
        self.limit = RateLimit(burst=10**9, per_second=1e9)

    def connect(self, name: str, bot: bool = False) -> Conn:
        frames = self.frames.setdefault(name, [])
        conn = Conn(lambda text: frames.append((text, {m: t.stamp for m, t in self.hub.tables.items()})))
        self.hub.connect(conn)
        self.conns[name] = conn
        self.send(name, {"type": "hello", "code": "CLASS123", "name": name, **({"bot": True} if bot else {})})
        return conn

    def send(self, name: str, msg: dict[str, Any]) -> None:
        _one(self.hub, self.conns[name], self.limit, json.dumps(msg), lambda code, why: None)

    def last(self, name: str, kind: str) -> dict[str, Any] | None:
        for text, _ in reversed(self.frames[name]):
            msg = json.loads(text)
            if msg["type"] == kind:
                return dict(msg)
        return None

    def begin(self, a: str, b: str) -> int:
        self.send(a, {"type": "challenge", "opponent": self.conns[b].player})
        cid = self.hub.store.challenges()[-1]["id"]
        self.send(b, {"type": "accept", "challenge": cid})
        return max(self.hub.tables)


def leaked(ids: set[str], text: str) -> list[str]:
    """``hidden_facts.leaked``, looking closer only at the ids that are substrings of ``text`` at all."""
    return leaked_ids([i for i in ids if i in text], text)


def check_frames(wire: Wire, name: str, viewer: int | str, seeds: list[str]) -> int:
    """Search every frame ``name`` received; the number of frames about a match."""
    searched = 0
    for text, stamps in wire.frames[name]:
        for seed in seeds:
            assert seed not in text, f"a seed sent to {name}"
        msg = json.loads(text)
        mid = msg.get("match")
        if mid is None or mid not in stamps:
            continue
        table = wire.hub.tables[mid]
        who = viewer if msg.get("seat") is None or viewer == "spectator" else msg["seat"]
        state = table.match.state_at(stamps[mid])
        hidden = hidden_ids(state, who)
        if msg["type"] == "view":
            traits = msg["traits"]
            traits.pop("catalog", None)  # the static data of every card: public (R1)
            events = traits.pop("events", [])
            timeline = traits.get("timeline") or {}
            happened = (timeline.get("happened") or {}).pop("events", [])
            for event in events + happened:  # an event as seen at its step (a card may go back to the deck later)
                assert not leaked(hidden_ids(table.match.state_at(event["step"]), who), event["text"]), event
            assert not leaked(hidden, json.dumps(traits)), (name, stamps[mid])
            board = traits.get("board") or {}
            for t, temple in enumerate(board.get("temples", [])):  # by elimination: no face-down relic's kind
                for i, relic in enumerate(temple["relics"]):
                    if relic.get("relic") is not None:
                        assert relic.get("up") or state.temples[t].known[VIEWER_INDEX[who]] >> i & 1, (t, i)
        else:
            assert not leaked(hidden, text), (name, msg["type"], stamps[mid])
            if msg["type"] == "observe":
                obs = msg["observation"]
                assert obs == json.loads(json.dumps(state.observe(who)))  # its own observation, nothing more
        searched += 1
    return searched


def test_bot_seats_receive_only_their_own_observation_over_100_games(tmp_path: Path) -> None:
    wire = Wire(tmp_path / "wire.db")
    wire.connect("A", bot=True)
    wire.connect("B", bot=True)
    rng = random.Random(27)
    mids = []
    for _ in range(BOT_GAMES):
        mid = wire.begin("A", "B")
        mids.append(mid)
        table = wire.hub.tables[mid]
        while not table.over:
            mover = next(n for n in ("A", "B") if wire.hub.seat_of(wire.conns[n], table) == table.match.state.to_move)
            obs = wire.last(mover, "observe")
            assert obs is not None and obs["match"] == mid and obs["stamp"] == table.stamp
            wire.send(mover, {"type": "act", "match": mid, "stamp": obs["stamp"],
                              "action": rng.choice(obs["legal"]["actions"])})
    assert all(wire.hub.tables[m].match.state.is_over for m in mids)
    seeds = [str(r["seed"]) for r in wire.hub.store.matches()]
    searched = sum(check_frames(wire, n, 0, seeds) for n in ("A", "B"))
    assert searched > BOT_GAMES * 30
    assert sum(wire.hub.store.move_count(m) for m in mids) == sum(wire.hub.tables[m].stamp for m in mids)


def test_peoples_views_and_a_spectators_hold_nothing_hidden(tmp_path: Path) -> None:
    wire = Wire(tmp_path / "wire.db")
    for name in ("A", "B", "S"):
        wire.connect(name)
    rng = random.Random(11)
    for _ in range(PEOPLE_GAMES):
        mid = wire.begin("A", "B")
        for name in ("A", "B", "S"):
            wire.send(name, {"type": "open", "match": mid})
        table = wire.hub.tables[mid]
        while not table.over:
            mover = next(n for n in ("A", "B") if wire.hub.seat_of(wire.conns[n], table) == table.match.state.to_move)
            menu = wire.hub.traits_for(wire.conns[mover], table, wire.conns[mover].opened[mid])["menu"]
            wire.send(mover, {"type": "intent", "match": mid, "stamp": table.stamp,
                              "intent": {"type": "play", "action": rng.choice(menu_actions(menu))}})
        for name in ("A", "B", "S"):
            wire.send(name, {"type": "leave", "match": mid})
    seeds = [str(r["seed"]) for r in wire.hub.store.matches()]
    assert check_frames(wire, "S", "spectator", seeds) > PEOPLE_GAMES * 20
    for name in ("A", "B"):
        assert check_frames(wire, name, 0, seeds) > PEOPLE_GAMES * 20


def test_the_search_finds_a_hand_sent_to_the_other_seat(tmp_path: Path) -> None:
    """The search can fail: a frame naming the opponent's hand is caught."""
    wire = Wire(tmp_path / "wire.db")
    wire.connect("A")
    wire.connect("B")
    mid = wire.begin("A", "B")
    table = wire.hub.tables[mid]
    seat_a = wire.hub.seat_of(wire.conns["A"], table)
    assert seat_a is not None
    wire.conns["A"].send({"type": "view", "match": mid, "seat": seat_a, "stamp": 0, "full": False,
                          "traits": {"board": {"hand": list(table.match.state.hands[1 - seat_a])}}, "table": {}})
    try:
        check_frames(wire, "A", 0, [])
    except AssertionError:
        return
    raise AssertionError("the leak was not found")


def test_seeds_are_kept_on_the_server(tmp_path: Path) -> None:
    wire = Wire(tmp_path / "wire.db")
    wire.connect("A")
    wire.send("A", {"type": "challenge", "opponent": "bot:random"})
    mid = max(wire.hub.tables)
    seed = wire.hub.store.matches()[-1]["seed"]
    assert Match(seed=seed).state == wire.hub.tables[mid].match.state_at(0)  # the stored seed is the match's
    assert all(str(seed) not in text for text, _ in wire.frames["A"])
