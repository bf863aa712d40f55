"""The arena: reproducible round robins, isolated bots, forfeits, figures, saved games, Dask.

Bots used by games in other processes are defined at module level, so those processes can
import them. Nothing here builds a match at import time: a bot's process imports this module,
and the isolation test looks for match objects there.
"""

from __future__ import annotations

import gc
import io
import json
import math
import os
import re
import sys
import threading
import time
import warnings
from dataclasses import fields, replace
from functools import partial
from pathlib import Path
from types import FrameType
from typing import Any

import pytest
from typed_json import mismatches

from naga_widget import Match, State
from naga_widget.arena import FORFEIT, ArenaResult, GameRecord, fit_elo, tournament, wilson
from naga_widget.arena.lineup import derive_seed
from naga_widget.arena.progress import NOTE, Bar
from naga_widget.arena.referee import GameJSON
from naga_widget.arena.settings import SettingError, check_settings
from naga_widget.arena.stats import PRIOR
from naga_widget.bots import RandomBot
from naga_widget.cli import main, usage_of
from naga_widget.rules import TEMPLE_NAMES, AnyAction, LegalActions

TWO = {"a": RandomBot, "b": RandomBot}


# -- bots for the tests ----------------------------------------------------------------------------
class FirstBot:
    """Always the first legal action: its moves can be recognized in a saved game."""

    def act(self, observation: dict[str, Any], legal: LegalActions) -> AnyAction:
        return next(iter(legal))


class FailingBot(RandomBot):
    """Plays randomly, then raises on its ``fail_at``-th decision."""

    def __init__(self, seed: int | None = None, fail_at: int = 4) -> None:
        super().__init__(seed)
        self.moves, self.fail_at = 0, fail_at

    def act(self, observation: dict[str, Any], legal: LegalActions) -> Any:
        self.moves += 1
        if self.moves == self.fail_at:
            raise ZeroDivisionError("the bot divided by zero on purpose")
        return super().act(observation, legal)


class IllegalBot:
    def act(self, observation: dict[str, Any], legal: LegalActions) -> str:
        return "place 99 rot0"


class DyingBot:
    """Ends its own process on its first decision (only ever played in a child process)."""

    def act(self, observation: dict[str, Any], legal: LegalActions) -> Any:
        os._exit(3)


class SleepyBot(RandomBot):
    """Sleeps 30 s over its first decision of each game (only ever played under a time limit)."""

    def act(self, observation: dict[str, Any], legal: LegalActions) -> Any:
        if not getattr(self, "slept", False):
            self.slept = True
            time.sleep(30)
        return super().act(observation, legal)


class WireBot(RandomBot):
    """Writes to the referee's connection itself (found among its process's open files), then sleeps:
    ``head`` is the start of a message whose body never comes, or announces a message too long."""

    head = b"\x00\x00\x00\x40{"

    def act(self, observation: dict[str, Any], legal: LegalActions) -> Any:
        for fd in range(3, 64):  # the referee's connection is among its process's open files
            try:
                os.write(fd, self.head)
            except OSError:
                pass
        time.sleep(30)
        return super().act(observation, legal)


class FloodBot(WireBot):
    head = b"\x00\x10\x00\x00"  # a message of 1 MB announced


class CountingBot(RandomBot):
    def act(self, observation: dict[str, Any], legal: LegalActions) -> Any:
        self.moves = getattr(self, "moves", 0) + 1
        return super().act(observation, legal)


class LockedBot(RandomBot):
    """A bot instance that no pickler can copy to another process."""

    def __init__(self) -> None:
        super().__init__(0)
        self.lock = threading.Lock()


def seeded_random(seed: int) -> RandomBot:
    return RandomBot(seed)


def _engine_object(obj: object) -> bool:
    try:
        return isinstance(obj, (State, Match)) or type(obj).__name__ in ("State", "Match", "Node")
    except Exception:  # noqa: BLE001 - an object whose type cannot even be asked (some proxies)
        return False


