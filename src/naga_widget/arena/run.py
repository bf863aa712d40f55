"""``tournament``: a round robin of bots, played in this process, in worker processes or on Dask.

Where the games run (``workers``, ``client``):

- ``workers=0``: every game and every bot in this process. Fastest to start, and works
  everywhere (Pyodide too), but **offers no isolation**: a bot could walk the call stack or
  ``gc.get_objects()`` and find the true state of its game.
- ``workers=1``: the games are refereed in this process, one at a time, and every bot runs
  alone in its own child process, where only its observation and legal actions arrive
  (see :mod:`.seat`): no ``State`` or ``Match`` exists there to be found.
- ``workers=N`` (N >= 2): N worker processes (``concurrent.futures.ProcessPoolExecutor``)
  referee the games, each bot again in its own child process.
- ``client=`` a Dask ``distributed.Client``: the games are refereed on the cluster's workers
  (so a class league can use several machines), bots isolated in the same way. The package
  must be importable on every worker, and so must each bot (or install cloudpickle).
- ``workers=None`` (the default): one worker per core, at most one per game.

Under Pyodide (``sys.platform == "emscripten"``) there are no processes: the games run as
with ``workers=0`` and a warning says so.

A bot that never answers would hang the tournament: ``move_timeout`` (seconds per decision)
bounds each decision of a bot that runs in its own process. When it passes, that bot's process
is killed, the game is a forfeit by that bot ("took longer than N s", see :mod:`.referee`) and
its process is started again for its next game. In this process (``workers=0``, Pyodide) a
Python call cannot be interrupted, so the limit does not apply there and a warning says so.

Every game is fixed by its seeds (see :mod:`.lineup`), so the result is the same whatever
``workers`` or ``client`` is: the same table and byte-identical saved games.
"""

from __future__ import annotations

import os
import sys
import warnings
from collections.abc import Callable, Generator, Mapping
from contextlib import closing
from pathlib import Path
from typing import Any, TypeVar

from .lineup import MAX_STEPS, BotFactory, Job, entrants, round_robin
from .progress import Bar
from .referee import GameRecord, play_game, play_isolated
from .result import ArenaResult, save_game
from .seat import ChildSeats, LocalSeats
from .settings import check_settings

T = TypeVar("T")
R = TypeVar("R")
TIMEOUT_NOTE = ("naga_widget.arena: move_timeout applies only to bots in their own process; with workers=0 "
                "the bots run in this process, where a move cannot be interrupted, so there is no time limit")
PYODIDE_NOTE = ("naga_widget.arena: Pyodide has no processes, so the games run in this process "
                "(as with workers=0) and the bots are not isolated from the game's true state")


def tournament(bots: Mapping[str, BotFactory | Any], *, games: int = 10, seed: int = 0, workers: int | None = None,
               client: Any = None, progress: bool = True, save_dir: str | Path | None = None,
               resamples: int = 200, max_steps: int = MAX_STEPS, move_timeout: float | None = None) -> ArenaResult:
    """Play a round robin: every pair of ``bots`` plays ``games`` games, seats swapped each game.

    ``bots`` maps a name to a bot class, a function returning a bot, or a bot instance (copied
    for every game); one that takes ``seed`` gets a per-game seed (see :mod:`.lineup`).
    ``workers``/``client`` choose where games run (see the module doc): with ``workers`` of 1 or
    more, or a ``client``, each bot runs alone in a child process that receives only its
    observation and legal actions; ``workers=0`` runs the bots in this process and offers no
    such isolation (a bot could find the true state there). ``progress`` shows a
    tqdm bar. ``save_dir`` receives every game as it ends (``Match.dumps()``) and a
    ``results.json``. ``resamples`` is the number of bootstrap draws behind the Elo intervals.
    The settings are checked first (:func:`~naga_widget.arena.settings.check_settings`, raising its
    ``SettingError``). A bot that fails forfeits that game (see :mod:`.referee`). ``move_timeout`` (seconds, or None
    for no limit) bounds each decision of a bot in its own process: one that takes longer is
    killed and forfeits that game. With ``workers=0`` it cannot be enforced (RuntimeWarning).
    """
    if not isinstance(bots, Mapping):
        raise TypeError(f"bots must be a dict of name -> bot factory, not {type(bots).__name__}")
    check_settings(bots=len(bots), games=games, seed=seed, workers=workers, client=client, move_timeout=move_timeout)
    if sys.platform == "emscripten" and (client is not None or workers != 0):
        warnings.warn(PYODIDE_NOTE, RuntimeWarning, stacklevel=2)
        workers, client = 0, None
    if move_timeout is not None and workers == 0:
        warnings.warn(TIMEOUT_NOTE, RuntimeWarning, stacklevel=2)
    refs = entrants(bots, remote=workers != 0)
    jobs = round_robin(refs, games, seed, max_steps=max_steps,
                       move_timeout=None if move_timeout is None else float(move_timeout))
    if client is None and workers is None:
        workers = max(1, min(os.cpu_count() or 1, len(jobs)))
    folder = Path(save_dir) if save_dir is not None else None
    where, played = _games(jobs, bots, workers, client)
    records: dict[int, GameRecord] = {}
    forfeits = 0
    with Bar(len(jobs), desc="arena", enabled=progress) as bar, closing(played):
        for record in played:
            records[record.id] = record
            if folder is not None:
                save_game(folder, record)
            if record.error:
                forfeits += 1
                bar.note(f"{forfeits} forfeited")
            bar.update()
    result = ArenaResult(tuple(r.name for r in refs), tuple(records[j.index] for j in jobs), seed, games,
                         where=where, resamples=resamples)
    if folder is not None:
        result.save(folder)
    return result


