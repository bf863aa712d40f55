"""The shape of every value between Python and the view: the synced traits and the intents, as TypedDicts.

This module is the one description of the wire. :mod:`.projection` returns these types (mypy checks
it against them), ``js/src/types.js`` is written from them by ``js/scripts/make_types.py`` (JSDoc
typedefs, with the docstrings and the comments below; ``tests/widget/test_widget_wire.py`` fails
when it is not current) and ``docs/widget-protocol.md`` tells what the values mean.

A field's comment is its description in ``types.js``. ``NotRequired`` marks a field that may be
absent; ``X | None`` one that is sent as ``null``.
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

from ..bots.base import BeliefsJSON, CandidateJSON, HighlightJSON
from ..diff import StepChanges
from ..rules.observe import OfferedView, PlayerView
from ..rules.outcome import OutcomeJSON

Perspective = int | str  # 0, 1, "spectator", "teacher" or "hotseat"
Viewer = int | str  # 0, 1, "spectator" or "truth"


# -- catalog: static game data, set once ---------------------------------------------------------------
class CardInfo(TypedDict):
    """A card of the ruleset (R1)."""

    effect: str  # effect id, e.g. "E07"
    name: str  # effect name, e.g. "Shifting Altars"
    stick: str  # stick type of the card's stick symbol, e.g. "brown"
    count: int  # how many sticks the symbol shows


class EffectInfo(TypedDict):
    """A naga effect (R5)."""

    name: str
    text: str
    hint: str  # how to write its target, as in the engine's errors


class RoomInfo(TypedDict):
    """A room tile (R1)."""

    shape: str
    openings: str  # e.g. "NES", at rotation 0
    amulet_symbol: bool


class Place(TypedDict):
    """A board token of ``catalog.places``: a relic slot "gold:W0", a space "gold:4", a line "gold:row0"."""

    kind: Literal["slot", "space", "line"]
    temple: str
    slot: NotRequired[str]  # kind "slot": "W2" … "E2"
    space: NotRequired[int]  # kind "space": 0 … 8
    spaces: NotRequired[list[int]]  # kind "line": its three spaces
    words: str  # e.g. "gold temple, relic slot W0"


class StepInfo(TypedDict):
    """A step of a round (R4), or the end (R7)."""

    name: str  # e.g. "Call of Fate"
    rule: str  # e.g. "R4.1"


class EndLimits(TypedDict):
    """The numbers that end a game (R7.1)."""

    target_score: int
    cursed_limit: int


class RelicInfo(TypedDict):
    """What a relic token is worth (R1): ``"s4"`` is sacred 4, ``"c6"`` cursed 6."""

    cursed: bool
    points: int


class StickInfo(TypedDict):
    """What a stick token shows (R1.3): ``"teal:N"`` is a teal stick showing a naga, worth 0."""

    type: str  # the stick type
    face: str  # the face shown, "N" for a naga
    naga: bool
    points: int  # the fate points of the face


class AmuletInfo(TypedDict):
    """What an amulet is (R1.2: public; only who holds which is secret)."""

    kind: str  # "treasure" or "charm"
    points: int


class RuleText(TypedDict):
    """The text of a rule id, from docs/rules.md (``rules_text.json``)."""

    title: str
    text: str


class Catalog(TypedDict):
    """The ``catalog`` trait: static game data, set once. The view takes every name, rule text and number here."""

    ruleset: str  # the ruleset's id
    cards: dict[str, CardInfo]  # by card id
    effects: dict[str, EffectInfo]  # by effect id, "E01" …
    rooms: dict[str, RoomInfo]  # by room id
    temples: list[str]  # the temples' names, by seat
    slots: list[str]  # the nine slot names in canonical order (R2.2)
    places: dict[str, Place]  # every target token that names places on the boards
    stick_types: dict[str, list[str]]  # stick type -> its faces
    steps: dict[str, StepInfo]  # phase -> the step's name and rule (R4, R7)
    end_reasons: dict[str, str]  # Outcome.reason -> words, e.g. "a score of 25 or more"
    limits: EndLimits  # the numbers of R7.1
    amulets: dict[str, AmuletInfo]  # by amulet id
    relics: dict[str, RelicInfo]  # by relic token, "s4" …
    sticks: dict[str, StickInfo]  # by stick token, "teal:N" …
    rules: dict[str, RuleText]  # by rule id, "R4.2.2" …


# -- board: the viewer's observation, its false and empty fields left out --------------------------------
class BoardSpace(TypedDict):
    """A tile on a temple space (``null`` where the space is empty); a false, zero or null field is left out."""

    room: str  # room id, or "TRAP"
    openings: str  # e.g. "NES" ("" for the trap)
    trap: NotRequired[Literal[True]]
    rotation: NotRequired[int]  # left out when 0
    reached: NotRequired[Literal[True]]  # a path from an entrance reaches it (R2.3)
    amulet: NotRequired[str | Literal[True]]  # an amulet lies here: its id for the truth, else true


class BoardRelic(TypedDict):
    """A relic slot; a false or null field is left out."""

    slot: str  # "W2" … "E2"
    up: NotRequired[Literal[True]]  # face up
    relic: NotRequired[str]  # "s3" … "s5", "c6"; absent when unknown to the viewer
    remembered: NotRequired[Literal[True]]  # face down but known to the viewer (seen before)


class BoardTemple(TypedDict):
    """A temple: its nine spaces (index 3·row+col) and nine relic slots in canonical order."""

    owner: int
    name: str  # "gold" / "silver"
    spaces: list[BoardSpace | None]
    relics: list[BoardRelic]


class Standing(TypedDict):
    """Both fate totals and who would win the offered room if the Confrontation ended now (R4.3.1)."""

    totals: list[int]
    winner: int
    tie: bool  # equal totals: the guide wins
    text: str  # the sentence shown above the decision


class Board(TypedDict):
    """The ``board`` trait: the observation of the viewer (``rules/observe.py``), spaces and relics compacted.

    ``{}`` while a hot-seat screen hides the board.
    """

    viewer: Viewer
    ruleset: str
    round: int
    phase: str  # "call" | "confront" | "place" | "give" | "over"
    to_move: int | None
    guide: int
    passes: int
    temples: list[BoardTemple]
    players: list[PlayerView]
    offered: OfferedView | None
    trap: str  # "side" or "gold:4"
    supply: dict[str, int]
    deck_count: int
    discard: list[str]
    rooms_left: int
    amulets_left: int
    drawn: list[str] | None
    drawn_count: int
    outcome: OutcomeJSON | None
    deck: NotRequired[list[str]]  # the truth only
    room_pile: NotRequired[list[str]]  # the truth only
    amulet_pile: NotRequired[list[str]]  # the truth only
    knowledge: NotRequired[list[list[int]]]  # the truth only
    step_name: NotRequired[str]  # the step's name and rule; at the end with the outcome in words
    standing: NotRequired[Standing]  # the Confrontation only: who would win the room now (R4.3.1)


class Empty(TypedDict):
    """``{}``: a trait that is empty in this view."""


# -- menu: what the viewer can decide now -----------------------------------------------------------------
class Preview(TypedDict, total=False):
    """What a candidate would do to the temples before it is confirmed (``preview.py``); empty entries left out."""

    reached: list[str]  # spaces that become reached, "gold:4"
    unreached: list[str]  # spaces no longer reached
    up: list[str]  # relic slots that flip face up, "gold:W1"
    down: list[str]  # relic slots that flip face down
    collected: list[str]  # spaces whose amulet is collected
    full: bool  # a placement fills the temple (R7.2)
    words: str  # the same in one sentence


class Choice(TypedDict):
    """A node of the decision tree (``choices.py``): one control, and what follows it."""

    key: str | int  # what the control stands for: a card, a payment, a target token, a space, a rotation
    label: str  # the control's short text
    words: NotRequired[str]  # its longer words
    action: NotRequired[str]  # the action text the choice completes to, when it can be confirmed there
    done: NotRequired[str]  # the confirm button's words for that action
    openings: NotRequired[str]  # a rotation: the room's openings turned so (R1.1)
    preview: NotRequired[Preview]  # what the action would do to the temples
    next: NotRequired[list[Choice]]  # the choices that may follow


class CallChoice(TypedDict):
    """A complete call (R4.1): a set of cards of one stick type."""

    cards: list[str]
    action: str  # "call 02a 10a"
    words: str  # "Call 2 cards: 4 brown sticks to throw"


class OnlyChoice(TypedDict):
    """A decision with a single legal choice: the action and why, in Python's words."""

    action: str
    text: str
    auto: bool  # a pass the view plays by itself when status.auto_pass.on