class Cheater(RandomBot):
    """Looks for the true game on its first decision and writes what it found to ``report``.

    It walks every frame up from its own ``act`` (locals, globals and what they refer to, a few
    levels deep) and every object the garbage collector tracks.
    """

    def __init__(self, report: str, seed: int | None = None) -> None:
        super().__init__(seed)
        self.report, self.looked = report, False

    def act(self, observation: dict[str, Any], legal: LegalActions) -> Any:
        if not self.looked:
            self.looked = True
            found: set[str] = set()
            frames = examined = 0
            frame: FrameType | None = sys._getframe()
            while frame is not None:
                frames += 1
                frontier = [*frame.f_locals.values(), *frame.f_globals.values()]
                for _ in range(3):
                    nxt = []
                    for obj in frontier:
                        examined += 1
                        if _engine_object(obj):
                            found.add(type(obj).__name__)
                        elif not isinstance(obj, (str, bytes, int, float, type)) and examined < 200_000:
                            nxt.extend(gc.get_referents(obj))
                    frontier = nxt
                frame = frame.f_back
            tracked = gc.get_objects()
            found.update(type(o).__name__ for o in tracked if _engine_object(o))
            Path(self.report).write_text(json.dumps(
                {"pid": os.getpid(), "frames": frames, "examined": examined + len(tracked), "found": sorted(found)}))
        return super().act(observation, legal)


# -- reproducibility ----------------------------------------------------------------------------
@pytest.fixture(scope="module")
def three_bots_in_process() -> ArenaResult:
    bots = {"random": RandomBot, "first": FirstBot, "seeded": seeded_random}
    return tournament(bots, games=4, seed=11, workers=0, progress=False)


def test_the_same_seed_gives_the_same_tournament_in_process_and_in_two_workers(
        three_bots_in_process: ArenaResult, tmp_path: Path) -> None:
    bots = {"random": RandomBot, "first": FirstBot, "seeded": seeded_random}
    here = tournament(bots, games=4, seed=11, workers=0, progress=False, save_dir=tmp_path / "here")
    pool = tournament(bots, games=4, seed=11, workers=2, progress=False, save_dir=tmp_path / "pool")
    assert [g.saved for g in here.games] == [g.saved for g in three_bots_in_process.games]
    assert here.game_rows() == pool.game_rows() and here.to_rows() == pool.to_rows()
    assert str(here).splitlines()[1:] == str(pool).splitlines()[1:]  # the first line says where it ran
    files = sorted(p.name for p in (tmp_path / "here").iterdir())
    assert len(files) == 12 + 2 and files == sorted(p.name for p in (tmp_path / "pool").iterdir())
    for name in files:
        if name != "timing.json":  # times differ from run to run; the rest depends on the seed alone
            assert (tmp_path / "here" / name).read_bytes() == (tmp_path / "pool" / name).read_bytes(), name
    other = tournament(bots, games=4, seed=12, workers=0, progress=False)
    assert [g.seed for g in other.games] != [g.seed for g in here.games]
    assert [g.saved for g in other.games] != [g.saved for g in here.games]


def test_every_game_replays_from_its_seeds_alone(three_bots_in_process: ArenaResult) -> None:
    for g in three_bots_in_process.games:
        factories: dict[str, Any] = {"random": RandomBot, "first": lambda seed: FirstBot(), "seeded": seeded_random}
        bots = [factories[name](seed) for name, seed in zip(g.players, g.bot_seeds)]
        match = Match(seed=g.seed)
        while match.state.outcome is None:
            p = match.state.to_move
            match.play(bots[p].act(match.state.observe(p), match.state.legal_actions().detached()))
        assert match.dumps() == g.saved
    assert len({g.seed for g in three_bots_in_process.games}) == len(three_bots_in_process.games)


def test_seats_alternate_within_each_pair(three_bots_in_process: ArenaResult) -> None:
    result = three_bots_in_process
    for a, b in [("random", "first"), ("random", "seeded"), ("first", "seeded")]:
        games = [g for g in result.games if g.pair == (a, b)]
        assert [g.number for g in games] == [0, 1, 2, 3]
        assert [g.players for g in games] == [(a, b), (b, a), (a, b), (b, a)]
    # the seating is real: in every saved game, FirstBot's seat played the first legal action each time
    for g in result.games:
        if "first" not in g.players:
            continue
        seat = g.players.index("first")
        match = result.open(g.id)
        for node in match.line()[1:]:
            before = node.parent.state if node.parent else None
            assert before is not None
            first = next(iter(before.legal_actions()))
            assert (node.action == first) or before.to_move != seat
        assert any(n.parent and n.parent.state.to_move == seat for n in match.line()[1:])


