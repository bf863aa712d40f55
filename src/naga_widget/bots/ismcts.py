"""ISMCTSBot: information-set Monte Carlo tree search (single observer, Cowling et al. 2012).

Each simulation

1. samples a world consistent with the bot's observation (:func:`~naga_widget.bots.determinize`),
   weighted by how likely the opponent's call is in it (:mod:`~naga_widget.bots.inference`;
   ``inference=False`` samples every consistent world alike), afresh for every simulation
   (``worlds=N`` draws N worlds and starts each later simulation from one of them at random:
   faster, since drawing a world costs as much as a third of a simulation, but weaker at a
   second a move, see :data:`WORLDS`; the throws and draws differ in every simulation either way);
2. descends the tree from the root, choosing by UCB1 among the actions legal *in that
   world*; an action's exploration term counts the simulations in which it was
   available, not its parent's visits (an action may be legal in some worlds only);
3. adds at most one new action to the tree and plays it;
4. finishes with a *playout* — random moves to the end (``playout_steps=None``), or a
   few random moves and then an evaluation — in which a
   player in the Confrontation passes more often than ``RandomBot`` would
   (:data:`PLAYOUT_PASS`): invokes made at random scramble temples that no real player
   would, and the evaluation then judges the scramble rather than the position (the
   evaluation is ``evaluation=``, a function of the searching player's observation of the
   sampled world: by default the learned :data:`~naga_widget.bots.learned.FITTED`, or with
   ``evaluation=None`` :func:`~naga_widget.bots.heuristics.evaluate` of the world); and
5. backs up the result, a win chance from the root player's point of view; the
   opponent chooses at its nodes to make it small.

Some decisions have hundreds of legal actions (an invoke of Shifting Altars has 72
targets), more than a search of a second can try. So the root actions start from
GreedyBot's scores (each counts as a number of simulations, :data:`PRIOR_VISITS`) and a
node visited n times considers only about 1 + :data:`WIDENING`·√n actions: at the root
the best-scored first, deeper down those the random playout policy proposes. GreedyBot
scores an invoke or a placement by looking one step ahead, a good first guess that the
search must outweigh; its calls and gives follow rough rules of thumb, so there its
scores count for little. When the evaluation already judges the bot's position a lead of
:data:`SAFE_LEAD` or more, the root leaves out the placements and invokes that lose the game
at once in one of a few sampled worlds (:func:`safe_actions`): a won game is not staked on a
face-down relic.

The tree is keyed by what the root player sees: each edge is an action's text, and an
opponent's call that stays face down when the root player must call next (R4.1) leads
to one child per call *size*, so the root player's later choice cannot depend on it.
Chance (throws, draws, reveals) happens inside the sampled world, afresh each
simulation; the tree keys only decisions ("open loop").

The bot decides with the observation and the legal actions only, like every bot.

>>> from naga_widget import Match
>>> from naga_widget.bots import RandomBot, play_match
>>> bot = ISMCTSBot(iterations=30, seed=1)
>>> play_match(Match(seed=4), [bot, RandomBot(seed=2)]).winner in (0, 1)
True
"""

from __future__ import annotations

import math
import numbers
import random
import time
from collections.abc import Callable, Iterable

from ..rules import AnyAction, Call, Chance, Give, IllegalActionError, LegalActions, Pass, Phase, Ruleset, State
from ..rules.actions import Invoke, Place
from ..rules.draft import Draft, Readable
from ..rules.flow import act
from ..rules.legal import check, payments, sample_action
from ..rules.observe import Observation, call_hidden
from .base import Candidate, Decision, Explanation, highlights
from .beliefs import BeliefTally
from .determinize import Determinizer, Worlds
from .greedy import call_score, greedy_scores, look_ahead
from .heuristics import evaluate, expected_fate, win_chance
from .history import OpponentRecord
from .inference import PASS_BETA, Inference
from .learned import FITTED, LinearEvaluation

