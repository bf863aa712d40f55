"""Property tests: random games driven by seeds from hypothesis, checked after every step.

What is checked after every step of every game (see the helpers below):

- conservation of the components (R1): 48 cards, 36 sticks (12 per type), 17 rooms and
  the trap, 12 amulets, 9 relics per temple with the standard multiset;
- the R2.4 invariant: face-up relics are exactly the reached slots, no amulet lies on a
  reached tile, and what was face up is remembered by everyone (R6);
- R7: a game that is not over has nobody at 25 points or with three cursed relics up;
- R6 hiding: the JSON text of ``observe_state(state, p)`` and ``"spectator"`` (and the
  events as that viewer sees them) never contains a hidden card or amulet id, and a
  relic is shown only when it is face up or remembered by that viewer;
- the legal actions: ``len`` equals the number iterated, no duplicates, every listed
  action is ``in`` the legal actions and round-trips through text and JSON, ``sample``
  only yields listed actions, and near-miss actions are rejected;
- ``apply`` never changes the state it was called on.

Other properties: a :class:`Match` returns equal states through undo/redo/goto and saves
identically after a load; ``playout`` equals the documented ``apply`` loop; the same seed
and actions give the same final state however the match was navigated.

Hypothesis runs derandomized and without an example database, so the suite is
deterministic and writes no files.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from naga_widget import Match
from naga_widget.rules import (
    STANDARD,
    Action,
    Call,
    Chance,
    Give,
    IllegalActionError,
    Invoke,
    Pass,
    Place,
    State,
    new_game,
    observe_state,
)
from naga_widget.rules.flow import playout
from naga_widget.rules.ruleset import rotate

# -- the standard components (R1), written out rather than read from the ruleset -----------------
CARD_IDS = sorted(f"{n:02d}{copy}" for n in range(1, 13) for copy in "abcd")
ROOM_IDS = sorted(f"R{n:02d}" for n in range(1, 18))
AMULET_IDS = sorted(f"A{n:02d}" for n in range(1, 13))
CHARM_IDS = frozenset(f"A{n:02d}" for n in range(8, 13))
RELIC_MULTISET = sorted(["s3", "s3", "s4", "s4", "s5", "s5", "c6", "c6", "c6"])
STICKS_PER_TYPE = {"brown": 12, "violet": 12, "teal": 12}
FACES = {"brown": {"1", "2", "N"}, "violet": {"0", "1", "3", "4"}, "teal": {"1", "2", "N"}}
TRAP = "TRAP"
PHASES = ("call", "confront", "place", "give")

CARD_RE = re.compile(r"(?<![A-Za-z0-9])(\d\d[a-d])(?![A-Za-z0-9])")
AMULET_RE = re.compile(r"(?<![A-Za-z0-9])(A\d\d)(?![0-9])")

BASE = settings(deadline=None, derandomize=True, database=None, suppress_health_check=[HealthCheck.too_slow])
seeds = st.integers(min_value=0, max_value=2**32 - 1)


# R2.1-R2.3 written out independently of the engine: openings N=1 E=2 S=4 W=8, space = 3*row + col.
N, E, S, W = 1, 2, 4, 8
SLOT_GATES = ((6, W), (3, W), (0, W), (0, N), (1, N), (2, N), (2, E), (5, E), (8, E))  # W2 W1 W0 N0 … E2


def reach(openings: tuple[int, ...]) -> tuple[int, int]:
    """(reached spaces, reached slots) by a plain search from the open entrances S0 S1 S2."""
    todo = [s for s in (6, 7, 8) if openings[s] & S]
    seen = set(todo)
    while todo:
        here = todo.pop()
        r, c = divmod(here, 3)
        for bit, back, (nr, nc) in ((N, S, (r - 1, c)), (S, N, (r + 1, c)), (E, W, (r, c + 1)), (W, E, (r, c - 1))):
            there = 3 * nr + nc
            if 0 <= nr < 3 and 0 <= nc < 3 and openings[here] & bit and openings[there] & back and there not in seen:
                seen.add(there)
                todo.append(there)
    spaces = sum(1 << s for s in seen)
    slots = sum(1 << i for i, (space, bit) in enumerate(SLOT_GATES) if space in seen and openings[space] & bit)
    return spaces, slots


# -- invariants of one state ------------------------------------------------------------------------
def check_conservation(s: State) -> None:
    """R1: every component is in exactly one place."""
    cards = [*s.hands[0], *s.hands[1], *(s.calls[0] or ()), *(s.calls[1] or ()), *s.deck, *s.discard, *s.drawn]
    assert sorted(cards) == CARD_IDS, f"cards not conserved: {Counter(cards) - Counter(CARD_IDS)} extra, " \
                                      f"{Counter(CARD_IDS) - Counter(cards)} missing"
    assert list(s.deck) == sorted(s.deck), "the deck has no order (it is kept sorted)"
    for p in (0, 1):
        assert list(s.hands[p]) == sorted(s.hands[p])
        assert s.shown[p] <= set(s.hands[p]) | set(s.calls[p] or ()), "a known card left the player"

    held = Counter(tok.split(":")[0] for p in (0, 1) for tok in s.sticks[p])
    supply = dict(zip(STANDARD.stick_names, s.supply))
    assert set(supply) == set(STICKS_PER_TYPE)
    for kind, total in STICKS_PER_TYPE.items():
        assert supply[kind] >= 0
        assert supply[kind] + held[kind] == total, f"{kind} sticks: supply {supply[kind]} + held {held[kind]}"
    for p in (0, 1):
        for tok in s.sticks[p]:
            kind, face = tok.split(":")
            assert face in FACES[kind], f"impossible stick {tok}"

    rooms = list(s.rooms)
    traps = []
    if s.offered is not None:
        rooms.append(s.offered[0])
    for t, temple in enumerate(s.temples):
        for i, tile in enumerate(temple.tiles):
            if tile is None:
                continue
            if tile.room == TRAP:
                traps.append((t, i))
                assert tile.openings == 0
            else:
                rooms.append(tile.room)
                base = STANDARD.room(tile.room).openings
                assert tile.openings == rotate(base, tile.rotation), f"tile {tile} has wrong openings"
    assert sorted(rooms) == ROOM_IDS, f"rooms not conserved: {sorted(rooms)}"
    assert traps == ([] if s.trap is None else [s.trap]), f"trap at {traps}, state says {s.trap}"

    amulets = list(s.amulet_pile) + [*s.amulets[0], *s.amulets[1], *s.spent[0], *s.spent[1]]
    if s.offered is not None and s.offered[1] is not None:
        assert STANDARD.room(s.offered[0]).amulet_symbol
        amulets.append(s.offered[1])
    for temple in s.temples:
        for i, amulet in enumerate(temple.amulets):
            if amulet is not None:
                tile = temple.tiles[i]
                assert tile is not None and tile.room != TRAP, "an amulet lies on an empty space or the trap"
                assert STANDARD.room(tile.room).amulet_symbol, f"amulet on {tile.room}, which has no symbol"
                amulets.append(amulet)
    assert sorted(amulets) == AMULET_IDS, f"amulets not conserved: {sorted(amulets)}"
    for p in (0, 1):
        assert set(s.spent[p]) <= CHARM_IDS, "only naga charms are spent"

    for temple in s.temples:
        assert sorted(temple.relics) == RELIC_MULTISET


def check_r2_4(s: State) -> None:
    """R2.4: face-up mask == reached slots; no amulet on a reached tile; face-up relics are known to all."""
    for t, temple in enumerate(s.temples):
        spaces, slots = reach(temple.openings())
        assert temple.up == slots, f"temple {t}: face up {temple.up:09b} but reached slots {slots:09b}"
        assert temple.reached() == spaces
        for i, amulet in enumerate(temple.amulets):
            assert not (amulet is not None and spaces >> i & 1), f"temple {t}: amulet {amulet} on reached space {i}"
        for k in range(3):
            assert temple.known[k] & temple.up == temple.up, "a face-up relic is not remembered"
            assert temple.known[2] & ~temple.known[k] == 0, "public memory is everyone's memory"


def check_progress(s: State) -> None:
    """R4/R7 bookkeeping that must hold between decisions."""
    assert 1 <= s.round <= 17
    placed = sum(tile is not None and tile.room != TRAP for t in s.temples for tile in t.tiles)
    if s.outcome is None:
        assert s.phase in PHASES and s.to_move in (0, 1) and s.current_player == s.to_move
        for p in (0, 1):
            assert s.score(p) < 25, "R7.1.2 should have ended the game"
            assert s.cursed_up(p) < 3, "R7.1.1 should have ended the game"
            assert not s.temples[p].is_full(), "R7.2 should have ended the game"
        assert placed == s.round - 1 + (s.phase == "give"), "one room is placed per round"
        if s.phase == "give":
            assert s.to_move == s.guide and len(s.drawn) in (2, 3) and s.offered is None
        else:
            assert s.drawn == () and s.offered is not None
        if s.phase == "call":
            assert s.calls[s.to_move] is None and s.hands[s.to_move], "an empty hand calls automatically"
            assert s.sticks == ((), ())
        if s.phase in ("confront", "place"):
            assert s.calls[0] is not None and s.calls[1] is not None
    else:
        assert s.phase == "over" and s.to_move == -1 and s.current_player is None
        assert s.outcome.scores == (s.score(0), s.score(1))


def check_outcome(s: State, placer: int | None = None) -> None:
    """R7: the reason agrees with the final position; the game ended at the first moment it could."""
    out = s.outcome
    assert out is not None and out.reason in ("three_cursed", "target_score", "full_temple")
    w, loser = out.winner, 1 - out.winner
    full = [p for p in (0, 1) if s.temples[p].is_full()]
    if out.reason == "three_cursed":
        assert out.rule == "R7.1" and s.cursed_up(loser) == 3
        assert s.cursed_up(w) < 3 and s.score(w) < 25
    elif out.reason == "target_score":
        assert out.rule == "R7.1" and s.score(w) >= 25 and out.scores[w] >= 25 and s.cursed_up(w) < 3
        assert s.score(loser) < 25 and s.cursed_up(loser) < 3
    else:
        assert out.rule == "R7.2" and len(full) == 1
        last = full[0]  # only a placement fills a temple, and only in the placer's own temple
        if placer is not None:
            assert placer == last
        assert w == (last if s.score(last) >= s.score(1 - last) else 1 - last)
        for p in (0, 1):
            assert s.score(p) < 25 and s.cursed_up(p) < 3


# -- what each viewer may see (R6) ---------------------------------------------------------------
def allowed_cards(s: State, viewer: Any) -> set[str]:
    """Card ids ``viewer`` may know the place of in ``s``."""
    ok = set(s.discard) | set(s.shown[0]) | set(s.shown[1])
    if s.phase != "call":  # calls are turned face up in R4.2.1 (and stay public if the game ends)
        ok |= set(s.calls[0] or ()) | set(s.calls[1] or ())
    if viewer in (0, 1):
        ok |= set(s.hands[viewer]) | set(s.calls[viewer] or ())
        if s.phase == "give" and s.guide == viewer:
            ok |= set(s.drawn)
    return ok


def allowed_amulets(s: State, viewer: Any) -> set[str]:
    ok = set(s.spent[0]) | set(s.spent[1])
    if s.outcome is not None:
        ok |= set(s.amulets[0]) | set(s.amulets[1])
    if viewer in (0, 1):
        ok |= set(s.amulets[viewer])
    return ok


def check_observations(s: State, observe: Any = observe_state) -> None:
    truth = observe(s, "truth")
    assert truth == s.to_json()
    for viewer in (0, 1, "spectator"):
        view = observe(s, viewer)
        text = json.dumps(view)
        for key in ("deck", "room_pile", "amulet_pile", "knowledge"):
            assert key not in view, f"{viewer!r} sees the {key}"
        cards = set(CARD_RE.findall(text))
        leaked = cards - allowed_cards(s, viewer)
        assert not leaked, f"viewer {viewer!r} sees hidden cards {sorted(leaked)} (deck/hand/call)"
        assert not cards & set(s.deck), "deck contents appear in a view"
        amulets = set(AMULET_RE.findall(text))
        leaked = amulets - allowed_amulets(s, viewer)
        assert not leaked, f"viewer {viewer!r} sees hidden amulets {sorted(leaked)}"
        memory = 2 if viewer == "spectator" else viewer
        for t, temple in enumerate(s.temples):
            for i, seen in enumerate(view["temples"][t]["relics"]):
                visible = bool(temple.up >> i & 1) or bool(temple.known[memory] >> i & 1)
                assert seen["relic"] == (temple.relics[i] if visible else None), \
                    f"viewer {viewer!r}, temple {t} slot {seen['slot']}: shows {seen['relic']!r}"
                assert seen["up"] == bool(temple.up >> i & 1)
        for p in (0, 1):
            player = view["players"][p]
            if viewer != p:
                assert player["hand"] is None
                if s.phase == "call":
                    assert player["call"] is None
                if s.outcome is None:
                    assert player["amulets"] is None and player["score"] is None
            else:
                assert player["hand"] == list(s.hands[p]) and player["amulets"] == list(s.amulets[p])
            assert player["hand_count"] == len(s.hands[p])
            assert player["relic_points"] == s.relic_points(p)
        if not (viewer == s.guide and s.phase == "give"):
            assert view["drawn"] is None


def check_events(before: State, after: State, events: list[Any]) -> None:
    """Each viewer's version of the events reveals no more than the states before and after."""
    for e in events:
        assert re.fullmatch(r"R\d(\.\d)*|E(0[1-9]|1[0-2])", e.rule), f"event cites no rule id: {e}"
    over = [e for e in events if e.kind == "game_over"]
    assert len(over) == (1 if after.is_over else 0)
    if over:
        assert over[0].data["winner"] == after.outcome.winner and over[0].data["reason"] == after.outcome.reason
    for viewer in (0, 1, "spectator"):
        text = json.dumps([e.view(viewer) for e in events])
        leaked = set(CARD_RE.findall(text)) - allowed_cards(before, viewer) - allowed_cards(after, viewer)
        assert not leaked, f"events show {viewer!r} hidden cards {sorted(leaked)}"
        leaked = set(AMULET_RE.findall(text)) - allowed_amulets(before, viewer) - allowed_amulets(after, viewer)
        assert not leaked, f"events show {viewer!r} hidden amulets {sorted(leaked)}"


