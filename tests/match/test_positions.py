"""Positions set up by hand: every position ``Match.from_state`` accepts plays on to the end of a game.

The positions are built by mutation from real ones (positions reached in random games): a card, a
room, an amulet, a stick or a relic moved from one place to another, a face turned, a field given
another value or another type, and temples re-evaluated (R2.4) so that more of them are consistent.
For each one, either ``Match.from_state`` refuses it with a :class:`PositionError` (and nothing
else), or the match it starts plays to its end with random legal actions, with a decision at every
live step, and its save replays. The JSON form of the same position, as the ``start`` of a save,
gets the same answer: the same refusal in the :class:`ReplayError`, or the same match.

Hypothesis runs derandomized, without a database, on a bounded number of examples (a few seconds).
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from naga_widget import Match, ReplayError
from naga_widget.rules import STANDARD, Chance, Phase, State, new_game
from naga_widget.rules.ruleset import TRAP
from naga_widget.rules.start import PositionError, check_position, position_from_json, position_to_json
from naga_widget.rules.temple import Temple, Tile, place_tile, reevaluate
from naga_widget.saves import checksum

RS = STANDARD
MOST_ACTIONS = 3000  # far more than any game takes: 17 rounds at most (R8)
FUZZ = settings(max_examples=260, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def _bases() -> list[State]:
    """Live positions of a few random games, every third step (all four steps of a round among them)."""
    found: list[State] = []
    for seed in range(6):
        rng = random.Random(seed)
        state = new_game(chance=Chance(random.Random(seed)))[0]
        chance = Chance(random.Random(seed + 100))
        k = 0
        while not state.is_over:
            if k % 3 == 0:
                found.append(state)
            state = state.apply(state.legal_actions().sample(rng), chance)
            k += 1
    return found


BASES = _bases()


# -- mutations that the JSON form can hold (it keeps every field's type; the faces follow from the tiles) ----
def _pick(rng: random.Random, items: list[Any]) -> Any:
    return items[rng.randrange(len(items))] if items else None


def _pair(pair: tuple[Any, Any], p: int, value: Any) -> tuple[Any, Any]:
    return (value, pair[1]) if p == 0 else (pair[0], value)


CARD_ZONES = ("hand0", "hand1", "call0", "call1", "deck", "discard", "drawn")


def _card_zone(s: State, zone: str) -> tuple[str, ...]:
    if zone.startswith(("hand", "call")):
        p = int(zone[-1])
        return s.hands[p] if zone.startswith("hand") else s.calls[p] or ()
    return {"deck": s.deck, "discard": s.discard, "drawn": s.drawn}[zone]


def _set_card_zone(s: State, zone: str, cards: tuple[str, ...]) -> State:
    if zone.startswith("hand"):
        return s._replace(hands=_pair(s.hands, int(zone[-1]), tuple(sorted(cards))))
    if zone.startswith("call"):
        return s._replace(calls=_pair(s.calls, int(zone[-1]), tuple(sorted(cards))))
    if zone == "deck":
        return s._replace(deck=tuple(sorted(cards)))
    return s._replace(**{zone: cards})


def move_card(s: State, rng: random.Random) -> State:
    source = _pick(rng, [z for z in CARD_ZONES if _card_zone(s, z)])
    target = _pick(rng, [z for z in CARD_ZONES if z != source])
    cards = list(_card_zone(s, source))
    card = cards.pop(rng.randrange(len(cards)))
    s = _set_card_zone(s, source, tuple(cards))
    s = _set_card_zone(s, target, (*_card_zone(s, target), card))
    return s._replace(shown=(s.shown[0] - {card}, s.shown[1] - {card}))


def show_card(s: State, rng: random.Random) -> State:
    p = rng.randrange(2)
    card = _pick(rng, [*s.hands[p], *s.deck])
    return s if card is None else s._replace(shown=_pair(s.shown, p, s.shown[p] | {card}))


def set_call(s: State, rng: random.Random) -> State:
    p = rng.randrange(2)
    hand, call = list(s.hands[p]), list(s.calls[p] or ())
    choice = rng.randrange(3)
    if choice == 0:  # the call back into the hand, not called
        return s._replace(hands=_pair(s.hands, p, tuple(sorted(hand + call))), calls=_pair(s.calls, p, None))
    if choice == 1:  # an empty call
        return s._replace(hands=_pair(s.hands, p, tuple(sorted(hand + call))), calls=_pair(s.calls, p, ()))
    picked = rng.sample(hand, min(len(hand), rng.randint(1, 2)))  # a call of one or two cards of the hand
    rest = tuple(sorted(c for c in hand if c not in picked))
    return s._replace(hands=_pair(s.hands, p, rest), calls=_pair(s.calls, p, tuple(sorted(call + picked))))


def _repair(s: State, t: int, temple: Temple) -> State:
    """``temple`` put in place of temple ``t``, re-evaluated (R2.4): the amulets it collects go to its owner."""
    r = reevaluate(temple)
    collected = tuple(a for _, a in r.collected)
    temples = _pair(s.temples, t, r.temple)
    return s._replace(temples=temples, amulets=_pair(s.amulets, t, tuple(sorted(s.amulets[t] + collected))))


def reevaluate_temples(s: State, rng: random.Random) -> State:
    for t in (0, 1):
        s = _repair(s, t, s.temples[t])
    return s


def place_room(s: State, rng: random.Random, evaluate: bool = True) -> State:
    """A room of the pile, or the offered one, onto an empty space (re-evaluated, R2.4)."""
    t = rng.randrange(2)
    temple = s.temples[t]
    space = _pick(rng, [i for i in range(9) if temple.tiles[i] is None])
    from_offer = s.offered is not None and rng.random() < 0.3
    room = s.offered[0] if from_offer and s.offered else _pick(rng, list(s.rooms))
    if space is None or room is None:
        return s
    amulet = None
    if rng.random() < 0.3 and s.amulet_pile:
        amulet = _pick(rng, list(s.amulet_pile))
        s = s._replace(amulet_pile=tuple(a for a in s.amulet_pile if a != amulet))
    if from_offer:
        s = s._replace(offered=None, amulet_pile=tuple(sorted(s.amulet_pile + ((s.offered[1],) if s.offered
                                                                               and s.offered[1] else ()))))
    else:
        s = s._replace(rooms=tuple(r for r in s.rooms if r != room))
    tile = place_tile(room, rng.randrange(4), RS.room(room).openings)
    temple = temple.put(space, tile, amulet)
    return _repair(s, t, temple) if evaluate else s._replace(temples=_pair(s.temples, t, temple))


def lift_room(s: State, rng: random.Random) -> State:
    """A room off a temple, back to the pile (its amulet to the pile), re-evaluated."""
    t = rng.randrange(2)
    temple = s.temples[t]
    space = _pick(rng, [i for i, tile in enumerate(temple.tiles) if tile is not None and tile.room != TRAP])
    if space is None:
        return s
    room, amulet = temple.tiles[space].room, temple.amulets[space]  # type: ignore[union-attr]
    s = s._replace(rooms=tuple(sorted(s.rooms + (room,))),
                   amulet_pile=tuple(sorted(s.amulet_pile + ((amulet,) if amulet else ()))))
    return _repair(s, t, temple.put(space, None))


def move_trap(s: State, rng: random.Random) -> State:
    temples = [s.temples[0].put(s.trap[1], None) if s.trap and s.trap[0] == 0 else s.temples[0],
               s.temples[1].put(s.trap[1], None) if s.trap and s.trap[0] == 1 else s.temples[1]]
    s = s._replace(temples=(temples[0], temples[1]), trap=None)
    t = rng.randrange(3)
    if t == 2:
        return reevaluate_temples(s, rng)
    space = _pick(rng, [i for i in range(9) if temples[t].tiles[i] is None])
    if space is None:
        return s
    s = s._replace(trap=(t, space))
    return _repair(s, t, temples[t].put(space, place_tile(TRAP, 0, 0)))


def set_offered(s: State, rng: random.Random) -> State:
    """No offered room (it goes back to the pile), or one from the pile, with or without an amulet."""
    rooms, pile = list(s.rooms), list(s.amulet_pile)
    if s.offered is not None:
        rooms.append(s.offered[0])
        pile += [s.offered[1]] if s.offered[1] else []
    if rng.random() < 0.3 or not rooms:
        return s._replace(offered=None, rooms=tuple(sorted(rooms)), amulet_pile=tuple(sorted(pile)))
    room = rooms.pop(rng.randrange(len(rooms)))
    amulet = pile.pop(rng.randrange(len(pile))) if pile and rng.random() < 0.6 else None
    return s._replace(offered=(room, amulet), rooms=tuple(sorted(rooms)), amulet_pile=tuple(sorted(pile)))


AMULET_ZONES = ("pile", "held0", "held1", "spent0", "spent1", "tile")


def move_amulet(s: State, rng: random.Random) -> State:
    """An amulet from the pile, a player or a tile, to another of them."""
    where: list[tuple[str, str]] = [("pile", a) for a in s.amulet_pile]
    where += [(f"held{p}", a) for p in (0, 1) for a in s.amulets[p]]
    where += [(f"spent{p}", a) for p in (0, 1) for a in s.spent[p]]
    where += [("tile", a) for temple in s.temples for a in temple.amulets if a]
    zone, amulet = _pick(rng, where)
    if zone == "pile":
        s = s._replace(amulet_pile=tuple(a for a in s.amulet_pile if a != amulet))
    elif zone != "tile":
        field, p = ("amulets" if zone.startswith("held") else "spent"), int(zone[-1])
        s = s._replace(**{field: _pair(getattr(s, field), p, tuple(a for a in getattr(s, field)[p] if a != amulet))})
    else:
        s = s._replace(temples=tuple(t._replace(amulets=tuple(None if a == amulet else a for a in t.amulets))
                                     for t in s.temples))
    target = _pick(rng, [z for z in AMULET_ZONES if z != zone])
    if target == "pile":
        return s._replace(amulet_pile=tuple(sorted(s.amulet_pile + (amulet,))))
    if target == "tile":
        t = rng.randrange(2)
        space = _pick(rng, [i for i, tile in enumerate(s.temples[t].tiles) if tile is not None])
        if space is None:
            return s._replace(amulet_pile=tuple(sorted(s.amulet_pile + (amulet,))))
        temple = s.temples[t]
        return s._replace(temples=_pair(s.temples, t, temple._replace(
            amulets=tuple(amulet if i == space else a for i, a in enumerate(temple.amulets)))))
    field, p = ("amulets" if target.startswith("held") else "spent"), int(target[-1])
    held = getattr(s, field)[p] + (amulet,)
    return s._replace(**{field: _pair(getattr(s, field), p, tuple(sorted(held)) if field == "amulets" else held)})


def move_stick(s: State, rng: random.Random) -> State:
    """A stick from the supply to a player (a face at random), or back, or turned to another face."""
    p = rng.randrange(2)
    kinds = RS.stick_types
    choice = rng.randrange(3)
    if choice == 0:
        k = rng.randrange(len(kinds))
        if not s.supply[k]:
            return s
        token = f"{kinds[k].name}:{rng.choice(kinds[k].faces)}"
        supply = tuple(n - (i == k) for i, n in enumerate(s.supply))
        return s._replace(supply=supply, sticks=_pair(s.sticks, p, tuple(sorted(s.sticks[p] + (token,)))))
    held = list(s.sticks[p])
    if not held:
        return s
    token = held.pop(rng.randrange(len(held)))
    kind = token.split(":")[0]
    if choice == 1:
        k = RS.stick_names.index(kind)
        supply = tuple(n + (i == k) for i, n in enumerate(s.supply))
        return s._replace(supply=supply, sticks=_pair(s.sticks, p, tuple(held)))
    held.append(f"{kind}:{rng.choice(RS.stick_type(kind).faces)}")
    return s._replace(sticks=_pair(s.sticks, p, tuple(sorted(held))))


def change_relics(s: State, rng: random.Random) -> State:
    """Two relics of a temple swapped, or a slot's knowledge changed."""
    t = rng.randrange(2)
    temple = s.temples[t]
    i, j = rng.sample(range(9), 2)
    if rng.random() < 0.5:
        relics = list(temple.relics)
        relics[i], relics[j] = relics[j], relics[i]
        temple = temple._replace(relics=tuple(relics))
    else:
        k = rng.randrange(3)
        known = list(temple.known)
        known[k] ^= 1 << i
        temple = temple._replace(known=(known[0], known[1], known[2]))
    return s._replace(temples=_pair(s.temples, t, temple))


