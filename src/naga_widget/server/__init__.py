"""The class server: a match held by the server, each connection sent only what its seat or a spectator
may know (R6), over WebSockets (``docs/server.md``).

- :mod:`.protocol` — the messages and their checks (the protocol's source of truth)
- :mod:`.store` — SQLite in WAL mode: players (credentials as hashes), challenges, matches, every move
- :mod:`.auth` — the join code, credentials, the rate limit, the origin check
- :mod:`.tables` — hosting matches: seats, house bots, network bot seats, clocks and forfeits
- :mod:`.app` — the Starlette application and its WebSocket endpoint; :func:`.app.serve` runs it
- :mod:`.botclient` — play a bot from a notebook as a bot seat
- :mod:`.browser_socket` — the browser's WebSocket for the bot client in Pyodide (JupyterLite)

Starlette and uvicorn come with the ``[server]`` extra; the rest of the package does not need them.
"""
