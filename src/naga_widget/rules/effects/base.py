"""R5 — the record every naga effect is written as, and the target tokens effects share.

An effect's targets are tuples of tokens (the text forms of rules.md, last
section). ``sticks`` and ``supply`` are those *after paying* (R4.2.2: an effect is
legal only if it then has a target), so the functions take them apart from the
position they read the rest from.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..chance import Chance
from ..draft import Draft, Readable
from ..events import Event
from ..ruleset import TEMPLE_NAMES
from ..temple import SLOT_NAMES

Target = tuple[str, ...]
Sticks = tuple[tuple[str, ...], tuple[str, ...]]
HasTarget = Callable[[Readable, int, Sticks, tuple[int, ...]], bool]
Targets = Callable[[Readable, int, Sticks, tuple[int, ...]], tuple[Target, ...]]
IsTarget = Callable[[Readable, int, Sticks, tuple[int, ...], Target], bool]
Resolve = Callable[[Draft, int, Target, Chance, list[Event] | None], None]

#: ``gold:4`` and ``gold:W0``: the tokens of spaces and relic slots, per temple, and what each stands for.
SPACE_TOKENS = tuple(tuple(f"{name}:{i}" for i in range(9)) for name in TEMPLE_NAMES)
SLOT_TOKENS = tuple(tuple(f"{name}:{slot}" for slot in SLOT_NAMES) for name in TEMPLE_NAMES)
SPACE_OF = {tok: (t, i) for t, row in enumerate(SPACE_TOKENS) for i, tok in enumerate(row)}
SLOT_OF = {tok: (t, i) for t, row in enumerate(SLOT_TOKENS) for i, tok in enumerate(row)}


@dataclass(frozen=True, slots=True)
class Effect:
    """One naga effect of R5: its words for players and its three functions.

    ``has_target`` is the "legal when" of R5; ``targets`` lists every legal target
    in a fixed order; ``resolve`` carries the effect out on a draft, once checked.
    ``pay_matters`` is true when paying a naga can change the targets (the effect
    reads the invoker's sticks or the supply). ``is_target`` may give a faster test
    than looking the target up in ``targets``.
    """

    id: str
    name: str
    text: str
    hint: str
    has_target: HasTarget
    targets: Targets
    resolve: Resolve
    pay_matters: bool = False
    is_target: IsTarget | None = None

    def accepts(self, s: Readable, p: int, sticks: Sticks, supply: tuple[int, ...], target: Target) -> bool:
        """Is ``target`` one of :attr:`targets`?"""
        if self.is_target is not None:
            return self.is_target(s, p, sticks, supply, target)
        return target in self.targets(s, p, sticks, supply)


def always(s: Readable, p: int, sticks: Sticks, supply: tuple[int, ...]) -> bool:
    """The "legal: always" of R5."""
    return True


def distinct(items: tuple[str, ...]) -> tuple[str, ...]:
    """``items`` without repeats, in order (identical sticks are one target, R4.2.2)."""
    return tuple(dict.fromkeys(items))


def note(log: list[Event] | None, effect: str, kind: str, text: str, **data: Any) -> None:
    """Log a public event of ``effect``."""
    if log is not None:
        log.append(Event(effect, kind, text, data))
