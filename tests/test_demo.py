"""The README's quick start: `make demo` starts JupyterLab and prints a URL that opens the play
notebook itself (``/lab/tree/…01_play.ipynb?token=…``), not just JupyterLab's start page."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import time
import urllib.parse
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK = "01_play.ipynb"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def printed_url(cmd: list[str], port: int, tmp: Path) -> tuple[str, subprocess.Popen[bytes]]:
    """Start ``cmd`` and return the first URL with a token it prints for ``port`` (and the process)."""
    env = dict(os.environ, JUPYTER_RUNTIME_DIR=str(tmp / "runtime"), JUPYTER_CONFIG_DIR=str(tmp),
               JUPYTERLAB_WORKSPACES_DIR=str(tmp / "workspaces"))
    for name in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL", "MAKEOVERRIDES"):  # as typed in a fresh shell, not as a
        env.pop(name, None)  # sub-make of `make test` sharing its job server (once it stopped: "wait: No child")
    log = tmp / "demo.log"
    with open(log, "w") as out:
        # SIGCHLD back to its default: a child that inherits it ignored (SIG_IGN survives exec) has its own
        # children reaped for it, and make then stops with "wait: No child processes", killing JupyterLab
        proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True,
                                preexec_fn=lambda: signal.signal(signal.SIGCHLD, signal.SIG_DFL))
    deadline = time.time() + 90
    while time.time() < deadline and proc.poll() is None:
        found = re.search(rf"http://127\.0\.0\.1:{port}/\S*\?token=\w+", log.read_text())
        if found:
            return found.group(0), proc
        time.sleep(0.3)
    os.killpg(proc.pid, signal.SIGTERM)
    raise AssertionError(f"no URL printed:\n{log.read_text()[-2000:]}")


def test_make_demo_prints_a_url_that_opens_the_play_notebook(tmp_path: Path) -> None:
    port = _free_port()
    url, proc = printed_url(["make", "--no-print-directory", "demo", f"LAB_PORT={port}"], port, tmp_path)
    try:
        parts = urllib.parse.urlsplit(url)
        assert parts.path.startswith("/lab/tree/") and parts.path.endswith("/" + NOTEBOOK), \
            f"the printed URL {url} does not open {NOTEBOOK} (the demo recipe needs --LabApp.default_url)"
        with urllib.request.urlopen(url, timeout=30) as page:  # the token logs the browser in
            assert page.status == 200 and "jupyter" in page.read().decode().lower()
        # the path in the URL is a notebook the server has
        path = parts.path.removeprefix("/lab/tree/")
        token = urllib.parse.parse_qs(parts.query)["token"][0]
        request = urllib.request.Request(f"http://127.0.0.1:{port}/api/contents/{path}?content=0",
                                         headers={"Authorization": f"token {token}"})
        with urllib.request.urlopen(request, timeout=30) as answer:
            assert answer.status == 200 and json.loads(answer.read())["type"] == "notebook"
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=30)