# The ``menu`` trait: what the viewer can decide now (``{}`` when they cannot act).
Menu = TypedDict("Menu", {  # written as a call, since one of its fields is ``pass``
    "player": int,
    "phase": str,  # "call" | "confront" | "place" | "give"
    "step_name": str,
    "choices": list[Choice],  # the first level of the tree: cards, cards to invoke, spaces, cards to give
    "calls": list[CallChoice],  # call: every legal call
    "pass": Choice,  # confront: the pass
    "room": dict[str, str],  # place: the room to place, {id, openings}
    "only": OnlyChoice,  # a single choice
}, total=False)


# -- timeline ---------------------------------------------------------------------------------------------
class BranchInfo(TypedDict):
    """A line of the match, its last action as seen from the line shown."""

    index: int
    tip: int
    length: int
    fork_step: int
    last_action: str | None
    last_action_words: str | None  # the same in words ("gold passed")


class HappenedEvent(TypedDict):
    """An event of what happened without the person."""

    step: int
    rule: str
    text: str


class Happened(TypedDict):
    """What happened without the person since their last decision in this view."""

    since: str  # "Since gold's last decision (step 4)"
    steps: list[int]  # the first and last step of the span
    events: list[HappenedEvent]  # the latest events of the span, oldest first
    more: int  # events of the span left out before them
    spaces: list[str]  # "gold:4": spaces that differ since the span began
    slots: list[str]  # "gold:W2": relic slots that differ since
    players: list[int]  # players whose sticks, cards, amulets or score differ since


