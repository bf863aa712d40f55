"""Fixtures of the browser tests: one Jupyter server for the whole session, shared by every front end,
and a page per test or per front-end module (of the Chromium of ``tests/conftest.py``).

Every page blocks requests that leave 127.0.0.1 (the tests must not need the network) and
records the console. A failing test leaves a screenshot in ``test-output/``.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import nbformat
import pytest
from hosts import ROOT, Host, Server, jupyter_server
from playwright.sync_api import Browser, ConsoleMessage, Page, Route, expect

pytest.register_assert_rewrite("frontend_checks", "widget_page")

OUTPUT = ROOT / "test-output"
LOCAL = ("http://127.0.0.1", "ws://127.0.0.1", "data:", "blob:", "about:", "file:")

expect.set_options(timeout=30_000)


@dataclass
class Console:
    """What a page printed to its console (warnings and errors), and the requests it was refused."""

    messages: list[dict[str, Any]] = field(default_factory=list)
    blocked: list[str] = field(default_factory=list)

    def record(self, msg: ConsoleMessage) -> None:
        if msg.type in ("warning", "error"):
            self.messages.append({"type": msg.type, "text": msg.text, "url": msg.location.get("url", "")})


@dataclass
class Opened:
    """A page with a notebook (or app) open in one front end."""

    host: Host
    page: Page
    console: Console
    state: dict[str, Any] = field(default_factory=dict)  # what earlier tests of the module did


@pytest.fixture(scope="session")
def jupyter(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """JupyterLab's server with Notebook 7 and Voilà, serving a copy of ``notebooks/``."""
    tmp = tmp_path_factory.mktemp("jupyter")
    served = tmp / "work"
    shutil.copytree(ROOT / "notebooks", served, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    server = jupyter_server(tmp, served)
    yield server
    server.stop()


def write_notebook(folder: Path, name: str, *cells: str) -> str:
    """Write a notebook of code cells (a cell starting with ``#`` and no newline is markdown)."""
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell(c) if c.startswith("#") and "\n" not in c
                else nbformat.v4.new_code_cell(c) for c in cells]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, folder / name)
    return name


def new_page(browser: Browser) -> tuple[Page, Console]:
    """A page of its own context (1400×1000) that records its console and blocks non-local requests."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    console = Console()

    def route(r: Route) -> None:
        if r.request.url.startswith(LOCAL):
            r.continue_()
        else:
            console.blocked.append(r.request.url)
            r.abort()

    context.route("**/*", route)
    page = context.new_page()
    page.on("console", console.record)
    page.on("pageerror", lambda exc: console.messages.append({"type": "pageerror", "text": str(exc), "url": ""}))
    return page, console


def screenshot(page: Page, name: str) -> None:
    OUTPUT.mkdir(exist_ok=True)
    shot = OUTPUT / f"{name}.png"
    try:
        page.screenshot(path=str(shot), full_page=True)
        print(f"screenshot: {shot}")
    except Exception as exc:  # noqa: BLE001 - a screenshot must not hide the failure
        print(f"no screenshot: {exc}")


@pytest.fixture()
def page(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Page]:
    pg, _ = new_page(browser)
    yield pg
    report = getattr(request.node, "rep_call", None)
    if report is not None and report.failed:
        screenshot(pg, request.node.name)
    pg.context.close()


@pytest.fixture(scope="module")
def opened(browser: Browser, jupyter: Server, request: pytest.FixtureRequest) -> Iterator[Opened]:
    """The module's ``HOST`` with its ``NOTEBOOK`` open and run, one page for all of the module's tests.

    A module may define ``make_notebook(folder) -> name`` to write the notebook it opens.
    """
    host: Host = request.module.HOST
    make: Callable[[Path], str] | None = getattr(request.module, "make_notebook", None)
    notebook = make(jupyter.folder) if make else request.module.NOTEBOOK
    pg, console = new_page(browser)
    try:
        host.open(pg, jupyter.base, notebook)
    except Exception:
        screenshot(pg, f"{host.name}-open")
        raise
    yield Opened(host, pg, console)
    pg.context.close()


@pytest.fixture(autouse=True)
def _shot_on_failure(request: pytest.FixtureRequest) -> Iterator[None]:
    yield
    report = getattr(request.node, "rep_call", None)
    if report is not None and report.failed and "opened" in request.fixturenames:
        screenshot(request.getfixturevalue("opened").page, request.node.name)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    outcome = yield
    report = outcome.get_result()  # type: ignore[attr-defined]
    setattr(item, f"rep_{report.when}", report)