DEFAULT_ITERATIONS = 1000
PRIOR_VISITS = {"call": 3, "confront": 30, "place": 30, "give": 3}
"""GreedyBot's score of a root action counts as this many simulations (a prior), by step."""
PLAYOUT_PASS = 0.8
"""In a playout's Confrontation, the chance of passing before drawing an action as RandomBot does."""
PRIOR_WORLDS = 2
"""Sampled worlds each root action is tried on for its prior."""
WIDENING = 2.0
"""Progressive widening: a node visited n times considers about 1 + WIDENING·√n actions."""
CHECK_EVERY = 32
"""A timed search checks this often whether its answer is already settled (see ``_settled``)."""
SETTLED_MARGIN = 1.25
"""The simulations still to come are counted this much larger than the rate so far predicts."""
_CALL, _CONFRONT, _PLACE, _GIVE = Phase.CALL, Phase.CONFRONT, Phase.PLACE, Phase.GIVE
_PASS = Pass()
BELIEF_SAMPLES = 1000
"""At most this many of the sampled worlds are tallied into the guesses shown by ``decide``."""
EVALUATION: Callable[[Observation], float] | None = FITTED
"""The default of ``evaluation=``: the learned evaluation :data:`~naga_widget.bots.learned.FITTED`
(lesson 07), read from the sampled state. Head to head at 0.3 s a move it won 86 of 120 games
against the search with ``heuristics.evaluate`` (``evaluation=None``), and it won more against
GreedyBot and ``ismcts-v1`` too (docs/bots.md, "What hidden information is worth against GreedyBot,
and a learned evaluation at the playouts' end")."""
WORLDS: int | None = None
"""The default of ``worlds=``: None, a world drawn afresh for every simulation. A number N draws N
worlds, and each later simulation starts from one of them at random. N = 256 makes about 1.5 times
the simulations a second of a second's search, yet against ``ismcts-v1`` at 1 s a move it won 41 of
99 games where a fresh world every simulation won 58 of the same 99 (docs/bots.md, "Strength at 1 s
a move")."""
SURE_LEAD: float | None = None
"""The default of ``sure_lead=``: None, off. A win chance: when the search's evaluation judges the position it
decides in at this or more, its playouts are judged :data:`SHARPEN` times sharper (see ``ISMCTSBot``). It was
the default at 0.85 until :data:`SAFE_LEAD` won as many games against RandomBot without the games this seemed
to cost against ``ismcts-v1`` (docs/bots.md, "A sharper evaluation in a sure lead")."""
SHARPEN = 1.5
"""The default of ``sharpen=``: in a sure lead, each playout's win chance ``p`` counts as
``1 / (1 + ((1 - p) / p) ** SHARPEN)`` (its log-odds times :data:`SHARPEN`; 0 and 1 stay)."""
SAFE_LEAD: float | None = 0.85
"""The default of ``safe_lead=``: a win chance. When the evaluation judges the bot's own position at this or
more, root actions that lose the game at once in one of :data:`SAFE_WORLDS` sampled worlds are left out, as
long as another action loses in none (see ``ISMCTSBot``); None never leaves any out."""
SAFE_WORLDS = 32
"""The sampled worlds on which ``safe_lead`` tries each root action one step ahead."""


class _Edge:
    """An action out of a node: its statistics and the key of the child it leads to."""

    __slots__ = ("action", "child", "visits", "total", "available", "prior", "prior_weight")

    def __init__(self, action: AnyAction, child: str, prior: float = 0.0, prior_weight: int = 0) -> None:
        self.action = action
        self.child = child
        self.visits = 0
        self.total = 0.0  # sum of the root player's results
        self.available = 0  # visits of the node while this action was legal and considered
        self.prior = prior  # the one-step win chance of a root action
        self.prior_weight = prior_weight  # the simulations that prior counts as (0: no prior)

    def mean(self) -> float:
        """The mean result, the prior counting as ``prior_weight`` simulations."""
        return (self.total + self.prior * self.prior_weight) / (self.visits + self.prior_weight)

    def weight(self) -> int:
        return self.visits + self.prior_weight


class _Node:
    __slots__ = ("edges", "children", "visits")

    def __init__(self) -> None:
        self.edges: dict[str, _Edge] = {}
        self.children: dict[str, _Node] = {}
        self.visits = 0

    def child(self, key: str) -> _Node:
        node = self.children.get(key)
        if node is None:
            node = self.children[key] = _Node()
        return node

    def width(self) -> int:
        """How many actions this node considers now (progressive widening)."""
        return 1 + int(WIDENING * math.sqrt(self.visits))


def _legal(d: Draft[State], edges: Iterable[_Edge]) -> tuple[list[_Edge], dict[int, AnyAction] | None]:
    """The edges whose action is legal in the working copy ``d``, and, for the rare one that is legal
    under another spelling here (a placement's rotation of a symmetric room), that spelling by ``id``."""
    available = []
    spelled = None
    if d.outcome is None and d.phase == _CALL:  # a call legal once stays legal while its cards are in hand
        holds = frozenset(d.hands[d.to_move]).issuperset
        for edge in edges:
            if edge.action.kind == "call" and holds(edge.action.cards):  # type: ignore[union-attr]
                available.append(edge)
        return available, None
    if d.outcome is None and d.phase == _GIVE:  # a give is legal when its card was drawn (R4.4.2)
        drawn = d.drawn
        for edge in edges:
            if edge.action.kind == "give" and edge.action.card in drawn:  # type: ignore[union-attr]
                available.append(edge)
        return available, None
    held: tuple[str, ...] = ()
    pays: tuple[str, ...] = ()
    spaces: frozenset[int] = frozenset()
    confronting = d.outcome is None and d.phase == _CONFRONT
    if confronting:  # a quick look rules out most: an invoke of a card not held, or with a payment not had
        held, pays = d.hands[d.to_move], payments(d, d.to_move)
    elif d.outcome is None and d.phase == _PLACE:  # or a placement on a space that cannot take one
        spaces = frozenset(d.temples[d.to_move].placements())
    for edge in edges:
        action = edge.action
        if confronting:
            if action.kind == "pass":
                available.append(edge)
                continue
            if action.kind != "invoke" or action.card not in held or action.pay not in pays:  # type: ignore[union-attr]
                continue
        elif spaces and (action.kind != "place" or action.space not in spaces):  # type: ignore[union-attr]
            continue
        try:
            same = check(d, action)
        except IllegalActionError:
            continue
        available.append(edge)
        if same is not action:
            if spelled is None:
                spelled = {}
            spelled[id(edge)] = same
    return available, spelled


