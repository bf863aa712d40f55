"""The lobby page of Hub mode in a real browser: the page asks ``hub/seat`` for its player's credential by
itself (no join form), joins the class as that player, and sends the player's bot to ``league/submit``
with that credential. The Hub's OAuth is not here (tests/server/test_hub.py runs a real JupyterHub):
``hub/seat`` and ``league/submit`` are stand-ins that answer as the real ones do. The teacher's pages
behind a real Hub: tests/e2e/test_hub_teacher.py."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

pytest.importorskip("uvicorn")

import uvicorn  # noqa: E402
from starlette.requests import Request  # noqa: E402
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response  # noqa: E402
from starlette.routing import Route  # noqa: E402

from naga_widget.server.app import Settings, make_app, make_hub  # noqa: E402
from naga_widget.server.pages import SECURITY_HEADERS, page_routes  # noqa: E402
from naga_widget.server.pages import page as page_html  # noqa: E402

BOT = "class Bot:\n    def act(self, observation, legal):\n        return legal.actions[0]\n"


def test_a_hub_mode_lobby_takes_its_seat_and_submits_a_bot(page: Page, tmp_path: Path) -> None:
    settings = Settings(db=str(tmp_path / "class.db"))
    hub = make_hub(settings)
    seats: list[str] = []
    submitted: list[tuple[str, str]] = []

    async def lobby(request: Request) -> Response:
        return HTMLResponse(page_html("play", "./", hub=True, league=True), headers=SECURITY_HEADERS)

    async def seat(request: Request) -> Response:
        pid, credential = hub.store.add_player("ada", bot=False)
        hub.names[pid] = {"id": pid, "name": "ada", "bot": False}
        seats.append(credential)
        return JSONResponse({"player": pid, "name": "ada", "teacher": False, "credential": credential})

    async def submit(request: Request) -> Response:
        submitted.append((request.headers.get("authorization", ""), (await request.body()).decode()))
        return PlainTextResponse("ada-1", 202)

    routes: list[Any] = [Route("/", lobby), Route("/hub/seat", seat),
                         Route("/league/submit", submit, methods=["POST"]), *page_routes()]
    server = uvicorn.Server(uvicorn.Config(make_app(hub, settings, routes), host="127.0.0.1", port=0,
                                           log_level="warning", lifespan="on"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline and thread.is_alive(), "the server did not start"
        time.sleep(0.02)
    port = server.servers[0].sockets[0].getsockname()[1]
    try:
        page.goto(f"http://127.0.0.1:{port}/")
        expect(page.get_by_test_id("lobby")).to_be_visible(timeout=20_000)
        expect(page.get_by_test_id("join-form")).to_have_count(0)  # no code or name to type in Hub mode
        assert len(seats) == 1 and any(c.player is not None and hub.names[c.player]["name"] == "ada"
                                       for c in hub.conns)
        form = page.get_by_test_id("league-submit")
        form.locator("input[type=file]").set_input_files(
            files=[{"name": "mybot.py", "mimeType": "text/x-python", "buffer": BOT.encode()}])
        form.get_by_role("button", name="Submit it to the league").click()
        expect(form.locator("output")).to_contain_text("Received: ada-1")
        assert submitted == [(f"Bearer {seats[0]}", BOT)]
        assert seats[0] not in page.content()  # the credential is not written into the page
    finally:
        server.should_exit = True
        thread.join(20)
        hub.store.close()