def set_number(s: State, rng: random.Random) -> State:
    field = rng.choice(("to_move", "guide", "round", "passes"))
    return s._replace(**{field: rng.choice((-1, 0, 1, 2, 3, 17, 10**20))})


def set_phase(s: State, rng: random.Random) -> State:
    return s._replace(phase=rng.choice(list(Phase)))


def flip_players(s: State, rng: random.Random) -> State:
    return s._replace(to_move=1 - s.to_move) if rng.random() < 0.5 else s._replace(guide=1 - s.guide)


JSON_FORM: list[Callable[[State, random.Random], State]] = [
    move_card, move_card, show_card, set_call, set_call, place_room, place_room, lift_room, move_trap,
    set_offered, move_amulet, move_stick, move_stick, change_relics, set_number, set_phase, flip_players,
    reevaluate_temples,
]


# -- mutations the JSON form cannot hold: a field's type, an order, a face against its path ---------------
def place_unevaluated(s: State, rng: random.Random) -> State:
    return place_room(s, rng, evaluate=False)


def turn_face(s: State, rng: random.Random) -> State:
    t = rng.randrange(2)
    return s._replace(temples=_pair(s.temples, t, s.temples[t]._replace(up=s.temples[t].up ^ 1 << rng.randrange(9))))


class Weird(str):
    """A text that is not a plain ``str``."""


