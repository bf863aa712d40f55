"""The opponent's decisions across a game, kept by a bot between its turns, replayed to weigh worlds.

A player's observation holds no history (R6), so a bot that wants to learn from the opponent's
earlier choices must keep them itself. :class:`OpponentRecord` is fed the bot's observation at each
of its decisions (:meth:`OpponentRecord.update`); from what changed between two of them it writes
down what the opponent did to its cards, in the order it happened:

- ``("call", cards)``: a call of an earlier round (or of this one once revealed, R4.2.1), a decision;
- ``("lose", cards)``: cards that left its hand face up (invoked, or its call discarded, R4.3.4);
- ``("draw", n)``: ``n`` cards drawn unseen (Scroll of Wisdom, or a New Deal's single card);
- ``("give", card, kept)``: in a New Deal it drew ``kept`` + 1 cards, gave ``card`` to the bot and kept
  the others unseen (R4.4.2), a decision;
- ``("receive", card)``: the card the bot gave it.

The decisions are judged by a model of the opponent: GreedyBot made soft. A call ``C`` from a hand
``H`` has the chance :func:`~naga_widget.bots.heuristics.call_likelihood` (a softmax over GreedyBot's
call scores); a give of ``g`` out of the drawn cards ``D`` has the chance
``exp(-β·fate(g)) / Σ_{d in D} exp(-β·fate(d))`` (GreedyBot gives the card worth least).

:meth:`OpponentRecord.weight` replays the record backwards from the opponent's cards in a sampled
world: a lost card was held before, a received one was not, and the cards drawn unseen (or kept
from a New Deal) are drawn uniformly among the cards then held that could have come from the deck
(not a card it is known to have held before). Under the game's chance every history consistent with
what the bot saw is equally likely, and the number of such histories does not depend on the world,
so a world kept with a chance proportional to the product of the decisions' chances in one history
so drawn follows the posterior exactly (``tests/bots/test_history.py`` checks it by chi-square).

What the record cannot tell apart it does not guess: when the bot's view cannot say which of the
cards that left the opponent's hand were its call and which its invokes, or in which order a
Scroll of Wisdom's draw and other invokes came, or when the discard was shuffled into a new deck,
the record starts again from that observation (the earlier decisions are forgotten, which leaves a
proper posterior of the decisions kept). A new game (a round or a phase that goes back, a hand
that does not follow) starts a new record. Not modelled: which invoke the opponent chose or that it
passed (that needs the position before each, which the bot did not see); an invoke only says that
the card was held.

Everything here comes from the bot's own observations: nothing hidden is read.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any

from ..rules import RULESETS, Ruleset
from ..rules.observe import Observation
from .heuristics import BETA, call_likelihood, expected_fate

GIVE_BETA = 1.0
"""The give model's sharpness: a card worth one fate point less is e times likelier to be given."""
_PHASES = {"call": 0, "confront": 1, "place": 2, "give": 3}
Event = tuple[Any, ...]


@dataclass(frozen=True)
class _Seen:
    """What the record keeps of one observation."""

    round: int
    stage: int
    guide: int
    discard: frozenset[str]
    mine: frozenset[str]  # the bot's cards: hand, call, and the cards it drew to give
    my_known: frozenset[str]  # cards the opponent gave the bot, still held
    opp_known: frozenset[str]  # cards the bot gave the opponent, still held
    opp_total: int  # the opponent's hand and call
    opp_called: bool
    opp_call: tuple[str, ...] | None  # face up
    call_count: int
    deck: int


def _seen(obs: Observation, me: int) -> _Seen:
    mine_view, opp_view = obs["players"][me], obs["players"][1 - me]
    mine = set(mine_view["hand"] or ()) | set(mine_view["call"] or ())
    if obs["guide"] == me and obs["drawn"] is not None:
        mine |= set(obs["drawn"])
    called = bool(opp_view["called"])
    return _Seen(
        round=obs["round"], stage=_PHASES.get(str(obs["phase"]), 4), guide=obs["guide"],
        discard=frozenset(obs["discard"]), mine=frozenset(mine), my_known=frozenset(mine_view["known_cards"]),
        opp_known=frozenset(opp_view["known_cards"]),
        opp_total=opp_view["hand_count"] + (opp_view["call_count"] if called else 0), opp_called=called,
        opp_call=None if opp_view["call"] is None else tuple(sorted(opp_view["call"])),
        call_count=opp_view["call_count"], deck=obs["deck_count"])


class _Unclear(Exception):
    """The bot's view cannot say what the opponent did: the record starts again."""


