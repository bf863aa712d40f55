"""The rules of Naga Raja: pure data and functions, no Jupyter, no dependencies.

Each module covers sections of the rules in ``docs/rules.md``:

- :mod:`.ruleset` — R1 components as data
- :mod:`.temple` — R2 grid, gates, paths and the R2.4 invariant
- :mod:`.state` — the immutable :class:`State` and R3 setup (:func:`new_game`)
- :mod:`.flow` — R4 rounds and R7 end of the game
- :mod:`.effects` — R5 naga effects E01–E12
- :mod:`.legal` — R8 legality (:func:`check`) and :class:`LegalActions`
- :mod:`.observe` — R6 knowledge: what each viewer may see
- :mod:`.actions`, :mod:`.chance`, :mod:`.events`, :mod:`.errors` — values shared by all
"""

from .actions import Action, AnyAction, Call, Give, Invoke, Pass, Place
from .chance import Chance
from .errors import ActionFormatError, ChanceError, IllegalActionError, ReplayError
from .events import Event
from .flow import Outcome
from .legal import LegalActions
from .observe import VIEWERS, observe_state
from .ruleset import EFFECT_NAMES, RULESETS, STANDARD, TEMPLE_NAMES, Ruleset
from .state import State, new_game

__all__ = [
    "Action", "ActionFormatError", "AnyAction", "Call", "Chance", "ChanceError", "EFFECT_NAMES", "Event",
    "Give", "IllegalActionError", "Invoke", "LegalActions", "Outcome", "Pass", "Place", "RULESETS",
    "ReplayError", "Ruleset", "STANDARD", "State", "TEMPLE_NAMES", "VIEWERS", "new_game", "observe_state",
]