def test_bot_factories_classes_functions_partials_and_copied_instances() -> None:
    instance = CountingBot(5)
    bots = {"class": RandomBot, "function": lambda: RandomBot(1), "partial": partial(FailingBot, fail_at=10**9),
            "instance": instance}
    result = tournament(bots, games=2, seed=2, workers=0, progress=False)
    assert len(result.games) == 6 * 2 and not result.errors
    assert not hasattr(instance, "moves"), "each game plays a copy of the instance, not the instance itself"
    with pytest.raises(TypeError, match="bot class, a function that returns a bot, or a bot instance"):
        tournament({"a": RandomBot, "b": 42}, games=1, workers=0, progress=False)  # type: ignore[dict-item]
    with pytest.raises(ValueError, match="at least two bots"):
        tournament({"a": RandomBot}, games=1, workers=0, progress=False)
    with pytest.raises(ValueError, match="games .per pair. must be"):
        tournament(TWO, games=0, workers=0, progress=False)


def test_a_bot_that_cannot_travel_to_a_worker_is_named_before_any_game() -> None:
    with pytest.raises(TypeError, match=r"bot 'locked' cannot be sent to a worker process.*workers=0"):
        tournament({"locked": LockedBot(), "b": RandomBot}, games=1, workers=1, progress=False)
    ok = tournament({"locked": LockedBot(), "b": RandomBot}, games=1, workers=0, progress=False)
    assert len(ok.games) == 1


# -- saved games -----------------------------------------------------------------------------------
def test_saved_games_reload_replay_and_agree_with_the_records(three_bots_in_process: ArenaResult,
                                                              tmp_path: Path) -> None:
    result = three_bots_in_process
    result.save(tmp_path)
    summary = json.loads((tmp_path / "results.json").read_text(encoding="utf-8"))
    assert summary["bots"] == ["random", "first", "seeded"] and len(summary["games"]) == 12
    for g in result.games:
        match = result.open(g.id)
        outcome = match.state.outcome
        assert outcome is not None and match.seed == g.seed
        assert (outcome.winner, outcome.reason, tuple(outcome.scores)) == (g.winner_seat, g.reason, g.scores)
        assert match.last_step == g.steps and match.state.round == g.rounds
        assert g.history[-1] == g.scores and len(g.history) == g.rounds
        (file,) = tmp_path.glob(f"game-{g.id:04d}-*.json")
        assert Match.load(str(file)).dumps() == g.saved
        replay = Match(seed=g.seed)
        for action in match.actions:
            replay.play(action)
        assert replay.state.digest() == match.state.digest()
    with pytest.raises(KeyError, match="no game 99"):
        result.open(99)


def test_a_game_opens_in_a_teacher_widget(three_bots_in_process: ArenaResult) -> None:
    pytest.importorskip("anywidget")
    from naga_widget import NagaWidget

    widget = NagaWidget(three_bots_in_process.open(3), perspective="teacher")
    assert widget._match.state.digest() == three_bots_in_process.open(3).state.digest()
    assert widget.perspective == "teacher"


# -- isolation -----------------------------------------------------------------------------------
@pytest.mark.parametrize("workers", [0, 1, 2])
def test_a_cheating_bot_finds_the_true_state_only_in_process(workers: int, tmp_path: Path) -> None:
    report = tmp_path / "report.json"
    bots = {"cheater": partial(Cheater, str(report)), "random": RandomBot}
    result = tournament(bots, games=1, seed=4, workers=workers, progress=False)
    assert not result.errors
    seen = json.loads(report.read_text())
    assert seen["frames"] >= 2 and seen["examined"] > 1000  # it did look
    if workers == 0:
        assert {"Match", "State"} <= set(seen["found"]) and seen["pid"] == os.getpid()
    else:
        assert seen["found"] == [] and seen["pid"] != os.getpid()


