"""A pytest plugin for running the project's tests inside Pyodide (loaded by lite/pyodide_tests.mjs).

Pyodide has no processes and no threads. A test that needs them fails there with one of a few
known errors; this plugin reports such a test as skipped, naming the error, and leaves every
other outcome as it is. Any other failure is still a failure.
"""

from __future__ import annotations

import errno
import sys
from collections.abc import Iterator
from typing import Any

import pytest

NO_PROCESSES = ("_posixsubprocess", "_multiprocessing", "can't start new thread", "not supported on emscripten",
                "Function not implemented")


def needs_processes(exc: BaseException) -> bool:
    """Whether ``exc`` is how Pyodide refuses to start a process or a thread."""
    if isinstance(exc, OSError) and exc.errno in (errno.ENOSYS, errno.ENOTSUP, errno.EOPNOTSUPP):
        return True
    text = f"{type(exc).__name__}: {exc}"
    return isinstance(exc, (OSError, RuntimeError, ImportError, NotImplementedError)) and any(
        marker in text for marker in NO_PROCESSES)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    outcome: Any = yield
    report = outcome.get_result()
    if call.excinfo is not None and report.failed and sys.platform == "emscripten":
        exc = call.excinfo.value
        chain = [exc, exc.__cause__, exc.__context__]
        if any(e is not None and needs_processes(e) for e in chain):
            report.outcome = "skipped"
            report.longrepr = (str(item.path), item.location[1] or 0,
                               f"needs processes (Pyodide has none): {type(exc).__name__}: {exc}")
