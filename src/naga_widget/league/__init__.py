"""The class league: students' bots collected from a folder, checked, played within limits in
sandboxed processes, rated, and published as a static site with replays.

>>> from naga_widget.league import sprt
>>> sprt(40, 10).verdict
'yes'

- :mod:`.submissions` — the folder of submissions, their names, classes and hashes;
- :mod:`.sandbox` — a bot's process: limits, and the bubblewrap sandbox where it works;
- :mod:`.child` and :mod:`.wire` — the bot's side, and the JSON messages between the two;
- :mod:`.games` — the schedule (duplicate seating), each game as a task, the public reasons;
- :mod:`.seeds` — every seed keyed by the results folder's secret, so a bot's seed tells nothing;
- :mod:`.errors` — what a league that cannot run as asked raises;
- :mod:`.run` — :func:`league` and its results folder (cache, resumption);
- :mod:`.ratings` — Elo with intervals over deals, openskill, SPRT, pairs out of line (collusion);
- :mod:`.shown` — text from a submission with its control characters escaped, for every display;
- :mod:`.replay` and :mod:`.site` — replays that need no kernel, and the static site.

Everything here is described in ``docs/league.md``.
"""

from __future__ import annotations

from .errors import LeagueSetupError
from .ratings import SPRT, Skill, elo_ratings, openskill_ratings, sprt
from .run import LeagueResult, Verdict, better, league
from .sandbox import Limits, bwrap_works, choose_isolation
from .submissions import Submission, discover

__all__ = ["SPRT", "LeagueResult", "LeagueSetupError", "Limits", "Skill", "Submission", "Verdict", "better",
           "bwrap_works", "choose_isolation", "discover", "elo_ratings", "league", "openskill_ratings", "sprt"]
