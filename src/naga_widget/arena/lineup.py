"""Who plays whom: the entrants of a tournament, the round robin, and every game's seeds.

A tournament takes ``bots``, a mapping from a name to a *bot factory*, one of:

- a bot class (``RandomBot``): it is called for every game;
- a callable with no required argument (a function, a ``functools.partial``): called for every game;
- a bot instance (anything with ``act``): every game gets its own copy (``copy.deepcopy``),
  so what the bot learns in one game does not carry over to the next.

A class or callable that takes a ``seed`` parameter is called with ``seed=`` a per-game seed.
Seeds are derived from the tournament seed, the two names and the game's number in the pair,
so a game never depends on how many workers played or in which order the games finished.

>>> a, b = derive_seed(1, "match", "x", "y", 0), derive_seed(1, "match", "x", "y", 1)
>>> a == derive_seed(1, "match", "x", "y", 0) and a != b
True
"""

from __future__ import annotations

import copy
import hashlib
import inspect
import os
import pickle
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from ..bots import Bot, sees_the_truth
from ..rules import TEMPLE_NAMES

Kind = Literal["class", "factory", "instance"]
BotFactory = type[Bot] | Callable[..., Bot] | Bot

MAX_STEPS = 10_000  # no game of the standard rules comes close (R7 ends every game)


class BotSetupError(TypeError):
    """A bot of a tournament that cannot be made or sent to its process (not a bot, not picklable)."""


def derive_seed(seed: int, *parts: object) -> int:
    """A 32-bit seed from the tournament seed and a description of what it is for."""
    text = "\x1f".join(["naga-arena", str(seed), *map(str, parts)])
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:4], "big")


def kind_of(factory: object) -> Kind:
    """How a factory makes a game's bot: call a class, call a function, or copy an instance."""
    if isinstance(factory, type):
        return "class"
    if hasattr(factory, "act"):
        return "instance"
    if callable(factory):
        return "factory"
    raise BotSetupError(f"a bot must be a bot class, a function that returns a bot, or a bot instance "
                    f"(with act(observation, legal)), not {type(factory).__name__}")


def takes_seed(factory: object) -> bool:
    """Whether calling ``factory`` accepts ``seed=``."""
    try:
        params = inspect.signature(factory).parameters  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return False
    return "seed" in params or any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values())


def make_bot(kind: Kind, factory: Any, seeded: bool, seed: int) -> Bot:
    """One game's bot from its factory (see the module doc)."""
    if kind == "instance":
        bot = copy.deepcopy(factory)
    else:
        bot = factory(seed=seed) if seeded else factory()
    if not callable(getattr(bot, "act", None)):
        raise BotSetupError(f"the bot factory returned {type(bot).__name__}, which has no act(observation, legal)")
    return bot  # type: ignore[no-any-return]


def serialize(name: str, factory: object) -> bytes:
    """The factory as bytes for another process: by value where cloudpickle is installed
    (so bots written in a notebook travel too), else by reference with :mod:`pickle`."""
    try:
        import cloudpickle
    except ImportError:
        dumps: Callable[[object], bytes] = pickle.dumps
    else:
        dumps = cloudpickle.dumps
    try:
        return dumps(factory)
    except Exception as exc:
        raise BotSetupError(
            f"bot {name!r} cannot be sent to a worker process ({type(exc).__name__}: {exc}). Define it in a "
            "module (or install cloudpickle), or run the games in this process with workers=0") from exc


@dataclass(frozen=True)
class BotRef:
    """A bot as a game needs it: its name, how to make it, and (for other processes) its bytes."""

    name: str
    kind: Kind
    seeded: bool
    payload: bytes | None = None
    truth: bool = False  # the bot plays on the true state (ClairvoyantBot): the referee shows it everything


@dataclass(frozen=True)
class Job:
    """One game to play: everything needed to play it, in any process, the same way."""

    index: int
    pair: tuple[str, str]
    number: int  # the game's number within its pair; even: pair[0] plays gold
    players: tuple[BotRef, BotRef]  # gold (player 0), silver (player 1)
    seed: int
    bot_seeds: tuple[int, int]
    sys_path: tuple[str, ...] = ()
    max_steps: int = MAX_STEPS
    move_timeout: float | None = None  # seconds per decision of a bot in its own process; None: no limit

    @property
    def title(self) -> str:
        gold, silver = (r.name for r in self.players)
        return f"game {self.index} ({gold} as {TEMPLE_NAMES[0]} vs {silver} as {TEMPLE_NAMES[1]}, seed {self.seed})"


def entrants(bots: Mapping[str, BotFactory | Any], *, remote: bool) -> list[BotRef]:
    """Check each bot and describe it; ``remote`` also serializes them for other processes (how many
    there are is a setting: :func:`~naga_widget.arena.settings.check_settings`)."""
    refs = []
    for name, factory in bots.items():
        if not isinstance(name, str) or not name:
            raise TypeError(f"bot names must be non-empty strings, not {name!r}")
        kind = kind_of(factory)
        seeded = kind != "instance" and takes_seed(factory)
        refs.append(BotRef(name, kind, seeded, serialize(name, factory) if remote else None,
                           truth=sees_the_truth(factory)))
    return refs


def round_robin(refs: list[BotRef], games: int, seed: int, *, max_steps: int = MAX_STEPS,
                move_timeout: float | None = None) -> list[Job]:
    """Every pair plays ``games`` games, seats swapped each game (the first of the pair is gold in game 0);
    the settings were checked by :func:`~naga_widget.arena.settings.check_settings`."""
    path = tuple(os.getcwd() if p == "" else p for p in sys.path)
    jobs: list[Job] = []
    for i, a in enumerate(refs):
        for b in refs[i + 1:]:
            for k in range(games):
                gold, silver = (a, b) if k % 2 == 0 else (b, a)
                where = (a.name, b.name, k)
                bot_seeds = (derive_seed(seed, "bot", *where, gold.name), derive_seed(seed, "bot", *where, silver.name))
                jobs.append(Job(index=len(jobs), pair=(a.name, b.name), number=k, players=(gold, silver),
                                seed=derive_seed(seed, "match", *where), bot_seeds=bot_seeds,
                                sys_path=path, max_steps=max_steps, move_timeout=move_timeout))
    return jobs
