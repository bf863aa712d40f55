"""What a decision would do to the temples, said before it is confirmed: public facts only.

A placement (R4.3.2) and the maze effects E07–E10 change a temple, which the rules then check
again (R2.4): relics turn face up or face down, amulets on reached tiles are collected. The
preview carries the change out with the rules' own functions (the placement's
:func:`~naga_widget.rules.upkeep.temple_changed`, the effect's ``resolve``) on a private copy of
the position, reads what happened from the events they log, and keeps only what the table shows
everyone: which spaces become reached or stop being reached, which slots flip and which way,
which spaces lose their amulet, whether the temple fills (R7.2). It never says which relic turns
up, which amulet is collected or how a score changes: those may be hidden (R6). No chance is run:
a placement is previewed up to its re-evaluation, before the table is cleared and cards are drawn.

A preview is a dict, its empty entries left out: ``reached`` and ``unreached`` (space tokens,
``"gold:4"``), ``up`` and ``down`` (slot tokens, ``"gold:W1"``), ``collected`` (the space tokens
whose amulet is collected, where its tile then lies), ``full`` (the temple is full: the game ends,
R7.2) and ``words``, the same in one sentence.

>>> from naga_widget import Match
>>> m = Match(seed=1)
>>> while m.state.phase != "place":
...     _ = m.play(next(iter(m.state.legal_actions())))
>>> shown = placement_previews(m.state)
>>> len(shown) == len(m.state.legal_actions()), sorted(shown[0])
(True, ['reached', 'words'])
>>> shown[0]["words"]
'The room on silver space 6 is reached from an entrance; no relic flips.'
"""

from __future__ import annotations

from collections.abc import Callable

from ..rules import EFFECTS, TEMPLE_NAMES, Chance, Event, Place, State
from ..rules.draft import Draft
from ..rules.effects import Target
from ..rules.temple import Temple, place_tile
from ..rules.upkeep import temple_changed
from .wire import Preview

PREVIEWED = ("E07", "E08", "E09", "E10")
"""The effects whose targets get a preview: those that change a temple's paths or relics (E11 only moves
the trap, which blocks like an empty space, so it never flips anything)."""

_NO_CHANCE = Chance(None, record=False)  # the changes previewed need none; a use would raise ChanceError


def _carried_out(state: State, change: Callable[[Draft, list[Event]], None]) -> tuple[Draft, list[Event]]:
    """``change`` applied to a private copy of ``state``, and the events it logged."""
    draft: Draft = Draft(state)
    log: list[Event] = []
    change(draft, log)
    return draft, log


def _facts(before: tuple[Temple, Temple], after: tuple[Temple, Temple], log: list[Event]) -> Preview:
    """The public facts of a change: the spaces whose reach changed, the slots that flipped, the amulets
    collected (by the space their tile lies on), read from R2.4's events."""
    out: dict[str, list[str]] = {"reached": [], "unreached": [], "up": [], "down": [], "collected": []}
    for t, name in enumerate(TEMPLE_NAMES):
        was, now = before[t].reached(), after[t].reached()
        out["reached"] += [f"{name}:{i}" for i in range(9) if now >> i & 1 and not was >> i & 1]
        out["unreached"] += [f"{name}:{i}" for i in range(9) if was >> i & 1 and not now >> i & 1]
    for event in log:
        data = event.data
        if event.kind == "relic_revealed":
            out["up"].append(f"{TEMPLE_NAMES[data['temple']]}:{data['slot']}")
        elif event.kind == "relic_hidden":
            out["down"].append(f"{TEMPLE_NAMES[data['temple']]}:{data['slot']}")
        elif event.kind == "amulet_collected":
            out["collected"].append(f"{TEMPLE_NAMES[data['player']]}:{data['space']}")
    facts: Preview = {}
    if out["reached"]:
        facts["reached"] = out["reached"]
    if out["unreached"]:
        facts["unreached"] = out["unreached"]
    if out["up"]:
        facts["up"] = out["up"]
    if out["down"]:
        facts["down"] = out["down"]
    if out["collected"]:
        facts["collected"] = out["collected"]
    return facts


def _listed(tokens: list[str], noun: str = "") -> str:
    """Tokens of spaces or slots in words, each temple named once: ``"gold W1"``, ``"gold W1 and N0"``,
    ``"gold spaces 3, 4 and 7"`` (``noun`` ``"space"``)."""
    groups: dict[str, list[str]] = {}
    for token in tokens:
        name, at = token.split(":")
        groups.setdefault(name, []).append(at)
    said = []
    for name, places in groups.items():
        head = f"{name} {noun}{'s' if noun and len(places) > 1 else ''}".rstrip()
        rest = places[0] if len(places) == 1 else f"{', '.join(places[:-1])} and {places[-1]}"
        said.append(f"{head} {rest}")
    return " and ".join(said)


