"""A static SVG picture of an observation: the fallback where widget JS does not run.

It draws only what the observation holds, so a player's picture shows nothing
that player may not know (R6). Rendering lives outside the model, like the
board pictures of chess libraries.

>>> from naga_widget import Match
>>> svg = board_svg(Match(seed=1).observe("spectator"))
>>> svg.startswith("<svg") and "gold" in svg and "silver" in svg
True
"""

from __future__ import annotations

from html import escape
from typing import Any

from .projection import step_title

CELL = 56
MARGIN = 26
TEMPLE_SIZE = 3 * CELL + 2 * MARGIN
_CORRIDOR = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}


def _slot_xy(slot: str, x0: float, y0: float) -> tuple[float, float]:
    side, k = slot[0], int(slot[1])
    if side == "W":
        return x0 - MARGIN / 2, y0 + (k + 0.5) * CELL
    if side == "N":
        return x0 + (k + 0.5) * CELL, y0 - MARGIN / 2
    return x0 + 3 * CELL + MARGIN / 2, y0 + (k + 0.5) * CELL


def _tile(space: dict[str, Any], x: float, y: float) -> list[str]:
    out = []
    fill = "#f3e6c4" if space.get("reached") else "#e4dccb"
    out.append(f'<rect x="{x + 2}" y="{y + 2}" width="{CELL - 4}" height="{CELL - 4}" rx="4" fill="{fill}" '
               'stroke="#8a7650"/>')
    cx, cy = x + CELL / 2, y + CELL / 2
    if space.get("trap"):
        out.append(f'<path d="M{x + 10},{y + 10}L{x + CELL - 10},{y + CELL - 10}M{x + CELL - 10},{y + 10}'
                   f'L{x + 10},{y + CELL - 10}" stroke="#7a2020" stroke-width="4"/>')
        out.append(f'<text x="{cx}" y="{y + CELL - 4}" font-size="9" text-anchor="middle">trap</text>')
        return out
    for side in space.get("openings", ""):
        dx, dy = _CORRIDOR[side]
        out.append(f'<line x1="{cx}" y1="{cy}" x2="{cx + dx * CELL / 2}" y2="{cy + dy * CELL / 2}" '
                   'stroke="#5b4a2b" stroke-width="9" stroke-linecap="butt"/>')
    out.append(f'<circle cx="{cx}" cy="{cy}" r="6" fill="#5b4a2b"/>')
    if space.get("amulet"):
        label = space["amulet"] if isinstance(space["amulet"], str) else "?"
        out.append(f'<text x="{x + 6}" y="{y + 14}" font-size="10">&#9670;{escape(label)}</text>')
    return out


def temple_svg(temple: dict[str, Any], x0: float, y0: float, guide: bool) -> list[str]:
    """The shapes of one temple: grid, tiles, entrances and the nine relic slots."""
    out = [f'<text x="{x0 + 1.5 * CELL}" y="{y0 - MARGIN - 4}" text-anchor="middle" font-weight="bold">'
           f'{escape(temple["name"])}{" &#128220; guide" if guide else ""}</text>']
    for i, space in enumerate(temple["spaces"]):
        x, y = x0 + (i % 3) * CELL, y0 + (i // 3) * CELL
        out.append(f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="none" stroke="#c8bba0"/>')
        if space is not None:
            out.extend(_tile(space, x, y))
    for c in range(3):
        x = x0 + (c + 0.5) * CELL
        out.append(f'<text x="{x}" y="{y0 + 3 * CELL + 14}" text-anchor="middle" font-size="10">S{c} &#8593;</text>')
    for relic in temple["relics"]:
        x, y = _slot_xy(relic["slot"], x0, y0)
        value = relic["relic"]
        if relic["up"]:
            cursed = value.startswith("c")
            text = f"{'&#9760;' if cursed else ''}{value[1:]}"
            fill = "#f6d0d0" if cursed else "#fff8e0"
        elif value is not None:
            text, fill = f"({value[1:]})", "#ddd"
        else:
            text, fill = "?", "#9c8f78"
        out.append(f'<rect x="{x - 11}" y="{y - 9}" width="22" height="18" rx="3" fill="{fill}" stroke="#555">'
                   f'<title>{relic["slot"]}</title></rect>')
        out.append(f'<text x="{x}" y="{y + 4}" text-anchor="middle" font-size="10">{text}</text>')
    return out


def board_svg(obs: dict[str, Any], *, caption: str | None = None) -> str:
    """Both temples, the offered room, scores and the step, as one SVG document; ``caption``, if given,
    is written in italics at its foot."""
    width = 2 * TEMPLE_SIZE + 40
    height = TEMPLE_SIZE + 110
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">']
    for t, temple in enumerate(obs["temples"]):
        out.extend(temple_svg(temple, MARGIN + 10 + t * (TEMPLE_SIZE + 20), MARGIN + 40, obs["guide"] == t))
    y = TEMPLE_SIZE + 60
    for p, player in enumerate(obs["players"]):
        x = 10 + p * (TEMPLE_SIZE + 20)
        score = player["score"] if player["score"] is not None else f'{player["relic_points"]}+?'
        hand = " ".join(player["hand"]) if player["hand"] is not None else f'{player["hand_count"]} cards'
        out.append(f'<text x="{x}" y="{y}">{escape(player["name"])}: score {score}, '
                   f'fate {player["fate"]}, hand {escape(hand)}</text>')
        sticks = " ".join(player["sticks"]) or "no sticks"
        out.append(f'<text x="{x}" y="{y + 16}" font-size="10">{escape(sticks)}</text>')
    outcome = obs.get("outcome")
    step = step_title(obs["phase"])
    if outcome:
        step += f' — {obs["temples"][outcome["winner"]]["name"]} wins ({outcome["reason"]})'
    offered = obs.get("offered")
    room = f'offered room {offered["room"]} ({offered["openings"]})' if offered else "no room offered"
    out.append(f'<text x="10" y="18" font-weight="bold">Round {obs["round"]}: {escape(step)}</text>')
    out.append(f'<text x="{width - 10}" y="18" text-anchor="end">{escape(room)}</text>')
    if caption is not None:
        out.append(f'<text x="10" y="{height - 8}" font-size="11" font-style="italic">{escape(caption)}</text>')
    out.append("</svg>")
    return "".join(out)
