"""The preview of a placement and of the maze effects E07–E10 (widget/preview.py): it says what then
happens, and only what the viewer may know.

- *What happens*: in many random positions, every placement (and a sample of every E07–E10 target)
  is played for real; the spaces reached (from the observations), the relics flipped and the amulets
  collected (from the rules' events) must be the preview's, and a full temple must end the game.
- *Public facts only*: the previews of a position are the same in every world the viewer cannot tell
  from the real one (sampled by ``bots.determinize``); they name no relic, card or amulet; the
  leak search of ``test_widget_secrecy`` finds no hidden id in them, in each view.
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from typing import Any

import pytest
from hidden_facts import hidden_ids
from test_widget_secrecy import viewer_at, word_in

from naga_widget import Match, NagaWidget, State
from naga_widget.bots.determinize import determinize
from naga_widget.rules import STANDARD, TEMPLE_NAMES, Action, Chance, Event, Invoke, Place
from naga_widget.rules.temple import SLOT_NAMES
from naga_widget.widget.choices import leaves
from naga_widget.widget.preview import PREVIEWED, effect_preview, placement_previews, preview_words
from naga_widget.widget.projection import View, action_menu, traits

RELICS = frozenset(r.token for r in STANDARD.relics)
SEEDS = range(12)


# -- what actually happens -----------------------------------------------------------------------------------
def reached_tokens(state: State) -> set[str]:
    """The reached spaces of both temples, read from the public observation."""
    obs = state.observe("spectator")
    return {f"{t['name']}:{i}" for t in obs["temples"] for i, sp in enumerate(t["spaces"]) if sp and sp.get("reached")}


def happened(before: State, after: State, events: list[Event]) -> dict[str, Any]:
    """The facts a preview speaks of, as they came about: from the observations and the events."""
    out: dict[str, Any] = {"reached": sorted(reached_tokens(after) - reached_tokens(before)),
                           "unreached": sorted(reached_tokens(before) - reached_tokens(after)),
                           "up": [], "down": [], "collected": []}
    for e in events:
        if e.kind in ("relic_revealed", "relic_hidden"):
            way = "up" if e.kind == "relic_revealed" else "down"
            out[way].append(f"{TEMPLE_NAMES[e.data['temple']]}:{e.data['slot']}")
        elif e.kind == "amulet_collected":
            out["collected"].append(f"{TEMPLE_NAMES[e.data['player']]}:{e.data['space']}")
    return out


def said(preview: dict[str, Any]) -> dict[str, Any]:
    """A preview's facts in the form of :func:`happened`."""
    return {"reached": sorted(preview.get("reached", [])), "unreached": sorted(preview.get("unreached", [])),
            "up": preview.get("up", []), "down": preview.get("down", []), "collected": preview.get("collected", [])}


def random_states(seeds: range, phase: str) -> list[State]:
    """The states of ``phase`` met in random games, one game per seed."""
    found = []
    for seed in seeds:
        m = Match(seed=seed)
        rng = random.Random(seed)
        while not m.state.is_over:
            if m.state.phase == phase:
                found.append(m.state)
            m.play(m.state.legal_actions().sample(rng))
    return found


def test_each_placement_preview_is_what_the_placement_then_does() -> None:
    seen: Counter[str] = Counter()
    for n, state in enumerate(random_states(SEEDS, "place")):
        menu = action_menu(state, state.to_move)
        assert len(placements(menu)) == len(state.legal_actions())
        for space, rotation, preview in placements(menu):
            after, events = state.transition(Place(space, rotation), Chance(random.Random(n)))
            assert said(preview) == happened(state, after, events), f"place {space} rot{rotation}"
            assert preview.get("full", False) == after.temples[state.to_move].is_full()
            if preview.get("full"):
                assert after.is_over  # R7.2, unless R7.1 ended it first
            assert preview["words"] == preview_words(preview, f"{TEMPLE_NAMES[state.to_move]}:{space}")
            seen.update(key for key in ("up", "collected", "full") if preview.get(key))
            seen["placements"] += 1
    # the positions met every kind of fact a placement can bring about
    assert seen["placements"] > 1000 and seen["up"] > 50 and seen["collected"] > 10 and seen["full"] > 0, seen


