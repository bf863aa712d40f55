"""What one view of a match shows: every synced trait of the widget, computed without Jupyter.

The widget class only stores these values in its traits. Everything a viewer may
see is decided here, from the engine's observation for that viewer (R6), so the
same functions also write the JS view's test fixtures (``js/scripts/make_fixtures.py``).
The traits are described in ``docs/widget-protocol.md``.

>>> from naga_widget import Match
>>> shown = traits(Match(seed=1), View("spectator"))
>>> sorted(shown), shown["menu"], shown["status"]["viewer"], shown["chance"]
(['board', 'chance', 'events', 'explain', 'menu', 'status', 'timeline'], {}, 'spectator', {})
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from ..bots import Decision
from ..diff import StepChanges, step_changes
from ..match import Match, Node
from ..rules import (
    EFFECTS,
    END_REASONS,
    STEPS,
    TEMPLE_NAMES,
    Action,
    AnyAction,
    Call,
    Give,
    Invoke,
    Ruleset,
    State,
    end_reason_text,
)
from ..rules.effects.base import token_words
from ..rules.effects.maze import LINES
from ..rules.errors import is_choice
from ..rules.flow import room_winner
from ..rules.observe import Observation, RelicView, SpaceView, call_hidden
from ..rules.outcome import OutcomeJSON
from ..rules.ruleset import NAGA, openings_text
from ..rules.steps import step_title
from ..rules.temple import SLOT_NAMES
from ..rules.wording import action_words, label_words
from .choices import decision_menu
from .deciding import confidence, suggestion
from .guard import IntentError, quote
from .wire import (
    AutoPass,
    AutoPassed,
    Board,
    BoardRelic,
    BoardSpace,
    BoardTemple,
    BotStopped,
    BranchInfo,
    Catalog,
    Chance,
    ChanceOptions,
    Empty,
    Explain,
    Explained,
    Happened,
    HappenedEvent,
    LogEntry,
    Menu,
    Message,
    Place,
    RuleText,
    Screen,
    Standing,
    Status,
    Stopped,
    StoredMessage,
    Timeline,
    Traits,
    Watch,
)

PERSPECTIVES = (0, 1, "spectator", "teacher", "hotseat")
TIMELINE_MODES = ("full", "review", "off")
LOG_WINDOW = 20  # the number of events the ``events`` trait holds
SYNCED = ("board", "menu", "timeline", "events", "status", "chance", "explain")
CHANCE_KINDS = ("room", "card", "throw")  # the chance a teacher may choose in the view (R4.4.3, R4.4, R4.2)
FORCE_VALUES = 40  # at most this many outcomes of one kind are chosen at once
EXPLAIN_ITEMS = 20  # at most this many candidates and highlights of one explanation are sent
HAPPENED_EVENTS = 40  # at most this many events of what happened without the person are sent (the latest)
HAPPENED_STEPS = 200  # how far back the person's last decision is looked for


@dataclass(frozen=True, slots=True)
class View:
    """Who looks at a match, and the small state a widget keeps beside the match.

    ``perspective``: ``0`` or ``1`` (that player), ``"spectator"``, ``"teacher"`` (the truth,
    deciding for whoever is to move) or ``"hotseat"`` (the player to move, behind a screen
    between turns). ``bot``: the seat a bot plays, which the view never decides for.
    ``holder``: in hot-seat play, the player who has the device. ``fork_armed``: the next play
    starts a new branch at the cursor. ``message`` and ``ack``: the answer to the last intent (a
    message about a seat's secret also has ``seat`` and ``detail``, see :func:`seen_message`).
    ``timeline``: ``"full"`` (go anywhere, fork), ``"review"`` (look at past steps, never fork)
    or ``"off"`` (only the present). ``stopped``: the seat of a bot that failed and was stopped,
    with the reason (``reason`` for that seat and the teacher, ``public`` for everyone else), until
    someone takes the seat over or attaches another bot. ``seed``: the match seed when it was chosen
    (a seeded game is reproducible, so not secret); else ``None``.
    ``hint``: the last hint asked for in this view (:func:`explained`), shown only at the position
    it was made for. ``bot_decision``: the bot opponent's last explained decision (:func:`explained`).
    ``watch``: while two bots play each other, what the view shows of the watch
    (:func:`.watch.watch_status`); its ``seats`` are played by the bots, never decided in the view.
    ``auto_pass``: a pass that is a seat's only legal decision is played by the view for the seats it
    decides for (:func:`.deciding.only_choice`); ``auto_passed``: the last pass it played so, with why.
    ``decided``: per seat, the id of the match node made by the last decision played in this view for
    that seat; ``origin``: the node the view began at (its creation, a new game). What happened since
    (:func:`happened`) starts there.

    >>> View(2)
    Traceback (most recent call last):
    ...
    ValueError: perspective must be one of (0, 1, 'spectator', 'teacher', 'hotseat'), not 2
    """

    perspective: int | str = 0
    bot: int | None = None
    holder: int | None = None
    fork_armed: bool = False
    message: StoredMessage | None = None
    ack: int = 0
    timeline: str = "full"
    stopped: Stopped | None = None
    seed: int | None = None
    hint: Explained | None = None
    bot_decision: Explained | None = None
    watch: Watch | None = None
    auto_pass: bool = True
    auto_passed: AutoPassed | None = None
    decided: tuple[int | None, int | None] = (None, None)
    origin: int | None = None
    hints: bool = True

    def __post_init__(self) -> None:
        if not is_choice(self.perspective, PERSPECTIVES):
            raise ValueError(f"perspective must be one of {PERSPECTIVES}, not {self.perspective!r}")
        if self.timeline not in TIMELINE_MODES:
            raise ValueError(f"timeline must be one of {TIMELINE_MODES}, not {self.timeline!r}")


# -- static data --------------------------------------------------------------------------------------
@cache
def rules_text() -> dict[str, RuleText]:
    """The text of every rule id (R4.2.2, E07 …): ``{id: {title, text}}``, package data written from
    docs/rules.md by ``js/scripts/make_rules_text.py`` (the view's rule popups show it)."""
    with (Path(__file__).resolve().parent / "rules_text.json").open(encoding="utf-8") as f:
        data: dict[str, RuleText] = json.load(f)
    return data


def catalog(ruleset: Ruleset) -> dict[str, Any]:
    """Static game data the view needs: cards, effects, rooms, sticks (public facts of R1), the
    steps of a round (R4), the ways a game ends (R7.1) and the numbers that end it, what each
    amulet is (R1.2: public, only who holds which is secret), what each relic and stick token is worth
    (R1, R1.3) and the text of every rule id.

    >>> from naga_widget.rules import STANDARD
    >>> data = catalog(STANDARD)
    >>> data["steps"]["call"], data["limits"]
    ({'name': 'Call of Fate', 'rule': 'R4.1'}, {'target_score': 25, 'cursed_limit': 3})
    """
    data: Catalog = {
        "ruleset": ruleset.id,
        "cards": {c.id: {"effect": c.effect, "name": EFFECTS[c.effect].name, "stick": c.stick, "count": c.count}
                  for c in ruleset.cards},
        "effects": {e.id: {"name": e.name, "text": e.text, "hint": e.hint} for e in EFFECTS.values()},
        "rooms": {r.id: {"shape": r.shape, "openings": openings_text(r.openings), "amulet_symbol": r.amulet_symbol}
                  for r in ruleset.rooms},
        "temples": list(TEMPLE_NAMES),
        "slots": list(SLOT_NAMES),
        "places": board_places(),
        "stick_types": {t.name: list(t.faces) for t in ruleset.stick_types},
        "steps": {phase: {"name": s.name, "rule": s.rule} for phase, s in STEPS.items()},
        "end_reasons": {reason: end_reason_text(reason, ruleset) for reason in END_REASONS},
        "limits": {"target_score": ruleset.target_score, "cursed_limit": ruleset.cursed_limit},
        "amulets": {a.id: {"kind": a.kind, "points": a.points} for a in ruleset.amulets},
        "relics": {r.token: {"cursed": r.cursed, "points": r.points} for r in ruleset.relics},
        "sticks": {f"{t.name}:{face}": {"type": t.name, "face": face, "naga": face == NAGA, "points": t.points(face)}
                   for t in ruleset.stick_types for face in t.faces},
        "rules": rules_text(),
    }
    return dict(data)  # a Catalog; the widget's trait takes a plain dict


# -- who sees and who decides -----------------------------------------------------------------------
def viewer_of(perspective: int | str, state: State) -> int | str:
    """Whose knowledge a view shows (R6): ``0``, ``1``, ``"spectator"`` or ``"truth"``.

    The hot seat shows the player to move, and the public facts once the game is over.
    """
    if perspective == "teacher":
        return "truth"
    if perspective == "hotseat":
        return "spectator" if state.is_over else state.to_move
    return perspective


def screen_of(view: View, state: State) -> Screen | None:
    """The hot-seat screen that hides the board until the player to move has the device, if any."""
    if view.perspective != "hotseat" or state.is_over or view.holder == state.to_move:
        return None
    return {"kind": "pass_device", "player": state.to_move, "name": TEMPLE_NAMES[state.to_move]}


def actor_of(view: View, state: State) -> int | None:
    """The player the view may decide for now, if any (never a bot's seat, never after R7)."""
    if state.is_over or state.to_move == view.bot:
        return None
    if view.watch is not None and state.to_move in view.watch["seats"]:
        return None
    if view.perspective == "teacher":
        return state.to_move
    if view.perspective == "hotseat":
        return state.to_move if view.holder == state.to_move else None
    return state.to_move if view.perspective == state.to_move else None


# -- words and places, read from the effect records --------------------------------------------------
def board_places() -> dict[str, Place]:
    """Every target token that names places on the boards (rules.md, the text forms): a relic slot
    (``"gold:W0"`` → ``{kind: "slot", temple, slot}``), a space (``"gold:4"`` → ``{kind: "space", temple,
    space}``) and a row or column (``"gold:row0"`` → ``{kind: "line", temple, spaces}``), each with its
    words. The view looks tokens up here instead of reading their text.

    >>> places = board_places()
    >>> places["silver:E2"]["slot"], places["gold:col2"]["spaces"], places["gold:4"]["words"]
    ('E2', [2, 5, 8], 'gold temple, space 4 (row 1, col 1)')
    """
    places: dict[str, Place] = {}
    for temple in TEMPLE_NAMES:
        for slot in SLOT_NAMES:
            token = f"{temple}:{slot}"
            places[token] = {"kind": "slot", "temple": temple, "slot": slot, "words": token_words("slot", token)}
        for i in range(9):
            token = f"{temple}:{i}"
            places[token] = {"kind": "space", "temple": temple, "space": i, "words": token_words("space", token)}
        for line, spaces in LINES.items():
            token = f"{temple}:{line}"
            places[token] = {"kind": "line", "temple": temple, "spaces": list(spaces),
                             "words": token_words("line", token)}
    return places


def step_label_words(state_before: State, action: AnyAction, viewer: int | str) -> str:
    """A step's action in words as ``viewer`` may see it (:func:`public_label`'s words): a call stays
    face down for others (R6)."""
    actor = state_before.to_move
    hidden = isinstance(action, Call) and call_hidden(actor, viewer)
    return label_words(action, state_before.ruleset, actor, hidden_call=hidden)


def fate_standing(state: State) -> Standing | None:
    """During the Confrontation: both fate totals (public: the sticks lie face up) and who would win
    the offered room if the step ended now, by the rules' own :func:`~naga_widget.rules.flow.room_winner`
    (R4.3.1), with the sentence the view shows. ``None`` in every other step.

    >>> from naga_widget import Match
    >>> fate_standing(Match(seed=1).state) is None
    True
    """
    if state.phase != "confront" or state.is_over:
        return None
    totals = [state.fate(0), state.fate(1)]
    winner = room_winner(totals, state.guide)
    tie = totals[0] == totals[1]
    name = TEMPLE_NAMES
    why = f"a tie, and {name[winner]} is the guide" if tie else "the larger total"
    return {"totals": totals, "winner": winner, "tie": tie,
            "text": f"Fate now: {name[0]} {totals[0]} · {name[1]} {totals[1]} — {name[winner]} would win the room "
                    f"({why}, R4.3.1)"}


def outcome_words(outcome: OutcomeJSON, ruleset: Ruleset) -> str:
    """The end of the game in one sentence (R7): ``"gold wins, a score of 25 or more (R7.1) — 27 : 0"``."""
    reason = outcome["reason"]
    why = end_reason_text(reason, ruleset) if reason in END_REASONS else reason
    rule = f" ({outcome['rule']})" if outcome["rule"] else ""
    scores = " : ".join(str(score) for score in outcome["scores"])
    return f"{TEMPLE_NAMES[outcome['winner']]} wins{f', {why}{rule}' if why else ''} — {scores}"


def step_name(phase: str, outcome: OutcomeJSON | None, ruleset: Ruleset) -> str:
    """The step shown by its name and rule id (``"Call of Fate (R4.1)"``, ``rules.steps.step_title``); at the
    end of the game with its outcome (``"Game over (R7): gold wins, …"``)."""
    if phase == "over" and outcome:
        return f"{step_title(phase)}: {outcome_words(outcome, ruleset)}"
    return step_title(phase)


def board_trait(state: State, viewer: int | str) -> Board:
    """The ``board`` trait: the viewer's observation (:func:`compact_board`), the ``step_name``
    (:func:`step_name`) and, during the Confrontation, the ``standing`` (:func:`fate_standing`)."""
    board = compact_board(state.observe(viewer))
    board["step_name"] = step_name(board["phase"], board.get("outcome"), state.ruleset)
    standing = fate_standing(state)
    if standing is not None:
        board["standing"] = standing
    return board


def changes_at(match: Match, viewer: int | str) -> StepChanges | None:
    """What the step shown changed, as ``viewer`` may see it (:func:`naga_widget.diff.step_changes` of
    the viewer's observations before and after it); ``None`` at the setup."""
    node = match.node
    if node.parent is None:
        return None
    return step_changes(node.parent.state.observe(viewer), match.state.observe(viewer))


def happened(match: Match, view: View, viewer: int | str, screen: Screen | None) -> Happened | None:
    """What happened without the person since their last decision in this view (a bot's moves, automatic
    passes, the throws and the steps the rules play by themselves), at the end of the line only, as
    ``viewer`` may see it (R6): ``{since, steps, events, more, spaces, slots, players}``.

    The span starts at the node the person's last decision made (its events included: what followed the
    decision in the same step), or after the node the view began at when the person has not decided yet.
    ``None`` when no step was played since (the panel of the last step says it all), behind a hot-seat
    screen, for a spectator, or when the cursor is not at the end of the line. ``events``: the latest
    :data:`HAPPENED_EVENTS` events (``step``, ``rule``, ``text``), ``more`` the number left out before
    them; ``spaces``, ``slots``, ``players``: what differs between the viewer's observations before the
    span and now (:func:`naga_widget.diff.step_changes`), for the board to mark.
    """
    if screen or viewer == "spectator" or not match.at_end or view.watch is not None:
        return None
    seats: tuple[int, ...]
    if view.perspective == "teacher":
        seats = (0, 1)
    elif view.perspective == "hotseat":
        seats = (match.state.to_move,)
    else:
        seats = (int(view.perspective),)
    marks = {view.decided[s] for s in seats if view.decided[s] is not None}
    nodes: list[Node] = []
    node: Node | None = match.node
    own = False
    while node is not None and len(nodes) <= HAPPENED_STEPS:
        if node.id in marks:
            own = True
            nodes.append(node)
            break
        if node.id == view.origin:
            break
        nodes.append(node)
        node = node.parent
    else:
        return None
    nodes.reverse()
    first = nodes[0] if nodes else None
    if first is None or (own and len(nodes) < 2) or first.parent is None:
        return None
    events: list[HappenedEvent] = [{"step": n.depth, "rule": e.rule, "text": e.view(viewer)["text"]}
                                   for n in nodes for e in n.events]
    kept = events[-HAPPENED_EVENTS:]
    who = TEMPLE_NAMES[first.parent.state.to_move]
    start = first.parent.depth
    since = (f"Since {who}'s last decision (step {first.depth})" if own
             else f"Since step {start}" if start else "Since the start of the game")
    changes = step_changes(first.parent.state.observe(viewer), match.state.observe(viewer))
    return {"since": since, "steps": [nodes[0].depth, nodes[-1].depth], "events": kept,
            "more": len(events) - len(kept), "spaces": changes["spaces"], "slots": changes["slots"],
            "players": changes["players"]}


def explained_words(shown: Explained, ruleset: Ruleset) -> Explained:
    """An explanation with its actions in words: ``action_words``, and ``candidate_words`` (each
    candidate's action in words, in the order of ``candidates``)."""
    def said(text: str) -> str:
        try:
            return action_words(Action.coerce(text), ruleset, shown["player"])
        except ValueError:
            return text
    return {**shown, "action_words": said(shown["action"]),
            "candidate_words": [said(c["action"]) for c in shown["candidates"]]}


# -- the traits ----------------------------------------------------------------------------------------
def compact_board(obs: Observation) -> Board:
    """A copy of the observation with the false/empty fields of spaces and relics left out (fewer bytes
    per update); ``obs`` itself is left as it was."""

    def space(sp: SpaceView) -> BoardSpace:
        kept: BoardSpace = {"room": sp["room"]}  # type: ignore[typeddict-item]  # openings follow, in order
        if sp["trap"]:
            kept["trap"] = True
        if sp["rotation"]:
            kept["rotation"] = sp["rotation"]
        kept["openings"] = sp["openings"]
        if sp["reached"]:
            kept["reached"] = True
        if sp["amulet"]:
            kept["amulet"] = sp["amulet"]
        return kept

    def relic(r: RelicView) -> BoardRelic:
        kept: BoardRelic = {"slot": r["slot"]}
        if r["up"]:
            kept["up"] = True
        if r["relic"] is not None:
            kept["relic"] = r["relic"]
        if r["remembered"]:
            kept["remembered"] = True
        return kept

    temples: list[BoardTemple] = [
        {"owner": temple["owner"], "name": temple["name"],
         "spaces": [None if sp is None else space(sp) for sp in temple["spaces"]],
         "relics": [relic(r) for r in temple["relics"]]} for temple in obs["temples"]]
    return {**obs, "temples": temples}


def action_menu(state: State, player: int) -> Menu:
    """The ``menu`` trait: the decisions of ``player`` now as a tree of choices (:mod:`.choices`)."""
    return decision_menu(state, player)


def public_label(state_before: State, action: AnyAction, viewer: int | str) -> str:
    """A step's action as ``viewer`` may see it: a call's cards stay hidden from others (R6)."""
    actor = state_before.to_move
    name = TEMPLE_NAMES[actor]
    if isinstance(action, Call) and call_hidden(actor, viewer):
        return f"{name}: call {len(action.cards)} card(s)"
    return f"{name}: {action}"


def other_line_label(state_before: State, action: AnyAction, viewer: int | str) -> tuple[str, str]:
    """The last action of a line other than the one shown (its label and its words), as ``viewer`` may
    see it from the line shown: a card it names may still be hidden there (the card invoked on one line
    lies in a hand on another), so only the truth is told which card; the others read the kind of
    decision and its player (R6)."""
    actor = state_before.to_move
    if viewer == "truth" or not isinstance(action, (Call, Invoke, Give)):
        return public_label(state_before, action, viewer), step_label_words(state_before, action, viewer)
    name = TEMPLE_NAMES[actor]
    if isinstance(action, Call):
        return (f"{name}: call {len(action.cards)} card(s)",
                label_words(action, state_before.ruleset, actor, hidden_call=True))
    verb, did = ("invoke", "invoked") if isinstance(action, Invoke) else ("give", "gave")
    return f"{name}: {verb} a card", f"{name} {did} a card"


def on_line_shown(match: Match, step: int, branch: int) -> bool:
    """Is step ``step`` of line ``branch`` (as :meth:`Match.branches` numbers it) also on the line shown?"""
    lines = match.branches()
    if not 0 <= branch < len(lines) or step > match.last_step:
        return False
    path = match.node_of(lines[branch].tip).path()
    return step < len(path) and match.line()[step] is path[step]


def timeline_trait(match: Match, viewer: int | str, actor: int | None, fork_armed: bool,
                   mode: str = "full") -> Timeline:
    """The cursor and the branches of ``match``, each step's action as ``viewer`` may see it.

    ``mode`` ``"off"`` sends only the present: no branch, no way to another step. ``"review"`` stays on
    its own line, so it lists that line alone (a replay is one). In ``"full"``, the other lines are
    listed with their last action as seen from the line shown (:func:`other_line_label`): a view of one
    line holds nothing from another line that is hidden on it.
    """
    node = match.node
    label = public_label(node.parent.state, node.action, viewer) if node.parent and node.action else "setup"
    words = step_label_words(node.parent.state, node.action, viewer) if node.parent and node.action else "setup"
    if mode == "off":
        return {"step": match.step, "last": match.step, "at_end": True, "branch": 0, "branches": [],
                "label": label, "label_words": words, "fork_armed": False,
                "can_play": actor is not None and match.at_end, "mode": mode, "changes": None, "happened": None}
    branches: list[BranchInfo] = []
    for b in match.branches():
        if mode == "review" and b.index != match.branch:
            continue
        tip = match.node_of(b.tip)
        last = last_words = None
        if tip.parent and tip.action:
            if b.index == match.branch:
                last = public_label(tip.parent.state, tip.action, viewer)
                last_words = step_label_words(tip.parent.state, tip.action, viewer)
            else:
                last, last_words = other_line_label(tip.parent.state, tip.action, viewer)
        branches.append({"index": b.index, "tip": b.tip, "length": b.length, "fork_step": b.fork_step,
                         "last_action": last, "last_action_words": last_words})
    return {"step": match.step, "last": match.last_step, "at_end": match.at_end, "branch": match.branch,
            "branches": branches, "label": label, "label_words": words, "fork_armed": fork_armed,
            "can_play": actor is not None and (match.at_end or fork_armed), "mode": mode,
            "changes": None, "happened": None}


def event_window(match: Match, viewer: int | str) -> list[LogEntry]:
    """The last ``LOG_WINDOW`` events up to the cursor, as ``viewer`` may see them, with rule ids."""
    return [{"step": e["step"], "rule": e["rule"], "kind": e["kind"], "text": e["text"]}
            for e in match.log(viewer, last=LOG_WINDOW)]


def knows_seat(viewer: int | str, screen: Screen | None, seat: int | None) -> bool:
    """May this view read what only ``seat`` (a player) knows? The truth and that player may, and
    nobody behind a hot-seat screen (R6)."""
    return not screen and (viewer == "truth" or (viewer == seat and seat in (0, 1)))


def seen_message(message: StoredMessage | None, viewer: int | str, screen: Screen | None) -> Message | None:
    """The answer to the last intent, or a bot's failure, as this view may read it.

    A message about a seat's secret (a bot's failing move quotes its hand) holds two texts:
    ``detail`` for that ``seat`` and the teacher, ``text`` (holding no hidden fact) for the others.
    """
    if message is None:
        return None
    text = message["text"]
    if "detail" in message and knows_seat(viewer, screen, message.get("seat")):
        text = message["detail"]
    return {"level": str(message["level"]), "text": str(text)}


def seen_stop(stopped: Stopped | None, viewer: int | str, screen: Screen | None) -> BotStopped | None:
    """The stopped bot's seat and why it was stopped: the error itself for its own seat and the teacher,
    in words holding no hidden fact for everyone else (``public``)."""
    if stopped is None:
        return None
    seat = stopped["seat"]
    reason = stopped["reason"] if knows_seat(viewer, screen, seat) else stopped["public"]
    return {"seat": seat, "name": stopped["name"], "reason": reason}


def status_trait(view: View, viewer: int | str, screen: Screen | None, new_game: bool = False,
                 actor: int | None = None) -> Status:
    """Who looks, the hot-seat screen, the answer to the last intent, the bot's seat (or the stopped
    bot's), and the seed when the match is reproducible. The message and the stopped bot's reason
    are cut to what the viewer may know (:func:`seen_message`, :func:`seen_stop`). ``new_game``: the
    game is over at the cursor, so a new game may start. ``actor``: the player this view decides for
    at the cursor (:func:`actor_of`), for whom a hint may be asked (:func:`hint_allowed`)."""
    status: Status = {"perspective": view.perspective, "viewer": viewer, "screen": screen,
                      "message": seen_message(view.message, viewer, screen), "ack": view.ack, "bot": view.bot,
                      "names": list(TEMPLE_NAMES), "bot_stopped": seen_stop(view.stopped, viewer, screen),
                      "seed": view.seed, "auto_pass": auto_pass_status(view, viewer, screen), "new_game": new_game,
                      "hint_allowed": hint_allowed(view, actor, screen)}
    if view.watch is not None:
        status["watch"] = view.watch
    return status


def hint_allowed(view: View, actor: int | None, screen: Screen | None) -> bool:
    """Whether the view may ask for a hint now: the game allows hints (``view.hints``), the view decides
    for someone at the cursor, and no hot-seat screen is up. The one owner of this fact: the view offers
    the Hint button from it, and the reducer refuses a hint that it does not allow.

    >>> hint_allowed(View(0), 0, None), hint_allowed(View(0, hints=False), 0, None), hint_allowed(View(0), None, None)
    (True, False, False)
    """
    return view.hints and actor is not None and screen is None


def auto_pass_status(view: View, viewer: int | str, screen: Screen | None) -> AutoPass | None:
    """The auto-pass setting (``on``) and the last pass the view played by itself (``last``: ``{player,
    name, step, text}``, the text saying why passing was the only choice), for a view that may decide;
    ``None`` for a spectator. The reason tells what the passing seat holds: only that seat and the
    teacher read it, never behind a hot-seat screen (R6)."""
    if view.perspective == "spectator":
        return None
    last = view.auto_passed
    if last is not None and not knows_seat(viewer, screen, last["player"]):
        last = None
    return {"on": view.auto_pass, "last": last}


# -- chance the teacher chooses ----------------------------------------------------------------------
def chance_options(state: State) -> ChanceOptions:
    """What each chance the view may choose can show next from ``state``: a room of the face-down pile
    (R4.4.3), a card of the deck (R4.4; the deck has no order, see ``rules/chance.py``), a face of each
    stick type (R1.3). The truth: only the teacher's view may hold it (R6).

    >>> from naga_widget import Match
    >>> options = chance_options(Match(seed=1).state)
    >>> options["room"][:3], options["throw"]["brown"]
    (['R01', 'R02', 'R03'], ['1', '2', 'N'])
    """
    return {"room": list(state.rooms), "card": sorted(set(state.deck)),
            "throw": {t.name: list(dict.fromkeys(t.faces)) for t in state.ruleset.stick_types}}


def chance_trait(match: Match, view: View) -> Chance | Empty:
    """The teacher's chance panel: the outcomes each kind can show next from the cursor, and the ones
    already chosen (``Match.forced_pending``, used by the next steps that need them). ``{}`` in every
    other view: the pile, the deck and the choices are secrets of the table (R6)."""
    if view.perspective != "teacher":
        return {}
    pending = {kind: [list(v) if isinstance(v, tuple) else v for v in values]
               for kind, values in match.forced_pending.items()}
    return {"options": chance_options(match.state), "pending": pending}


def check_forced(state: State, kind: object, values: object) -> list[str]:
    """The outcomes of ``kind`` chosen in the view to come next, checked against ``state``: a room of the
    pile, a card of the deck, each at most once, or a face of some stick type (R1.3). Raises a
    :class:`~.guard.IntentError` that names what is wrong.

    >>> from naga_widget import Match
    >>> check_forced(Match(seed=1).state, "throw", ["N", "3"])
    ['N', '3']
    >>> check_forced(Match(seed=1).state, "room", ["R11"])
    Traceback (most recent call last):
    ...
    naga_widget.widget.guard.IntentError: room 'R11' is not in the pile of rooms now (R4.4.3): it cannot be offered next
    """
    if kind not in CHANCE_KINDS:
        raise IntentError(f"the view chooses only {', '.join(CHANCE_KINDS)} outcomes, not {quote(kind)} "
                         f"(other chance is forced in code: Match.force)")
    if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
        raise IntentError(f"force needs 'values', a list of texts such as [\"N\"], not {quote(values)}")
    if len(values) > FORCE_VALUES:
        raise IntentError(f"at most {FORCE_VALUES} {kind} outcomes are chosen at once, not {len(values)}")
    options = chance_options(state)
    if kind == "throw":
        faces = {f for fs in options["throw"].values() for f in fs}
        for face in values:
            if face not in faces:
                raise IntentError(f"no stick has a face {quote(face)} (R1.3): faces are {', '.join(sorted(faces))}")
        return list(values)
    where = {"room": "the pile of rooms now (R4.4.3): it cannot be offered next",
             "card": "the deck now (R4.4): it cannot be drawn next"}[kind]
    possible = options["room"] if kind == "room" else options["card"]
    for value in values:
        if value not in possible:
            raise IntentError(f"{kind} {quote(value)} is not in {where}")
        if values.count(value) > 1:
            raise IntentError(f"{kind} {quote(value)} is chosen twice: it can come only once")
    return list(values)


# -- explanations: the hint and the bot's reasons -------------------------------------------------------
def explained(decision: Decision, player: int, step: int, branch: int, iterations: int | None = None) -> Explained:
    """A bot's :class:`~naga_widget.bots.Decision` for ``player`` at ``step`` of ``branch`` as the
    ``explain`` trait sends it: the action, the summary, the ranked candidates (action text, visits,
    win estimate), the guesses about hidden facts (R6) and the board tokens to shade, each list cut
    to :data:`EXPLAIN_ITEMS`. It reveals what the deciding player knows: only views that may know
    it show it (:func:`explain_trait`).

    >>> from naga_widget.bots import Candidate, Explanation
    >>> from naga_widget.rules import Action
    >>> d = Decision(Action.coerce("pass"), Explanation("pass", (Candidate("pass", 3, 0.25),)))
    >>> shown = explained(d, 1, 7, 0)
    >>> shown["name"], shown["action"], shown["candidates"]
    ('silver', 'pass', [{'action': 'pass', 'visits': 3, 'value': 0.25}])
    """
    data = decision.to_json()
    why = data["explanation"]
    shown: Explained = {"player": player, "name": TEMPLE_NAMES[player], "step": step, "branch": branch,
                        "action": data["action"], "summary": str(why["summary"]),
                        "candidates": why["candidates"][:EXPLAIN_ITEMS], "beliefs": why["beliefs"],
                        "highlights": why["highlights"][:EXPLAIN_ITEMS]}
    if iterations is not None:
        shown["iterations"] = iterations
    return shown


def bot_reasons_visible(view: View, seat: int) -> bool:
    """May this view see the reasons of the bot playing ``seat``? Its candidates name the cards of its
    hand, and its guesses follow from its hand and the relics it looked at (R6): only the teacher and
    the bot's own seat, during the game and after it. The end of the game reveals the amulets and
    nothing more (R7; docs/rules.md, "What a view shows after the game")."""
    return view.perspective in ("teacher", seat)


def explain_trait(match: Match, view: View, actor: int | None, screen: Screen | None) -> Explain:
    """The explanation panel: ``hint`` (the hint asked for the decision shown, while the cursor stays
    at its step and branch, for the player who decides here) and ``bot`` (the bot opponent's last
    explained decision, where :func:`bot_reasons_visible`). ``{}`` under a hot-seat screen. The hint
    says how sure it is (:func:`.deciding.confidence`) and names its ``suggestion`` in the parts of the
    menu (:func:`.deciding.suggestion`); the bot's reasons say only which candidates it tried."""
    if screen:
        return {}
    shown: Explain = {}
    hint = view.hint
    if hint is not None and hint["player"] == actor and (hint["step"], hint["branch"]) == (match.step, match.branch):
        shown["hint"] = {**confidence(explained_words(hint, match.state.ruleset)),
                         "suggestion": suggestion(hint["action"], hint["player"])}
    bot = view.bot_decision
    if bot is not None and bot_reasons_visible(view, bot["player"]) and on_line_shown(match, bot["step"],
                                                                                      bot["branch"]):
        shown["bot"] = confidence(explained_words(bot, match.state.ruleset), searched=False)
    return shown


def traits(match: Match, view: View) -> Traits:
    """Every state trait (``SYNCED``) of a widget showing ``match`` at its cursor as ``view``.

    A hot-seat screen hides the board, the menu and the events, and the timeline's labels are
    the spectator's there: whoever holds the device may be either player (R6). Only the teacher's
    view has a ``chance`` panel; ``explain`` shows only what the view may know.
    """
    state = match.state
    viewer = viewer_of(view.perspective, state)
    actor = actor_of(view, state)
    screen = screen_of(view, state)
    timeline = timeline_trait(match, "spectator" if screen else viewer, None if screen else actor,
                              view.fork_armed, view.timeline)
    timeline["changes"] = None if screen else changes_at(match, viewer)
    timeline["happened"] = happened(match, view, viewer, screen)
    return {
        "board": {} if screen else board_trait(state, viewer),
        "menu": action_menu(state, actor) if actor is not None and not screen else {},
        "timeline": timeline,
        "events": [] if screen else event_window(match, viewer),
        "status": status_trait(view, viewer, screen, new_game=state.is_over, actor=actor),
        "chance": chance_trait(match, view),
        "explain": explain_trait(match, view, actor, screen),
    }
