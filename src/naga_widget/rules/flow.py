"""R3.4–R3.6, R4.1–R4.4 and R7.2 — the rest of the setup, the four steps of a round, a full temple.

Every function here works on a :class:`~.draft.Draft` (a private working copy)
and is called from :func:`apply`, after the action was checked. Automatic steps
(calling nothing, automatic passes, reveals, throws, draws) run in
:func:`advance` until a player must decide or the game is over. The engine
loops; it never recurses (R4.2.3). What follows any change to a temple (R2.4,
R7.1) is in upkeep.py, shared with the effects.
"""

from __future__ import annotations

import random
from typing import TypeVar

from . import legal
from .actions import AnyAction, Call, Give, Invoke, Pass, Place
from .chance import Chance
from .draft import Draft, Readable, put, remove_one
from .effects import EFFECTS
from .errors import ChanceError, IllegalActionError
from .events import Event
from .position import Position
from .ruleset import NAGA, TEMPLE_NAMES
from .steps import EndReason, Phase
from .temple import place_tile
from .upkeep import draw, finish, score, temple_changed

P = TypeVar("P", bound=Position)

# The phases as module globals: the functions below run at every step of a playout, and a global
# is read several times faster than an enum member (``Phase.CALL``).
_CALL, _CONFRONT, _PLACE, _GIVE = Phase.CALL, Phase.CONFRONT, Phase.PLACE, Phase.GIVE


def apply(state: P, action: AnyAction, chance: Chance | None, log: list[Event] | None) -> P:
    """Check ``action`` (R8), carry out its canonical value, then run the automatic steps that follow."""
    action = legal.check(state, action)
    d = Draft(state)
    act(d, action, _NO_CHANCE if chance is None else chance, log)
    return d.freeze()


def act(d: Draft, action: AnyAction, chance: Chance, log: list[Event] | None) -> None:
    """Carry out an action already known to be legal, and what follows automatically."""
    p = d.to_move
    match action:  # class patterns without sub-patterns: this runs at every step of a playout
        case Call():
            call(d, p, tuple(sorted(action.cards)), chance, log)
        case Pass():
            pass_turn(d, p, log, automatic=False)
        case Invoke():
            invoke(d, p, action, chance, log)
        case Place():
            place(d, p, action.space, action.rotation, chance, log)
        case Give():
            give(d, p, action.card, chance, log)
    advance(d, chance, log)


def playout(state: P, rng: random.Random, chance: Chance | None = None, max_steps: int | None = None,
            pass_chance: float = 0.0) -> P:
    """Play random legal actions to the end of the game (or for ``max_steps`` actions) and return
    the state reached.

    The actions follow :meth:`LegalActions.sample` (the distribution of ``RandomBot``)
    and chance follows ``chance`` (default: the same ``rng``). It gives exactly the
    state that repeated ``state.apply(state.legal_actions().sample(rng), chance)``
    gives, faster: the sampled actions are legal by construction, so it skips the
    re-check and the snapshot of every step. ``max_steps`` cuts the playout short
    (a search that evaluates the position reached). ``pass_chance``: in the
    Confrontation a player passes with this probability (a pass is always legal
    there, R4.2.2) and otherwise draws as ``RandomBot`` does, so a search can play
    out with fewer invokes made at random.
    """
    if not 0.0 <= pass_chance <= 1.0:
        raise ValueError(f"pass_chance must be from 0 to 1, not {pass_chance!r}")
    if max_steps is not None and max_steps < 0:
        raise ValueError(f"max_steps must be 0 or more, not {max_steps!r}")
    if chance is None:
        chance = Chance(rng, record=False)
    d = Draft(state)
    left = -1 if max_steps is None else max_steps  # -1 never counts down to 0: to the end
    while d.outcome is None and left != 0:
        if pass_chance and d.phase == _CONFRONT and rng.random() < pass_chance:
            act(d, _PASS, chance, None)
        else:
            act(d, legal.sample_action(d, rng), chance, None)
        left -= 1
    return d.freeze()


_PASS = Pass()


class _NoChance(Chance):
    """Stands in when no Chance was given; fails clearly if one is needed."""

    def _rng(self):  # type: ignore[no-untyped-def]
        raise ChanceError("this action leads to a chance event (a throw, draw or reveal): pass a Chance")


_NO_CHANCE = _NoChance(record=False)


