"""The servers of the browser tests, and what differs between the front ends they serve.

One Jupyter server serves three front ends at once: JupyterLab (``/lab/tree/…``), Notebook 7
(``/notebooks/…``) and Voilà (``/voila/render/…``, its server extension). marimo runs its own
server on a generated app file. Each server runs on 127.0.0.1 on a free port, with private
config and runtime folders, and serves a temporary copy of the files it shows.

A :class:`Host` is one front end: where a notebook opens, how to wait until its widgets can be
used, and a snapshot of the host page around the widget (for the key isolation checks).
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

ROOT = Path(__file__).resolve().parents[2]
PYTHON_BIN = Path(sys.executable).parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Server:
    """A server subprocess: ``base`` is its URL, ``folder`` what it serves, ``log`` its output."""

    proc: subprocess.Popen[bytes]
    base: str
    folder: Path
    log: Path

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(timeout=10)


def start(cmd: list[str], *, cwd: Path, env: dict[str, str], ready: str, log: Path, timeout: float = 120) -> Server:
    """Start ``cmd`` and wait until ``GET ready`` (a path) answers 200; fail with the end of its log."""
    base = next(part for part in cmd if part.startswith("--port=")).split("=", 1)[1]
    base = f"http://127.0.0.1:{base}"
    with open(log, "w") as out:
        proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=out, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + timeout
    while True:
        try:
            with urllib.request.urlopen(base + ready, timeout=5) as answer:
                if answer.status == 200:
                    return Server(proc, base, cwd, log)
        except OSError:
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            raise RuntimeError(f"{cmd[0:3]} did not start; the end of {log}:\n{log.read_text()[-3000:]}")
        time.sleep(0.3)


def private_env(tmp: Path) -> dict[str, str]:
    """The environment of a server: Jupyter's user folders inside ``tmp``, no hot reload."""
    env = dict(os.environ, JUPYTER_CONFIG_DIR=str(tmp), JUPYTER_RUNTIME_DIR=str(tmp / "runtime"),
               JUPYTERLAB_SETTINGS_DIR=str(tmp / "settings"), JUPYTERLAB_WORKSPACES_DIR=str(tmp / "workspaces"))
    env.pop("ANYWIDGET_HMR", None)
    env["PATH"] = f"{PYTHON_BIN}{os.pathsep}{env.get('PATH', '')}"
    return env


def jupyter_server(tmp: Path, served: Path) -> Server:
    """JupyterLab's server (with Notebook 7 and Voilà as extensions) on ``served``, no token, no toasts."""
    (tmp / "labconfig").mkdir(exist_ok=True)
    (tmp / "labconfig" / "page_config.json").write_text(
        json.dumps({"disabledExtensions": {"@jupyterlab/apputils-extension:announcements": True}}))
    port = free_port()
    cmd = [sys.executable, "-m", "jupyterlab", "--no-browser", "--ip=127.0.0.1", f"--port={port}", "--allow-root",
           "--IdentityProvider.token=", "--ServerApp.password=", "--ServerApp.disable_check_xsrf=True",
           f"--ServerApp.root_dir={served}", "--ServerApp.port_retries=0",
           "--expose-app-in-browser", "--JupyterNotebookApp.expose_app_in_browser=True",  # window.jupyterapp
           "--VoilaConfiguration.show_tracebacks=True",
           "--LabApp.news_url=None", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"]
    return start(cmd, cwd=served, env=private_env(tmp), ready="/api/status", log=tmp / "jupyter.log")


def marimo_server(tmp: Path, app: Path) -> Server:
    """``marimo run app --headless --no-token`` on a free port."""
    port = free_port()
    cmd = [str(PYTHON_BIN / "marimo"), "run", str(app), "--headless", f"--port={port}", "--host", "127.0.0.1",
           "--no-token"]
    env = private_env(tmp)
    env["MARIMO_SKIP_UPDATE_CHECK"] = "1"
    return start(cmd, cwd=app.parent, env=env, ready="/health", log=tmp / "marimo.log")


# -- the front ends ------------------------------------------------------------------------------------

# JupyterLab and Notebook 7 both expose their application as `window.jupyterapp`.
_NOTEBOOK = "window.jupyterapp?.shell?.currentWidget"

_KERNEL_READY = f"""(path) => {{ const nb = {_NOTEBOOK}; const k = nb?.sessionContext?.session?.kernel;
    return nb?.context?.path === path && !!k && k.connectionStatus === 'connected' && k.status === 'idle'; }}"""

# What a stray key would change in a notebook: its cells (kind, source, hidden by a collapsed
# heading), which cell is active, and the mode (command or edit).
_NOTEBOOK_SNAPSHOT = f"""() => {{ const nb = {_NOTEBOOK}.content;
    return JSON.stringify({{ cells: nb.widgets.map(c => [c.model.type, c.model.sharedModel.getSource(), c.isHidden]),
                            active: nb.activeCellIndex, mode: nb.mode }}); }}"""

# The page around the widgets: every text and element outside them.
_PAGE_SNAPSHOT = """() => { const outside = (n) => !(n.parentElement || n).closest('.naga-root');
    const texts = []; const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode())
      if (outside(n) && n.textContent.trim()) texts.push(n.textContent.trim());
    const elements = [...document.body.querySelectorAll('*')].filter(outside).length;
    return JSON.stringify({ url: location.href, texts, elements }); }"""


@dataclass(frozen=True)
class Host:
    """A front end of the Jupyter server: ``route`` is the URL prefix of a notebook."""

    name: str
    route: str
    runs_cells: bool  # a notebook front end (cells run on demand), not a rendered app
    query: str = ""

    def url(self, base: str, notebook: str) -> str:
        return f"{base}{self.route}{notebook}{self.query}"

    def open(self, page: Page, base: str, notebook: str) -> None:
        """Open ``notebook`` and run it; return when its first widget is shown.

        An app page (Voilà) runs the notebook in a new kernel while the page streams in. If its first
        widget has not come after 90 s, the page is loaded once more (a new kernel), saying so on stderr:
        these tests check what the page shows, not how fast a loaded machine starts a kernel.
        """
        root = page.locator('[data-testid="root"]').first
        if self.runs_cells:
            page.goto(self.url(base, notebook), wait_until="domcontentloaded", timeout=120_000)
            page.wait_for_function(_KERNEL_READY, arg=notebook, timeout=120_000)
            page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
            root.wait_for(state="visible", timeout=120_000)
            return
        for attempt in (1, 2):
            try:
                page.goto(self.url(base, notebook), wait_until="commit", timeout=60_000)
                root.wait_for(state="visible", timeout=90_000)
                break
            except PlaywrightTimeoutError:
                if attempt == 2:
                    raise
                print(f"{self.name}: no widget of {notebook} after 90 s; loading the page once more", file=sys.stderr)
        page.wait_for_load_state("networkidle", timeout=120_000)  # its other widgets too

    def snapshot(self, page: Page) -> Any:
        """What keys that escape the widget would change in the host page."""
        return json.loads(page.evaluate(_NOTEBOOK_SNAPSHOT if self.runs_cells else _PAGE_SNAPSHOT))


LAB = Host("JupyterLab", "/lab/tree/", runs_cells=True, query="?reset")  # not the notebooks of the last page
NOTEBOOK7 = Host("Notebook 7", "/notebooks/", runs_cells=True)
VOILA = Host("Voilà", "/voila/render/", runs_cells=False)
