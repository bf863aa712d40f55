"""Hub mode as the teacher sees it, in Chromium: a real JupyterHub (``tests/hub_helpers.py``) runs the class
server; a student plays a house bot through the protocol; the Hub's admin logs in through the Hub's OAuth,
finds the class overview from the lobby, and sees that table live, the bot's hand face up (the student's
own page shows it face down); a student who opens the overview is refused, and told why.
"""

from __future__ import annotations

import json
import sqlite3
import time
from typing import Any

import pytest
from conftest import new_page
from hub_helpers import TEACHER, RunningHub, login
from playwright.sync_api import Locator, Page, Response, expect

from naga_widget.match import Match
from naga_widget.server.botclient import menu_actions

sync_client = pytest.importorskip("websockets.sync.client")


def hub_login(page: Page, hub: RunningHub, name: str, path: str) -> None:
    """Open ``path`` of the service: the Hub asks who is there (its login form), then its OAuth sends the
    browser back to that page."""
    page.goto(hub.service + path)
    page.locator("#username_input").fill(name)
    page.locator("#password_input").fill("x")
    page.locator("#login_submit").click()
    page.wait_for_url(hub.service + path)


class Student:
    """A student's program at a table, through the protocol: its own view of the match, merged."""

    def __init__(self, url: str, credential: str) -> None:
        self.connection = sync_client.connect(url, open_timeout=10)
        self.ws = self.connection.__enter__()
        self.ws.send(json.dumps({"type": "hello", "credential": credential}))
        self.traits: dict[str, Any] = {}
        self.stamp = -1

    def until(self, *want: str, timeout: float = 20) -> dict[str, Any]:
        """The next message of one of the types ``want`` (the views before it merged)."""
        while True:
            msg = json.loads(self.ws.recv(timeout=timeout))
            if msg["type"] == "view":
                self.traits = msg["traits"] if msg["full"] else {**self.traits, **msg["traits"]}
                self.stamp = msg["stamp"]
            if msg["type"] in want:
                return dict(msg)

    def play(self, mid: int) -> None:
        """Decide (the first action of the menu the rules allow), then wait for the seat's next decision."""
        before = self.stamp
        for action in menu_actions(self.traits["menu"]):
            self.ws.send(json.dumps({"type": "intent", "match": mid, "stamp": before,
                                     "intent": {"type": "play", "action": action}}))
            while self.until("view", "refused")["type"] == "view":
                if self.stamp > before:
                    return self.settle()
            # refused: a call the rules do not allow here; the next one
        raise AssertionError("no action of the menu was taken")

    def settle(self) -> None:
        """Read views until it is this seat's decision and nothing more comes (the house bot has moved)."""
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                self.until(timeout=0.5)  # every message, until a quiet moment
            except TimeoutError:
                pass
            if self.traits.get("menu"):
                return
        raise AssertionError("the student's turn did not come")


def bot_hand(hub: RunningHub, mid: int, seat: int) -> set[str]:
    """The house bot's hand as the server holds it: match ``mid`` replayed from the class's file."""
    with sqlite3.connect(f"file:{hub.tmp / 'class.db'}?mode=ro", uri=True) as db:
        seed = int(db.execute("select seed from matches where id = ?", (mid,)).fetchone()[0])
        moves = [r[0] for r in db.execute("select action from moves where match = ? order by step", (mid,))]
    match = Match(seed=seed)
    for action in moves:
        match.play(action)
    return set(match.state.hands[seat])


def shown(hand: Locator) -> set[str]:
    """The cards a hand's row shows face up."""
    return {str(card.get_attribute("data-card")) for card in hand.locator("[data-card]").all()}


def test_the_hub_admin_sees_every_table_live_and_a_student_is_refused(page: Page, jupyterhub: RunningHub) -> None:
    hub = jupyterhub
    seat = login(hub.base, "cy").get(f"{hub.service}hub/seat", timeout=10).json()
    hub.secrets.append(seat["credential"])
    cy = Student(hub.service.replace("http://", "ws://") + "ws", seat["credential"])
    cy.ws.send(json.dumps({"type": "challenge", "opponent": "bot:random"}))
    started = cy.until("started")
    mid, bot = started["match"], 1 - started["seat"]
    cy.ws.send(json.dumps({"type": "open", "match": mid}))
    cy.settle()

    given: list[str] = []  # the credentials hub/seat gave the pages

    def on_response(response: Response) -> None:
        if response.url.endswith("/hub/seat") and response.ok:
            given.append(response.json()["credential"])

    page.on("response", on_response)
    hub_login(page, hub, TEACHER, "")
    link = page.get_by_test_id("overview-link").get_by_role("link")
    expect(link).to_be_visible()
    # the admin's lobby is the teacher's: it says so, and offers no challenge the server would refuse
    expect(page.get_by_test_id("teacher-note")).to_contain_text("You are the teacher")
    expect(page.get_by_test_id("challenge-bot")).to_have_count(0)
    link.click()
    table = page.get_by_test_id(f"table-{mid}")
    expect(table.get_by_test_id("perspective")).to_have_text("viewing everything (teacher)")
    expect(page.get_by_test_id("overview-count")).to_contain_text("playing")
    expect(table.get_by_test_id("tl-position")).to_contain_text(f"step {cy.stamp} /")
    hand = table.get_by_test_id(f"hand-{bot}")
    expect(hand.locator(".naga-card-back")).to_have_count(0)  # the bot's hand: only the teacher sees it
    assert shown(hand) == bot_hand(hub, mid, bot)

    # live: a move of the student's program shows on the projector with no reload
    before = cy.stamp
    cy.play(mid)
    assert cy.stamp > before
    expect(table.get_by_test_id("tl-position")).to_contain_text(f"step {cy.stamp} /")
    assert shown(hand) == bot_hand(hub, mid, bot)

    # a student may not open the teacher's page; their own table shows the bot's hand face down
    student, _ = new_page(page.context.browser)  # type: ignore[arg-type]
    try:
        student.on("response", on_response)
        hub_login(student, hub, "cy", "class")
        expect(student.get_by_test_id("refused")).to_contain_text("not one of the Hub's admins")
        student.goto(f"{hub.service}watch/{mid}")
        expect(student.get_by_test_id(f"table-{mid}").get_by_test_id("perspective")).to_contain_text("viewing as")
        expect(student.get_by_test_id(f"hand-{bot}").locator(".naga-card-back").first).to_be_visible()
        texts = [page.content(), student.content()]
    finally:
        student.context.close()
        cy.connection.__exit__(None, None, None)
    assert len(given) == 3  # the teacher's lobby and overview, the student's table
    hub.secrets.extend(given)
    assert not [s for s in hub.secrets if any(s in text for text in texts)]  # no credential in a page
    hub.assert_no_secret_in_log()