# -- R3 setup ----------------------------------------------------------------------------------
def setup(d: Draft, chance: Chance, log: list[Event]) -> None:
    """R3.4–R3.6: deal five cards each, reveal the first room, throw for the guide."""
    hands: list[tuple[str, ...]] = [(), ()]
    for i in range(2 * d.ruleset.hand_size):  # player 0 first, alternating
        hands[i % 2] += draw(d, i % 2, 1, chance, None)
    d.hands = (tuple(sorted(hands[0])), tuple(sorted(hands[1])))
    for p in (0, 1):
        log.append(Event("R3.4", "deal", f"{TEMPLE_NAMES[p]} is dealt {len(hands[p])} cards",
                         {"player": p, "count": len(hands[p])}, p, ", ".join(d.hands[p]),
                         {"cards": list(d.hands[p])}))
    reveal_room(d, chance, log, "R3.5")
    kind, count = d.ruleset.guide_throw
    faces = d.ruleset.stick_type(kind).faces
    while True:  # R3.6: throw until the tie is broken
        totals = []
        for p in (0, 1):
            thrown = [f"{kind}:{chance.pick('throw', faces)}" for _ in range(count)]
            totals.append(sum(d.ruleset.stick_points[s] for s in thrown))
            log.append(Event("R3.6", "throw", f"{TEMPLE_NAMES[p]} throws {' '.join(thrown)} = {totals[-1]}",
                             {"player": p, "sticks": thrown, "total": totals[-1]}))
        if totals[0] != totals[1]:
            break
        log.append(Event("R3.6", "tie", "a tie: both throw again", {}))
    d.guide = d.to_move = 0 if totals[0] > totals[1] else 1
    log.append(Event("R3.6", "guide", f"{TEMPLE_NAMES[d.guide]} becomes the guide and takes the scroll",
                     {"player": d.guide}))
    advance(d, chance, log)


# -- automatic steps -------------------------------------------------------------------------
def advance(d: Draft, chance: Chance, log: list[Event] | None) -> None:
    """Run what needs no decision: empty calls (R4.1) and automatic passes (R4.2.2)."""
    while d.outcome is None:
        p = d.to_move
        if d.phase == _CALL and not d.hands[p]:
            if log is not None:
                log.append(Event("R4.1", "call", f"{TEMPLE_NAMES[p]} has no cards and calls nothing",
                                 {"player": p, "count": 0}))
            call(d, p, (), chance, log)
        elif d.phase == _CONFRONT and pass_is_automatic(d, p):
            pass_turn(d, p, log, automatic=True)
        else:
            return


def pass_is_automatic(d: Readable, p: int) -> bool:
    """R4.2.2: pass is automatic when evident to both: empty hand, or no naga stick and no amulet."""
    if not d.hands[p]:
        return True
    if d.amulets[p]:
        return False
    held = d.sticks[p]
    return not any(token in held for _, token in d.ruleset.naga_tokens)


def reveal_room(d: Draft, chance: Chance, log: list[Event] | None, rule: str) -> None:
    """R3.5 / R4.4.3: the next room tile is offered, with an amulet if it has the symbol."""
    if not d.rooms:
        raise IllegalActionError("the room pile is empty", "R7.2")
    room = chance.pick("room", d.rooms)
    d.rooms = remove_one(d.rooms, room)
    amulet = None
    if d.ruleset.room(room).amulet_symbol and d.amulet_pile:
        amulet = chance.pick("amulet", d.amulet_pile)
        d.amulet_pile = remove_one(d.amulet_pile, amulet)
    d.offered = (room, amulet)
    if log is not None:
        extra = " with a face-down amulet on it" if amulet else ""
        log.append(Event(rule, "room_offered", f"room {room} is offered{extra}",
                         {"room": room, "amulet": amulet is not None}))


# -- R4.1 Call of Fate ---------------------------------------------------------------------------
def call(d: Draft, p: int, cards: tuple[str, ...], chance: Chance, log: list[Event] | None) -> None:
    """R4.1: lay the called cards face down (none from an empty hand); after the second call, R4.2 begins."""
    if cards:
        d.hands = put(d.hands, p, tuple([c for c in d.hands[p] if c not in cards]))
        if log is not None:
            log.append(Event("R4.1", "call", f"{TEMPLE_NAMES[p]} calls {len(cards)} card(s) face down",
                             {"player": p, "count": len(cards)}, p, " ".join(cards), {"cards": list(cards)}))
    d.calls = put(d.calls, p, cards)
    if p == d.guide:
        d.to_move = 1 - p
    else:
        confront(d, chance, log)


