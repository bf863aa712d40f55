"""What follows a change by itself, wherever the change came from: a step of the round or an effect.

- :func:`temple_changed` — R2.4: a changed temple is re-evaluated, then R7.1 is checked for its owner;
- :func:`finish` — R7: the game ends, with the amulets shown (implementation note 3 of the rules);
- :func:`draw` — drawing cards, the deck refilled from the discard pile when empty (R4.4).

The round (flow.py) and the effects both use these; neither imports the other.
"""

from __future__ import annotations

from .chance import Chance
from .draft import Draft, put, remove_one
from .events import Event
from .outcome import Outcome
from .ruleset import TEMPLE_NAMES
from .steps import EndReason, Phase, end_reason_text
from .temple import SLOT_NAMES, Temple, reevaluate


def score(d: Draft, p: int) -> int:
    """R6: face-up relics + collected treasures of player ``p``."""
    return d.temples[p].relic_points(d.ruleset) + d.ruleset.amulet_points(d.amulets[p])


def finish(d: Draft, winner: int, reason: EndReason, rule: str, log: list[Event] | None) -> None:
    """R7: the game is over; the final scores count every amulet.

    ``rule`` is the most specific rule that ended the game (R7.1.1, R7.1.2, R7.2): the game_over event
    cites it. The outcome records the rule of the section (R7.1, R7.2), as it always has: the outcome is
    part of the state and of its digest.
    """
    scores = (score(d, 0), score(d, 1))
    d.outcome = Outcome(winner, reason, ".".join(rule.split(".")[:2]), scores)
    d.phase, d.to_move = Phase.OVER, -1
    if log is not None:
        log.append(Event(rule, "game_over", f"game over ({end_reason_text(reason, d.ruleset)}): "
                         f"{TEMPLE_NAMES[winner]} wins, scores gold {scores[0]}, silver {scores[1]}",
                         {"winner": winner, "reason": reason.value, "scores": list(scores),
                          "amulets": [list(d.amulets[0]), list(d.amulets[1])]}))


def temple_changed(d: Draft, owner: int, temple: Temple, log: list[Event] | None, rule: str) -> None:
    """R2.4: re-evaluate a changed temple, then check R7.1 for its owner."""
    r = reevaluate(temple)
    d.temples = put(d.temples, owner, r.temple)
    if not (r.revealed or r.hidden or r.collected):
        return
    name = TEMPLE_NAMES[owner]
    if r.collected:
        d.amulets = put(d.amulets, owner, tuple(sorted(d.amulets[owner] + tuple(a for _, a in r.collected))))
    if log is not None:
        relics = r.temple.relics
        for i in r.revealed:
            log.append(Event("R2.4", "relic_revealed", f"{name} {SLOT_NAMES[i]}: relic {relics[i]} flips face up",
                             {"temple": owner, "slot": SLOT_NAMES[i], "relic": relics[i], "cause": rule}))
        for i in r.hidden:
            log.append(Event("R2.4", "relic_hidden", f"{name} {SLOT_NAMES[i]}: relic {relics[i]} flips face down",
                             {"temple": owner, "slot": SLOT_NAMES[i], "relic": relics[i], "cause": rule}))
        for space, amulet in r.collected:
            log.append(Event("R2.4", "amulet_collected", f"{name} collects the amulet on space {space}",
                             {"player": owner, "space": space}, owner, amulet, {"amulet": amulet}))
    check_end(d, owner, log)


def check_end(d: Draft, owner: int, log: list[Event] | None) -> None:
    """R7.1: in order, R7.1.1 the cursed limit face up loses; R7.1.2 the target score wins."""
    rs = d.ruleset
    if d.temples[owner].cursed_up(rs) >= rs.cursed_limit:
        finish(d, 1 - owner, EndReason.THREE_CURSED, "R7.1.1", log)
    elif score(d, owner) >= rs.target_score:
        finish(d, owner, EndReason.TARGET_SCORE, "R7.1.2", log)


def draw(d: Draft, player: int, n: int, chance: Chance, log: list[Event] | None) -> tuple[str, ...]:
    """R4.4: draw up to ``n`` cards; an empty deck is refilled from the shuffled discard pile."""
    got: list[str] = []
    for _ in range(n):
        if not d.deck:
            if not d.discard:
                if log is not None:
                    log.append(Event("R4.4", "draw_stops", "deck and discard pile are empty: the draw stops", {}))
                break
            d.deck, d.discard = tuple(sorted(d.discard)), ()
            if log is not None:
                log.append(Event("R4.4", "reshuffle", f"the discard pile ({len(d.deck)} cards) is shuffled "
                                 "to form a new deck", {"count": len(d.deck)}))
        card = chance.pick("card", d.deck)
        d.deck = remove_one(d.deck, card)
        got.append(card)
    return tuple(got)
