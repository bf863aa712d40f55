"""The referee: plays one arena game between two seats and records it.

The referee holds the :class:`~naga_widget.match.Match`; a bot only ever gets its player's
observation (R6) and the detached legal actions (R8). A game is fixed by its :class:`Job`:
the match seed and the bots' seeds, so it plays the same in any process.

A bot that raises, returns something that is not an action, plays an illegal action, whose
process ends, or that takes longer than the job's ``move_timeout`` over one decision (only a
bot in its own process can be stopped: its process is killed) **forfeits** the game: it is
recorded as a loss of that bot, with the reason ``"forfeit"``, the error (which bot, which game,
what happened) and the match as far as it got. The tournament goes on. The error may quote the
bot's move, and so its cards: it is for the organiser; :func:`public_reason` says the same in words
that hold no hidden fact, for everyone else.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from typing import NotRequired, TypedDict

from ..bots.turn import Failure, FailureKind, refused
from ..match import Match
from ..rules import TEMPLE_NAMES, ActionError
from .lineup import Job
from .seat import ChildSeats, Seat, SeatError, Seats

FORFEIT = "forfeit"
# How a bot failed, in words that hold no hidden fact: what players other than the bot's author may read
# (each kind's words, from naga_widget.bots.turn)
FAILURES = {kind.value: kind.words for kind in FailureKind}


class GameJSON(TypedDict):
    """A :class:`GameRecord` as plain data (:meth:`GameRecord.to_json`)."""

    id: int
    pair: list[str]
    number: int
    gold: str
    silver: str
    seed: int
    bot_seeds: list[int]
    winner: str
    winner_seat: int
    reason: str
    scores: list[int]
    rounds: int
    steps: int
    history: list[list[int]]
    saved: NotRequired[str]  # with saved=True
    error: str | None
    details: str
    decisions: list[int]
    think: NotRequired[list[float]]  # with timing=True
    slowest: NotRequired[list[float]]  # with timing=True
    failure: str | None
    public_summary: str | None


@dataclass(frozen=True)
class GameRecord:
    """One arena game: who played which seat, how it ended, and the saved match (``Match.dumps()``)."""

    id: int
    pair: tuple[str, str]
    number: int
    gold: str
    silver: str
    seed: int
    bot_seeds: tuple[int, int]
    winner: str
    winner_seat: int
    reason: str  # an R7 end reason ("target_score", "full_temple", "three_cursed") or "forfeit"
    scores: tuple[int, int]  # gold, silver
    rounds: int
    steps: int
    history: tuple[tuple[int, int], ...]  # the scores (gold, silver) at the end of each round played
    saved: str = field(repr=False)
    # the organiser's account of a forfeit: which game, which bot, what happened, quoting the bot's move
    # and error (which may name its cards); others read :meth:`public_error`
    error: str | None = None
    details: str = field(default="", repr=False)  # the bot's traceback, if it failed
    # each seat's decisions asked, and the wall-clock seconds until each answer came back (in total
    # and the slowest), as the referee saw them: the bot's thinking and the passing of messages
    decisions: tuple[int, int] = (0, 0)
    think: tuple[float, float] = field(default=(0.0, 0.0), compare=False)
    slowest: tuple[float, float] = field(default=(0.0, 0.0), compare=False)
    failure: str | None = None  # how the forfeiting bot failed: a key of FAILURES (a FailureKind's value)
    # the forfeit in words that hold no hidden fact, with the facts that are safe to show (Python's own
    # exception class, the rule a refused move broke, the limit passed): Failure.summary, as the league shows it
    public_summary: str | None = None

    @property
    def players(self) -> tuple[str, str]:
        return self.gold, self.silver

    @property
    def loser(self) -> str:
        return self.players[1 - self.winner_seat]

    @property
    def forfeited(self) -> str | None:
        """The bot that forfeited this game, if one did."""
        return self.loser if self.reason == FORFEIT else None

    def public_error(self) -> str | None:
        """Why this game was forfeited, for anyone: see :func:`public_reason`."""
        return public_reason(self)

    def to_json(self, *, saved: bool = False, timing: bool = False) -> GameJSON:
        """The record as plain data; without ``timing`` it depends on the seeds alone."""
        data: GameJSON = {
            "id": self.id, "pair": list(self.pair), "number": self.number, "gold": self.gold, "silver": self.silver,
            "seed": self.seed, "bot_seeds": list(self.bot_seeds), "winner": self.winner,
            "winner_seat": self.winner_seat, "reason": self.reason, "scores": list(self.scores), "rounds": self.rounds,
            "steps": self.steps, "history": [list(h) for h in self.history], "saved": self.saved, "error": self.error,
            "details": self.details, "decisions": list(self.decisions), "think": list(self.think),
            "slowest": list(self.slowest), "failure": self.failure, "public_summary": self.public_summary}
        if not timing:
            del data["think"], data["slowest"]
        if not saved:
            del data["saved"]
        return data


def play_game(job: Job, seats: Seats) -> GameRecord:
    """Play ``job`` with bots seated by ``seats``; a failing bot forfeits (see the module doc)."""
    match = Match(seed=job.seed)
    history: list[tuple[int, int]] = []
    failure: tuple[int, Failure, int | None] | None = None  # the seat, how, at which step (None: at its start)
    taken: list[Seat] = []
    for p, ref in enumerate(job.players):
        seat = seats.seat(ref)
        try:
            seat.start(ref, job.bot_seeds[p])
        except SeatError as exc:
            failure = (p, exc.failure, None)
            break
        taken.append(seat)
    steps = 0
    clock = Clock()
    while failure is None and match.state.outcome is None:
        if steps >= job.max_steps:
            raise RuntimeError(f"{job.title} did not end within {job.max_steps} steps")
        state = match.state
        p = state.to_move
        # a clairvoyant bot (ClairvoyantBot, arena only) is shown the true state; every other bot its own view
        observation = state.observe("truth" if job.players[p].truth else p)
        legal = state.legal_actions().detached()
        started = time.perf_counter()
        try:
            action = taken[p].act(observation, legal, timeout=job.move_timeout)
        except SeatError as exc:
            failure = (p, exc.failure, steps + 1)
            break
        finally:
            clock.add(p, time.perf_counter() - started)
        try:
            match.play(action)
        except ActionError as exc:
            failure = (p, refused(action, exc), steps + 1)
            break
        steps += 1
        after = match.state
        if after.outcome is not None:
            history.append(after.outcome.scores)
        elif after.round != state.round:
            history.append((after.score(0), after.score(1)))
    return _record(job, match, steps, history, failure, clock)


class Clock:
    """Each seat's decisions and thinking time, in seconds."""

    def __init__(self) -> None:
        self.decisions, self.think, self.slowest = [0, 0], [0.0, 0.0], [0.0, 0.0]

    def add(self, seat: int, seconds: float) -> None:
        self.decisions[seat] += 1
        self.think[seat] += seconds
        self.slowest[seat] = max(self.slowest[seat], seconds)


