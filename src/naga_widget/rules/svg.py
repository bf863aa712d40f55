"""A static SVG picture of an observation: the fallback where widget JS does not run.

It draws only what the observation holds, so a player's picture shows nothing that player may not
know (R6). It looks like the live board (``js/src/svg.js``): the same colours, tiles with their
corridors, relic backs, the eye of a remembered relic, amulets, entrances and the trap, and a legend
of these symbols. Every symbol is drawn with shapes, and every text uses only characters that the
basic fonts have (no emoji), so the picture reads the same in any browser or image viewer.

>>> from naga_widget import Match
>>> svg = board_svg(Match(seed=1).observe("spectator"), highlights={"gold:7", "silver:E2"})
>>> svg.startswith("<svg") and "gold" in svg and "silver" in svg and svg.count('class="highlight"') == 2
True
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from html import escape
from pathlib import Path

from .observe import Observation, PlayerView, RelicView, TempleView
from .steps import step_title


def _palette() -> tuple[dict[str, str], dict[str, str]]:
    """The light palette of the live view and its fixed colours, from ``palette.json`` (js/src/theme.js
    imports the same file)."""
    with (Path(__file__).resolve().parent / "palette.json").open(encoding="utf-8") as f:
        colours = json.load(f)
    return colours["light"], colours["fixed"]


_LIGHT, _FIXED = _palette()
INK, MUTED, LINE, PANEL, BG = _LIGHT["ink"], _LIGHT["muted"], _LIGHT["line"], _LIGHT["panel"], _LIGHT["bg"]
PATH, REACH, REACHED_PATH = _LIGHT["path"], _LIGHT["reach"], _FIXED["reachedPath"]
TILE, TILE_TEXT, REACHED_TILE = _LIGHT["tile"], _LIGHT["tileText"], _LIGHT["reachedTile"]
SLOT_UP, CURSED_UP, DANGER = _LIGHT["slotUp"], _LIGHT["cursedUp"], _LIGHT["danger"]
AMULET, AMULET_TEXT = _LIGHT["amulet"], _LIGHT["amuletText"]
TRAP, TARGET, ENTRANCE = _LIGHT["trap"], _LIGHT["target"], _FIXED["entrance"]
PLAYER_COLOURS = (_LIGHT["gold"], _LIGHT["silver"])
TEXT_COLOURS = (_LIGHT["goldText"], _FIXED["silverText"])
WHITE, SLOT_EDGE, SLOT_SHADE = _FIXED["white"], _FIXED["slotEdge"], _FIXED["slotShade"]
BACK_DARK, BACK_LIGHT = _FIXED["backDark"], _FIXED["backLight"]
SCROLL, SCROLL_END = _FIXED["scroll"], _FIXED["scrollEnd"]

FONT = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"
CELL = 60  # a space of the 3 x 3 grid
SLOT = 24  # a relic slot's square
GAP = 6  # between the grid and a slot
LABEL = 20  # room for a slot's name beside it
SIDE = LABEL + SLOT + GAP  # from a temple's edge to its grid, west, north and east
TEMPLE_W = 2 * SIDE + 3 * CELL
TEMPLE_H = SIDE + 3 * CELL + 34  # the entrances and their names below the grid
PAD = 16
LINE_H = 16
WIDTH = 2 * TEMPLE_W + 3 * PAD
LEGEND = ("reached", "unreached path", "trap"), ("face-down relic", "cursed relic (face up)", "known, face down"), \
    ("amulet on a tile", "entrance (always open)", "guide (holds the scroll)")
HAND_CHARS = 30  # a line of a player's panel wraps after this many characters


# -- symbols ------------------------------------------------------------------------------------------
def _tile(openings: str, x: float, y: float, size: float, *, reached: bool = False, trap: bool = False) -> list[str]:
    """A tile's square and its corridors from the hub to each open edge (or the trap's cross)."""
    if trap:
        p = size * 0.22
        return [f'<rect x="{x + 1}" y="{y + 1}" width="{size - 2}" height="{size - 2}" rx="4" '
                f'fill="{TRAP}" stroke="{INK}"/>',
                f'<path d="M{x + p} {y + p}L{x + size - p} {y + size - p}'
                f'M{x + size - p} {y + p}L{x + p} {y + size - p}" stroke="{LINE}" stroke-width="3" '
                'stroke-linecap="round"/>']
    out = [f'<rect x="{x + 1}" y="{y + 1}" width="{size - 2}" height="{size - 2}" rx="4" '
           f'fill="{REACHED_TILE if reached else TILE}" stroke="{REACH if reached else PATH}"/>']
    w = round(size * 0.3, 2)
    half, c = size / 2, size / 2 - w / 2
    long = half + w / 2
    rects = {"N": (c, 0, w, long), "E": (c, c, long, w), "S": (c, c, w, long), "W": (0, c, long, w)}
    fill = REACHED_PATH if reached else PATH
    for side in openings:
        if side in rects:
            rx, ry, rw, rh = rects[side]
            out.append(f'<rect x="{x + rx}" y="{y + ry}" width="{rw}" height="{rh}" fill="{fill}"/>')
    if openings:
        out.append(f'<rect x="{x + c}" y="{y + c}" width="{w}" height="{w}" fill="{fill}"/>')
    return out


def _amulet(x: float, y: float, r: float = 5.5) -> str:
    return f'<circle cx="{x}" cy="{y}" r="{r}" fill="{AMULET}" stroke="{PANEL}" stroke-width="1.5"/>'


def _skull(cx: float, cy: float, s: float = 1.0) -> str:
    """The mark of a cursed relic: a small skull drawn with shapes."""
    return (f'<g transform="translate({cx},{cy}) scale({s})"><circle cy="-1" r="4.5" fill="{DANGER}"/>'
            f'<rect x="-2.5" y="2" width="5" height="3" rx="1" fill="{DANGER}"/>'
            f'<circle cx="-1.7" cy="-1.2" r="1.2" fill="{WHITE}"/><circle cx="1.7" cy="-1.2" r="1.2" fill="{WHITE}"/>'
            '</g>')


def _eye(x: float, y: float) -> str:
    """The mark of a relic the viewer remembers (R6), as the live board draws it."""
    return (f'<g transform="translate({x},{y})"><path d="M0 4 Q5 -1 10 4 Q5 9 0 4 Z" fill="{WHITE}" '
            f'stroke="{TARGET}"/>'
            f'<circle cx="5" cy="4" r="1.8" fill="{TARGET}"/></g>')


def _scroll(x: float, y: float) -> str:
    """The guide's scroll (R3.3), as the live view's icon."""
    return (f'<g transform="translate({x},{y})"><rect x="3" y="2" width="10" height="10" rx="1" fill="{SCROLL}" '
            f'stroke="{PATH}"/><circle cx="3" cy="3" r="2" fill="{SCROLL_END}" stroke="{PATH}"/>'
            f'<circle cx="13" cy="11" r="2" fill="{SCROLL_END}" stroke="{PATH}"/>'
            f'<line x1="5.5" y1="5" x2="10.5" y2="5" stroke="{PATH}"/>'
            f'<line x1="5.5" y1="7.5" x2="10.5" y2="7.5" stroke="{PATH}"/></g>')


def _entrance(cx: float, y: float) -> str:
    return f'<path d="M{cx - 9} {y + 12}L{cx} {y}L{cx + 9} {y + 12}Z" fill="{ENTRANCE}"/>'


def _text(x: float, y: float, text: str, *, size: int = 12, anchor: str = "start", weight: str = "normal",
          fill: str = INK, cls: str = "") -> str:
    extra = f' class="{cls}"' if cls else ""
    bold = ' font-weight="bold"' if weight == "bold" else ""
    return (f'<text x="{x}" y="{y}" font-size="{size}" text-anchor="{anchor}" fill="{fill}"{bold}{extra}>'
            f"{escape(text)}</text>")


def _relic(relic: RelicView, x: float, y: float, back: str) -> list[str]:
    """A relic slot's square at (x, y): face up with its value, or the back (and what the viewer knows)."""
    value, cx, cy = relic["relic"], x + SLOT / 2, y + SLOT / 2
    title = f'<title>relic slot {escape(relic["slot"])}</title>'
    cursed = isinstance(value, str) and value.startswith("c")
    points = value[1:] if isinstance(value, str) else ""
    if relic["up"] and value is not None:
        out = [f'<rect x="{x}" y="{y}" width="{SLOT}" height="{SLOT}" rx="3" fill="{CURSED_UP if cursed else SLOT_UP}" '
               f'stroke="{DANGER if cursed else REACH}" stroke-width="2">{title}</rect>']
        if cursed:
            out += [_skull(x + 7, cy), _text(x + SLOT - 7, cy + 4, points, size=11, anchor="middle", weight="bold")]
        else:
            out.append(_text(cx, cy + 4.5, points, size=13, anchor="middle", weight="bold"))
        return out
    out = [f'<rect x="{x}" y="{y}" width="{SLOT}" height="{SLOT}" rx="3" fill="url(#{back})" stroke="{SLOT_EDGE}">'
           f"{title}</rect>"]
    if value is not None:  # face down, but this viewer knows it
        out.append(f'<rect x="{x}" y="{y}" width="{SLOT}" height="{SLOT}" rx="3" fill="{SLOT_SHADE}" opacity=".45"/>')
        if cursed:
            out.append(_skull(x + 7, cy + 2, 0.8))
        out.append(_text(x + SLOT - 7 if cursed else cx, cy + 4 + (2 if cursed else 0), points, size=10,
                         anchor="middle", weight="bold", fill=WHITE))
        if relic.get("remembered"):
            out.append(_eye(x + SLOT - 11, y + 1))
    return out