# -- R4.2 Confrontation ----------------------------------------------------------------------
def confront(d: Draft, chance: Chance, log: list[Event] | None) -> None:
    """R4.2.1: reveal the calls, take sticks (guide first; a short supply gives what remains), throw."""
    rs = d.ruleset
    g = d.guide
    supply = list(d.supply)
    taken: list[tuple[str, int]] = [("", 0), ("", 0)]
    count = rs.card_count
    for p in (g, 1 - g):
        cards = d.calls[p] or ()
        if not cards:
            continue
        kind = rs.card_stick[cards[0]]
        want = sum([count[c] for c in cards])
        k = rs.card_kind[cards[0]]
        got = min(want, supply[k])
        supply[k] -= got
        taken[p] = (kind, got)
        if log is not None and got < want:
            log.append(Event("R4.2.1", "supply_short", f"the supply has only {got} {kind} sticks of the {want} "
                             f"{TEMPLE_NAMES[p]} called", {"player": p, "type": kind, "wanted": want, "got": got}))
    d.supply = tuple(supply)
    if d.shown[0] or d.shown[1]:  # a called card is public from now on
        shown = list(d.shown)
        for p in (0, 1):
            shown[p] = shown[p] - set(d.calls[p] or ())
        d.shown = (shown[0], shown[1])
    if log is not None:
        for p in (g, 1 - g):
            cards = d.calls[p] or ()
            log.append(Event("R4.2.1", "call_revealed", f"{TEMPLE_NAMES[p]}'s call is revealed: "
                             f"{' '.join(cards) or 'nothing'}", {"player": p, "cards": list(cards)}))
    sticks: list[tuple[str, ...]] = [(), ()]
    for p in (g, 1 - g):  # the guide's throw first
        kind, n = taken[p]
        if n:
            faces = rs.stick_type(kind).faces
            pick, prefix = chance.pick, kind + ":"
            thrown = [prefix + pick("throw", faces) for _ in range(n)]
            thrown.sort()
            sticks[p] = tuple(thrown)
            if log is not None:
                log.append(Event("R4.2.1", "throw", f"{TEMPLE_NAMES[p]} throws {' '.join(sticks[p])}",
                                 {"player": p, "sticks": list(sticks[p])}))
    d.sticks = (sticks[0], sticks[1])
    d.phase, d.to_move, d.passes = _CONFRONT, g, 0


def pass_turn(d: Draft, p: int, log: list[Event] | None, automatic: bool) -> None:
    """R4.2.3: two consecutive passes end the Confrontation."""
    if log is not None:
        how = "passes (automatic)" if automatic else "passes"
        log.append(Event("R4.2.2", "pass", f"{TEMPLE_NAMES[p]} {how}", {"player": p, "automatic": automatic}))
    d.passes += 1
    if d.passes >= 2:
        if log is not None:
            log.append(Event("R4.2.3", "confrontation_end", "both players passed: the Confrontation ends", {}))
        explore(d, log)
    else:
        d.to_move = 1 - p


def invoke(d: Draft, p: int, action: Invoke, chance: Chance, log: list[Event] | None) -> None:
    """R4.2.2: pay a naga, play the card, resolve its effect (R5), then discard the card."""
    rs = d.ruleset
    card = rs.card(action.card)
    effect = EFFECTS[card.effect]
    if action.pay == "charm":
        charm = next(a for a in d.amulets[p] if rs.amulet(a).is_charm)
        d.amulets = put(d.amulets, p, remove_one(d.amulets[p], charm))
        d.spent = put(d.spent, p, d.spent[p] + (charm,))
        paid = f"naga charm {charm}"
    else:
        token = f"{action.pay}:{NAGA}"
        d.sticks = put(d.sticks, p, remove_one(d.sticks[p], token))
        k = rs.stick_names.index(action.pay)
        d.supply = d.supply[:k] + (d.supply[k] + 1,) + d.supply[k + 1:]
        paid = f"a {action.pay} naga"
    d.hands = put(d.hands, p, remove_one(d.hands[p], card.id))
    if card.id in d.shown[p]:
        d.shown = put(d.shown, p, d.shown[p] - {card.id})
    if log is not None:
        target = " ".join(action.target)
        log.append(Event(card.effect, "invoke", f"{TEMPLE_NAMES[p]} pays {paid} and invokes {card.id} "
                         f"{effect.name}{' → ' + target if target else ''}",
                         {"player": p, "card": card.id, "effect": card.effect, "pay": action.pay,
                          "target": list(action.target)}))
    effect.resolve(d, p, action.target, chance, log)
    d.discard += (card.id,)
    if d.outcome is None:
        d.passes = 0
        d.to_move = 1 - p


# -- R4.3 Exploration --------------------------------------------------------------------------
def room_winner(fate: tuple[int, int] | list[int], guide: int) -> int:
    """R4.3.1: who wins the offered room with these fate totals: the larger total, a tie the guide.

    The one place the rule is written: the engine, the bots' evaluation and the widget's standing
    read it here.

    >>> room_winner((7, 3), 1), room_winner((4, 4), 1), room_winner((2, 5), 0)
    (0, 1, 1)
    """
    return guide if fate[guide] >= fate[1 - guide] else 1 - guide


