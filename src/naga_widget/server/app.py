"""The class server as a Starlette (ASGI) application: the WebSocket at ``/ws`` and the pages.

:func:`make_app` builds the application around a :class:`~.tables.Hub`; :func:`serve` runs it with
uvicorn (``naga-widget serve``). Each connection has a queue of messages to send, written by its own
task, so that one slow reader never holds up the others; a reader that falls far behind is closed.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from .auth import RateLimit, Teacher, new_join_code, origin_allowed, teacher_file, write_private
from .protocol import MAX_MESSAGE_BYTES, Refusal, dumps, parse, refused
from .store import Store
from .tables import BOT_SECONDS, FORFEIT_SECONDS, Conn, Hub

log = logging.getLogger("naga_widget.server")

QUEUE_LIMIT = 2000  # a connection with this many messages not yet sent is closed (it does not read)
FLOOD_CLOSE = 200  # a connection refused this many messages for flooding (since it last calmed down) is closed
WS_MAX_BYTES = 4 * MAX_MESSAGE_BYTES  # frames up to this size are read and refused; larger ones close


@dataclass
class Settings:
    """How a server runs: its database, its clocks, the page origins allowed besides its own host."""

    db: str
    origins: tuple[str, ...] = ()
    bot_seconds: float = BOT_SECONDS
    forfeit_seconds: float = FORFEIT_SECONDS
    code: str | None = None
    teacher_credential: str | None = None
    teacher_file: str | None = None  # where serve writes the teacher's credential (default: beside the db)
    bot_game_seconds: float | None = None  # a bot seat's time for all its moves of a game (None: no limit)
    clock_minutes: float | None = None  # each person's chess clock for a game, unless a challenge sets one


def make_hub(settings: Settings) -> Hub:
    """The hub of a server on ``settings.db``: the join code kept in the file (made on first start)."""
    store = Store(settings.db)
    code = settings.code or store.setting("join_code")
    if code is None:
        code = new_join_code()
    if store.setting("join_code") != code:
        store.set_setting("join_code", code)
    hub = Hub(store, code=code, teacher=Teacher(settings.teacher_credential), bot_seconds=settings.bot_seconds,
              forfeit_seconds=settings.forfeit_seconds, bot_game_seconds=settings.bot_game_seconds,
              clock_seconds=None if not settings.clock_minutes else settings.clock_minutes * 60.0)
    hub.load()
    return hub


def make_app(hub: Hub, settings: Settings, routes: list[Any] | None = None) -> Starlette:
    """The ASGI application serving ``hub``. ``routes``: more routes (the pages)."""

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        hub.start(asyncio.get_running_loop())
        try:
            yield
        finally:
            hub.stop()

    async def health(request: Request) -> JSONResponse:
        return JSONResponse({"ok": True, "matches": len(hub.tables), "connections": len(hub.conns)})

    async def socket(websocket: WebSocket) -> None:
        await connection(hub, settings, websocket)

    async def index(request: Request) -> PlainTextResponse:
        return PlainTextResponse("naga_widget class server: join from a notebook with naga_widget.join(url, "
                                 "code=..., name=...), or play a bot with naga_widget.server.botclient\n")

    base = [Route("/health", health), WebSocketRoute("/ws", socket)]
    extra = list(routes or [])
    if not any(getattr(r, "path", None) == "/" for r in extra):
        extra.append(Route("/", index))
    return Starlette(routes=base + extra, lifespan=lifespan)


async def connection(hub: Hub, settings: Settings, websocket: WebSocket) -> None:
    """One WebSocket: its origin checked, each frame rate-limited, parsed and handed to the hub; every
    refusal answered with a ``refused`` message, the connection and the server staying up."""
    await websocket.accept()
    origin = websocket.headers.get("origin")
    if not origin_allowed(origin, websocket.headers.get("host"), settings.origins):
        await websocket.send_text(dumps(refused(Refusal(
            "origin", "a page of this origin may not connect: the teacher can allow it with serve --origin"), "?")))
        await websocket.close(1008)
        return
    queue: asyncio.Queue[str | None] = asyncio.Queue()
    closing: list[tuple[int, str]] = []

    def send(text: str) -> None:
        if closing:
            return
        if queue.qsize() >= QUEUE_LIMIT:
            close(1008, "too many messages waiting: the connection does not read")
            return
        queue.put_nowait(text)

    def close(code: int, reason: str) -> None:
        if not closing:
            closing.append((code, reason))
            queue.put_nowait(None)

    conn = Conn(send, close)
    writer = asyncio.create_task(_write(websocket, queue, closing))
    hub.connect(conn)
    limit = RateLimit()
    try:
        while not closing:
            frame = await websocket.receive()
            if frame["type"] == "websocket.disconnect":
                break
            data: str | bytes | None = frame.get("text")
            if data is None:
                data = frame.get("bytes") or b""
            _one(hub, conn, limit, data, close)
    except WebSocketDisconnect:
        pass
    finally:
        hub.disconnect(conn)
        close(1000, "")
        with contextlib.suppress(Exception):
            await writer


def _one(hub: Hub, conn: Conn, limit: RateLimit, data: str | bytes, close: Callable[[int, str], None]) -> None:
    """One frame of a client: refused (and counted) when over the rate, else parsed and applied."""
    if not limit.allow():
        if limit.refused >= FLOOD_CLOSE:
            close(1008, "flooding")
        elif limit.refused == 1 or limit.refused % 20 == 0:
            conn.send(refused(Refusal("rate", f"too many messages: at most {limit.burst} at once and "
                                              f"{limit.per_second:g} a second on one connection"), "?"))
        return
    request = "?"
    try:
        msg = parse(data)
        request = msg["type"]
        hub.handle(conn, msg)
    except Refusal as exc:
        conn.send(refused(exc, request))
    except Exception:  # noqa: BLE001 - a bug: logged (without the message, which may hold a credential)
        log.exception("a %s request failed", request)
        conn.send(refused(Refusal("busy", "the server could not do that: the match is unchanged"), request))


async def _write(websocket: WebSocket, queue: asyncio.Queue[str | None], closing: list[tuple[int, str]]) -> None:
    try:
        while True:
            text = await queue.get()
            if text is None:
                break
            await websocket.send_text(text)
        if closing:
            await websocket.close(closing[0][0], closing[0][1])
    except Exception:  # noqa: BLE001 - the peer went away while we wrote: nothing more to send
        return


def under_prefix(app: Any, prefix: str) -> Any:
    """``app`` served under a path (``/services/naga/``: JupyterHub's proxy forwards a service's requests
    with its prefix): a request under it reaches ``app`` with the prefix as its ``root_path``, which
    Starlette's routing leaves out; any other path is not found. The lifespan passes through."""
    base = "/" + prefix.strip("/")
    if base == "/":
        return app

    async def wrapped(scope: dict[str, Any], receive: Callable[..., Any], send: Callable[..., Any]) -> None:
        if scope["type"] in ("http", "websocket"):
            path = scope["path"]
            if not (path == base or path.startswith(base + "/")):
                if scope["type"] == "http":
                    await PlainTextResponse(f"not found: this server is under {base}/", 404)(scope, receive, send)
                else:
                    await send({"type": "websocket.close", "code": 1008})
                return
            scope = {**scope, "root_path": scope.get("root_path", "") + base}
        await app(scope, receive, send)

    return wrapped


