"""R5 — the twelve naga effects: their legal targets and what they do.

For each effect ``targets`` lists every legal target (a tuple of tokens, see
actions.py) for player ``p``, given the sticks and supply *after paying*
(R4.2.2: an effect is legal only if it then has a target). ``has_target`` is the
"legal only if" column of R5, and ``resolve`` carries the effect out on a draft.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from typing import TYPE_CHECKING, Any

from . import flow
from .chance import Chance
from .events import Event
from .ruleset import EFFECT_NAMES, TEMPLE_NAMES, TRAP
from .temple import SLOT_NAMES, Temple, place_tile

if TYPE_CHECKING:
    from .state import Draft

NAMES = EFFECT_NAMES
Target = tuple[str, ...]
Sticks = tuple[tuple[str, ...], tuple[str, ...]]

SPACE_TOKENS = tuple(tuple(f"{name}:{i}" for i in range(9)) for name in TEMPLE_NAMES)
SLOT_TOKENS = tuple(tuple(f"{name}:{slot}" for slot in SLOT_NAMES) for name in TEMPLE_NAMES)
SPACE_OF = {tok: (t, i) for t, row in enumerate(SPACE_TOKENS) for i, tok in enumerate(row)}
SLOT_OF = {tok: (t, i) for t, row in enumerate(SLOT_TOKENS) for i, tok in enumerate(row)}
LINES = {  # E08: the spaces of each row (west→east) and column (north→south)
    **{f"row{r}": (3 * r, 3 * r + 1, 3 * r + 2) for r in range(3)},
    **{f"col{c}": (c, c + 3, c + 6) for c in range(3)},
}
LINE_DIRECTIONS = {"row": ("east", "west"), "col": ("north", "south")}
_E07 = tuple((row[a], row[b]) for row in SLOT_TOKENS for a, b in combinations(range(9), 2))
_PAIRS = tuple(combinations(range(9), 2))
TRAP_TILE = place_tile(TRAP, 0, 0)
_NO_TILES = (None,) * 9

HINTS = {
    "E01": "a stick in play as owner:type:face, e.g. 'p1:teal:2'",
    "E02": "a stick type with sticks left in the supply, e.g. 'violet'",
    "E03": "one of the opponent's sticks as type:face, e.g. 'teal:N'",
    "E04": "one of your sticks and a different face, e.g. 'brown:2 N'",
    "E05": "one of the opponent's sticks as type:face, e.g. 'teal:2'",
    "E06": "one or two face-down relics you do not know, in slot order, e.g. 'gold:W0 silver:E2'",
    "E07": "two slots of one temple in slot order W2 W1 W0 N0 N1 N2 E0 E1 E2, e.g. 'gold:W0 gold:N1'",
    "E08": "a row or column holding a tile and a direction, e.g. 'gold:row0 east' or 'silver:col2 north'",
    "E09": "a room tile and a new orientation, e.g. 'gold:4 rot1'",
    "E10": "two spaces of one temple (at least one holding a tile), lower first, e.g. 'gold:4 gold:7'",
    "E11": "an empty space of the opponent's temple, e.g. 'silver:4'",
    "E12": "no target",
}


def _distinct(items: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(items))


@lru_cache(maxsize=4096)
def _e06_targets(unknown_gold: int, unknown_silver: int) -> tuple[Target, ...]:
    """E06: one or two face-down relics the invoker does not know (masks of such slots per temple)."""
    slots = [SLOT_TOKENS[t][i] for t, mask in enumerate((unknown_gold, unknown_silver))
             for i in range(9) if mask >> i & 1]
    return tuple((a,) for a in slots) + tuple(combinations(slots, 2))


@lru_cache(maxsize=1024)
def _e08_targets(filled: int, t: int) -> tuple[Target, ...]:
    """E08: each row or column of temple ``t`` that holds a tile, in both directions."""
    out: list[Target] = []
    for line, spaces in LINES.items():
        if any(filled >> i & 1 for i in spaces):
            out.extend((f"{TEMPLE_NAMES[t]}:{line}", way) for way in LINE_DIRECTIONS[line[:3]])
    return tuple(out)


@lru_cache(maxsize=1024)
def _e10_targets(filled: int, t: int) -> tuple[Target, ...]:
    """E10: each pair of spaces of temple ``t`` with at least one tile, lower space first."""
    row = SPACE_TOKENS[t]
    return tuple((row[a], row[b]) for a, b in _PAIRS if (filled >> a | filled >> b) & 1)


def has_target(s: Any, p: int, effect: str, sticks: Sticks, supply: tuple[int, ...]) -> bool:
    """R5, "legal only if": does ``effect`` have a target for ``p`` (after paying)?"""
    if effect in ("E07", "E12"):
        return True
    if effect == "E01":
        return bool(sticks[0] or sticks[1])
    if effect == "E02":
        return any(supply)
    if effect in ("E03", "E05"):
        return bool(sticks[1 - p])
    if effect == "E04":
        return bool(sticks[p])
    if effect == "E06":
        t0, t1 = s.temples
        return (t0.up | t0.known[p]) != 0b111111111 or (t1.up | t1.known[p]) != 0b111111111
    if effect in ("E08", "E10"):
        return s.temples[0].tiles != _NO_TILES or s.temples[1].tiles != _NO_TILES
    if effect == "E09":
        return any(tile is not None and tile.room != TRAP and len(s.ruleset.room(tile.room).orientations()) > 1
                   for t in s.temples for tile in t.tiles)
    if effect == "E11":
        return s.temples[1 - p].tiles.count(None) >= 2
    raise ValueError(f"unknown effect {effect}")


def targets(s: Any, p: int, effect: str, sticks: Sticks, supply: tuple[int, ...]) -> tuple[Target, ...]:
    """Every legal target of ``effect`` for ``p``, in a fixed order."""
    if effect == "E12":
        return ((),)
    if effect == "E07":
        return _E07
    if effect == "E01":
        return tuple((f"p{o}:{tok}",) for o in (0, 1) for tok in _distinct(sticks[o]))
    if effect == "E02":
        return tuple((name,) for name, left in zip(s.ruleset.stick_names, supply) if left)
    if effect in ("E03", "E05"):
        return tuple((tok,) for tok in _distinct(sticks[1 - p]))
    if effect == "E04":
        turns = s.ruleset.stick_turns
        return tuple((tok, f) for tok in _distinct(sticks[p]) for f in turns[tok])
    if effect == "E06":
        t0, t1 = s.temples
        return _e06_targets(0b111111111 & ~(t0.up | t0.known[p]), 0b111111111 & ~(t1.up | t1.known[p]))
    if effect == "E08":
        return _e08_targets(s.temples[0].filled_mask(), 0) + _e08_targets(s.temples[1].filled_mask(), 1)
    if effect == "E09":
        out: list[Target] = []
        turnings = s.ruleset.turnings
        for t, temple in enumerate(s.temples):
            for i, tile in enumerate(temple.tiles):
                if tile is not None and tile.room != TRAP:
                    out.extend((SPACE_TOKENS[t][i], k) for k in turnings[tile.room, tile.rotation])
        return tuple(out)
    if effect == "E10":
        return _e10_targets(s.temples[0].filled_mask(), 0) + _e10_targets(s.temples[1].filled_mask(), 1)
    if effect == "E11":
        opp = s.temples[1 - p]
        empty = [i for i, tile in enumerate(opp.tiles) if tile is None]
        return tuple((SPACE_TOKENS[1 - p][i],) for i in empty) if len(empty) >= 2 else ()
    raise ValueError(f"unknown effect {effect}")


def is_target(s: Any, p: int, effect: str, sticks: Sticks, supply: tuple[int, ...], target: Target) -> bool:
    """Is ``target`` one of :func:`targets`? (Fast paths for the large fixed sets.)"""
    if effect == "E07":
        return len(target) == 2 and target[0] in SLOT_OF and target[1] in SLOT_OF and \
            SLOT_OF[target[0]][0] == SLOT_OF[target[1]][0] and SLOT_OF[target[0]][1] < SLOT_OF[target[1]][1]
    return target in targets(s, p, effect, sticks, supply)


# -- resolution --------------------------------------------------------------------------------
def resolve(d: Draft, p: int, effect: str, target: Target, chance: Chance, log: list[Event] | None) -> None:
    """Carry out ``effect`` (already checked legal) for player ``p``."""
    _RESOLVE[effect](d, p, target, chance, log)


def _throw(d: Draft, kind: str, chance: Chance) -> str:
    return f"{kind}:{chance.pick('throw', d.ruleset.stick_type(kind).faces)}"


def _note(log: list[Event] | None, effect: str, kind: str, text: str, **data: Any) -> None:
    if log is not None:
        log.append(Event(effect, kind, text, data))


def _add_stick(sticks: tuple[str, ...], tok: str) -> tuple[str, ...]:
    return tuple(sorted(sticks + (tok,)))


def _supply_add(d: Draft, kind: str, n: int) -> None:
    k = d.ruleset.stick_names.index(kind)
    d.supply = d.supply[:k] + (d.supply[k] + n,) + d.supply[k + 1:]


def _e01(d: Draft, p: int, target: Target, chance: Chance, log: list[Event] | None) -> None:
    owner_tok, kind, face = target[0].split(":")
    owner = int(owner_tok[1])
    held = flow.remove_one(d.sticks[owner], f"{kind}:{face}")
    new = _throw(d, kind, chance)
    d.sticks = flow.put(d.sticks, owner, _add_stick(held, new))
    _note(log, "E01", "throw", f"{TEMPLE_NAMES[owner]}'s {kind}:{face} is thrown again: {new}",
          player=owner, before=f"{kind}:{face}", after=new)


def _e02(d: Draft, p: int, target: Target, chance: Chance, log: list[Event] | None) -> None:
    kind = target[0]
    _supply_add(d, kind, -1)
    new = _throw(d, kind, chance)
    d.sticks = flow.put(d.sticks, p, _add_stick(d.sticks[p], new))
    _note(log, "E02", "throw", f"{TEMPLE_NAMES[p]} takes a {kind} stick and throws {new}", player=p, stick=new)


def _e03(d: Draft, p: int, target: Target, chance: Chance, log: list[Event] | None) -> None:
    o = 1 - p
    d.sticks = flow.put(d.sticks, o, flow.remove_one(d.sticks[o], target[0]))
    _supply_add(d, target[0].split(":")[0], 1)
    _note(log, "E03", "stick_returned", f"{TEMPLE_NAMES[o]}'s {target[0]} returns to the supply",
          player=o, stick=target[0])


def _e04(d: Draft, p: int, target: Target, chance: Chance, log: list[Event] | None) -> None:
    tok, face = target
    new = f"{tok.split(':')[0]}:{face}"
    d.sticks = flow.put(d.sticks, p, _add_stick(flow.remove_one(d.sticks[p], tok), new))
    _note(log, "E04", "stick_turned", f"{TEMPLE_NAMES[p]} turns {tok} to {new}", player=p, before=tok, after=new)


def _e05(d: Draft, p: int, target: Target, chance: Chance, log: list[Event] | None) -> None:
    o = 1 - p
    d.sticks = flow.put(d.sticks, o, flow.remove_one(d.sticks[o], target[0]))
    d.sticks = flow.put(d.sticks, p, _add_stick(d.sticks[p], target[0]))
    _note(log, "E05", "stick_stolen", f"{TEMPLE_NAMES[p]} takes {TEMPLE_NAMES[o]}'s {target[0]}",
          player=p, stick=target[0])


def _e06(d: Draft, p: int, target: Target, chance: Chance, log: list[Event] | None) -> None:
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


def _swap_bits(mask: int, a: int, b: int) -> int:
    if (mask >> a & 1) != (mask >> b & 1):
        mask ^= (1 << a) | (1 << b)
    return mask


def _e07(d: Draft, p: int, target: Target, chance: Chance, log: list[Event] | None) -> None:
    t, a = SLOT_OF[target[0]]
    _, b = SLOT_OF[target[1]]
    temple = d.temples[t]
    relics = list(temple.relics)
    relics[a], relics[b] = relics[b], relics[a]
    # Faces and knowledge travel with the relics; R2.4 then flips what must flip.
    moved = temple._replace(relics=tuple(relics), up=_swap_bits(temple.up, a, b),
                            known=(_swap_bits(temple.known[0], a, b), _swap_bits(temple.known[1], a, b),
                                   _swap_bits(temple.known[2], a, b)))
    _note(log, "E07", "swap", f"the relics of {target[0]} and {target[1]} are swapped", temple=t,
          slots=list(target))
    flow.temple_changed(d, t, moved, log, "E07")


def _rearranged(temple: Temple, order: dict[int, int]) -> Temple:
    """``temple`` with space ``dst`` now holding what was on ``src`` for each dst → src."""
    tiles, amulets = list(temple.tiles), list(temple.amulets)
    for dst, src in order.items():
        tiles[dst], amulets[dst] = temple.tiles[src], temple.amulets[src]
    return temple._replace(tiles=tuple(tiles), amulets=tuple(amulets))


def _move_trap_with(d: Draft, t: int, order: dict[int, int]) -> None:
    if d.trap is not None and d.trap[0] == t:
        for dst, src in order.items():
            if src == d.trap[1]:
                d.trap = (t, dst)
                return


def _e08(d: Draft, p: int, target: Target, chance: Chance, log: list[Event] | None) -> None:
    name, line = target[0].split(":")
    t = TEMPLE_NAMES.index(name)
    a, b, c = LINES[line]  # west→east or north→south
    forward = target[1] in ("east", "south")
    order = {b: a, c: b, a: c} if forward else {a: b, b: c, c: a}
    _move_trap_with(d, t, order)
    _note(log, "E08", "slide", f"{name} {line} slides {target[1]}", temple=t, line=line, direction=target[1])
    flow.temple_changed(d, t, _rearranged(d.temples[t], order), log, "E08")


def _e09(d: Draft, p: int, target: Target, chance: Chance, log: list[Event] | None) -> None:
    t, i = SPACE_OF[target[0]]
    k = int(target[1][3:])
    temple = d.temples[t]
    tile = temple.tiles[i]
    assert tile is not None
    turned = place_tile(tile.room, k, d.ruleset.room(tile.room).openings)
    _note(log, "E09", "turn", f"{tile.room} on {target[0]} turns to rotation {k}", temple=t, space=i, rotation=k)
    flow.temple_changed(d, t, temple.put(i, turned, temple.amulets[i]), log, "E09")


def _e10(d: Draft, p: int, target: Target, chance: Chance, log: list[Event] | None) -> None:
    t, a = SPACE_OF[target[0]]
    _, b = SPACE_OF[target[1]]
    order = {a: b, b: a}
    _move_trap_with(d, t, order)
    _note(log, "E10", "swap_spaces", f"the contents of {target[0]} and {target[1]} are swapped",
          temple=t, spaces=[a, b])
    flow.temple_changed(d, t, _rearranged(d.temples[t], order), log, "E10")


def _e11(d: Draft, p: int, target: Target, chance: Chance, log: list[Event] | None) -> None:
    t, i = SPACE_OF[target[0]]
    where = "the side" if d.trap is None else SPACE_TOKENS[d.trap[0]][d.trap[1]]
    if d.trap is not None:
        src_t, src = d.trap
        d.temples = flow.put(d.temples, src_t, d.temples[src_t].put(src, None))
    d.trap = (t, i)
    _note(log, "E11", "trap_moved", f"the trap moves from {where} to {target[0]}", temple=t, space=i)
    # The trap blocks like an empty space: nothing flips, but R2.4 is applied all the same.
    flow.temple_changed(d, t, d.temples[t].put(i, TRAP_TILE), log, "E11")


def _e12(d: Draft, p: int, target: Target, chance: Chance, log: list[Event] | None) -> None:
    got = flow.draw(d, p, 2, chance, log)
    d.hands = flow.put(d.hands, p, tuple(sorted(d.hands[p] + got)))
    if log is not None:
        log.append(Event("E12", "draw", f"{TEMPLE_NAMES[p]} draws {len(got)} card(s)",
                         {"player": p, "count": len(got)}, p, " ".join(got), {"cards": list(got)}))


_RESOLVE = {"E01": _e01, "E02": _e02, "E03": _e03, "E04": _e04, "E05": _e05, "E06": _e06,
            "E07": _e07, "E08": _e08, "E09": _e09, "E10": _e10, "E11": _e11, "E12": _e12}
