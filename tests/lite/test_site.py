"""The JupyterLite site: self-contained, opens on the Pyodide kernel, and the game plays offline.

The browser tests open the site served on 127.0.0.1. Every notebook of ``notebooks/`` opens on
the Pyodide kernel and runs top to bottom with no error; what the site lacks (matplotlib, tqdm)
shows as a plain note, not a traceback. ``01_play.ipynb`` is also played by clicks until the bot
has answered. No request of the page, its kernel worker or its service worker may leave 127.0.0.1.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from lite_page import (
    ROOT_SELECTOR,
    cell_outputs,
    errors_shown,
    kernel_name,
    last_step,
    new_page,
    open_notebook,
    output_problems,
    play_decision,
    run_all,
    wait_all_run,
    wait_run_through,
)

from naga_widget.arena.progress import NOTE as NO_TQDM

if TYPE_CHECKING:
    from playwright.sync_api import Page

ROOT = Path(__file__).resolve().parents[2]
# The site holds every lesson but those whose header says they do not work in JupyterLite (08: PyTorch).
NOT_IN_LITE = "**JupyterLite:** no"
LEFT_OUT = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb")
                  if NOT_IN_LITE in "".join(json.loads(p.read_text(encoding="utf-8"))["cells"][0]["source"]))
NOTEBOOKS = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb") if p.name not in LEFT_OUT)
# The site ships neither matplotlib nor tqdm (Pyodide's matplotlib is compiled and not on PyPI):
# the notebooks that plot say so in their output instead, and the arena prints its note.
SAYS_WHAT_IS_MISSING = {"03_game_ai_class.ipynb": "Skipping the plot (the table above has the same figures): it "
                                                  "needs matplotlib",
                        "04_replay_and_inspect.ipynb": "Skipping the curve: it needs matplotlib",
                        "07_learn_evaluation.ipynb": "Skipping the fits with NumPy: it needs numpy"}
ALLOWED_STDERR = (NO_TQDM.strip(),)
# What a notebook prints once its cells ran as they should in Pyodide: lesson 03's watch of two bots
# (an asyncio task on the page's event loop, no threads) prints the outcome once its game is over.
PRINTS_WHEN_RUN = {"03_game_ai_class.ipynb": "Outcome(winner="}


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
    names = NOTEBOOKS  # every notebook but those whose header says they do not work in JupyterLite
    assert names
    for name in names:
        notebook = json.loads((site / "files" / name).read_text())
        assert notebook["metadata"]["kernelspec"]["name"] == "python", name
    listed = json.loads((site / "api/contents/all.json").read_text())
    assert set(names) <= {item["name"] for item in listed["content"]}


def test_the_lessons_in_the_site_keep_their_checks(site: Path) -> None:
    """The site has no otter-grader: grader.check runs the tests each student version keeps in its
    metadata (naga_widget.checks), so they must reach the site unchanged."""
    from naga_widget.checks import checks_in

    kept = 0
    for name in NOTEBOOKS:
        student = ROOT / "notebooks" / "student" / name
        if student.is_file():
            assert checks_in(site / "files" / name) == checks_in(student), name
            kept += len(checks_in(student))
    assert kept >= 8


def test_the_saved_games_are_beside_the_notebooks(site: Path) -> None:
    """04_replay_and_inspect.ipynb loads ``games/*.json`` by a path relative to itself."""
    games = sorted(p.name for p in (ROOT / "notebooks" / "games").glob("*.json"))
    assert games
    for name in games:
        assert (site / "files/games" / name).read_bytes() == (ROOT / "notebooks/games" / name).read_bytes(), name
    listed = json.loads((site / "api/contents/games/all.json").read_text())
    assert set(games) <= {item["name"] for item in listed["content"]}


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
        # Tab completion (what the notebook asks the kernel on Tab): jedi is a stand-in here, and IPython
        # completes from the live objects, names and attributes of what the cells made
        assert "NagaWidget" in complete(page, "x = NagaWi")
        assert {"play", "perspective"} <= set(complete(page, "game.p")), "no completion of an attribute"
        assert "print" in complete(page, "pri")
    finally:
        page.context.close()
    assert traffic.refused == [], f"requests left 127.0.0.1: {traffic.refused}"
    assert any("worker" in url for url in traffic.workers), "the kernel's worker was not seen"
    assert any(url.endswith(".whl") for url in traffic.urls), "the wheels the worker loads were not seen"
    assert any("pyodide.asm.wasm" in url for url in traffic.urls)


def complete(page: Page, code: str) -> list[str]:
    """The matches the kernel offers for ``code`` with the cursor at its end (a Tab press in a cell)."""
    return list(page.evaluate("""async (code) => {
        const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
        const reply = await kernel.requestComplete({code, cursor_pos: code.length});
        return reply.content.matches.map((m) => m.split('.').pop()); }""", code))


def stdout_text(cells: list[dict[str, object]]) -> str:
    return "".join("".join(out["text"]) if isinstance(out["text"], list) else str(out["text"])
                   for cell in cells for out in cell["outputs"]  # type: ignore[attr-defined]
                   if out.get("output_type") == "stream" and out.get("name") == "stdout")


def test_a_lesson_that_needs_pytorch_is_left_out_of_the_site(site: Path) -> None:
    assert "08_reinforcement_learning.ipynb" in LEFT_OUT
    listed = {item["name"] for item in json.loads((site / "api/contents/all.json").read_text())["content"]}
    assert NOTEBOOKS and set(NOTEBOOKS) <= listed and not set(LEFT_OUT) & listed, listed


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_the_notebook_runs_top_to_bottom_in_the_site(name: str, site: Path, served: object, browser: object) -> None:
    listed = {item["name"] for item in json.loads((site / "api/contents/all.json").read_text())["content"]}
    assert name in listed, f"{name} is not in the site's contents"
    page, traffic = new_page(browser)  # type: ignore[arg-type]
    try:
        open_notebook(page, served.base, name)  # type: ignore[attr-defined]
        assert kernel_name(page) == "python"
        assert page.locator(".jp-Dialog").count() == 0, "a dialog (Select Kernel?) is open"
        run_all(page)
        wait_run_through(page)
        cells = cell_outputs(page)
    finally:
        page.context.close()
    problems = [p for p in output_problems(cells) if p.split(": stderr: ", 1)[-1] not in ALLOWED_STDERR]
    assert problems == [], f"{name} in Pyodide:\n" + "\n".join(problems)
    student = ROOT / "notebooks" / "student" / name  # a lesson with exercises is in the site as its student version
    shipped = student if student.is_file() else ROOT / "notebooks" / name
    assert sum(cell["type"] == "code" for cell in cells) == sum(
        cell["cell_type"] == "code" for cell in json.loads(shipped.read_text())["cells"])
    # The site has no otter-grader: each check cell still answers, "Not yet" before the exercise is done.
    asked = [i for i, cell in enumerate(json.loads(shipped.read_text())["cells"])
             if cell["cell_type"] == "code" and "".join(cell["source"]).startswith("grader.check(")]
    answered = {cell["index"]: json.dumps(cell["outputs"]) for cell in cells if cell["index"] in asked}
    assert sorted(answered) == asked and all("Not yet" in text for text in answered.values()), answered
    if name in SAYS_WHAT_IS_MISSING:
        assert SAYS_WHAT_IS_MISSING[name] in stdout_text(cells)
    if name in PRINTS_WHEN_RUN:
        assert PRINTS_WHEN_RUN[name] in stdout_text(cells), f"{name}: {stdout_text(cells)[-2000:]}"
    assert traffic.refused == [], f"requests left 127.0.0.1: {traffic.refused}"
