"""A real JupyterLab server and a real Chromium (Debian's), driven by Playwright.

The server runs on 127.0.0.1 with a private config/runtime dir and serves a temp
copy of the notebooks. On a failing test a screenshot goes to ``test-output/``.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
OUTPUT = ROOT / "test-output"
CHROMIUM = os.environ.get("NAGA_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, object]]:
    """Start JupyterLab on a free port; yield its base URL and the folder it serves."""
    tmp = tmp_path_factory.mktemp("lab")
    served = tmp / "work"
    shutil.copytree(ROOT / "notebooks", served)
    (tmp / "labconfig").mkdir()  # the config dir's labconfig: no news or update toasts
    (tmp / "labconfig" / "page_config.json").write_text(
        json.dumps({"disabledExtensions": {"@jupyterlab/apputils-extension:announcements": True}}))
    env = dict(os.environ, JUPYTER_CONFIG_DIR=str(tmp), JUPYTER_RUNTIME_DIR=str(tmp / "runtime"),
               JUPYTERLAB_SETTINGS_DIR=str(tmp / "settings"), JUPYTERLAB_WORKSPACES_DIR=str(tmp / "workspaces"))
    env.pop("ANYWIDGET_HMR", None)
    port = _free_port()
    cmd = [sys.executable, "-m", "jupyterlab", "--no-browser", "--ip=127.0.0.1", f"--port={port}", "--allow-root",
           "--IdentityProvider.token=", "--ServerApp.password=", "--ServerApp.disable_check_xsrf=True",
           f"--ServerApp.root_dir={served}", "--ServerApp.port_retries=0", "--expose-app-in-browser",
           "--LabApp.news_url=None", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"]
    log = open(tmp / "server.log", "w")  # noqa: SIM115 - closed at teardown
    proc = subprocess.Popen(cmd, env=env, stdout=log, stderr=subprocess.STDOUT, cwd=served)
    base = f"http://127.0.0.1:{port}"
    deadline = time.time() + 90
    while True:
        try:
            with urllib.request.urlopen(f"{base}/api/status", timeout=2) as r:
                if r.status == 200:
                    break
        except OSError:
            pass
        if proc.poll() is not None or time.time() > deadline:
            proc.kill()
            raise RuntimeError(f"JupyterLab did not start; see {tmp / 'server.log'}:\n"
                               + (tmp / "server.log").read_text()[-3000:])
        time.sleep(0.3)
    yield {"base": base, "dir": served, "log": tmp / "server.log"}
    proc.terminate()
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
    log.close()


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        raise RuntimeError(f"Chromium not found at {CHROMIUM}: install Debian's chromium (see .ci/run)")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture()
def page(browser: object, request: pytest.FixtureRequest) -> Iterator[object]:
    context = browser.new_context(viewport={"width": 1400, "height": 1000})  # type: ignore[attr-defined]
    pg = context.new_page()
    yield pg
    report = getattr(request.node, "rep_call", None)
    if report is not None and report.failed:
        OUTPUT.mkdir(exist_ok=True)
        shot = OUTPUT / f"{request.node.name}.png"
        try:
            pg.screenshot(path=str(shot), full_page=True)
            print(f"screenshot: {shot}")
        except Exception as exc:  # noqa: BLE001 - a screenshot must not hide the failure
            print(f"no screenshot: {exc}")
    context.close()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    outcome = yield
    report = outcome.get_result()  # type: ignore[attr-defined]
    setattr(item, f"rep_{report.when}", report)
