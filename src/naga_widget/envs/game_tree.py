"""The game tree behind the OpenSpiel adapter, in pure Python: nodes, moves, chance, views.

A :class:`Node` is one position of the tree: the engine state after the last completed
transition, the current player's sub-choices so far (:mod:`.action_table`), and — when a
decision or the setup waits for chance — the pending transition and the outcomes drawn so
far (:mod:`.chance_nodes`). Nodes are immutable; :func:`choose` and :func:`draw` return
new ones. Each player's record of what they observed and decided is a :class:`Memory`.

>>> node = initial_node()
>>> node.current_player() == CHANCE_PLAYER, node.need.kind
(True, 'relics')
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

from naga_widget.rules import STANDARD, AnyAction, State, new_game
from naga_widget.rules.legal import sample_action
from naga_widget.rules.observe import Observation

from .action_table import ActionTable, Menu
from .chance_nodes import ChanceTable, Need, Outcome, attempt
from .features import ObservationEncoder
from .text import describe

RULESET = STANDARD
TABLE = ActionTable.for_ruleset(RULESET)
CHANCE = ChanceTable.for_ruleset(RULESET)
ENCODER = ObservationEncoder.for_ruleset(RULESET)

#: OpenSpiel's player ids for chance and for the end of the game.
CHANCE_PLAYER = -1
TERMINAL_PLAYER = -4

SETUP = "setup"
"""The pending transition of R3 (the deals and the first throws), before any decision."""


def max_decisions(table: ActionTable = TABLE) -> int:
    """A safe upper bound on the sub-choices of one game (OpenSpiel's ``max_game_length``).

    At most one round per room (R4.4.3). Per round: two calls of at most one index per card
    plus ``done`` (R4.1); a Confrontation of at most ``2·(sticks + charms) + cards`` invokes —
    each invoke lowers twice the nagas held plus the cards held by at least one (R4.2.3) —
    each of at most four indices and followed by at most one pass, plus the two final passes;
    one placement and one give.
    """
    rs = table.ruleset
    cards = len(rs.cards)
    nagas = sum(t.supply for t in rs.stick_types) + sum(1 for a in rs.amulets if a.is_charm)
    invokes = 2 * nagas + cards
    return len(rs.rooms) * (2 * (cards + 1) + 5 * invokes + 2 + 2)


def _hash(text: str) -> str:
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()


def _json(observation: Observation) -> str:
    return json.dumps(observation, sort_keys=True, separators=(",", ":"))


class Memory:
    """One player's record of a game, as a chain of digests (shared by clones).

    Each link adds what the player observed after a transition (``state.observe(p)``) and,
    if the transition was the player's own decision, the sub-choices they made. A digest is
    computed only when asked for, then kept.
    """

    __slots__ = ("prev", "state", "player", "own", "_digest")

    def __init__(self, prev: Memory | None, state: State | None, player: int, own: tuple[int, ...] = (),
                 digest: str | None = None) -> None:
        self.prev = prev
        self.state = state
        self.player = player
        self.own = own
        self._digest = digest

    @staticmethod
    def start(player: int, seed: str = "") -> Memory:
        return Memory(None, None, player, (), _hash(f"start {seed}"))

    def digest(self) -> str:
        chain: list[Memory] = []
        link: Memory | None = self
        while link is not None and link._digest is None:  # a loop, not recursion: records are long
            chain.append(link)
            link = link.prev
        digest = link._digest if link is not None and link._digest is not None else ""
        for item in reversed(chain):
            assert item.state is not None
            digest = _hash(f"{digest}|{_json(item.state.observe(item.player))}|{','.join(map(str, item.own))}")
            item._digest, item.state = digest, None  # the digest is all that is needed from now on
        return digest


class Node:
    """A position: ``state`` (None before setup), ``partial`` sub-choices, ``pending`` transition
    (a decision, or :data:`SETUP`) by ``actor`` with chance ``outcomes`` so far and ``need`` the
    next one, and each player's ``memory``."""

    __slots__ = ("state", "partial", "pending", "actor", "outcomes", "need", "memory", "_menu", "_worlds", "_texts")

    def __init__(self, state: State | None, partial: tuple[int, ...], memory: tuple[Memory, Memory],
                 pending: AnyAction | str | None = None, actor: int | None = None,
                 outcomes: tuple[Outcome, ...] = (), need: Need | None = None) -> None:
        self.state = state
        self.partial = partial
        self.memory = memory
        self.pending = pending
        self.actor = actor
        self.outcomes = outcomes
        self.need = need
        self._menu: Menu | None = None
        self._worlds: dict[int, Any] = {}  # a Determinizer per player, made on the first resample
        self._texts: dict[tuple[bool, int], str] = {}  # the strings of each view, made when first asked

    def __deepcopy__(self, memo: dict[int, Any]) -> Node:
        return self  # immutable: copies of a game state share it

    def __getstate__(self) -> tuple[Any, ...]:  # pickling (OpenSpiel's serialization) leaves the menu out
        return (self.state, self.partial, self.memory, self.pending, self.actor, self.outcomes, self.need)

    def __setstate__(self, data: tuple[Any, ...]) -> None:
        self.__init__(*data)  # type: ignore[misc]

    @property
    def menu(self) -> Menu:
        """The legal sub-choices of the current decision."""
        if self._menu is None:
            assert self.state is not None
            self._menu = Menu(TABLE, self.state.legal_actions())
        return self._menu

    @property
    def terminal(self) -> bool:
        return self.need is None and self.state is not None and self.state.outcome is not None

    def current_player(self) -> int:
        if self.need is not None:
            return CHANCE_PLAYER
        assert self.state is not None
        return TERMINAL_PLAYER if self.state.outcome is not None else self.state.to_move


# -- moves ------------------------------------------------------------------------------------
def _commit(after: State, actor: int | None, memory: tuple[Memory, Memory], own: tuple[int, ...] = ()) -> Node:
    m0, m1 = (Memory(m, after, p, own if p == actor else ()) for p, m in enumerate(memory))
    return Node(after, (), (m0, m1))


def settle(state: State | None, pending: AnyAction | str, actor: int | None, partial: tuple[int, ...],
           outcomes: tuple[Outcome, ...], memory: tuple[Memory, Memory]) -> Node:
    """Run the pending transition with the outcomes so far: the next chance node, or the position after it."""
    if pending == SETUP:
        result = attempt(lambda chance: new_game(RULESET, chance)[0], outcomes)
    else:
        assert state is not None and not isinstance(pending, str)
        result = attempt(lambda chance: state.apply(pending, chance), outcomes)
    if isinstance(result, Need):
        return Node(state, partial, memory, pending, actor, outcomes, result)
    return _commit(result, actor, memory, partial)


def initial_node() -> Node:
    return settle(None, SETUP, None, (), (), (Memory.start(0), Memory.start(1)))


def choose(node: Node, index: int) -> Node:
    """The node after the current player's sub-choice ``index`` (checked against the menu)."""
    assert node.state is not None and node.need is None
    partial, decided = node.menu.advance(node.partial, index)
    if decided is None:
        return Node(node.state, partial, node.memory)
    # While chance follows, ``partial`` stays: the actor's own sub-choices are part of what they know.
    return settle(node.state, decided, node.state.to_move, partial, (), node.memory)


def draw(node: Node, outcome: int) -> Node:
    """The node after the chance outcome with index ``outcome``."""
    need = node.need
    assert need is not None and node.pending is not None
    kind, value = CHANCE.outcome(outcome)
    if kind != need.kind or value not in need.pool:
        raise ValueError(f"chance outcome {CHANCE.label(outcome)} is not possible here "
                         f"(waiting for a {need.kind} from {sorted(set(need.pool))})")
    return settle(node.state, node.pending, node.actor, node.partial, node.outcomes + ((kind, value),), node.memory)


# -- what a player may see -------------------------------------------------------------------
def _seen(node: Node, player: int) -> tuple[Observation | None, str]:
    """The player's observation, and a line on the decision in progress as that player knows it."""
    if node.state is None:
        return None, "the game is being set up"
    observation = node.state.observe(player)
    if node.need is not None:
        if node.actor == player:
            return observation, "chance follows your " + ", ".join(TABLE.label(i) for i in node.partial)
        return observation, "chance follows"
    if node.partial and node.state.outcome is None and node.state.to_move == player:
        return observation, "your sub-choices so far: " + ", ".join(TABLE.label(i) for i in node.partial)
    return observation, ""


def observation_text(node: Node, player: int) -> str:
    """The player's view as text: the observation, its digest, the decision in progress."""
    text = node._texts.get((False, player))
    if text is None:
        observation, line = _seen(node, player)
        parts = (line,) if observation is None else \
            (describe(observation), line, f"observation {_hash(_json(observation))}")
        text = node._texts[False, player] = "\n".join(x for x in parts if x)
    return text


def information_text(node: Node, player: int) -> str:
    """:func:`observation_text` and the digest of the player's whole record (perfect recall)."""
    text = node._texts.get((True, player))
    if text is None:
        text = node._texts[True, player] = f"{observation_text(node, player)}\nrecord {node.memory[player].digest()}"
    return text


def observation_vector(node: Node, player: int) -> list[float]:
    """:class:`~naga_widget.envs.features.ObservationEncoder`'s vector of the player's view."""
    observation, _ = _seen(node, player)
    if observation is None:
        return [0.0] * ENCODER.size
    assert node.state is not None
    mine = node.need is None and node.state.outcome is None and node.state.to_move == player
    return ENCODER.encode(observation, node.partial if mine else ())


def truth_text(node: Node) -> str:
    """Everything, for debugging (OpenSpiel's ``str(state)``)."""
    if node.state is None:
        return f"setting up, {len(node.outcomes)} chance outcomes drawn"
    lines = [describe(node.state.observe("truth"))]
    if node.partial:
        lines.append("sub-choices: " + ", ".join(TABLE.label(i) for i in node.partial))
    if node.need is not None:
        lines.append(f"chance: {len(node.outcomes)} outcomes drawn, next a {node.need.kind}")
    return "\n".join(lines)


# -- determinization ---------------------------------------------------------------------------
def from_position(state: State) -> Node:
    """A node at an engine position with no earlier record (e.g. a determinized world)."""
    return Node(state, (), (Memory.start(0, "from a position"), Memory.start(1, "from a position")))


def resample(node: Node, player: int, rng: random.Random) -> Node:
    """A node that ``player`` cannot tell from ``node``: hidden facts drawn as by ``determinize``.

    The player's record and own sub-choices stay. What the player does not know is drawn
    afresh: the opponent's sub-choices (none yet), a pending decision of the opponent
    (a world and a RandomBot decision there that leads to chance, as the real one did) and the chance
    outcomes of a pending transition.
    """
    from naga_widget.bots import Determinizer

    if node.state is None:
        return initial_node()
    worlds = node._worlds.get(player)
    if worlds is None:  # a search resamples the same node many times: read the observation once
        worlds = node._worlds[player] = Determinizer(node.state.observe(player))
    mine = node.memory[player]
    other = Memory.start(1 - player, f"resampled {mine.digest()}")
    memory = (mine, other) if player == 0 else (other, mine)
    if node.need is None:
        world: State = worlds.sample(rng)
        partial = node.partial if world.outcome is None and world.to_move == player else ()
        return Node(world, partial, memory)
    assert node.pending is not None and node.actor is not None
    if node.actor == player:
        return settle(worlds.sample(rng), node.pending, player, node.partial, (), memory)
    # That chance follows the opponent's decision is seen by all: draw a world and a decision of the
    # opponent there that leads to chance, as the real one did (by rejection).
    for _ in range(64):
        world = worlds.sample(rng)
        for action in [sample_action(world, rng) for _ in range(8)] + list(world.legal_actions()):
            resampled = settle(world, action, node.actor, (), (), memory)
            if resampled.need is not None:
                return resampled
    raise RuntimeError("found no world where a decision of the opponent leads to chance")