def placements(menu: dict[str, Any]) -> list[tuple[int, int, dict[str, Any]]]:
    """(space, rotation, preview) for every node of a placement menu's tree."""
    return [(space["key"], rot["key"], rot["preview"]) for space in menu["choices"] for rot in space["next"]]


def effect_targets(menu: dict[str, Any]) -> list[tuple[str, str, str, tuple[str, ...], dict[str, Any]]]:
    """(effect, card, pay, target, preview) for every previewed target of a confront menu, each once (an
    unordered pair completes two paths of the tree)."""
    out = []
    seen = set()
    for node in leaves(menu):
        action = Action.coerce(node["action"])
        if not isinstance(action, Invoke) or action in seen:
            continue
        seen.add(action)
        effect = STANDARD.card_effect[action.card]
        if "preview" not in node:
            assert effect not in PREVIEWED
            continue
        assert effect in PREVIEWED
        out.append((effect, action.card, action.pay, action.target, node["preview"]))
    return out


def test_each_maze_effect_preview_is_what_the_invoke_then_does() -> None:
    seen: Counter[str] = Counter()
    rng = random.Random(0)
    for n, state in enumerate(random_states(range(40), "confront")):
        listed = effect_targets(action_menu(state, state.to_move))
        for effect, card, pay, target, preview in rng.sample(listed, min(len(listed), 12)):
            after, events = state.transition(Invoke(card, pay, target), Chance(random.Random(n)))
            assert said(preview) == happened(state, after, events), f"invoke {card} {pay} {' '.join(target)}"
            assert preview == effect_preview(state, effect, target) and "full" not in preview
            seen[effect] += 1
            seen.update(key for key in ("reached", "unreached", "up", "down", "collected") if preview.get(key))
    assert all(seen[e] > 20 for e in PREVIEWED), seen
    assert all(seen[k] > 3 for k in ("reached", "unreached", "up", "down")), seen


def test_shifting_altars_onto_a_reached_slot_flips_the_relic_brought_there() -> None:
    """E07 swaps a face-up relic with a face-down one: both slots keep their faces as masks, yet both
    relics flip (R2.4), which a comparison of face-up masks alone would miss."""
    for state in random_states(range(40), "confront"):
        for effect, _, _, target, preview in effect_targets(action_menu(state, state.to_move)):
            if effect != "E07":
                continue
            t = TEMPLE_NAMES.index(target[0].split(":")[0])
            a, b = (SLOT_NAMES.index(x.split(":")[1]) for x in target)
            up = state.temples[t].up
            if (up >> a & 1) != (up >> b & 1):
                assert sorted([*preview["up"], *preview["down"]]) == sorted(target)
                assert "flips face up" in preview["words"] and "flips face down" in preview["words"]
                return
    pytest.fail("no position offered E07 on a face-up and a face-down slot")


def test_previews_run_no_chance() -> None:
    """Working out the previews leaves the match's chance alone: the same game follows with or without them."""
    plain, shown = Match(seed=5), Match(seed=5)
    rng_a, rng_b = random.Random(5), random.Random(5)
    while not plain.state.is_over:
        traits(shown, View("teacher"))
        plain.play(plain.state.legal_actions().sample(rng_a))
        shown.play(shown.state.legal_actions().sample(rng_b))
        assert shown.state == plain.state


# -- public facts only ----------------------------------------------------------------------------------------
def previews_of(menu: dict[str, Any]) -> list[dict[str, Any]]:
    """Every preview of a menu's tree."""
    return [node["preview"] for node in leaves(menu) if "preview" in node] if menu else []


@pytest.mark.parametrize("viewer", [0, 1, "spectator"])
def test_previews_are_the_same_in_every_world_the_viewer_cannot_tell_apart(viewer: int | str) -> None:
    """The preview depends on public facts only: the relics, amulets and cards a viewer cannot see may be
    anything, the previews stay the same (a preview that told which relic turns up, whether the game then
    ends by R7.1 or what a score becomes would differ between these worlds)."""
    rng = random.Random(3)
    checked = 0
    for state in random_states(range(6), "place"):
        shown = placement_previews(state)
        for _ in range(3):
            assert placement_previews(determinize(state.observe(viewer), rng)) == shown
        checked += 1
    for state in random_states(range(6), "confront")[::3]:
        # the targets of the player to move (another world may give them other cards: only these are compared)
        listed = [(effect, target, preview) for effect, _, _, target, preview in
                  effect_targets(action_menu(state, state.to_move))]
        if not listed:
            continue
        for _ in range(3):
            world = determinize(state.observe(viewer), rng)
            assert [effect_preview(world, effect, target) for effect, target, _ in listed] == \
                [preview for _, _, preview in listed]
        checked += 1
    assert checked > 60, checked