def check_state(s: State) -> None:
    check_conservation(s)
    check_r2_4(s)
    check_progress(s)
    check_observations(s)


# -- the legal actions ---------------------------------------------------------------------------
def check_legal(s: State, rng: random.Random) -> list[Any]:
    legal = s.legal_actions()
    listed = list(legal)
    assert len(legal) == len(listed) > 0 and bool(legal)
    assert len(set(listed)) == len(listed), "an action is listed twice"
    listed_set = set(listed)
    p = s.to_move
    for a in listed:
        assert a in legal, f"listed {a} is rejected by the checker"
        text = str(a)
        assert Action.parse(text) == a, f"{text!r} does not parse back"
        data = json.loads(json.dumps(a.to_json()))
        assert Action.from_json(data) == a and Action.coerce(data) == a and Action.coerce(text) == a
    for _ in range(3):
        a = legal.sample(rng)
        assert a in legal and a in listed_set, f"sample gave {a}, not a listed legal action"
    # near misses: the checker and the listing agree
    expected_kind = {"call": Call, "confront": (Pass, Invoke), "place": Place, "give": Give}[s.phase]
    for a in (Pass(), Place(4, 0), Give(s.hands[p][0] if s.hands[p] else "01a"), Call(("01a",))):
        if not isinstance(a, expected_kind):
            assert a not in legal
    if s.phase == "place":
        for space in range(-1, 10):
            for rot in range(5):
                assert (Place(space, rot) in legal) == (Place(space, rot) in listed_set)
    elif s.phase == "give":
        for card in CARD_IDS:
            assert (Give(card) in legal) == (card in s.drawn)
    elif s.phase == "call":
        for card in CARD_IDS:
            assert (Call((card,)) in legal) == (card in s.hands[p])
        for a in listed:
            assert Call(tuple(reversed(a.cards))) in legal  # R4.1 allows any order
    else:
        assert Pass() in listed_set
        hand = set(s.hands[p])
        for card in CARD_IDS:
            if card not in hand:
                assert all(Invoke(card, pay, ()) not in legal for pay in ("brown", "teal", "charm"))
        for a in listed[1:4]:
            assert Invoke(a.card, "violet", a.target) not in legal, "violet sticks have no naga face"
            if len(a.target) == 2 and a.target[0] != a.target[1] and ":" in a.target[1]:
                # unordered targets (E06, E07, E10) are accepted in canonical order only
                swapped = Invoke(a.card, a.pay, (a.target[1], a.target[0]))
                assert (swapped in legal) == (swapped in listed_set)
    return listed


