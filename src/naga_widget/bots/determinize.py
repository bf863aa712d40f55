"""Determinization: a complete game state sampled from what one viewer knows (R6).

A bot sees an observation, not the state. To look ahead it fills in the hidden
facts — a *determinization* — and plays on that world. ``determinize(observation,
rng)`` samples one; :class:`Determinizer` parses the observation once and then
samples many quickly (a search samples one per simulation).

Which worlds, with which probabilities
--------------------------------------
The sample is **uniform over the complete states consistent with the
observation**, under the game's chance process and the public constraints below.
The opponent's strategy is not modelled: a hidden call or a kept hand is not made
more likely because a sensible player would have chosen it. Concretely:

- *Cards* (R3.4, R4.4, R6). The cards the viewer has not seen (not in their hand or
  call, not revealed, not discarded, not a visible New Deal draw) are split
  uniformly between the secret hands, a face-down call, the hidden New Deal draw
  and the deck, subject to: a hidden call holds ``call_count`` cards of one stick
  type (R4.1), and every card given in the New Deal (``known_cards``) lies in its
  holder's hand or call. Each consistent split is equally likely (so a hidden call
  is drawn with weights given by the number of ways to complete it).
- *Relics* (R3.1, R6). In each temple, the relics the viewer has not seen are a
  uniform arrangement of that temple's unseen relics over its unknown slots.
- *Amulets* (R3.3, R3.5, R6). The amulets not seen (not the viewer's own, not a
  spent charm) are uniformly arranged over the hidden places: the opponent's
  collected amulets, the amulets lying on tiles and on the offered room, and the
  pile — given that the game is not over, i.e. each hidden score is below the
  target (R7.1.2). Only that current constraint is used: the observation holds no
  history, so the scores at earlier checks are not replayed.
- *Knowledge masks* (``Temple.known``). The viewer's own mask is theirs; the
  opponent's and the public masks, which the viewer cannot see, are set to the
  viewer's mask (what the viewer saw is taken as seen by all; the opponent's
  secret Third Eye looks are not sampled). For a spectator all three are the
  public mask.
- The deck, the room pile and the amulet pile have no order (see
  :mod:`naga_widget.rules.chance`), so only their contents are sampled.

Every sample observes exactly as given: ``sample.observe(viewer) == observation``.
A ``"truth"`` observation has nothing hidden and gives the state back.

>>> import random
>>> from naga_widget.rules import Chance, new_game
>>> state, _ = new_game(chance=Chance(random.Random(3)))
>>> world = determinize(state.observe(1), random.Random(0))
>>> world.observe(1) == state.observe(1) and world.hands[1] == state.hands[1]
True
>>> determinize(state.observe("truth"), random.Random(0)) == state
True
"""

from __future__ import annotations

import random
from collections import Counter
from math import comb
from typing import Any, Protocol

from ..rules import RULESETS, TEMPLE_NAMES, EndReason, Outcome, Phase, Ruleset, State
from ..rules.observe import Observation, check_viewer
from ..rules.ruleset import TRAP
from ..rules.temple import Temple, Tile, place_tile

MAX_TRIES = 10_000
"""Amulet arrangements tried before an observation is declared impossible (R7.1.2 rejection)."""


class InconsistentObservation(ValueError):
    """No complete state can produce this observation."""


Cards = tuple[Any, Any, tuple[str, ...], tuple[str, ...]]
"""The cards of a world: (hands, calls, drawn cards, deck), see :meth:`Determinizer.sample_cards`."""


class Worlds(Protocol):
    """A sampler of worlds: a :class:`Determinizer`, or one that weighs them (``bots.inference``)."""

    ruleset: Ruleset

    def sample(self, rng: random.Random) -> State: ...


