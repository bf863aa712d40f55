"""The arena: round-robin tournaments between bots, with tables, Elo ratings and saved games.

>>> from naga_widget.bots import RandomBot
>>> result = tournament({"a": RandomBot, "b": RandomBot}, games=2, seed=1, workers=0, progress=False)
>>> [(r["bot"], r["games"]) for r in result.to_rows()]
[('a', 2), ('b', 2)]
>>> result.open(0).state.is_over
True

With ``workers`` of 1 or more (or a Dask ``client``) every bot plays from its own process,
which holds its observations and legal actions and nothing else of the game; with
``workers=0`` everything runs in this process and a bot is not isolated from the true state.

- :mod:`.lineup` — the bots, the round robin and every game's seeds;
- :mod:`.seat` — where a bot runs (in this process, or alone in a child process);
- :mod:`.referee` — one game, and what happens when a bot fails (it forfeits);
- :mod:`.run` — :func:`tournament` and where the games run (processes, Dask);
- :mod:`.settings` — the one check of a tournament's settings (the command line's too);
- :mod:`.stats`, :mod:`.result`, :mod:`.plots` — the figures, tables and plots;
- :mod:`.progress`, :mod:`.registry` — the progress bar and bots by name (for the command line).
"""

from __future__ import annotations

from .lineup import BotFactory, derive_seed
from .referee import FAILURES, FORFEIT, GameRecord, public_reason
from .result import ArenaResult
from .run import tournament
from .settings import SettingError, check_settings
from .stats import Rating, fit_elo, ratings, wilson

__all__ = ["FAILURES", "FORFEIT", "ArenaResult", "BotFactory", "GameRecord", "Rating", "SettingError",
           "check_settings", "derive_seed", "fit_elo", "public_reason", "ratings", "tournament", "wilson"]