class Timeline(TypedDict):
    """The ``timeline`` trait: the cursor and the branches of the match."""

    step: int
    last: int
    at_end: bool
    branch: int
    branches: list[BranchInfo]
    label: str  # the action that led to the step shown (projected), or "setup"
    label_words: str  # the same in words ("silver called 2 cards face down")
    fork_armed: bool
    can_play: bool
    mode: str  # "full", "review" or "off": the widget's timeline option (review: no fork; off: only the present)
    changes: StepChanges | None  # what the step shown changed, as the viewer may see it
    happened: Happened | None  # what happened without the person since their last decision


class LogEntry(TypedDict):
    """One entry of the ``events`` trait (the last LOG_WINDOW = 20 events up to the cursor)."""

    step: int
    rule: str  # the rule id that explains it, e.g. "R4.2" or "E07"
    kind: str
    text: str


# -- status -----------------------------------------------------------------------------------------------
class Screen(TypedDict):
    """The hot-seat screen between turns."""

    kind: Literal["pass_device"]
    player: int
    name: str


class Message(TypedDict):
    """The answer to the last intent, as the view may read it."""

    level: str  # "error" or "info"
    text: str


class StoredMessage(TypedDict):
    """The answer to the last intent as the widget keeps it: a message about a seat's secret holds two texts."""

    level: str  # "error" or "info"
    text: str  # for everyone (no hidden fact)
    seat: NotRequired[int]  # the seat whose secret detail tells
    detail: NotRequired[str]  # for that seat and the teacher


class Stopped(TypedDict):
    """A bot that failed and was stopped, as the widget keeps it."""

    seat: int
    name: str
    reason: str  # the error itself: for its own seat and the teacher
    public: str  # the kind of failure in words holding no hidden fact


class BotStopped(TypedDict):
    """A bot that failed and was stopped, as the view may read it."""

    seat: int
    name: str
    reason: str


class AutoPassed(TypedDict):
    """A pass the view played by itself, with why."""

    player: int
    name: str
    step: int
    text: str


class AutoPass(TypedDict):
    """The auto-pass setting and the last pass the view played by itself."""

    on: bool
    last: AutoPassed | None


class WatchSpeed(TypedDict):
    """A speed of a watch of two bots."""

    id: str  # "slow", "normal", "fast" or "fastest"
    label: str


class WatchPlayer(TypedDict):
    """A seat of a watch and its bot."""

    seat: int
    name: str
    bot: str | None  # the bot's class name; null once it failed and was stopped


class Watch(TypedDict):
    """What the view shows of a watch of two bots (``watch.py``)."""

    playing: bool  # the bots play now
    delay: float  # seconds between two moves
    speed: str | None  # its name among speeds, or null for a delay set in code
    speeds: list[WatchSpeed]
    players: list[WatchPlayer]
    seats: list[int]  # the seats the bots play: the view decides for none of them
    can_step: bool  # a step can be taken now
    step_words: str  # the step button's words
    note: str | None  # why the watch cannot go on, or that it replays


