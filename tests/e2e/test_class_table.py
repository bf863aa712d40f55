"""End to end: two people play a whole match through a real ``naga-widget serve``, each from a notebook of
their own (Ada in JupyterLab, Bo in Notebook 7: two kernels, two browser contexts), with
``naga_widget.join``; a third context watches the table from the server's own watch page.

Midway, Bo's kernel is restarted and the notebook run again: the widget comes back to Bo's seat by itself.
Di, playing a house bot in JupyterLab, closes the tab and opens the notebook again, then restarts its
kernel in a browser that kept nothing: each time Di is back at the same seat, at the step Di left.
A notebook shown as an app by Voilà joins too, and plays a house bot.
At the end, every frame each page received from the class server is searched for what its receiver
may not know at the step the frame shows (the other seat's cards, hidden amulets, face-down relics'
ids, the deck: ``hidden_facts``), and for the match's seed; each kernel's widget holds no game data
at all, and ``game.match`` there is refused.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from conftest import new_page, screenshot, write_notebook
from hidden_facts import hidden_ids, leaked
from hosts import LAB, NOTEBOOK7, VOILA, Host, Server, free_port, private_env
from playwright.sync_api import Browser, Page, WebSocket, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from widget_page import probe

from naga_widget.match import Match

CODE = "K3Y-2026"
GAME_SECONDS = 420  # a whole match of two people clicking through a loaded machine: usually 1–3 minutes

# One decision of whoever may decide on this page, by clicks (as widget_page's keyboard helpers choose):
# the first card called, a pass in every confrontation, the first space and its first rotation, the
# first card given. What it did, or why it did nothing; given true, only which decision is open.
DECIDE = """(look) => {
  const roots = document.querySelectorAll('[data-testid="remote"] [data-testid="root"]');
  const root = roots[roots.length - 1];
  if (!root) return 'no table';
  const heading = root.closest('.naga-remote-game')?.querySelector('[data-testid="table-heading"]')?.textContent ?? '';
  if (heading.includes(' — over')) return 'over';
  if (root.querySelector('[data-testid="pending"]')) return 'pending';
  const usable = (sel) => [...root.querySelectorAll(sel)].filter(
    (e) => e.getClientRects().length && !e.disabled && e.getAttribute('aria-disabled') !== 'true');
  const first = (sel) => usable(sel)[0];
  const press = (e) => !look && e?.dispatchEvent(new MouseEvent('click', { bubbles: true }));  // SVG too
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

KERNEL_READY = """(path) => { const nb = window.jupyterapp?.shell?.currentWidget;
    const k = nb?.sessionContext?.session?.kernel;
    return nb?.context?.path === path && !!k && k.connectionStatus === 'connected' && k.status === 'idle'; }"""


@dataclass
class ClassServer:
    proc: subprocess.Popen[bytes]
    url: str
    db: Path
    teacher: str


@dataclass
class Person:
    """A browser context with the frames it received from the class server."""

    name: str
    page: Page
    frames: list[str] = field(default_factory=list)


@pytest.fixture(scope="module")
def class_server(tmp_path_factory: pytest.TempPathFactory, jupyter: Server) -> Iterator[ClassServer]:
    """``naga-widget serve`` on a free port, letting JupyterLab's pages (another origin) connect."""
    tmp = tmp_path_factory.mktemp("class")
    port = free_port()
    log = tmp / "serve.log"
    cmd = [sys.executable, "-m", "naga_widget.cli", "serve", "--db", str(tmp / "class.db"), "--port", str(port),
           "--code", CODE, "--origin", jupyter.base, "--forfeit-seconds", "900"]
    with open(log, "w") as out:
        proc = subprocess.Popen(cmd, env=private_env(tmp), stdout=out, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 60
    teacher = None
    while teacher is None:
        if "teacher's credential" in log.read_text():  # said once the private file is written
            teacher = (tmp / "class.db-teacher").read_text().strip()
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            raise RuntimeError(f"naga-widget serve did not start:\n{log.read_text()[-3000:]}")
        time.sleep(0.2)
    yield ClassServer(proc, f"http://127.0.0.1:{port}", tmp / "class.db", teacher)
    proc.terminate()
    proc.wait(timeout=20)


def listen(person: Person, server: ClassServer) -> None:
    """Keep every frame the page receives on a WebSocket to the class server (not the kernel's)."""
    address = server.url.replace("http://", "ws://")

    def on_socket(ws: WebSocket) -> None:
        if ws.url.startswith(address):
            ws.on("framereceived", lambda payload: person.frames.append(
                payload if isinstance(payload, str) else payload.decode()))

    person.page.on("websocket", on_socket)


def notebook(folder: Path, name: str, server: ClassServer, seats: Path) -> str:
    join = (f"import os\nos.environ['NAGA_WIDGET_SEATS'] = {str(seats)!r}\nimport naga_widget\n"
            f"game = naga_widget.join({server.url!r}, code={CODE!r}, name={name!r})\ngame")
    kernel = ("import json\ntry:\n    game.match\nexcept AttributeError as exc:\n    refused = str(exc)\n"
              "state = {k: v for k, v in game.get_state().items() if k != '_esm'}\n"
              "print('PROBE ' + json.dumps({'refused': refused, 'state': state}, default=str))")
    return write_notebook(folder, f"{name.lower()}.ipynb", join, kernel)


def open_notebook(person: Person, host: Host, base: str, path: str) -> None:
    page = person.page
    page.goto(host.url(base, path), wait_until="domcontentloaded", timeout=120_000)
    run_all(page, path)


def restart_kernel(page: Page, path: str) -> None:
    """Restart the notebook's kernel as JupyterLab's Restart Kernel does (without its dialog). Now and
    then the page's kernel connection stays 'unknown' after the restart (JupyterLab's, not the widget's):
    it is then connected again, as the page's own reconnect would."""
    page.evaluate("() => window.jupyterapp.shell.currentWidget.sessionContext.restartKernel()")
    try:
        page.wait_for_function(KERNEL_READY, arg=path, timeout=45_000)
    except PlaywrightTimeoutError:
        page.evaluate("() => window.jupyterapp.shell.currentWidget.sessionContext.session.kernel.reconnect()")


def run_all(page: Page, path: str) -> None:
    page.wait_for_function(KERNEL_READY, arg=path, timeout=120_000)
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    expect(page.get_by_test_id("remote-status").last).to_contain_text("Connected to", timeout=60_000)


def play_until_over(people: list[Person], restart: tuple[Person, str] | None) -> list[str]:
    """Both people decide whenever they may, until the match is over; after 12 decisions, ``restart``'s
    kernel is restarted and its notebook run again. The decisions taken."""
    taken: list[str] = []
    deadline = time.monotonic() + GAME_SECONDS
    while time.monotonic() < deadline:
        states = [p.page.evaluate(DECIDE) for p in people]
        taken += [s for s in states if s in ("call", "confront", "place", "give")]
        if all(s == "over" for s in states):
            return taken
        if restart is not None and len(taken) >= 12:
            person, path = restart
            restart = None
            restart_kernel(person.page, path)
            run_all(person.page, path)
            expect(person.page.get_by_test_id("table-heading").last).to_contain_text("(you play")
        person_waits = all(s in ("pending", "wait") for s in states)
        if person_waits:
            time.sleep(0.05)
    raise AssertionError(f"the match was not over after {GAME_SECONDS} s and {len(taken)} decisions")


def frames_about(person: Person, mid: int) -> list[dict[str, Any]]:
    return [m for m in map(json.loads, person.frames) if m.get("match") == mid]


def test_two_notebooks_play_a_whole_match_through_the_server_and_a_third_page_watches(
        browser: Browser, jupyter: Server, class_server: ClassServer, tmp_path: Path) -> None:
    ada = Person("Ada", new_page(browser)[0])
    bo = Person("Bo", new_page(browser)[0])
    cy = Person("Cy", new_page(browser)[0])
    people = [ada, bo, cy]
    for p in people:
        listen(p, class_server)
    try:
        ada_nb = notebook(jupyter.folder, "Ada", class_server, tmp_path / "ada-seats.json")
        bo_nb = notebook(jupyter.folder, "Bo", class_server, tmp_path / "bo-seats.json")
        open_notebook(ada, LAB, jupyter.base, ada_nb)
        open_notebook(bo, NOTEBOOK7, jupyter.base, bo_nb)
        # Ada challenges Bo from the lobby; Bo accepts; both tables open by themselves
        players = ada.page.get_by_test_id("players").last
        players.locator("li", has_text=re.compile(r"^\s*Bo\b")).locator('[data-remote="challenge"]').click()
        bo.page.locator('[data-testid^="accept-"]').last.click()
        for p in (ada, bo):
            expect(p.page.get_by_test_id("table-heading").last).to_contain_text("(you play", timeout=60_000)
        mid = int(ada.page.locator('section[data-testid^="table-"]').last.get_attribute("data-testid").split("-")[1])
        # Cy watches from the server's own page, joining with the code and a name
        cy.page.goto(f"{class_server.url}/watch/{mid}")
        cy.page.get_by_test_id("join-form").locator('[name="code"]').fill(CODE)
        cy.page.get_by_test_id("join-form").locator('[name="name"]').fill("Cy")
        cy.page.get_by_test_id("join").click()
        watched = cy.page.get_by_test_id(f"table-{mid}").get_by_test_id("table-heading")
        expect(watched).to_contain_text("(watching)", timeout=60_000)

        taken = play_until_over([ada, bo], restart=(bo, bo_nb))
        assert {"call", "place"} <= set(taken)
        expect(watched).to_contain_text("— over", timeout=30_000)
        kernels = {p.name: probe(p.page) for p in (ada, bo)}
    except Exception:
        for p in people:
            screenshot(p.page, f"class-table-{p.name}")
        raise
    finally:
        for p in people:
            p.page.context.close()

    # the server's own record of the match: its seed and every move
    from naga_widget.server.store import Store

    store = Store(str(class_server.db))
    row = next(r for r in store.matches() if r["id"] == mid)
    moves = store.moves(mid)
    store.close()
    assert row["result"] is not None
    states = [Match(seed=row["seed"]).state]
    replay = Match(seed=row["seed"])
    for text in moves:
        replay.play(text)
        states.append(replay.state)
    seed = str(row["seed"])

    searched = 0
    seats_seen: dict[str, set[Any]] = {}
    for person in people:
        assert person.frames, f"{person.name}'s page received nothing from the class server"
        for text in person.frames:
            assert seed not in text, f"the seed reached {person.name}'s page"
        for msg in frames_about(person, mid):
            if msg["type"] != "view":
                continue
            viewer = "spectator" if msg["seat"] is None else msg["seat"]
            seats_seen.setdefault(person.name, set()).add(msg["seat"])
            # the catalog lists every card and amulet of the game: public, static data (R1.2)
            traits = {k: v for k, v in msg["traits"].items() if k != "catalog"}
            # an event is told as it was seen at its own step (a card invoked then may be back in a hand now)
            timeline = json.loads(json.dumps(traits.get("timeline") or {}))
            events = traits.pop("events", []) + ((timeline.get("happened") or {}).pop("events", None) or [])
            traits["timeline"] = timeline
            for event in events:
                found = leaked(hidden_ids(states[event["step"]], viewer), event["text"])
                assert found == [], f"{person.name}'s page was told {found} in {event}, hidden from {viewer}"
            found = leaked(hidden_ids(states[msg["stamp"]], viewer), json.dumps({**msg, "traits": traits}))
            assert found == [], f"{person.name}'s page received {found}, hidden from {viewer} at stamp {msg['stamp']}"
            searched += 1
    assert searched > 2 * len(taken) // 3
    assert seats_seen["Cy"] == {None} and len(seats_seen["Ada"] | seats_seen["Bo"]) == 2

    # the kernels: no match to read, and no game data in the widget's state
    for name, kernel in kernels.items():
        assert "holds the match" in kernel["refused"]
        state = kernel["state"]
        assert state["board"] == {} and state["menu"] == {} and state["events"] == []
        assert state["remote_state"]["state"] == "online" and state["remote_state"]["name"] == name
        seat = 0 if seats_seen[name] == {0} else 1
        ever_hidden = set().union(*(hidden_ids(s, seat) for s in states))
        assert leaked(ever_hidden, json.dumps(state)) == []
        assert "credential" not in json.dumps(state)


def test_a_voila_app_joins_the_class_and_opens_a_table(browser: Browser, jupyter: Server,
                                                        class_server: ClassServer, tmp_path: Path) -> None:
    """The same ``naga_widget.join`` cell, shown by Voilà (no notebook, no cells to run): the app connects,
    shows the lobby with its player, and a challenge to a house bot opens the table in the app."""
    vi = Person("Vi", new_page(browser)[0])
    try:
        path = notebook(jupyter.folder, "Vi", class_server, tmp_path / "vi-seats.json")
        vi.page.goto(VOILA.url(jupyter.base, path), wait_until="commit", timeout=60_000)
        expect(vi.page.get_by_test_id("remote-status").last).to_contain_text("Connected to", timeout=180_000)
        expect(vi.page.get_by_test_id("players").last).to_contain_text("Vi", timeout=30_000)
        vi.page.get_by_test_id("house-bot").last.select_option(index=0)
        vi.page.get_by_test_id("challenge-bot").last.click()
        expect(vi.page.get_by_test_id("table-heading").last).to_contain_text("(you play", timeout=60_000)
        expect(vi.page.locator('[data-testid="remote"] [data-testid="root"]').last).to_be_visible()
    except Exception:
        screenshot(vi.page, "class-table-voila")
        raise
    finally:
        vi.page.context.close()


def test_a_closed_tab_and_a_restarted_kernel_come_back_to_the_same_seat_at_the_same_step(
        browser: Browser, jupyter: Server, class_server: ClassServer, tmp_path: Path) -> None:
    """JupyterLab: the tab is closed and the notebook opened and run again in a new tab (the browser kept the
    seat), then its kernel is restarted and the notebook run in another browser (only the kernel's file kept
    the seat). Each time: the same player, welcomed with no new credential, at the same table and step."""
    from naga_widget.server.store import Store

    path = notebook(jupyter.folder, "Di", class_server, tmp_path / "di-seats.json")
    di = Person("Di", new_page(browser)[0])
    listen(di, class_server)
    store = Store(str(class_server.db))
    pages = [di.page]
    try:
        open_notebook(di, LAB, jupyter.base, path)
        di.page.get_by_test_id("challenge-bot").last.click()  # the first house bot offered: Random
        expect(di.page.get_by_test_id("table-heading").last).to_contain_text("(you play", timeout=60_000)
        mid = int(di.page.locator('section[data-testid^="table-"]').last.get_attribute("data-testid").split("-")[1])
        welcome = next(m for m in map(json.loads, di.frames) if m["type"] == "welcome")
        player, credential = welcome["player"], welcome["credential"]
        taken = 0
        while taken < 2:
            taken += di.page.evaluate(DECIDE) in ("call", "confront", "place", "give")
            di.page.wait_for_function(YOUR_TURN, timeout=30_000)
        step = store.move_count(mid)

        tab = Person("Di", di.page.context.new_page())  # the same browser: its localStorage is kept
        other = Person("Di", new_page(browser)[0])  # a browser that kept nothing
        pages += [tab.page, other.page]
        di.page.close()
        for again in (tab, other):
            listen(again, class_server)
            again.page.goto(LAB.url(jupyter.base, path), wait_until="domcontentloaded", timeout=120_000)
            if again is other:
                again.page.wait_for_function(KERNEL_READY, arg=path, timeout=120_000)
                restart_kernel(again.page, path)
            run_all(again.page, path)
            heading = again.page.get_by_test_id("table-heading").last
            expect(heading).to_contain_text(f"Table {mid}", timeout=60_000)
            expect(heading).to_contain_text("(you play")
            again.page.wait_for_function(YOUR_TURN, timeout=30_000)
            assert credential not in again.page.evaluate("() => document.documentElement.outerHTML")
            again.page.close()
    except Exception:
        for page in pages:
            if not page.is_closed():
                screenshot(page, "class-table-back")
        raise
    finally:
        for page in pages:
            page.context.close()
        players = store.players()
        store.close()

    assert [p["id"] for p in players if p["name"] == "Di"] == [player]
    for again in (tab, other):
        welcome = [m for m in map(json.loads, again.frames) if m["type"] == "welcome"]
        assert welcome and all(m["player"] == player and "credential" not in m for m in welcome)
        view = frames_about(again, mid)[0]
        assert view["type"] == "view" and view["full"] and view["stamp"] == step
