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
from collections.abc import Mapping
from typing import Any, TypedDict

from .rules.observe import Observation, RelicView, SpaceView

_PLAYER_FIELDS = (("hand", "hand"), ("hand_count", "cards in hand"), ("call", "call"),
                  ("call_count", "cards called"), ("sticks", "sticks"), ("amulets", "amulets"),
                  ("amulet_count", "amulets"), ("spent_charms", "spent charms"), ("score", "score"),
                  ("cursed_up", "cursed relics face up"))


class Change(TypedDict):
    """One change between two observations (:func:`diff_views`)."""

    kind: str  # "step", "tile", "amulet", "relic", "player", "offered" or "outcome"
    what: str  # what changed, e.g. "gold hand" or a room's id
    before: Any  # the value before (a number, a text, a list of texts, an outcome or None)
    after: Any  # the value after
    text: str  # the change in one line


class StepChanges(TypedDict):
    """What the widget highlights and says after a step (:func:`step_changes`)."""

    spaces: list[str]  # "gold:4": spaces whose tile came, went, moved or turned
    slots: list[str]  # "gold:W2": relic slots that flipped, changed or became known
    players: list[int]  # players whose sticks, cards, amulets or score changed
    lines: list[str]  # the same in words, one line per change


def _change(kind: str, what: str, before: Any, after: Any, text: str | None = None) -> Change:
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


def diff_views(a: Observation, b: Observation) -> list[Change]:
    """The changes from observation ``a`` to observation ``b`` (of one viewer)."""
    out = []
    names: dict[object, str | None] = {0: "gold", 1: "silver", None: None}
    fields_a: Mapping[str, object] = a
    fields_b: Mapping[str, object] = b
    for field, label in (("round", "round"), ("phase", "step"), ("to_move", "to move"), ("guide", "guide")):
        was, now = fields_a[field], fields_b[field]
        if was != now:
            before, after = (names.get(was, was), names.get(now, now)) if field in ("to_move", "guide") else (was, now)
            out.append(_change("step", label, before, after))
    out += _tile_changes(a, b)
    for ta, tb in zip(a["temples"], b["temples"]):
        for ra, rb in zip(ta["relics"], tb["relics"]):
            if (ra["up"], ra["relic"]) != (rb["up"], rb["relic"]):
                out.append(_change("relic", f"{ta['name']} {ra['slot']}", _relic(ra), _relic(rb)))
    for pa, pb in zip(a["players"], b["players"]):
        player_a: Mapping[str, object] = pa
        player_b: Mapping[str, object] = pb
        for field, label in _PLAYER_FIELDS:
            if player_a[field] != player_b[field]:
                out.append(_change("player", f"{pa['name']} {label}", player_a[field], player_b[field]))
    if a["offered"] != b["offered"]:
        room = lambda o: None if o is None else o["room"]  # noqa: E731 - the room is what a player follows
        out.append(_change("offered", "offered room", room(a["offered"]), room(b["offered"])))
    if a["outcome"] != b["outcome"] and b["outcome"] is not None:
        o = b["outcome"]
        out.append(_change("outcome", "outcome", a["outcome"], o, f"game over: {names[o['winner']]} wins "
                           f"({o['reason']}), scores {o['scores'][0]}–{o['scores'][1]}"))
    return out


def _relic(view: RelicView) -> str:
    return f"face {'up' if view['up'] else 'down'} {view['relic'] or '(unknown)'}"


def _tile_changes(a: Observation, b: Observation) -> list[Change]:
    """Tiles (the trap too) placed, moved or turned, followed by the room they are; amulets taken."""
    def tiles(view: Observation) -> dict[str, tuple[str, SpaceView]]:
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




# -- what the widget highlights and says after a step ------------------------------------------------
def step_changes(a: Observation, b: Observation) -> StepChanges:
    """What changed from observation ``a`` to ``b`` (one viewer, a step apart) as the widget shows it:
    the places to highlight for a moment — ``spaces`` (``"gold:4"``: a tile came, went, moved or
    turned), ``slots`` (``"gold:W2"``: a relic flipped, changed or became known), ``players`` (whose
    sticks, cards, amulets or score changed) — and ``lines``, the same in words.

    >>> from naga_widget import Match
    >>> m = Match(seed=3)
    >>> _ = m.play("call 12c")
    >>> step_changes(m.state_at(0).observe(1), m.observe(1))
    {'spaces': [], 'slots': [], 'players': [1], 'lines': ['silver: 5 → 4 cards in hand']}
    """
    out: StepChanges = {"spaces": [], "slots": [], "players": [], "lines": []}
    _space_lines(a, b, out)
    _slot_lines(a, b, out)
    _player_lines(a, b, out)
    if a["trap"] != b["trap"] and b["trap"] == "side":
        out["lines"].append("the trap is at the side")
    return out


