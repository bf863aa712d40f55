"""The rules of Naga Raja: pure data and functions, no Jupyter, no dependencies.

Each module covers sections of the rules in ``docs/rules.md``. They import one
way only, each from those above it in this list:

- :mod:`.errors`, :mod:`.events`, :mod:`.chance`, :mod:`.actions` — values shared by all (R8 actions)
- :mod:`.ruleset` — R1 components as data
- :mod:`.temple` — R2 grid, gates, paths and the R2.4 invariant
- :mod:`.steps` — the names of the steps of a round (:data:`STEPS`) and of the ends of a game
  (:data:`END_REASONS`); the :class:`Phase` and :class:`EndReason` enums
- :mod:`.outcome`, :mod:`.position`, :mod:`.draft` — R7 :class:`Outcome`; the fields of a position;
  the working copy a transition edits
- :mod:`.upkeep` — what follows any change: R2.4 re-evaluation, R7.1 end checks, drawing (R4.4)
- :mod:`.effects` — R5 naga effects, one :class:`Effect` record each in :data:`EFFECTS`
- :mod:`.legal` — R8 legality (:func:`~.legal.check`) and :class:`LegalActions` (a state's
  :class:`LegalView`, a :class:`DetachedLegal` value)
- :mod:`.flow` — R3.4–R3.6 and R4 rounds, R7.2 a full temple; :func:`playout`
- :mod:`.observe` — R6 knowledge: what each viewer may see
- :mod:`.state` — the immutable :class:`State` and R3 setup (:func:`new_game`)
"""

from .actions import Action, AnyAction, Call, Give, Invoke, Pass, Place
from .chance import Chance
from .effects import EFFECT_NAMES, EFFECTS, Effect
from .errors import ActionError, ActionFormatError, ChanceError, IllegalActionError, ReplayError
from .events import Event
from .flow import playout
from .legal import DetachedLegal, LegalActions, LegalView
from .observe import VIEWERS, Observation, PlayerView, TempleView, observe_state
from .outcome import Outcome
from .ruleset import RULESETS, STANDARD, TEMPLE_NAMES, Ruleset
from .state import State, new_game
from .steps import END_REASONS, STEPS, EndReason, Phase, Step, end_reason_text, step_title

__all__ = [
    "Action", "ActionError", "ActionFormatError", "AnyAction", "Call", "Chance", "ChanceError", "DetachedLegal",
    "EFFECTS", "EFFECT_NAMES", "END_REASONS", "Effect", "EndReason", "Event", "Give", "IllegalActionError",
    "Invoke", "LegalActions", "LegalView", "Observation", "Outcome", "Pass", "Phase", "Place", "PlayerView",
    "RULESETS", "ReplayError", "Ruleset", "STANDARD", "STEPS", "State", "Step", "TEMPLE_NAMES", "TempleView",
    "VIEWERS", "end_reason_text", "new_game", "observe_state", "playout", "step_title",
]
