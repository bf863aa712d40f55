"""The shape of a league's records as TypedDicts: a game as a worker returns it and the results folder
keeps it (``games/<key>.json``, ``checks/<key>.json``), a submission left out, a row of the standings and
of the pairs. ``league.json`` holds them (:meth:`~naga_widget.league.run.LeagueResult.to_json`).

A record is plain JSON data, so that any process (a Dask worker too) can play a game and a later run can
reuse it; these types say which fields it has, and mypy checks the league's code against them.
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict, cast


class LeagueGame(TypedDict):
    """One league game (or a submission's smoke game) as :func:`~naga_widget.league.games.play_task` returns it."""

    key: str  # the cache key: the bots' hashes, the seeds, the limits and the isolation
    pair: list[str]  # the pair in schedule order (the first is gold unless swapped)
    deal: int
    swapped: bool  # the pair's second bot is gold
    gold: str
    silver: str  # "smoke": RandomBot, the opponent of a smoke game
    digests: list[str]  # the submissions' hashes, gold's and silver's
    seed: int  # the match seed
    bot_seeds: list[int]
    isolation: str  # "bwrap" or "process"
    winner: str
    reason: str  # an R7 end reason, or "forfeit"
    scores: list[int]  # gold, silver
    rounds: int
    steps: int
    forfeited: str | None  # the bot that forfeited, if one did
    error: str | None  # the organiser's account of a forfeit (it may quote the bot's move, so its cards)
    details: str  # the bot's traceback, if it failed
    failure: str | None  # how the forfeiting bot failed: a FailureKind's value
    public_reason: str | None  # the forfeit in words that hold no hidden fact
    think: list[float]  # each seat's seconds until its answers came back, in total
    slowest: list[float]  # each seat's slowest answer
    saved: str  # the match (Match.dumps()); left out of league.json


class Rejected(TypedDict):
    """A submission left out before it played: not a bot the league can load."""

    name: str
    error: str
    details: str
    rejected: Literal[True]
    public_reason: str


LeftOut = LeagueGame | Rejected  # why an entrant is left out: its failed smoke game, or its rejection


class StandingRow(TypedDict):
    """One entrant's row of the standings (:meth:`~naga_widget.league.run.LeagueResult.standings`)."""

    name: str
    games: int
    wins: int
    win_rate: float
    win_low: float  # the 95% Wilson interval of the win rate
    win_high: float
    elo: float
    elo_low: float | None  # the 95% bootstrap interval, where there are enough deals
    elo_high: float | None
    forfeits: int
    mu: NotRequired[float]  # openskill, where it is installed
    sigma: NotRequired[float]
    conservative: NotRequired[float]  # mu - 3 sigma


class PairRow(TypedDict):
    """A pair's head to head (:meth:`~naga_widget.league.run.LeagueResult.pairs`)."""

    a: str
    b: str
    wins_a: int
    wins_b: int
    deals: int
    swept_a: int  # deals whose two games ``a`` won
    swept_b: int


def as_game(data: dict[str, object]) -> LeagueGame:
    """A record read back from the results folder: written by :func:`~.games.play_task` (its cache key
    checked by the caller), so it is a :class:`LeagueGame`."""
    return cast(LeagueGame, data)
