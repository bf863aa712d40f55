"""The class server as a JupyterHub managed service (``naga-widget serve --hub``, ``docs/server.md``).

The Hub starts the server with its service environment (``JUPYTERHUB_API_TOKEN``, ``JUPYTERHUB_API_URL``,
``JUPYTERHUB_CLIENT_ID``, ``JUPYTERHUB_SERVICE_PREFIX``, ``JUPYTERHUB_OAUTH_CALLBACK_URL``, ...), which
:class:`jupyterhub.services.auth.HubOAuth` reads. A student is then who the Hub says they are:

- ``GET {prefix}hub/seat`` answers ``{"player", "name", "teacher", "credential"}`` for the Hub user who asks:
  a browser logged in to the Hub (OAuth with the Hub: an unknown browser is sent to the Hub's authorize page
  and comes back through ``{prefix}oauth_callback``), or a program with a Hub token of that user
  (``Authorization: token ...``). The first time, the user becomes a player named by their Hub name;
  each call gives a fresh seat credential of that same player, which ``hello`` takes as usual. A Hub admin
  gets a teacher's credential instead.
- Nobody joins with a code: the server's code is a random secret that is never shown.
- The lobby page (``{prefix}``) sends a browser not yet known through the same OAuth, then asks
  ``hub/seat`` for its credential by itself: a student opens the page and plays, with no form to fill.
  With ``--league`` it also offers to submit the student's bot (``league/submit``).
- A Hub admin's lobby links the class overview (``{prefix}class``: every table, live, each seen whole);
  that page is refused to everybody else, with a page that says why. ``{prefix}watch/N`` is one table.
"""

from __future__ import annotations

import logging
import secrets
from collections import deque
from collections.abc import Callable
from html import escape
from typing import Any
from urllib.parse import quote, urlsplit

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Route

from .app import WS_MAX_BYTES, Settings, make_app, make_hub, under_prefix
from .auth import Teacher, same_text
from .pages import SECURITY_HEADERS, page
from .store import Store, digest, new_credential
from .tables import Hub

log = logging.getLogger("naga_widget.server")

HUB_SCHEMA = """
create table if not exists hub_players (hub_name text primary key, player integer not null);
"""
STATE_COOKIE_SUFFIX = "-oauth-state"
TEACHER_CREDENTIALS = 256
"""Teacher's credentials Hub mode keeps (the newest): one per admin page load."""


class HubTeacher(Teacher):
    """The teachers of Hub mode: each time a Hub admin's page asks, a new credential (kept as a hash, in
    memory only); any of them opens the teacher's view. Only the newest ``keep`` are kept: a page whose
    credential was dropped (``keep`` admin page loads later) is refused at its next hello, and a reload
    gives it a new one.

    >>> t = HubTeacher(keep=2)
    >>> first, second, third = t.add(), t.add(), t.add()
    >>> [t.matches(c) for c in (first, second, third, "a guess")]
    [False, True, True, False]
    """

    def __init__(self, keep: int = TEACHER_CREDENTIALS) -> None:
        super().__init__()
        self.shown = None  # the credential made by the base class is never shown: nobody can use it
        self._hashes: deque[str] = deque(maxlen=keep)

    def add(self) -> str:
        credential = new_credential()
        self._hashes.append(digest(credential))
        return credential

    def matches(self, credential: str) -> bool:
        asked = digest(credential)
        found = False
        for kept in self._hashes:
            found = same_text(asked, kept) or found
        return found


def hub_player(store: Store, hub: Hub, name: str) -> tuple[int, str]:
    """The player of the Hub user ``name`` (made on their first visit) and a new credential of it."""
    store.conn.executescript(HUB_SCHEMA)
    row = store.conn.execute("select player from hub_players where hub_name = ?", (name,)).fetchone()
    if row is None:
        pid, credential = store.add_player(name, bot=False)
        with store.conn:
            store.conn.execute("insert into hub_players (hub_name, player) values (?, ?)", (name, pid))
        hub.names[pid] = {"id": pid, "name": name, "bot": False}
        log.info("Hub user %r is player %d", name, pid)
        return pid, credential
    pid = int(row["player"])
    return pid, store.add_credential(pid)


