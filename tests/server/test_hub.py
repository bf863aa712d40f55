"""Hub mode (``naga-widget serve --hub``): a real JupyterHub (DummyAuthenticator, the local process
spawner, configurable-http-proxy) runs the server as a managed service; two students log in to the Hub and
join the class by their Hub identities, its admin as the teacher, and nobody joins with a code."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("jupyterhub")
requests = pytest.importorskip("requests")
sync_client = pytest.importorskip("websockets.sync.client")

from server_helpers import free_port  # noqa: E402

from naga_widget.server.store import Store  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
PROXY = ROOT / "js" / "node_modules" / ".bin" / "configurable-http-proxy"
START_SECONDS = 90.0  # the Hub, its proxy and the service starting on a busy machine

CONFIG = """
c.JupyterHub.authenticator_class = "dummy"
c.Authenticator.allow_all = True
c.Authenticator.admin_users = {{"teach"}}
c.JupyterHub.spawner_class = "simple"
c.JupyterHub.load_roles = [{{"name": "user", "scopes": ["self", "access:services!service=naga"]}}]
c.JupyterHub.ip = "127.0.0.1"
c.JupyterHub.port = {port}
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = {hub_port}
c.ConfigurableHTTPProxy.command = [{proxy!r}]
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{proxy_api}"
c.JupyterHub.db_url = "sqlite:///{tmp}/jupyterhub.sqlite"
c.JupyterHub.cookie_secret_file = "{tmp}/cookie_secret"
c.JupyterHub.pid_file = "{tmp}/jupyterhub.pid"
c.JupyterHub.services = [{{
    "name": "naga",
    "url": "http://127.0.0.1:{service_port}",
    "command": [{python!r}, "-m", "naga_widget.cli", "serve", "--hub", "--db", "{tmp}/class.db",
                "--port", "{service_port}"],
    "environment": {{"PYTHONPATH": {pythonpath!r}}},
    "oauth_no_confirm": True,
}}]
"""


def _login(base: str, name: str) -> Any:
    """A browser's session logged in to the Hub as ``name``."""
    session = requests.Session()
    session.get(f"{base}/hub/login", timeout=10).raise_for_status()
    xsrf = session.cookies.get("_xsrf")
    answer = session.post(f"{base}/hub/login?next=", data={"username": name, "password": "x", "_xsrf": xsrf},
                          timeout=10, allow_redirects=False)
    assert answer.status_code == 302, answer.text[:300]
    return session


def _hello(url: str, msg: dict[str, Any]) -> list[dict[str, Any]]:
    with sync_client.connect(url, open_timeout=10) as ws:
        ws.send(json.dumps(msg))
        got = [json.loads(ws.recv(timeout=10))]
        if got[0]["type"] == "welcome":
            got.append(json.loads(ws.recv(timeout=10)))
        return got


