"""A few lines of text that show an observation (for ``render`` and OpenSpiel's strings).

>>> import random
>>> from naga_widget.rules import Chance, new_game
>>> state, _ = new_game(chance=Chance(random.Random(1)))
>>> first = describe(state.observe("spectator")).splitlines()[0]
>>> first in ("round 1, call, gold to move (guide gold)", "round 1, call, silver to move (guide silver)")
True
"""

from __future__ import annotations

from naga_widget.rules import TEMPLE_NAMES
from naga_widget.rules.observe import Observation, RelicView, SpaceView


def _space(space: SpaceView | None) -> str:
    if space is None:
        return "...."
    if space["trap"]:
        return "TRAP"
    text = space["openings"].ljust(4, "-") if space["reached"] else space["openings"].lower().ljust(4, "-")
    return text[:3] + ("*" if space["amulet"] is not None else text[3])


def _relic(relic: RelicView) -> str:
    token = relic["relic"] or "??"
    return token.upper() if relic["up"] else token


def describe(observation: Observation) -> str:
    """The observation as text: step, temples (reached rooms in capitals, ``*`` an amulet), players."""
    o = observation
    mover = "nobody" if o["to_move"] is None else TEMPLE_NAMES[o["to_move"]]
    lines = [f"round {o['round']}, {o['phase']}, {mover} to move (guide {TEMPLE_NAMES[o['guide']]})"]
    for temple in o["temples"]:
        rows = [" ".join(_space(s) for s in temple["spaces"][3 * r:3 * r + 3]) for r in range(3)]
        relics = " ".join(_relic(r) for r in temple["relics"])
        lines.append(f"{temple['name']}: {' | '.join(rows)}   relics {relics}")
    for pl in o["players"]:
        hand = " ".join(pl["hand"]) if pl["hand"] is not None else f"{pl['hand_count']} cards"
        call = " ".join(pl["call"]) if pl["call"] is not None else f"{pl['call_count']} face down"
        score = pl["score"] if pl["score"] is not None else f"{pl['relic_points']}+?"
        lines.append(f"{pl['name']}: hand {hand}; call {call}; sticks {' '.join(pl['sticks']) or '-'}; "
                     f"fate {pl['fate']}; score {score}; cursed up {pl['cursed_up']}")
    offered = o["offered"]
    if offered is not None:
        amulet = " with an amulet" if offered["amulet"] is not None else ""
        lines.append(f"offered {offered['room']} ({offered['openings']}){amulet}")
    if o["outcome"] is not None:
        out = o["outcome"]
        lines.append(f"over: {TEMPLE_NAMES[out['winner']]} wins ({out['reason']}), scores {out['scores']}")
    return "\n".join(lines)