def illegal_apply_raises(s: State) -> None:
    wrong = Place(4, 0) if s.phase != "place" else Pass()
    try:
        s.apply(wrong)
    except IllegalActionError as exc:
        assert exc.rule.startswith("R")
    else:  # pragma: no cover - the assertion is the failure
        raise AssertionError(f"{wrong} was accepted in phase {s.phase}")


# -- driving games -----------------------------------------------------------------------------
def play_checked_game(seed: int, uniform: bool, max_steps: int = 3000) -> State:
    """One random game with every check after every step. ``uniform``: pick uniformly among the
    listed actions (favours invokes, so the effects get exercised); else ``sample``."""
    rng = random.Random(seed)
    check_rng = random.Random(seed + 1)
    state, _ = new_game(chance=Chance(random.Random(seed ^ 0x9E3779B9)))
    check_state(state)
    placer = None
    for _ in range(max_steps):
        if state.is_over:
            break
        listed = check_legal(state, check_rng)
        illegal_apply_raises(state)
        action = rng.choice(listed) if uniform else state.legal_actions().sample(rng)
        before = state.digest()
        new, events = state.transition(action, Chance(rng))
        assert state.digest() == before, "apply changed the state it was called on"
        check_events(state, new, events)
        if isinstance(action, Place):
            placer = state.to_move
        state = new
        check_state(state)
    else:
        raise AssertionError(f"game {seed} did not end within {max_steps} steps")
    check_outcome(state, placer)
    assert len(state.legal_actions()) == 0 and not state.legal_actions()
    return state


