"""E12 — the effect on cards: the invoker draws two (the deck refilled as in R4.4 when it runs out)."""

from __future__ import annotations

from ..chance import Chance
from ..draft import Draft, Readable, put
from ..events import Event
from ..ruleset import TEMPLE_NAMES
from ..upkeep import draw
from .base import Effect, Sticks, Target, always


# -- E12 Scroll of Wisdom ------------------------------------------------------------------------
def _e12_targets(s: Readable, p: int, sticks: Sticks, supply: tuple[int, ...]) -> tuple[Target, ...]:
    return ((),)


def _e12_resolve(d: Draft, p: int, target: Target, chance: Chance, log: list[Event] | None) -> None:
    got = draw(d, p, 2, chance, log)
    d.hands = put(d.hands, p, tuple(sorted(d.hands[p] + got)))
    if log is not None:
        log.append(Event("E12", "draw", f"{TEMPLE_NAMES[p]} draws {len(got)} card(s)",
                         {"player": p, "count": len(got)}, p, " ".join(got), {"cards": list(got)}))


E12 = Effect(
    id="E12", name="Scroll of Wisdom",
    text="Draw two cards.",
    hint="no target",
    has_target=always, targets=_e12_targets, resolve=_e12_resolve,
    kinds=(), words=lambda target, p: "draw two cards",
)
