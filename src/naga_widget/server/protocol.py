"""The class server's wire protocol, version 1: JSON text frames over one WebSocket at ``/ws``.

This module is the protocol's source of truth (``docs/server.md``, "Protocol", says the same in
words). Every message is a JSON object with a ``"type"``. :func:`parse` reads one frame sent by a
client and returns it checked, or raises :class:`Refusal` naming what was wrong; the server answers a
refusal with a ``refused`` message (:func:`refused`) and changes nothing.

Client → server: ``hello``, ``challenge``, ``accept``, ``decline``, ``open``, ``leave``, ``intent``,
``act``. Server → client: ``welcome``, ``lobby``, ``started``, ``view``, ``observe``, ``refused``.

>>> parse('{"type": "open", "match": 3}')
{'type': 'open', 'match': 3}
>>> parse('{"type": "open", "match": "3"}')
Traceback (most recent call last):
...
naga_widget.server.protocol.Refusal: 'open' needs an integer 'match', not '3'
>>> refused(Refusal("malformed", "not JSON"), "?")["code"]
'malformed'
"""

from __future__ import annotations

import json
import re
from typing import Any, Literal, NotRequired, TypedDict

from ..rules.errors import is_int
from ..rules.errors import quote as _quote

VERSION = 1
MAX_MESSAGE_BYTES = 64 * 1024  # a frame larger than this is refused unread
MAX_NAME_CHARS = 40  # a player's name: 1 to 40 printable characters
MAX_TEXT_CHARS = 400  # a credential, a code or an action text longer than this is refused unread
MAX_DEPTH = 8  # an intent nested deeper than this is refused
# The house bots a player may challenge: "bot:random", "bot:greedy", "bot:ismcts:<simulations>"
HOUSE_BOT = re.compile(r"bot:(random|greedy|ismcts:([1-9][0-9]{0,4}))")
ISMCTS_SIMULATIONS = (1, 5000)  # the simulations a house search bot may be given: at least, at most
CLOCK_MINUTES = 600  # the longest chess clock a challenge may set, in minutes

# Why a request was refused: the ``code`` of a ``refused`` message (its ``reason`` says it in words)
CODES = {
    "malformed": "the frame is not a JSON object of a known type with the fields it needs",
    "size": f"the frame is larger than {MAX_MESSAGE_BYTES} bytes",
    "rate": "too many messages on this connection in too short a time",
    "origin": "the page that opened the connection is not on the server's allow-list",
    "credential": "an unknown or wrong join code or credential",
    "hello": "say hello first (or once only)",
    "unknown": "no such player, challenge or match",
    "seat": "this connection holds no seat, or not the seat to move, in that match",
    "stale": "the stamp is not the match's present stamp (a replayed or stale request)",
    "illegal": "an action or an intent the game does not allow now (the rule id says why)",
    "over": "the match is over",
    "busy": "the server has too much to do now (try again)",
}
Code = Literal["malformed", "size", "rate", "origin", "credential", "hello", "unknown", "seat", "stale",
               "illegal", "over", "busy"]


class Refusal(ValueError):
    """A request the server refuses: ``code`` (one of :data:`CODES`), the reason in words, and for an
    illegal action the rule id."""

    def __init__(self, code: Code, reason: str, rule: str | None = None) -> None:
        super().__init__(reason)
        self.code: Code = code
        self.reason = reason
        self.rule = rule


# -- client → server ---------------------------------------------------------------------------------
class Hello(TypedDict):
    """A new player (``code`` and ``name``; ``bot`` true for a program playing a bot seat), or a player,
    a bot or the teacher coming back (``credential``)."""

    type: Literal["hello"]
    code: NotRequired[str]
    name: NotRequired[str]
    bot: NotRequired[bool]
    credential: NotRequired[str]


class Challenge(TypedDict):
    """Challenge another player (its id) or a house bot (``"bot:random"``, ``"bot:greedy"``,
    ``"bot:ismcts:<simulations>"``; a house bot accepts at once)."""

    type: Literal["challenge"]
    opponent: int | str
    clock: NotRequired[float]  # each person's minutes for the game (a chess clock); 0: none; absent: the server's


class Answer(TypedDict):
    """``accept`` or ``decline`` a challenge made to you (withdraw one you made with ``decline``)."""

    type: Literal["accept", "decline"]
    challenge: int


class Open(TypedDict):
    """Receive a match's views: as your seat, else as a spectator (the teacher sees everything).
    ``leave`` stops them."""

    type: Literal["open", "leave"]
    match: int


class Intent(TypedDict):
    """An intent of the widget's view (``docs/widget-protocol.md``) for a match you opened;
    ``stamp``: the match's stamp in the last view you received."""

    type: Literal["intent"]
    match: int
    stamp: int
    intent: dict[str, Any]


class Act(TypedDict):
    """A bot seat's action (its text, R8) in answer to an ``observe`` with the same stamp."""

    type: Literal["act"]
    match: int
    stamp: int
    action: str


