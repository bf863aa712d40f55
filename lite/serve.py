"""Serve the built JupyterLite site on this machine (``make lite-serve``, the tests, the benchmark).

    python3 lite/serve.py                       # http://127.0.0.1:8000/ from site/
    python3 lite/serve.py --port 0 --dir DIR    # any free port; prints the URL it serves

It is Python's ``http.server`` with three changes: ``.mjs`` and ``.wasm`` get their JavaScript and
WebAssembly types whatever the machine's ``/etc/mime.types`` says, requests are not logged, and
with ``--gzip`` a browser that accepts gzip gets compressed answers (as most static hosts do;
plain ``python -m http.server`` never compresses). ``--stats`` adds ``GET /.stats`` (requests and
bytes sent so far, as JSON) and ``GET /.stats/reset``, for the benchmark.
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
import threading
from functools import partial
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

SITE = Path(__file__).resolve().parents[1] / "site"
TYPES = {".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
         ".json": "application/json", ".whl": "application/zip", ".zip": "application/zip"}
COMPRESSIBLE = (".js", ".mjs", ".json", ".css", ".html", ".svg", ".wasm", ".map", ".txt", ".ipynb", ".md")


class Stats:
    """Requests answered and bytes sent (bodies only), shared by the server's threads."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.requests = 0
        self.bytes = 0

    def add(self, size: int) -> None:
        with self.lock:
            self.requests += 1
            self.bytes += size

    def take(self, reset: bool) -> dict[str, int]:
        with self.lock:
            seen = {"requests": self.requests, "bytes": self.bytes}
            if reset:
                self.requests = self.bytes = 0
        return seen


class SiteHandler(SimpleHTTPRequestHandler):
    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **TYPES}
    stats: Stats | None = None
    compress = False
    _gzipped: dict[Path, bytes] = {}

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base class's name
        pass

    def do_GET(self) -> None:
        if self.stats is not None and self.path.startswith("/.stats"):
            self._send_json(self.stats.take(reset=self.path == "/.stats/reset"))
            return
        path = Path(self.translate_path(self.path))
        if self.compress and path.is_file() and path.suffix in COMPRESSIBLE \
                and "gzip" in self.headers.get("Accept-Encoding", ""):
            self._send_gzip(path)
            return
        super().do_GET()

    def copyfile(self, source: Any, outputfile: Any) -> None:
        start = source.tell() if hasattr(source, "tell") else 0
        super().copyfile(source, outputfile)
        if self.stats is not None and hasattr(source, "tell"):
            self.stats.add(source.tell() - start)

    def _send_gzip(self, path: Path) -> None:
        body = self._gzipped.get(path)
        if body is None:
            body = gzip.compress(path.read_bytes(), compresslevel=6, mtime=0)
            self._gzipped[path] = body
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(int(path.stat().st_mtime)))
        self.end_headers()
        self.wfile.write(body)
        if self.stats is not None:
            self.stats.add(len(body))

    def _send_json(self, data: dict[str, int]) -> None:
        body = json.dumps(data).encode()
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(body)


def make_server(folder: Path, port: int = 0, *, stats: bool = False, compress: bool = False) -> ThreadingHTTPServer:
    """A server of ``folder`` on 127.0.0.1 (``port`` 0: a free one); call ``serve_forever``."""
    handler = type("Handler", (SiteHandler,), {"stats": Stats() if stats else None, "compress": compress,
                                               "_gzipped": {}})
    return ThreadingHTTPServer(("127.0.0.1", port), partial(handler, directory=str(folder)))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dir", type=Path, default=SITE)
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--gzip", action="store_true", help="compress answers for browsers that accept gzip")
    parser.add_argument("--stats", action="store_true", help="count requests and bytes (GET /.stats)")
    args = parser.parse_args(argv)
    if not (args.dir / "jupyter-lite.json").exists():
        sys.exit(f"{args.dir} is not a built site: run `make lite` first")
    server = make_server(args.dir, args.port, stats=args.stats, compress=args.gzip)
    host, port = server.server_address[:2]
    print(f"serving {args.dir} at http://{host!s}:{port}/lab/index.html (Ctrl+C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
