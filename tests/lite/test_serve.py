"""lite/serve.py: precompressed files for browsers that accept them, and answers that can be cached.

These run on a small folder made here, not on the built site.
"""

from __future__ import annotations

import gzip
import http.client
import json
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "lite"))
from serve import accepted, make_server  # noqa: E402

TEXT = b"console.log('board');\n" * 200


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "jupyter-lite.json").write_text("{}")
    (tmp_path / "build").mkdir()
    for name in ("build/app.js", "build/8068.e565cfb.js"):
        (tmp_path / name).write_bytes(TEXT)
        (tmp_path / f"{name}.gz").write_bytes(gzip.compress(TEXT, mtime=0))
        (tmp_path / f"{name}.br").write_bytes(b"brotli bytes of " + name.encode())
    (tmp_path / "build/only-gzip.js").write_bytes(TEXT)
    (tmp_path / "build/only-gzip.js.gz").write_bytes(gzip.compress(TEXT, mtime=0))
    (tmp_path / "lib.whl").write_bytes(b"PK wheel")
    (tmp_path / "lab").mkdir()
    (tmp_path / "lab/index.html").write_bytes(b"<html>lab</html>")
    return tmp_path


@pytest.fixture
def server(folder: Path) -> Iterator[tuple[str, int]]:
    httpd = make_server(folder, 0, stats=True)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield httpd.server_address[:2]  # type: ignore[misc]
    finally:
        httpd.shutdown()
        httpd.server_close()


def get(address: tuple[str, int], path: str, **headers: str) -> tuple[int, dict[str, str], bytes]:
    conn = http.client.HTTPConnection(*address, timeout=10)
    try:
        conn.request("GET", path, headers={k.replace("_", "-"): v for k, v in headers.items()})
        answer = conn.getresponse()
        assert answer.version == 11, "Chromium revalidates by ETag only what came over HTTP/1.1"
        return answer.status, {k.lower(): v for k, v in answer.getheaders()}, answer.read()
    finally:
        conn.close()


def test_a_browser_that_accepts_brotli_gets_the_br_file(server: tuple[str, int]) -> None:
    status, headers, body = get(server, "/build/app.js", Accept_Encoding="gzip, deflate, br, zstd")
    assert status == 200 and headers["content-encoding"] == "br" and body == b"brotli bytes of build/app.js"
    assert headers["content-type"] == "text/javascript" and headers["vary"] == "Accept-Encoding"
    assert int(headers["content-length"]) == len(body)


def test_gzip_when_brotli_is_refused_or_missing_and_the_file_itself_otherwise(server: tuple[str, int]) -> None:
    status, headers, body = get(server, "/build/app.js", Accept_Encoding="gzip, br;q=0")
    assert status == 200 and headers["content-encoding"] == "gzip" and gzip.decompress(body) == TEXT
    _, headers, body = get(server, "/build/only-gzip.js", Accept_Encoding="br, gzip")
    assert headers["content-encoding"] == "gzip" and gzip.decompress(body) == TEXT
    _, headers, body = get(server, "/build/app.js")
    assert "content-encoding" not in headers and body == TEXT
    _, headers, body = get(server, "/lib.whl", Accept_Encoding="gzip, br")
    assert "content-encoding" not in headers and "vary" not in headers and body == b"PK wheel"


def test_an_unchanged_file_is_answered_304_without_a_body(server: tuple[str, int]) -> None:
    _, headers, _ = get(server, "/build/app.js", Accept_Encoding="br")
    status, again, body = get(server, "/build/app.js", Accept_Encoding="br", If_None_Match=headers["etag"])
    assert status == 304 and body == b"" and again["etag"] == headers["etag"]
    # the gzip answer is another representation: the brotli answer's tag does not match it
    status, _, body = get(server, "/build/app.js", Accept_Encoding="gzip", If_None_Match=headers["etag"])
    assert status == 200 and gzip.decompress(body) == TEXT


def test_hashed_names_are_kept_a_year_and_others_revalidated(server: tuple[str, int]) -> None:
    assert get(server, "/build/8068.e565cfb.js")[1]["cache-control"] == "public, max-age=31536000, immutable"
    assert get(server, "/build/app.js")[1]["cache-control"] == "no-cache"
    status, headers, body = get(server, "/lab/")
    assert status == 200 and body == b"<html>lab</html>" and headers["cache-control"] == "no-cache"
    assert get(server, "/lab")[0] == 301 and get(server, "/missing.js")[0] == 404


def test_stats_count_the_bytes_sent_and_their_decompressed_size(server: tuple[str, int]) -> None:
    get(server, "/.stats/reset")
    _, headers, _ = get(server, "/build/only-gzip.js", Accept_Encoding="gzip")
    get(server, "/build/only-gzip.js", Accept_Encoding="gzip", If_None_Match=headers["etag"])
    get(server, "/lib.whl")
    stats = json.loads(get(server, "/.stats")[2])
    assert stats == {"requests": 3, "bytes": len(gzip.compress(TEXT, mtime=0)) + 8, "raw": len(TEXT) + 8}


def test_accept_encoding_is_parsed_with_its_weights() -> None:
    assert accepted("gzip, deflate, br, zstd") == {"gzip", "deflate", "br", "zstd"}
    assert accepted("br;q=0, gzip;q=0.5") == {"gzip"}
    assert accepted("gzip;q=0.0") == set() and accepted("") == set()
