"""What changed between two observations of one viewer, as plain data with a text each.

Computed from observations (R6) only, so a player's diff holds only what that player
may see. :meth:`naga_widget.match.Match.diff` applies it to two steps of a line.

>>> from naga_widget import Match
>>> m = Match(seed=3)
>>> _ = m.play("call 12c")
>>> [c["text"] for c in diff_views(m.state_at(0).observe(1), m.observe(1))]  # silver's own view
['to move: silver → gold', 'silver hand: −12c', 'silver cards in hand: 5 → 4', 'silver call: — → 12c',
 'silver cards called: 0 → 1']
"""

from __future__ import annotations

from collections import Counter
from typing import Any

_PLAYER_FIELDS = (("hand", "hand"), ("hand_count", "cards in hand"), ("call", "call"),
                  ("call_count", "cards called"), ("sticks", "sticks"), ("amulets", "amulets"),
                  ("amulet_count", "amulets"), ("spent_charms", "spent charms"), ("score", "score"),
                  ("cursed_up", "cursed relics face up"))


def _change(kind: str, what: str, before: Any, after: Any, text: str | None = None) -> dict[str, Any]:
    if text is None:
        if isinstance(before, list) and isinstance(after, list):
            gone, new = Counter(before) - Counter(after), Counter(after) - Counter(before)
            parts = [f"+{x}" for x in sorted(new.elements())] + [f"−{x}" for x in sorted(gone.elements())]
            text = f"{what}: {' '.join(parts) or 'reordered'}"
        else:
            text = f"{what}: {_shown(before)} → {_shown(after)}"
    return {"kind": kind, "what": what, "before": before, "after": after, "text": text}


def _shown(value: Any) -> str:
    if value is None:
        return "—"
    if isinstance(value, list):
        return " ".join(map(str, value)) or "none"
    return str(value)


def diff_views(a: dict[str, Any], b: dict[str, Any]) -> list[dict[str, Any]]:
    """The changes from observation ``a`` to observation ``b`` (of one viewer)."""
    out = []
    names = {0: "gold", 1: "silver", None: None}
    for field, label in (("round", "round"), ("phase", "step"), ("to_move", "to move"), ("guide", "guide")):
        if a[field] != b[field]:
            before, after = (names.get(a[field], a[field]), names.get(b[field], b[field])) if field in (
                "to_move", "guide") else (a[field], b[field])
            out.append(_change("step", label, before, after))
    out += _tile_changes(a, b)
    for ta, tb in zip(a["temples"], b["temples"]):
        for ra, rb in zip(ta["relics"], tb["relics"]):
            if (ra["up"], ra["relic"]) != (rb["up"], rb["relic"]):
                out.append(_change("relic", f"{ta['name']} {ra['slot']}", _relic(ra), _relic(rb)))
    for pa, pb in zip(a["players"], b["players"]):
        for field, label in _PLAYER_FIELDS:
            if pa[field] != pb[field]:
                out.append(_change("player", f"{pa['name']} {label}", pa[field], pb[field]))
    if a["offered"] != b["offered"]:
        room = lambda o: None if o is None else o["room"]  # noqa: E731 - the room is what a player follows
        out.append(_change("offered", "offered room", room(a["offered"]), room(b["offered"])))
    if a["outcome"] != b["outcome"] and b["outcome"] is not None:
        o = b["outcome"]
        out.append(_change("outcome", "outcome", a["outcome"], o, f"game over: {names[o['winner']]} wins "
                           f"({o['reason']}), scores {o['scores'][0]}–{o['scores'][1]}"))
    return out


def _relic(view: dict[str, Any]) -> str:
    return f"face {'up' if view['up'] else 'down'} {view['relic'] or '(unknown)'}"


def _tile_changes(a: dict[str, Any], b: dict[str, Any]) -> list[dict[str, Any]]:
    """Tiles (the trap too) placed, moved or turned, followed by the room they are; amulets taken."""
    def tiles(view: dict[str, Any]) -> dict[str, tuple[str, dict[str, Any]]]:
        return {space["room"]: (f"{t['name']} {k}", space) for t in view["temples"]
                for k, space in enumerate(t["spaces"]) if space is not None}

    out = []
    was, now = tiles(a), tiles(b)
    for room, (where, space) in now.items():
        if room not in was:
            out.append(_change("tile", room, None, where, f"{room} placed on {where}, rotation {space['rotation']}"))
            continue
        old_where, old = was[room]
        if old_where != where:
            out.append(_change("tile", room, old_where, where, f"{room} moves from {old_where} to {where}"))
        if old["rotation"] != space["rotation"]:
            out.append(_change("tile", room, old["rotation"], space["rotation"],
                               f"{room} on {where} turns from rotation {old['rotation']} to {space['rotation']}"))
        if old["amulet"] is not None and space["amulet"] is None:
            out.append(_change("amulet", room, old["amulet"], None, f"the amulet on {room} ({where}) is taken"))
    for room, (where, _) in was.items():
        if room not in now:
            out.append(_change("tile", room, where, None, f"{room} leaves {where}"))
    return out