@pytest.mark.skipif(not PROXY.exists(), reason="configurable-http-proxy is not installed (cd js && npm ci)")
def test_students_join_by_their_hub_identity(tmp_path: Path) -> None:
    port, service_port, proxy_api = free_port(), free_port(), free_port()
    config = CONFIG.format(port=port, hub_port=free_port(), proxy=str(PROXY), proxy_api=proxy_api, tmp=tmp_path,
                           service_port=service_port, python=sys.executable,
                           pythonpath=os.pathsep.join(p for p in sys.path if p))
    (tmp_path / "jupyterhub_config.py").write_text(config)
    log = (tmp_path / "hub.log").open("w")
    jupyterhub = shutil.which("jupyterhub", path=str(Path(sys.executable).parent)) or "jupyterhub"
    hub = subprocess.Popen([jupyterhub, "-f", str(tmp_path / "jupyterhub_config.py")], cwd=tmp_path,
                           stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + START_SECONDS
        while True:
            try:
                if requests.get(f"{base}/services/naga/health", timeout=2).status_code == 200:
                    break
            except requests.ConnectionError:
                pass
            if time.monotonic() > deadline or hub.poll() is not None:
                pytest.fail("the Hub or its service did not start:\n" + (tmp_path / "hub.log").read_text()[-3000:])
            time.sleep(0.3)

        # a browser not logged in to the Hub is sent to log in there
        anonymous = requests.get(f"{base}/services/naga/hub/seat", timeout=10)
        assert "/hub/login" in anonymous.url

        seats = {}
        for name in ("ada", "bob", "teach"):
            session = _login(base, name)
            answer = session.get(f"{base}/services/naga/hub/seat", timeout=10)
            assert answer.status_code == 200, (answer.url, _log_tail(tmp_path))
            seats[name] = answer.json()
            assert seats[name]["name"] == name
        assert seats["teach"]["teacher"] and not seats["ada"]["teacher"]
        # the lobby page: a browser not logged in is sent to the Hub; one logged in gets the page of Hub mode,
        # which asks hub/seat for its seat by itself (no code, no name to type)
        assert "/hub/login" in requests.get(f"{base}/services/naga/", timeout=10).url
        lobby = _login(base, "bob").get(f"{base}/services/naga/", timeout=10)
        assert lobby.status_code == 200 and 'data-hub="1"' in lobby.text and "data-league" not in lobby.text
        assert "credential" not in lobby.text  # the page holds none: it asks for its seat once loaded
        again = _login(base, "ada").get(f"{base}/services/naga/hub/seat", timeout=10).json()
        assert again["player"] == seats["ada"]["player"] and again["credential"] != seats["ada"]["credential"]

        ws = f"ws://127.0.0.1:{port}/services/naga/ws"
        ada = _hello(ws, {"type": "hello", "credential": seats["ada"]["credential"]})
        assert ada[0]["name"] == "ada" and ada[0]["player"] == seats["ada"]["player"]
        bob = _hello(ws, {"type": "hello", "credential": again["credential"]})
        assert bob[0]["name"] == "ada"  # the second browser of ada is ada too
        bob = _hello(ws, {"type": "hello", "credential": seats["bob"]["credential"]})
        assert bob[0]["name"] == "bob"
        assert {"ada", "bob"} <= {p["name"] for p in bob[1]["players"]}
        teacher = _hello(ws, {"type": "hello", "credential": seats["teach"]["credential"]})
        assert teacher[0]["player"] == "teacher"
        # no join code: a name of one's own choosing is refused
        code = _hello(ws, {"type": "hello", "code": "ANYTHING", "name": "mallory"})
        assert code[0]["type"] == "refused" and code[0]["code"] == "credential"
        # a token the Hub does not know
        assert requests.get(f"{base}/services/naga/hub/seat", headers={"Authorization": "token nope"},
                            timeout=10).status_code == 403
    finally:
        hub.terminate()  # the Hub stops its service and its proxy
        try:
            hub.wait(20)
        except subprocess.TimeoutExpired:
            hub.kill()
            hub.wait(5)
        log.close()
        _stop_left_over((str(tmp_path), f"--api-port {proxy_api}"))
    # the service's output goes to the Hub's log: no credential it handed out, nor its secret join code, is there
    said = (tmp_path / "hub.log").read_text()
    assert "naga-widget class server" in said  # the service's own lines are in this log
    store = Store(str(tmp_path / "class.db"))
    secret = store.setting("join_code")
    store.close()
    assert secret and secret not in said
    for seat in (*seats.values(), again):
        assert seat["credential"] not in said


def _log_tail(tmp_path: Path) -> str:
    return "\n".join(line for line in (tmp_path / "hub.log").read_text().splitlines()
                     if " W " in line or " E " in line or "40" in line)[-3000:]


def _stop_left_over(marks: tuple[str, ...]) -> None:
    """Kill what the Hub started and left behind (a Hub killed while starting does not stop them): the
    processes whose command line holds one of ``marks``."""
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit() or int(proc.name) == os.getpid():
            continue
        try:
            command = (proc / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        if any(mark in command for mark in marks):
            with contextlib.suppress(OSError):
                os.kill(int(proc.name), signal.SIGKILL)


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


def test_serve_hub_needs_the_hubs_environment(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("JUPYTERHUB_")}
    env["PYTHONPATH"] = os.pathsep.join(p for p in sys.path if p)
    done = subprocess.run([sys.executable, "-m", "naga_widget.cli", "serve", "--hub", "--db", str(tmp_path / "c.db")],
                          env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "JUPYTERHUB_API_TOKEN" in done.stderr
    assert not (tmp_path / "c.db").exists()
