"""A JupyterLite page joins a table of the class server (``naga-widget serve``, docs/server.md).

The Pyodide kernel cannot open a socket; it needs none: the widget's view, in the page, opens the
browser's WebSocket to the server, and the kernel only keeps the server's address and the seat. Here
the built site is served on one port of 127.0.0.1 and the class server on another, which lets the
site's origin in (``--origin``). A new notebook of the site joins with ``naga_widget.join``, challenges
the house bot Random from the lobby and plays a few decisions by clicks. Then the server is killed:
the widget says it cannot reach it, naming the address and what to check (that the server runs there,
the network, the page's origin); started again on the same database, the widget comes back to the
same seat by itself, and the game goes on. Every frame the page received is searched for what the
seat may not know, and the kernel holds no game data. Last, the kernel plays a bot seat of its own
(``naga_widget.server.botclient``) through the browser's WebSocket, a whole game against a house bot.
A second page is reloaded mid-game and its notebook run again: it takes back the same seat of the same
match, at the step where it left, with the seat credential the browser kept.
"""

from __future__ import annotations

import json
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")

from hidden_facts import hidden_ids, leaked  # noqa: E402
from lite_page import KERNEL_READY, new_page  # noqa: E402
from playwright.sync_api import Browser, Page, WebSocket, expect  # noqa: E402

from naga_widget.match import Match  # noqa: E402

CODE = "LITE-2026"
NAME = "Lin"
NOTEBOOK = "join.ipynb"

# One decision of this page's table by clicks (the first card called, a pass in a confrontation, the
# first space and rotation, the first card given); what it did, or why it did nothing. Given true, it
# only says which decision is open, pressing nothing.
DECIDE = """(look) => {
  const root = document.querySelector('[data-testid="remote"] [data-testid="root"]');
  if (!root) return 'no table';
  if (root.querySelector('[data-testid="pending"]')) return 'pending';
  const usable = (sel) => [...root.querySelectorAll(sel)].filter(
    (e) => e.getClientRects().length && !e.disabled && e.getAttribute('aria-disabled') !== 'true');
  const first = (sel) => usable(sel)[0];
  const press = (e) => !look && e?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
  const confirm = () => press(first('[data-testid="confirm"]'));
  const pass = first('[data-testid="pass"]');
  if (pass) { press(pass); return 'confront'; }
  const give = first('[data-testid^="give-"]');
  if (give) { press(give); confirm(); return 'give'; }
  const space = first('[data-testid^="space-"]');
  if (space) { press(space); press(first('[data-testid^="rotation-"]')); confirm(); return 'place'; }
  const card = first('[data-testid^="card-"]');
  if (card && root.querySelector('[data-testid="confirm"]')) { press(card); confirm(); return 'call'; }
  return 'wait';
}"""

YOUR_TURN = f"() => ['call', 'confront', 'place', 'give'].includes(({DECIDE})(true))"
NOT_PENDING = "() => !document.querySelector('[data-testid=\"remote\"] [data-testid=\"pending\"]')"

# Run code in the notebook's kernel (Pyodide, in the page) and return what it printed.
RUN_IN_KERNEL = """async (code) => {
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  const future = kernel.requestExecute({ code });
  let out = '';
  future.onIOPub = (msg) => {
    if (msg.header.msg_type === 'stream') out += msg.content.text;
    if (msg.header.msg_type === 'error') out += `ERROR ${msg.content.ename}: ${msg.content.evalue}`;
  };
  await future.done;
  return out;
}"""