@settings(BASE, max_examples=120)
@given(seed=seeds, uniform=st.booleans())
def test_every_step_keeps_the_invariants(seed: int, uniform: bool) -> None:
    play_checked_game(seed, uniform)


def test_the_checks_can_fail() -> None:
    """The invariant checks are not tautologies: damaged states are caught."""
    state, _ = new_game(chance=Chance(random.Random(5)))
    check_state(state)
    damaged = [
        state._replace(deck=state.deck[1:]),  # a card vanished
        state._replace(hands=(state.hands[0] + state.hands[1][:1], state.hands[1])),  # a card twice
        state._replace(supply=(11, 12, 12)),  # a stick vanished
        state._replace(rooms=state.rooms + state.rooms[:1]),  # a room twice
        state._replace(amulet_pile=state.amulet_pile[1:]),  # an amulet vanished
        state._replace(temples=(state.temples[0]._replace(up=1), state.temples[1])),  # face up, not reached
        state._replace(temples=(state.temples[0]._replace(relics=("c6",) * 9), state.temples[1])),
    ]
    for bad in damaged:
        try:
            check_conservation(bad)
            check_r2_4(bad)
        except AssertionError:
            continue
        raise AssertionError(f"a damaged state passed the checks: {bad}")


def test_unknown_viewers_are_refused() -> None:
    state, _ = new_game(chance=Chance(random.Random(1)))
    for viewer in (2, -1, "gold", True, None):
        with pytest.raises(ValueError, match="viewer"):
            observe_state(state, viewer)


