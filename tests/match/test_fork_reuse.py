"""A fork that comes out exactly as a step already played starts no duplicate branch (``reuse=True``, as
the widget forks): the match follows the step already there. A fork whose chance differs is a branch."""

from __future__ import annotations

from match_helpers import build

from naga_widget import Match


def fork_outcomes(m: Match) -> tuple[int | None, int | None]:
    """A step of the line at which replaying its own action gives the same step (no chance drawn, or the
    same), and one at which it gives another (the chance of a new branch differs)."""
    same = differs = None
    for k in range(m.last_step):
        probe = Match.loads(m.dumps())
        probe.goto(k)
        probe.play(m.actions[k], fork=True)
        if probe.state == m.state_at(k + 1) and list(probe.node.events) == list(m.line()[k + 1].events):
            same = k if same is None else same
        else:
            differs = k if differs is None else differs
    return same, differs


def test_a_fork_identical_to_the_step_played_follows_it_instead_of_branching() -> None:
    m = build(14)
    line = list(m.actions)
    same, _ = fork_outcomes(m)
    assert same is not None
    m.goto(same)
    m.play(line[same], fork=True, reuse=True)
    assert len(m.branches()) == 1 and m.branch == 0  # no branch #1 equal to #0
    assert m.step == same + 1 and m.actions == line and m.last_step == 14
    m.goto(same)
    m.play(line[same], fork=True)  # without reuse, a fork is always a branch (the engine's API)
    assert len(m.branches()) == 2


def test_a_fork_whose_chance_differs_is_a_new_branch() -> None:
    m = build(14)
    line = list(m.actions)
    _, differs = fork_outcomes(m)
    assert differs is not None
    m.goto(differs)
    m.play(line[differs], fork=True, reuse=True)
    assert len(m.branches()) == 2 and m.branch == 1 and m.last_step == differs + 1


def test_forking_the_same_other_move_twice_makes_one_branch() -> None:
    m = build(14)
    same, _ = fork_outcomes(m)
    assert same is not None
    m.goto(same)
    other = next(a for a in m.legal_actions() if a != m.actions[same])
    m.play(other, fork=True, reuse=True)
    first = m.state
    assert len(m.branches()) == 2
    m.switch(0)
    m.goto(same)
    m.play(other, fork=True, reuse=True)
    if m.state == first:  # the move came out as on branch #1: that branch is followed, not copied (#2 = #1)
        assert len(m.branches()) == 2 and m.branch == 1
    else:  # its chance differed: a real other line
        assert len(m.branches()) == 3