def serve(settings: Settings, host: str = "127.0.0.1", port: int = 8765, *,
          say: Callable[[str], None] = print, routes: list[Any] | None = None, prefix: str = "") -> None:
    """Run the server with uvicorn until stopped; first write the teacher's credential to its private file
    (``settings.teacher_file``, else :func:`~.auth.teacher_file`), then say the join code, where the credential
    is (never the credential: the output of a service goes to logs) and the URL (``say``: print by default).
    ``prefix``: the path it is served under (:func:`under_prefix`)."""
    import uvicorn

    hub = make_hub(settings)
    private = Path(settings.teacher_file) if settings.teacher_file else teacher_file(settings.db)
    write_private(private, hub.teacher.take() + "\n")
    shown = f"[{host}]" if ":" in host else host
    say(f"naga-widget class server on {settings.db}: {len(hub.tables)} match(es), {len(hub.names)} player(s)")
    say(f"  join code: {hub.code}")
    say(f"  teacher's credential (new at each start): in {private.resolve()}, readable by its owner only")
    path = "/" + prefix.strip("/") + "/" if prefix.strip("/") else "/"
    say(f"  URL: http://{shown}:{port}{path}   WebSocket: ws://{shown}:{port}{path}ws")
    app = under_prefix(make_app(hub, settings, routes), prefix)
    uvicorn.run(app, host=host, port=port, log_level="warning", ws_max_size=WS_MAX_BYTES, access_log=False,
                ws_ping_interval=20.0, ws_ping_timeout=20.0,
                ws_per_message_deflate=False)  # the CPU of a teacher's laptop is worth more than the bytes