ODD_VALUES: list[Any] = [None, True, 1.5, "x", [], (), ("a", 1), frozenset({1}), {"a": 1}, 10**40, -3,
                         Weird("01a"), object()]


def retype(s: State, rng: random.Random) -> State:
    """One field, or one part of one field, replaced by a value of another type."""
    field = rng.choice(State._fields)
    value = getattr(s, field)
    odd = rng.choice(ODD_VALUES)
    if isinstance(value, tuple) and value and rng.random() < 0.6:
        parts = list(value)
        k = rng.randrange(len(parts))
        inner = parts[k]
        if isinstance(inner, tuple) and inner and rng.random() < 0.5:
            items = list(inner)
            items[rng.randrange(len(items))] = odd
            parts[k] = tuple(items) if type(inner) is tuple else type(inner)(*items)
        elif isinstance(inner, Temple) and rng.random() < 0.8:
            part = rng.choice(Temple._fields)
            got = getattr(inner, part)
            if isinstance(got, tuple) and got:
                items = list(got)
                slot = rng.randrange(len(items))
                tile = items[slot]
                if isinstance(tile, Tile) and rng.random() < 0.5:
                    items[slot] = tile._replace(**{rng.choice(Tile._fields): odd})
                else:
                    items[slot] = odd
                parts[k] = inner._replace(**{part: tuple(items)})
            else:
                parts[k] = inner._replace(**{part: odd})
        else:
            parts[k] = odd
        return s._replace(**{field: tuple(parts) if rng.random() < 0.8 else parts})
    if field == "phase" and rng.random() < 0.5:
        return s._replace(phase=str(s.phase.value))
    return s._replace(**{field: odd})


