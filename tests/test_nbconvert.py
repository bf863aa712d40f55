"""The play notebook exported to HTML with nbconvert's defaults shows the board offline.

``jupyter nbconvert --to html --execute`` stores the widgets' state, and the exported page then
draws each widget with the widget manager it loads from a CDN: offline, a widget shows nothing
(and its static fallback is not written out). The notebook's still picture of the board (an SVG
display of its own) is what must show. The page is opened in Chromium with every request other
than ``file:`` and ``data:`` refused.
"""

from __future__ import annotations

import base64
import os
import shutil
import subprocess
import sys
from pathlib import Path

from playwright.sync_api import Browser, Route, expect

ROOT = Path(__file__).resolve().parents[1]


def export(tmp: Path) -> Path:
    shutil.copy(ROOT / "notebooks" / "01_play.ipynb", tmp / "play.ipynb")
    env = dict(os.environ, JUPYTER_RUNTIME_DIR=str(tmp / "runtime"), JUPYTER_CONFIG_DIR=str(tmp / "config"))
    done = subprocess.run([sys.executable, "-m", "nbconvert", "--to", "html", "--execute", "play.ipynb"], cwd=tmp,
                          env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    return tmp / "play.html"


def test_exported_play_notebook_shows_the_board_offline(tmp_path: Path, browser: Browser) -> None:
    html = export(tmp_path)
    assert "application/vnd.jupyter.widget-state+json" in html.read_text(), "the widget state was not stored"
    refused: list[str] = []

    def offline(route: Route) -> None:
        if route.request.url.startswith(("file:", "data:")):
            route.continue_()
        else:
            refused.append(route.request.url)
            route.abort()

    page = browser.new_page(viewport={"width": 1200, "height": 900})
    try:
        page.route("**/*", offline)
        page.goto(html.as_uri())
        pictures = page.locator('.jp-RenderedSVG[data-mime-type="image/svg+xml"] img')
        expect(pictures.first).to_be_visible(timeout=30_000)
        size = pictures.first.evaluate("img => [img.naturalWidth, img.naturalHeight, img.complete]")
        source = pictures.first.get_attribute("src") or ""
    finally:
        page.close()
    assert size[2] and size[0] > 200 and size[1] > 100, f"the picture did not decode: {size}"
    assert source.startswith("data:image/svg+xml;base64,")
    svg = base64.b64decode(source.split(",", 1)[1]).decode()
    # the board of gold's game: both temples, drawn from gold's view
    assert svg.startswith("<svg") and "gold" in svg and "silver" in svg
    assert any("unpkg.com" in url or "jsdelivr" in url for url in refused), \
        "the page did not even try to load the widget manager: the test no longer checks what it says"
