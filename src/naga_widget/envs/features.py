"""A fixed-size vector of what one player knows (R6), for learning agents.

:class:`ObservationEncoder` turns a player's observation — ``state.observe(p)``, never
the truth — and that player's own unfinished sub-choices into a flat list of floats in
[0, 1] (counts are divided by their largest possible value, taken from the ruleset).
Everything is seen from the player's side: their own temple and hand come first, the
opponent's second. Pure Python; the adapters turn the list into an array.

>>> import random
>>> from naga_widget.rules import STANDARD, Chance, new_game
>>> state, _ = new_game(chance=Chance(random.Random(1)))
>>> enc = ObservationEncoder.for_ruleset(STANDARD)
>>> vector = enc.encode(state.observe(0))
>>> len(vector) == enc.size and all(0.0 <= x <= 1.0 for x in vector)
True
>>> [name for name, _ in enc.sections][:3]
['step', 'my temple', 'their temple']
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from naga_widget.rules import STANDARD, Ruleset
from naga_widget.rules.errors import is_int
from naga_widget.rules.observe import Observation, PlayerView, TempleView

from .action_table import ActionTable

PHASES = ("call", "confront", "place", "give", "over")
OPENINGS = "NESW"


class ObservationEncoder:
    """Encodes one player's observation; :attr:`sections` names the parts, in order."""

    def __init__(self, ruleset: Ruleset) -> None:
        rs = ruleset
        self.ruleset = rs
        self.table = ActionTable.for_ruleset(rs)
        self.cards = self.table.cards
        self.card_pos = {c: i for i, c in enumerate(self.cards)}
        self.rooms = tuple(sorted(r.id for r in rs.rooms))
        self.room_pos = {r: i for i, r in enumerate(self.rooms)}
        self.amulets = tuple(sorted(a.id for a in rs.amulets))
        self.amulet_pos = {a: i for i, a in enumerate(self.amulets)}
        self.relics = tuple(sorted({r.token for r in rs.relics}))
        self.relic_pos = {r: i for i, r in enumerate(self.relics)}
        self.sticks = tuple(f"{t.name}:{f}" for t in rs.stick_types for f in dict.fromkeys(t.faces))
        self.stick_pos = {s: i for i, s in enumerate(self.sticks)}
        self.stick_names = tuple(t.name for t in rs.stick_types)
        n_cards, n_sticks = len(self.cards), sum(t.supply for t in rs.stick_types)
        relic_points = sum(r.points for r in rs.relics)
        best_face = max(t.points(f) for t in rs.stick_types for f in t.faces)
        self._max = {
            "round": float(len(rs.rooms)), "passes": 2.0, "cards": float(n_cards),
            "fate": float(best_face * n_sticks), "amulets": float(len(rs.amulets)),
            "relic_points": float(relic_points), "cursed": float(len(rs.relics)),
            "score": float(relic_points + sum(a.points for a in rs.amulets)),
            "rooms": float(len(rs.rooms)), "drawn": float(rs.new_deal_draw),
        }
        self._supply = {t.name: float(t.supply) for t in rs.stick_types}
        self._stick_max = {s: float(n_sticks) for s in self.sticks}
        temple = 9 * (6 + 2) + 9 * (3 + len(self.relics))
        player = 3 * n_cards + 2 * len(self.amulets) + len(self.sticks) + 9
        table = 1 + len(self.rooms) + 1 + 1 + len(self.stick_names) + 1 + 2 * n_cards + 3
        self.sections: tuple[tuple[str, int], ...] = (
            ("step", len(PHASES) + 5), ("my temple", temple), ("their temple", temple),
            ("me", player), ("them", player), ("table", table), ("outcome", 2),
            ("my sub-choices", self.table.size),
        )
        self.size = sum(n for _, n in self.sections)

    @staticmethod
    @cache
    def for_ruleset(ruleset: Ruleset = STANDARD) -> ObservationEncoder:
        return ObservationEncoder(ruleset)

    def encode(self, observation: Observation, partial: Sequence[int] = ()) -> list[float]:
        """The vector of ``observation`` (a player's, R6) and that player's own sub-choices so far."""
        p = observation.get("viewer")
        if not (is_int(p) and p in (0, 1)):
            raise ValueError(f"encode needs a player's observation (viewer 0 or 1), not viewer {p!r}")
        out: list[float] = []
        m = self._max
        phase = str(observation["phase"])
        out += [1.0 if phase == ph else 0.0 for ph in PHASES]
        out += [float(observation["to_move"] == p), float(observation["guide"] == p), float(p == 0),
                min(observation["round"] / m["round"], 1.0), observation["passes"] / m["passes"]]
        temples = observation["temples"]
        players = observation["players"]
        for t in (p, 1 - p):
            self._temple(out, temples[t])
        for q in (p, 1 - p):
            self._player(out, players[q])
        self._table(out, observation)
        outcome = observation["outcome"]
        out += [float(outcome is not None), float(outcome is not None and outcome["winner"] == p)]
        choice = [0.0] * self.table.size
        for i in partial:
            choice[i] = 1.0
        out += choice
        return out

    def _temple(self, out: list[float], temple: TempleView) -> None:
        for space in temple["spaces"]:
            if space is None:
                out += [0.0] * 8
                continue
            openings = space["openings"]
            out += [1.0, float(bool(space["trap"]))] + [float(d in openings) for d in OPENINGS]
            out += [float(bool(space["reached"])), float(space["amulet"] is not None)]
        for relic in temple["relics"]:
            token = relic["relic"]
            known = [0.0] * len(self.relics)
            if token is not None:
                known[self.relic_pos[token]] = 1.0
            out += [float(bool(relic["up"])), float(bool(relic["remembered"])), float(token is None)] + known

    def _cards(self, out: list[float], cards: Sequence[str] | None) -> None:
        hot = [0.0] * len(self.cards)
        for c in cards or ():
            hot[self.card_pos[c]] = 1.0
        out += hot

    def _player(self, out: list[float], pl: PlayerView) -> None:
        m = self._max
        self._cards(out, pl["hand"])
        self._cards(out, pl["known_cards"])
        self._cards(out, pl["call"])
        out += [pl["hand_count"] / m["cards"], float(bool(pl["called"])), pl["call_count"] / m["cards"]]
        counts = [0.0] * len(self.sticks)
        for s in pl["sticks"]:
            counts[self.stick_pos[s]] += 1.0
        out += [c / self._stick_max[s] for c, s in zip(counts, self.sticks)]
        out.append(pl["fate"] / m["fate"])
        for ids in (pl["amulets"], pl["spent_charms"]):
            hot = [0.0] * len(self.amulets)
            for a in ids or ():
                hot[self.amulet_pos[a]] = 1.0
            out += hot
        score = pl["score"]
        out += [pl["amulet_count"] / m["amulets"], pl["relic_points"] / m["relic_points"],
                float(score is not None), (score or 0) / m["score"], pl["cursed_up"] / m["cursed"]]

    def _table(self, out: list[float], obs: Observation) -> None:
        m = self._max
        offered = obs["offered"]
        rooms = [0.0] * len(self.rooms)
        if offered is not None:
            rooms[self.room_pos[offered["room"]]] = 1.0
        out += [float(offered is not None)] + rooms + [float(offered is not None and offered["amulet"] is not None)]
        out.append(float(obs["trap"] == "side"))
        out += [obs["supply"][name] / self._supply[name] for name in self.stick_names]
        out.append(obs["deck_count"] / m["cards"])
        self._cards(out, obs["discard"])
        self._cards(out, obs["drawn"])
        out += [obs["rooms_left"] / m["rooms"], obs["amulets_left"] / m["amulets"], obs["drawn_count"] / m["drawn"]]
