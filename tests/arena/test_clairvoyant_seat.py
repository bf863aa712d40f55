"""The arena shows a clairvoyant bot (ClairvoyantBot, arena only) the true state, and every other bot its own view."""

from __future__ import annotations

import functools

from naga_widget.arena import tournament
from naga_widget.bots import ClairvoyantBot, RandomBot


def test_the_arena_shows_it_the_truth_and_every_other_bot_its_own_view() -> None:
    seen: list[object] = []

    class Looking(RandomBot):
        def act(self, observation, legal):  # type: ignore[no-untyped-def]
            seen.append(observation["viewer"])
            return super().act(observation, legal)

    class Clairvoyant(ClairvoyantBot):
        def act(self, observation, legal):  # type: ignore[no-untyped-def]
            seen.append(("clairvoyant", observation["viewer"]))
            return super().act(observation, legal)

    result = tournament({"seer": functools.partial(Clairvoyant, iterations=5), "looking": Looking}, games=2, seed=1,
                        workers=0)
    assert len(result.games) == 2 and all(g.error is None for g in result.games)
    assert {v for v in seen if isinstance(v, tuple)} == {("clairvoyant", "truth")}
    assert {v for v in seen if not isinstance(v, tuple)} == {0, 1}
