"""The checks every notebook front end passes, written once; each front end's module subclasses
:class:`FrontEndChecks` and names its ``HOST`` and notebook.

The tests of a class share one page (the ``opened`` fixture) and run in the order written:
the keys first (on a fresh game), then a round by keyboard, scrubbing, axe, and last the console
of everything before. A test that needs a played round plays it itself when run alone.
"""

from __future__ import annotations

import re
from typing import Any

from conftest import Opened
from playwright.sync_api import Page
from widget_page import (
    ENABLED,
    axe_violations,
    focus_in_widget,
    focused_testid,
    last_step,
    play_round_by_keyboard,
    slider,
    slider_box,
    wait_shown_step,
    widget,
)

# The game of the generated notebook, and the play notebook's: with these seeds gold (the viewer)
# takes all four kinds of decision in round 1 when it calls one card and always passes.
GAME = """from naga_widget import NagaWidget, RandomBot
game = NagaWidget(perspective=0, opponent=RandomBot(seed=7), seed=22)
game"""
ROUND_DECISIONS = ["call", "confront", "place", "give"]

# Single keys that are notebook shortcuts in command mode (insert above/below, cut, to markdown,
# delete) and the arrows (move between cells, collapse the heading above).
HOST_KEYS = ["a", "b", "x", "m", "d", "d", "ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight"]

# Console lines of the hosts themselves, seen as well on a page of theirs without the widget
# (a notebook of `1 + 1`). Each entry: the front ends it is known for, and the whole text.
KNOWN_HOST_MESSAGES: list[tuple[tuple[str, ...], re.Pattern[str]]] = [
    # Notebook 7.6 (its core bundle) on every notebook page
    (("Notebook 7",), re.compile(r"Menu entry for command '[\w:-]+' is duplicated\.")),
    (("Notebook 7",), re.compile(r"\[yjs#509\] Not same Y\.Doc")),
    (("Notebook 7",), re.compile(r"Cannot read properties of undefined \(reading 'schema'\)")),
    (("Notebook 7",), re.compile(r"Command 'filebrowser:open-path' not registered\.")),
    # Voilà 0.5 (built on JupyterLab 4.2) loading the environment's lab extensions (built for 4.6)
    (("Voilà",), re.compile(r"Unsatisfied version [\d.]+ from _JUPYTERLAB\.CORE_OUTPUT of shared singleton module "
                            r"@jupyterlab/[\w-]+ \(required \^[\d.]+\)")),
    (("Voilà",), re.compile(r"No satisfying version \(\^[\d.]+\) of shared module @jupyterlab/[\w-]+ found in shared "
                            r"scope default\.\s+Available versions: .*", re.S)),
    (("Voilà",), re.compile(r"\[ Federation Runtime \] Version [\d.]+ from _JUPYTERLAB\.CORE_OUTPUT of shared "
                            r"singleton module @jupyterlab/[\w-]+ does not satisfy the requirement .*", re.S)),
    (("Voilà",), re.compile(r"Failed to create module: package: @jupyter-notebook/lab-extension; "
                            r"module: \./extension")),
    (("Voilà",), re.compile(r"Error: The getter for the shared module is not a function\..*", re.S)),
    # Voilà loading lab extensions that other dev packages install (jupytext, ipylab) and that expect
    # JupyterLab's own app: they fail to start there and say so
    (("Voilà",), re.compile(r"Failed to create module: package: [\w@/.-]+; module: \./extension")),
    (("Voilà",), re.compile(r"Plugin '[\w@/.:-]+' failed to activate\. TypeError: No provider for: "
                            r"@jupyterlab/[\w-]+:\w+\..*", re.S)),
]


