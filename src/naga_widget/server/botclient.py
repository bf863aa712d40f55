"""Play a bot of your own on a class server, as a bot seat, from a notebook or a script.

The bot is any object with ``act(observation, legal)`` (as in the arena and the league). It runs on your
machine; the server sends it its seat's observation (R6) and its legal actions, and it must answer within
the server's time for a move (``docs/server.md``, "Clocks and forfeits"), else its seat forfeits.

    from naga_widget.bots import GreedyBot
    from naga_widget.server.botclient import play
    results = play(GreedyBot(), "ws://teacher-machine:8765/ws", code="ABCD2345", name="Ada's bot",
                   challenge="bot:random", games=3)

In a notebook, whose event loop is already running, use ``await play_async(...)`` instead. With no
``challenge``, the bot accepts the challenges made to it until it has played ``games`` games. The
credential given back (``client.credential``) lets the same bot player come back:
``play(bot, url, credential=...)``. Needs the ``websockets`` package (the extra ``[server]``), except in
Pyodide (a JupyterLite kernel), which has no sockets: there it uses the browser's WebSocket
(:mod:`.browser_socket`) and asks the bot in the event loop's thread (Pyodide has no other).
"""

from __future__ import annotations

import asyncio
import json
import sys
from typing import Any

from ..bots import Bot
from ..bots.wire import legal_from_json


class BotClient:
    """One bot player's connection (see the module's doc); :meth:`run` plays until ``games`` are over."""

    def __init__(self, bot: Bot, url: str, *, code: str | None = None, name: str | None = None,
                 credential: str | None = None, challenge: int | str | None = None, games: int = 1,
                 accept: bool = True, origin: str | None = None) -> None:
        if credential is None and (code is None or name is None):
            raise ValueError("give the class's code and a name, or the credential of an earlier connection")
        if games < 1:
            raise ValueError(f"games must be at least 1, not {games}")
        self.bot = bot
        self.url = url
        self.code, self.name, self.credential = code, name, credential
        self.challenge = challenge
        self.games = games
        self.accept = accept
        self.origin = origin
        self.player: int | None = None
        self.mine: dict[int, int] = {}  # my matches: match id → my seat
        self.results: dict[int, dict[str, Any]] = {}
        self.refusals: list[dict[str, Any]] = []
        self._answered: set[tuple[int, int]] = set()
        self._challenged = 0

    async def run(self) -> dict[int, dict[str, Any]]:
        """Connect, play, and return each match's result (by match id) once ``games`` are over."""
        async with self._connect() as ws:
            if self.credential is not None:
                await ws.send(json.dumps({"type": "hello", "credential": self.credential}))
            else:
                await ws.send(json.dumps({"type": "hello", "code": self.code, "name": self.name, "bot": True}))
            async for frame in ws:
                msg = json.loads(frame)
                await self._on(ws, msg)
                if len(self.results) >= self.games:
                    break
        return self.results

    def _connect(self) -> Any:
        """The connection to open: the ``websockets`` client, or the browser's WebSocket in Pyodide."""
        if sys.platform == "emscripten":  # JupyterLite: no socket of its own; the browser sets the origin
            from .browser_socket import BrowserSocket

            return BrowserSocket(self.url)
        import websockets

        return websockets.connect(self.url, max_size=2**24, origin=self.origin)  # type: ignore[arg-type]

    async def _on(self, ws: Any, msg: dict[str, Any]) -> None:
        kind = msg.get("type")
        if kind == "welcome":
            self.player = msg["player"]
            self.credential = msg.get("credential", self.credential)
            await self._challenge_next(ws)
        elif kind == "refused":
            self.refusals.append(msg)
            if msg.get("request") == "hello":
                raise ConnectionError(f"the server refused the bot: {msg.get('reason')}")
        elif kind == "started":
            self.mine[msg["match"]] = msg["seat"]
        elif kind == "lobby":
            await self._lobby(ws, msg)
        elif kind == "observe":
            key = (msg["match"], msg["stamp"])
            if key in self._answered:
                return  # the same turn sent again (after a reconnect)
            self._answered.add(key)
            legal = legal_from_json(msg["legal"])
            if sys.platform == "emscripten":  # no threads: the bot decides in the loop's own
                action = self.bot.act(msg["observation"], legal)
            else:
                action = await asyncio.to_thread(self.bot.act, msg["observation"], legal)
            await ws.send(json.dumps({"type": "act", "match": msg["match"], "stamp": msg["stamp"],
                                      "action": str(action)}))

    async def _lobby(self, ws: Any, msg: dict[str, Any]) -> None:
        for match in msg["matches"]:
            if match["id"] in self.mine and match["over"] and match["id"] not in self.results:
                self.results[match["id"]] = match["result"]
                await self._challenge_next(ws)
        if self.accept and self.challenge is None:
            for c in msg["challenges"]:
                if c["to"] == self.player and len(self.mine) < self.games:
                    await ws.send(json.dumps({"type": "accept", "challenge": c["id"]}))

    async def _challenge_next(self, ws: Any) -> None:
        """Challenge the opponent again while fewer than ``games`` were asked for and none is running."""
        running = [m for m in self.mine if m not in self.results]
        if self.challenge is not None and self._challenged < self.games and not running:
            self._challenged += 1
            await ws.send(json.dumps({"type": "challenge", "opponent": self.challenge}))


def menu_actions(menu: dict[str, Any]) -> list[str]:
    """The action texts a view's ``menu`` trait offers (``docs/widget-protocol.md``: the complete nodes of its
    tree, each once), for a scripted person's seat: one per way to decide (for a call: each card alone and
    each whole group, not every subset).

    >>> menu_actions({"phase": "give", "choices": [{"key": "03a", "action": "give 03a"},
    ...                                             {"key": "07b", "action": "give 07b"}]})
    ['give 03a', 'give 07b']
    >>> menu_actions({"phase": "confront", "pass": {"key": "pass", "action": "pass"}, "choices": [
    ...     {"key": "05c", "next": [{"key": "1", "next": [{"key": "gold:W0", "action": "invoke 05c 1 gold:W0"}]}]}]})
    ['pass', 'invoke 05c 1 gold:W0']
    """
    if menu.get("phase") == "call":
        calls = [c["cards"] for c in menu["calls"]]
        whole = [c for c in calls if len(c) > 1 and not any(len(d) > len(c) and set(c) <= set(d) for d in calls)]
        return [f"call {c[0]}" for c in calls if len(c) == 1] + [f"call {' '.join(c)}" for c in whole]
    out: list[str] = [menu["pass"]["action"]] if "pass" in menu else []
    stack = list(reversed(menu.get("choices", [])))
    while stack:
        node = stack.pop()
        if "action" in node and node["action"] not in out:
            out.append(node["action"])
        stack.extend(reversed(node.get("next", [])))
    return out


async def play_async(bot: Bot, url: str, **options: Any) -> dict[int, dict[str, Any]]:
    """:func:`play` for a running event loop (a notebook's cell: ``await play_async(...)``)."""
    return await BotClient(bot, url, **options).run()


def play(bot: Bot, url: str, **options: Any) -> dict[int, dict[str, Any]]:
    """Play ``bot`` on the server at ``url`` (``ws://host:port/ws``) until its games are over; the results
    by match id. Options: ``code`` and ``name`` (a new bot player) or ``credential``; ``challenge`` (a player
    id or a house bot such as ``"bot:greedy"``); ``games`` (default 1); ``accept`` (accept challenges made
    to the bot, when it challenges nobody)."""
    return asyncio.run(play_async(bot, url, **options))
