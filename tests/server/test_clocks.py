"""The server's clocks and bots (docs/server.md, "Clocks and forfeits"): house bots play, a bot from a
notebook plays through the bot client, a bot that is silent or answers what cannot be played forfeits,
and a person to move who went away forfeits after the stated wait unless they come back."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Any

from server_helpers import Client, challenge_and_open, menu_actions, play_people_game, running_server

from naga_widget.bots import GreedyBot
from naga_widget.server.app import Settings
from naga_widget.server.botclient import play as play_bot


def test_a_person_plays_a_house_bot_to_the_end(tmp_path: Path) -> None:
    with running_server(Settings(db=str(tmp_path / "c.db"))) as srv:
        a = Client(srv["url"])
        a.hello(srv["code"], "Ada")
        a.send({"type": "challenge", "opponent": "bot:greedy"})
        mid = a.until(lambda m: m["type"] == "started")["match"]
        a.send({"type": "open", "match": mid})
        a.until(lambda m: m["type"] == "view" and m["full"])
        result = play_people_game(mid, {a.started[mid]: a}, random.Random(5))
        assert result["winner"] in (0, 1) and result["reason"] != "forfeit"
        assert a.views[mid]["table"]["seats"][1 - a.started[mid]]["kind"] == "house"
        a.close()


def test_a_bot_from_a_notebook_plays_through_the_bot_client(tmp_path: Path) -> None:
    with running_server(Settings(db=str(tmp_path / "c.db"))) as srv:
        results = play_bot(GreedyBot(seed=1), srv["url"], code=srv["code"], name="Ada's bot",
                           challenge="bot:random", games=2)
        assert len(results) == 2 and all(r["reason"] != "forfeit" for r in results.values())
        hub = srv["hub"]
        assert all(hub.tables[m].match.state.is_over for m in results)


def bot_match(srv: dict[str, Any]) -> tuple[Client, Client, int]:
    """A network bot seat (a raw client) against a person; the bot's observe has come when its turn did."""
    bot, person = Client(srv["url"]), Client(srv["url"])
    bot.hello(srv["code"], "Silent", bot=True)
    person.hello(srv["code"], "Pat")
    mid = challenge_and_open(person, bot)
    return bot, person, mid


def test_a_silent_bot_forfeits_after_its_time_and_an_unplayable_answer_forfeits_at_once(tmp_path: Path) -> None:
    with running_server(Settings(db=str(tmp_path / "c.db"), bot_seconds=0.6)) as srv:
        bot, person, mid = bot_match(srv)
        play_until_bot(person, mid)
        person.until(lambda m: m["type"] == "view" and m["table"]["over"], timeout=20)
        result = person.views[mid]["table"]["result"]
        assert result["reason"] == "forfeit" and result["winner"] == person.started[mid]
        assert "did not answer within 0.6 s" in result["text"]
        bot.close()
        person.close()
    with running_server(Settings(db=str(tmp_path / "d.db"), bot_seconds=30)) as srv:
        bot, person, mid = bot_match(srv)
        seat = bot.started[mid]
        play_until_bot(person, mid)
        bot.drain(0.3)
        obs = [json.loads(f) for f in bot.frames if json.loads(f)["type"] == "observe"][-1]
        hand = obs["observation"]["players"][seat]["hand"]
        bot.send({"type": "act", "match": mid, "stamp": obs["stamp"], "action": f"give {hand[0]} {hand[0]}"})
        refused = bot.until(lambda m: m["type"] == "refused")
        assert refused["code"] == "illegal" and "forfeit" in refused["reason"]
        person.until(lambda m: m["type"] == "view" and m["table"]["over"])
        shown = person.views[mid]
        text = json.dumps({**shown, "traits": {k: v for k, v in shown["traits"].items() if k != "catalog"}})
        assert "forfeit" in text and not [c for c in hand if f'"{c}"' in text or f" {c}" in text]
        bot.close()
        person.close()


def play_until_bot(person: Client, mid: int) -> None:
    """The person plays while it is their turn (the seat to move first is drawn)."""
    rng = random.Random(3)
    while person.views[mid]["traits"]["menu"]:
        stamp = person.views[mid]["stamp"]
        choices = menu_actions(person.views[mid]["traits"]["menu"])
        person.send({"type": "intent", "match": mid, "stamp": stamp,
                     "intent": {"type": "play", "action": rng.choice(choices)}})
        person.until(lambda m, at=stamp: m["type"] == "refused" or (m["type"] == "view" and m["stamp"] > at))


def test_a_person_who_goes_away_forfeits_after_the_wait_unless_they_come_back(tmp_path: Path) -> None:
    with running_server(Settings(db=str(tmp_path / "c.db"), forfeit_seconds=1.5)) as srv:
        a, b = Client(srv["url"]), Client(srv["url"])
        a.hello(srv["code"], "Ada")
        b.hello(srv["code"], "Bo")
        mid = challenge_and_open(a, b)
        mover, other = (a, b) if a.views[mid]["traits"]["menu"] else (b, a)
        credential = mover.credential
        mover.close()  # away on their turn: the wait begins
        time.sleep(0.5)
        back = Client(srv["url"])  # back in time (a reloaded tab): the seat is theirs again
        back.send({"type": "hello", "credential": credential})
        assert back.until(lambda m: m["type"] == "welcome")["player"] == mover.player
        back.send({"type": "open", "match": mid})
        view = back.until(lambda m: m["type"] == "view")
        assert view["traits"]["menu"] and not view["table"]["over"]
        time.sleep(2.0)
        assert not srv["hub"].tables[mid].over
        back.close()  # away again, for good
        other.until(lambda m: m["type"] == "view" and m["table"]["over"], timeout=10)
        result = other.views[mid]["table"]["result"]
        assert result["reason"] == "forfeit" and result["winner"] == other.started[mid]
        assert "within 1.5 s" in result["text"]
        other.close()


def test_the_teacher_credential_is_new_at_each_start_and_the_code_is_kept(tmp_path: Path) -> None:
    db = str(tmp_path / "c.db")
    with running_server(Settings(db=db)) as first:
        pass
    with running_server(Settings(db=db)) as second:
        assert second["code"] == first["code"] and second["teacher"] != first["teacher"]
        c = Client(second["url"])
        c.send({"type": "hello", "credential": first["teacher"]})
        assert c.until(lambda m: m["type"] == "refused")["code"] == "credential"
        c.close()


def test_a_bot_seats_replayed_act_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    with running_server(Settings(db=str(tmp_path / "c.db"), bot_seconds=30)) as srv:
        bot, person, mid = bot_match(srv)
        play_until_bot(person, mid)
        bot.drain(0.3)
        obs = [json.loads(f) for f in bot.frames if json.loads(f)["type"] == "observe"][-1]
        act = {"type": "act", "match": mid, "stamp": obs["stamp"], "action": obs["legal"]["actions"][0]}
        bot.send(act)
        person.until(lambda m: m["type"] == "view" and m["stamp"] > obs["stamp"])
        table = srv["hub"].tables[mid]
        before = (table.stamp, srv["hub"].store.move_count(mid))
        bot.send(act)  # the same act again: the match has moved on
        refused = bot.until(lambda m: m["type"] == "refused")
        assert refused["code"] in ("stale", "seat") and refused["request"] == "act"
        assert (table.stamp, srv["hub"].store.move_count(mid)) == before and not table.over
        bot.close()
        person.close()
