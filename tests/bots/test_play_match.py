"""Bots get the observation and a detached list of legal actions (the same choices, no state inside);
play_match names a failing bot and its step."""

from __future__ import annotations

import gc
import random
from typing import Any

import pytest

from naga_widget import Match, RandomBot, State, play_match
from naga_widget.bots import BotError
from naga_widget.rules import ActionFormatError, Chance, DetachedLegal, IllegalActionError, LegalActions, new_game


def positions(seeds: range) -> list[State]:
    found = []
    for seed in seeds:
        rng = random.Random(seed)
        chance = Chance(rng, record=False)
        state, _ = new_game(chance=chance)
        while not state.is_over:
            found.append(state)
            state = state.apply(state.legal_actions().sample(rng), chance)
    return found


POSITIONS = positions(range(6))


def reachable(obj: Any, depth: int = 4) -> list[Any]:
    """Objects reachable from ``obj`` (a few levels deep)."""
    seen, frontier = [], [obj]
    for _ in range(depth):
        nxt = []
        for o in frontier:
            for r in gc.get_referents(o):
                if not isinstance(r, (str, int, type)):
                    seen.append(r)
                    nxt.append(r)
        frontier = nxt
    return seen


@pytest.mark.parametrize("k", range(0, len(POSITIONS), max(1, len(POSITIONS) // 40)))
def test_detached_legal_actions_equal_the_attached_ones(k: int) -> None:
    state = POSITIONS[k]
    attached = state.legal_actions()
    detached = attached.detached()
    assert list(detached) == list(attached) and len(detached) == len(attached)
    assert detached.invoke_heads() == attached.invoke_heads()
    for head in attached.invoke_heads():
        assert detached.targets(*head) == attached.targets(*head)
    for action in list(attached)[:50]:
        assert action in detached and str(action) in detached
    assert "place 9 rot0" not in detached and "dance" not in detached
    for seed in range(5):  # the same draws from the same random numbers
        assert detached.sample(random.Random(seed)) == attached.sample(random.Random(seed))


def test_detached_legal_actions_hold_no_state() -> None:
    state = next(s for s in POSITIONS if s.phase == "confront" and s.legal_actions().invoke_heads())
    detached = state.legal_actions().detached()
    assert not any(isinstance(o, State) for o in reachable(detached))
    assert any(isinstance(o, State) for o in reachable(state.legal_actions()._listed.__self__))


def test_a_bot_gets_an_observation_and_a_detached_list() -> None:
    seen: list[tuple[dict[str, Any], LegalActions]] = []

    class Spy(RandomBot):
        def act(self, observation: dict[str, Any], legal: LegalActions) -> Any:
            seen.append((observation, legal))
            return super().act(observation, legal)

    match = Match(seed=12)
    play_match(match, [Spy(1), Spy(2)])
    assert seen and all(isinstance(legal, DetachedLegal) for _, legal in seen)
    assert all(obs["viewer"] == legal.player for obs, legal in seen)


# -- play_match: a failing bot names itself and the step, and leaves the match as it was ---------------
class Failing(RandomBot):
    """A random bot that raises (or plays nonsense) at its ``at``-th decision, noting the match then."""

    def __init__(self, seed: int, at: int, how: str, match: Match) -> None:
        super().__init__(seed)
        self.at, self.how, self.seen, self.match = at, how, 0, match
        self.when: tuple[int, int, State] | None = None

    def act(self, observation: dict[str, Any], legal: LegalActions) -> Any:
        self.seen += 1
        if self.seen == self.at:
            self.when = (self.match.step, self.match.last_step, self.match.state)
            if self.how == "raise":
                raise KeyError("lost my marbles")
            return "place 9 rot0" if self.how == "illegal" else "dance"
        return super().act(observation, legal)

    def __repr__(self) -> str:
        return f"Failing(at={self.at})"


@pytest.mark.parametrize(("how", "cause"), [("raise", KeyError), ("illegal", IllegalActionError),
                                            ("nonsense", ActionFormatError)])
def test_a_failing_bot_is_named_with_its_step_and_the_match_is_unchanged(how: str, cause: type) -> None:
    match = Match(seed=21)
    failing = Failing(4, at=6, how=how, match=match)
    with pytest.raises(BotError) as info:
        play_match(match, [RandomBot(3), failing])
    err = info.value
    assert isinstance(err.__cause__, cause)
    assert failing.when is not None
    step, last, state = failing.when
    assert (match.step, match.last_step, match.state) == (step, last, state)
    assert err.player == 1 and err.step == step and state.to_move == 1
    assert "Failing(at=6)" in str(err) and "silver" in str(err) and f"step {step}" in str(err)
    assert play_match(match, [RandomBot(3), RandomBot(5)]).winner in (0, 1)  # the match can go on


def test_play_match_needs_two_bots() -> None:
    with pytest.raises(ValueError, match="two bots"):
        play_match(Match(seed=1), [RandomBot(1)])
