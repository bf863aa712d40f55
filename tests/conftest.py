"""The one Chromium of the browser tests (Debian's, driven by Playwright), shared by the front-end
tests (``tests/e2e``), the JupyterLite tests (``tests/lite``) and the exported-notebook test.

The browser lives for one test module: while it is open, Playwright's sync API keeps an asyncio loop
running in this thread, which would break later tests (``asyncio.run``, other Playwright users) if
it lived for the whole session. ``$NAGA_CHROMIUM`` points at another Chromium.

Also the one JupyterHub of the Hub-mode tests (``jupyterhub``, from ``tests/hub_helpers.py``), for the session.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:  # Playwright is not there inside Pyodide, where the engine's tests also run
    from hub_helpers import RunningHub
    from playwright.sync_api import Browser

CHROMIUM = os.environ.get("NAGA_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    sync_api = pytest.importorskip("playwright.sync_api")
    if not Path(CHROMIUM).exists():
        raise RuntimeError(f"Chromium not found at {CHROMIUM}: install Debian's chromium (see .ci/run)")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture(scope="session")
def jupyterhub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningHub]:
    """A real JupyterHub running the class server as its service (``tests/hub_helpers.py``), one for the
    session: the Hub tests of the server and of the browser share it."""
    pytest.importorskip("jupyterhub")
    pytest.importorskip("requests")
    from hub_helpers import PROXY, running_jupyterhub

    if not PROXY.exists():
        pytest.skip("configurable-http-proxy is not installed (cd js && npm ci)")
    with running_jupyterhub(tmp_path_factory.mktemp("jupyterhub")) as hub:
        yield hub


# Tests that measure time (move clocks, timeouts, a server answering) or drive a whole front end: they run
# on their own, after the rest, so a busy second core cannot push them over their limits (`make test`
# runs everything else on two workers, `-m "not serial"`, then these, `-m serial`). The files and folders
# below are serial as a whole; elsewhere a test that runs under a clock says so itself (`pytest.mark.serial`,
# e.g. the arena's move timeouts and the league's games).
SERIAL = ("tests/e2e/", "tests/lite/", "tests/test_demo.py", "tests/test_cli.py",
          "tests/widget/test_widget_watch.py", "tests/widget/test_widget_bots.py", "tests/test_nbconvert.py",
          "tests/server/test_crash.py", "tests/server/test_clocks.py", "tests/server/test_hub.py",
          "tests/server/test_league_service.py")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    root = Path(__file__).resolve().parents[1]
    for item in items:
        try:
            where = Path(str(item.path)).resolve().relative_to(root).as_posix()
        except ValueError:
            continue
        if where.startswith(SERIAL):
            item.add_marker(pytest.mark.serial)


# The parallel pass (`-n 2 --dist loadfile`) keeps each file's tests on one worker. The two files below run a
# lesson per parameter, up to a minute or two each: there each lesson is a unit of its own (its tests stay
# together: they share its `otter assign`), so the lessons spread over both workers, and these units start
# first, so that no worker is left with a long lesson at the end while the other has nothing to do.
BY_LESSON = ("tests/lessons/test_grading.py", "tests/lessons/test_views_after_run_all.py")
LONG_FILES = ("tests/bots/test_compiled.py",)  # (builds the compiled engine: 1.5 to 3.5 minutes on one worker)
"""Files started first too, after the lessons: one unit each, long enough to be the last to finish otherwise."""


@pytest.hookimpl(optionalhook=True)  # a hook of pytest-xdist: without it (`-p no:xdist`) it is never called
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    if config.getoption("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling

    class LessonsFirst(LoadFileScheduling):
        ordered = False

        def _split_scope(self, nodeid: str) -> str:
            where, _, test = nodeid.partition("::")
            return f"{where}[{test.split('[', 1)[1]}" if where in BY_LESSON and "[" in test else where

        def _assign_work_unit(self, node: Any) -> None:
            if not self.ordered:
                self.ordered = True
                for scope in reversed([s for s in self.workqueue if s.startswith(BY_LESSON + LONG_FILES)]):
                    self.workqueue.move_to_end(scope, last=False)
            super()._assign_work_unit(node)

    return LessonsFirst(config, log)
