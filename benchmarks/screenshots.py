"""Screenshots of the play notebook in JupyterLab, to look at: 1366×768, 1400×1000, 1920×1080 and 800×1000
windows, in the light and the dark theme, with the widget's top scrolled to the top of the notebook area;
at 1366×768 also with the Hint tab open, and at 1400 and 1920 px also in the large size (a projector).

    .venv/bin/python benchmarks/screenshots.py      # writes test-output/screens/*.png

It starts the same JupyterLab server as the browser tests (``tests/e2e/hosts.py``) on a copy of
``notebooks/`` and runs ``01_play.ipynb``.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "e2e"))

from hosts import LAB, jupyter_server  # noqa: E402
from playwright.sync_api import Page, sync_playwright  # noqa: E402

CHROMIUM = os.environ.get("NAGA_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
SIZES = [(1366, 768), (1400, 1000), (1920, 1080), (800, 1000)]
THEMES = {"light": "JupyterLab Light", "dark": "JupyterLab Dark"}
OUT = ROOT / "test-output" / "screens"


def set_theme(page: Page, theme: str) -> None:
    page.evaluate("(t) => window.jupyterapp.commands.execute('apputils:change-theme', {theme: t})", theme)
    light = "true" if theme == THEMES["light"] else "false"
    page.wait_for_function("(l) => document.body.dataset.jpThemeLight === l", arg=light, timeout=30_000)


def take(page: Page, name: str) -> None:
    """A screenshot of the window with the first widget's top at the top of the notebook area."""
    page.evaluate("() => { const r = document.querySelector('[data-testid=\"root\"]');"
                  " (r.closest('.jp-OutputArea-output') || r).scrollIntoView({block: 'start'}); }")
    page.wait_for_timeout(600)
    shot = OUT / f"{name}.png"
    page.screenshot(path=str(shot))
    print(shot)


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix="naga-screens-"))
    served = tmp / "work"
    shutil.copytree(ROOT / "notebooks", served, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    server = jupyter_server(tmp, served)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            for width, height in SIZES:
                page = browser.new_page(viewport={"width": width, "height": height})
                LAB.open(page, server.base, "01_play.ipynb")
                page.locator('[data-testid="confirm"]').first.wait_for(state="visible", timeout=120_000)
                for name, theme in THEMES.items():
                    set_theme(page, theme)
                    take(page, f"play-{width}x{height}-{name}")
                root = page.locator('[data-testid="root"]').first
                if width == 1366:
                    root.get_by_test_id("tab-hint").click()
                    take(page, f"play-{width}x{height}-dark-hint")
                    root.get_by_test_id("tab-hide").click()
                if width >= 1400:
                    root.get_by_test_id("size").select_option("large")
                    take(page, f"play-{width}x{height}-dark-large")
                    root.get_by_test_id("size").select_option("normal")
                page.close()
            browser.close()
    finally:
        server.stop()
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