def unsort(s: State, rng: random.Random) -> State:
    field = rng.choice(("hands", "deck", "rooms", "amulet_pile", "sticks", "amulets"))
    value = getattr(s, field)
    if field in ("hands", "sticks", "amulets"):
        p = rng.randrange(2)
        return s._replace(**{field: _pair(value, p, tuple(reversed(value[p])))})
    return s._replace(**{field: tuple(reversed(value))})


STATE_ONLY: list[Callable[[State, random.Random], State]] = [retype, unsort, turn_face, place_unevaluated]


def json_form_only(mutations: list[tuple[Any, int]]) -> bool:
    return all(mutate in JSON_FORM for mutate, _ in mutations)


# -- the property ------------------------------------------------------------------------------------------
def play_to_the_end(match: Match, rng: random.Random) -> int:
    """Random legal actions until the game is over; every live step has a decision. The actions played."""
    for played in range(MOST_ACTIONS):
        if match.state.is_over:
            return played
        legal = match.legal_actions()
        assert len(legal) > 0, f"no legal action at a live position ({match.state!r}) after {played} actions"
        match.play(legal.sample(rng))
    raise AssertionError(f"the game did not end in {MOST_ACTIONS} actions")


def start_in_a_save(state: State) -> str:
    """A saved match whose start is the JSON form of ``state`` (the checksum made again, as a forger would)."""
    doc = copy.deepcopy(TEMPLATE)
    doc["start"] = position_to_json(state)
    doc = {k: v for k, v in doc.items() if k != "checksum"}
    doc["checksum"] = checksum(doc)
    return json.dumps(doc)


