"""Fixtures of the JupyterLite tests: the built site served on 127.0.0.1 (the browser is
``tests/conftest.py``'s Chromium).

The site is ``site/`` (or ``$NAGA_LITE_SITE``), built by ``make lite``. Without it these tests
are skipped, so ``make test`` stays fast; ``make test-lite`` builds the site first and sets
``NAGA_LITE_REQUIRED=1``, which turns the skip into a failure.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SITE = Path(os.environ.get("NAGA_LITE_SITE", ROOT / "site"))
sys.path.insert(0, str(ROOT / "lite"))  # lite_page (imported by the tests that use a browser)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Skip the tests that need the built site when there is none (fail under ``make test-lite``)."""
    if (SITE / "jupyter-lite.json").exists():
        return
    reason = f"no JupyterLite site at {SITE}: `make test-lite` builds it and runs these tests"
    needing = [item for item in items if "site" in getattr(item, "fixturenames", ())]
    if needing and os.environ.get("NAGA_LITE_REQUIRED") == "1":
        raise pytest.UsageError(reason)
    for item in needing:
        item.add_marker(pytest.mark.skip(reason=reason))


@pytest.fixture(scope="session")
def site() -> Path:
    return SITE


@pytest.fixture(scope="session")
def served(site: Path) -> Iterator[object]:
    from lite_page import Served

    with Served(site) as server:
        yield server
