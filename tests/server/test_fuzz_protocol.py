"""A seeded, bounded fuzz of the protocol: frames of every kind with values of any kind, sent by a player
of a match, a stranger and a bot seat. Each is applied or refused with a ``refused`` message naming a
known code; nothing else is raised, the match stays as its stored moves say, and nobody's view holds a
hidden fact. Hypothesis runs derandomized, without a database."""

from __future__ import annotations

import json
import random
from typing import Any

from hidden_facts import hidden_ids
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from server_helpers import menu_actions

from naga_widget.server.auth import RateLimit, Teacher
from naga_widget.server.protocol import CODES, Refusal, parse
from naga_widget.server.store import Store
from naga_widget.server.tables import Conn, Hub

FUZZ = settings(max_examples=250, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow])

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**63), 2**63) | st.floats(allow_nan=False) | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12)
small = st.integers(-2, 12) | json_values
actions = st.sampled_from(["pass", "call 01a", "give 02b", "place 4 rot0", "invoke 03a", "", "x" * 500]) | json_values
intents = st.fixed_dictionaries({"type": st.sampled_from(["play", "goto", "undo", "redo", "start", "end", "hint",
                                                          "fork", "force", "auto_pass", "new_game", "watch_play"])},
                                optional={"action": actions, "to": small, "on": small, "step": small,
                                          "branch": small, "id": small})
frames = st.one_of(
    st.fixed_dictionaries({"type": st.just("hello")}, optional={"code": small, "name": small, "credential": small,
                                                                "bot": small}),
    st.fixed_dictionaries({"type": st.just("challenge"), "opponent": small | st.sampled_from(
        ["bot:random", "bot:ismcts:0", "bot:nope"])}),
    st.fixed_dictionaries({"type": st.sampled_from(["accept", "decline"]), "challenge": small}),
    st.fixed_dictionaries({"type": st.sampled_from(["open", "leave"]), "match": small}),
    st.fixed_dictionaries({"type": st.just("intent"), "match": small, "stamp": small, "intent": intents | small}),
    st.fixed_dictionaries({"type": st.just("act"), "match": small, "stamp": small, "action": actions}),
    json_values,
).map(json.dumps) | st.text(max_size=60)


class World:
    """A hub with one match between two people, open on both sides, and a stranger."""

    def __init__(self) -> None:
        self.hub = Hub(Store(":memory:"), code="FUZZCODE", teacher=Teacher())
        self.sent: dict[str, list[str]] = {}
        self.conns = {name: self.connect(name) for name in ("A", "B", "Z")}
        self.hub.handle(self.conns["A"], {"type": "challenge", "opponent": self.conns["B"].player})
        self.hub.handle(self.conns["B"], {"type": "accept", "challenge": 1})
        for name in ("A", "B"):
            self.hub.handle(self.conns[name], {"type": "open", "match": 1})
        self.limit = RateLimit(burst=10**9, per_second=1e9)

    def connect(self, name: str) -> Conn:
        out = self.sent.setdefault(name, [])
        conn = Conn(out.append)
        self.hub.connect(conn)
        self.hub.handle(conn, {"type": "hello", "code": "FUZZCODE", "name": name})
        return conn


WORLD: list[World] = []


def world() -> World:
    if not WORLD:
        WORLD.append(World())
    return WORLD[0]


@FUZZ
@given(who=st.sampled_from(["A", "B", "Z"]), frame=frames, advance=st.integers(0, 3),
       seed=st.integers(0, 2**32))
def test_any_frame_is_applied_or_refused_and_the_match_stays_whole(who: str, frame: str, advance: int,
                                                                   seed: int) -> None:
    w = world()  # one world for all the examples: the match goes on through them
    rnd = random.Random(seed)
    table = w.hub.tables[1]
    for _ in range(advance):  # the match moves on between the frames: legal moves from the mover's menu
        if table.over:
            break
        mover = next(n for n in ("A", "B") if w.hub.seat_of(w.conns[n], table) == table.match.state.to_move)
        opened = w.conns[mover].opened[1]
        opened.cursor = None
        choices = menu_actions(w.hub.traits_for(w.conns[mover], table, opened)["menu"])
        try:
            w.hub.handle(w.conns[mover], {"type": "intent", "match": 1, "stamp": table.stamp,
                                          "intent": {"type": "play", "action": rnd.choice(choices)}})
        except Refusal as exc:
            assert exc.code == "illegal"
    conn = w.conns[who]
    try:
        msg = parse(frame)
        w.hub.handle(conn, msg)
    except Refusal as exc:
        assert exc.code in CODES and exc.reason
    assert w.hub.store.moves(1) == [str(a) for a in table.match.actions]
    assert table.match.at_end
    assert table.over == table.match.state.is_over
    for name, seat in (("A", w.hub.seat_of(w.conns["A"], table)), ("B", w.hub.seat_of(w.conns["B"], table))):
        if w.sent[name]:
            last: dict[str, Any] = json.loads(w.sent[name][-1])
            assert last["type"] in ("welcome", "lobby", "started", "view", "observe", "refused")
            if last["type"] == "view" and last["stamp"] == table.stamp and seat is not None:
                kept = ("board", "menu", "status", "chance", "explain")
                text = json.dumps({k: v for k, v in last["traits"].items() if k in kept})
                assert not [i for i in hidden_ids(table.match.state, seat) if f'"{i}"' in text]