# -- server → client ---------------------------------------------------------------------------------
class Welcome(TypedDict):
    """Who you are. ``credential`` only on a first hello, once, to its owner: keep it to come back."""

    type: Literal["welcome"]
    player: int | Literal["teacher"]
    name: str
    bot: bool
    credential: NotRequired[str]
    version: int


class Lobby(TypedDict):
    """Who is there, the open challenges that concern you, and every match (spectators may open any).
    ``players``: ``[{id, name, bot, online}]``; ``challenges``: ``[{id, from, to}]`` (``to`` a player id
    or a house bot); ``matches``: ``[{id, seats: [{name, kind, player}], step, over, result}]`` (``player``: the seat's
    player id, ``None`` for a house bot)."""

    type: Literal["lobby"]
    players: list[dict[str, Any]]
    challenges: list[dict[str, Any]]
    matches: list[dict[str, Any]]


class Started(TypedDict):
    """A match you hold a seat in has started: open it to play."""

    type: Literal["started"]
    match: int
    seat: int


class View(TypedDict):
    """The widget's traits for your view of a match (``seat`` 0 or 1, ``None`` for a spectator or the
    teacher): all of them when ``full``, else only those that changed. ``table``: the seats, their
    clocks and the result (a forfeit included)."""

    type: Literal["view"]
    match: int
    seat: int | None
    stamp: int
    full: bool
    traits: dict[str, Any]
    table: dict[str, Any]


class Observe(TypedDict):
    """A bot seat's turn: its observation (R6), its legal actions (``{player, phase, actions: [text],
    spellings: [[written, listed]]}``, as the league sends them: ``bots.wire.legal_from_json`` makes them
    a ``DetachedLegal`` again), and the milliseconds it has to answer."""

    type: Literal["observe"]
    match: int
    seat: int
    stamp: int
    observation: dict[str, Any]
    legal: dict[str, Any]
    deadline_ms: int


class Refused(TypedDict):
    type: Literal["refused"]
    code: str
    reason: str
    rule: str | None
    request: str


# -- reading a client's frame --------------------------------------------------------------------------
def quote(value: Any) -> str:
    return _quote(value, 60)


def _integer(msg: dict[str, Any], field: str) -> int:
    value = msg.get(field)
    if not is_int(value):
        raise Refusal("malformed", f"{quote(msg['type'])} needs an integer {field!r}, not {quote(value)}")
    if not 0 <= value < 2**53:
        raise Refusal("malformed", f"{field!r} must be a whole number from 0, not {quote(value)}")
    return value


def _text(msg: dict[str, Any], field: str, limit: int = MAX_TEXT_CHARS) -> str:
    value = msg.get(field)
    if not isinstance(value, str) or not value:
        raise Refusal("malformed", f"{quote(msg['type'])} needs a text {field!r}, not {quote(value)}")
    if len(value) > limit:
        raise Refusal("malformed", f"{field!r} is too long: at most {limit} characters")
    return value


def _depth(value: Any, limit: int = MAX_DEPTH + 1) -> int:
    """How many containers deep ``value`` is (``{"a": [1]}`` is 2), counted no further than ``limit``."""
    if not isinstance(value, dict | list) or limit <= 0:
        return 0
    inner = value.values() if isinstance(value, dict) else value
    return 1 + max((_depth(v, limit - 1) for v in inner), default=0)


def check_name(name: str) -> str:
    """A player's name: trimmed, 1 to :data:`MAX_NAME_CHARS` printable characters.

    >>> check_name("  Ada ")
    'Ada'
    >>> check_name("a\\x1b[2Jb")
    Traceback (most recent call last):
    ...
    naga_widget.server.protocol.Refusal: a name holds printable characters only
    """
    name = name.strip()
    if not 1 <= len(name) <= MAX_NAME_CHARS:
        raise Refusal("malformed", f"a name has 1 to {MAX_NAME_CHARS} characters")
    if not name.isprintable():
        raise Refusal("malformed", "a name holds printable characters only")
    return name


def check_opponent(value: Any) -> int | str:
    """A challenge's opponent: a player id, or a house bot.

    >>> check_opponent("bot:ismcts:200"), check_opponent(4)
    ('bot:ismcts:200', 4)
    >>> check_opponent("bot:ismcts:0")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    naga_widget.server.protocol.Refusal: an opponent is a player's id or one of bot:random, ... not 'bot:ismcts:0'
    """
    if is_int(value) and 0 <= value < 2**53:
        return int(value)
    if isinstance(value, str):
        m = HOUSE_BOT.fullmatch(value)
        if m and (m.group(2) is None or ISMCTS_SIMULATIONS[0] <= int(m.group(2)) <= ISMCTS_SIMULATIONS[1]):
            return value
    raise Refusal("malformed", f"an opponent is a player's id or one of bot:random, bot:greedy, bot:ismcts:"
                               f"<simulations {ISMCTS_SIMULATIONS[0]} to {ISMCTS_SIMULATIONS[1]}>, not {quote(value)}")