class HubIdentity:
    """HubOAuth around the routes of Hub mode. ``auth``: a configured HubOAuth (from the environment the
    Hub gives its service by default)."""

    def __init__(self, hub: Hub, auth: Any | None = None) -> None:
        if auth is None:
            from jupyterhub.services.auth import HubOAuth

            auth = HubOAuth(cache_max_age=60)
        self.auth = auth
        self.hub = hub
        self.league = False  # the server keeps a league (serve --league): the lobby offers to submit a bot
        self.prefix = "/" + auth.base_url.strip("/") + "/" if auth.base_url.strip("/") else "/"

    @property
    def cookie(self) -> str:
        return str(self.auth.oauth_client_id)

    def _secure(self, request: Request) -> bool:
        return request.headers.get("x-forwarded-proto", request.url.scheme) == "https"

    async def user(self, request: Request) -> dict[str, Any] | None:
        """The Hub user of a request (its Hub token in the header, or the token kept in our cookie)."""
        token = None
        header = request.headers.get("authorization", "")
        if header.lower().startswith(("token ", "bearer ")):
            token = header.split(None, 1)[1].strip()
        token = token or request.cookies.get(self.cookie)
        if not token:
            return None
        model = await self.auth.user_for_token(token, sync=False)
        if not model or model.get("kind", "user") != "user" or not model.get("name"):
            return None
        return dict(model)

    async def seat(self, request: Request) -> Response:
        model = await self.user(request)
        if model is None:
            if "authorization" in request.headers:
                return JSONResponse({"error": "the Hub does not know this token"}, 403)
            return self._login(request)
        name = str(model["name"])
        if model.get("admin"):
            return JSONResponse({"player": "teacher", "name": name, "teacher": True,
                                 "credential": self.hub.teacher.add()},  # type: ignore[attr-defined]
                                headers={"cache-control": "no-store"})
        pid, credential = hub_player(self.hub.store, self.hub, name)
        return JSONResponse({"player": pid, "name": name, "teacher": False, "credential": credential},
                            headers={"cache-control": "no-store"})

    def _login(self, request: Request) -> Response:
        """Send the browser to the Hub's authorize page, keeping where it was going in the OAuth state."""
        verifier, challenge, method = self.auth.generate_pkce_code_challenge()
        next_url = request.url.path + (f"?{request.url.query}" if request.url.query else "")
        state = self.auth.generate_state(next_url, code_verifier=verifier)
        target = (f"{self.auth.login_url}&state={quote(state)}&code_challenge={quote(challenge)}"
                  f"&code_challenge_method={method}")
        response = RedirectResponse(target, 302)
        response.set_cookie(self.cookie + STATE_COOKIE_SUFFIX, state, max_age=600, path=self.prefix, httponly=True,
                            secure=self._secure(request), samesite="lax")
        return response

    async def callback(self, request: Request) -> Response:
        """The end of OAuth: the code exchanged for the user's token, kept in an HttpOnly cookie."""
        code, state = request.query_params.get("code"), request.query_params.get("state", "")
        kept = request.cookies.get(self.cookie + STATE_COOKIE_SUFFIX, "")
        if not code or not state or not kept or not same_text(state, kept):
            return PlainTextResponse("OAuth state does not match: start again from the page you opened", 400)
        verifier = self.auth.get_code_verifier(state)
        next_url = self.auth.get_next_url(state)
        self.auth.clear_oauth_state(state)
        token = await self.auth.token_for_code(code, code_verifier=verifier, sync=False)
        if not urlsplit(next_url).path.startswith(self.prefix) or urlsplit(next_url).netloc:
            next_url = self.prefix
        response = RedirectResponse(next_url, 302)
        response.delete_cookie(self.cookie + STATE_COOKIE_SUFFIX, path=self.prefix)
        response.set_cookie(self.cookie, token, path=self.prefix, httponly=True, secure=self._secure(request),
                            samesite="lax")
        return response

    async def lobby(self, request: Request) -> Response:
        """The lobby page of Hub mode, for a browser logged in through the Hub (else sent to log in first)."""
        if await self.user(request) is None:
            return self._login(request)
        return HTMLResponse(page("play", "./", hub=True, league=self.league), headers=SECURITY_HEADERS)

    async def watch(self, request: Request) -> Response:
        """One table's page (a spectator's, or a player's for their own seat), for a browser logged in."""
        if await self.user(request) is None:
            return self._login(request)
        return HTMLResponse(page("watch", "../", int(request.path_params["match"]), hub=True),
                            headers=SECURITY_HEADERS)

    async def overview(self, request: Request) -> Response:
        """The class overview: the teacher's page, for the Hub's admins only; anyone else is told so."""
        model = await self.user(request)
        if model is None:
            return self._login(request)
        if not model.get("admin"):
            return HTMLResponse(refusal(str(model["name"])), 403, headers=SECURITY_HEADERS)
        return HTMLResponse(page("overview", "./", hub=True), headers=SECURITY_HEADERS)

    def routes(self) -> list[Route]:
        return [Route("/", self.lobby), Route("/class", self.overview), Route("/watch/{match:int}", self.watch),
                Route("/hub/seat", self.seat), Route("/oauth_callback", self.callback)]


def refusal(name: str) -> str:
    """The page a Hub user who is not an admin gets for the class overview."""
    return f"""<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Naga Raja: the teacher's page</title></head>
<body>
<h1>The class overview is the teacher's page</h1>
<p data-testid="refused">You are logged in to the Hub as {escape(name)}, who is not one of the Hub's admins: only
they see every table of the class, with every hand. Play or watch from <a href="./">the class's lobby</a>.</p>
</body>
</html>
"""


def make_hub_mode(settings: Settings, auth: Any | None = None) -> tuple[Hub, HubIdentity]:
    """A hub whose players are the Hub's users: no join code anybody knows, Hub admins as teachers."""
    hub = make_hub(settings)
    hub.code = secrets.token_urlsafe(24)  # joining with a code is impossible: identities come from the Hub
    hub.teacher = HubTeacher()
    return hub, HubIdentity(hub, auth)


def serve_hub(settings: Settings, host: str = "127.0.0.1", port: int = 8765, *,
              say: Callable[[str], None] = print, routes: list[Any] | None = None) -> None:
    """Run the server as a JupyterHub managed service, under ``$JUPYTERHUB_SERVICE_PREFIX``."""
    import uvicorn

    hub, identity = make_hub_mode(settings)
    identity.league = any(getattr(r, "path", None) == "/league/submit" for r in routes or [])
    say(f"naga-widget class server (JupyterHub service) on {settings.db}: {len(hub.tables)} match(es), "
        f"{len(hub.names)} player(s); students' names are their Hub names, the Hub's admins are teachers")
    say(f"  under {identity.prefix} (a seat: {identity.prefix}hub/seat)")
    app = under_prefix(make_app(hub, settings, identity.routes() + list(routes or [])), identity.prefix)
    uvicorn.run(app, host=host, port=port, log_level="warning", access_log=False, proxy_headers=True,
                ws_max_size=WS_MAX_BYTES, ws_ping_interval=20.0, ws_ping_timeout=20.0,
                ws_per_message_deflate=False)  # the CPU of a teacher's laptop is worth more than the bytes