def _games(jobs: list[Job], bots: Mapping[str, Any], workers: int | None,
           client: Any) -> tuple[str, Generator[GameRecord, None, None]]:
    """Where the games run, in words, and the games' records as they end (in any order)."""
    if client is not None:
        count = len(client.scheduler_info().get("workers", {}))
        return (f"on a Dask cluster of {count} worker(s), each bot in its own process",
                on_dask(play_isolated, jobs, client))
    if workers == 0:
        return "in this process (workers=0: bots not isolated)", _here(jobs, LocalSeats(dict(bots)))
    if workers == 1:
        return "in this process, each bot in its own process (workers=1)", _here_isolated(jobs)
    return f"in {workers} worker processes, each bot in its own process", in_pool(play_isolated, jobs, workers or 1)


def _here(jobs: list[Job], seats: LocalSeats) -> Generator[GameRecord, None, None]:
    for job in jobs:
        yield play_game(job, seats)


def _here_isolated(jobs: list[Job]) -> Generator[GameRecord, None, None]:
    seats = ChildSeats()
    try:
        for job in jobs:
            seats.configure(job.sys_path)
            yield play_game(job, seats)
    finally:
        seats.close()


def _die_with_parent(parent: int) -> None:
    """In a worker process: the kernel kills it when its parent ends, even by SIGKILL
    (``PR_SET_PDEATHSIG``, Linux), so that no worker (nor, once they are gone, multiprocessing's
    resource tracker) outlives the tournament or league that started it."""
    if sys.platform.startswith("linux"):
        import ctypes
        import signal

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL, 0, 0, 0)  # PR_SET_PDEATHSIG
        if os.getppid() != parent:  # the parent ended before the signal was asked for
            os._exit(1)


def in_pool(play: Callable[[T], R], items: list[T], workers: int) -> Generator[R, None, None]:
    """``play`` of each item in ``workers`` fresh worker processes, in the order they finish (the
    league plays its games here too)."""
    import multiprocessing  # imported here: Pyodide has no processes
    from concurrent.futures import Future, ProcessPoolExecutor, as_completed

    # "spawn": a fresh interpreter per worker, the same on every OS and safe in a threaded notebook kernel
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=min(workers, len(items)), mp_context=context,
                             initializer=_die_with_parent, initargs=(os.getpid(),)) as pool:
        futures: list[Future[R]] = [pool.submit(play, item) for item in items]
        try:
            for future in as_completed(futures):
                yield future.result()
        finally:
            for future in futures:
                future.cancel()


def on_dask(play: Callable[[T], R], items: list[T], client: Any) -> Generator[R, None, None]:
    """``play`` of each item on the workers of a Dask ``client``, in the order they finish."""
    from distributed import as_completed as dask_completed

    futures = client.map(play, items, pure=False)
    try:
        for future in dask_completed(futures):
            yield future.result()
    finally:
        client.cancel(futures)
