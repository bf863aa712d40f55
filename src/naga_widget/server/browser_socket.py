"""The browser's WebSocket for Python in Pyodide (a JupyterLite kernel), for the bot client.

Pyodide cannot open a socket of its own, and the ``websockets`` package needs one. The page (or the Web
Worker a JupyterLite kernel runs in) has the browser's ``WebSocket``; :class:`BrowserSocket` wraps it in
the few methods of a ``websockets`` client that :mod:`.botclient` uses: ``async with``, ``send``,
``recv``, ``async for`` and ``close``. The browser sends the page's origin with it, so the class server
must allow the JupyterLite site's origin (``naga-widget serve --origin``), as for the widget.
"""

from __future__ import annotations

import asyncio
from typing import Any

_CLOSED = object()  # the queue's end: the socket closed


class BrowserSocket:
    """One browser WebSocket to ``url`` (``ws://`` or ``wss://``): its frames, in order, as text."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.ws: Any = None
        self.close_code: int | None = None
        self.close_reason = ""
        self._frames: asyncio.Queue[Any] = asyncio.Queue()
        self._proxies: list[Any] = []

    async def __aenter__(self) -> BrowserSocket:
        from js import WebSocket  # type: ignore[attr-defined,import-not-found,unused-ignore]  # Pyodide: the browser
        from pyodide.ffi import create_proxy  # type: ignore[import-not-found,unused-ignore]

        opened: asyncio.Future[None] = asyncio.get_running_loop().create_future()

        def on_open(_event: Any) -> None:
            if not opened.done():
                opened.set_result(None)

        def on_message(event: Any) -> None:
            self._frames.put_nowait(str(event.data))

        def on_close(event: Any) -> None:
            self.close_code = int(getattr(event, "code", 1006) or 1006)
            self.close_reason = str(getattr(event, "reason", "") or "")
            if not opened.done():
                opened.set_exception(ConnectionError(
                    f"cannot reach the class server at {self.url}: check that it runs at this address, that "
                    f"this computer can reach it, and that it lets this page's origin in (naga-widget serve "
                    f"--origin); a page of https: needs a wss: address"))
            self._frames.put_nowait(_CLOSED)

        try:
            self.ws = WebSocket.new(self.url)
        except Exception as exc:  # the browser's own refusal: a bad address, ws: from a page of https:
            raise ConnectionError(f"the browser will not open {self.url}: {exc}") from exc
        for name, handler in (("onopen", on_open), ("onmessage", on_message), ("onclose", on_close)):
            proxy = create_proxy(handler)
            self._proxies.append(proxy)
            setattr(self.ws, name, proxy)
        try:
            await opened
        except BaseException:
            self.close()
            raise
        return self

    async def __aexit__(self, *exc: object) -> None:
        self.close()

    async def send(self, text: str) -> None:
        if self.ws is None or self.close_code is not None:
            raise ConnectionError(f"the connection to {self.url} is closed")
        self.ws.send(text)

    async def recv(self) -> str:
        """The next frame; a ConnectionError once the socket is closed."""
        frame = await self._frames.get()
        if frame is _CLOSED:
            self._frames.put_nowait(_CLOSED)
            raise ConnectionError(f"the server at {self.url} closed the connection ({self.close_code}"
                                  f"{': ' + self.close_reason if self.close_reason else ''})")
        return str(frame)

    def __aiter__(self) -> BrowserSocket:
        return self

    async def __anext__(self) -> str:
        """The next frame; the iteration ends when the server closes normally (1000), else a ConnectionError."""
        try:
            return await self.recv()
        except ConnectionError:
            if self.close_code == 1000:
                raise StopAsyncIteration from None
            raise

    def close(self) -> None:
        if self.ws is not None:
            for name in ("onopen", "onmessage", "onclose"):
                setattr(self.ws, name, None)  # before the proxies go: no late event calls one
            self.ws.close()  # a closed socket ignores it
        for proxy in self._proxies:
            proxy.destroy()
        self._proxies.clear()
