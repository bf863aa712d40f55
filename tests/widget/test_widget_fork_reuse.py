"""The widget's fork of a move that comes out exactly as the step already played follows that line (no
duplicate branch) and stays armed, so the next play there may still branch off."""

from __future__ import annotations

import random

from widget_helpers import send

from naga_widget import Match, NagaWidget


def line_and_same_step() -> tuple[Match, int]:
    """A line of 14 random steps, and a step of it that a fork of its own action gives again exactly."""
    m = Match(seed=11)
    rng = random.Random(0)
    for _ in range(14):
        m.play(m.legal_actions().sample(rng))
    for k in range(m.last_step):
        probe = Match.loads(m.dumps())
        probe.goto(k)
        probe.play(m.actions[k], fork=True)
        if probe.state == m.state_at(k + 1):
            return m, k
    raise AssertionError("no step without chance in the line")


def test_the_widgets_fork_of_the_same_move_reuses_the_line_and_stays_armed() -> None:
    m, same = line_and_same_step()
    line = list(m.actions)
    w = NagaWidget(m, perspective="teacher")
    send(w, type="goto", to=same)
    send(w, type="fork")
    send(w, type="play", action=str(line[same]))
    assert w.status["message"] is None
    assert len(m.branches()) == 1 and len(w.timeline["branches"]) == 1
    assert w.step == same + 1 and m.actions == line
    assert w.timeline["fork_armed"] is True  # the next play here may still start a branch
    rng = random.Random(2)
    nxt = next(a for a in rng.sample(list(m.legal_actions()), len(m.legal_actions())) if a != line[same + 1])
    send(w, type="play", action=str(nxt))
    assert len(m.branches()) == 2 and m.branch == 1 and w.timeline["fork_armed"] is False
    w.close()


def test_a_watched_bot_forking_into_the_line_played_follows_it() -> None:
    m, same = line_and_same_step()
    line = list(m.actions)

    class Replays:
        """Plays the move the line holds at each step (as the bot that made it would, for a deterministic one)."""

        def act(self, observation: object, legal: object) -> object:
            return line[m.step]

    w = NagaWidget(m, players=[Replays(), Replays()])
    w.goto(same)
    send(w, type="fork")
    assert w.advance() is True
    assert len(m.branches()) == 1 and w.step == same + 1 and w.timeline["fork_armed"] is True
    w.close()