def preview_words(facts: Preview, placed: str | None = None, change: str | None = None) -> str:
    """The sentence of a preview. ``placed``: the space token a room is placed on (a placement);
    ``change``: what an effect moves, in its record's words (``Effect.change_words``), said first.

    >>> preview_words({"up": ["gold:W1"], "collected": ["gold:3"], "reached": ["gold:3", "gold:0"]}, "gold:3")
    'The room on gold space 3 is reached from an entrance; gold space 0 is now reached; gold W1 flips face up; \
the amulet on gold space 3 is collected.'
    >>> preview_words({"down": ["silver:N0", "silver:N1"], "unreached": ["silver:1", "silver:4"]})
    'Silver spaces 1 and 4 are no longer reached; silver N0 and N1 flip face down.'
    >>> preview_words({})
    'No space changes its path and no relic flips.'
    >>> preview_words({"reached": ["gold:7"]}, change="the tiles of gold row 2 move one space east")
    'The tiles of gold row 2 move one space east; gold space 7 is now reached; no relic flips.'
    """
    parts: list[str] = [change] if change else []
    reached = list(facts.get("reached", []))
    if placed is not None:
        room = f"the room on {_listed([placed], 'space')}"
        if placed in reached:
            reached.remove(placed)
            parts.append(f"{room} is reached from an entrance")
        else:
            parts.append(f"{room} is not reached from an entrance")
    for tokens, verb in ((reached, "now reached"), (facts.get("unreached", []), "no longer reached")):
        if tokens:
            parts.append(f"{_listed(tokens, 'space')} {'are' if len(tokens) > 1 else 'is'} {verb}")
    for tokens, way in ((facts.get("up", []), "face up"), (facts.get("down", []), "face down")):
        if tokens:
            parts.append(f"{_listed(tokens)} flip{'' if len(tokens) > 1 else 's'} {way}")
    if not facts.get("up") and not facts.get("down"):
        moved_only = len(parts) == (1 if change else 0)
        parts.append("no space changes its path and no relic flips" if moved_only else "no relic flips")
    for token in facts.get("collected", []):
        parts.append(f"the amulet on {_listed([token], 'space')} is collected")
    if facts.get("full"):
        parts.append("the temple is then full, which ends the game (R7.2)")
    sentence = "; ".join(parts)
    return sentence[0].upper() + sentence[1:] + "."


def placement_preview(state: State, space: int, rotation: int) -> Preview:
    """What placing the offered room on ``space`` turned ``rotation`` does (R4.3.2, R4.3.3, R2.4)."""
    assert state.offered is not None and state.phase == "place"
    p = state.to_move
    room, amulet = state.offered
    tile = place_tile(room, rotation, state.ruleset.room(room).openings)

    def place(d: Draft, log: list[Event]) -> None:  # as the rules' placement does, up to R4.3.3
        temple_changed(d, p, d.temples[p].put(space, tile, amulet), log, "R4.3")

    draft, log = _carried_out(state, place)
    facts = _facts(state.temples, draft.temples, log)
    if draft.temples[p].is_full():
        facts["full"] = True
    return {**facts, "words": preview_words(facts, f"{TEMPLE_NAMES[p]}:{space}")}


def placement_previews(state: State) -> list[Preview]:
    """A preview of each legal placement, in the order of the legal actions (the menu's ``places``)."""
    return [placement_preview(state, a.space, a.rotation) for a in state.legal_actions()
            if isinstance(a, Place)]


def effect_preview(state: State, effect: str, target: Target) -> Preview:
    """What the maze effect ``effect`` (one of :data:`PREVIEWED`) does to the temples with ``target``."""
    record = EFFECTS[effect]
    p = state.to_move
    draft, log = _carried_out(state, lambda d, log: record.resolve(d, p, target, _NO_CHANCE, log))
    facts = _facts(state.temples, draft.temples, log)
    change = record.change_words(target, p) if record.change_words is not None else None
    return {**facts, "words": preview_words(facts, change=change)}


def effect_previews(state: State, effect: str, targets: tuple[Target, ...]) -> list[Preview] | None:
    """A preview of each of ``targets`` of ``effect`` in their order, or ``None`` for an effect that gets none."""
    if effect not in PREVIEWED:
        return None
    return [effect_preview(state, effect, target) for target in targets]


__all__ = ["PREVIEWED", "effect_preview", "effect_previews", "placement_preview", "placement_previews",
           "preview_words"]
