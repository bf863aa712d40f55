"""What an arena tells others about a forfeit: the kind of failure, never the failing bot's move or
error, which quote its hand (R6; docs/rules.md, "What a view shows after the game").

The bots are defined at module level: the games with a time limit run them in their own processes,
which import this module.
"""

from __future__ import annotations

import time
from typing import Any

import pytest

from naga_widget import Match
from naga_widget.arena import FAILURES, FORFEIT, ArenaResult, GameRecord, public_reason, tournament
from naga_widget.bots import RandomBot
from naga_widget.rules import TEMPLE_NAMES, LegalActions


def hand_of(observation: dict[str, Any]) -> list[str]:
    return list(observation["players"][observation["viewer"]]["hand"])


class HandQuoter:
    """Calls its whole hand and a card it does not hold: an illegal call whose refusal quotes the hand."""

    def act(self, observation: dict[str, Any], legal: LegalActions) -> str:
        return "call " + " ".join([*hand_of(observation), "99z"])


class HandRaiser:
    def act(self, observation: dict[str, Any], legal: LegalActions) -> str:
        raise ValueError(f"my hand is {' '.join(hand_of(observation))}")


class HandScrawler:
    """Returns something that is not an action, holding its hand."""

    def act(self, observation: dict[str, Any], legal: LegalActions) -> Any:
        return {"type": "call", "cards": hand_of(observation), "note": hand_of(observation)}


class HandSleeper(RandomBot):
    """Hangs over its first decision (only ever played under a time limit)."""

    def act(self, observation: dict[str, Any], legal: LegalActions) -> Any:
        time.sleep(30)
        return super().act(observation, legal)


def failing_hand(game: GameRecord) -> list[str]:
    """The hand of the bot that forfeited ``game``, at the decision it failed."""
    state = Match.loads(game.saved).state
    return list(state.hands[1 - game.winner_seat])


def check_forfeits(result: ArenaResult, failing: str, kind: str, quoted: bool) -> None:
    forfeited = [g for g in result.games if g.reason == FORFEIT]
    assert forfeited and all(g.forfeited == failing and g.failure == kind for g in forfeited)
    shown = str(result) + result._repr_html_() + repr(result.to_rows()) + "\n".join(result.public_errors)
    for g in forfeited:
        hand = failing_hand(g)
        assert hand
        public = public_reason(g)
        assert public is not None and public == g.public_error() and public in shown
        assert public.endswith(FAILURES[kind]) and f"bot {failing!r} ({TEMPLE_NAMES[1 - g.winner_seat]})" in public
        if quoted:  # the organiser's account quotes the hand: what the search must not find elsewhere
            assert g.error is not None and all(card in g.error for card in hand)
        for card in hand:
            assert card not in public and card not in shown, f"{card} of {failing}'s hand in what others read"
    assert len(result.public_errors) == len(forfeited) == len(result.errors)


@pytest.mark.parametrize("bot, kind", [(HandQuoter, "illegal"), (HandRaiser, "raised"),
                                       (HandScrawler, "unreadable")])
def test_a_forfeit_is_told_without_the_failing_bots_hand(bot: type, kind: str) -> None:
    result = tournament({"student": bot, "fair": RandomBot}, games=4, seed=3, workers=0, progress=False)
    check_forfeits(result, "student", kind, quoted=True)


def test_a_forfeit_in_its_own_process_is_told_without_the_hand_too() -> None:
    result = tournament({"student": HandRaiser, "fair": RandomBot}, games=2, seed=4, workers=1, progress=False)
    check_forfeits(result, "student", "raised", quoted=True)


@pytest.mark.serial  # a move clock of 0.5 s
def test_a_hanging_bot_forfeits_and_is_told_without_its_hand() -> None:
    result = tournament({"student": HandSleeper, "fair": RandomBot}, games=2, seed=5, workers=1, progress=False,
                        move_timeout=0.5)
    check_forfeits(result, "student", "timeout", quoted=False)


def test_a_game_played_out_has_no_public_error() -> None:
    result = tournament({"a": RandomBot, "b": RandomBot}, games=2, seed=1, workers=0, progress=False)
    assert all(public_reason(g) is None and g.failure is None for g in result.games) and not result.public_errors
