"""Which page origins may open the class server's WebSocket (auth.origin_allowed, the --origin list)."""

from __future__ import annotations

import pytest

from naga_widget.server.auth import origin_allowed, origin_of

SITE = ("https://class.github.io/naga/",)  # as a teacher may copy it from the address bar


@pytest.mark.parametrize(("origin", "host", "allowed", "expected"), [
    (None, "server:8765", (), True),  # a program, not a page: its credential is what counts
    ("http://server:8765", "server:8765", (), True),  # the server's own pages
    ("http://SERVER:8765", "server:8765", (), True),
    ("http://localhost:8888", "server:8765", (), False),
    ("https://class.github.io", "server:8765", SITE, True),  # the path given with --origin is dropped
    ("https://class.github.io", "server:8765", ("HTTPS://Class.GitHub.io",), True),
    ("http://class.github.io", "server:8765", SITE, False),  # another scheme is another origin
    ("https://class.github.io:8443", "server:8765", SITE, False),  # and so is another port
    ("https://evil.example", "server:8765", SITE, False),
    ("https://class.github.io.evil.example", "server:8765", SITE, False),
    ("null", "server:8765", SITE, False),  # a sandboxed frame or a file: page
])
def test_an_origin_is_allowed_by_scheme_host_and_port(origin: str | None, host: str, allowed: tuple[str, ...],
                                                      expected: bool) -> None:
    assert origin_allowed(origin, host, allowed) is expected


def test_the_origin_of_a_url_keeps_scheme_host_and_port() -> None:
    assert origin_of("https://class.github.io/naga/lab/index.html?x=1") == "https://class.github.io"
    assert origin_of("http://127.0.0.1:8000/") == "http://127.0.0.1:8000"
    assert origin_of("not a url") == "not a url"
