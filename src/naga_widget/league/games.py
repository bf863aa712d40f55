"""One league game (or one smoke game) as a task that any process can play: the schedule and the
cache key of each game. What a forfeit may say in public is the failure's own summary
(:meth:`naga_widget.bots.turn.Failure.summary`), stored in the record with its kind.

A task carries the submissions' files (not a path), so a worker on another machine (Dask) stages
them itself; it is played by :func:`play_task` with the arena's referee, each bot in its own
:class:`~naga_widget.league.sandbox.Sandbox`.
"""

from __future__ import annotations

import hashlib
import json
import random
from dataclasses import dataclass

from ..arena.lineup import MAX_STEPS, BotRef, Job
from ..arena.referee import play_game
from ..arena.seat import LocalSeat, SeatsByName
from ..bots import RandomBot
from ..rules.errors import is_int
from .errors import LeagueSetupError, SandboxUnavailable
from .records import LeagueGame
from .sandbox import Limits, SandboxSeat, bwrap_problem, bwrap_works, staged
from .seeds import Seeds
from .submissions import Submission, read_files

CACHE_VERSION = 3  # part of every cache key: a change to how games are played starts the cache afresh
SMOKE = "smoke"  # the name of the built-in opponent of a smoke game (RandomBot)


@dataclass(frozen=True)
class Entry:
    """A submission as a task carries it: its name, class, hash and files (relative path, bytes)."""

    name: str
    class_name: str | None
    digest: str
    files: tuple[tuple[str, bytes], ...]

    @classmethod
    def of(cls, sub: Submission) -> Entry:
        files = sub.files or read_files(sub.path)
        if sub.path.suffix == ".py" and len(files) == 1 and files[0][0] == sub.path.name:
            files = (("bot.py", files[0][1]),)
        return cls(sub.name, sub.class_name, sub.digest, files)


@dataclass(frozen=True)
class Task:
    """One game: ``gold`` against ``silver`` on deal ``deal`` (``swapped``: the pair's second bot is gold)."""

    key: str
    pair: tuple[str, str]
    deal: int
    swapped: bool
    gold: Entry
    silver: Entry | None  # None: the built-in smoke opponent
    seed: int
    bot_seeds: tuple[int, int]
    limits: Limits
    isolation: str


def game_key(gold: str, silver: str, seed: int, bot_seeds: tuple[int, int], limits: Limits, isolation: str) -> str:
    text = json.dumps([CACHE_VERSION, gold, silver, seed, list(bot_seeds), limits.to_json(), isolation])
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def schedule(entries: list[Entry], deals: int, seeds: Seeds, limits: Limits, isolation: str, *,
             duplicate: bool = True) -> list[Task]:
    """Every pair plays ``deals`` deals. ``duplicate``: each deal twice, seats swapped (the default);
    else each game is a deal of its own, seats alternating (the same number of games). The match
    and bot seeds come from ``seeds`` (keyed: see :mod:`.seeds`)."""
    if not is_int(deals) or deals < 1:
        raise LeagueSetupError(f"deals must be a whole number of at least 1, not {deals!r}")
    tasks = []
    for i, a in enumerate(entries):
        for b in entries[i + 1:]:
            for d in range(deals):
                for swapped in (False, True):
                    gold, silver = (b, a) if swapped else (a, b)
                    deal = d if duplicate else 2 * d + swapped
                    match_seed = seeds.deal(deal) if duplicate else seeds.game(a.name, b.name, deal)
                    bot_seeds = (seeds.bot(deal, gold.name), seeds.bot(deal, silver.name))
                    key = game_key(gold.digest, silver.digest, match_seed, bot_seeds, limits, isolation)
                    tasks.append(Task(key, (a.name, b.name), deal, swapped, gold, silver, match_seed, bot_seeds,
                                      limits, isolation))
    return tasks


def smoke_task(entry: Entry, seeds: Seeds, limits: Limits, isolation: str) -> Task:
    """The smoke game of a submission: it plays gold against RandomBot on one deal."""
    match_seed, bot_seeds = seeds.smoke()
    key = game_key(entry.digest, SMOKE, match_seed, bot_seeds, limits, isolation)
    return Task(key, (entry.name, SMOKE), 0, False, entry, None, match_seed, bot_seeds, limits, isolation)


def play_task(task: Task) -> LeagueGame:
    """Play ``task`` (in any process) and return its record as plain data (see :func:`record_of`)."""
    if task.isolation == "bwrap" and not bwrap_works():
        raise SandboxUnavailable(f"on this worker, {bwrap_problem()}; but the league runs every bot in its sandbox: "
                                 "make bubblewrap work on every worker (or run the league with isolation='process')")
    names = (task.gold.name, task.silver.name if task.silver else SMOKE)
    refs = (BotRef(names[0], "class", True), BotRef(names[1], "class", True))
    # the smoke game's opponent is RandomBot, the project's own code: it is called directly
    bots = [task.gold] + ([task.silver] if task.silver else [])
    job = Job(index=0, pair=task.pair, number=int(task.swapped), players=refs, seed=task.seed,
              bot_seeds=task.bot_seeds, max_steps=MAX_STEPS, move_timeout=task.limits.move_seconds)
    # each game stages its bots afresh in a private folder, removed when the game ends (see .sandbox)
    with staged([e.files for e in bots]) as stages:
        seats = SeatsByName({names[0]: SandboxSeat(stages[0], task.gold.class_name, task.limits, task.isolation),
                             names[1]: SandboxSeat(stages[1], task.silver.class_name, task.limits, task.isolation)
                             if task.silver else LocalSeat(RandomBot)})
        try:
            record = play_game(job, seats)
        finally:
            seats.close()
    data = record.to_json(saved=True, timing=True)
    failed = None if record.forfeited is None else record.forfeited
    return {
        "key": task.key, "pair": list(task.pair), "deal": task.deal, "swapped": task.swapped,
        "gold": names[0], "silver": names[1],
        "digests": [task.gold.digest, task.silver.digest if task.silver else SMOKE],
        "seed": task.seed, "bot_seeds": list(task.bot_seeds), "isolation": task.isolation,
        "winner": record.winner, "reason": record.reason, "scores": data["scores"], "rounds": record.rounds,
        "steps": record.steps, "forfeited": failed, "error": record.error, "details": record.details,
        "failure": record.failure, "public_reason": record.public_summary,
        "think": data["think"], "slowest": data["slowest"], "saved": record.saved,
    }


def random_order(tasks: list[Task], seed: int) -> list[Task]:
    """The tasks shuffled (so an interrupted league has played a bit of every pair)."""
    out = list(tasks)
    random.Random(seed).shuffle(out)
    return out
