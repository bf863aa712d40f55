"""The JupyterLite site: self-contained, opens on the Pyodide kernel, and the game plays offline.

The browser test opens ``01_play.ipynb`` from the site served on 127.0.0.1, runs every cell,
plays the first widget (gold against the random bot) by clicks until the bot has answered, and
checks that no request of the page, its kernel worker or its service worker left 127.0.0.1.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from lite_page import (
    ROOT_SELECTOR,
    errors_shown,
    kernel_name,
    last_step,
    new_page,
    open_notebook,
    play_decision,
    run_all,
    wait_all_run,
)

ROOT = Path(__file__).resolve().parents[2]


def test_the_kernel_loads_pyodide_and_every_wheel_from_the_site(site: Path) -> None:
    config = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.mjs"
    assert kernel["disablePyPIFallback"] is True
    lock = json.loads((site / "static/pyodide/pyodide-lock.json").read_text())["packages"]
    for name in kernel["loadPyodideOptions"]["packages"]:
        assert name in lock, f"{name} is preloaded but not in the site's lock"
    for entry in lock.values():
        wheel = site / "static/pyodide" / entry["file_name"]
        assert wheel.exists(), f"{entry['file_name']} is in the lock but not in the site"
        assert hashlib.sha256(wheel.read_bytes()).hexdigest() == entry["sha256"], f"{wheel.name}: sha256 differs"
        assert set(entry["depends"]) <= set(lock), f"{entry['name']} depends on a package the site lacks"
    assert not [url for url in json.dumps(config).split('"') if url.startswith(("http:", "https:", "//"))]


def test_every_notebook_is_in_the_site_on_the_pyodide_kernel(site: Path) -> None:
    names = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
    assert names
    for name in names:
        notebook = json.loads((site / "files" / name).read_text())
        assert notebook["metadata"]["kernelspec"]["name"] == "python", name
    listed = json.loads((site / "api/contents/all.json").read_text())
    assert set(names) <= {item["name"] for item in listed["content"]}


def test_play_notebook_runs_and_the_bot_answers_clicks_offline(site: Path, served: object, browser: object) -> None:
    page, traffic = new_page(browser)  # type: ignore[arg-type]
    try:
        open_notebook(page, served.base, "01_play.ipynb")  # type: ignore[attr-defined]
        assert kernel_name(page) == "python"
        assert page.locator(".jp-Dialog").count() == 0, "a dialog (Select Kernel?) is open"
        run_all(page)
        wait_all_run(page)
        assert errors_shown(page) == []
        assert page.locator(ROOT_SELECTOR).count() == 3  # the bot game, the hot seat, the teacher

        start = last_step(page)
        mine: list[str] = []
        while len(mine) < 4 or last_step(page) - start <= len(mine):
            turn, _ = play_decision(page)
            mine.append(turn)
            assert len(mine) < 30, f"the bot never answered: decisions {mine}, steps {start} -> {last_step(page)}"
        assert "call" in mine
        assert page.locator('[data-testid="bot-stopped"]').count() == 0
        assert errors_shown(page) == []
    finally:
        page.context.close()
    assert traffic.refused == [], f"requests left 127.0.0.1: {traffic.refused}"
    assert any("worker" in url for url in traffic.workers), "the kernel's worker was not seen"
    assert any(url.endswith(".whl") for url in traffic.urls), "the wheels the worker loads were not seen"
    assert any("pyodide.asm.wasm" in url for url in traffic.urls)
