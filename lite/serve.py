"""Serve the built JupyterLite site on this machine (``make lite-serve``, the tests, the benchmark).

    python3 lite/serve.py                       # http://127.0.0.1:8000/ from site/
    python3 lite/serve.py --port 0 --dir DIR    # any free port; prints the URL it serves

It is Python's ``http.server`` with these changes:

- **precompressed files**: ``make lite`` writes ``NAME.br`` (brotli) and ``NAME.gz`` (gzip) beside
  each file worth compressing; a browser that accepts brotli or gzip gets that file with
  ``Content-Encoding`` (as nginx's ``gzip_static``/``brotli_static`` do). Nothing is compressed
  while serving. ``--plain`` serves every file as it is, for comparison;
- **caching**: every answer has an ``ETag`` and a ``Cache-Control``. A file whose name holds a
  hash of its content (JupyterLab's chunks) is kept a year; any other file is kept but asked
  for again each time (``no-cache``), and answered "304 Not Modified" (no body) when unchanged.
  So a lesson opened after another downloads only what it adds;
- ``.mjs`` and ``.wasm`` get their JavaScript and WebAssembly types whatever the machine's
  ``/etc/mime.types`` says, and requests are not logged;
- ``--stats`` adds ``GET /.stats`` (requests answered; ``bytes``: the bodies sent, as they went on
  the wire; ``raw``: the same bodies decompressed) and ``GET /.stats/reset``, for the tests and
  the benchmark.
"""

from __future__ import annotations

import argparse
import email.utils
import json
import os
import re
import sys
import threading
from functools import partial
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

SITE = Path(__file__).resolve().parents[1] / "site"
TYPES = {".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
         ".json": "application/json", ".whl": "application/zip", ".zip": "application/zip",
         ".ipynb": "application/json", ".md": "text/markdown"}
# The precompressed siblings, best first: (Content-Encoding, suffix of the sibling).
ENCODINGS = (("br", ".br"), ("gzip", ".gz"))
# A name with a hash of the content: "8068.e565cfb.js", "remoteEntry.698dcaf7.js", "jlab_core.a86436d.js".
HASHED = re.compile(r"\.[0-9a-f]{7,20}\.(js|css)$")
FOREVER = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"


class Stats:
    """Requests answered and bytes sent (bodies only), shared by the server's threads."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.requests = 0
        self.bytes = 0
        self.raw = 0

    def add(self, sent: int, raw: int) -> None:
        with self.lock:
            self.requests += 1
            self.bytes += sent
            self.raw += raw

    def take(self, reset: bool) -> dict[str, int]:
        with self.lock:
            seen = {"requests": self.requests, "bytes": self.bytes, "raw": self.raw}
            if reset:
                self.requests = self.bytes = self.raw = 0
        return seen


def accepted(header: str) -> set[str]:
    """The codings an ``Accept-Encoding`` header allows (``q=0`` refuses one).

    >>> sorted(accepted("gzip, deflate, br;q=0"))
    ['deflate', 'gzip']
    """
    found = set()
    for part in header.split(","):
        name, _, params = part.strip().partition(";")
        q = params.strip().removeprefix("q=")
        if name and not (params and q.replace(".", "").strip("0") == ""):
            found.add(name.strip().lower())
    return found


def cache_control(path: Path) -> str:
    return FOREVER if HASHED.search(path.name) else REVALIDATE


class SiteHandler(SimpleHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # Chromium revalidates by ETag only what came over HTTP/1.1
    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **TYPES}
    stats: Stats | None = None
    compress = True

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base class's name
        pass

    def do_GET(self) -> None:
        if self.stats is not None and self.path.startswith("/.stats"):
            self._send_json(self.stats.take(reset=self.path == "/.stats/reset"))
            return
        self._serve(body=True)

    def do_HEAD(self) -> None:
        self._serve(body=False)

    def _serve(self, *, body: bool) -> None:
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            if not urlsplit(self.path).path.endswith("/"):
                if body:  # the base class redirects to "dir/"
                    super().do_GET()
                else:
                    super().do_HEAD()
                return
            path = path / "index.html"
        if not path.is_file():
            self.send_error(HTTPStatus.NOT_FOUND, "File not found")
            return
        coding, sent = "", path
        if self.compress:
            wanted = accepted(self.headers.get("Accept-Encoding", ""))
            for name, suffix in ENCODINGS:
                sibling = path.with_name(path.name + suffix)
                if name in wanted and sibling.is_file():
                    coding, sent = name, sibling
                    break
        stat = sent.stat()
        etag = f'"{stat.st_mtime_ns:x}-{stat.st_size:x}{"-" + coding if coding else ""}"'
        if etag in [tag.strip() for tag in self.headers.get("If-None-Match", "").split(",")]:
            self.send_response(HTTPStatus.NOT_MODIFIED)
            self._common_headers(path, etag, stat.st_mtime, coding)
            if self.stats is not None:  # counted before the client can have the answer (and ask for /.stats)
                self.stats.add(0, 0)
            self.end_headers()
            return
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Length", str(stat.st_size))
        self._common_headers(path, etag, stat.st_mtime, coding)
        if coding:
            self.send_header("Content-Encoding", coding)
        if body and self.stats is not None:  # counted before the client can have the body (and ask for /.stats)
            self.stats.add(stat.st_size, path.stat().st_size)
        self.end_headers()
        if not body:
            return
        with open(sent, "rb") as source:
            self.copyfile(source, self.wfile)

    def _common_headers(self, path: Path, etag: str, mtime: float, coding: str) -> None:
        self.send_header("ETag", etag)
        self.send_header("Last-Modified", email.utils.formatdate(mtime, usegmt=True))
        self.send_header("Cache-Control", cache_control(path))
        if self.compress and any(path.with_name(path.name + suffix).is_file() for _, suffix in ENCODINGS):
            self.send_header("Vary", "Accept-Encoding")

    def _send_json(self, data: dict[str, int]) -> None:
        body = json.dumps(data).encode()
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(body)


def make_server(folder: Path, port: int = 0, *, stats: bool = False, compress: bool = True) -> ThreadingHTTPServer:
    """A server of ``folder`` on 127.0.0.1 (``port`` 0: a free one); call ``serve_forever``."""
    handler = type("Handler", (SiteHandler,), {"stats": Stats() if stats else None, "compress": compress})
    return ThreadingHTTPServer(("127.0.0.1", port), partial(handler, directory=os.fspath(folder)))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dir", type=Path, default=SITE)
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--plain", action="store_true", help="ignore the precompressed .br/.gz files")
    parser.add_argument("--stats", action="store_true", help="count requests and bytes (GET /.stats)")
    args = parser.parse_args(argv)
    if not (args.dir / "jupyter-lite.json").exists():
        sys.exit(f"{args.dir} is not a built site: run `make lite` first")
    server = make_server(args.dir, args.port, stats=args.stats, compress=not args.plain)
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
