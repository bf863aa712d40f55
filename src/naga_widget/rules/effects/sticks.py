"""E01–E05 — the effects on fate sticks: throw again, take from the supply, send back, turn, steal.

A stick is *in play* when it was thrown this round and is still held (R5).
Identical sticks are one target (R4.2.2), so targets list each token once.
"""

from __future__ import annotations

from ..chance import Chance
from ..draft import Draft, Readable, put, remove_one
from ..events import Event
from ..ruleset import TEMPLE_NAMES
from .base import Effect, Sticks, Target, distinct, face_words, note, stick_words


def _throw(d: Draft, kind: str, chance: Chance) -> str:
    return f"{kind}:{chance.pick('throw', d.ruleset.stick_type(kind).faces)}"


def _add_stick(sticks: tuple[str, ...], tok: str) -> tuple[str, ...]:
    return tuple(sorted(sticks + (tok,)))


def _supply_add(d: Draft, kind: str, n: int) -> None:
    k = d.ruleset.stick_names.index(kind)
    d.supply = d.supply[:k] + (d.supply[k] + n,) + d.supply[k + 1:]


def _opponent_has_stick(s: Readable, p: int, sticks: Sticks, supply: tuple[int, ...]) -> bool:
    return bool(sticks[1 - p])


def _opponent_sticks(s: Readable, p: int, sticks: Sticks, supply: tuple[int, ...]) -> tuple[Target, ...]:
    return tuple((tok,) for tok in distinct(sticks[1 - p]))


def _opponent_stick(target: Target, p: int) -> str:
    return f"{TEMPLE_NAMES[1 - p]}'s {stick_words(target[0])}"


# -- E01 Second Throw ----------------------------------------------------------------------------
def _e01_has_target(s: Readable, p: int, sticks: Sticks, supply: tuple[int, ...]) -> bool:
    return bool(sticks[0] or sticks[1])


def _e01_targets(s: Readable, p: int, sticks: Sticks, supply: tuple[int, ...]) -> tuple[Target, ...]:
    return tuple((f"p{o}:{tok}",) for o in (0, 1) for tok in distinct(sticks[o]))


def _e01_resolve(d: Draft, p: int, target: Target, chance: Chance, log: list[Event] | None) -> None:
    owner_tok, kind, face = target[0].split(":")
    owner = int(owner_tok[1])
    held = remove_one(d.sticks[owner], f"{kind}:{face}")
    new = _throw(d, kind, chance)
    d.sticks = put(d.sticks, owner, _add_stick(held, new))
    note(log, "E01", "throw", f"{TEMPLE_NAMES[owner]}'s {kind}:{face} is thrown again: {new}",
         player=owner, before=f"{kind}:{face}", after=new)


E01 = Effect(
    id="E01", name="Second Throw",
    text="Throw one stick in play again (yours or the opponent's).",
    hint="a stick in play as owner:type:face, e.g. 'p1:teal:2'",
    has_target=_e01_has_target, targets=_e01_targets, resolve=_e01_resolve, pay_matters=True,
    kinds=("owned_stick",), words=lambda target, p: f"throw {stick_words(target[0])} again",
)


# -- E02 Gift of Fate ----------------------------------------------------------------------------
def _e02_has_target(s: Readable, p: int, sticks: Sticks, supply: tuple[int, ...]) -> bool:
    return any(supply)


def _e02_targets(s: Readable, p: int, sticks: Sticks, supply: tuple[int, ...]) -> tuple[Target, ...]:
    return tuple((name,) for name, left in zip(s.ruleset.stick_names, supply) if left)


def _e02_resolve(d: Draft, p: int, target: Target, chance: Chance, log: list[Event] | None) -> None:
    kind = target[0]
    _supply_add(d, kind, -1)
    new = _throw(d, kind, chance)
    d.sticks = put(d.sticks, p, _add_stick(d.sticks[p], new))
    note(log, "E02", "throw", f"{TEMPLE_NAMES[p]} takes a {kind} stick and throws {new}", player=p, stick=new)