# -- bots that fail -------------------------------------------------------------------------------
@pytest.mark.parametrize("workers", [0, 1])
def test_a_bot_that_raises_forfeits_its_games_and_the_tournament_goes_on(workers: int) -> None:
    bots = {"faulty": FailingBot, "random": RandomBot, "steady": RandomBot}
    result = tournament(bots, games=2, seed=5, workers=workers, progress=False)
    forfeited = [g for g in result.games if g.reason == FORFEIT]
    assert [g.forfeited for g in forfeited] == ["faulty"] * 4
    assert all(g.winner != "faulty" and "faulty" in g.players for g in forfeited)
    for g in forfeited:
        assert g.error is not None and g.error.startswith(f"game {g.id} (")
        assert "bot 'faulty'" in g.error and "raised ZeroDivisionError: the bot divided by zero on purpose" in g.error
        assert "at step" in g.error and "ZeroDivisionError" in g.details
        assert Match.loads(g.saved).state.outcome is None  # the match as far as it got
    clean = [g for g in result.games if g.pair == ("random", "steady")]
    assert len(clean) == 2 and all(g.reason != FORFEIT for g in clean)
    row = {r["bot"]: r for r in result.to_rows()}
    assert row["faulty"]["losses"] == 4 and row["faulty"]["forfeited"] == 4 and row["faulty"][FORFEIT] == 4
    assert "4 game(s) forfeited" in str(result) and "forfeited" in result._repr_html_()


def test_an_illegal_action_and_a_dead_process_are_forfeits_too() -> None:
    result = tournament({"illegal": IllegalBot, "dying": DyingBot, "random": RandomBot}, games=2, seed=6,
                        workers=1, progress=False)
    by_pair = {pair: [g for g in result.games if g.pair == pair] for pair in
               [("illegal", "dying"), ("illegal", "random"), ("dying", "random")]}
    for g in by_pair[("illegal", "random")]:
        assert g.forfeited == "illegal" and "played 'place 99 rot0'" in (g.error or "") and "(R" in (g.error or "")
    for g in by_pair[("dying", "random")]:
        assert g.forfeited == "dying" and "ended its process (exit code 3)" in (g.error or "")
    # whoever moves first in a game between them forfeits; the dead process is started again each game
    assert all(g.reason == FORFEIT for g in by_pair[("illegal", "dying")])
    assert len(result.errors) == 6


@pytest.mark.serial  # a move clock of 0.5 s, and the whole run timed
def test_a_bot_over_the_move_timeout_is_stopped_and_forfeits_and_the_tournament_goes_on() -> None:
    started = time.monotonic()
    result = tournament({"sleepy": SleepyBot, "random": RandomBot, "steady": RandomBot}, games=2, seed=7,
                        workers=1, progress=False, move_timeout=0.5)
    assert time.monotonic() - started < 15, "the sleeping bot was not stopped"
    forfeited = [g for g in result.games if g.reason == FORFEIT]
    assert [g.forfeited for g in forfeited] == ["sleepy"] * 4  # its process is started again for every game
    for g in forfeited:
        match = Match.loads(g.saved)
        seat = g.players.index("sleepy")
        assert match.state.to_move == seat  # it was sleepy's first decision that ran out of time
        assert all(node.parent is None or node.parent.state.to_move != seat for node in match.line())
        gold, silver = TEMPLE_NAMES
        assert g.error == (f"game {g.id} ({g.gold} as {gold} vs {g.silver} as {silver}, seed {g.seed}): bot 'sleepy' "
                           f"({TEMPLE_NAMES[seat]}) took longer than 0.5 s to choose its move at step "
                           f"{match.last_step + 1}")
        assert "was stopped after 0.5 s" in g.details
    clean = [g for g in result.games if g.pair == ("random", "steady")]
    assert len(clean) == 2 and not any(g.error for g in clean)  # fast bots are not hurt by the limit