def explore(d: Draft, log: list[Event] | None) -> None:
    """R4.3.1: more fate points win the offered room; a tie goes to the guide."""
    g = d.guide
    points = d.ruleset.stick_points
    fate = (sum([points[s] for s in d.sticks[0]]), sum([points[s] for s in d.sticks[1]]))
    winner = room_winner(fate, g)
    if log is not None:
        tie = " (a tie goes to the guide)" if fate[0] == fate[1] else ""
        log.append(Event("R4.3.1", "room_won", f"fate points gold {fate[0]}, silver {fate[1]}: "
                         f"{TEMPLE_NAMES[winner]} wins room {d.offered[0] if d.offered else '?'}{tie}",
                         {"winner": winner, "fate": list(fate)}))
    d.phase, d.to_move = _PLACE, winner


def place(d: Draft, p: int, space: int, rotation: int, chance: Chance, log: list[Event] | None) -> None:
    """R4.3.2–R4.3.4: place the room, re-evaluate, check a full temple, clear the table."""
    assert d.offered is not None
    room, amulet = d.offered
    tile = place_tile(room, rotation, d.ruleset.room(room).openings)
    d.offered = None
    if log is not None:
        log.append(Event("R4.3.2", "place", f"{TEMPLE_NAMES[p]} places {room} on space {space}, rotation {rotation}",
                         {"player": p, "room": room, "space": space, "rotation": rotation}))
    temple_changed(d, p, d.temples[p].put(space, tile, amulet), log, "R4.3")
    if d.outcome is not None:
        return
    if d.temples[p].is_full():  # R7.2
        scores = (score(d, 0), score(d, 1))
        winner = p if scores[p] >= scores[1 - p] else 1 - p
        finish(d, winner, EndReason.FULL_TEMPLE, "R7.2", log)
        return
    clear_table(d, log)
    new_deal(d, chance, log)


def clear_table(d: Draft, log: list[Event] | None) -> None:
    """R4.3.4: the sticks return to the supply, the called cards go to the discard pile."""
    if d.sticks[0] or d.sticks[1]:
        kind_of = d.ruleset.stick_kind_index
        supply = list(d.supply)
        for held in d.sticks:
            for s in held:
                supply[kind_of[s]] += 1
        d.supply, d.sticks = tuple(supply), ((), ())
    g = d.guide
    d.discard += (d.calls[g] or ()) + (d.calls[1 - g] or ())
    d.calls = (None, None)
    if log is not None:
        log.append(Event("R4.3.4", "table_cleared", "the sticks return to the supply; the called cards go to "
                         "the discard pile", {}))


# -- R4.4 New Deal ---------------------------------------------------------------------------
def new_deal(d: Draft, chance: Chance, log: list[Event] | None) -> None:
    """R4.4.1–R4.4.2: the scroll passes; the new guide draws three cards."""
    d.guide = g = 1 - d.guide
    if log is not None:
        log.append(Event("R4.4.1", "scroll", f"the scroll passes: {TEMPLE_NAMES[g]} is the guide", {"guide": g}))
    drawn = draw(d, g, d.ruleset.new_deal_draw, chance, log)
    if log is not None:
        log.append(Event("R4.4.2", "new_deal", f"{TEMPLE_NAMES[g]}, the new guide, draws {len(drawn)} card(s)",
                         {"guide": g, "count": len(drawn)}, g, " ".join(drawn), {"cards": list(drawn)}))
    if len(drawn) >= 2:
        d.drawn, d.phase, d.to_move = drawn, _GIVE, g
    else:
        d.hands = put(d.hands, g, tuple(sorted(d.hands[g] + drawn)))
        next_round(d, chance, log)


def give(d: Draft, p: int, card: str, chance: Chance, log: list[Event] | None) -> None:
    """R4.4.2: keep the others, give ``card`` (now known to both players, R6)."""
    keep = remove_one(d.drawn, card)
    d.hands = put(d.hands, p, tuple(sorted(d.hands[p] + keep)))
    o = 1 - p
    d.hands = put(d.hands, o, tuple(sorted(d.hands[o] + (card,))))
    d.shown = put(d.shown, o, d.shown[o] | {card})
    d.drawn = ()
    if log is not None:
        log.append(Event("R4.4.2", "give", f"{TEMPLE_NAMES[p]} gives {card} to {TEMPLE_NAMES[o]}",
                         {"player": p, "card": card}))
    next_round(d, chance, log)


def next_round(d: Draft, chance: Chance, log: list[Event] | None) -> None:
    """R4.4.3: the next room is offered and a new round begins with the guide's call."""
    reveal_room(d, chance, log, "R4.4.3")
    d.round += 1
    d.phase, d.to_move, d.passes = _CALL, d.guide, 0

