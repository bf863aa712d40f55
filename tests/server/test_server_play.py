"""Whole games through the protocol on a real server: two people, a house bot, a network bot."""

from __future__ import annotations

import random
from pathlib import Path

from server_helpers import Client, challenge_and_open, play_people_game, running_server

from naga_widget.server.app import Settings


def test_two_people_play_a_whole_game_and_a_spectator_watches(tmp_path: Path) -> None:
    with running_server(Settings(db=str(tmp_path / "class.db"))) as srv:
        a, b, s = Client(srv["url"]), Client(srv["url"]), Client(srv["url"])
        assert a.hello(srv["code"], "Ada")["type"] == "welcome"
        assert b.hello(srv["code"], "Bo")["type"] == "welcome"
        s.hello(srv["code"], "Cy")
        mid = challenge_and_open(a, b)
        seats = {a.started[mid]: a, b.started[mid]: b}
        # the lobby says who sits where by player id (a page knows its own table by it, not by a name)
        lobby = s.until(lambda m: m["type"] == "lobby" and any(t["id"] == mid for t in m["matches"]))
        table = next(t for t in lobby["matches"] if t["id"] == mid)
        assert [seat["player"] for seat in table["seats"]] == [seats[0].player, seats[1].player]
        s.send({"type": "open", "match": mid})
        s.until(lambda m: m["type"] == "view" and m["full"])
        result = play_people_game(mid, seats, random.Random(1), watchers=(s,))
        assert result["winner"] in (0, 1)
        assert srv["hub"].store.move_count(mid) == s.views[mid]["stamp"] > 10
        for c in (a, b, s):
            c.close()
