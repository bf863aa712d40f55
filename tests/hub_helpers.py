"""A real JupyterHub for the tests of Hub mode (``naga-widget serve --hub``): DummyAuthenticator, the local
process spawner and configurable-http-proxy (from ``js/node_modules``), running the class server as its
managed service ``naga``. Its admin ``teach`` is the class's teacher; every other name is a student.

``tests/conftest.py`` makes one for the whole test session (the fixture ``jupyterhub``), shared by
``tests/server/test_hub.py`` and ``tests/e2e/test_hub_teacher.py``: starting it takes seconds.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
PROXY = ROOT / "js" / "node_modules" / ".bin" / "configurable-http-proxy"
START_SECONDS = 90.0  # the Hub, its proxy and the service starting on a busy machine
TEACHER = "teach"

CONFIG = """
c.JupyterHub.authenticator_class = "dummy"
c.Authenticator.allow_all = True
c.Authenticator.admin_users = {{{teacher!r}}}
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


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class RunningHub:
    """A Hub that runs: its address (``base``), its folder, its log (the service's output is in it too), and
    the secrets the tests were handed (seat and teacher credentials), which must never be in the log."""

    base: str
    tmp: Path
    secrets: list[str] = field(default_factory=list)

    @property
    def service(self) -> str:
        return f"{self.base}/services/naga/"

    @property
    def log(self) -> str:
        return (self.tmp / "hub.log").read_text()

    def log_tail(self) -> str:
        """The log's warnings, errors and 40x lines: what says why a request failed."""
        return "\n".join(line for line in self.log.splitlines()
                         if " W " in line or " E " in line or "40" in line)[-3000:]

    def assert_no_secret_in_log(self) -> None:
        said = self.log
        assert "naga-widget class server" in said  # the service's own lines are in this log
        leaked = [i for i, secret in enumerate(self.secrets) if secret in said]
        assert not leaked, f"secrets number {leaked} are in the Hub's log"


def login(base: str, name: str) -> Any:
    """A ``requests`` session logged in to the Hub as ``name`` (DummyAuthenticator: any password)."""
    import requests

    session = requests.Session()
    session.get(f"{base}/hub/login", timeout=10).raise_for_status()
    xsrf = session.cookies.get("_xsrf")
    answer = session.post(f"{base}/hub/login?next=", data={"username": name, "password": "x", "_xsrf": xsrf},
                          timeout=10, allow_redirects=False)
    assert answer.status_code == 302, answer.text[:300]
    return session


@contextlib.contextmanager
def running_jupyterhub(tmp: Path) -> Iterator[RunningHub]:
    """A JupyterHub in ``tmp`` with the class server as its service, up once the service answers. Afterwards
    (the Hub stopped, which stops its service and its proxy) the whole log is searched for every secret the
    tests handed in, and for the service's join code, which nobody may learn in Hub mode."""
    import requests

    from naga_widget.server.store import Store

    port, proxy_api = free_port(), free_port()
    config = CONFIG.format(teacher=TEACHER, port=port, hub_port=free_port(), proxy=str(PROXY), proxy_api=proxy_api,
                           tmp=tmp, service_port=free_port(), python=sys.executable,
                           pythonpath=os.pathsep.join(p for p in sys.path if p))
    (tmp / "jupyterhub_config.py").write_text(config)
    jupyterhub = shutil.which("jupyterhub", path=str(Path(sys.executable).parent)) or "jupyterhub"
    hub = RunningHub(f"http://127.0.0.1:{port}", tmp)
    with (tmp / "hub.log").open("w") as out:
        proc = subprocess.Popen([jupyterhub, "-f", str(tmp / "jupyterhub_config.py")], cwd=tmp, stdout=out,
                                stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.monotonic() + START_SECONDS
        while True:
            try:
                if requests.get(f"{hub.service}health", timeout=2).status_code == 200:
                    break
            except requests.ConnectionError:
                pass
            if time.monotonic() > deadline or proc.poll() is not None:
                raise RuntimeError(f"the Hub or its service did not start:\n{hub.log[-3000:]}")
            time.sleep(0.3)
        yield hub
    finally:
        proc.terminate()  # the Hub stops its service and its proxy
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(5)
        _stop_left_over((str(tmp), f"--api-port {proxy_api}"))
    store = Store(str(tmp / "class.db"))
    secret = store.setting("join_code")
    store.close()
    assert secret, "the service kept no join code"
    hub.secrets.append(secret)
    hub.assert_no_secret_in_log()


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