def _leaky(change: Any) -> Any:
    def observe(s: State, viewer: Any) -> dict[str, Any]:
        view = observe_state(s, viewer)
        if viewer != "truth":
            change(s, view, viewer)
        return view
    return observe


def test_the_observation_checks_can_fail() -> None:
    """Views that leak what R6 hides are caught."""
    rng = random.Random(3)
    state, _ = new_game(chance=Chance(rng))
    while not (state.temples[0].amulets.count(None) < 9 or state.amulets[0]) or state.phase != "call":
        state = state.apply(state.legal_actions().sample(rng), Chance(rng))
    check_observations(state)
    leaks = [
        lambda s, v, viewer: v["players"][1].update(hand=list(s.hands[1])),  # the opponent's hand
        lambda s, v, viewer: v.update(deck_top=s.deck[0]),  # a deck card
        lambda s, v, viewer: v["players"][0].update(amulets=list(s.amulets[0]) + [
            a for t in s.temples for a in t.amulets if a]),  # amulets held or lying on tiles
        lambda s, v, viewer: v["temples"][1]["relics"][0].update(relic=s.temples[1].relics[0]),  # a face-down relic
        lambda s, v, viewer: v.update(drawn=["01a"]),
    ]
    for leak in leaks:
        try:
            check_observations(state, _leaky(leak))
        except AssertionError:
            continue
        raise AssertionError("a leaking view passed the checks")


