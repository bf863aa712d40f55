"""End to end, in a real JupyterLab: the preview of a placement names the slots that then flip.

A notebook made by the test plays a seeded game up to a placement that turns a relic face up and
shows the placer's own view. The test looks for such a placement by clicking spaces and rotations,
reads the preview (its words above the confirm button and the places marked on the board), takes
screenshots at 1366×768 in the light and the dark theme, confirms, and compares the preview with the
events of the step in the event log: the same slots flip face up, the same amulet is collected. The
pointer on another rotation previews that one until it leaves.
"""

from __future__ import annotations

import re
from pathlib import Path

from conftest import Opened, screenshot, write_notebook
from hosts import LAB
from playwright.sync_api import Locator, Page, expect
from widget_page import axe_violations, shown_step, wait_shown_step, widget

HOST = LAB

SETUP = """\
import random
from naga_widget import Match, NagaWidget
match = Match(seed=1)
rng = random.Random(1)
while match.step < 21:  # a placement in round 3 that can turn a relic face up and collect an amulet
    match.play(match.state.legal_actions().sample(rng))
w = NagaWidget(match, perspective=match.state.to_move)
w"""

FLIP = re.compile(r"\b(gold|silver) ((?:[WNE]\d)(?:(?:, | and )[WNE]\d)*) flips? face up")


def make_notebook(folder: Path) -> str:
    return write_notebook(folder, "preview.ipynb", SETUP)


def slots_flipping_up(words: str) -> set[str]:
    """The slots a preview's words say flip face up: ``"silver E1 flips face up"`` → ``{"silver:E1"}``."""
    found = FLIP.search(words)
    return set() if not found else {f"{found.group(1)}:{s}" for s in re.split(r", | and ", found.group(2))}


def marked(root: Locator, kind: str) -> set[str]:
    """The places the board marks with the preview's ``kind`` ("up", "collected", …)."""
    return set(root.evaluate(f"""(r) => [...r.querySelectorAll('[data-place]')]
        .filter((g) => g.querySelector(':scope > [data-preview="{kind}"]')).map((g) => g.dataset.place)"""))


def find_a_flip(root: Locator) -> tuple[str, str]:
    """Click spaces and rotations until the preview says a relic flips face up: (space, rotation) testids."""
    spaces = [s.get_attribute("data-testid") or "" for s in root.locator('[data-testid^="space-"]').all()]
    for space in spaces:
        root.get_by_test_id(space).click()
        rotations = root.locator('[data-testid^="rotation-"]').all()
        for rotation in [r.get_attribute("data-testid") or "" for r in rotations]:
            root.get_by_test_id(rotation).click()
            expect(root.get_by_test_id("preview")).not_to_be_empty()
            if "flips face up" in root.get_by_test_id("preview").inner_text():
                return space, rotation
    raise AssertionError("no placement of this position turns a relic face up")


def set_theme(page: Page, theme: str) -> None:
    page.evaluate("(t) => window.jupyterapp.commands.execute('apputils:change-theme', {theme: t})", theme)
    dark = theme.endswith("Dark")
    page.wait_for_function("(d) => document.body.dataset.jpThemeLight === (d ? 'false' : 'true')", arg=dark)
    expect(widget(page)).to_have_class(re.compile(r"naga-dark") if dark else re.compile(r"^(?!.*naga-dark)"))


def look(page: Page, name: str) -> None:
    """A screenshot of the table with the preview, the widget's top at the top of the notebook, to look at."""
    widget(page).evaluate("(r) => (r.closest('.jp-OutputArea-output') || r).scrollIntoView({block: 'start'})")
    page.wait_for_timeout(200)
    screenshot(page, name)


def test_the_preview_names_the_slots_that_then_flip(opened: Opened) -> None:
    page = opened.page
    page.set_viewport_size({"width": 1366, "height": 768})
    root = widget(page)
    _, chosen = find_a_flip(root)
    preview = root.get_by_test_id("preview")
    words = preview.inner_text()
    rotations = root.locator('[data-testid^="rotation-"]').all()
    other = next(r for r in rotations if r.get_attribute("data-testid") != chosen)
    other.hover()  # the pointer on another rotation previews it, and leaving it shows the choice again
    expect(preview).to_have_attribute("data-hovered", "true")
    page.mouse.move(2, 2)
    expect(preview).to_have_attribute("data-hovered", "false")
    assert preview.inner_text() == words
    up = slots_flipping_up(words)
    assert up and marked(root, "up") == up, words
    collected = marked(root, "collected")
    assert ("is collected" in words) == bool(collected)
    assert axe_violations(page) == []  # the preview's words and marks keep axe-core's checks at 0 violations
    look(page, "preview-lab-1366x768-light")
    # the words stand above the confirm button, and both stay on the screen with the temples
    seen = root.evaluate("""(r) => { const box = (e) => e.getBoundingClientRect();
        const area = box(document.querySelector('.jp-WindowedPanel-outer'));
        return ['preview', 'confirm', 'temple-gold', 'temple-silver'].map((id) => {
          const b = box(r.querySelector(`[data-testid="${id}"]`));
          return [id, b.top >= area.top - 1 && b.bottom <= area.bottom + 1, b.top]; }); }""")
    assert all(inside for _, inside, _ in seen), seen
    assert seen[0][2] < seen[1][2]
    try:
        set_theme(page, "JupyterLab Dark")
        look(page, "preview-lab-1366x768-dark")
    finally:
        set_theme(page, "JupyterLab Light")  # the server's settings are shared by the other browser tests
    step = shown_step(page)
    root.get_by_test_id("confirm").click()
    wait_shown_step(page, step + 1)
    root.get_by_test_id("tab-log").click()
    lines = [t for t in root.get_by_test_id("log").locator("li").all_inner_texts() if f"#{step + 1}" in t]
    flipped = {f"{m.group(1)}:{m.group(2)}" for t in lines
               if (m := re.search(r"(gold|silver) ([WNE]\d): relic \S+ flips face up", t))}
    assert flipped == up, lines
    taken = {f"{m.group(1)}:{m.group(2)}" for t in lines
             if (m := re.search(r"(gold|silver) collects the amulet on space (\d)", t))}
    assert taken == collected, lines
    assert not marked(root, "up") and root.get_by_test_id("preview").count() == 0  # the decision is made
