"""The README's quick start: `make demo` starts JupyterLab on the play notebook and prints its URL."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_make_demo_serves_the_play_notebook(tmp_path: Path) -> None:
    port = _free_port()
    env = dict(os.environ, JUPYTER_RUNTIME_DIR=str(tmp_path / "runtime"), JUPYTER_CONFIG_DIR=str(tmp_path),
               JUPYTERLAB_WORKSPACES_DIR=str(tmp_path / "workspaces"))
    log = tmp_path / "demo.log"
    with open(log, "w") as out:
        proc = subprocess.Popen(["make", "--no-print-directory", "demo", f"LAB_PORT={port}"], cwd=ROOT, env=env,
                                stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.time() + 90
        url = None
        while url is None and time.time() < deadline and proc.poll() is None:
            found = re.search(rf"http://127\.0\.0\.1:{port}/lab\?token=\w+", log.read_text())
            url = found.group(0) if found else None
            time.sleep(0.3)
        assert url, f"no URL printed:\n{log.read_text()[-2000:]}"
        token = url.split("token=")[1]
        request = urllib.request.Request(f"http://127.0.0.1:{port}/api/contents/01_play.ipynb",
                                         headers={"Authorization": f"token {token}"})
        with urllib.request.urlopen(request, timeout=10) as answer:
            assert answer.status == 200
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=30)