TEMPLATE = Match.from_state(BASES[1], seed=1).to_json()

mutation = st.tuples(st.sampled_from(JSON_FORM + STATE_ONLY), st.integers(0, 2**32))


@FUZZ
@given(base=st.integers(0, len(BASES) - 1), mutations=st.lists(mutation, min_size=1, max_size=4),
       seed=st.integers(0, 2**32))
def test_a_position_is_refused_with_a_position_error_or_plays_to_its_end(
        base: int, mutations: list[tuple[Any, int]], seed: int) -> None:
    state = BASES[base]
    for mutate, k in sorted(mutations, key=lambda m: m[0] in STATE_ONLY):  # the ones the JSON cannot hold last
        try:
            state = mutate(state, random.Random(k))
        except Exception:  # noqa: BLE001 - a field made of another type before: this one has nothing to move
            assert not json_form_only(mutations)
    json_form = json_form_only(mutations)
    try:
        match = Match.from_state(state, seed=seed)
    except PositionError as exc:
        refusal = str(exc)
        assert refusal and len(refusal) < 400
        if json_form:  # the JSON form of the position, and a save that starts from it, say the same
            with pytest.raises(PositionError) as from_json:
                position_from_json(position_to_json(state), RS)
            assert str(from_json.value) == refusal
            with pytest.raises(ReplayError) as loaded:
                Match.loads(start_in_a_save(state))
            assert refusal in str(loaded.value)
        return
    assert position_from_json(position_to_json(state), RS) == state
    assert Match.loads(match.dumps()).state == state
    play_to_the_end(match, random.Random(seed))


def test_the_mutations_reach_both_answers_and_the_rules_that_refuse() -> None:
    """The mutations are not all refused for one reason: a sample gets many refusals citing the rules
    this check enforces, and accepted positions other than the bases."""
    refusals: dict[str, int] = {}
    accepted = 0
    rng = random.Random(5)
    ops = JSON_FORM + STATE_ONLY
    for _ in range(600):
        state = BASES[rng.randrange(len(BASES))]
        for mutate in sorted((rng.choice(ops) for _ in range(rng.randint(1, 3))), key=lambda m: m in STATE_ONLY):
            try:
                state = mutate(state, random.Random(rng.random()))
            except Exception:  # noqa: BLE001 - after a field of another type
                pass
        try:
            check_position(state)
        except PositionError as exc:
            key = exc.rule or str(exc).split(":")[0][:30]
            refusals[key] = refusals.get(key, 0) + 1
        else:
            accepted += state not in BASES
    assert accepted >= 20, accepted
    for rule in ("R2.4", "R3.5", "R4.1", "R4.3.1", "R4.3.4", "R4.4.2", "R4.4.3", "R6", "R7.2"):
        assert refusals.get(rule), f"no mutation was refused by {rule}: {refusals}"


