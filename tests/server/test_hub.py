"""Hub mode (``naga-widget serve --hub``): a real JupyterHub (DummyAuthenticator, the local process
spawner, configurable-http-proxy: ``tests/hub_helpers.py``) runs the server as a managed service; two
students log in to the Hub and join the class by their Hub identities, its admin as the teacher, and nobody
joins with a code. ``tests/e2e/test_hub_teacher.py`` shows the teacher's pages in a browser."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import warnings
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("jupyterhub")
requests = pytest.importorskip("requests")
sync_client = pytest.importorskip("websockets.sync.client")

from hub_helpers import TEACHER, RunningHub, login  # noqa: E402


def _hello(url: str, msg: dict[str, Any]) -> list[dict[str, Any]]:
    with sync_client.connect(url, open_timeout=10) as ws:
        ws.send(json.dumps(msg))
        got = [json.loads(ws.recv(timeout=10))]
        if got[0]["type"] == "welcome":
            got.append(json.loads(ws.recv(timeout=10)))
        return got


def test_students_join_by_their_hub_identity(jupyterhub: RunningHub) -> None:
    base, service = jupyterhub.base, jupyterhub.service
    # a browser not logged in to the Hub is sent to log in there
    anonymous = requests.get(f"{service}hub/seat", timeout=10)
    assert "/hub/login" in anonymous.url

    seats = {}
    for name in ("ada", "bob", TEACHER):
        session = login(base, name)
        answer = session.get(f"{service}hub/seat", timeout=10)
        assert answer.status_code == 200, (answer.url, jupyterhub.log_tail())
        seats[name] = answer.json()
        assert seats[name]["name"] == name
        jupyterhub.secrets.append(seats[name]["credential"])
    assert seats[TEACHER]["teacher"] and not seats["ada"]["teacher"]
    # the lobby page: a browser not logged in is sent to the Hub; one logged in gets the page of Hub mode,
    # which asks hub/seat for its seat by itself (no code, no name to type)
    assert "/hub/login" in requests.get(service, timeout=10).url
    lobby = login(base, "bob").get(service, timeout=10)
    assert lobby.status_code == 200 and 'data-hub="1"' in lobby.text and "data-league" not in lobby.text
    assert "credential" not in lobby.text  # the page holds none: it asks for its seat once loaded
    again = login(base, "ada").get(f"{service}hub/seat", timeout=10).json()
    jupyterhub.secrets.append(again["credential"])
    assert again["player"] == seats["ada"]["player"] and again["credential"] != seats["ada"]["credential"]

    ws = service.replace("http://", "ws://") + "ws"
    ada = _hello(ws, {"type": "hello", "credential": seats["ada"]["credential"]})
    assert ada[0]["name"] == "ada" and ada[0]["player"] == seats["ada"]["player"]
    bob = _hello(ws, {"type": "hello", "credential": again["credential"]})
    assert bob[0]["name"] == "ada"  # the second browser of ada is ada too
    bob = _hello(ws, {"type": "hello", "credential": seats["bob"]["credential"]})
    assert bob[0]["name"] == "bob"
    assert {"ada", "bob"} <= {p["name"] for p in bob[1]["players"]}
    teacher = _hello(ws, {"type": "hello", "credential": seats[TEACHER]["credential"]})
    assert teacher[0]["player"] == "teacher"
    # no join code: a name of one's own choosing is refused
    code = _hello(ws, {"type": "hello", "code": "ANYTHING", "name": "mallory"})
    assert code[0]["type"] == "refused" and code[0]["code"] == "credential"
    # a token the Hub does not know
    assert requests.get(f"{service}hub/seat", headers={"Authorization": "token nope"},
                        timeout=10).status_code == 403
    # the service's output goes to the Hub's log: no credential it handed out is there (the fixture searches
    # the whole log again once the Hub has stopped, for these and the service's secret join code)
    jupyterhub.assert_no_secret_in_log()


def test_each_visit_of_a_hub_user_is_a_new_credential_of_the_same_player() -> None:
    from naga_widget.server.app import Settings
    from naga_widget.server.hubmode import hub_player, make_hub_mode

    hub, _ = make_hub_mode(Settings(db=":memory:"), auth=_FakeAuth())
    first, second = hub_player(hub.store, hub, "ada"), hub_player(hub.store, hub, "ada")
    other = hub_player(hub.store, hub, "bob")
    assert first[0] == second[0] != other[0] and first[1] != second[1]
    assert hub.store.player_by_credential(second[1]) == {"id": first[0], "name": "ada", "bot": False}
    assert hub.store.player_by_credential(first[1])["name"] == "ada"
    assert second[1] not in repr(hub.store.conn.execute("select * from credentials").fetchall())
    teacher = hub.teacher.add()  # type: ignore[attr-defined]
    assert hub.teacher.matches(teacher) and not hub.teacher.matches(first[1])


class _FakeAuth:
    base_url = "/services/naga/"
    oauth_client_id = "service-naga"
    users = {"t-teach": {"name": "teach", "admin": True}, "t-eve": {"name": "<b>eve</b>", "admin": False}}

    async def user_for_token(self, token: str, sync: bool = True) -> dict[str, Any] | None:
        return self.users.get(token)


def test_the_class_overview_is_for_hub_admins_only() -> None:
    pytest.importorskip("httpx")
    with warnings.catch_warnings():  # Starlette asks for httpx2, which the dev group does not have
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient

    from naga_widget.server.app import Settings, make_app
    from naga_widget.server.hubmode import make_hub_mode

    hub, identity = make_hub_mode(Settings(db=":memory:"), auth=_FakeAuth())
    with TestClient(make_app(hub, Settings(db=":memory:"), identity.routes())) as client:
        teacher = client.get("/class", headers={"Authorization": "token t-teach"})
        student = client.get("/class", headers={"Authorization": "token t-eve"})
        watch = client.get("/watch/3", headers={"Authorization": "token t-eve"})
    assert teacher.status_code == 200 and 'data-mode="overview"' in teacher.text and 'data-hub="1"' in teacher.text
    assert student.status_code == 403 and "not one of the Hub's admins" in student.text
    assert "&lt;b&gt;eve&lt;/b&gt;" in student.text and "<b>eve" not in student.text  # a Hub name is text
    assert watch.status_code == 200 and 'data-match="3"' in watch.text and 'data-hub="1"' in watch.text


def test_serve_hub_needs_the_hubs_environment(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("JUPYTERHUB_")}
    env["PYTHONPATH"] = os.pathsep.join(p for p in sys.path if p)
    done = subprocess.run([sys.executable, "-m", "naga_widget.cli", "serve", "--hub", "--db", str(tmp_path / "c.db")],
                          env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "JUPYTERHUB_API_TOKEN" in done.stderr
    assert not (tmp_path / "c.db").exists()