class Determinizer:
    """Samples complete states consistent with one observation (see the module docstring)."""

    def __init__(self, observation: Observation) -> None:
        obs = observation
        viewer = obs["viewer"]
        check_viewer(viewer)
        if obs.get("ruleset") not in RULESETS:
            raise ValueError(f"unknown ruleset {obs.get('ruleset')!r}")
        rs: Ruleset = RULESETS[obs["ruleset"]]
        self.viewer = viewer
        self.ruleset = rs
        players = obs["players"]
        over = obs["outcome"] is not None
        truth = viewer == "truth"
        self._parse_temples(obs, rs, truth)
        self._parse_cards(obs, rs, truth)
        self._parse_amulets(obs, rs, over)

        placed = {sp["room"] for t in obs["temples"] for sp in t["spaces"] if sp is not None and not sp["trap"]}
        offered = obs["offered"]
        if offered is not None:
            placed.add(offered["room"])
        rooms = tuple(sorted(r.id for r in rs.rooms if r.id not in placed))
        if truth:
            rooms = tuple(obs["room_pile"])
        if len(rooms) != obs["rooms_left"]:
            raise InconsistentObservation(f"{len(rooms)} rooms are unaccounted for, the pile holds {obs['rooms_left']}")
        trap = None
        if obs["trap"] != "side":
            name, space = obs["trap"].split(":")
            trap = (TEMPLE_NAMES.index(name), int(space))
        outcome = None
        o = obs["outcome"]
        if over and o is not None:
            outcome = Outcome(o["winner"], EndReason(o["reason"]), o["rule"], (o["scores"][0], o["scores"][1]))
        empty: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
        self._template = State(
            ruleset=rs, phase=Phase(obs["phase"]), to_move=-1 if obs["to_move"] is None else obs["to_move"],
            round=obs["round"], guide=obs["guide"], temples=self._fixed_temples(), hands=empty,
            shown=(frozenset(players[0]["known_cards"]), frozenset(players[1]["known_cards"])),
            calls=(None, None), sticks=(tuple(players[0]["sticks"]), tuple(players[1]["sticks"])),
            supply=tuple(obs["supply"][name] for name in rs.stick_names), amulets=empty,
            spent=(tuple(players[0]["spent_charms"]), tuple(players[1]["spent_charms"])),
            deck=(), discard=tuple(obs["discard"]), rooms=rooms, amulet_pile=(),
            offered=None if offered is None else (offered["room"], None), trap=trap,
            passes=obs["passes"], drawn=(), outcome=outcome,
        )

    # -- parsing ------------------------------------------------------------------------------------
    def _parse_temples(self, obs: Observation, rs: Ruleset, truth: bool) -> None:
        self._tiles: list[tuple[Tile | None, ...]] = []
        self._lying: list[list[str | None]] = []  # amulet ids on tiles; None also where one is hidden
        self._relics: list[list[str | None]] = []
        self._up: list[int] = []
        self._known: list[tuple[int, int, int]] = []
        self.unknown_slots: list[tuple[int, int]] = []  # (temple, slot) whose relic the viewer does not know
        self._unseen_relics: list[tuple[str, ...]] = []
        self._hidden_lying: list[tuple[int, int]] = []  # (temple, space) where an unseen amulet lies
        all_relics = Counter(r.token for r in rs.relics)
        for t, tob in enumerate(obs["temples"]):
            tiles: list[Tile | None] = []
            lying: list[str | None] = []
            for i, sp in enumerate(tob["spaces"]):
                if sp is None:
                    tiles.append(None)
                    lying.append(None)
                    continue
                base = 0 if sp["trap"] else rs.room(sp["room"]).openings
                tiles.append(place_tile(TRAP if sp["trap"] else sp["room"], sp["rotation"], base))
                amulet = sp["amulet"]
                if amulet is True:
                    self._hidden_lying.append((t, i))
                lying.append(amulet if isinstance(amulet, str) else None)
            relics: list[str | None] = []
            up = mask = 0
            for i, slot in enumerate(tob["relics"]):
                relics.append(slot["relic"])
                up |= slot["up"] << i
                if slot["relic"] is not None:
                    mask |= 1 << i
                else:
                    self.unknown_slots.append((t, i))
            unseen = all_relics - Counter(r for r in relics if r is not None)
            if sum(unseen.values()) != relics.count(None) or any(v < 0 for v in unseen.values()):
                raise InconsistentObservation(f"the known relics of the {TEMPLE_NAMES[t]} temple are not a "
                                              "subset of that temple's relics")
            self._tiles.append(tuple(tiles))
            self._lying.append(lying)
            self._relics.append(relics)
            self._up.append(up)
            k = obs["knowledge"][t] if truth else (mask, mask, mask)
            self._known.append((k[0], k[1], k[2]))
            self._unseen_relics.append(tuple(sorted(unseen.elements())))

    def _parse_cards(self, obs: Observation, rs: Ruleset, truth: bool) -> None:
        players = obs["players"]
        seen = set(obs["discard"])
        self._hands: list[tuple[str, ...] | None] = []  # None: hidden
        self._calls: list[tuple[str, ...] | None] = []  # None: not called (see _hidden_call)
        self._hidden_call: list[int | None] = []  # the size of a face-down call the viewer cannot see
        self._given: list[tuple[str, ...]] = []
        self._hand_count: list[int] = []
        for p in (0, 1):
            pl = players[p]
            hand = pl["hand"]
            self._hands.append(None if hand is None else tuple(hand))
            seen.update(hand or ())
            call = pl["call"]
            self._calls.append(None if call is None else tuple(call))
            seen.update(call or ())
            hidden = pl["called"] and call is None
            self._hidden_call.append(pl["call_count"] if hidden else None)
            self._given.append(tuple(pl["known_cards"]) if hand is None else ())
            seen.update(pl["known_cards"])
            self._hand_count.append(pl["hand_count"])
        drawn = obs["drawn"]
        self._drawn: tuple[str, ...] | None = None if drawn is None else tuple(drawn)
        seen.update(drawn or ())
        self._hidden_drawn = obs["drawn_count"] if drawn is None else 0
        if truth:
            seen.update(obs["deck"])
        self.secret_holders = tuple(p for p in (0, 1) if self._hands[p] is None)
        self._unseen_cards = tuple(sorted(c.id for c in rs.cards if c.id not in seen))
        needed = obs["deck_count"] * (not truth) + self._hidden_drawn + sum(
            self._hand_count[p] + (self._hidden_call[p] or 0) - len(self._given[p]) for p in self.secret_holders)
        if needed != len(self._unseen_cards):
            raise InconsistentObservation(f"{len(self._unseen_cards)} cards are unseen, but the hidden hands, "
                                          f"calls, draw and deck hold {needed}")
        hidden_calls = [p for p in (0, 1) if self._hidden_call[p]]
        if len(hidden_calls) > 1:
            raise InconsistentObservation("two face-down calls cannot both be hidden (R4.1: the second call "
                                          "reveals both)")
        # the player with a hidden call is dealt first, from the whole unseen pool (see _call_weights)
        self._card_order = tuple(sorted(self.secret_holders, key=lambda p: not self._hidden_call[p]))
        self._kind = rs.card_kind
        self._call_weights: list[tuple[int, int, int]] = []
        if hidden_calls:
            self._call_weights = self._weights(hidden_calls[0])
            if not self._call_weights:
                raise InconsistentObservation("no hidden call of one stick type fits the unseen cards")
        self._deck = tuple(obs["deck"]) if truth else None

    def _weights(self, p: int) -> list[tuple[int, int, int]]:
        """(stick type, given cards in the call, number of worlds) for a hidden call of player ``p``.

        A world is fixed by the call C and the rest of the hand. With ``K`` the given
        cards (in hand or call), ``U`` the unseen pool, ``c`` the call size and ``h`` the
        hand size: a call of type ``t`` holding ``j`` given cards can be made in
        C(|K_t|, j)·C(|U_t|, c−j) ways, and the hand then takes the other given cards
        and h−(|K|−j) cards of the remaining |U|−(c−j). The rest goes to the draw and
        the deck in a number of ways that does not depend on the call.
        """
        c, h, given = self._hidden_call[p] or 0, self._hand_count[p], self._given[p]
        out = []
        for t in range(len(self.ruleset.stick_types)):
            k_t = sum(self._kind[k] == t for k in given)
            u_t = sum(self._kind[u] == t for u in self._unseen_cards)
            for j in range(min(c, k_t) + 1):
                take = h - (len(given) - j)
                if take < 0:
                    continue
                n = comb(k_t, j) * comb(u_t, c - j) * comb(len(self._unseen_cards) - (c - j), take)
                if n:
                    out.append((t, j, n))
        return out

    def _parse_amulets(self, obs: Observation, rs: Ruleset, over: bool) -> None:
        players = obs["players"]
        seen: set[str] = set()
        self._held: list[tuple[str, ...] | None] = []
        for p in (0, 1):
            seen.update(players[p]["spent_charms"])
            held = players[p]["amulets"]
            self._held.append(None if held is None else tuple(held))
            seen.update(held or ())
        for t in (0, 1):
            seen.update(a for a in self._lying[t] if a is not None)
        offered = obs["offered"]
        self._offered_hidden = offered is not None and offered["amulet"] is True
        self._offered_amulet = offered["amulet"] if offered is not None and isinstance(offered["amulet"], str) else None
        if self._offered_amulet is not None:
            seen.add(self._offered_amulet)
        pile = obs.get("amulet_pile")
        self._pile = tuple(pile) if pile is not None else None
        seen.update(pile or ())
        self._unseen_amulets = tuple(sorted(a.id for a in rs.amulets if a.id not in seen))
        self.hidden_amulet_holders = tuple(p for p in (0, 1) if self._held[p] is None)
        self._held_count = [players[p]["amulet_count"] for p in (0, 1)]
        self._pile_count = obs["amulets_left"] if self._pile is None else 0
        hidden = sum(self._held_count[p] for p in self.hidden_amulet_holders) + len(self._hidden_lying) \
            + self._offered_hidden + self._pile_count
        if hidden != len(self._unseen_amulets):
            raise InconsistentObservation(f"{len(self._unseen_amulets)} amulets are unseen, but {hidden} places "
                                          "hide one")
        # R7.1.2: a game still going has every score below the target
        self._room_left = {p: rs.target_score - players[p]["relic_points"] for p in self.hidden_amulet_holders
                           if not over}

    def _fixed_temples(self) -> tuple[Temple, Temple]:
        out = [Temple(self._tiles[t], tuple(self._lying[t]), tuple(r or "" for r in self._relics[t]),
                      self._up[t], self._known[t]) for t in (0, 1)]
        return out[0], out[1]

    # -- sampling ------------------------------------------------------------------------------------
    def sample(self, rng: random.Random, cards: Cards | None = None) -> State:
        """One complete state, drawn as described in the module docstring; ``cards``: its cards, already
        drawn by :meth:`sample_cards` (then only the amulets and relics are drawn here)."""
        hands, calls, drawn, deck = self.sample_cards(rng) if cards is None else cards
        held, lying, offered_amulet, pile = self._sample_amulets(rng)
        temples = []
        for t in (0, 1):
            unseen = self._unseen_relics[t]
            order = rng.sample(unseen, len(unseen)) if unseen else []
            relics = tuple([r if r is not None else order.pop() for r in self._relics[t]])
            temples.append(Temple(self._tiles[t], lying[t], relics, self._up[t], self._known[t]))
        offered = self._template.offered
        if offered is not None:
            offered = (offered[0], offered_amulet)
        return self._template._replace(
            temples=(temples[0], temples[1]), hands=hands, calls=calls, deck=deck, drawn=drawn,
            amulets=held, amulet_pile=pile, offered=offered)

    def sample_cards(self, rng: random.Random) -> Cards:
        """The cards of one world: (hands, calls, drawn cards, deck), as :meth:`sample` draws them."""
        hands = list(self._hands)
        calls = list(self._calls)
        pool = list(self._unseen_cards)
        for p in self._card_order:
            given = self._given[p]
            in_hand = list(given)
            c = self._hidden_call[p]
            if c is not None:
                call: list[str] = []
                if c:
                    t, j = self._pick_call_shape(rng)
                    from_given = rng.sample([k for k in given if self._kind[k] == t], j)
                    from_pool = rng.sample([u for u in pool if self._kind[u] == t], c - j)
                    call = from_given + from_pool
                    taken = set(from_pool)
                    pool = [u for u in pool if u not in taken]
                    in_hand = [k for k in given if k not in from_given]
                calls[p] = tuple(sorted(call))
            extra = rng.sample(pool, self._hand_count[p] - len(in_hand))
            taken = set(extra)
            pool = [u for u in pool if u not in taken]
            hands[p] = tuple(sorted(in_hand + extra))
        drawn = self._drawn
        if drawn is None:
            drawn = tuple(rng.sample(pool, self._hidden_drawn))
            taken = set(drawn)
            pool = [u for u in pool if u not in taken]
        deck = self._deck if self._deck is not None else tuple(pool)
        return (hands[0], hands[1]), (calls[0], calls[1]), drawn, deck

    def _pick_call_shape(self, rng: random.Random) -> tuple[int, int]:
        weights = self._call_weights
        r = rng.random() * sum(w for _, _, w in weights)
        for t, j, w in weights:
            if r < w:
                return t, j
            r -= w
        return weights[-1][0], weights[-1][1]

    def _sample_amulets(self, rng: random.Random) -> tuple[Any, list[tuple[str | None, ...]], str | None,
                                                           tuple[str, ...]]:
        points = self.ruleset.amulet_points
        unseen = self._unseen_amulets
        for _ in range(MAX_TRIES):
            order = rng.sample(unseen, len(unseen))
            held = list(self._held)
            at = 0
            ok = True
            for p in self.hidden_amulet_holders:
                n = self._held_count[p]
                mine = tuple(sorted(order[at:at + n]))
                at += n
                if p in self._room_left and points(mine) >= self._room_left[p]:
                    ok = False
                    break
                held[p] = mine
            if ok:
                break
        else:
            raise InconsistentObservation("no arrangement of the unseen amulets keeps every hidden score below "
                                          "the target (R7.1.2)")
        lying = [list(row) for row in self._lying]
        for t, i in self._hidden_lying:
            lying[t][i] = order[at]
            at += 1
        offered = self._offered_amulet
        if self._offered_hidden:
            offered = order[at]
            at += 1
        pile = self._pile if self._pile is not None else tuple(sorted(order[at:]))
        return (held[0], held[1]), [tuple(lying[0]), tuple(lying[1])], offered, pile


def determinize(observation: Observation, rng: random.Random) -> State:
    """A complete state consistent with ``observation`` (of viewer 0, 1, ``"spectator"`` or ``"truth"``).

    See the module docstring for the distribution; for many samples of one
    observation, make a :class:`Determinizer` once and call its ``sample``.
    """
    return Determinizer(observation).sample(rng)
