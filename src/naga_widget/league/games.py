"""One league game (or one smoke game) as a task that any process can play: the schedule, the
cache key of each game, and what a failure may say in public.

A task carries the submissions' files (not a path), so a worker on another machine (Dask) stages
them itself; it is played by :func:`play_task` with the arena's referee, each bot in its own
:class:`~naga_widget.league.sandbox.Sandbox`.
"""

from __future__ import annotations

import builtins
import hashlib
import json
import random
import re
from dataclasses import dataclass
from typing import Any

from ..arena.lineup import MAX_STEPS, BotRef, Job
from ..arena.referee import play_game
from ..arena.seat import LocalSeat, SeatsByName
from ..bots import RandomBot
from ..rules.errors import is_int
from .errors import LeagueSetupError, SandboxUnavailable
from .sandbox import Limits, SandboxSeat, bwrap_problem, bwrap_works, staged
from .seeds import Seeds
from .submissions import Submission, read_files

CACHE_VERSION = 2  # part of every cache key: a change to how games are played starts the cache afresh
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


def play_task(task: Task) -> dict[str, Any]:
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
        "public_reason": public_reason(record.error) if record.error else None,
        "think": data["think"], "slowest": data["slowest"], "saved": record.saved,
    }


_RULE = re.compile(r"\b(R\d+(?:\.\d+)*|E\d\d)\b")
_RAISED = re.compile(r"raised ([A-Za-z_][A-Za-z0-9_.]*)")


def _builtin_name(found: re.Match[str] | None) -> str | None:
    """An exception's class name as the league may show it: only Python's own classes, since a bot
    can name a class of its own after its cards."""
    if found is None:
        return None
    name = found.group(1)
    value = getattr(builtins, name, None)
    return name if isinstance(value, type) and issubclass(value, BaseException) else None


def public_reason(error: str) -> str:
    """What a forfeit may say on the league's pages: what kind of failure, never the bot's own
    words or the action it tried (they could name the cards in its hand)."""
    step = re.search(r"at step (\d+)", error)
    at = f" at step {step.group(1)}" if step else ""
    if "not legal" in error:
        rule = _RULE.search(error.split("which is not legal", 1)[-1])
        return f"played an action that is not legal{at}" + (f" ({rule.group(1)})" if rule else "")
    if "took longer than" in error:
        limit = re.search(r"took longer than ([0-9.]+) s", error)
        seconds = f"{limit.group(1) if limit else 'its'} s"
        if "to import its submission" in error:
            return f"took longer than {seconds} to import its submission (the limit to start)"
        if "to build its bot" in error:
            return f"took longer than {seconds} to build its bot (the limit to start)"
        return f"took longer than {seconds} over a move{at}"
    if "used up its" in error:
        return f"used up its time for the game{at}"
    if "CPU time" in error:
        return f"went over its CPU time limit{at}"
    if "MemoryError" in error:
        return f"ran out of memory (its memory limit){at}"
    if "could not be imported" in error:
        name = _builtin_name(_RAISED.search(error.replace("could not be imported: ", "raised ")))
        return "could not be imported" + (f" ({name})" if name else "")
    if "could not start" in error or "to start" in error:
        return "could not start"
    if "could not be made" in error:
        return "its bot could not be built"
    if "not part of the protocol" in error or "not an action" in error:
        return f"answered with something that is not an action{at}"
    found = _RAISED.search(error)
    if found:
        name = _builtin_name(found)
        return f"raised {name}{at}" if name else f"raised an exception of its own class{at}"
    if "ended its process" in error or "closed its connection" in error:
        return f"its process ended{at}"
    return f"failed{at}"


def random_order(tasks: list[Task], seed: int) -> list[Task]:
    """The tasks shuffled (so an interrupted league has played a bit of every pair)."""
    out = list(tasks)
    random.Random(seed).shuffle(out)
    return out