class Status(TypedDict):
    """The ``status`` trait: who looks, the hot-seat screen, the answer to the last intent, the bots."""

    perspective: Perspective  # 0, 1, "spectator", "teacher", "hotseat"
    viewer: Viewer  # 0, 1, "spectator", "truth"
    screen: Screen | None
    message: Message | None
    ack: int  # the id of the last intent handled
    bot: int | None  # the seat a bot plays
    names: list[str]
    bot_stopped: BotStopped | None  # a bot that failed and was stopped
    seed: int | None  # the seed of a reproducible (so not secret) game
    auto_pass: AutoPass | None  # null for a spectator
    watch: NotRequired[Watch]  # only while two bots play each other
    new_game: bool  # the game is over at the cursor: a new_game intent would start a new game
    hint_allowed: bool  # a hint may be asked now: the game allows hints and this view decides at the cursor


# -- chance: the teacher's panel --------------------------------------------------------------------------
class ChanceOptions(TypedDict):
    """What can come next from the step shown."""

    room: list[str]  # the rooms of the pile (R4.4.3)
    card: list[str]  # the cards of the deck (R4.4)
    throw: dict[str, list[str]]  # each stick type's faces (R1.3)


class Chance(TypedDict):
    """The ``chance`` trait: the teacher's chance panel (``{}`` in every other view)."""

    options: ChanceOptions
    pending: dict[str, list[str | list[str]]]  # kind -> the outcomes chosen and not used yet, in order


# -- explain: the hint and the bot's reasons --------------------------------------------------------------
class Suggestion(TypedDict):
    """The chosen action in the parts of the menu, for the view to mark."""

    kind: str  # "call", "pass", "invoke", "place" or "give"
    cards: NotRequired[list[str]]  # call
    card: NotRequired[str]  # invoke, give
    pay: NotRequired[str]  # invoke
    tokens: NotRequired[list[str]]  # invoke: the targets
    space: NotRequired[int]  # place
    rotation: NotRequired[int]  # place
    token: NotRequired[str]  # place: the space's token, "gold:6"


class CandidateFigures(TypedDict):
    """How sure an explanation is of one candidate."""

    tried: bool  # a simulation tried it
    low: float | None  # its 95% interval of the win chance; null when not tried
    high: float | None
    close: bool  # too close to call with the chosen action


class Explained(TypedDict):
    """A bot's decision explained for ``player`` at ``step`` of ``branch``."""

    player: int
    name: str  # the player's temple
    step: int
    branch: int
    action: str  # the action chosen, engine text
    summary: str
    candidates: list[CandidateJSON]  # most tried first, at most 20
    beliefs: BeliefsJSON  # the guesses about hidden facts (R6)
    highlights: list[HighlightJSON]  # board tokens to shade, at most 20
    iterations: NotRequired[int]  # a hint: the search's budget
    action_words: NotRequired[str]  # action in words
    candidate_words: NotRequired[list[str]]  # each candidate's action in words
    candidate_figures: NotRequired[list[CandidateFigures]]  # per candidate, in the order of candidates
    confidence: NotRequired[str]  # how sure, in one sentence (a search only)
    meaning: NotRequired[str]  # what "win chance" means (a search only)
    suggestion: NotRequired[Suggestion | None]  # a hint: the chosen action in the parts of the menu


class Explain(TypedDict, total=False):
    """The ``explain`` trait: each entry only where the view may know it; ``{}`` under a hot-seat screen."""

    hint: Explained  # the hint asked for the decision shown
    bot: Explained  # the bot opponent's last reasons


# -- all the state traits, and what the view sends ---------------------------------------------------------
class Traits(TypedDict):
    """Every state trait of a view (``projection.SYNCED``), as :func:`.projection.traits` computes them."""

    board: Board | Empty
    menu: Menu
    timeline: Timeline
    events: list[LogEntry]
    status: Status
    chance: Chance | Empty
    explain: Explain


class Intent(TypedDict):
    """The ``intent`` trait (or a custom message) the view sends: one request. Python checks every field."""

    id: int
    type: str  # play | goto | undo | redo | start | end | branch | fork | unfork | reveal | take_over | new_game …
    step: NotRequired[int]  # the step shown when the intent was made (Python refuses it elsewhere)
    branch: NotRequired[int]  # the branch shown when the intent was made
    action: NotRequired[str]  # play
    to: NotRequired[int]  # goto: the step to show
    index: NotRequired[int]  # branch
    kind: NotRequired[str]  # force: "room", "card" or "throw"
    values: NotRequired[list[str]]  # force: the next outcomes of that kind ([]: the seed decides)
    speed: NotRequired[str]  # watch_speed
    on: NotRequired[bool]  # auto_pass
    iterations: NotRequired[int]  # hint
