"""Submitted bots and the continuous league of the server: two small bots and a broken one are sent through
the server's HTTP endpoint with their players' credentials; the leaderboard rates the two and gives the broken
one's reason; a new version of a bot replaces the old one in the ranking. The bots run in the league's sandbox
(bubblewrap where it works; CI requires it with NAGA_LEAGUE_SANDBOX=required)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")
pytest.importorskip("openskill")

from starlette.testclient import TestClient  # noqa: E402

from naga_widget.league.sandbox import Limits  # noqa: E402
from naga_widget.server.app import Settings, make_app, make_hub  # noqa: E402
from naga_widget.server.leagueservice import MAX_SOURCE_BYTES, LeagueService  # noqa: E402

RANDOM = '''
import random

class RandomBot:
    def __init__(self, seed=None):
        self.rng = random.Random(seed)

    def act(self, observation, legal):
        return legal.sample(self.rng)
'''
FIRST = '''
class FirstBot:
    def act(self, observation, legal):
        return next(iter(legal))
'''
BROKEN = '''
class BrokenBot:
    def act(self, observation, legal):
        raise ValueError("BROKEN-ON-PURPOSE")
'''
WAIT = 240.0  # seconds for one league run on a busy machine (a handful of sandboxed games)


def test_submitted_bots_are_rated_and_a_new_version_replaces_the_old(tmp_path: Path) -> None:
    settings = Settings(db=str(tmp_path / "class.db"))
    hub = make_hub(settings)
    players = {name: hub.store.add_player(name, bot=False) for name in ("ada", "bo", "cy")}
    service = LeagueService(hub.store, tmp_path / "league", limits=Limits(move_seconds=5.0, game_seconds=60.0))
    app = make_app(hub, settings, service.routes())
    service.start()
    try:
        with TestClient(app) as client:
            def post(name: str, source: str | bytes) -> object:
                body = source.encode() if isinstance(source, str) else source
                return client.post("/league/submit", content=body,
                                   headers={"Authorization": f"Bearer {players[name][1]}"})

            # refused, nothing kept: no credential, a wrong one, too large, not UTF-8
            assert client.post("/league/submit", content=RANDOM).status_code == 403
            assert client.post("/league/submit", content=RANDOM,
                               headers={"Authorization": "Bearer nope"}).status_code == 403
            assert post("ada", b"#" * (MAX_SOURCE_BYTES + 1)).status_code == 413
            assert post("ada", b"\xff\xfe").status_code == 400
            assert client.get("/league/status").json()["entries"] == []

            for name, source in (("ada", RANDOM), ("bo", FIRST), ("cy", BROKEN)):
                answer = post(name, source)
                assert answer.status_code == 202, answer.text
            assert service.wait_idle(WAIT), service.status
            status = client.get("/league/status").json()
            assert status["status"] == "rated", status
            board = client.get("/league/").text
            ranking = board[board.index('data-testid="ranking"'):]
            ranking = ranking[:ranking.index("</table>")]
            assert "ada-1" in ranking and "bo-2" in ranking and "cy-3" not in ranking
            failures = board[board.index('data-testid="failures"'):]
            assert "cy-3" in failures and "raised ValueError" in failures, failures  # its public reason
            standings = json.loads((tmp_path / "league" / "results" / "league.json").read_text())
            first_games = {g["key"] for g in standings["games"]}
            assert {r["name"] for r in standings["standings"]} == {"ada-1", "bo-2"}
            replay = next(iter(first_games))
            assert client.get(f"/league/replays/{replay}.html").status_code == 200
            assert client.get("/league/../../class.db").status_code == 404

            runs = service.runs
            # bo's new version: its games are played again, ada's old games with the broken bot are not
            assert post("bo", RANDOM.replace("RandomBot", "SecondBot")).status_code == 202
            assert service.wait_idle(WAIT), service.status
            again = json.loads((tmp_path / "league" / "results" / "league.json").read_text())
            assert [r["name"] for r in again["standings"]].count("bo-2") == 1
            assert not first_games & {g["key"] for g in again["games"]}  # every game of the old version is gone
            assert service.runs > runs
    finally:
        service.stop()
        hub.store.close()
