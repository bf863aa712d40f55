"""The pages of the class server, for a browser with no notebook: the lobby (``/``), one table to watch
(``/watch/<match>``) and the teacher's class overview (``/class``: every table live on one page, for the
projector).

Each page is a few lines of HTML that load the widget's own view (``static/naga_widget.js``, the bundle
anywidget loads in a notebook) and ``static/pages.js``, which draws it in remote mode: the same lobby
and the same game view as ``naga_widget.join`` in a notebook, over the page's own WebSocket. The pages
hold no game data and no credential: a student joins with the class's code and a name (the seat is
then kept in the browser); the teacher gives the credential from the file the server wrote in the page's
form, or in the address's fragment (``/class#credential=...``, which a browser never sends to the server, and
which the page removes from the address bar at once).

In Hub mode (``server/hubmode.py``) the lobby is served to a browser logged in through the Hub, and asks
``hub/seat`` for its player's credential itself; with a league it also has a form to submit a bot.

All links are relative, so the pages work under a path prefix (a reverse proxy, a JupyterHub service).
"""

from __future__ import annotations

from html import escape
from pathlib import Path

from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, Response
from starlette.routing import Route

STATIC = Path(__file__).resolve().parent.parent / "static"
BUNDLE = STATIC / "naga_widget.js"
PAGES_JS = STATIC / "pages.js"

# The pages run only their own scripts, connect only to their server (and its WebSocket), and may not be
# framed by another site; the view puts its CSS in <style> elements, hence 'unsafe-inline' for styles.
SECURITY_HEADERS = {
    "Content-Security-Policy": ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
                                "img-src 'self' data:; connect-src 'self' ws: wss:; frame-ancestors 'self'; "
                                "base-uri 'none'; form-action 'none'"),
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-cache",
}

TITLES = {"play": "Naga Raja: the class's lobby", "watch": "Naga Raja: watching table {match}",
          "overview": "Naga Raja: every table of the class"}


def page(mode: str, base: str, match: int | None = None, hub: bool = False, league: bool = False) -> str:
    """The HTML of a page: ``mode`` play, watch or overview; ``base`` the relative way to the server's
    root (``./`` or ``../``), from which the page finds its scripts and its WebSocket. ``hub``: Hub mode,
    where the page asks ``hub/seat`` for its player's credential (the browser is logged in to the Hub)
    instead of showing the form of the code; ``league``: the page offers to submit the player's bot."""
    title = TITLES[mode].format(match=match)
    data = f' data-match="{match}"' if match is not None else ""
    data += ' data-hub="1"' if hub else ""
    data += ' data-league="1"' if league else ""
    return f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>{escape(title)}</title>
<style>:root{{color-scheme:light dark}}body{{margin:0;padding:12px;background:Canvas;color:CanvasText;
font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}}h1{{font-size:18px;margin:0 0 8px}}
noscript{{display:block;padding:8px;border:1px solid}}</style>
</head>
<body>
<h1>{escape(title)}</h1>
<main id="naga" data-mode="{mode}" data-base="{base}"{data}></main>
<noscript>This page needs JavaScript: it draws the game in the browser.</noscript>
<script type="module" src="{base}static/pages.js"></script>
</body>
</html>
"""


def _html(text: str) -> HTMLResponse:
    return HTMLResponse(text, headers=SECURITY_HEADERS)


async def lobby(request: Request) -> Response:
    return _html(page("play", "./"))


async def watch(request: Request) -> Response:
    return _html(page("watch", "../", int(request.path_params["match"])))


async def overview(request: Request) -> Response:
    return _html(page("overview", "./"))


def _script(path: Path) -> FileResponse:
    return FileResponse(path, media_type="text/javascript", headers=SECURITY_HEADERS)


async def bundle(request: Request) -> Response:
    return _script(BUNDLE)


async def pages_js(request: Request) -> Response:
    return _script(PAGES_JS)


async def no_icon(request: Request) -> Response:
    return Response(status_code=204)  # the browser asks for one: an empty answer, not a 404 in its console


def page_routes() -> list[Route]:
    """The routes of the pages, to give ``make_app`` (``naga-widget serve`` does)."""
    return [
        Route("/", lobby),
        Route("/watch/{match:int}", watch),
        Route("/class", overview),
        Route("/static/naga_widget.js", bundle),
        Route("/static/pages.js", pages_js),
        Route("/favicon.ico", no_icon),
    ]