@dataclass
class ClassServer:
    """``naga-widget serve`` on a fixed port of 127.0.0.1, which can be killed and started again."""

    port: int
    db: Path
    origin: str
    log: Path
    proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        """Start it (again) and wait until its port answers."""
        cmd = [sys.executable, "-m", "naga_widget.cli", "serve", "--db", str(self.db), "--host", "127.0.0.1",
               "--port", str(self.port), "--code", CODE, "--origin", self.origin, "--forfeit-seconds", "600"]
        with open(self.log, "ab") as out:
            self.proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 60
        while True:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return
            except OSError:
                pass
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"naga-widget serve did not start:\n{self.log.read_text()[-3000:]}")
            time.sleep(0.1)

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(timeout=20)
        self.proc = None

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=20)
        self.proc = None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def class_server(tmp_path: Path, served: Any) -> Iterator[ClassServer]:
    server = ClassServer(free_port(), tmp_path / "class.db", served.base, tmp_path / "serve.log")
    server.start()
    try:
        yield server
    finally:
        server.stop()


def open_join_notebook(page: Page, base: str, url: str, *, reload: bool = False) -> None:
    """Write a notebook into the site's browser storage that joins ``url``, open it, and run it. With
    ``reload``: load the page again and run the notebook it keeps, as a student does after a reload."""
    source = f"import naga_widget\ngame = naga_widget.join({url!r}, code={CODE!r}, name={NAME!r})\ngame"
    notebook = {"nbformat": 4, "nbformat_minor": 5, "cells": [
        {"cell_type": "code", "id": "join", "metadata": {}, "execution_count": None, "outputs": [],
         "source": source}],
        "metadata": {"kernelspec": {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}}}
    if reload:
        page.reload()
    else:
        page.goto(f"{base}/lab/index.html")
    page.wait_for_function("() => !!window.jupyterapp?.serviceManager", timeout=120_000)
    page.evaluate("""async ([path, content]) => {
        await window.jupyterapp.restored;
        if (content) await window.jupyterapp.serviceManager.contents.save(
            path, { type: 'notebook', format: 'json', content });
        await window.jupyterapp.commands.execute('docmanager:open', { path, factory: 'Notebook' }); }""",
                  [NOTEBOOK, None if reload else notebook])
    page.wait_for_function(f"""() => window.jupyterapp.shell.currentWidget?.context?.path === {NOTEBOOK!r}
        && ({KERNEL_READY})()""", timeout=180_000)
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")


def listen(page: Page, server: ClassServer) -> list[str]:
    """Every frame the page receives from the class server from now on (across reloads of the page)."""
    frames: list[str] = []

    def on_socket(ws: WebSocket) -> None:
        if ws.url.startswith(server.url.replace("http://", "ws://")):
            ws.on("framereceived", lambda payload: frames.append(
                payload if isinstance(payload, str) else payload.decode()))

    page.on("websocket", on_socket)
    return frames


def challenge_random(page: Page) -> int:
    """Challenge the first house bot offered (Random) from the lobby; the number of the table it opens."""
    page.get_by_test_id("challenge-bot").click()
    heading = page.get_by_test_id("table-heading")
    expect(heading).to_contain_text("(you play", timeout=60_000)
    expect(heading).to_contain_text("Random")
    return int(str(page.locator('section[data-testid^="table-"]').get_attribute("data-testid")).split("-")[1])


def play(page: Page, decisions: int, timeout: float = 60) -> list[str]:
    """Decide whenever the table lets this page, until ``decisions`` were taken."""
    taken: list[str] = []
    deadline = time.monotonic() + timeout
    while len(taken) < decisions:
        assert time.monotonic() < deadline, f"only {taken} decided in {timeout} s"
        state = page.evaluate(DECIDE)
        if state in ("call", "confront", "place", "give"):
            taken.append(state)
            # the next decision only once the server's answer was drawn (the view is pending meanwhile)
            page.wait_for_function(NOT_PENDING, timeout=30_000)
        time.sleep(0.1)
    return taken