_CALLS: dict[tuple[int, tuple[str, ...]], Call] = {}
_FATE: dict[tuple[int, str], float] = {}


def _fate(ruleset: Ruleset, card: str) -> float:
    key = (id(ruleset), card)
    found = _FATE.get(key)
    if found is None:
        found = _FATE[key] = expected_fate(ruleset, (card,))
    return found


def _greedy_call(ruleset: Ruleset, hand: tuple[str, ...]) -> Call:
    """GreedyBot's call from ``hand`` (R4.1: the cards of one stick type with the best call score)."""
    key = (id(ruleset), hand)
    found = _CALLS.get(key)
    if found is None:
        if len(_CALLS) > 50_000:
            _CALLS.clear()
        best: tuple[str, ...] = ()
        best_score = -math.inf
        for group in {ruleset.card_stick[c] for c in hand}:
            cards = [c for c in hand if ruleset.card_stick[c] == group]
            for mask in range(1, 1 << len(cards)):
                call = tuple(c for i, c in enumerate(cards) if mask >> i & 1)
                score = call_score(ruleset, call)
                if score > best_score or (score == best_score and call < best):
                    best, best_score = call, score
        found = _CALLS[key] = Call(best)
    return found


def _sharpened(chance: float, k: float) -> float:
    """``chance`` with its log-odds times ``k`` (0 and 1 stay; ``1 / k`` undoes it)."""
    if k == 1.0 or not 0.0 < chance < 1.0:
        return chance
    z = k * math.log(chance / (1.0 - chance))
    return 1.0 / (1.0 + math.exp(-z)) if z > -60.0 else 0.0


def _checked_lead(name: str, lead: float | None) -> float | None:
    """``ISMCTSBot``'s ``sure_lead`` or ``safe_lead``, checked."""
    if lead is not None and (isinstance(lead, bool) or not isinstance(lead, (int, float)) or not 0.5 <= lead <= 1.0):
        raise ValueError(f"{name} must be None or a win chance from 0.5 to 1, not {lead!r}")
    return lead


def _checked_sharpening(sure_lead: float | None, sharpen: float) -> tuple[float | None, float]:
    """``ISMCTSBot``'s ``sure_lead`` and ``sharpen``, checked."""
    _checked_lead("sure_lead", sure_lead)
    if isinstance(sharpen, bool) or not isinstance(sharpen, (int, float)) or not 1.0 <= sharpen <= 100.0:
        raise ValueError(f"sharpen must be a number from 1 to 100, not {sharpen!r}")
    return sure_lead, float(sharpen)


def _loses_at_once(world: State, action: AnyAction, player: int, seed: int) -> bool:
    """Whether ``action`` ends the game in ``world`` at once, and not with ``player`` the winner (R7.1:
    a third cursed relic face up, or the opponent's temple brought to 25 points)."""
    after = world.apply(action, Chance(random.Random(seed), record=False))
    return after.outcome is not None and after.outcome.winner != player


_TEMPLE_EFFECTS = frozenset({"E07", "E08", "E09", "E10", "E11"})
"""The naga effects that change a temple (R5): of the invokes, only these can end the game at once."""


def safe_actions(worlds: Worlds, actions: list[AnyAction], player: int, rng: random.Random,
                 tries: int = SAFE_WORLDS) -> list[AnyAction]:
    """The ``actions`` that do not lose the game at once (:func:`_loses_at_once`) in any of ``tries``
    worlds sampled from ``worlds``; all of them when each loses in some world, since then none is safe.
    Only placements and the invokes of :data:`_TEMPLE_EFFECTS` are tried: nothing else changes a temple."""
    rs = worlds.ruleset
    tried = {id(a) for a in actions
             if isinstance(a, Place) or (isinstance(a, Invoke) and rs.card(a.card).effect in _TEMPLE_EFFECTS)}
    if not tried:  # nothing can lose at once: no world is drawn
        return actions
    sampled = [(worlds.sample(rng), rng.getrandbits(32)) for _ in range(tries)]
    safe = [a for a in actions
            if id(a) not in tried or not any(_loses_at_once(w, a, player, seed) for w, seed in sampled)]
    return safe or actions