def widget_messages(opened: Opened) -> list[dict[str, Any]]:
    """The page's console warnings and errors, less the known ones of its host and the refused
    requests to hosts other than 127.0.0.1 (Voilà's fonts and MathJax, from CDNs)."""
    def known(message: dict[str, Any]) -> bool:
        if message["text"] == "Failed to load resource: net::ERR_FAILED" and message["url"] in opened.console.blocked:
            return True
        return any(opened.host.name in hosts and pattern.fullmatch(message["text"])
                   for hosts, pattern in KNOWN_HOST_MESSAGES)

    return [m for m in opened.console.messages if not known(m)]


def ensure_round_played(opened: Opened) -> None:
    """Scrubbing needs steps: play a round by keyboard unless an earlier test did."""
    if "round" not in opened.state:
        widget(opened.page).focus()
        opened.state["round"] = play_round_by_keyboard(opened.page)


def back_to_end(page: Page) -> None:
    slider(page).focus()
    page.keyboard.press("End")
    wait_shown_step(page, last_step(page))


class FrontEndChecks:
    def test_keys_do_not_reach_the_host(self, opened: Opened) -> None:
        page = opened.page
        controls = [f'[data-testid="actions"] button{ENABLED}', '[data-testid="tl-slider"]', '[data-testid="root"]']
        for control in controls:
            target = widget(page).locator(control).first if control != '[data-testid="root"]' else widget(page)
            target.focus()
            before = opened.host.snapshot(page)
            for key in HOST_KEYS:
                page.keyboard.press(key)
                assert focus_in_widget(page), f"{key} on {control} took the focus out of the widget"
            assert opened.host.snapshot(page) == before, f"keys on {control} changed the {opened.host.name} page"
        back_to_end(page)

    def test_a_round_by_keyboard_only(self, opened: Opened) -> None:
        widget(opened.page).focus()  # as when tabbing into the widget
        opened.state["round"] = play_round_by_keyboard(opened.page)
        assert opened.state["round"] == ROUND_DECISIONS

    def test_scrub_by_keys(self, opened: Opened) -> None:
        ensure_round_played(opened)
        page = opened.page
        last = last_step(page)
        assert last >= 4
        slider(page).focus()
        page.keyboard.press("Home")
        wait_shown_step(page, 0)
        for _ in range(3):  # pressed faster than the view can answer: none may be dropped
            page.keyboard.press("ArrowRight")
        wait_shown_step(page, 3)
        page.keyboard.press("End")
        wait_shown_step(page, last)
        page.keyboard.press("ArrowLeft")
        wait_shown_step(page, last - 1)
        assert focused_testid(page) == "tl-slider"
        back_to_end(page)

    def test_scrub_by_drag(self, opened: Opened) -> None:
        ensure_round_played(opened)
        page = opened.page
        last = last_step(page)
        back_to_end(page)
        page.keyboard.press("Home")
        wait_shown_step(page, 0)
        box = slider_box(page)
        y = box["y"] + box["height"] / 2
        page.mouse.move(box["x"] + 3, y)
        page.mouse.down()
        seen = [0]
        for fraction in (0.4, 0.75):
            page.mouse.move(box["x"] + fraction * box["width"], y, steps=5)
            value = int(slider(page).input_value())
            assert value > seen[-1], f"dragging to {fraction:.0%} of the slider did not move it ({value})"
            wait_shown_step(page, value)  # the button is still down: the board follows the drag
            seen.append(value)
        page.mouse.move(box["x"] + box["width"] - 2, y, steps=5)
        page.mouse.up()
        assert int(slider(page).input_value()) == last, "the slider is not at its end after the drag"
        wait_shown_step(page, last)  # the last wanted step is drawn, not one on the way

    def test_axe_finds_no_violations(self, opened: Opened) -> None:
        violations = axe_violations(opened.page)
        assert violations == [], "axe-core: " + "; ".join(f"{v['id']} ({v['impact']}): {v['nodes']}"
                                                          for v in violations)

    def test_no_console_warnings(self, opened: Opened) -> None:
        assert widget_messages(opened) == []