# -- a temple -----------------------------------------------------------------------------------------
def _slot_box(slot: str, gx: float, gy: float) -> tuple[float, float, float, float, str]:
    """Where a slot's square lies beside the grid at (gx, gy), and where its name goes (x, y, anchor)."""
    side, k = slot[0], int(slot[1])
    if side == "W":
        x, y = gx - GAP - SLOT, gy + k * CELL + (CELL - SLOT) / 2
        return x, y, x - 3, y + SLOT / 2 + 4, "end"
    if side == "N":
        x, y = gx + k * CELL + (CELL - SLOT) / 2, gy - GAP - SLOT
        return x, y, x + SLOT / 2, y - 5, "middle"
    x, y = gx + 3 * CELL + GAP, gy + k * CELL + (CELL - SLOT) / 2
    return x, y, x + SLOT + 3, y + SLOT / 2 + 4, "start"


def _temple(temple: TempleView, x0: float, y0: float, back: str, marked: set[str]) -> list[str]:
    """One temple: the grid of spaces with their tiles, the nine relic slots, the three entrances."""
    name = temple["name"]
    gx, gy = x0 + SIDE, y0 + SIDE
    out = [f'<rect x="{gx - 1}" y="{gy - 1}" width="{3 * CELL + 2}" height="{3 * CELL + 2}" rx="5" fill="{PANEL}" '
           f'stroke="{LINE}"/>']
    for i, space in enumerate(temple["spaces"]):
        x, y = gx + (i % 3) * CELL, gy + (i // 3) * CELL
        if space is None:
            out.append(f'<rect x="{x + 1}" y="{y + 1}" width="{CELL - 2}" height="{CELL - 2}" rx="4" fill="{TILE}" '
                       f'opacity=".5" stroke="{LINE}" stroke-dasharray="4 3"><title>space {i}: empty</title></rect>')
        else:
            out.extend(_tile(space.get("openings", ""), x, y, CELL, reached=bool(space.get("reached")),
                             trap=bool(space.get("trap"))))
            if space.get("trap"):
                out.append(_text(x + CELL / 2, y + CELL - 6, "trap", size=10, anchor="middle", weight="bold",
                                 fill=WHITE))
            else:
                out.append(_text(x + 4, y + CELL - 5, str(space.get("room", "")), size=9, fill=TILE_TEXT))
            amulet = space.get("amulet")
            if amulet:
                out.append(_amulet(x + CELL - 10, y + 10))
                if isinstance(amulet, str):
                    out.append(_text(x + CELL - 4, y + CELL - 5, amulet, size=9, anchor="end", weight="bold",
                                     fill=AMULET_TEXT))
        if f"{name}:{i}" in marked:
            out.append(_highlight(x + 1, y + 1, CELL - 2, CELL - 2))
    for relic in temple["relics"]:
        x, y, lx, ly, anchor = _slot_box(relic["slot"], gx, gy)
        out.extend(_relic(relic, x, y, back))
        out.append(_text(lx, ly, relic["slot"], size=10, anchor=anchor, fill=MUTED))
        if f'{name}:{relic["slot"]}' in marked:
            out.append(_highlight(x - 2, y - 2, SLOT + 4, SLOT + 4))
    for c in range(3):
        cx, y = gx + (c + 0.5) * CELL, gy + 3 * CELL + 4
        out.append(_entrance(cx, y))
        out.append(_text(cx, y + 25, f"S{c}", size=10, anchor="middle", fill=MUTED))
    return out


def _highlight(x: float, y: float, w: float, h: float) -> str:
    return (f'<rect class="highlight" x="{x}" y="{y}" width="{w}" height="{h}" rx="4" fill="none" stroke="{TARGET}" '
            'stroke-width="3" stroke-dasharray="6 3"/>')


# -- the players, the header and the legend --------------------------------------------------------------
def _wrapped(words: list[str], first: str) -> list[str]:
    lines, line = [], first
    for word in words:
        if len(line) + 1 + len(word) > HAND_CHARS and line != first:
            lines.append(line)
            line = "  " + word
        else:
            line = f"{line} {word}"
    return [*lines, line]


def _player_lines(player: PlayerView) -> list[str]:
    """What a player's panel says, a line each (as far as the viewer knows it)."""
    score = player["score"]
    scored = f"score {score}" if score is not None else f"score {player['relic_points']} + hidden amulets"
    cursed = player.get("cursed_up", 0)
    lines = [scored + (f", {cursed} cursed up" if cursed else "")]
    lines += _wrapped(list(player["sticks"]) or ["none"], f"fate {player['fate']}, sticks:")
    hand = player["hand"]
    if hand is None:
        lines.append(f"hand: {player['hand_count']} cards, hidden")
    else:
        lines += _wrapped(list(hand) or ["none"], "hand:")
    call = player.get("call")
    if call:
        lines += _wrapped(list(call), "call:")
    elif player.get("call_count"):
        lines.append(f"call: {player['call_count']} cards, face down")
    amulets = player.get("amulets")
    if amulets:
        lines += _wrapped(list(amulets), "amulets:")
    elif player.get("amulet_count"):
        lines.append(f"amulets: {player['amulet_count']}, hidden")
    return lines


def _legend(x0: float, y0: float, back: str) -> list[str]:
    out = []
    column = (WIDTH - 2 * PAD) / 3
    for r, row in enumerate(LEGEND):
        for c, label in enumerate(row):
            x, y = x0 + c * column, y0 + r * 26
            if label == "reached":
                out.extend(_tile("EW", x, y, 20, reached=True))
                label = "reached path"
            elif label == "unreached path":
                out.extend(_tile("EW", x, y, 20))
            elif label == "trap":
                out.extend(_tile("", x, y, 20, trap=True))
            elif label == "face-down relic":
                out.append(f'<rect x="{x + 1}" y="{y + 1}" width="18" height="18" rx="3" fill="url(#{back})" '
                           f'stroke="{SLOT_EDGE}"/>')
            elif label == "cursed relic (face up)":
                out.append(f'<rect x="{x + 1}" y="{y + 1}" width="18" height="18" rx="3" fill="{CURSED_UP}" '
                           f'stroke="{DANGER}" stroke-width="2"/>')
                out.append(_skull(x + 10, y + 10))
            elif label == "known, face down":
                out.append(f'<rect x="{x + 1}" y="{y + 1}" width="18" height="18" rx="3" fill="url(#{back})" '
                           f'stroke="{SLOT_EDGE}"/>')
                out.append(f'<rect x="{x + 1}" y="{y + 1}" width="18" height="18" rx="3" fill="{SLOT_SHADE}" '
                           'opacity=".45"/>')
                out.append(_eye(x + 5, y + 6))
            elif label == "amulet on a tile":
                out.append(_amulet(x + 10, y + 10, 6))
            elif label.startswith("entrance"):
                out.append(_entrance(x + 10, y + 4))
            else:
                out.append(_scroll(x + 2, y + 3))
            out.append(_text(x + 26, y + 14, label, size=11, fill=MUTED))
    return out


def _check_highlights(obs: Observation, highlights: Iterable[str]) -> set[str]:
    places = {f'{t["name"]}:{i}' for t in obs["temples"] for i in range(len(t["spaces"]))}
    places |= {f'{t["name"]}:{r["slot"]}' for t in obs["temples"] for r in t["relics"]}
    if isinstance(highlights, str):
        raise TypeError(f"highlights must be a collection of places such as {{'gold:4', 'silver:E2'}}, not the "
                        f"string {highlights!r}")
    marked = set(highlights)
    unknown = sorted(str(p) for p in marked - places)
    if unknown:
        raise ValueError(f"highlights: {', '.join(map(repr, unknown))} is not a place of the board; name a space "
                         "('gold:4', spaces 0-8) or a relic slot ('silver:E2') as temple:place")
    return marked


def _header(obs: Observation) -> list[str]:
    """The top line: round, step and who moves; the offered room; the winner of a game that is over."""
    players, outcome, to_move = obs["players"], obs.get("outcome"), obs["to_move"]
    mover = "" if outcome or to_move is None else f', {players[to_move]["name"]} to move'
    out = [_text(PAD, 20, f'Round {obs["round"]}: {step_title(obs["phase"])}{mover}', size=13, weight="bold")]
    offered = obs.get("offered")
    if offered:
        ox = WIDTH - PAD - 22
        out.extend(_tile(offered.get("openings", ""), ox, 4, 22))
        if offered.get("amulet"):
            out.append(_amulet(ox + 18, 8, 4))
        out.append(_text(ox - 6, 20, f'offered room {offered["room"]}', anchor="end"))
    else:
        out.append(_text(WIDTH - PAD, 20, "no room offered", anchor="end", fill=MUTED))
    if outcome:
        winner = obs["temples"][outcome["winner"]]["name"]
        reason = str(outcome["reason"]).replace("_", " ")
        out.append(_text(PAD, 20 + LINE_H + 2, f"{winner} wins ({reason})", size=13, weight="bold", fill=DANGER))
    return out


def _player_panel(obs: Observation, p: int, lines: list[str], y: int, height: int) -> list[str]:
    """Player ``p``'s panel: name (and the guide's scroll), then its facts, a line each."""
    x = PAD + p * (TEMPLE_W + PAD)
    out = [f'<rect x="{x}" y="{y}" width="{TEMPLE_W}" height="{height}" rx="6" fill="{PANEL}" '
           f'stroke="{PLAYER_COLOURS[p]}" stroke-width="2"/>',
           f'<circle cx="{x + 14}" cy="{y + 14}" r="6" fill="{PLAYER_COLOURS[p]}"/>']
    title = obs["players"][p]["name"] + (" (guide)" if obs["guide"] == p else "")
    out.append(_text(x + 26, y + 18, title, size=13, weight="bold", fill=TEXT_COLOURS[p]))
    if obs["guide"] == p:
        out.append(_scroll(x + TEMPLE_W - 24, y + 5))
    for k, line in enumerate(lines):  # a wrapped line's rest is indented
        indent = 24 if line.startswith("  ") else 10
        out.append(_text(x + indent, y + 18 + (k + 1) * LINE_H, line.strip(), size=11))
    return out


def board_svg(obs: Observation, *, caption: str | None = None, highlights: Iterable[str] = ()) -> str:
    """Both temples, the offered room, both players as far as the viewer knows them, the step and a
    legend, as one SVG document.

    ``caption``, if given, is written in italics at its foot. ``highlights`` outlines places of the
    board, each named as the live view names it: ``"gold:4"`` (a space, 0-8, row by row from the
    north) or ``"silver:E2"`` (a relic slot); a name that is no place raises ``ValueError``.
    """
    marked = _check_highlights(obs, highlights)
    back = "naga-still-" + hashlib.sha256(json.dumps(obs, sort_keys=True, default=str).encode()).hexdigest()[:10]
    players = obs["players"]
    lines = [_player_lines(p) for p in players]
    outcome = obs.get("outcome")
    header = 2 * LINE_H + 12 if outcome else LINE_H + 12
    panel_y = header + 8
    panel_h = (1 + max(len(ls) for ls in lines)) * LINE_H + 8
    temple_y = panel_y + panel_h + 4
    legend_y = temple_y + TEMPLE_H + 10
    height = legend_y + len(LEGEND) * 26 + (LINE_H + 8 if caption is not None else 4)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
           f'viewBox="0 0 {WIDTH} {height}" font-family="{FONT}" font-size="12">',
           f'<defs><pattern id="{back}" width="6" height="6" patternUnits="userSpaceOnUse" '
           f'patternTransform="rotate(45)"><rect width="6" height="6" fill="{BACK_DARK}"/>'
           f'<rect width="3" height="6" fill="{BACK_LIGHT}"/></pattern></defs>',
           f'<rect width="{WIDTH}" height="{height}" fill="{BG}"/>']
    out.extend(_header(obs))
    for p in range(len(players)):
        out.extend(_player_panel(obs, p, lines[p], panel_y, panel_h))
    for t, temple in enumerate(obs["temples"]):
        out.extend(_temple(temple, PAD + t * (TEMPLE_W + PAD), temple_y, back, marked))
    out.extend(_legend(PAD, legend_y, back))
    if caption is not None:
        out.append(f'<text x="{PAD}" y="{height - 8}" font-size="11" font-style="italic" fill="{MUTED}">'
                   f"{escape(caption)}</text>")
    out.append("</svg>")
    return "".join(out)