# -- Match: navigation and save/load -------------------------------------------------------------
@settings(BASE, max_examples=40)
@given(seed=seeds, bot=seeds, where=st.floats(0, 1))
def test_match_navigation_and_save_load(seed: int, bot: int, where: float) -> None:
    rng = random.Random(bot)
    m = Match(seed=seed)
    states = [m.state]
    while not m.state.is_over:
        m.play(m.legal_actions().sample(rng))
        states.append(m.state)
    n = len(states) - 1
    assert m.step == m.last_step == n and m.at_end
    order = list(range(n + 1))
    rng.shuffle(order)
    for i in order:
        m.goto(i)
        assert m.step == i and m.state == states[i] and m.state_at(i) == states[i]
        m.goto(i - n - 1)  # negative steps count from the end
        assert m.state == states[i]
    m.goto(n)
    for i in range(n - 1, -1, -1):
        assert m.undo() and m.state == states[i]
    assert not m.undo()
    for i in range(1, n + 1):
        assert m.redo() and m.state == states[i]
    assert not m.redo()

    # a fork somewhere, then save → load → save
    k = int(where * (n - 1))
    m.goto(k)
    alternatives = [a for a in m.legal_actions() if a != m.actions[k]]
    if alternatives:
        m.play(rng.choice(alternatives))
        assert len(m.branches()) == 2
        if not m.state.is_over:
            m.play(m.legal_actions().sample(rng))
    text = m.dumps()
    loaded = Match.loads(text)
    assert loaded.dumps() == text
    assert loaded.step == m.step and loaded.state == m.state and loaded.branches() == m.branches()
    for branch in m.branches():
        m.switch(branch.index)
        loaded.switch(branch.index)
        assert [str(a) for a in loaded.actions] == [str(a) for a in m.actions]
        assert loaded.state_at(-1) == m.state_at(-1)


