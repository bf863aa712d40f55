"""The server's clocks and bots (docs/server.md, "Clocks and forfeits"): house bots play, a bot from a
notebook plays through the bot client, a bot that is silent or answers what cannot be played forfeits,
and a person to move who went away forfeits after the stated wait unless they come back."""

from __future__ import annotations

import contextlib
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


def bot_asked(bot: Client, person: Client, mid: int, after: int, timeout: float = 20) -> dict[str, Any] | None:
    """The person plays their turns until the bot is asked to move after stamp ``after`` (its observe,
    returned, whether read now or while the match was opened; an observe sent again for a turn already
    answered is passed over) or the match is over (None).
    Both connections are read in turn: steps the server plays by itself (a forced pass) may give the person
    another turn after a view without one."""
    rng = random.Random(3)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        # an observe already read (the bot's first turn may have come while the match was being opened)
        read = [m for m in map(json.loads, bot.frames) if m["type"] == "observe" and m["stamp"] > after]
        if read:
            return dict(read[0])
        if person.views[mid]["table"]["over"]:
            return None
        if person.views[mid]["traits"]["menu"]:
            stamp = person.views[mid]["stamp"]
            action = rng.choice(menu_actions(person.views[mid]["traits"]["menu"]))
            person.send({"type": "intent", "match": mid, "stamp": stamp, "intent": {"type": "play", "action": action}})
            person.until(lambda m, at=stamp: m["type"] == "refused" or (m["type"] == "view" and m["stamp"] > at))
        with contextlib.suppress(TimeoutError):
            return bot.until(lambda m: m["type"] == "observe" and m["stamp"] > after, timeout=0.2)
        person.drain()
    raise TimeoutError("the bot was not asked to move and the match did not end")


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


# -- game clocks: a bot's time for the game, a person's chess clock ---------------------------------------------
def test_a_bots_time_for_the_game_adds_up_over_its_moves_and_forfeits_when_used(tmp_path: Path) -> None:
    """Each answer is well within the time for a move (30 s), but the bot's 1.8 s for the game is used up by
    its answers of 0.7 s, by the third at the latest (the second on a loaded machine): it forfeits, and the
    others read why."""
    with running_server(Settings(db=str(tmp_path / "c.db"), bot_seconds=30, bot_game_seconds=1.8)) as srv:
        bot, person, mid = bot_match(srv)
        answered, last = 0, -1
        while (obs := bot_asked(bot, person, mid, last)) is not None:
            last = obs["stamp"]
            assert obs["deadline_ms"] <= 1800 - 700 * answered + 50  # the game's time left, not the move's 30 s
            time.sleep(0.7)
            bot.send({"type": "act", "match": mid, "stamp": obs["stamp"], "action": obs["legal"]["actions"][0]})
            got = person.until(lambda m, at=obs["stamp"]: m["type"] == "view" and (m["stamp"] > at
                                                                                  or m["table"]["over"]))
            if got["stamp"] > obs["stamp"]:
                answered += 1
        result = person.views[mid]["table"]["result"]
        assert result["reason"] == "forfeit" and result["winner"] == person.started[mid]
        assert "ran out of its 1.8 s for the game" in result["text"] and answered in (1, 2)
        assert srv["hub"].store.spent(mid)[bot.started[mid]] >= 0.7 * answered  # kept in the file, for a restart
        bot.close()
        person.close()


