"""Speed and size of the JupyterLite site: cold first load, bytes downloaded, time per move.

    .venv/bin/python benchmarks/bench_lite.py [--site site] [--loads 3] [--plain]

Each load is cold: a fresh browser context (empty HTTP cache, no service worker) with the cache
disabled through the DevTools protocol. Times are taken in the page (``performance.now()`` from
navigation start):

- *app*: JupyterLab's front end is up (``window.jupyterapp`` has started);
- *kernel*: the Pyodide kernel is idle (Pyodide booted, the wheels loaded, IPython started);
- *playable*: the notebook's cells have run and the first board takes clicks.

Bytes are counted by the server (``lite/serve.py --stats``): the bodies it sent (*on the wire*:
the precompressed ``.br`` files, as a browser accepting brotli gets them) and their decompressed
size (*raw*), so the service worker's pass-through does not count twice. ``--plain`` serves every
file uncompressed, for comparison. They are counted when the board becomes playable; with the cache off, a
file asked for twice (by the page and by the kernel's worker) counts twice, so this is about 0.7 MB more
than a first visit with the browser's cache on (``tests/lite/test_weight.py``, 21.6 MB raw).

Per move: from the click that completes a decision to the new step drawn (the next animation frame after
the view changed), median over the moves of a round against the bot.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "lite"))

from lite_page import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    KERNEL_READY,
    ROOT_SELECTOR,
    Served,
    new_page,
    play_decision,
    run_all,
    wait_all_run,
)
from playwright.sync_api import Browser, sync_playwright  # noqa: E402

NOTEBOOK = "01_play.ipynb"


def megabytes(n: float) -> str:
    return f"{n / 1e6:.1f} MB"


def site_breakdown(site: Path) -> dict[str, int]:
    parts = {"JupyterLab (build/)": site / "build", "lab extensions": site / "extensions",
             "Pyodide core": None, "wheels": None}
    def files(folder: Path) -> list[Path]:  # the precompressed copies (NAME.br, NAME.gz) left out
        return [p for p in folder.rglob("*") if p.is_file() and p.suffix not in (".br", ".gz")]

    sizes = {name: sum(p.stat().st_size for p in files(path)) for name, path in parts.items() if path is not None}
    pyodide = site / "static" / "pyodide"
    sizes["wheels"] = sum(p.stat().st_size for p in pyodide.glob("*.whl"))
    sizes["Pyodide core"] = sum(p.stat().st_size for p in files(pyodide) if p.suffix != ".whl")
    sizes["total"] = sum(p.stat().st_size for p in files(site))
    return sizes


def cold_load(browser: Browser, server: Served, moves: int) -> dict[str, float]:
    server.get("/.stats/reset")
    page, traffic = new_page(browser)
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
    try:
        page.goto(f"{server.base}/lab/index.html?path={NOTEBOOK}")
        page.wait_for_function("() => !!window.jupyterapp", timeout=120_000)
        app = page.evaluate("() => performance.now()") / 1000
        page.wait_for_function(KERNEL_READY, timeout=180_000, polling=50)
        kernel = page.evaluate("() => performance.now()") / 1000
        run_all(page)
        page.locator(ROOT_SELECTOR).first.locator('[data-testid^="card-"]:not([disabled])').first.wait_for(
            timeout=120_000)
        playable = page.evaluate("() => performance.now()") / 1000
        loaded = server.get("/.stats")  # the download of the first playable board (tests/lite/test_weight.py's)
        wait_all_run(page)
        times = [play_decision(page)[1] for _ in range(moves)]
    finally:
        page.context.close()
    if traffic.refused:
        raise RuntimeError(f"requests left 127.0.0.1: {traffic.refused}")
    return {"app": app, "kernel": kernel, "playable": playable, "bytes": loaded["bytes"], "raw": loaded["raw"],
            "requests": loaded["requests"], "move_ms": statistics.median(times), "move_max": max(times)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--loads", type=int, default=3)
    parser.add_argument("--moves", type=int, default=6)
    parser.add_argument("--plain", action="store_true", help="serve every file uncompressed")
    args = parser.parse_args()
    if not (args.site / "jupyter-lite.json").exists():
        sys.exit(f"no site at {args.site}: run `make lite` first")

    print(f"site {args.site}")
    for name, size in site_breakdown(args.site).items():
        print(f"  {name:22} {megabytes(size)}")
    started = time.monotonic()
    with sync_playwright() as p, Served(args.site, stats=True, plain=args.plain) as server:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        runs = [cold_load(browser, server, args.moves) for _ in range(args.loads)]
        browser.close()
    print(f"cold loads ({args.loads}, cache disabled, {'uncompressed' if args.plain else 'brotli'}), seconds from "
          "navigation:")
    for run in runs:
        print(f"  app {run['app']:5.1f}  kernel idle {run['kernel']:5.1f}  playable {run['playable']:5.1f}  "
              f"downloaded {megabytes(run['raw'])} raw, {megabytes(run['bytes'])} on the wire in "
              f"{run['requests']:.0f} requests  "
              f"move median {run['move_ms']:.0f} ms (max {run['move_max']:.0f})")
    med = {k: statistics.median(r[k] for r in runs) for k in runs[0]}
    print(f"median: app {med['app']:.1f} s, kernel {med['kernel']:.1f} s (Pyodide boot + wheels + IPython: "
          f"{med['kernel'] - med['app']:.1f} s), playable {med['playable']:.1f} s (cells and first render: "
          f"{med['playable'] - med['kernel']:.1f} s), downloaded {megabytes(med['raw'])} raw and "
          f"{megabytes(med['bytes'])} on the wire, "
          f"{med['move_ms']:.0f} ms per move  [{time.monotonic() - started:.0f} s]")


if __name__ == "__main__":
    main()