@pytest.mark.serial  # a move clock, and the whole run timed
@pytest.mark.parametrize("bot", [WireBot, FloodBot])
def test_a_bot_that_writes_part_of_an_answer_or_too_long_a_one_itself_is_stopped(bot: type) -> None:
    started = time.monotonic()
    result = tournament({"wire": bot, "random": RandomBot}, games=1, seed=7, workers=1, progress=False,
                        move_timeout=5)
    assert time.monotonic() - started < 20, "the referee waited for the rest of the message"
    (game,) = result.games
    assert game.forfeited == "wire" and game.failure == "protocol"
    assert "sent an answer that is not part of the protocol" in (game.error or "")


@pytest.mark.parametrize("timeout", [0, -1, math.nan, math.inf, True, "1"])
def test_move_timeout_must_be_a_positive_number(timeout: Any) -> None:
    with pytest.raises(ValueError, match=r"move_timeout must be None or a positive number of seconds, not"):
        tournament(TWO, games=1, workers=1, progress=False, move_timeout=timeout)


def test_move_timeout_in_process_cannot_apply_and_says_so() -> None:
    with pytest.warns(RuntimeWarning, match="move_timeout applies only to bots in their own process"):
        result = tournament(TWO, games=2, seed=1, workers=0, progress=False, move_timeout=2)
    assert result.game_rows() == tournament(TWO, games=2, seed=1, workers=0, progress=False).game_rows()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        tournament(TWO, games=1, seed=1, workers=0, progress=False)  # no limit, no warning


# -- figures --------------------------------------------------------------------------------------
def fake_games(pairs: dict[tuple[str, str], tuple[int, int]]) -> list[GameRecord]:
    """Games with the given (wins of a, wins of b) per pair, seats alternating."""
    games: list[GameRecord] = []
    for (a, b), (wa, wb) in pairs.items():
        for k, winner in enumerate([a] * wa + [b] * wb):
            gold, silver = (a, b) if k % 2 == 0 else (b, a)
            seat = (gold, silver).index(winner)
            scores = (25, 10) if seat == 0 else (10, 25)
            games.append(GameRecord(
                id=len(games), pair=(a, b), number=k, gold=gold, silver=silver, seed=k, bot_seeds=(0, 0),
                winner=winner, winner_seat=seat, reason="target_score", scores=scores, rounds=3 + k % 2,
                steps=30, history=((1, 2), (5, 5), scores), saved=""))
    return games


def test_wilson_intervals_match_the_formula_values() -> None:
    assert wilson(7, 10) == pytest.approx((0.3968, 0.8922), abs=1e-4)
    low, high = wilson(0, 10)
    assert low == 0 and high == pytest.approx(1.959964**2 / (10 + 1.959964**2), abs=1e-6)
    assert wilson(50, 100) == pytest.approx((0.4038, 0.5962), abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)


def test_elo_of_two_bots_is_the_closed_form_of_the_model() -> None:
    for wins, losses in [(12, 0), (7, 3), (5, 5), (1, 9)]:
        r = fit_elo(["x", "y"], {("x", "y"): (wins, losses)})
        expected = 400 * math.log10((wins + PRIOR) / (losses + PRIOR))
        assert r["x"] - r["y"] == pytest.approx(expected, abs=1e-6)
        assert (r["x"] + r["y"]) / 2 == pytest.approx(1500)


def test_elo_of_three_bots_solves_the_likelihood_equations() -> None:
    tally = {("a", "b"): (8, 2), ("b", "c"): (7, 3), ("a", "c"): (6, 4)}
    r = fit_elo(["a", "b", "c"], tally)
    assert r["a"] > r["b"] > r["c"]
    for bot in "abc":  # at the maximum, each bot's expected wins equal its (prior-smoothed) wins
        observed = expected = 0.0
        for (x, y), (wx, wy) in tally.items():
            if bot in (x, y):
                other = y if bot == x else x
                p = 1 / (1 + 10 ** ((r[other] - r[bot]) / 400))
                observed += (wx if bot == x else wy) + PRIOR
                expected += p * (wx + wy + 2 * PRIOR)
        assert observed == pytest.approx(expected, abs=1e-6)