E02 = Effect(
    id="E02", name="Gift of Fate",
    text="Take a stick of any type from the supply and throw it; it is yours.",
    hint="a stick type with sticks left in the supply, e.g. 'violet'",
    has_target=_e02_has_target, targets=_e02_targets, resolve=_e02_resolve, pay_matters=True,
    kinds=("stick_type",), words=lambda target, p: f"take a {target[0]} stick from the supply and throw it",
)


# -- E03 Snuffed Torch ---------------------------------------------------------------------------
def _e03_resolve(d: Draft, p: int, target: Target, chance: Chance, log: list[Event] | None) -> None:
    o = 1 - p
    d.sticks = put(d.sticks, o, remove_one(d.sticks[o], target[0]))
    _supply_add(d, target[0].split(":")[0], 1)
    note(log, "E03", "stick_returned", f"{TEMPLE_NAMES[o]}'s {target[0]} returns to the supply",
         player=o, stick=target[0])


E03 = Effect(
    id="E03", name="Snuffed Torch",
    text="Send one of the opponent's sticks back to the supply.",
    hint="one of the opponent's sticks as type:face, e.g. 'teal:N'",
    has_target=_opponent_has_stick, targets=_opponent_sticks, resolve=_e03_resolve,
    kinds=("stick",), words=lambda target, p: f"send {_opponent_stick(target, p)} back to the supply",
)


# -- E04 Twist of Fate ---------------------------------------------------------------------------
def _e04_has_target(s: Readable, p: int, sticks: Sticks, supply: tuple[int, ...]) -> bool:
    return bool(sticks[p])


def _e04_targets(s: Readable, p: int, sticks: Sticks, supply: tuple[int, ...]) -> tuple[Target, ...]:
    turns = s.ruleset.stick_turns
    return tuple((tok, f) for tok in distinct(sticks[p]) for f in turns[tok])


def _e04_resolve(d: Draft, p: int, target: Target, chance: Chance, log: list[Event] | None) -> None:
    tok, face = target
    new = f"{tok.split(':')[0]}:{face}"
    d.sticks = put(d.sticks, p, _add_stick(remove_one(d.sticks[p], tok), new))
    note(log, "E04", "stick_turned", f"{TEMPLE_NAMES[p]} turns {tok} to {new}", player=p, before=tok, after=new)


E04 = Effect(
    id="E04", name="Twist of Fate",
    text="Turn one of your sticks to another face of your choice.",
    hint="one of your sticks and a different face, e.g. 'brown:2 N'",
    has_target=_e04_has_target, targets=_e04_targets, resolve=_e04_resolve, pay_matters=True,
    kinds=("stick", "face"),
    words=lambda target, p: f"turn your {stick_words(target[0])} to {face_words(target[1])}",
)


# -- E05 Stolen Fate -----------------------------------------------------------------------------
def _e05_resolve(d: Draft, p: int, target: Target, chance: Chance, log: list[Event] | None) -> None:
    o = 1 - p
    d.sticks = put(d.sticks, o, remove_one(d.sticks[o], target[0]))
    d.sticks = put(d.sticks, p, _add_stick(d.sticks[p], target[0]))
    note(log, "E05", "stick_stolen", f"{TEMPLE_NAMES[p]} takes {TEMPLE_NAMES[o]}'s {target[0]}",
         player=p, stick=target[0])


E05 = Effect(
    id="E05", name="Stolen Fate",
    text="Take one of the opponent's sticks, face unchanged.",
    hint="one of the opponent's sticks as type:face, e.g. 'teal:2'",
    has_target=_opponent_has_stick, targets=_opponent_sticks, resolve=_e05_resolve,
    kinds=("stick",), words=lambda target, p: f"take {_opponent_stick(target, p)}",
)