def check_previews(w: NagaWidget, viewer: int | str) -> int:
    """No preview in ``w``'s menu names a hidden id (R6) or any relic: the number of previews searched."""
    previews = previews_of(w.menu)
    text = json.dumps(previews)
    for hidden in hidden_ids(w.state, viewer):
        assert f'"{hidden}"' not in text, f"{hidden} in a preview for {viewer} at step {w.step}"
        for p in previews:
            assert not word_in(hidden, p["words"]), f"{hidden} in a preview for {viewer}: {p['words']!r}"
    for relic in RELICS:  # a preview says which slots flip, never what lies there
        assert not word_in(relic, text), f"relic {relic} named in a preview for {viewer} at step {w.step}"
    return len(previews)


@pytest.mark.parametrize("perspective", [0, 1, "spectator", "hotseat"])
def test_no_preview_tells_a_viewer_a_hidden_fact(perspective: int | str) -> None:
    seed = {0: 11, 1: 12, "spectator": 13, "hotseat": 14}[perspective]
    w = NagaWidget(seed=seed, perspective=perspective)
    rng = random.Random(seed)
    searched = 0
    while not w.state.is_over:
        if perspective == "hotseat":
            searched += check_previews(w, viewer_at(w))  # the screen: no menu, so no preview
            assert w.status["screen"] is None or not previews_of(w.menu)
            w.set_state({"intent": {"id": w.step + 1, "type": "reveal"}})
        searched += check_previews(w, viewer_at(w))
        if perspective == "spectator":
            assert w.menu == {}  # a spectator decides nothing, so it has no preview
        w.play(w.state.legal_actions().sample(rng))
    assert searched == 0 if perspective == "spectator" else searched > 50


def test_the_leak_search_finds_a_preview_that_names_what_lies_face_down() -> None:
    """The search above can fail: a preview doctored to name the relic that turns up is caught."""
    w = NagaWidget(seed=11, perspective=0)
    rng = random.Random(11)
    while not (w.menu.get("phase") == "place" and any("up" in p for p in previews_of(w.menu))):
        w.play(w.state.legal_actions().sample(rng))
    menu = copy.deepcopy(w.menu)
    node = next(rot for space in menu["choices"] for rot in space["next"] if "up" in rot["preview"])
    preview = node["preview"]
    t, slot = preview["up"][0].split(":")
    relic = w.state.temples[TEMPLE_NAMES.index(t)].relics[SLOT_NAMES.index(slot)]
    node["preview"] = {**preview, "words": f"{preview['words']} It is {relic}."}
    w.menu = menu
    with pytest.raises(AssertionError, match="named in a preview"):
        check_previews(w, 0)


def test_a_maze_effect_preview_says_first_what_moves_in_the_records_words() -> None:
    """E08's preview no longer says only "space 7 is now reached": it starts with the tiles moving (the words
    of the effect's record, ``Effect.change_words``), then what the rules then check again (R2.4)."""
    from naga_widget.rules import EFFECTS

    seen = set()
    for seed in range(1, 60):
        m = Match(seed=seed)
        rng = random.Random(seed)
        for _ in range(120):
            state = m.state
            if state.is_over:
                break
            if state.phase == "confront":
                for effect in PREVIEWED:
                    record = EFFECTS[effect]
                    for target in record.targets(state, state.to_move, state.sticks, state.supply)[:3]:
                        words = effect_preview(state, effect, target)["words"]
                        change = record.change_words(target, state.to_move)
                        assert words.startswith(change[0].upper() + change[1:] + ";"), words
                        seen.add(effect)
            m.play(str(state.legal_actions().sample(rng)))
        if seen == set(PREVIEWED):
            break
    assert seen == set(PREVIEWED)
    slide = EFFECTS["E08"].change_words(("gold:row2", "east"), 0)
    assert slide == "the tiles of gold row 2 move one space east; the one at the east end wraps around to the west end"
