"""The server's matches and the people and programs at them, without any transport: :class:`Hub` takes
the checked messages of :mod:`.protocol` from a :class:`Conn` and sends each connection only what its
seat, a spectator or the teacher may know (R6), computed by the widget's projection
(:func:`naga_widget.widget.projection.traits`).

A :class:`Table` is one match: its two seats (a person, a network bot, or a house bot), its clock and
its result. Every move is written to the :class:`~.store.Store` (committed) before anyone is told: the
store's writer thread commits in the background, and every message sent after a write is held in the
hub's outbox until that write is durable (:meth:`Hub._stored`), in the order sent; the event loop goes on
meanwhile. Started again on the same file, :meth:`Hub.load` replays each match from its seed and moves.

Clocks (``docs/server.md``, "Clocks and forfeits"): a bot seat has ``bot_seconds`` for a move, and
``bot_game_seconds`` (if set) for all its moves of a game; a person's seat has a chess clock when the
server or the challenge sets one (its ``game_seconds``); the seat of a person to move who has no
connection open waits ``forfeit_seconds``. A seat whose time runs out loses by forfeit.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from ..bots import Bot, GreedyBot, ISMCTSBot, RandomBot, turn
from ..bots.wire import legal_to_json
from ..match import Match
from ..rules import TEMPLE_NAMES, Action, ActionError, AnyAction
from ..widget.deciding import only_choice
from ..widget.guard import StaleIntent, quote
from ..widget.projection import View, catalog, traits
from ..widget.reducer import answer_intent
from ..widget.wire import AutoPassed, StoredMessage, Traits
from .auth import Teacher, same_text
from .protocol import HOUSE_BOT, Refusal, dumps
from .store import Store

log = logging.getLogger("naga_widget.server")

BOT_SECONDS = 10.0  # a bot seat's time for one move
FORFEIT_SECONDS = 120.0  # how long the seat of a person to move, with no connection open, waits
WRONG_CREDENTIALS = 10  # a connection that gives this many wrong codes or credentials is closed
# the intents of a view that a class's game allows: play, look back (the timeline in review mode), auto-pass
CLASS_INTENTS = frozenset({"play", "goto", "undo", "redo", "start", "end", "auto_pass"})


@dataclass
class Seat:
    """A seat of a match: ``kind`` ``"person"`` or ``"bot"`` (a player's connection plays it) or
    ``"house"`` (a bot of the server: ``house`` is its spec, such as ``"bot:greedy"``)."""

    kind: str
    name: str
    player: int | None = None
    house: str | None = None
    seed: int | None = None  # a house bot's own seed (unrelated to the match's)
    game_seconds: float | None = None  # the seat's time for all its moves of the game (None: no game clock)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "name": self.name, "player": self.player, "house": self.house, "seed": self.seed,
                "game_seconds": self.game_seconds}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Seat:
        return cls(data["kind"], data["name"], data.get("player"), data.get("house"), data.get("seed"),
                   data.get("game_seconds"))


@dataclass
class Clock:
    """A running clock: the ``seat`` that must act by ``deadline`` (``time.monotonic``), and why:
    ``"bot"`` (a bot's move), ``"bot_game"`` (a bot's time for the game), ``"chess"`` (a person's time for
    the game) or ``"away"`` (a person to move with no connection open)."""

    seat: int
    kind: str
    deadline: float
    stamp: int
    handle: asyncio.TimerHandle | None = None


@dataclass
class Table:
    """One match on the server."""

    id: int
    match: Match
    seats: list[Seat]
    result: dict[str, Any] | None = None
    decided: list[int | None] = field(default_factory=lambda: [None, None])
    auto_pass: list[bool] = field(default_factory=lambda: [True, True])
    clock: Clock | None = None
    thinking: asyncio.Task[None] | None = None
    spent: list[float] = field(default_factory=lambda: [0.0, 0.0])  # each seat's seconds taken so far
    turn_stamp: int = -1  # the stamp whose turn began at turn_started (time.monotonic)
    turn_started: float = 0.0
    away: tuple[int, float] | None = None  # (stamp, deadline) of the wait of a person to move who went away

    def game_left(self, seat: int) -> float | None:
        """The seconds ``seat`` had left of its time for the game when its turn began (None: no game clock)."""
        total = self.seats[seat].game_seconds
        return None if total is None else total - self.spent[seat]

    @property
    def stamp(self) -> int:
        """The number of steps played: a view carries it, an intent or an act must give it back."""
        return self.match.last_step

    @property
    def over(self) -> bool:
        return self.result is not None


@dataclass
class Opened:
    """A connection's view of a match: its cursor (``None``: follows the present), the last intent's id
    and message, and the traits last sent (only changes are sent after the first)."""

    cursor: int | None = None
    auto_passed: AutoPassed | None = None
    ack: int = 0
    message: StoredMessage | None = None
    sent: Traits | None = None
    table: dict[str, Any] | None = None


class Conn:
    """One connection: ``send`` takes a message (a dict) and must not block."""

    def __init__(self, send: Callable[[str], None], close: Callable[[int, str], None] | None = None) -> None:
        self._send = send
        self._close = close
        self.player: int | None = None
        self.teacher = False
        self.bot = False
        self.name = ""
        self.greeted = False
        self.wrong = 0
        self.opened: dict[int, Opened] = {}
        self.sent_count = 0
        self.hold: Callable[[Conn, str], bool] | None = None  # the hub's outbox: True when it keeps the message

    def send(self, msg: Any) -> None:
        self.sent_count += 1
        text = dumps(msg)
        if self.hold is None or not self.hold(self, text):
            self._send(text)

    def send_now(self, text: str) -> None:
        """Send a message the hub held until what it tells was durable."""
        self._send(text)

    def close(self, code: int, reason: str) -> None:
        if self._close is not None:
            self._close(code, reason)


def house_bot(spec: str, seed: int) -> Bot:
    """The house bot of ``spec`` (``bot:random``, ``bot:greedy``, ``bot:ismcts:<simulations>``)."""
    m = HOUSE_BOT.fullmatch(spec)
    if m is None:
        raise ValueError(f"not a house bot: {spec!r}")
    if m.group(1) == "random":
        return RandomBot(seed=seed)
    if m.group(1) == "greedy":
        return GreedyBot(seed=seed)
    return ISMCTSBot(iterations=int(m.group(2)), seed=seed)


def house_name(spec: str) -> str:
    m = HOUSE_BOT.fullmatch(spec)
    assert m is not None
    return {"random": "Random", "greedy": "Greedy"}.get(m.group(1), f"ISMCTS {m.group(2)}")


def ask_bot(bot: Bot, match: Match, seat: int) -> turn.Answer | turn.Failure:
    """The house bot's move, asked by the bots' one door for a turn (:func:`naga_widget.bots.turn.ask`), in a
    worker thread: it sees only its seat's observation (R6)."""
    state = match.state
    return turn.ask(bot, state.observe(seat), state.legal_actions())


class Hub:
    """Every match, player and connection of one server."""

    def __init__(self, store: Store, *, code: str, teacher: Teacher, bot_seconds: float = BOT_SECONDS,
                 forfeit_seconds: float = FORFEIT_SECONDS, bot_game_seconds: float | None = None,
                 clock_seconds: float | None = None) -> None:
        self.store = store
        self.code = code
        self.teacher = teacher
        self.bot_seconds = bot_seconds
        self.forfeit_seconds = forfeit_seconds
        self.bot_game_seconds = bot_game_seconds  # a bot seat's time for all its moves of a game
        self.clock_seconds = clock_seconds  # a person's chess clock, unless a challenge sets its own
        self.tables: dict[int, Table] = {}
        self.conns: set[Conn] = set()
        self.names: dict[int, dict[str, Any]] = {}
        self._catalog: dict[str, Any] | None = None
        self.loop: asyncio.AbstractEventLoop | None = None
        self.moves = 0  # moves played since start (for the benchmark)
        self.durable = 0  # the store's last ticket known to be committed
        self.outbox: deque[tuple[int, Conn, str]] = deque()  # (the ticket it waits for, to whom, what)

    # -- starting ------------------------------------------------------------------------------------
    def load(self) -> None:
        """Read every player and match from the store; replay each match from its seed and moves."""
        self.names = {p["id"]: p for p in self.store.players()}
        for row in self.store.matches():
            match = Match(seed=row["seed"])
            for text in self.store.moves(row["id"]):
                match.play(text)
            table = Table(row["id"], match, [Seat.from_json(s) for s in row["seats"]], row["result"])
            table.spent = self.store.spent(row["id"])
            self.tables[table.id] = table

    def start(self, loop: asyncio.AbstractEventLoop) -> None:
        """Run the clocks and the house bots on ``loop``: every waiting seat gets its whole wait again. The
        store writes in its own thread from now on, and tells ``loop`` what is durable."""
        self.loop = loop

        def stored(ticket: int, failed: list[tuple[int, Any, BaseException]]) -> None:
            loop.call_soon_threadsafe(self._stored, ticket, failed)

        self.durable = self.store.issued
        self.store.start_writer(stored)
        for table in self.tables.values():
            self._next_turn(table)

    def stop(self) -> None:
        for table in self.tables.values():
            self._stop_clock(table)
            if table.thinking is not None:
                table.thinking.cancel()
        self.store.stop_writer()

    # -- what is durable is told --------------------------------------------------------------------------
    def _hold(self, conn: Conn, text: str) -> bool:
        """Keep ``text`` for ``conn`` while a write queued before it is not yet durable (or earlier messages
        wait): it may tell of that write. False: nothing waits, send it now."""
        if not self.outbox and self.store.issued <= self.durable:
            return False
        self.outbox.append((self.store.issued, conn, text))
        return True

    def _stored(self, ticket: int, failed: list[tuple[int, Any, BaseException]]) -> None:
        """The store's writes up to ``ticket`` are committed (on the loop, from the writer thread): send what
        waited for them, in order. A write that ``failed`` was told to nobody: every message held since is
        dropped and its connection closed (it reconnects and gets its views whole), and each match it was
        about goes back to what the file holds."""
        if failed:
            first = failed[0][0]
            dropped = [entry for entry in self.outbox if entry[0] >= first]
            self.outbox = deque(entry for entry in self.outbox if entry[0] < first)
            mids = {about for _, about, _ in failed if isinstance(about, int) and about in self.tables}
            log.error("the store could not write (matches %s): %s; those matches go back to the file",
                      sorted(mids), failed[0][2])
            for mid in mids:
                self._reload_table(self.tables[mid])
            closing = {id(conn): conn for _, conn, _ in dropped}
            for conn in closing.values():
                conn.close(1011, "the server could not store a move: reconnect")
        self.durable = max(self.durable, ticket)
        while self.outbox and self.outbox[0][0] <= self.durable:
            _, conn, text = self.outbox.popleft()
            conn.send_now(text)
        if failed:
            for mid in mids:
                table = self.tables[mid]
                self._next_turn(table)
                for conn in list(self.conns):
                    if mid in conn.opened:
                        self.replace_conn_view(conn, mid)

    def _reload_table(self, table: Table) -> None:
        """``table`` as the file holds it: its moves and result; the writes queued about it are dropped."""
        self._stop_clock(table)
        if table.thinking is not None:
            table.thinking.cancel()
            table.thinking = None
        self._reload(table)
        table.result = next(r["result"] for r in self.store.matches() if r["id"] == table.id)
        self.store.mend(table.id)

    # -- connections -----------------------------------------------------------------------------------
    def connect(self, conn: Conn) -> None:
        conn.hold = self._hold
        self.conns.add(conn)

    def disconnect(self, conn: Conn) -> None:
        self.conns.discard(conn)
        if conn.player is not None and not self._online(conn.player):
            for table in self._tables_of(conn.player):  # a person to move who went away: the wait begins
                seat = table.match.state.to_move
                if table.seats[seat].player == conn.player and table.seats[seat].kind == "person":
                    self._next_turn(table)
            self._push_lobby()

    def _online(self, player: int) -> bool:
        return any(c.player == player for c in self.conns)

    def _tables_of(self, player: int) -> list[Table]:
        return [t for t in self.tables.values() if not t.over and any(s.player == player for s in t.seats)]

    def _conns_of(self, player: int) -> list[Conn]:
        return [c for c in self.conns if c.player == player]

    # -- messages ---------------------------------------------------------------------------------------
    def handle(self, conn: Conn, msg: dict[str, Any]) -> None:
        """Apply one checked message of ``conn``; a :class:`Refusal` changes nothing."""
        kind = msg["type"]
        if kind == "hello":
            self._hello(conn, msg)
            return
        if not conn.greeted:
            raise Refusal("hello", "say hello first: {\"type\": \"hello\", \"code\": ..., \"name\": ...}")
        getattr(self, f"_{kind}")(conn, msg)

    def _hello(self, conn: Conn, msg: dict[str, Any]) -> None:
        if conn.greeted:
            raise Refusal("hello", "this connection has already said hello")
        if "credential" in msg:
            if self.teacher.matches(msg["credential"]):
                conn.teacher, conn.name = True, "teacher"
                conn.greeted = True
                conn.send({"type": "welcome", "player": "teacher", "name": "teacher", "bot": False, "version": 1})
                self._send_lobby(conn)
                return
            player = self.store.player_by_credential(msg["credential"])
            if player is None:
                self._wrong(conn)
                raise Refusal("credential", "unknown credential: join with the class's code and a name instead")
            credential = None
        else:
            if not same_text(msg["code"], self.code):
                self._wrong(conn)
                raise Refusal("credential", "wrong join code: ask the teacher for the code the server printed")
            bot = bool(msg.get("bot", False))
            pid, credential = self.store.add_player(msg["name"], bot)
            player = {"id": pid, "name": msg["name"], "bot": bot}
            self.names[pid] = player
            log.info("player %d joined as %r", pid, msg["name"])
        conn.player, conn.name, conn.bot, conn.greeted = player["id"], player["name"], player["bot"], True
        welcome: dict[str, Any] = {"type": "welcome", "player": conn.player, "name": conn.name, "bot": conn.bot,
                                   "version": 1}
        if credential is not None:
            welcome["credential"] = credential  # once, to its owner; never logged
        conn.send(welcome)
        for table in self._tables_of(conn.player):
            seat = table.match.state.to_move
            if table.seats[seat].player != conn.player:
                continue
            if table.seats[seat].kind == "bot":  # its turn goes on: the clock keeps running
                self._send_observe(table, seat, [conn])
            else:  # a seat that waited for its person stops waiting
                self._next_turn(table)
        self._push_lobby()

    def _wrong(self, conn: Conn) -> None:
        conn.wrong += 1
        if conn.wrong >= WRONG_CREDENTIALS:
            conn.close(1008, "too many wrong codes or credentials")

    def _challenge(self, conn: Conn, msg: dict[str, Any]) -> None:
        me = self._player(conn, "challenge")
        opponent = msg["opponent"]
        minutes = msg.get("clock")
        clock = self.clock_seconds if minutes is None else minutes * 60.0 if minutes > 0 else None
        if isinstance(opponent, str):  # a house bot accepts at once
            cid = self.store.add_challenge(me, None, opponent, clock)
            self._begin(cid, me, opponent, clock)
            return
        if opponent == me:
            raise Refusal("unknown", "you cannot challenge yourself")
        if opponent not in self.names:
            raise Refusal("unknown", f"no player {opponent}")
        self.store.add_challenge(me, opponent, None, clock)
        self._push_lobby()

    def _player(self, conn: Conn, what: str) -> int:
        if conn.player is None:
            raise Refusal("seat", f"the teacher watches: {what} is for players")
        return conn.player

    def _open_challenge(self, cid: int) -> dict[str, Any]:
        found = self.store.challenge(cid)
        if found is None or found["status"] != "open":
            raise Refusal("unknown", f"no open challenge {cid}")
        return found

    def _accept(self, conn: Conn, msg: dict[str, Any]) -> None:
        me = self._player(conn, "accepting")
        found = self._open_challenge(msg["challenge"])
        if found["target"] != me:
            raise Refusal("seat", f"challenge {msg['challenge']} was not made to you")
        self._begin(found["id"], found["source"], me, found["clock"])

    def _decline(self, conn: Conn, msg: dict[str, Any]) -> None:
        me = self._player(conn, "declining")
        found = self._open_challenge(msg["challenge"])
        if me not in (found["target"], found["source"]):
            raise Refusal("seat", f"challenge {msg['challenge']} is not yours")
        self.store.close_challenge(found["id"], "declined")
        self._push_lobby()

    def _seat_of(self, who: int | str, clock: float | None) -> Seat:
        """The seat of a player or a house bot; ``clock``: a person's time for the game (a bot's is the
        server's ``bot_game_seconds``)."""
        if isinstance(who, str):
            return Seat("house", f"{house_name(who)} (house bot)", house=who, seed=secrets.randbits(64),
                        game_seconds=self.bot_game_seconds)
        player = self.names[who]
        if player["bot"]:
            return Seat("bot", player["name"], player=who, game_seconds=self.bot_game_seconds)
        return Seat("person", player["name"], player=who, game_seconds=clock)

    def _begin(self, cid: int, a: int | str, b: int | str, clock: float | None = None) -> None:
        """A new match between ``a`` and ``b`` (seats drawn at random), stored before it is announced."""
        pair = [self._seat_of(a, clock), self._seat_of(b, clock)]
        if secrets.randbits(1):
            pair.reverse()
        seed = secrets.randbits(128)
        mid = self.store.add_match(seed, [s.to_json() for s in pair], cid)
        table = Table(mid, Match(seed=seed), pair)
        self.tables[mid] = table
        for seat, s in enumerate(pair):
            if s.player is not None:
                for c in self._conns_of(s.player):
                    c.send({"type": "started", "match": mid, "seat": seat})
        self._next_turn(table)
        self._push_lobby()

    # -- views ---------------------------------------------------------------------------------------------
    def _table(self, mid: int) -> Table:
        table = self.tables.get(mid)
        if table is None:
            raise Refusal("unknown", f"no match {mid}")
        return table

    def seat_of(self, conn: Conn, table: Table) -> int | None:
        if conn.player is None:
            return None
        for i, s in enumerate(table.seats):
            if s.player == conn.player:
                return i
        return None

    def _open(self, conn: Conn, msg: dict[str, Any]) -> None:
        table = self._table(msg["match"])
        conn.opened[table.id] = Opened()
        self._push_view(conn, table)

    def _leave(self, conn: Conn, msg: dict[str, Any]) -> None:
        if conn.opened.pop(msg["match"], None) is None:
            raise Refusal("unknown", f"match {msg['match']} is not open on this connection")

    def view_of(self, conn: Conn, table: Table, opened: Opened) -> View:
        seat = self.seat_of(conn, table)
        perspective: int | str = "teacher" if conn.teacher else "spectator" if seat is None else seat
        bots = [i for i, s in enumerate(table.seats) if s.kind != "person" and i != seat]
        return View(perspective, bot=bots[0] if bots else None, message=opened.message, ack=opened.ack,
                    timeline="review", auto_pass=table.auto_pass[seat] if seat is not None else True,
                    decided=(table.decided[0], table.decided[1]), origin=0, auto_passed=opened.auto_passed,
                    hints="hint" in CLASS_INTENTS)

    def traits_for(self, conn: Conn, table: Table, opened: Opened) -> Traits:
        """Every trait of ``conn``'s view of ``table`` (at its cursor), as the widget's projection makes
        them for its seat, a spectator or the teacher (R6)."""
        view = self.view_of(conn, table, opened)
        match = table.match
        if opened.cursor is not None and opened.cursor < match.last_step:
            match.goto(opened.cursor)
        try:
            shown = traits(match, view)
        finally:
            match.goto(-1)
        if table.over or conn.teacher:  # the teacher watches; a forfeited match takes no decision
            shown["menu"] = {}
            shown["timeline"] = {**shown["timeline"], "can_play": False}
        if conn.teacher:
            shown["chance"] = {}  # chance is not chosen in a class's games
        return shown

    def table_info(self, table: Table) -> dict[str, Any]:
        clock = None
        if table.clock is not None:
            left = max(0.0, table.clock.deadline - time.monotonic())
            clock = {"seat": table.clock.seat, "kind": table.clock.kind, "seconds": round(left, 1)}
        now = time.monotonic()
        mover = table.match.state.to_move
        # the seat whose game clock runs now: the seat to move, its turn timed, with a game clock
        running = mover if (table.turn_stamp == table.stamp and not table.over and not table.match.state.is_over
                            and table.game_left(mover) is not None) else None
        game = [None if (g := table.game_left(i)) is None else round(max(0.0, g - (
            now - table.turn_started if i == running else 0.0)), 1) for i in range(2)]
        return {"seats": [{"name": s.name, "kind": s.kind,
                           "online": s.kind == "house" or (s.player is not None and self._online(s.player))}
                          for s in table.seats],
                "clock": clock, "game_seconds": game, "running": running, "over": table.over,
                "result": table.result}

    def _push_view(self, conn: Conn, table: Table) -> None:
        opened = conn.opened.get(table.id)
        if opened is None:
            return
        shown = self.traits_for(conn, table, opened)
        info = self.table_info(table)
        full = opened.sent is None
        if full:
            changed = {**shown, "catalog": self.catalog()}
        else:
            assert opened.sent is not None
            changed = {k: v for k, v in shown.items() if opened.sent.get(k) != v}
            if not changed and info == opened.table:
                return
        opened.sent, opened.table = shown, info
        conn.send({"type": "view", "match": table.id, "seat": self.seat_of(conn, table), "stamp": table.stamp,
                   "full": full, "traits": changed, "table": info})

    def catalog(self) -> dict[str, Any]:
        if self._catalog is None:
            self._catalog = catalog(Match(seed=0).ruleset)
        return self._catalog

    def _push_views(self, table: Table) -> None:
        for conn in list(self.conns):
            if table.id in conn.opened:
                self._push_view(conn, table)

    def _lobby_shared(self) -> tuple[list[dict[str, Any]], list[dict[str, Any]], list[dict[str, Any]]]:
        """The players (online or not), the open challenges and the matches: the same for every connection."""
        online = {c.player for c in self.conns if c.player is not None}
        players = [{"id": p["id"], "name": p["name"], "bot": p["bot"], "online": p["id"] in online}
                   for p in self.names.values()]
        matches = [{"id": t.id, "seats": [{"name": s.name, "kind": s.kind, "player": s.player} for s in t.seats],
                    "step": t.stamp, "over": t.over, "result": t.result} for t in self.tables.values()]
        return players, self.store.challenges(), matches

    def lobby_for(self, conn: Conn, shared: tuple[list[dict[str, Any]], list[dict[str, Any]],
                                                  list[dict[str, Any]]] | None = None) -> dict[str, Any]:
        players, open_challenges, matches = shared if shared is not None else self._lobby_shared()
        challenges = [{"id": c["id"], "from": c["source"], "to": c["target"] if c["house"] is None else c["house"],
                       "clock": c["clock"]}
                      for c in open_challenges
                      if conn.teacher or conn.player in (c["source"], c["target"])]
        return {"type": "lobby", "players": players, "challenges": challenges, "matches": matches}

    def _send_lobby(self, conn: Conn) -> None:
        conn.send(self.lobby_for(conn))

    def _push_lobby(self) -> None:
        """Send every greeted connection its lobby (what all share is computed once)."""
        shared = self._lobby_shared()
        for conn in list(self.conns):
            if conn.greeted:
                conn.send(self.lobby_for(conn, shared))

    # -- intents of a person's view --------------------------------------------------------------------------
    def _intent(self, conn: Conn, msg: dict[str, Any]) -> None:
        table = self._table(msg["match"])
        opened = conn.opened.get(table.id)
        if opened is None:
            raise Refusal("unknown", f"open match {table.id} first: {{\"type\": \"open\", \"match\": {table.id}}}")
        intent = msg["intent"]
        ack = intent.get("id")
        if isinstance(ack, int) and not isinstance(ack, bool):
            opened.ack = ack
        opened.message = None
        try:
            moved = self._apply(conn, table, opened, msg["stamp"], intent)
        except Refusal as exc:
            opened.message = {"level": "error", "text": exc.reason}
            self._push_view(conn, table)
            raise
        if not moved:  # a move has sent every view of the match already, this one's included
            self._push_view(conn, table)

    def _apply(self, conn: Conn, table: Table, opened: Opened, stamp: int, intent: dict[str, Any]) -> bool:
        """One intent of a person's view, checked here for what a class's game adds (the stamp, the seat, the
        intents a game that counts allows), then applied by the widget's own intent reducer
        (:func:`naga_widget.widget.reducer.answer_intent`) at this connection's cursor. The moves it made
        (a decision and the passes played by themselves after it) are committed before anyone is told.
        True when it moved the match (and so sent every view of it)."""
        if stamp != table.stamp:
            raise Refusal("stale", f"that was sent at stamp {stamp}, but the match is now at stamp {table.stamp} "
                                   f"(a replayed or stale request): look again and choose")
        kind = intent["type"]
        if kind not in CLASS_INTENTS:
            raise Refusal("illegal", f"the intent {quote(kind)} is not part of a class's game (its timeline is for "
                                     f"review only, without hints, forks or chosen chance)", "R8")
        match = table.match
        seat = self.seat_of(conn, table)
        if kind in ("play", "auto_pass") and seat is None:
            raise Refusal("seat", "this connection holds no seat in this match: a spectator or the teacher "
                                  "watches and does not play", "R8")
        if kind == "play" and table.over:
            raise Refusal("over", "the match is over", "R7")
        if kind == "play" and match.state.to_move != seat:
            raise Refusal("seat", f"it is {TEMPLE_NAMES[match.state.to_move]}'s decision, not yours", "R8")
        view = self.view_of(conn, table, opened)
        before = match.last_step
        if opened.cursor is not None:
            match.goto(opened.cursor)
        try:
            answer = answer_intent(view, intent, match=match)
        finally:
            cursor = match.step
            match.goto(-1)
        self._commit(table, before)
        opened.cursor = None if cursor == match.last_step else cursor
        opened.auto_passed = answer.view.auto_passed
        if seat is not None:
            table.auto_pass[seat] = answer.view.auto_pass
            table.decided[seat] = answer.view.decided[seat]
        exc = answer.refused
        if isinstance(exc, StaleIntent):
            raise Refusal("stale", str(exc))
        if isinstance(exc, ActionError):
            raise Refusal("illegal", str(exc), exc.rule)
        if exc is not None:
            raise Refusal("malformed", str(exc))
        if match.last_step > before or kind == "auto_pass":
            self._after_move(table)
            return True
        return False

    def _commit(self, table: Table, before: int) -> None:
        """Store the steps played after step ``before`` (each with its seat), in order, before anyone is told."""
        line = table.match.line()
        now = time.monotonic()
        try:
            for node in line[before + 1:]:
                assert node.parent is not None
                seat = node.parent.state.to_move
                spent = now - table.turn_started if table.turn_stamp == node.depth - 1 else 0.0
                self.store.add_move(table.id, node.depth, str(node.action), seat, spent)
                table.spent[seat] += spent
                table.turn_stamp, table.turn_started = node.depth, now  # the next turn begins now
                self.moves += 1
        except Exception:
            self._reload(table)  # not stored: the match goes back to what the file holds; nobody was told
            raise

    # -- a move -----------------------------------------------------------------------------------------
    def play(self, table: Table, seat: int, action: AnyAction | str | dict[str, Any]) -> None:
        """Play ``action`` for ``seat`` and commit it before anything else happens. The match's own check
        refuses an action that cannot be read or is not legal (:class:`Refusal` ``illegal``)."""
        try:
            self._play(table, seat, action)
        except ActionError as exc:
            raise Refusal("illegal", str(exc), exc.rule) from None

    def _play(self, table: Table, seat: int, action: AnyAction | str | dict[str, Any]) -> None:
        """:meth:`play`, raising the match's own :class:`~naga_widget.rules.ActionError`."""
        match = table.match
        assert match.state.to_move == seat and match.at_end
        before = match.last_step
        match.play(action)
        self._commit(table, before)

    def _reload(self, table: Table) -> None:
        match = Match(seed=next(r["seed"] for r in self.store.matches() if r["id"] == table.id))
        for text in self.store.moves(table.id):
            match.play(text)
        table.match = match

    def _after_move(self, table: Table) -> None:
        """Automatic passes of people's seats, the end of the game, the next turn's clock, the views."""
        match = table.match
        while not match.state.is_over:
            seat = match.state.to_move
            if table.seats[seat].kind != "person" or not table.auto_pass[seat]:
                break
            only = only_choice(match.state, seat)
            if only is None or not only["auto"]:
                break
            self.play(table, seat, only["action"])
        if match.state.is_over and table.result is None:
            outcome = match.state.outcome
            assert outcome is not None
            result = {**outcome.to_json(), "text": f"{TEMPLE_NAMES[outcome.winner]} wins ({outcome.reason.value})"}
            self.store.set_result(table.id, result)
            table.result = result
            self._push_lobby()
        self._next_turn(table)
        self._push_views(table)

    def forfeit(self, table: Table, seat: int, why: str) -> None:
        """``seat`` loses by forfeit; ``why`` holds no hidden fact (everyone reads it)."""
        if table.over:
            return
        winner = 1 - seat
        result = {"winner": winner, "reason": "forfeit", "rule": None, "scores": None,
                  "text": f"{TEMPLE_NAMES[winner]} wins: {table.seats[seat].name} ({TEMPLE_NAMES[seat]}) forfeits, "
                          f"{why}"}
        self.store.set_result(table.id, result)
        table.result = result
        log.info("match %d: seat %d forfeits (%s)", table.id, seat, why)
        self._stop_clock(table)
        self._push_views(table)
        self._push_lobby()

    # -- turns and clocks ----------------------------------------------------------------------------------
    def _stop_clock(self, table: Table) -> None:
        if table.clock is not None and table.clock.handle is not None:
            table.clock.handle.cancel()
        table.clock = None

    def _set_clock(self, table: Table, seat: int, kind: str, deadline: float) -> None:
        """Run ``seat``'s clock to ``deadline`` (``time.monotonic``), unless it runs so already."""
        old = table.clock
        if old is not None and (old.seat, old.kind, old.deadline, old.stamp) == (seat, kind, deadline, table.stamp):
            return
        self._stop_clock(table)
        stamp = table.stamp
        clock = Clock(seat, kind, deadline, stamp)
        if self.loop is not None:
            clock.handle = self.loop.call_at(self.loop.time() + max(0.0, deadline - time.monotonic()), self._ring,
                                             table.id, stamp, kind)
        table.clock = clock

    def _ring(self, mid: int, stamp: int, kind: str) -> None:
        table = self.tables[mid]
        clock = table.clock
        if table.over or clock is None or table.stamp != stamp or clock.kind != kind:
            return
        total = table.seats[clock.seat].game_seconds
        if kind == "bot":
            why = f"its bot did not answer within {self.bot_seconds:g} s"
        elif kind == "bot_game":
            why = f"its bot ran out of its {total:g} s for the game"
        elif kind == "chess":
            why = f"its clock ran out (its {(total or 0) / 60:g} minutes for the game are used up)"
        else:
            why = f"nobody came back to the seat within {self.forfeit_seconds:g} s of going away"
        self.forfeit(table, clock.seat, why)

    def _next_turn(self, table: Table) -> None:
        """Set the clock for the seat to move now (see the module's doc), start a house bot's move, send a
        network bot its observation."""
        if table.over or table.match.state.is_over:
            self._stop_clock(table)
            return
        seat = table.match.state.to_move
        who = table.seats[seat]
        clock = table.clock
        now = time.monotonic()
        if table.turn_stamp != table.stamp:  # a turn not timed yet (a restart): it begins now
            table.turn_stamp, table.turn_started = table.stamp, now
        left = table.game_left(seat)
        game_deadline = None if left is None else table.turn_started + left
        if who.kind == "house":
            if table.thinking is None and self.loop is not None:
                seconds = self.bot_seconds if game_deadline is None else max(0.0, min(self.bot_seconds,
                                                                                       game_deadline - now))
                table.thinking = self.loop.create_task(self._house_move(table, seat, table.stamp, seconds))
            return
        if who.kind == "bot":
            if not (clock is not None and clock.seat == seat and clock.stamp == table.stamp
                    and clock.kind in ("bot", "bot_game")):
                move = table.turn_started + self.bot_seconds
                if game_deadline is not None and game_deadline < move:
                    self._set_clock(table, seat, "bot_game", game_deadline)
                else:
                    self._set_clock(table, seat, "bot", move)
                self._send_observe(table, seat)
            return
        assert who.player is not None
        deadlines = [] if game_deadline is None else [(game_deadline, "chess")]
        if self._online(who.player):
            table.away = None
        else:
            if table.away is None or table.away[0] != table.stamp:
                table.away = (table.stamp, now + self.forfeit_seconds)
            deadlines.append((table.away[1], "away"))
        if not deadlines:
            self._stop_clock(table)
            return
        deadline, kind = min(deadlines)
        self._set_clock(table, seat, kind, deadline)

    def _send_observe(self, table: Table, seat: int, conns: list[Conn] | None = None) -> None:
        who = table.seats[seat]
        if who.player is None or table.clock is None:
            return
        state = table.match.state
        left = max(0, int((table.clock.deadline - time.monotonic()) * 1000))
        msg = {"type": "observe", "match": table.id, "seat": seat, "stamp": table.stamp,
               "observation": state.observe(seat), "legal": legal_to_json(state.legal_actions()),
               "deadline_ms": left}
        for conn in conns if conns is not None else self._conns_of(who.player):
            conn.send(msg)

    async def _house_move(self, table: Table, seat: int, stamp: int, seconds: float) -> None:
        """A house bot's turn: a failure of any kind (it raised, it was too slow, its move cannot be read or
        is not legal) loses its match by forfeit, telling everyone only the kind (:mod:`naga_widget.bots.turn`)."""
        who = table.seats[seat]
        assert who.house is not None and who.seed is not None
        try:
            bot = house_bot(who.house, who.seed * 100_003 + stamp)
            try:
                got = await asyncio.wait_for(asyncio.to_thread(ask_bot, bot, table.match, seat), seconds)
            except TimeoutError:
                got = turn.failure(turn.FailureKind.TIMEOUT, seconds=round(seconds, 1))
            if table.over or table.stamp != stamp:
                return
            if isinstance(got, turn.Answer):
                try:
                    self._play(table, seat, got.action)
                except ActionError as exc:
                    got = turn.refused(got.action, exc)
            if isinstance(got, turn.Failure):
                self.forfeit(table, seat, f"the house bot failed: {got.public}")
                return
        finally:
            table.thinking = None
        self._after_move(table)

    # -- a network bot's action ---------------------------------------------------------------------------------
    def _act(self, conn: Conn, msg: dict[str, Any]) -> None:
        table = self._table(msg["match"])
        seat = self.seat_of(conn, table)
        if seat is None or table.seats[seat].kind != "bot":
            raise Refusal("seat", f"this connection plays no bot seat in match {table.id}", "R8")
        if table.over:
            raise Refusal("over", "the match is over", "R7")
        if table.match.state.to_move != seat:
            raise Refusal("seat", f"it is {TEMPLE_NAMES[table.match.state.to_move]}'s decision, not your bot's",
                          "R8")
        if msg["stamp"] != table.stamp:
            raise Refusal("stale", f"that answers stamp {msg['stamp']}, but the match is now at stamp {table.stamp}")
        try:
            action = Action.coerce(msg["action"])
        except ActionError as exc:
            self._bot_failed(table, seat, turn.failure(turn.FailureKind.UNREADABLE, str(exc), exc, traceback=""))
        try:
            self._play(table, seat, action)
        except ActionError as exc:
            self._bot_failed(table, seat, turn.refused(action, exc))
        self._after_move(table)

    def _bot_failed(self, table: Table, seat: int, failed: turn.Failure) -> None:
        """A network bot's answer that cannot be read or is not legal: its seat loses by forfeit (the others
        read only the kind of failure, R6); the bot is told its own error."""
        self.forfeit(table, seat, f"its bot failed: {failed.public}")
        raise Refusal("illegal", f"{failed.error}: your bot's seat loses match {table.id} by forfeit", failed.rule)

    def replace_conn_view(self, conn: Conn, mid: int) -> None:
        """Send ``conn`` its whole view of match ``mid`` again (after it reconnected)."""
        opened = conn.opened.get(mid)
        if opened is not None:
            conn.opened[mid] = replace(opened, sent=None, table=None)
            self._push_view(conn, self.tables[mid])