@settings(BASE, max_examples=40)
@given(seed=seeds, bot=seeds, noise=seeds)
def test_same_seed_and_actions_give_the_same_game(seed: int, bot: int, noise: int) -> None:
    """However the second match is navigated (undo, redo, goto, side branches), the same
    actions from the same seed reach the same states."""
    rng = random.Random(bot)
    m1 = Match(seed=seed)
    while not m1.state.is_over:
        m1.play(m1.legal_actions().sample(rng))
    actions = m1.actions

    nav = random.Random(noise)
    m2 = Match(seed=seed)
    i = 0
    detours = 40  # a budget, so the match always gets to the end
    while i < len(actions):
        roll = nav.random() if detours > 0 else 1.0
        if roll < 0.1 and m2.step > 0:
            detours -= 1
            for _ in range(nav.randint(1, min(5, m2.step))):
                assert m2.undo()
            if nav.random() < 0.5:
                assert m2.redo()
            i = m2.step
        elif roll < 0.15 and not m2.state.is_over:
            detours -= 1
            side = m2.legal_actions().sample(nav)  # a side branch (maybe the same action), then back
            m2.play(side, fork=nav.random() < 0.5)
            assert m2.undo()
        elif roll < 0.2:
            detours -= 1
            m2.goto(nav.randint(max(0, m2.step - 5), m2.step))
            i = m2.step
        else:
            m2.play(actions[i])
            i += 1
            assert m2.step == i and m2.state == m1.state_at(i), f"step {i} differs"
    assert m2.state == m1.state and m2.state.digest() == m1.state.digest()


# -- playout ------------------------------------------------------------------------------------
@settings(BASE, max_examples=80)
@given(seed=seeds, k=seeds, prefix=st.integers(0, 60))
def test_playout_equals_the_apply_loop(seed: int, k: int, prefix: int) -> None:
    rng0 = random.Random(seed)
    state, _ = new_game(chance=Chance(rng0))
    for _ in range(prefix):
        if state.is_over:
            break
        state = state.apply(state.legal_actions().sample(rng0), Chance(rng0))
    before = state.digest()
    fast = playout(state, random.Random(k))
    assert state.digest() == before, "playout changed its input"

    rng = random.Random(k)
    slow = state
    while not slow.is_over:
        slow = slow.apply(slow.legal_actions().sample(rng), Chance(rng, record=False))
    assert fast == slow and fast.digest() == slow.digest()
    check_conservation(fast)
    check_r2_4(fast)
    check_outcome(fast)
    assert playout(fast, random.Random(k)) == fast  # a finished game stays finished


@settings(BASE, max_examples=30)
@given(seed=seeds)
def test_new_game_is_a_function_of_its_chance(seed: int) -> None:
    a, ev_a = new_game(chance=Chance(random.Random(seed)))
    b, ev_b = new_game(chance=Chance(random.Random(seed)))
    assert a == b and a.digest() == b.digest() and ev_a == ev_b
    record = Chance(random.Random(seed))
    c, _ = new_game(chance=record)
    replayed, _ = new_game(chance=Chance(replay=record.record))
    assert replayed == c
    check_state(a)


def _called_known_card_state() -> tuple[State, str, str]:
    """A Call of Fate where the guide's face-down call holds a card the opponent gave them."""
    for seed in range(500):
        rng = random.Random(seed)
        state, _ = new_game(chance=Chance(rng))
        while not state.is_over:
            g = state.guide
            if state.phase == "call" and state.to_move != g and state.calls[g]:
                known = [c for c in state.calls[g] if c in state.shown[g]]
                other = [c for c in state.hands[g] if c not in state.shown[g]]
                if known and other:
                    return state, known[0], other[0]
            state = state.apply(state.legal_actions().sample(rng), Chance(rng))
    raise AssertionError("no such state found")


def test_a_face_down_call_does_not_tell_which_known_card_it_holds() -> None:
    """R6: "A call is known only to the player who made it until it is turned face up." The opponent knows
    the guide holds the card they gave, not whether it was called: swapping it with a hand card must not
    change what the opponent or a spectator sees."""
    state, known, other = _called_known_card_state()
    g = state.guide
    call = tuple(other if c == known else c for c in state.calls[g])
    hand = tuple(sorted(known if c == other else c for c in state.hands[g]))
    swapped = state._replace(hands=flow_put(state.hands, g, hand), calls=flow_put(state.calls, g, call))
    for viewer in (1 - g, "spectator"):
        assert observe_state(state, viewer) == observe_state(swapped, viewer), \
            f"{viewer!r} can tell that {known} was called face down"


def flow_put(pair: tuple[Any, Any], p: int, value: Any) -> tuple[Any, Any]:
    return (value, pair[1]) if p == 0 else (pair[0], value)