def check_clock(value: Any) -> float:
    """A challenge's chess clock: each person's minutes for the whole game, from 0 (no clock) to
    :data:`CLOCK_MINUTES`.

    >>> check_clock(5), check_clock(0.5)
    (5.0, 0.5)
    >>> check_clock(-1)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    naga_widget.server.protocol.Refusal: a challenge's 'clock' is each person's minutes for the game, ... not -1
    """
    if isinstance(value, int | float) and not isinstance(value, bool) and 0 <= value <= CLOCK_MINUTES:
        return float(value)
    raise Refusal("malformed", f"a challenge's 'clock' is each person's minutes for the game, from 0 (no clock) to "
                               f"{CLOCK_MINUTES}, not {quote(value)}")


def parse(frame: str | bytes) -> dict[str, Any]:
    """One frame from a client, checked: its size, JSON, its type and the fields of that type. Raises
    :class:`Refusal` (``size`` or ``malformed``) saying what was wrong; nothing is applied here."""
    size = len(frame) if isinstance(frame, bytes) else len(frame.encode("utf-8", "surrogatepass"))
    if size > MAX_MESSAGE_BYTES:
        raise Refusal("size", f"a message of {size:,} bytes is too large: at most {MAX_MESSAGE_BYTES:,}")
    if isinstance(frame, bytes):
        raise Refusal("malformed", "messages are JSON text frames, not binary ones")
    try:
        msg = json.loads(frame)
    except (ValueError, RecursionError):
        raise Refusal("malformed", "the message is not JSON") from None
    if not isinstance(msg, dict):
        raise Refusal("malformed", f"a message is a JSON object with a 'type', not {quote(msg)}")
    kind = msg.get("type")
    if not isinstance(kind, str) or kind not in _FIELDS:
        raise Refusal("malformed", f"unknown message type {quote(kind)}: one of {', '.join(sorted(_FIELDS))}")
    if _depth(msg) > MAX_DEPTH:
        raise Refusal("malformed", f"the message is nested more than {MAX_DEPTH} levels deep")
    extra = set(msg) - _FIELDS[kind] - {"type"}
    if extra:
        raise Refusal("malformed", f"{quote(kind)} has no field {', '.join(sorted(map(repr, extra)))}")
    out: dict[str, Any] = {"type": kind}
    if kind == "hello":
        if "credential" in msg:
            if {"code", "name", "bot"} & set(msg):
                raise Refusal("malformed", "hello gives either a credential (to come back) or a code and a name")
            out["credential"] = _text(msg, "credential")
        else:
            out["code"] = _text(msg, "code")
            out["name"] = check_name(_text(msg, "name"))
            bot = msg.get("bot", False)
            if not isinstance(bot, bool):
                raise Refusal("malformed", f"hello's 'bot' is true or false, not {quote(bot)}")
            out["bot"] = bot
    elif kind == "challenge":
        out["opponent"] = check_opponent(msg.get("opponent"))
        if "clock" in msg:
            out["clock"] = check_clock(msg["clock"])
    elif kind in ("accept", "decline"):
        out["challenge"] = _integer(msg, "challenge")
    elif kind in ("open", "leave"):
        out["match"] = _integer(msg, "match")
    elif kind == "intent":
        out["match"] = _integer(msg, "match")
        out["stamp"] = _integer(msg, "stamp")
        intent = msg.get("intent")
        if not isinstance(intent, dict) or not isinstance(intent.get("type"), str):
            raise Refusal("malformed", f"'intent' is an object with a 'type', such as {{\"type\": \"play\", "
                                       f"\"action\": \"pass\"}}, not {quote(intent)}")
        out["intent"] = intent
    elif kind == "act":
        out["match"] = _integer(msg, "match")
        out["stamp"] = _integer(msg, "stamp")
        out["action"] = _text(msg, "action")
    return out


_FIELDS: dict[str, set[str]] = {
    "hello": {"code", "name", "bot", "credential"},
    "challenge": {"opponent", "clock"},
    "accept": {"challenge"},
    "decline": {"challenge"},
    "open": {"match"},
    "leave": {"match"},
    "intent": {"match", "stamp", "intent"},
    "act": {"match", "stamp", "action"},
}
CLIENT_TYPES = tuple(_FIELDS)
SERVER_TYPES = ("welcome", "lobby", "started", "view", "observe", "refused")


def refused(exc: Refusal, request: str) -> Refused:
    """The ``refused`` message for ``exc``, answering a request of type ``request`` (``"?"`` when
    the frame could not be read)."""
    return {"type": "refused", "code": exc.code, "reason": exc.reason, "rule": exc.rule, "request": request}


def dumps(msg: Any) -> str:
    """A server message as one compact JSON text frame."""
    return json.dumps(msg, separators=(",", ":"), ensure_ascii=False)