def test_a_chess_clock_forfeits_a_person_who_is_there_but_does_not_move(tmp_path: Path) -> None:
    """``--clock`` (here 0.02 minutes, 1.2 s) counts a connected person's time too; a challenge's own clock
    replaces the server's, and ``"clock": 0`` plays without one."""
    with running_server(Settings(db=str(tmp_path / "c.db"), clock_minutes=0.02)) as srv:
        a, b = Client(srv["url"]), Client(srv["url"])
        a.hello(srv["code"], "Ada")
        b.hello(srv["code"], "Bo")
        mid = challenge_and_open(a, b)
        mover, other = (a, b) if a.views[mid]["traits"]["menu"] else (b, a)
        left = a.views[mid]["table"]["game_seconds"]
        assert left[other.started[mid]] == 1.2 and 0 < left[mover.started[mid]] <= 1.2  # only the mover's runs
        other.until(lambda m: m["type"] == "view" and m["table"]["over"], timeout=10)
        result = other.views[mid]["table"]["result"]
        assert result["reason"] == "forfeit" and result["winner"] == other.started[mid]
        assert "clock ran out" in result["text"]

        a.send({"type": "challenge", "opponent": b.player, "clock": 0})  # no clock for this one
        lobby = b.until(lambda m: m["type"] == "lobby" and any(c["to"] == b.player for c in m["challenges"]))
        challenge = next(c for c in lobby["challenges"] if c["to"] == b.player)
        assert challenge["clock"] is None
        b.send({"type": "accept", "challenge": challenge["id"]})
        calm = b.until(lambda m: m["type"] == "started")["match"]
        b.send({"type": "open", "match": calm})
        view = b.until(lambda m: m["type"] == "view" and m["match"] == calm)
        assert view["table"]["game_seconds"] == [None, None]
        time.sleep(1.5)
        assert not srv["hub"].tables[calm].over
        a.close()
        b.close()


def test_a_challenges_clock_counts_only_the_seat_to_move(tmp_path: Path) -> None:
    """A challenge's clock (0.05 minutes, 3 s) on a server without one: a person who moves in time keeps the
    rest of their time, and the seat not to move loses nothing meanwhile."""
    with running_server(Settings(db=str(tmp_path / "c.db"))) as srv:
        a = Client(srv["url"])
        a.hello(srv["code"], "Ada")
        a.send({"type": "challenge", "opponent": "bot:random", "clock": 0.05})
        mid = a.until(lambda m: m["type"] == "started")["match"]
        a.send({"type": "open", "match": mid})
        a.until(lambda m: m["type"] == "view" and m["full"])
        seat = a.started[mid]
        assert 0 < a.views[mid]["table"]["game_seconds"][seat] <= 3.0
        assert a.views[mid]["table"]["game_seconds"][1 - seat] is None  # a house bot has no chess clock
        for _ in range(3):  # three quick moves of the person's
            a.drain(0.2)
            play_until_bot(a, mid)
        spent = srv["hub"].tables[mid].spent[seat]
        assert 0 < spent < 3.0 and not srv["hub"].tables[mid].over
        a.until(lambda m: m["type"] == "view" and m["table"]["over"], timeout=10)  # then no move: the clock runs out
        assert "clock ran out" in a.views[mid]["table"]["result"]["text"]
        a.close()


def test_a_challenges_clock_gives_both_people_their_time_and_names_the_running_one(tmp_path: Path) -> None:
    """A challenge of one person to another with ``"clock": 1``: each seat has 60 s in the view's table, and
    ``running`` names the seat to move (the one whose clock counts down), the same for both views."""
    with running_server(Settings(db=str(tmp_path / "c.db"))) as srv:
        a, b = Client(srv["url"]), Client(srv["url"])
        a.hello(srv["code"], "Ada")
        b.hello(srv["code"], "Bo")
        a.send({"type": "challenge", "opponent": b.player, "clock": 1})
        lobby = b.until(lambda m: m["type"] == "lobby" and any(c["to"] == b.player for c in m["challenges"]))
        challenge = next(c for c in lobby["challenges"] if c["to"] == b.player)
        assert challenge["clock"] == 60.0
        b.send({"type": "accept", "challenge": challenge["id"]})
        mid = b.until(lambda m: m["type"] == "started")["match"]
        a.until(lambda m: m["type"] == "started" and m["match"] == mid)
        for c in (a, b):
            c.send({"type": "open", "match": mid})
            c.until(lambda m: m["type"] == "view" and m["match"] == mid and m["full"])
        mover = a if a.views[mid]["traits"]["menu"] else b
        seat = mover.started[mid]
        for c in (a, b):
            table = c.views[mid]["table"]
            assert table["running"] == seat
            assert table["game_seconds"][1 - seat] == 60.0 and 0 < table["game_seconds"][seat] <= 60.0
            assert table["clock"] == {"seat": seat, "kind": "chess", "seconds": table["clock"]["seconds"]}
        a.close()
        b.close()