# -- the positions that broke play, each refused by the rule that says why --------------------------------
def _fresh() -> State:
    return new_game(chance=Chance(random.Random(3)))[0]  # round 1, the call of fate, no tile placed


def _no_offered_room(s: State) -> State:
    assert s.offered is not None
    room, amulet = s.offered
    return s._replace(offered=None, rooms=tuple(sorted(s.rooms + (room,))),
                      amulet_pile=tuple(sorted(s.amulet_pile + ((amulet,) if amulet else ()))))


def _full_gold_temple(s: State) -> State:
    """The gold temple full of rooms, none of them reached (no room of row 2 opens south): no relic is up."""
    pile = list(s.rooms)
    corners = [r for r in pile if RS.room(r).shape == "corner"]  # N E at rotation 0: no south opening
    rest = [r for r in pile if r not in corners[:3]]
    rooms = rest[:6] + corners[:3]
    tiles = tuple(place_tile(r, 0, RS.room(r).openings) for r in rooms)
    temple = s.temples[0]._replace(tiles=tiles)
    assert reevaluate(temple).temple == temple
    return s._replace(temples=(temple, s.temples[1]), rooms=tuple(r for r in pile if r not in rooms))


def _three_cursed_up(s: State) -> State:
    """Crosses placed from the south until three slots are reached, and the cursed relics moved onto them."""
    temple = s.temples[0]
    crosses = iter([r for r in s.rooms if RS.room(r).shape == "cross"])
    for space in (6, 7, 8, 3, 0):  # row 2 reaches W2 and E2; a cross on space 3 then reaches W1
        if bin(reevaluate(temple).temple.up).count("1") >= 3:
            break
        room = next(crosses)
        s = s._replace(rooms=tuple(r for r in s.rooms if r != room))
        temple = temple.put(space, place_tile(room, 0, RS.room(room).openings))
    up = reevaluate(temple).temple.up
    cursed = [i for i in range(9) if up >> i & 1][:3]
    sacred = [r for r in temple.relics if r != "c6"]
    relics = tuple("c6" if i in cursed else sacred.pop() for i in range(9))
    temple = reevaluate(temple._replace(relics=relics)).temple
    return s._replace(temples=(temple, s.temples[1]))


def _to_call_with_no_cards(s: State) -> State:
    """The guide has called; the other player, to call, has no cards (the engine calls nothing for them)."""
    g, o = s.guide, 1 - s.guide
    hands = _pair(_pair(s.hands, g, s.hands[g][1:]), o, ())
    return s._replace(hands=hands, calls=_pair((None, None), g, s.hands[g][:1]), to_move=o,
                      deck=tuple(sorted(s.deck + s.hands[o])))