def test_a_lite_page_joins_says_when_the_server_is_gone_comes_back_and_its_kernel_plays_a_bot_seat(
        browser: Browser, served: Any, class_server: ClassServer) -> None:
    page, traffic = new_page(browser)
    frames = listen(page, class_server)
    status = page.get_by_test_id("remote-status")
    try:
        open_join_notebook(page, served.base, class_server.url)
        expect(status).to_contain_text(f"Connected to {class_server.url}/ as {NAME}", timeout=60_000)
        assert page.evaluate("() => window.jupyterapp.shell.currentWidget.sessionContext.session.kernel.name") \
            == "python"

        mid = challenge_random(page)
        heading = page.get_by_test_id("table-heading")
        before = play(page, 3)

        # the server dies: the bar says so, naming the address and what to check
        class_server.kill()
        expect(status).to_have_attribute("data-state", "offline", timeout=20_000)
        expect(status).to_contain_text(f"Cannot reach the server at {class_server.url}/")
        help_text = page.get_by_test_id("remote-help")
        expect(help_text).to_contain_text("naga-widget serve")
        expect(help_text).to_contain_text(f"--origin {served.base}")

        # back on the same database: the widget resumes its seat by itself, with the seat's credential
        class_server.start()
        expect(status).to_contain_text(f"Connected to {class_server.url}/ as {NAME}", timeout=60_000)
        expect(page.get_by_test_id("remote-help")).to_have_count(0)
        expect(heading).to_contain_text(f"Table {mid}")
        expect(heading).to_contain_text("(you play")
        after = play(page, 1)

        kernel = json.loads(page.evaluate(RUN_IN_KERNEL, """
import json, sys
from naga_widget.widget.remote import read_seats
try:
    game.match
except AttributeError as exc:
    refused = str(exc)
state = {k: v for k, v in game.get_state().items() if k != '_esm'}
print(json.dumps({'platform': sys.platform, 'refused': refused, 'state': state, 'seats': read_seats()},
                 default=str))
"""))
        stored = page.evaluate("() => Object.entries(localStorage).filter(([k]) => k.startsWith('naga-widget:seat:'))")

        # the kernel plays a bot seat itself: Pyodide has no socket, the bot client uses the browser's WebSocket
        bot = page.evaluate(RUN_IN_KERNEL, f"""
import json
from naga_widget.bots import RandomBot
from naga_widget.server.botclient import play_async
results = await play_async(RandomBot(seed=1), {class_server.url.replace("http:", "ws:") + "/ws"!r}, code={CODE!r},
                           name="Lin's bot", challenge="bot:greedy")
print(json.dumps(results))
""")
    except Exception:
        page.screenshot(path=str(class_server.log.with_name("lite-join.png")))
        raise
    finally:
        page.context.close()

    assert len(before) == 3 and len(after) == 1
    assert traffic.refused == [], f"the page asked for something off this machine: {traffic.refused[:3]}"

    # the kernel (Pyodide) keeps the seat the server gave, and has no game to read
    assert kernel["platform"] == "emscripten"
    assert "holds the match" in kernel["refused"]
    state = kernel["state"]
    assert state["board"] == {} and state["menu"] == {} and state["events"] == []
    assert state["remote_state"]["state"] == "online" and state["remote_state"]["name"] == NAME
    assert "credential" not in json.dumps(state)
    socket_url = f"ws://127.0.0.1:{class_server.port}/ws"
    assert [key for key, _ in stored] == [f"naga-widget:seat:{socket_url}"]
    assert kernel["seats"][socket_url]["credential"] == json.loads(stored[0][1])["credential"]

    # every frame the page received: nothing its seat may not know, at the step the frame shows
    from naga_widget.server.store import Store

    store = Store(str(class_server.db))
    rows = store.matches()
    row = next(r for r in rows if r["id"] == mid)
    moves = store.moves(mid)
    store.close()

    # the kernel's bot played its game to the end, on the server's record
    played = {int(k): v for k, v in json.loads(bot.strip().splitlines()[-1]).items()}
    (bot_match,) = played
    bot_row = next(r for r in rows if r["id"] == bot_match)
    assert bot_match != mid and bot_row["result"] is not None and played[bot_match] == bot_row["result"]
    assert "Lin's bot" in json.dumps(bot_row["seats"])
    replay = Match(seed=row["seed"])
    states = [replay.state]
    for text in moves:
        replay.play(text)
        states.append(replay.state)
    views = [m for m in map(json.loads, frames) if m.get("type") == "view" and m.get("match") == mid]
    assert len(views) >= 4
    for text in frames:
        assert str(row["seed"]) not in text, "the seed reached the page"
    for msg in views:
        seat = msg["seat"]
        assert seat in (0, 1)
        # the catalog lists every card and amulet of the game: public, static data (R1.2); an event is
        # told as it was seen at its own step (a card invoked then may be back in a hand now)
        traits = {k: v for k, v in msg["traits"].items() if k != "catalog"}
        timeline = json.loads(json.dumps(traits.get("timeline") or {}))
        events = traits.pop("events", []) + ((timeline.get("happened") or {}).pop("events", None) or [])
        traits["timeline"] = timeline
        for event in events:
            found = leaked(hidden_ids(states[event["step"]], seat), event["text"])
            assert found == [], f"the page was told {found} in {event}, hidden from seat {seat}"
        found = leaked(hidden_ids(states[msg["stamp"]], seat), json.dumps({**msg, "traits": traits}))
        assert found == [], f"the page received {found}, hidden from seat {seat} at stamp {msg['stamp']}"