class OpponentRecord:
    """The opponent's decisions seen by one player across a game (see the module docstring).

    ``beta``, ``give_beta``: the sharpness of the call and give models (0: that decision weighs nothing).
    """

    def __init__(self, beta: float = BETA, give_beta: float = GIVE_BETA) -> None:
        self.beta = beta
        self.give_beta = give_beta
        self.me: int | None = None
        self.ruleset: Ruleset | None = None
        self.events: list[Event] = []
        self.start_known: frozenset[str] = frozenset()  # cards the opponent held when the record began
        self.call: tuple[int, tuple[str, ...], bool] | None = None  # (round, cards, recorded as a decision)
        self.restarts = 0  # times the record started again within a game (see the module docstring)
        self.why = ""  # why it last started again
        self._prev: _Seen | None = None
        self._known: list[frozenset[str]] | None = None  # _known_before(), kept while the events stay
        self._calls: dict[tuple[tuple[str, ...], frozenset[str]], float] = {}
        self._gives: dict[str, float] = {}

    def reset(self) -> None:
        """Forget everything (a new game)."""
        self.me = None
        self.ruleset = None
        self._calls, self._gives = {}, {}
        self._restart(None)
        self.restarts = 0

    def _restart(self, now: _Seen | None) -> None:
        self.events = []
        self._known = None
        self.start_known = frozenset() if now is None else now.opp_known
        self.call = None
        if now is not None and now.opp_call is not None:  # seen face up, not recorded: the inference weighs it
            self.call = (now.round, now.opp_call, False)
        self._prev = now

    @property
    def decisions(self) -> int:
        """How many of the opponent's decisions the record weighs."""
        return sum(e[0] in ("call", "give") for e in self.events)

    def covers_call(self, round_: int) -> bool:
        """Whether the opponent's call of ``round_`` is weighed by the record (so not again by the caller)."""
        return self.call is not None and self.call[0] == round_ and self.call[2]

    # -- following the game -------------------------------------------------------------------------
    def update(self, observation: Observation) -> None:
        """Take in the bot's observation at its decision (a new game starts a new record)."""
        viewer = observation["viewer"]
        if viewer not in (0, 1):
            self.reset()
            return
        me = int(viewer)
        ruleset = RULESETS[observation["ruleset"]]
        now = _seen(observation, me)
        prev = self._prev
        if prev is None or me != self.me or ruleset is not self.ruleset or self._new_game(prev, now):
            self.reset()
            self.me, self.ruleset = me, ruleset
            self._restart(now)
            return
        if now == prev:
            return
        try:
            self.events.extend(self._between(prev, now))
            self._prev = now
        except _Unclear as why:
            self.restarts += 1
            self.why = str(why)
            self._restart(now)

    @staticmethod
    def _new_game(prev: _Seen, now: _Seen) -> bool:
        if (now.round, now.stage) < (prev.round, prev.stage) or now.round > prev.round + 1:
            return True
        gone = prev.mine - now.mine  # the bot's cards leave only face up, or as its give
        return prev.discard <= now.discard and not gone <= now.discard | now.opp_known

    def _between(self, prev: _Seen, now: _Seen) -> list[Event]:
        assert self.ruleset is not None
        rs = self.ruleset
        if not prev.discard <= now.discard:
            raise _Unclear("the discard was shuffled into a new deck")
        if now.round > prev.round and (now.stage > 0 or now.opp_call is not None):
            raise _Unclear("the bot saw nothing of a round's start")
        out: list[Event] = []
        lost = set(now.discard - prev.discard - prev.mine)  # the opponent's cards gone face up
        gave_me = now.my_known - prev.my_known
        received = now.opp_known - prev.opp_known
        ended = now.round > prev.round or (now.stage == 3 and prev.stage < 3)  # the calls were discarded
        call = self.call if self.call is not None and self.call[0] == prev.round else None
        if call is None and not ended and now.opp_call is not None:  # revealed in this interval
            call = self.call = (now.round, now.opp_call, True)
            out.append(("call", now.opp_call))
        called: tuple[str, ...] = ()
        if ended and call is None and (prev.opp_called or prev.stage == 0):
            # never seen face up: it is what left the hand if the sizes match; else the call and the invokes
            # are not told apart, and all that left is counted as held, the call not weighed
            if prev.opp_called and len(lost) == prev.call_count and len({rs.card_stick[c] for c in lost}) == 1:
                call = (prev.round, tuple(sorted(lost)), True)
                out.append(("call", call[1]))
            else:
                call = (prev.round, tuple(sorted(c for c in lost if rs.card(c).effect != "E12")), False)
        if ended and call is not None:
            called = call[1]
            if not set(called) <= lost:
                raise _Unclear("the opponent's call is not in the discard")
        invoked = lost - set(called)
        if call is not None and not call[2] and ended and any(rs.card(c).effect == "E12" for c in invoked):
            raise _Unclear("a Scroll of Wisdom's draw may have brought cards that were called")
        scrolls = sorted(c for c in invoked if rs.card(c).effect == "E12")
        drawn = now.opp_total - prev.opp_total + len(lost) + len(gave_me) - len(received)
        deal = drawn - 2 * len(scrolls)
        if scrolls and (len(invoked) > len(scrolls) or prev.deck < 2 * len(scrolls) + 3):
            raise _Unclear("the order of a Scroll of Wisdom's draw and other invokes is not seen")
        if invoked:
            out.append(("lose", tuple(sorted(invoked))))
        if scrolls:
            out.append(("draw", 2 * len(scrolls)))
        if called:
            out.append(("lose", called))
        if drawn < 0:
            raise _Unclear("the opponent's cards do not add up")
        out.extend(self._new_deal(now.round > prev.round, now.guide, deal, gave_me, received))
        if ended:
            self.call = None
        return out

    def _new_deal(self, new_deal: bool, guide: int, deal: int, gave_me: frozenset[str],
                  received: frozenset[str]) -> list[Event]:
        """The events of a New Deal (R4.4): ``deal`` cards the opponent drew in it, ``gave_me`` the card it
        gave the bot, ``received`` the card the bot gave it."""
        if not new_deal:
            if deal != 0 or gave_me or received:
                raise _Unclear("cards were drawn or given outside a New Deal")
            return []
        if guide == self.me:  # the bot drew and gave
            if deal != 0 or gave_me or len(received) > 1:
                raise _Unclear("the opponent drew in the bot's New Deal")
            return [("receive", c) for c in sorted(received)]
        if gave_me:
            if len(gave_me) != 1 or deal < 2 or received:
                raise _Unclear("a New Deal's give does not add up")
            return [("give", next(iter(gave_me)), deal - 1)]
        if deal > 1 or deal < 0 or received:
            raise _Unclear("a New Deal's draw does not add up")
        return [("draw", deal)] if deal else []

    # -- weighing a world ---------------------------------------------------------------------------
    def weight(self, cards: tuple[str, ...], rng: random.Random) -> float:
        """The chance of the recorded decisions in one history drawn backwards from ``cards`` (the
        opponent's hand and call in a sampled world); see the module docstring. 1 with nothing recorded."""
        events = self.events
        if not events:
            return 1.0
        if self._known is None or len(self._known) != len(events):
            self._known = self._known_before()
        known = self._known
        held = set(cards)
        weight = 1.0
        for i in range(len(events) - 1, -1, -1):
            event = events[i]
            kind = event[0]
            if kind == "lose":
                held.update(event[1])
            elif kind == "receive":
                if event[1] not in held:
                    return 0.0
                held.discard(event[1])
            elif kind == "call":
                chosen = event[1]
                if not held.issuperset(chosen):
                    return 0.0
                if self.beta > 0:
                    weight *= self._call(chosen, frozenset(held))
            else:  # "draw" or "give": cards drawn unseen, uniformly among those that could have been
                n = event[1] if kind == "draw" else event[2]
                could = sorted(held - known[i])
                if len(could) < n:
                    return 0.0
                new = rng.sample(could, n)
                held.difference_update(new)
                if kind == "give" and self.give_beta > 0:
                    terms = [self._give_term(c) for c in (event[1], *new)]
                    weight *= terms[0] / sum(terms)
        return weight

    def _call(self, chosen: tuple[str, ...], held: frozenset[str]) -> float:
        key = (chosen, held)
        found = self._calls.get(key)
        if found is None:
            assert self.ruleset is not None
            if len(self._calls) > 50_000:
                self._calls.clear()
            found = self._calls[key] = call_likelihood(self.ruleset, chosen, tuple(sorted(held.difference(chosen))),
                                                       self.beta)
        return found

    def _give_term(self, card: str) -> float:
        found = self._gives.get(card)
        if found is None:
            assert self.ruleset is not None
            found = self._gives[card] = math.exp(-self.give_beta * expected_fate(self.ruleset, (card,)))
        return found

    def _known_before(self) -> list[frozenset[str]]:
        """For each event, the cards the opponent is known to have held before it: the cards it held
        when the record began, the ones the bot gave it, and the ones it called or invoked earlier."""
        known = set(self.start_known)
        out = []
        for event in self.events:
            out.append(frozenset(known))
            if event[0] == "receive":
                known.add(event[1])
            elif event[0] in ("call", "lose"):
                known.update(event[1])
        return out
