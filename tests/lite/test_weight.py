"""What the JupyterLite site costs to download: the first playable board, then another lesson.

The site is served by ``lite/serve.py`` as a school server would serve it: the precompressed
``.br``/``.gz`` files that ``make lite`` writes, and answers the browser may cache (revalidated by
their ``ETag``). The server counts the bodies it sends (``bytes``, as on the wire) and their
decompressed size (``raw``). The browser keeps its HTTP cache here (no request routing, which
would turn it off); no request may leave 127.0.0.1 all the same.
"""

from __future__ import annotations

import gzip
import json
import zipfile
from pathlib import Path

from lite_page import KERNEL_READY, ROOT_SELECTOR, Served, new_page, run_all, wait_run_through

MB = 1_000_000
# Decompressed: what the browser holds once the first board takes clicks (21.6 MB measured). Of it,
# 17.8 MB cannot shrink from here: Pyodide's interpreter (10.9 MB) and the prebuilt JupyterLab (6.9 MB,
# whose disabled plugins are downloaded all the same, MathJax aside); the standard library (1.7 MB) and
# the wheels (1.9 MB), without comments, are the rest.
FIRST_BOARD_RAW = 22 * MB
FIRST_BOARD_WIRE = 10 * MB  # sent: brotli where the file is text (8.2 MB measured)
ANOTHER_LESSON = 2 * MB  # sent, for a second lesson opened in the same browser afterwards (12 KB measured)


def test_the_first_board_and_another_lesson_stay_within_their_download(site: Path, browser: object) -> None:
    with Served(site, stats=True) as server:
        page, traffic = new_page(browser, route=False)  # type: ignore[arg-type]
        try:
            server.get("/.stats/reset")
            page.goto(f"{server.base}/lab/index.html?path=01_play.ipynb")
            page.wait_for_function(KERNEL_READY, timeout=180_000)
            run_all(page)
            page.locator(ROOT_SELECTOR).first.locator('[data-testid^="card-"]:not([disabled])').first.wait_for(
                timeout=120_000)
            first = server.get("/.stats")

            server.get("/.stats/reset")
            page.goto(f"{server.base}/lab/index.html?path=02_rules_walkthrough.ipynb")
            page.wait_for_function(KERNEL_READY, timeout=180_000)
            run_all(page)
            wait_run_through(page, timeout=300_000)
            assert page.locator(ROOT_SELECTOR).count() > 0, "lesson 02 shows no board"
            second = server.get("/.stats")
        finally:
            page.context.close()
    figures = f"first board {first}, then lesson 02 {second}"
    assert first["raw"] <= FIRST_BOARD_RAW, figures
    assert first["bytes"] <= FIRST_BOARD_WIRE, figures
    assert second["bytes"] <= ANOTHER_LESSON, figures
    assert traffic.refused == [], f"requests left 127.0.0.1: {traffic.refused}"
    # the text went compressed: JupyterLab's code, Pyodide's WebAssembly and the notebooks
    sent = {url.split("?")[0].rsplit(".", 1)[-1]: coding for url, coding in traffic.encodings.items()
            if url.startswith(server.base) and coding}
    assert sent.get("js") == "br" and sent.get("ipynb") == "br", traffic.encodings
    wasm = [coding for url, coding in traffic.encodings.items() if url.endswith(".wasm")]
    assert all(coding == "br" for coding in wasm), wasm  # (the worker's answers may not all reach Playwright)


def test_every_text_file_has_its_precompressed_copies(site: Path) -> None:
    """``make lite`` writes NAME.br and NAME.gz beside each text file worth compressing; the gzip copy
    decompresses to the file (the brotli one is read by the browser in the test above)."""
    text = [p for p in site.rglob("*") if p.suffix in (".js", ".mjs", ".wasm", ".json", ".css", ".ipynb")
            and p.stat().st_size >= 4096]
    assert len(text) > 100
    missing = [str(p.relative_to(site)) for p in text if not (p.with_name(p.name + ".br").is_file()
                                                               and p.with_name(p.name + ".gz").is_file())]
    assert missing == []
    for name in ("static/pyodide/pyodide.asm.wasm", "files/01_play.ipynb", "static/pyodide/pyodide-lock.json"):
        path = site / name
        assert gzip.decompress(path.with_name(path.name + ".gz").read_bytes()) == path.read_bytes(), name
        assert path.with_name(path.name + ".br").stat().st_size < path.stat().st_size, name


def test_the_kernel_reads_python_without_comments(site: Path) -> None:
    """The standard library and the third-party wheels lose their comments (every line in its place) and
    the modules a browser tab cannot use; the project's own wheel is shipped as written."""
    pyodide = site / "static/pyodide"
    with zipfile.ZipFile(pyodide / "python_stdlib.zip") as stdlib:
        names = set(stdlib.namelist())
        random_py = stdlib.read("random.py").decode()
    assert "random.py" in names and "asyncio/__init__.py" in names and "smtplib.py" not in names
    assert "def randint(self, a, b):" in random_py and "\n    # " not in random_py
    lock = json.loads((pyodide / "pyodide-lock.json").read_text())["packages"]
    with zipfile.ZipFile(pyodide / lock["traitlets"]["file_name"]) as wheel:
        traitlets = wheel.read("traitlets/traitlets.py").decode()
    assert "class HasTraits(" in traitlets and "\n# " not in traitlets and '"""' in traitlets  # docstrings stay
    with zipfile.ZipFile(pyodide / lock["naga-widget"]["file_name"]) as wheel:
        own = [wheel.read(name).decode() for name in wheel.namelist() if name.endswith(".py")]
    assert sum("  # " in text for text in own) > len(own) / 2  # its comments are there


def test_the_kernel_has_a_stand_in_for_jedi_and_no_parso(site: Path) -> None:
    """jedi (tab completion, 1.3 MB with parso) is an empty stand-in: the kernel's install of it succeeds
    and ``import jedi`` fails, so IPython completes by itself."""
    lock = json.loads((site / "static/pyodide/pyodide-lock.json").read_text())["packages"]
    assert lock["jedi"]["version"] == "0" and lock["jedi"]["imports"] == [] and lock["jedi"]["depends"] == []
    assert "parso" not in lock
    with zipfile.ZipFile(site / "static/pyodide" / lock["jedi"]["file_name"]) as wheel:
        assert all(".dist-info/" in name for name in wheel.namelist()), wheel.namelist()
