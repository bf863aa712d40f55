"""What a bot is, what it may explain, and how bots play a match.

A bot sees what its player may see and nothing more: it receives the player's
observation (R6, :func:`naga_widget.rules.observe_state`) and the legal actions
(:meth:`LegalActions.detached`: a list that holds no reference to the state),
never the state itself.

Two protocols:

- :class:`Bot` — ``act(observation, legal) -> action``: enough to play.
- :class:`DecidingBot` — also ``decide(observation, legal) -> Decision``: the action
  and an :class:`Explanation` of it, as data (candidates with their visits and
  values, guesses about hidden facts, board tokens to highlight, a short summary).

:func:`decide` asks any bot for a :class:`Decision`, wrapping ``act`` when the bot
has no ``decide``. Asking a bot for its move and containing its failure is :mod:`.turn`'s.

>>> from naga_widget import Match
>>> from naga_widget.bots import RandomBot, play_match
>>> m = Match(seed=5)
>>> result = play_match(m, [RandomBot(seed=1), RandomBot(seed=2)])
>>> result.winner in (0, 1) and m.state.is_over
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Protocol, TypedDict, runtime_checkable

from ..rules import TEMPLE_NAMES, Action, AnyAction, LegalActions
from ..rules.observe import Observation


@runtime_checkable
class Bot(Protocol):
    """Anything with ``act(observation, legal) -> action`` can play."""

    def act(self, observation: Observation, legal: LegalActions) -> AnyAction | str: ...


@runtime_checkable
class DecidingBot(Bot, Protocol):
    """A bot that can also say why: ``decide(observation, legal) -> Decision``."""

    def decide(self, observation: Observation, legal: LegalActions) -> Decision: ...


def _frozen(mapping: Mapping[str, Any]) -> Mapping[str, Any]:
    return MappingProxyType(dict(mapping))


class CandidateJSON(TypedDict):
    """A :class:`Candidate` as plain data."""

    action: str  # the action's engine text
    visits: int  # how many simulations tried it (1 for a bot that scores each action once)
    value: float  # the estimated chance to win after it, 0 to 1


class HighlightJSON(TypedDict):
    """A :class:`Highlight` as plain data."""

    token: str  # a space "gold:4", a relic slot "silver:E2" or a line "gold:row0"
    weight: float  # 0 to 1
    label: str


class BeliefsJSON(TypedDict):
    """:class:`Beliefs` as plain data, each chance rounded to 4 places."""

    cards: dict[str, dict[str, float]]  # temple name -> card -> the chance it is held (hand or face-down call)
    relics: dict[str, dict[str, float]]  # a face-down slot "silver:E2" -> relic token -> its chance
    cursed: dict[str, float]  # a face-down slot -> the chance its relic is cursed
    amulet_points: dict[str, float]  # temple name -> the expected points of its hidden amulets
    samples: int  # how many sampled worlds the figures come from (0: exact, or none)


class ExplanationJSON(TypedDict):
    """An :class:`Explanation` as plain data."""

    summary: str
    candidates: list[CandidateJSON]
    beliefs: BeliefsJSON
    highlights: list[HighlightJSON]


class DecisionJSON(TypedDict):
    """A :class:`Decision` as plain data."""

    action: str
    explanation: ExplanationJSON


@dataclass(frozen=True, slots=True)
class Candidate:
    """One action the bot weighed: its text, how often it was tried, its mean value.

    ``value`` is the bot's estimate of the deciding player's chance to win after
    this action (0 to 1); ``visits`` is the number of simulations that tried it
    (1 for a bot that scores each action once).
    """

    action: str
    visits: int
    value: float

    def to_json(self) -> CandidateJSON:
        return {"action": self.action, "visits": self.visits, "value": round(self.value, 4)}


@dataclass(frozen=True, slots=True)
class Highlight:
    """A board token to highlight, with a weight from 0 to 1 and a short label.

    Tokens use the syntax of action targets (see :mod:`naga_widget.rules.actions`):
    a space ``"gold:4"``, a relic slot ``"silver:E2"``, a line ``"gold:row0"``.
    """

    token: str
    weight: float
    label: str = ""

    def to_json(self) -> HighlightJSON:
        return {"token": self.token, "weight": round(self.weight, 4), "label": self.label}


@dataclass(frozen=True, slots=True)
class Beliefs:
    """The bot's guesses about hidden facts (R6), as probabilities.

    - ``cards[player][card]``: the chance that ``card`` is held by ``player`` (in hand
      or in a face-down call); ``player`` is a temple name, ``"gold"`` or ``"silver"``.
    - ``relics[slot][relic]``: for each face-down slot the bot does not know
      (``"silver:E2"``), the chance of each relic token (``"s4"``, ``"c6"``).
    - ``cursed[slot]``: the chance that the relic on that slot is cursed.
    - ``amulet_points[player]``: the expected points of that player's hidden amulets.
    - ``samples``: how many sampled worlds these figures come from (0: computed exactly or not at all).
    """

    cards: Mapping[str, Mapping[str, float]] = field(default_factory=dict)
    relics: Mapping[str, Mapping[str, float]] = field(default_factory=dict)
    cursed: Mapping[str, float] = field(default_factory=dict)
    amulet_points: Mapping[str, float] = field(default_factory=dict)
    samples: int = 0

    def __post_init__(self) -> None:
        put = object.__setattr__
        put(self, "cards", _frozen({k: _frozen(v) for k, v in self.cards.items()}))
        put(self, "relics", _frozen({k: _frozen(v) for k, v in self.relics.items()}))
        put(self, "cursed", _frozen(self.cursed))
        put(self, "amulet_points", _frozen(self.amulet_points))

    def to_json(self) -> BeliefsJSON:
        def rounded(m: Mapping[str, float]) -> dict[str, float]:
            return {k: round(v, 4) for k, v in m.items()}

        return {"cards": {k: rounded(v) for k, v in self.cards.items()},
                "relics": {k: rounded(v) for k, v in self.relics.items()},
                "cursed": rounded(self.cursed), "amulet_points": rounded(self.amulet_points),
                "samples": self.samples}


@dataclass(frozen=True, slots=True)
class Explanation:
    """Why a bot chose its action: data a notebook or the widget can show."""

    summary: str
    candidates: tuple[Candidate, ...] = ()
    beliefs: Beliefs = field(default_factory=Beliefs)
    highlights: tuple[Highlight, ...] = ()

    def to_json(self) -> ExplanationJSON:
        return {"summary": self.summary, "candidates": [c.to_json() for c in self.candidates],
                "beliefs": self.beliefs.to_json(), "highlights": [h.to_json() for h in self.highlights]}


@dataclass(frozen=True, slots=True)
class Decision:
    """An action and its explanation. ``to_json()`` gives plain JSON data."""

    action: AnyAction
    explanation: Explanation

    def to_json(self) -> DecisionJSON:
        return {"action": str(self.action), "explanation": self.explanation.to_json()}


def decide(bot: Bot, observation: Observation, legal: LegalActions) -> Decision:
    """Ask ``bot`` for a :class:`Decision`: its own ``decide`` if it has one, else ``act`` wrapped."""
    method = getattr(bot, "decide", None)
    if callable(method):
        decision = method(observation, legal)
        if not isinstance(decision, Decision):
            raise TypeError(f"{bot!r}.decide returned {type(decision).__name__}, not a Decision")
        return decision
    action = Action.coerce(bot.act(observation, legal))
    return Decision(action, Explanation(f"{bot!r} chose {action} (it gives no reasons)"))


def board_tokens(action: AnyAction, player: int) -> tuple[str, ...]:
    """The board tokens an action names: the space of a placement, the slots, spaces and lines of targets."""
    kind = action.kind
    if kind == "place":
        return (f"{TEMPLE_NAMES[player]}:{action.space}",)  # type: ignore[union-attr]
    if kind == "invoke":
        return tuple(t for t in action.target if t.split(":")[0] in TEMPLE_NAMES)  # type: ignore[union-attr]
    return ()


def highlights(weighted: Sequence[tuple[AnyAction, float]], player: int, *, add: bool = True,
               limit: int = 8) -> tuple[Highlight, ...]:
    """Weigh each board token by the actions naming it: the sum of their weights (``add``) or the
    largest; the heaviest ``limit`` tokens first, each labelled with its heaviest action."""
    weight: dict[str, float] = {}
    best: dict[str, tuple[float, str]] = {}
    for action, w in weighted:
        for token in board_tokens(action, player):
            weight[token] = weight.get(token, 0.0) + w if add else max(weight.get(token, 0.0), w)
            if w > best.get(token, (-1.0, ""))[0]:
                best[token] = (w, str(action))
    ranked = sorted(weight.items(), key=lambda kv: (-kv[1], kv[0]))[:limit]
    return tuple(Highlight(token, min(1.0, w), best[token][1]) for token, w in ranked if w > 0)
