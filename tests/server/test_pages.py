"""The server's pages (server/pages.py): the lobby, a table to watch and the class overview load the
widget's own view in remote mode, with relative links, strict headers, and no secret in them."""

from __future__ import annotations

import re
import warnings
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

with warnings.catch_warnings():  # Starlette asks for httpx2, which the dev group does not have
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402

from naga_widget.server.app import Settings, make_app, make_hub, under_prefix  # noqa: E402
from naga_widget.server.pages import BUNDLE, PAGES_JS, page_routes  # noqa: E402


@pytest.fixture()
def client(tmp_path: Path) -> TestClient:
    settings = Settings(db=str(tmp_path / "class.db"), code="K3Y-C0DE", teacher_credential="teacher-s3cret")
    hub = make_hub(settings)
    return TestClient(make_app(hub, settings, page_routes()))


@pytest.mark.parametrize(("path", "mode", "base", "match"), [
    ("/", "play", "./", None), ("/class", "overview", "./", None), ("/watch/12", "watch", "../", "12"),
])
def test_each_page_draws_the_view_in_its_mode(client: TestClient, path: str, mode: str, base: str,
                                              match: str | None) -> None:
    with client:
        answer = client.get(path)
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/html")
    html = answer.text
    main = re.search(r'<main id="naga" ([^>]*)>', html)
    assert main is not None
    assert f'data-mode="{mode}"' in main.group(1) and f'data-base="{base}"' in main.group(1)
    assert (f'data-match="{match}"' in main.group(1)) == (match is not None)
    assert f'<script type="module" src="{base}static/pages.js"></script>' in html
    # nothing the class keeps secret: neither the join code nor the teacher's credential
    assert "K3Y-C0DE" not in html and "teacher-s3cret" not in html
    csp = answer.headers["content-security-policy"]
    assert "script-src 'self'" in csp and "frame-ancestors 'self'" in csp
    assert answer.headers["referrer-policy"] == "no-referrer"


def test_the_scripts_are_the_packaged_view_and_the_pages_script(client: TestClient) -> None:
    with client:
        view = client.get("/static/naga_widget.js")
        pages = client.get("/watch/../static/pages.js")  # what a watch page asks for, resolved by the browser
        assert client.get("/watch/abc").status_code == 404
        assert client.get("/static/secret.db").status_code == 404
        assert client.get("/health").json()["ok"] is True  # the server's own routes are still there
    assert view.status_code == 200 and view.content == BUNDLE.read_bytes()
    assert view.headers["content-type"].startswith("text/javascript")
    assert pages.content == PAGES_JS.read_bytes()
    text = PAGES_JS.read_text(encoding="utf-8")
    assert 'import widget from "./naga_widget.js"' in text and "history.replaceState" in text


def test_the_websocket_still_answers_beside_the_pages(client: TestClient) -> None:
    with client, client.websocket_connect("/ws") as ws:
        ws.send_json({"type": "hello", "code": "K3Y-C0DE", "name": "Ada"})
        welcome = ws.receive_json()
        assert welcome["type"] == "welcome" and welcome["name"] == "Ada"


def test_under_a_path_prefix_as_a_jupyterhub_service(tmp_path: Path) -> None:
    """JupyterHub's proxy forwards ``/services/naga/...`` with the prefix: pages, scripts and the WebSocket
    answer there, and nothing else does."""
    settings = Settings(db=str(tmp_path / "class.db"), code="K3Y-C0DE")
    app = under_prefix(make_app(make_hub(settings), settings, page_routes()), "/services/naga/")
    with TestClient(app) as client:
        assert client.get("/services/naga/health").json()["ok"] is True  # the lifespan ran: the hub is up
        lobby = client.get("/services/naga/")
        assert lobby.status_code == 200 and 'data-mode="play"' in lobby.text
        assert client.get("/services/naga/watch/3").status_code == 200
        assert client.get("/services/naga/static/pages.js").content == PAGES_JS.read_bytes()
        assert client.get("/health").status_code == 404
        assert client.get("/services/nagaX/health").status_code == 404
        with client.websocket_connect("/services/naga/ws") as ws:
            ws.send_json({"type": "hello", "code": "K3Y-C0DE", "name": "Ada"})
            assert ws.receive_json()["type"] == "welcome"
    assert under_prefix(app, "/") is app and under_prefix(app, "") is app
