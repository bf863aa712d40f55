"""Bots: programs that take a player's decisions, seeing only what that player may see (R6).

One module per bot, with what they share beside them:

- :mod:`.base` — the :class:`Bot` protocol, :class:`Decision` and its explanation,
  :func:`decide`
- :mod:`.random_bot` — :class:`RandomBot`, uniformly random legal decisions
- :mod:`.determinize` — :func:`determinize`: a complete state sampled from an observation
- :mod:`.heuristics` — :func:`evaluate`: a position's worth in points, shared by the bots below
- :mod:`.greedy` — :class:`GreedyBot`, one step of look-ahead with plain rules
- :mod:`.ismcts` — :class:`ISMCTSBot`, information-set Monte Carlo tree search
- :mod:`.ismcts_v1` — :class:`ISMCTSV1Bot`, the first version of that search, kept as a baseline
- :mod:`.clairvoyant` — :class:`ClairvoyantBot`, that search on the true state (for the arena only)
- :mod:`.learned` — :class:`LinearEvaluation`: a win chance from a player's observation, fitted on games
- :mod:`.turn` — :func:`ask`: a bot's turn, contained; a :class:`Failure` and its :class:`FailureKind`;
  :func:`play_match`
- :mod:`.beliefs` — tallying sampled worlds into a bot's guesses about hidden facts
"""

from ..rules.legal import sample_action
from .base import (
    Beliefs,
    Bot,
    Candidate,
    DecidingBot,
    Decision,
    Explanation,
    Highlight,
    decide,
)
from .clairvoyant import ClairvoyantBot, sees_the_truth
from .determinize import Determinizer, InconsistentObservation, determinize
from .greedy import GreedyBot
from .heuristics import evaluate, win_chance
from .ismcts import ISMCTSBot
from .ismcts_v1 import ISMCTSV1Bot
from .learned import FEATURES, FITTED, LinearEvaluation, labelled_positions, position_features
from .random_bot import RandomBot
from .turn import Answer, BotError, Failure, FailureKind, ask, play_match

__all__ = [
    "FEATURES", "FITTED", "Answer", "Beliefs", "Bot", "BotError", "Candidate", "ClairvoyantBot", "DecidingBot",
    "Decision", "Determinizer", "Explanation", "Failure", "FailureKind", "GreedyBot", "Highlight", "ISMCTSBot",
    "ISMCTSV1Bot", "InconsistentObservation", "LinearEvaluation", "RandomBot",
    "ask", "decide", "determinize", "evaluate", "labelled_positions", "play_match", "position_features",
    "sample_action", "sees_the_truth", "win_chance",
]
