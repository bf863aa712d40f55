"""marimo: ``mo.ui.anywidget(NagaWidget(...))`` in an app run by ``marimo run`` renders the widget
(inside a shadow root: Playwright's CSS locators pierce it) and a call can be played by clicks.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from conftest import new_page, screenshot
from hosts import Server, marimo_server
from playwright.sync_api import Browser, expect
from widget_page import ENABLED, last_step, shown_step, widget

APP = '''\
import marimo

app = marimo.App()


@app.cell
def _():
    import marimo as mo
    from naga_widget import NagaWidget, RandomBot

    game = mo.ui.anywidget(NagaWidget(opponent=RandomBot(seed=1), seed=1))
    game
    return


if __name__ == "__main__":
    app.run()
'''


@pytest.fixture(scope="module")
def marimo(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    tmp = tmp_path_factory.mktemp("marimo")
    app = tmp / "app.py"
    app.write_text(APP)
    server = marimo_server(tmp, app)
    yield server
    server.stop()


def test_marimo_renders_the_widget_and_plays_a_call(browser: Browser, marimo: Server) -> None:
    page, console = new_page(browser)
    try:
        page.goto(marimo.base + "/", wait_until="domcontentloaded")
        root = widget(page)
        expect(root).to_be_visible(timeout=120_000)
        assert root.evaluate("el => el.getRootNode() instanceof ShadowRoot"), "marimo no longer uses a shadow root"
        before = last_step(page)
        card = root.locator(f'[data-testid="actions"] [data-testid^="card-"]{ENABLED}').first
        card.click()
        expect(card).to_have_attribute("aria-pressed", "true")
        root.get_by_test_id("confirm").click()
        # the call is played in Python (and the bot answers at once): the timeline grows
        page.wait_for_function(
            "(b) => { const find = (n) => n.querySelector('[data-testid=\"root\"]') || [...n.querySelectorAll('*')]"
            ".map(e => e.shadowRoot && find(e.shadowRoot)).find(Boolean);"
            " return +find(document).querySelector('[data-testid=\"tl-slider\"]').max > b; }",
            arg=before, timeout=60_000)
        # the view then draws the newest step (the bot's answer may arrive a moment after the call)
        for _ in range(300):
            if shown_step(page) == last_step(page) > before:
                break
            page.wait_for_timeout(100)
        assert shown_step(page) == last_step(page) > before
        assert not [m for m in console.messages if "naga" in m["text"].lower()], console.messages
    except Exception:
        screenshot(page, "marimo")
        raise
    finally:
        page.context.close()