@pytest.mark.parametrize("change, rule, words", [
    (_no_offered_room, "R4.4.3", "a room is offered throughout the round"),
    (_full_gold_temple, "R7.2", "the gold temple is full"),
    (_three_cursed_up, "R7.1.1", "3 cursed relics lie face up in the gold temple"),
    (lambda s: s._replace(calls=_pair((None, None), s.guide, ()), to_move=1 - s.guide), "R4.1",
     "called nothing with cards in hand"),
    (lambda s: s._replace(sticks=(("brown:1",), ()), supply=(11, 12, 12)), "R4.3.4", "sticks are held only"),
    (_to_call_with_no_cards, "R4.1", "has no cards and calls nothing"),
    (lambda s: s._replace(phase=Phase.PLACE, calls=((s.hands[0][0],), (s.hands[1][0],)),
                          hands=(s.hands[0][1:], s.hands[1][1:]), to_move=1 - s.guide), "R4.3.1", "has won"),
])
def test_a_position_that_would_break_play_is_refused_with_its_rule(change: Any, rule: str, words: str) -> None:
    bad = change(_fresh())
    with pytest.raises(PositionError, match=words) as refused:
        Match.from_state(bad)
    assert refused.value.rule == rule and str(refused.value).endswith(f"({rule})")
    doc_error = pytest.raises(ReplayError, match=words)
    with doc_error:
        Match.loads(start_in_a_save(bad))


@pytest.mark.parametrize("change, words", [
    (lambda s: s._replace(hands=None), "the hands must be a pair"),
    (lambda s: s._replace(hands=(list(s.hands[0]), s.hands[1])), "the hands must be a pair"),
    (lambda s: s._replace(temples=(1, 2)), "the gold temple must be a Temple"),
    (lambda s: s._replace(phase="call"), "the phase must be a Phase"),
    (lambda s: s._replace(to_move=True), "the player to move must be an integer"),
    (lambda s: s._replace(supply=[12, 12, 12]), "the supply must be a tuple"),
    (lambda s: s._replace(ruleset=None), "the ruleset must be a Ruleset"),
    (lambda s: s._replace(offered=["R01", None]), "the offered room must be"),
    (lambda s: s._replace(deck=(*s.deck[1:], Weird(s.deck[0]))), "the deck must be a tuple of texts"),
    (lambda s: s._replace(temples=(s.temples[0]._replace(known=(0, 0)), s.temples[1])), "known masks"),
])
def test_a_field_of_another_type_is_refused_with_its_name(change: Any, words: str) -> None:
    with pytest.raises(PositionError, match=words):
        Match.from_state(change(_fresh()))


# -- a save's start tampered with in its JSON form: a ReplayError, and nothing else ---------------------------
ODD_JSON: list[Any] = [None, True, False, 1.5, -1, 10**30, "x", "", [], {}, [None], ["x", 1], {"a": []}, [[[]]]]


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON value: each key of an object, each item of a list."""
    found = [path]
    if isinstance(value, dict):
        for key, inner in value.items():
            found += _paths(inner, (*path, key))
    elif isinstance(value, list):
        for i, inner in enumerate(value):
            found += _paths(inner, (*path, i))
    return found


START = position_to_json(BASES[4])
START_PATHS = _paths(START)[1:]


@settings(FUZZ, max_examples=150)
@given(edits=st.lists(st.tuples(st.integers(0, len(START_PATHS) - 1), st.sampled_from(ODD_JSON)), min_size=1,
                      max_size=3))
def test_a_start_changed_in_its_json_form_is_refused_with_a_replay_error(edits: list[tuple[int, Any]]) -> None:
    start = copy.deepcopy(START)
    for k, odd in edits:
        *parents, last = START_PATHS[k]
        where: Any = start
        try:
            for key in parents:
                where = where[key]
            if isinstance(where, dict) is not isinstance(last, str):
                raise TypeError
            where[last] = copy.deepcopy(odd)
        except (KeyError, IndexError, TypeError):
            continue  # an earlier edit changed what lay on this path
    try:
        state = position_from_json(start, RS)
    except PositionError as exc:
        with pytest.raises(ReplayError) as loaded:
            Match.loads(start_in_a_save_json(start))
        assert str(exc) in str(loaded.value)
    else:
        check_position(state)  # what the JSON form accepts, the check accepts


def start_in_a_save_json(start: dict[str, Any]) -> str:
    doc = copy.deepcopy(TEMPLATE)
    doc["start"] = start
    doc = {k: v for k, v in doc.items() if k != "checksum"}
    doc["checksum"] = checksum(doc)
    return json.dumps(doc)