def seen_as(state: Readable, root: int, action: AnyAction) -> str:
    """The key of ``action`` as the root player sees it.

    The guide's call stays face down while the other player calls (R4.1): when the
    guide is the root player's opponent (:func:`~naga_widget.rules.observe.call_hidden`), only its size
    is seen.
    """
    if action.kind == "call" and state.guide == state.to_move and call_hidden(state.to_move, root):
        return f"call {len(action.cards)} card(s)"  # type: ignore[union-attr]
    return str(action)


class ISMCTSBot:
    """Information-set MCTS (see the module docstring).

    ``iterations`` and ``seconds`` bound the search (the first reached stops it; with
    neither, :data:`DEFAULT_ITERATIONS`). ``seed`` seeds the bot's ``random.Random``.
    ``playout_steps``: random moves after the tree before evaluating (``None``: play to
    the end). ``pass_chance``: how often a playout passes in the Confrontation (see
    :func:`~naga_widget.rules.playout`). ``exploration``: the UCB1 constant; the results are
    win chances, and the evaluation tells positions apart by a few per cent, so a small
    constant lets the search settle on the better actions. ``evaluation``: how a playout that
    stops before the end is judged; a function of the searching player's observation of the
    position reached in the sampled world (``state.observe(me)``: what that player would see
    there, none of the world's sampled hidden facts) that returns that player's win chance,
    from 0 to 1, such as a :class:`~naga_widget.bots.learned.LinearEvaluation` (one is read from
    the sampled state directly, the same numbers, faster). The default, :data:`EVALUATION`, is the
    learned :data:`~naga_widget.bots.learned.FITTED`; ``None`` is the hand-written evaluation,
    ``win_chance(evaluate(state, me))`` of the sampled world (the first version's). ``inference``: sample
    the worlds weighted by the likelihood of the opponent's call in each
    (:class:`~naga_widget.bots.inference.Inference`); ``False`` samples every consistent world
    alike, as the first version did; ``weigh_passes``: weigh them also by the opponent's pass just
    made in the Confrontation (see :mod:`~naga_widget.bots.inference`; off by default: each world
    weighed tries a few invokes, too slow for a short search). ``worlds``: ``None`` (the
    default, as the first version did): every simulation draws its own world; a number: how many
    worlds are drawn afresh before the simulations reuse them (faster, and weaker at 1 s a move, see
    :data:`WORLDS`); the guesses shown by ``decide`` tally the worlds drawn (at most
    :data:`BELIEF_SAMPLES`).
    ``greedy_playouts``: the playouts call and give as GreedyBot does (the best call score, the
    drawn card worth least) instead of at random (not shown to win, see docs/bots.md).
    ``prior_worlds``: the sampled worlds each root action's prior (GreedyBot's one-step score) is
    taken on; ``prior_visits``: the simulations that prior counts as, by step (``{"place": 100}``
    changes one, the others keep :data:`PRIOR_VISITS`); ``choose_by``: the answer is the most
    visited root action (``"visits"``) or the one of best mean, its prior included (``"mean"``).
    None of these three was shown to win against the defaults (docs/bots.md).
    ``history``: with ``inference``, keep the opponent's decisions across the game
    (:class:`~naga_widget.bots.history.OpponentRecord`, fed the bot's observations; a new game starts
    a new record) and weigh the worlds by them too (off by default: at 0.1 s a move it costs
    simulations and did not win more, see docs/bots.md; the Hint turns it on).
    ``greedy_steps``: steps (``"call"``, ``"confront"``, ``"place"``, ``"give"``) decided by GreedyBot's
    score alone, without a search (how the rows "the search for … only" of docs/bots.md are measured).
    ``sure_lead``, ``sharpen``: when the evaluation judges the bot's own observation a win chance of
    ``sure_lead`` or more (off by default, :data:`SURE_LEAD`), every playout's result is sharpened: its log-odds times
    ``sharpen`` (:data:`SHARPEN`), so that a lead kept counts for nearly as much as a win at once, and a
    placement that risks the game on a face-down relic no longer looks as good as a safe one. The evaluation
    was fitted on games of GreedyBot against itself, which turn a lead into a win less surely than the search
    does; against a weak opponent the search otherwise gambled won games away (docs/bots.md, "How the games
    against RandomBot are lost"). ``sure_lead=None`` never sharpens, nor does ``evaluation=None`` (the
    hand-written evaluation judges a world, not an observation), nor do playouts to the end (their results
    are wins and losses). The values the decision shows are turned
    back to the evaluation's own scale; ``sharpened`` says whether the last decision was sharpened.
    ``safe_lead``: when the evaluation judges the bot's own observation a win chance of ``safe_lead`` or more
    (0.85 by default, :data:`SAFE_LEAD`), an invoke or a placement that ends the game at once against the bot
    (R7.1) in one of :data:`SAFE_WORLDS` sampled worlds is left out of the search, as long as another action
    ends it in none (:func:`safe_actions`): a won position is not staked on a face-down relic.
    ``left_out`` says how many actions the last decision left out, and its summary says so.
    ``cut_at_placement``: a playout stops where a room is to be placed (the evaluation judges the room's
    winner, not a random placement). ``paths``: the default evaluation also counts the relics two
    placements away (:func:`~naga_widget.bots.heuristics.evaluate`). ``priors``: where the root's
    invokes and placements start from: ``"greedy"``, GreedyBot's one-step score by ``evaluate``, or
    ``"evaluation"``, the same step ahead judged by the search's own ``evaluation`` (the win chance its
    playouts end on; calls and gives keep GreedyBot's rules either way). See docs/bots.md for what each won.

    A timed search stops early once no other action can overtake the most visited one in the
    time left; ``stopped_early`` says whether the last one did.
    """

    def __init__(self, iterations: int | None = None, seconds: float | None = None, seed: int | None = None,
                 *, playout_steps: int | None = 6, pass_chance: float = PLAYOUT_PASS,
                 exploration: float = 0.2,
                 evaluation: Callable[[Observation], float] | None = EVALUATION, inference: bool = True,
                 weigh_passes: bool = False, worlds: int | None = WORLDS, greedy_playouts: bool = False,
                 prior_worlds: int = PRIOR_WORLDS, prior_visits: dict[str, int] | None = None,
                 choose_by: str = "visits", history: bool = False, cut_at_placement: bool = False,
                 greedy_steps: Iterable[str] = (), paths: bool = False, priors: str = "greedy",
                 sure_lead: float | None = SURE_LEAD, sharpen: float = SHARPEN,
                 safe_lead: float | None = SAFE_LEAD) -> None:
        iterations = DEFAULT_ITERATIONS if iterations is None and seconds is None else iterations
        if iterations is not None and iterations < 1:
            raise ValueError(f"iterations must be at least 1, not {iterations}")
        if seconds is not None and seconds <= 0:
            raise ValueError(f"seconds must be positive, not {seconds}")
        self.iterations = iterations
        self.seconds = seconds
        self.rng = random.Random(seed)
        self._safe_rng = random.Random(None if seed is None else f"safe_lead {seed}")  # see _ordered
        if not 0.0 <= pass_chance <= 1.0:
            raise ValueError(f"pass_chance must be from 0 to 1, not {pass_chance}")
        self.playout_steps = playout_steps
        self.pass_chance = pass_chance
        self.exploration = exploration
        if evaluation is not None and not callable(evaluation):
            raise TypeError("evaluation must be None or a function of a player's observation that returns a win "
                            f"chance, not {type(evaluation).__name__}")
        self.evaluation = evaluation
        self.inference = inference
        self.weigh_passes = weigh_passes
        self.record = OpponentRecord() if history and inference else None  # kept across a game
        self.greedy_playouts = greedy_playouts
        if worlds is not None and (isinstance(worlds, bool) or not isinstance(worlds, int) or worlds < 1):
            raise ValueError(f"worlds must be None or a positive whole number, not {worlds!r}")
        self.worlds = worlds
        if isinstance(prior_worlds, bool) or not isinstance(prior_worlds, int) or prior_worlds < 1:
            raise ValueError(f"prior_worlds must be a positive whole number, not {prior_worlds!r}")
        self.prior_worlds = prior_worlds
        visits = dict(PRIOR_VISITS, **(prior_visits or {}))
        if set(visits) != set(PRIOR_VISITS) or any(isinstance(v, bool) or not isinstance(v, int) or v < 1
                                                   for v in visits.values()):
            raise ValueError(f"prior_visits must map steps among {sorted(PRIOR_VISITS)} to whole numbers from 1, "
                             f"not {prior_visits!r}")
        self.prior_visits = visits
        if choose_by not in ("visits", "mean"):
            raise ValueError(f"choose_by must be 'visits' or 'mean', not {choose_by!r}")
        self.choose_by = choose_by
        self.cut_at_placement = cut_at_placement
        self.paths = paths
        greedy_steps = frozenset((greedy_steps,) if isinstance(greedy_steps, str) else greedy_steps)
        if not greedy_steps <= set(PRIOR_VISITS):
            raise ValueError(f"greedy_steps must be among {sorted(PRIOR_VISITS)}, not {sorted(greedy_steps)!r}")
        self.greedy_steps = greedy_steps
        if priors not in ("greedy", "evaluation"):
            raise ValueError(f"priors must be 'greedy' or 'evaluation', not {priors!r}")
        self.priors = priors
        self.sure_lead, self.sharpen = _checked_sharpening(sure_lead, sharpen)
        self.safe_lead = _checked_lead("safe_lead", safe_lead)
        self._k, self.left_out = 1.0, 0  # this decision's sharpening (1: none); the actions it left out (safe_lead)
        self.last_iterations, self.stopped_early = 0, False

    def __repr__(self) -> str:
        budget = f"iterations={self.iterations}" if self.seconds is None else f"seconds={self.seconds}"
        judged = "" if self.evaluation is EVALUATION else f", evaluation={self.evaluation!r}"
        judged += "" if self.inference else ", inference=False"
        judged += ", weigh_passes=True" if self.weigh_passes and self.inference else ""
        judged += "" if self.worlds == WORLDS else f", worlds={self.worlds}"
        judged += ", greedy_playouts=True" if self.greedy_playouts else ""
        judged += "" if self.prior_worlds == PRIOR_WORLDS else f", prior_worlds={self.prior_worlds}"
        judged += "" if self.prior_visits == PRIOR_VISITS else f", prior_visits={self.prior_visits}"
        judged += "" if self.choose_by == "visits" else f", choose_by={self.choose_by!r}"
        judged += ", history=True" if self.record is not None else ""
        judged += ", cut_at_placement=True" if self.cut_at_placement else ""
        judged += ", paths=True" if self.paths else ""
        judged += f", greedy_steps={sorted(self.greedy_steps)}" if self.greedy_steps else ""
        judged += ", priors='evaluation'" if self.priors == "evaluation" else ""
        judged += "" if self.sure_lead == SURE_LEAD else f", sure_lead={self.sure_lead}"
        judged += "" if self.sharpen == SHARPEN else f", sharpen={self.sharpen}"
        judged += "" if self.safe_lead == SAFE_LEAD else f", safe_lead={self.safe_lead}"
        return f"ISMCTSBot({budget}, playout_steps={self.playout_steps}{judged})"

    def act(self, observation: Observation, legal: LegalActions) -> AnyAction:
        return self.decide(observation, legal).action

    def follow(self, observations: Iterable[Observation]) -> None:
        """Take in this player's earlier observations of the game, oldest first, as if the bot had seen
        them (for a bot made in the middle of a game, such as a hint's): the opponent's decisions they
        show are weighed by the next ``decide`` (nothing is kept with ``history=False``)."""
        if self.record is not None:
            for observation in observations:
                self.record.update(observation)

    def decide(self, observation: Observation, legal: LegalActions) -> Decision:
        start = time.perf_counter()  # the time budget covers the whole decision
        player = legal.player
        if player is None:
            raise ValueError("the game is over: there is nothing to decide")
        actions = list(legal)
        det = Determinizer(observation)
        tally = BeliefTally(det)
        if self.record is not None:
            self.record.update(observation)
        worlds: Worlds = Inference(observation, det, pass_beta=PASS_BETA if self.weigh_passes else 0.0,
                                   history=self.record) if self.inference else det
        self._k, safe = self._in_lead(observation, worlds, legal)
        self.left_out = 0
        if len(actions) == 1:
            self.last_iterations, self.stopped_early = 0, False
            for _ in range(min(64, BELIEF_SAMPLES)):
                tally.add(worlds.sample(self.rng))
            return Decision(actions[0], Explanation(f"{actions[0]}: the only legal action",
                                                    (Candidate(str(actions[0]), 0, 0.5),), tally.beliefs()))
        order = self._ordered(worlds, actions, str(legal.phase), player, safe)
        root = _Node()
        root.edges = {str(e.action): e for e in order}
        if str(legal.phase) in self.greedy_steps:  # GreedyBot's best, no search
            self.last_iterations, self.stopped_early = 0, False
            for _ in range(min(64, BELIEF_SAMPLES)):
                tally.add(worlds.sample(self.rng))
            return self._decision(order, player, 0, tally)
        deadline = None if self.seconds is None else start + self.seconds
        searching = time.perf_counter()
        n = 0
        self.stopped_early = False  # a timed search that ended before its deadline (see _settled)
        pool: list[State] = []  # with worlds=N, the N worlds drawn afresh (see WORLDS)
        fresh = self.worlds or -1  # -1: every simulation draws its own world
        rng = self.rng
        while (self.iterations is None or n < self.iterations) and (deadline is None or
                                                                  time.perf_counter() < deadline):
            if len(pool) != fresh:
                world = worlds.sample(rng)
                if fresh > 0:
                    pool.append(world)
                if tally.samples < BELIEF_SAMPLES:
                    tally.add(world)
            else:
                world = pool[int(rng.random() * fresh)]
            self._simulate(root, order, world, player)
            n += 1
            if deadline is not None and n % CHECK_EVERY == 0 and self._settled(order, n, searching, deadline):
                self.stopped_early = True
                break
        self.last_iterations = n
        return self._decision(order, player, n, tally)

    def _ordered(self, worlds: Worlds, actions: list[AnyAction], phase: str, player: int, safe: bool) -> list[_Edge]:
        """The root's edges, the best prior first; in a safe lead without the actions that lose at once."""
        if self.priors == "evaluation" and phase in ("confront", "place"):  # the playouts' own judge
            scores = look_ahead(worlds, actions, player, self.rng, self.prior_worlds, self._judge)
            to_chance: Callable[[float], float] = float
        else:
            scores = greedy_scores(worlds, actions, phase, player, self.rng, self.prior_worlds)
            to_chance = win_chance
        weight = self.prior_visits[phase]  # ordered by the scores: win_chance may round two of them alike
        order = [_Edge(a, str(a), to_chance(v), weight) for a, v in sorted(zip(actions, scores), key=lambda av: -av[1])]
        if safe and phase in ("confront", "place"):  # a call or a give changes no temple
            # with its own random numbers, after the priors: unless it leaves an action out, the search runs
            # exactly as it would without safe_lead
            kept = {id(a) for a in safe_actions(worlds, actions, player, self._safe_rng)}
            self.left_out, order = len(actions) - len(kept), [e for e in order if id(e.action) in kept]
        return order

    @property
    def sharpened(self) -> bool:
        """Whether the last decision judged its playouts as in a sure lead (see ``sure_lead``)."""
        return self._k != 1.0

    def _in_lead(self, observation: Observation, worlds: Worlds, legal: LegalActions) -> tuple[float, bool]:
        """This decision's sharpening of the playouts (``sharpen`` in a sure lead, else 1) and whether its
        root leaves out the actions that lose at once (a safe lead). Neither when nothing is searched or
        there is no evaluation to judge the lead; no sharpening when no playout is judged by the evaluation
        (playouts to the end end in 1 or 0)."""
        self._k = 1.0  # the lead itself is judged unsharpened
        sharpening = self.sure_lead is not None and self.sharpen != 1.0 \
            and (self.playout_steps is not None or self.cut_at_placement)
        if self.evaluation is None or len(legal) == 1 or str(legal.phase) in self.greedy_steps \
                or not (sharpening or self.safe_lead is not None):
            return 1.0, False
        player = legal.player
        assert player is not None
        lead = (self._judged(self.evaluation(observation)) if observation["viewer"] == player
                else self._judge(worlds.sample(self.rng), player))  # the truth (ClairvoyantBot): its player's view
        sure = sharpening and self.sure_lead is not None and lead >= self.sure_lead
        return (self.sharpen if sure else 1.0), self.safe_lead is not None and lead >= self.safe_lead

    def _settled(self, order: list[_Edge], n: int, searching: float, deadline: float) -> bool:
        """True when no root action can overtake the most visited one in the time left.

        The simulations still to come are estimated from the rate so far (with a margin of
        :data:`SETTLED_MARGIN`); the answer is the most visited action, so once its lead is
        larger than that, searching on cannot change it.
        """
        now = time.perf_counter()
        still = SETTLED_MARGIN * (deadline - now) * n / max(now - searching, 1e-9)
        first = second = 0
        for edge in order:
            if edge.visits > first:
                first, second = edge.visits, first
            elif edge.visits > second:
                second = edge.visits
        return first - second > still

    # -- one simulation --------------------------------------------------------------------------
    def _simulate(self, root: _Node, order: list[_Edge], world: State, me: int) -> None:
        """One simulation on a single working copy of the sampled world (see the module docstring).

        The actions of the tree were legal where they were first tried; in another world one may
        not be, so each is checked (:func:`~naga_widget.rules.legal.check`) before it is offered,
        and then carried out without a second check or a snapshot of every step.
        """
        rng = self.rng
        chance = Chance(rng, record=False)
        d = Draft(world)
        node = root
        path: list[_Edge] = []
        while d.outcome is None:
            spelled: dict[int, AnyAction] | None = None  # an action this world spells otherwise (see _legal)
            if node is root:  # every root action is legal in every world; the best priors come first
                available = order[:node.width()]
            else:
                available, spelled = _legal(d, node.edges.values())
            node.visits += 1
            for edge in available:
                edge.available += 1
            if node is not root and len(available) < node.width():
                action = sample_action(d, rng)  # widen with the random policy's choice
                text = str(action)
                if text not in node.edges:
                    edge = node.edges[text] = _Edge(action, seen_as(d, me, action))
                    edge.available = 1
                    path.append(edge)
                    act(d, action, chance, None)
                    break
            edge = self._select(available, d.to_move == me)
            path.append(edge)
            act(d, edge.action if spelled is None else spelled.get(id(edge), edge.action), chance, None)
            node = node.child(edge.child)
        value = self._playout(d, me, chance)
        for edge in path:
            edge.visits += 1
            edge.total += value

    def _select(self, edges: list[_Edge], mine: bool) -> _Edge:
        """UCB1 with availability counts; the opponent picks what is worst for the root player."""
        c = self.exploration
        log, sqrt = math.log, math.sqrt
        best, best_score = edges[0], -1.0
        for edge in edges:  # edge.mean() and edge.weight() written out: this loop is a search's hottest
            weight = edge.visits + edge.prior_weight
            mean = (edge.total + edge.prior * edge.prior_weight) / weight
            score = (mean if mine else 1.0 - mean) + c * sqrt(log(edge.available) / weight)
            if score > best_score:
                best, best_score = edge, score
        return best

    def _playout(self, d: Draft[State], me: int, chance: Chance) -> float:
        """The root player's result: 1 or 0 at the end of a game, else a win chance from the evaluation.

        Random moves as :func:`~naga_widget.rules.playout` makes them, on the simulation's working copy.
        """
        rng = self.rng
        left = -1 if self.playout_steps is None else self.playout_steps  # -1 never counts down to 0
        pass_chance = self.pass_chance
        greedy = self.greedy_playouts
        cut = self.cut_at_placement
        while d.outcome is None and left != 0:
            phase = d.phase
            if cut and phase == _PLACE:
                break
            if pass_chance and phase == _CONFRONT and rng.random() < pass_chance:
                act(d, _PASS, chance, None)
            elif greedy and phase == _CALL:
                act(d, _greedy_call(d.ruleset, d.hands[d.to_move]), chance, None)
            elif greedy and phase == _GIVE:
                act(d, Give(min(d.drawn, key=lambda c: _fate(d.ruleset, c))), chance, None)
            else:
                act(d, sample_action(d, rng), chance, None)
            left -= 1
        if d.outcome is not None:
            return 1.0 if d.outcome.winner == me else 0.0
        return self._judge(d.freeze(), me)

    def _judge(self, state: State, me: int) -> float:
        """The win chance of ``me`` in ``state`` by the search's evaluation (a finished game: 1 or 0)."""
        if state.outcome is not None:
            return 1.0 if state.outcome.winner == me else 0.0
        if self.evaluation is None:
            return win_chance(evaluate(state, me, self.paths))
        evaluation = self.evaluation
        if isinstance(evaluation, LinearEvaluation):  # the same value, without building the observation
            value = self._judged(evaluation.of_state(state, me))
        else:
            value = self._judged(evaluation(state.observe(me)))
        return value if self._k == 1.0 else _sharpened(value, self._k)  # a sure lead (see SHARPEN)

    def _judged(self, value: object) -> float:
        """``value``, checked to be a win chance returned by the evaluation."""
        chance = float(value) if isinstance(value, numbers.Real) and not isinstance(value, bool) else math.nan
        if not 0.0 <= chance <= 1.0:
            raise ValueError(f"the evaluation {self.evaluation!r} must return a win chance from 0 to 1, "
                             f"not {value!r}")
        return chance

    def _unsharpened(self, value: float) -> float:
        """A mean of sharpened results turned back to the evaluation's own scale (see SHARPEN)."""
        return _sharpened(value, 1.0 / self._k)

    # -- the answer ---------------------------------------------------------------------------------
    def _decision(self, order: list[_Edge], me: int, n: int, tally: BeliefTally) -> Decision:
        stats = [(e.action, e.visits, self._unsharpened(e.mean())) for e in order]
        if self.choose_by == "mean":  # the best mean first, the prior counted as its simulations
            stats.sort(key=lambda s: (-s[2], -s[1]))
        else:
            stats.sort(key=lambda s: (-s[1], -s[2]))  # most visited first; the mean breaks ties
        action, visits, value = stats[0]
        summary = (f"{action}: chosen by {n} simulations ({visits} tried it, estimated win chance {value:.0%})"
                   if n else f"{action}: GreedyBot's best by its one-step score, not searched (greedy_steps), "
                   f"estimated win chance {value:.0%}")
        if self.sharpened:
            summary += (f", judged as a sure lead (the playouts' results sharpened {self._k:g} times, so that "
                        "keeping the lead weighs more than a gamble)")
        if self.left_out:
            summary += (f", {self.left_out} action(s) left out as a safe lead: each loses the game at once in "
                        f"some of {SAFE_WORLDS} sampled worlds")
        if self.stopped_early:
            summary += ", stopped before the time was up: no other action could catch up"
        if len(stats) > 1:
            summary += f"; next best {stats[1][0]} ({stats[1][1]} simulations, {stats[1][2]:.0%})"
        explanation = Explanation(
            summary=summary,
            candidates=tuple(Candidate(str(a), v, m) for a, v, m in stats[:20]),
            beliefs=tally.beliefs(),
            highlights=highlights([(a, v / max(n, 1)) for a, v, _ in stats], me),
        )
        return Decision(action, explanation)
