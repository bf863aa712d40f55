"""End to end: two bots watched in a real JupyterLab play, pause and resume while another cell runs.

The notebook shows ``NagaWidget(players=[RandomBot(1), RandomBot(2)])``. The test presses Play, then
runs a cell that awaits for 15 s: while that cell is still running, the step count on the widget
goes up (the bots play on the kernel's event loop, which the awaiting cell leaves free), Pause stops
it, Play starts it again. The cell ends after all that, and Python agrees with what the page shows.
"""

from __future__ import annotations

import json
import re

from conftest import write_notebook
from hosts import LAB, Server
from playwright.sync_api import Page, expect

SETUP = """\
from naga_widget import NagaWidget, RandomBot
w = NagaWidget(seed=20261202, players=[RandomBot(1), RandomBot(2)], bot_delay=0.4)
w"""

BUSY = """\
import asyncio
await asyncio.sleep(15)
print("AWAKE", w.step)"""

PROBE = """\
import json
print("PROBE " + json.dumps({"step": w.step, "playing": w.playing, "over": w.state.is_over}))"""

NOTEBOOK = "watch.ipynb"


def run_cell(page: Page, index: int) -> None:
    """Start running cell ``index`` (without waiting for it to end)."""
    page.evaluate(f"""() => {{
        const nb = window.jupyterapp.shell.currentWidget.content;
        nb.activeCellIndex = {index};
        window.jupyterapp.commands.execute('notebook:run-cell');
    }}""")


def shown_step(page: Page) -> int:
    text = page.get_by_test_id("tl-position").inner_text()
    return int(re.match(r"step (\d+)", text).group(1))  # type: ignore[union-attr]


RUNNING = "(i) => window.jupyterapp.shell.currentWidget.content.widgets[i].model.executionState === 'running'"


def running(page: Page, index: int) -> bool:
    """Is cell ``index`` still running (its prompt shows ``[*]``)?"""
    return bool(page.evaluate(RUNNING, index))


def wait_beyond(page: Page, step: int, timeout: float = 30_000) -> int:
    page.wait_for_function(
        "(s) => { const t = document.querySelector('[data-testid=\"tl-position\"]');"
        " const m = t && /step (\\d+)/.exec(t.innerText); return m && +m[1] > s; }", arg=step, timeout=timeout)
    return shown_step(page)


def test_the_watch_plays_pauses_and_resumes_while_another_cell_runs(page: Page, jupyter: Server) -> None:
    page.goto(LAB.url(jupyter.base, write_notebook(jupyter.folder, NOTEBOOK, SETUP, BUSY, PROBE)))
    page.wait_for_function(
        "() => { const nb = window.jupyterapp?.shell?.currentWidget; const k = nb?.sessionContext?.session?.kernel;"
        f" return nb?.context?.path === '{NOTEBOOK}' && k && k.connectionStatus === 'connected'"
        " && k.status === 'idle'; }", timeout=90_000)
    run_cell(page, 0)
    toggle = page.get_by_test_id("watch-toggle")
    expect(toggle).to_have_text(re.compile("Play"))
    expect(page.get_by_test_id("watch-speed")).to_have_accessible_name("Speed of the bots")
    assert shown_step(page) == 0

    toggle.click()
    expect(page.get_by_test_id("watch-state")).to_have_text("playing")
    run_cell(page, 1)  # another cell: it awaits 15 s, the kernel's loop stays free
    page.wait_for_function(RUNNING, arg=1)

    first = wait_beyond(page, shown_step(page))
    moved = wait_beyond(page, first)  # the bots go on while the other cell runs
    assert running(page, 1) and moved > first

    toggle.click()  # pause, while the cell still runs
    expect(toggle).to_have_text(re.compile("Play"))
    expect(page.get_by_test_id("watch-state")).to_have_text("paused")
    paused = shown_step(page)
    page.wait_for_timeout(1200)  # several delays of the bots: no move
    assert shown_step(page) == paused and running(page, 1)

    toggle.click()  # and on again
    expect(page.get_by_test_id("watch-state")).to_have_text("playing")
    resumed = wait_beyond(page, paused)
    assert resumed > paused and running(page, 1), "the watch must resume before the other cell ends"

    toggle.click()
    expect(page.get_by_test_id("watch-state")).to_have_text("paused")
    # the other cell ends by itself, having seen the moves made while it awaited
    page.wait_for_function("() => document.querySelectorAll('.jp-Cell')[1].innerText.includes('AWAKE')",
                           timeout=40_000)
    awake = page.locator(".jp-Cell").nth(1).locator(".jp-OutputArea-output").first.inner_text()
    assert int(awake.split()[-1]) >= resumed
    run_cell(page, 2)
    page.wait_for_function("() => document.querySelectorAll('.jp-Cell')[2].innerText.includes('PROBE')")
    text = page.locator(".jp-Cell").nth(2).locator(".jp-OutputArea-output").first.inner_text()
    probe = json.loads(re.search(r"PROBE (\{.*\})", text).group(1))  # type: ignore[union-attr]
    assert probe["step"] == shown_step(page) >= resumed and probe["playing"] is False