def test_the_table_of_a_constructed_result() -> None:
    games = fake_games({("strong", "mid"): (10, 0), ("strong", "weak"): (10, 0), ("mid", "weak"): (7, 3)})
    result = ArenaResult(("strong", "mid", "weak"), tuple(games), seed=1, games_per_pair=10)
    rows = {r["bot"]: r for r in result.to_rows()}
    assert (rows["strong"]["wins"], rows["strong"]["losses"]) == (20, 0)
    assert (rows["mid"]["wins"], rows["mid"]["losses"]) == (7, 13)
    assert (rows["mid"]["win_rate_low"], rows["mid"]["win_rate_high"]) == pytest.approx(wilson(7, 20))
    assert rows["weak"]["target_score"] == 20 and rows["weak"][FORFEIT] == 0
    assert rows["strong"]["mean_rounds"] == pytest.approx(3.5)
    assert rows["strong"]["elo"] > rows["mid"]["elo"] > rows["weak"]["elo"]
    for r in rows.values():
        assert r["elo_low"] <= r["elo"] <= r["elo_high"] and r["elo_low"] < r["elo_high"]
    pair = next(p for p in result.pair_rows() if (p["bot"], p["opponent"]) == ("mid", "weak"))
    assert (pair["wins"], pair["losses"], pair["games_as_gold"], pair["games_as_silver"]) == (7, 3, 5, 5)
    assert pair["wins_as_gold"] + pair["wins_as_silver"] == 7
    text = str(result)
    assert "strong" in text and "mid vs weak" in text and "7-3" in text and f"{rows['mid']['elo']:.0f}" in text
    page = result._repr_html_()
    assert page.count("<tr>") == 1 + 3 + 1 + 3 and "mid vs weak" in page
    again = ArenaResult(("strong", "mid", "weak"), tuple(games), seed=1, games_per_pair=10)
    assert again.to_rows() == result.to_rows(), "the bootstrap has a fixed seed"


def test_rating_intervals_narrow_with_more_games() -> None:
    def width(n: int) -> float:
        games = fake_games({("x", "y"): (7 * n, 3 * n)})
        rating = ArenaResult(("x", "y"), tuple(games), seed=3, games_per_pair=10 * n).ratings["x"]
        assert rating.low <= rating.elo <= rating.high
        return rating.high - rating.low

    assert width(1) > 2 * width(10) > 0


def test_plots_show_win_rates_and_mean_scores_per_round() -> None:
    pytest.importorskip("matplotlib")
    from naga_widget.arena.plots import mean_scores

    games = fake_games({("x", "y"): (3, 1)})
    result = ArenaResult(("x", "y"), tuple(games), seed=3, games_per_pair=4)
    fig = result.plot_win_rates()
    (ax,) = fig.axes
    heights = [bar.get_height() for bar in ax.patches]  # type: ignore[attr-defined]
    assert heights == pytest.approx([0.75, 0.25])
    means = mean_scores(result.bots, result.games)
    # x won 3 of 4: as gold in games 0 and 2 (25), as silver in game 1 (25), lost game 3 as silver (10)
    assert means["x"] == pytest.approx([1.5, 5.0, (25 + 25 + 25 + 10) / 4])
    fig = result.plot_scores()
    lines = fig.axes[0].get_lines()
    assert [line.get_label() for line in lines] == ["x", "y"] and list(lines[0].get_ydata()) == means["x"]  # type: ignore[arg-type]
    # a plain matplotlib figure, made without pyplot: nothing is left open in pyplot's list of figures
    from matplotlib import _pylab_helpers
    from matplotlib.figure import Figure

    assert type(fig) is Figure and _pylab_helpers.Gcf.get_num_fig_managers() == 0
    out = io.StringIO()
    fig.savefig(out, format="svg")
    svg = out.getvalue()
    assert svg.lstrip().startswith("<?xml") and "<svg" in svg
    # or drawn into a figure of one's own, one plot per axes
    mine = Figure()
    left, right = mine.subplots(1, 2)
    assert result.plot_win_rates(ax=left) is mine and result.plot_scores(ax=right) is mine
    assert [bar.get_height() for bar in left.patches] == pytest.approx([0.75, 0.25])  # type: ignore[attr-defined]
    assert [line.get_label() for line in right.get_lines()] == ["x", "y"]