def _record(job: Job, match: Match, steps: int, history: list[tuple[int, int]],
            failure: tuple[int, Failure, int | None] | None, clock: Clock) -> GameRecord:
    state = match.state
    names = tuple(ref.name for ref in job.players)
    if failure is None:
        assert state.outcome is not None
        winner_seat, reason, scores = state.outcome.winner, str(state.outcome.reason), state.outcome.scores
        error, details, kind, summary = None, "", None, None
    else:
        p, failed, at = failure
        winner_seat, reason, scores = 1 - p, FORFEIT, (state.score(0), state.score(1))
        error = f"{job.title}: bot {names[p]!r} ({TEMPLE_NAMES[p]}) {failed.account(at)}"
        details, kind, summary = failed.traceback, failed.kind.value, failed.summary(at)
    return GameRecord(
        id=job.index, pair=job.pair, number=job.number, gold=names[0], silver=names[1], seed=job.seed,
        bot_seeds=job.bot_seeds, winner=names[winner_seat], winner_seat=winner_seat, reason=reason,
        scores=(int(scores[0]), int(scores[1])), rounds=state.round, steps=steps, history=tuple(history),
        saved=match.dumps(), error=error, details=details, decisions=(clock.decisions[0], clock.decisions[1]),
        think=(clock.think[0], clock.think[1]), slowest=(clock.slowest[0], clock.slowest[1]), failure=kind,
        public_summary=summary)


def public_reason(record: GameRecord) -> str | None:
    """Why ``record``'s game was forfeited, in words that hold no hidden fact (``None`` if it was not):
    the game, the bot and its seat, the step, and the kind of failure (:data:`FAILURES`). Never the
    bot's move, its error's text or its traceback, which may quote its hand (R6): show this, not
    ``record.error``, to players other than the bot's author.

    >>> from naga_widget.bots import RandomBot
    >>> from naga_widget.arena import tournament
    >>> class Cheat:
    ...     def act(self, observation, legal):
    ...         return "call " + " ".join(observation["players"][observation["viewer"]]["hand"] * 2)
    >>> game = tournament({"cheat": Cheat, "fair": RandomBot}, games=1, seed=2, workers=0, progress=False).games[0]
    >>> public_reason(game)
    "game 0: bot 'cheat' (gold) forfeited at step 2: its move is not a legal decision now (R8)"
    """
    if record.reason != FORFEIT:
        return None
    loser = 1 - record.winner_seat
    what = FAILURES.get(record.failure or "", "it failed")
    return (f"game {record.id}: bot {record.players[loser]!r} ({TEMPLE_NAMES[loser]}) forfeited at step "
            f"{record.steps + 1}: {what}")


# -- in a worker process (a process pool's or a Dask worker) ------------------------------------
_local = threading.local()


def play_isolated(job: Job) -> GameRecord:
    """Play ``job`` with each bot in its own process; the processes are kept for the next games
    of this worker (one set per thread) and closed when the worker exits."""
    seats: ChildSeats | None = getattr(_local, "seats", None)
    if seats is None:
        from multiprocessing import util

        seats = _local.seats = ChildSeats()
        util.Finalize(seats, seats.close, exitpriority=10)
    seats.configure(job.sys_path)
    return play_game(job, seats)