def _space_words(i: int) -> str:
    return f"space {i} (row {i // 3}, col {i % 3})"


def _tile_name(tile: SpaceView) -> str:
    return "the trap" if tile.get("trap") else f"room {tile['room']}"


def _places(view: Observation) -> dict[str, tuple[str, int, SpaceView]]:
    return {tile["room"]: (t["name"], i, tile) for t in view["temples"]
            for i, tile in enumerate(t["spaces"]) if tile is not None}


def _space_lines(a: Observation, b: Observation, out: StepChanges) -> None:
    before, after = _places(a), _places(b)
    spaces, lines = out["spaces"], out["lines"]
    for room, (temple, i, tile) in after.items():
        key, where = f"{temple}:{i}", f"{temple} {_space_words(i)}"
        if room not in before:
            spaces.append(key)
            openings = "" if tile.get("trap") else f", openings {tile['openings'] or 'none'}"
            lines.append(f"{_tile_name(tile)} placed on {where}{openings}")
            continue
        was_temple, was_i, was = before[room]
        moved = (was_temple, was_i) != (temple, i)
        turned = was["openings"] != tile["openings"]
        if moved:
            spaces += [key, f"{was_temple}:{was_i}"]
            now = f", openings now {tile['openings']}" if turned else ""
            lines.append(f"{_tile_name(tile)} moved from {was_temple} space {was_i} to {where}{now}")
        elif turned:
            spaces.append(key)
            lines.append(f"{_tile_name(tile)} on {where} turned: openings {was['openings']} → {tile['openings']}")
        if was.get("amulet") and not tile.get("amulet"):
            if key not in spaces:
                spaces.append(key)
            lines.append(f"the amulet on {_tile_name(tile)} was collected")
        elif not was.get("amulet") and tile.get("amulet"):
            lines.append(f"an amulet now lies on {_tile_name(tile)}")
    for room, (temple, i, tile) in before.items():
        if room not in after:
            spaces.append(f"{temple}:{i}")
            lines.append(f"{_tile_name(tile)} left {temple} space {i}")


def _relic_words(relic: str | None) -> str:
    return "" if not relic else f"{'cursed' if relic.startswith('c') else 'sacred'} {relic[1:]}"


def _slot_lines(a: Observation, b: Observation, out: StepChanges) -> None:
    for old_temple, temple in zip(a["temples"], b["temples"]):
        name = temple["name"]
        for o, r in zip(old_temple["relics"], temple["relics"]):
            where = f"{name} {r['slot']}"
            if not o["up"] and r["up"]:
                line = f"{where}: relic turned face up, {_relic_words(r['relic'])}"
            elif o["up"] and not r["up"]:
                line = f"{where}: relic turned face down"
            elif r["up"] and o["relic"] != r["relic"]:
                line = f"{where}: now {_relic_words(r['relic'])} (was {_relic_words(o['relic'])})"
            elif not r["up"] and r["relic"] and not o["relic"]:
                line = f"{where}: you now know this face-down relic, {_relic_words(r['relic'])}"
            elif not r["up"] and o["relic"] and r["relic"] != o["relic"]:
                line = f"{where}: the face-down relic moved"
            else:
                continue
            out["slots"].append(f"{name}:{r['slot']}")
            out["lines"].append(line)


def _stick_words(token: str) -> str:
    kind, face = token.split(":")
    return f"{kind} {'naga' if face == 'N' else face}"


def _player_lines(a: Observation, b: Observation, out: StepChanges) -> None:
    lines = out["lines"]
    for o, p in zip(a["players"], b["players"]):
        name, before = p["name"], len(lines)
        if o["sticks"] != p["sticks"] or o["fate"] != p["fate"]:
            sticks = ", ".join(map(_stick_words, p["sticks"])) or "no sticks"
            lines.append(f"{name}'s sticks: {sticks} — fate {o['fate']} → {p['fate']}")
        known = [c for c in p["known_cards"] if c not in o["known_cards"]]
        if known and p["hand"] is None:
            lines.append(f"{name} now holds {', '.join(known)} (public)")
        if o["hand_count"] != p["hand_count"]:
            lines.append(f"{name}: {o['hand_count']} → {p['hand_count']} cards in hand")
        if o["amulet_count"] != p["amulet_count"]:
            lines.append(f"{name}: {o['amulet_count']} → {p['amulet_count']} amulets")
        if o["score"] != p["score"] and isinstance(p["score"], int):
            lines.append(f"{name}'s score: {'?' if o['score'] is None else o['score']} → {p['score']}")
        if len(lines) > before:
            out["players"].append(p["player"])