# -- where the games run ---------------------------------------------------------------------------
def test_a_dask_cluster_gives_the_same_result_as_the_process_pool(three_bots_in_process: ArenaResult) -> None:
    distributed = pytest.importorskip("distributed")
    bots = {"random": RandomBot, "first": FirstBot, "seeded": seeded_random}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                                      silence_logs=40) as cluster, distributed.Client(cluster) as client:
            result = tournament(bots, games=4, seed=11, client=client, progress=False)
    assert [g.saved for g in result.games] == [g.saved for g in three_bots_in_process.games]
    assert result.to_rows() == three_bots_in_process.to_rows() and "Dask cluster of 2 worker" in result.where
    with pytest.raises(ValueError, match="not both"):
        tournament(bots, games=1, workers=2, client=object(), progress=False)


def test_pyodide_plays_in_process_and_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "platform", "emscripten")
    with pytest.warns(RuntimeWarning, match="Pyodide has no processes"):
        result = tournament(TWO, games=2, seed=1, workers=2, progress=False)
    assert "not isolated" in result.where
    expected = tournament(TWO, games=2, seed=1, workers=0, progress=False)
    assert result.game_rows() == expected.game_rows()


def test_the_progress_bar_counts_games_and_falls_back_to_a_note(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("tqdm")
    stream = io.StringIO()
    with Bar(3, enabled=True, stream=stream) as bar:
        for _ in range(3):
            bar.update()
    assert "3/3 games" in stream.getvalue()
    monkeypatch.setitem(sys.modules, "tqdm.auto", None)  # as if tqdm were not installed
    stream = io.StringIO()
    Bar(3, enabled=True, stream=stream).update()
    assert stream.getvalue() == NOTE
    stream = io.StringIO()
    Bar(3, enabled=False, stream=stream).update()
    assert stream.getvalue() == ""


def test_seeds_are_derived_from_the_tournament_seed_and_the_game() -> None:
    seeds = {derive_seed(1, "match", "a", "b", k) for k in range(50)}
    assert len(seeds) == 50 and all(0 <= s < 2**32 for s in seeds)
    assert derive_seed(1, "match", "a", "b", 0) != derive_seed(2, "match", "a", "b", 0)
    result = tournament(TWO, games=2, seed=1, workers=0, progress=False)
    assert [g.seed for g in result.games] == [derive_seed(1, "match", "a", "b", k) for k in range(2)]


# -- the command line ------------------------------------------------------------------------------
def test_cli_arena_prints_the_table_and_saves_the_games(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "path", list(sys.path))
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mybot.py").write_text(
        "from naga_widget.bots import RandomBot\n\nclass MyBot(RandomBot):\n    pass\n", encoding="utf-8")
    argv = ["arena", "random", "mybot:MyBot", "random", "--games", "2", "--seed", "3", "--workers", "1",
            "--quiet", "--save", "out"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    import mybot  # type: ignore[import-not-found]

    expected = tournament({"random": RandomBot, "mybot:MyBot": mybot.MyBot, "random-2": RandomBot}, games=2, seed=3,
                          workers=0, progress=False)
    table, timing = out.split("\n\ntime per decision (wall clock)\n")
    assert table.splitlines()[1:] == str(expected).splitlines()[1:]
    times = timing.splitlines()
    assert [t.split()[0] for t in times[:3]] == ["random", "mybot:MyBot", "random-2"]
    assert all(re.search(r"mean \d+\.\d{3} s, slowest \d+\.\d{3} s, \d+ decisions$", t) for t in times[:3])
    assert times[-1] == "games saved in out"
    thinking = json.loads((tmp_path / "out" / "timing.json").read_text(encoding="utf-8"))
    assert thinking["bots"]["mybot:MyBot"]["decisions"] == sum(
        g.decisions[g.players.index("mybot:MyBot")] for g in expected.games if "mybot:MyBot" in g.players) > 0
    saved = sorted((tmp_path / "out").glob("game-*.json"))
    assert [p.read_text(encoding="utf-8") for p in saved] == [g.saved for g in expected.games]


@pytest.mark.parametrize("argv, message", [
    (["arena", "random"], "at least two bots"),
    (["arena", "random", "chess"], "unknown bot 'chess'"),
    (["arena", "random", "nosuchmodule:Bot"], "cannot import 'nosuchmodule'"),
    (["arena", "random", "naga_widget.bots:NoBot"], "has no 'NoBot'"),
    (["arena", "random", "random", "--games", "0"], "--games must be at least 1"),
    (["arena", "random", "random", "--workers", "-1"], "--workers must be 0 or more"),
    (["arena", "random", "random", "--move-timeout", "0"], "--move-timeout must be a positive number of seconds"),
    (["arena", "random", "random", "--move-timeout", "nan"], "--move-timeout must be a positive number of seconds"),
    (["arena", "random", "random", "--move-timeout", "soon"], "--move-timeout: invalid float value: 'soon'"),
])
def test_cli_arena_rejects_bad_arguments(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2 and message in capsys.readouterr().err


@pytest.mark.parametrize("settings, setting, option", [
    ({"games": 0}, "games", "--games must be at least 1, not 0"),
    ({"games": 2.0}, "games", None),
    ({"workers": -1}, "workers", "--workers must be 0 or more, not -1"),
    ({"workers": True}, "workers", None),
    ({"move_timeout": 0}, "move_timeout", "--move-timeout must be a positive number of seconds, not 0"),
    ({"move_timeout": math.nan}, "move_timeout", "--move-timeout must be a positive number of seconds, not nan"),
    ({"workers": 1, "client": object()}, "client", None),
])
def test_the_tournament_and_the_command_line_share_one_check_of_the_settings(
        settings: dict[str, Any], setting: str, option: str | None, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SettingError) as info:
        tournament(TWO, progress=False, **settings)
    assert info.value.setting == setting and isinstance(info.value, ValueError)
    with pytest.raises(SettingError):
        check_settings(bots=2, **settings)
    if option is not None:
        assert usage_of(info.value) == option
        argv = ["arena", "random", "random", f"--{setting.replace('_', '-')}", str(settings[setting])]
        with pytest.raises(SystemExit):
            main(argv)
        assert option in capsys.readouterr().err
    with pytest.raises(SettingError, match="at least two bots, got 1"):
        tournament({"a": RandomBot}, progress=False, **settings)  # the number of bots is checked first


def test_cli_arena_passes_the_move_timeout_on(monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    import naga_widget.arena

    seen: list[dict[str, Any]] = []

    class Table:
        def __str__(self) -> str:
            return "the table"

        def thinking_text(self) -> str:
            return "the times"

    def fake_tournament(bots: dict[str, Any], **options: Any) -> Table:
        seen.append(options)
        return Table()

    monkeypatch.setattr(naga_widget.arena, "tournament", fake_tournament)
    assert main(["arena", "random", "random", "--games", "1", "--move-timeout", "2.5", "--quiet"]) == 0
    assert main(["arena", "random", "random", "--games", "1", "--quiet"]) == 0
    assert [s["move_timeout"] for s in seen] == [2.5, None]
    assert capsys.readouterr().out == "the table\n\nthe times\n" * 2


def test_record_fields_survive_json() -> None:
    (game,) = fake_games({("x", "y"): (1, 0)})
    data = json.loads(json.dumps(game.to_json()))
    assert data["winner"] == "x" and data["pair"] == ["x", "y"] and "saved" not in data
    assert replace(game, reason=FORFEIT).forfeited == "y"
    # every field of the record, and only those, as referee.GameJSON names them
    whole = json.loads(json.dumps(game.to_json(saved=True, timing=True)))
    assert set(whole) == {f.name for f in fields(GameRecord)} == set(GameJSON.__annotations__)
    assert not mismatches(whole, GameJSON) and not mismatches(data, GameJSON)


def test_tournament_takes_its_settings_by_keyword() -> None:
    with pytest.raises(TypeError, match="positional"):
        tournament(TWO, 1, 2)  # type: ignore[misc]