def test_a_reloaded_lite_page_takes_its_seat_back_at_the_same_step_of_the_same_game(
        browser: Browser, served: Any, class_server: ClassServer) -> None:
    """A reload starts a new kernel in the page; the page kept the seat credential in the browser's
    localStorage and comes back with it when the notebook runs again, never showing it."""
    from naga_widget.server.store import Store

    page, _ = new_page(browser)
    frames = listen(page, class_server)
    store = Store(str(class_server.db))
    try:
        open_join_notebook(page, served.base, class_server.url)
        mid = challenge_random(page)
        play(page, 2)
        page.wait_for_function(YOUR_TURN, timeout=30_000)  # the bot moved: the match waits for this page
        step = store.move_count(mid)
        seat = json.loads(page.evaluate("(key) => localStorage.getItem(key)",
                                        f"naga-widget:seat:{class_server.url.replace('http:', 'ws:')}/ws"))
        seen = len(frames)

        open_join_notebook(page, served.base, class_server.url, reload=True)
        expect(page.get_by_test_id("remote-status")).to_contain_text(f"as {NAME}", timeout=60_000)
        heading = page.get_by_test_id("table-heading")
        expect(heading).to_contain_text(f"Table {mid}", timeout=60_000)
        expect(heading).to_contain_text("(you play")
        page.wait_for_function(YOUR_TURN, timeout=30_000)
        text = page.evaluate("() => document.documentElement.outerHTML + document.body.innerText")
        play(page, 1)  # the game goes on from here
        page.wait_for_function(YOUR_TURN, timeout=30_000)
    except Exception:
        page.screenshot(path=str(class_server.log.with_name("lite-reload.png")))
        raise
    finally:
        page.context.close()
    players, matches, steps = store.players(), store.matches(), store.move_count(mid)
    store.close()

    again = [json.loads(f) for f in frames[seen:]]
    welcome = [m for m in again if m.get("type") == "welcome"]
    views = [m for m in again if m.get("type") == "view" and m.get("match") == mid]
    # the same seat: welcomed back as the same player, with no new credential (a new player gets one)
    assert welcome and {m["player"] for m in welcome} == {seat["player"]}
    assert all("credential" not in m for m in welcome)
    assert [p["id"] for p in players if p["name"] == NAME] == [seat["player"]]
    # the same game at the same step: no new match; its first view after the reload is where it was left
    assert [m["id"] for m in matches] == [mid]
    assert views[0]["full"] and views[0]["stamp"] == step and steps > step
    assert {m["seat"] for m in views} == {m["seat"] for m in map(json.loads, frames[:seen])
                                          if m.get("type") == "view" and m.get("match") == mid}
    assert seat["credential"] not in text, "the seat credential is shown in the page"
