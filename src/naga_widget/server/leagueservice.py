"""Submitted bots and a continuous league on the class server (``docs/server.md``, "Submitted bots").

A player sends their bot's source with their seat credential (``POST {prefix}league/submit``,
``Authorization: Bearer <credential>``, the body the UTF-8 text of one ``.py`` file of at most
:data:`MAX_SOURCE_BYTES`). It becomes the submission ``<name>-<id>.py`` of the league's folder, replacing the
player's earlier version. One background worker then runs the league (:func:`naga_widget.league.run.league`)
over the folder: each bot checked by a smoke game, then the pairs played with duplicate seating, each bot in
the league's sandbox under the league's limits, the ratings by openskill, a replay of every game. The league
reuses every game whose two versions have not changed, so a new version plays only its own games. A bot that
fails is left out of the ranking with its reason; the others' games are not affected. ``GET {prefix}league/``
is the leaderboard (the league's site: ranking, failures, replays), remade after each run.
"""

from __future__ import annotations

import html
import logging
import re
import threading
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from ..league.errors import LeagueSetupError
from ..league.run import league, write_atomic
from ..league.sandbox import Limits
from .store import Store

log = logging.getLogger("naga_widget.server")

MAX_SOURCE_BYTES = 64 * 1024  # one file of source: far below the league's limit for a folder
LEAGUE_DEALS = 1  # deals per pair (each played twice, seats swapped)


def entry_name(name: str, pid: int) -> str:
    """The league's name of player ``pid``'s bot: their name in the league's alphabet, and their id.

    >>> entry_name("Ada Lovelace", 3)
    'Ada_Lovelace-3'
    >>> entry_name("..é", 4)
    'p-4'
    """
    safe = re.sub(r"[^A-Za-z0-9_.-]+", "_", name).strip("_.-")[:40]
    return f"{safe or 'p'}-{pid}"


class LeagueService:
    """The continuous league of a server, in ``folder`` (``submissions/``, ``results/``)."""

    def __init__(self, store: Store, folder: str | Path, *, limits: Limits | None = None, deals: int = LEAGUE_DEALS,
                 isolation: str = "auto") -> None:
        self.store = store
        self.folder = Path(folder)
        self.submissions = self.folder / "submissions"
        self.results = self.folder / "results"
        self.submissions.mkdir(parents=True, exist_ok=True)
        self.limits = limits if limits is not None else Limits()
        self.deals = deals
        self.isolation = isolation
        self.status = "no league yet: it starts when two bots are submitted"
        self.runs = 0  # leagues run since start
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._idle = threading.Event()
        self._idle.set()
        self._thread: threading.Thread | None = None

    # -- the worker ---------------------------------------------------------------------------------
    def start(self) -> None:
        self._thread = threading.Thread(target=self._work, name="naga-league", daemon=True)
        self._thread.start()
        if any(self.submissions.glob("*.py")):
            self._wake.set()

    def stop(self) -> None:
        self._stop.set()
        self._wake.set()
        if self._thread is not None:
            self._thread.join(60)

    def wait_idle(self, timeout: float) -> bool:
        """Wait until no league is to run (for tests)."""
        return self._idle.wait(timeout)

    def _work(self) -> None:
        while True:
            self._wake.wait()
            if self._stop.is_set():
                return
            self._wake.clear()
            try:
                self.run_once()
            except Exception:  # noqa: BLE001 - a bug in a run must not stop the worker
                log.exception("the league failed")
                self.status = "the league failed: see the server's log"
            if not self._wake.is_set():
                self._idle.set()

    def run_once(self) -> None:
        """Run the league over the submissions as they are now (games already played are reused)."""
        try:
            league(self.submissions, self.results, deals=self.deals, limits=self.limits, isolation=self.isolation,
                   workers=0, progress=False, site=True, log=lambda line: log.info("%s", line))
            self.status = "rated"
        except LeagueSetupError as exc:
            self.status = str(exc)
            write_atomic(self.results / "waiting.txt", self.status)
        self.runs += 1

    # -- submissions ---------------------------------------------------------------------------------
    def submit(self, credential: str, body: bytes) -> tuple[int, dict[str, Any]]:
        """A player's new version: ``(HTTP status, answer)``; nothing is kept unless it is accepted."""
        player = self.store.player_by_credential(credential) if credential else None
        if player is None:
            return 403, {"error": "unknown credential: send your seat's credential (Authorization: Bearer ...)"}
        if len(body) > MAX_SOURCE_BYTES:
            return 413, {"error": f"a bot's source is at most {MAX_SOURCE_BYTES} bytes, not {len(body)}"}
        try:
            text = body.decode("utf-8")
        except UnicodeDecodeError as exc:
            return 400, {"error": f"the source is not UTF-8 text: {exc.reason} at byte {exc.start}"}
        if not text.strip():
            return 400, {"error": "the source is empty: send the text of one .py file with a bot class"}
        name = entry_name(player["name"], player["id"])
        write_atomic(self.submissions / f"{name}.py", text)
        self.status = "a new version is waiting to be rated"
        self._idle.clear()
        self._wake.set()
        log.info("player %d submitted a bot (%d bytes)", player["id"], len(body))
        return 202, {"entry": name, "bytes": len(body), "status": "queued: the league rates it in the background"}

    # -- routes -----------------------------------------------------------------------------------
    async def _submit(self, request: Request) -> Response:
        header = request.headers.get("authorization", "")
        credential = header.split(None, 1)[1].strip() if header.lower().startswith("bearer ") else ""
        declared = request.headers.get("content-length")
        if declared is not None and declared.isdigit() and int(declared) > MAX_SOURCE_BYTES:
            return JSONResponse({"error": f"a bot's source is at most {MAX_SOURCE_BYTES} bytes"}, 413)
        body = b""
        async for chunk in request.stream():
            body += chunk
            if len(body) > MAX_SOURCE_BYTES:
                break
        status, answer = self.submit(credential, body)
        return JSONResponse(answer, status)

    async def _board(self, request: Request) -> Response:
        path = request.path_params.get("path", "") or "index.html"
        site = (self.results / "site").resolve()
        target = (site / path).resolve()
        if target.is_relative_to(site) and target.is_file():
            return FileResponse(target, headers={"cache-control": "no-store"})
        if path != "index.html":
            return HTMLResponse("not found", 404)
        return HTMLResponse(f"<!doctype html><meta charset=utf-8><title>Class league</title>"
                            f"<h1>Class league</h1><pre data-testid=status>{html.escape(self.status)}</pre>",
                            headers={"cache-control": "no-store"})

    async def _status(self, request: Request) -> Response:
        return JSONResponse({"status": self.status, "runs": self.runs,
                             "entries": sorted(p.stem for p in self.submissions.glob("*.py"))})

    def routes(self) -> list[Route]:
        return [Route("/league/submit", self._submit, methods=["POST"]), Route("/league/status", self._status),
                Route("/league/", self._board), Route("/league/{path:path}", self._board)]
