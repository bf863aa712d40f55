"""E06 and E07 — the effects on relics: look at hidden relics, swap two relics of a temple.

Slots are named in the canonical order of R2.2; a pair is listed in that order,
the gold temple first, and a pair named in the other order is recorded in it
(rules.md, implementation note 5).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from ..chance import Chance
from ..draft import Draft, Readable
from ..events import Event
from ..ruleset import TEMPLE_NAMES
from ..upkeep import temple_changed
from .base import SLOT_OF, SLOT_TOKENS, Effect, Sticks, Target, always, note, place_words

_ALL_SLOTS = 0b111111111


# -- E06 Third Eye -------------------------------------------------------------------------------
def _e06_has_target(s: Readable, p: int, sticks: Sticks, supply: tuple[int, ...]) -> bool:
    t0, t1 = s.temples
    return (t0.up | t0.known[p]) != _ALL_SLOTS or (t1.up | t1.known[p]) != _ALL_SLOTS


@lru_cache(maxsize=4096)
def _unknown_slots(unknown_gold: int, unknown_silver: int) -> tuple[Target, ...]:
    """One or two face-down relics the invoker does not know (masks of such slots per temple)."""
    slots = [SLOT_TOKENS[t][i] for t, mask in enumerate((unknown_gold, unknown_silver))
             for i in range(9) if mask >> i & 1]
    return tuple((a,) for a in slots) + tuple(combinations(slots, 2))


def _e06_targets(s: Readable, p: int, sticks: Sticks, supply: tuple[int, ...]) -> tuple[Target, ...]:
    t0, t1 = s.temples
    return _unknown_slots(_ALL_SLOTS & ~(t0.up | t0.known[p]), _ALL_SLOTS & ~(t1.up | t1.known[p]))


def _e06_resolve(d: Draft, p: int, target: Target, chance: Chance, log: list[Event] | None) -> None:
    temples = list(d.temples)
    seen = []
    for tok in target:
        t, i = SLOT_OF[tok]
        temple = temples[t]
        k0, k1, k2 = temple.known
        known = (k0 | 1 << i, k1, k2) if p == 0 else (k0, k1 | 1 << i, k2)
        temples[t] = temple._replace(known=known)
        seen.append((tok, temple.relics[i]))
    d.temples = (temples[0], temples[1])
    if log is not None:
        log.append(Event("E06", "peek", f"{TEMPLE_NAMES[p]} looks in secret at {' and '.join(target)}",
                         {"player": p, "slots": list(target)}, p, ", ".join(f"{a} is {v}" for a, v in seen),
                         {"relics": dict(seen)}))


E06 = Effect(
    id="E06", name="Third Eye",
    text="Secretly look at one or two face-down relics you do not know.",
    hint="one or two face-down relics you do not know, e.g. 'gold:W0 silver:E2'",
    has_target=_e06_has_target, targets=_e06_targets, resolve=_e06_resolve,
    kinds=("slot", "slot"), unordered=True,
    words=lambda target, p: f"look at {' and '.join(map(place_words, target))}",
)


# -- E07 Shifting Altars -------------------------------------------------------------------------
_SLOT_PAIRS = tuple((row[a], row[b]) for row in SLOT_TOKENS for a, b in combinations(range(9), 2))


def _e07_targets(s: Readable, p: int, sticks: Sticks, supply: tuple[int, ...]) -> tuple[Target, ...]:
    return _SLOT_PAIRS


def _e07_is_target(s: Readable, p: int, sticks: Sticks, supply: tuple[int, ...], target: Target) -> bool:
    """Two slots of one temple, in slot order (the same answer as looking in the 72 pairs, faster)."""
    if len(target) != 2 or target[0] not in SLOT_OF or target[1] not in SLOT_OF:
        return False
    (t, a), (u, b) = SLOT_OF[target[0]], SLOT_OF[target[1]]
    return t == u and a < b


def _e07_words(target: Target, p: int) -> str:
    temple, a = target[0].split(":")
    return f"swap {temple} {a} ↔ {target[1].split(':')[1]}"


def _swap_bits(mask: int, a: int, b: int) -> int:
    if (mask >> a & 1) != (mask >> b & 1):
        mask ^= (1 << a) | (1 << b)
    return mask


def _e07_resolve(d: Draft, p: int, target: Target, chance: Chance, log: list[Event] | None) -> None:
    t, a = SLOT_OF[target[0]]
    _, b = SLOT_OF[target[1]]
    temple = d.temples[t]
    relics = list(temple.relics)
    relics[a], relics[b] = relics[b], relics[a]
    # Faces and knowledge travel with the relics; R2.4 then flips what must flip.
    known = temple.known
    moved = temple._replace(relics=tuple(relics), up=_swap_bits(temple.up, a, b),
                            known=(_swap_bits(known[0], a, b), _swap_bits(known[1], a, b),
                                   _swap_bits(known[2], a, b)))
    note(log, "E07", "swap", f"the relics of {target[0]} and {target[1]} are swapped", temple=t,
         slots=list(target))
    temple_changed(d, t, moved, log, "E07")


E07 = Effect(
    id="E07", name="Shifting Altars",
    text="Swap the relics of two slots of one temple.",
    hint="two slots of one temple (W2 W1 W0 N0 N1 N2 E0 E1 E2), e.g. 'gold:W0 gold:N1'",
    has_target=always, targets=_e07_targets, resolve=_e07_resolve, is_target=_e07_is_target,
    kinds=("slot", "slot"), unordered=True, words=_e07_words,
    change_words=lambda target, p: (f"the relics of {place_words(target[0])} and {target[1].split(':')[1]} trade "
                                    f"places, each keeping its face"),
)
