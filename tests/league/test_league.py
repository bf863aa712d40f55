"""A league over a folder of sample submissions: the check, the ranking, forfeits and their public
reasons, the cache and an interrupted league that resumes."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Route, expect
from typed_json import mismatches

from naga_widget.bots.turn import FailureKind, failure, refused
from naga_widget.cli import main
from naga_widget.league import LeagueSetupError, Limits, bwrap_works, discover, league, records
from naga_widget.rules import IllegalActionError

from .samples import FAULTY, GOOD, pin_seeds, write

LIMITS = Limits(move_seconds=1.0, game_seconds=20.0, memory_mb=512)


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory):
    root = tmp_path_factory.mktemp("league")
    subs = write(root / "subs", {**GOOD, **FAULTY})
    out = pin_seeds(root / "out", "played")  # who wins is looked at: the same deals on every run
    result = league(subs, out, deals=2, limits=LIMITS, workers=2, progress=False, site=True)
    return root, subs, result


def test_the_submissions_are_found_with_their_names_classes_and_hashes(tmp_path: Path) -> None:
    subs = write(tmp_path / "subs", {**GOOD, "notes.txt": "not a bot", "empty/readme.md": "x"})
    found, rejected = discover(subs)
    assert [s.name for s in found] == ["alice", "bob"]
    assert found[1].class_name == "BobBot" and found[0].class_name is None
    assert [(r.name, "bot.py" in r.error) for r in rejected] == [("empty", True)]
    before = found[1].digest
    (subs / "bob" / "helper.py").write_text("class Base:\n    x = 1\n")
    assert discover(subs)[0][1].digest != before  # any file of the folder changes the hash


@pytest.mark.serial  # bots play under a move clock
def test_a_failing_submission_is_left_out_with_its_error_and_traceback(played) -> None:
    _, _, result = played
    assert set(result.failures) == {"dave"}
    assert "could not be imported: RuntimeError: this submission does not import" in result.failures["dave"]["error"]
    assert "Traceback" in result.failures["dave"]["details"] and "dave" not in result.entrants
    assert sorted(result.entrants) == ["alice", "bob", "carol", "erin", "frank"]


@pytest.mark.serial  # bots play under a move clock
def test_forfeits_are_recorded_with_their_reasons_and_the_good_bots_lead(played) -> None:
    _, _, result = played
    assert result.isolation in ("bwrap", "process")
    assert len(result.games) == 10 * 2 * 2  # 10 pairs, 2 deals, each twice
    reasons = {name: {g["public_reason"] for g in result.forfeits(name)} for name in ("carol", "erin", "frank")}
    assert reasons["carol"] and all(r.startswith("took longer than 1 s over a move") for r in reasons["carol"])
    assert reasons["erin"] and all(r.startswith("played an action that is not legal") for r in reasons["erin"])
    assert reasons["frank"] and all(r.startswith("raised ValueError at step") for r in reasons["frank"])
    # a faulty bot forfeits each game it plays as silver, and only those
    for name in ("carol", "erin", "frank"):
        mine = [g for g in result.games if name in g["pair"]]
        assert {g["forfeited"] == name for g in mine if g["silver"] == name} == {True}
    assert not [g for g in result.games if g["forfeited"] in ("alice", "bob")]
    top = [row["name"] for row in result.standings()[:2]]
    assert sorted(top) == ["alice", "bob"]
    # the public reasons never quote what the bot said (its message named its cards)
    page = json.dumps([g["public_reason"] for g in result.games])
    assert "01a" not in page and "my hand" not in page
    assert "my hand is 01a 05a" in next(g["error"] for g in result.forfeits("frank"))  # the teacher's record has it


@pytest.mark.serial  # bots play under a move clock
def test_every_record_has_the_shape_of_its_typed_dict(played) -> None:
    """The games (in memory, in the results folder and in league.json), the submission left out, the
    standings and the pairs are league.records' TypedDicts, field by field."""
    root, _, result = played
    problems = [p for g in result.games for p in mismatches(g, records.LeagueGame, g["key"])]
    problems += mismatches(result.failures["dave"], records.LeftOut, "dave")
    problems += [p for row in result.standings() for p in mismatches(row, records.StandingRow, row["name"])]
    problems += [p for row in result.pairs() for p in mismatches(row, records.PairRow, row["a"])]
    files = sorted((root / "out" / "games").glob("*.json"))
    problems += [p for f in files for p in mismatches(json.loads(f.read_text()), records.LeagueGame, f.name)]
    saved = json.loads((root / "out" / "league.json").read_text())
    problems += [p for g in saved["games"] for p in mismatches({**g, "saved": ""}, records.LeagueGame, "league.json")]
    assert len(files) == 40 and not problems, problems[:10]


@pytest.mark.serial  # bots play under a move clock
def test_a_rerun_reuses_every_game_and_a_changed_submission_replays_only_its_pairs(played, tmp_path: Path) -> None:
    root, subs, result = played
    again = league(subs, root / "out", deals=2, limits=LIMITS, workers=2, progress=False)
    assert (again.played, again.reused) == (0, 40)
    assert [g["key"] for g in again.games] == [g["key"] for g in result.games]
    changed = tmp_path / "subs"
    write(changed, {**GOOD, **FAULTY})
    (changed / "alice.py").write_text(GOOD["alice.py"] + "\n# a comment: another hash\n")
    third = league(changed, root / "out", deals=2, limits=LIMITS, workers=2, progress=False)
    assert (third.played, third.reused) == (16, 24)  # alice's 4 pairs, 2 deals twice


def test_public_reasons_name_the_kind_of_failure_only() -> None:
    """The league shows a failure's summary, made from its kind and the facts safe to show."""
    illegal = refused("call 01a 05a", IllegalActionError("01a is not in your hand", "R4.1"))
    assert illegal.summary(4) == "played an action that is not legal at step 4 (R4.1)"
    assert "01a" in illegal.account(4)  # the teacher's record has the move

    def raised(error: BaseException, kind: FailureKind = FailureKind.RAISED) -> Any:
        try:
            raise error
        except BaseException as exc:  # noqa: BLE001 - the error is the test's own
            return failure(kind, exc=exc)

    assert raised(KeyError("07b")).summary(9) == "raised KeyError at step 9"
    assert raised(MemoryError()).summary(2) == "ran out of memory (its memory limit) at step 2"
    # a class a bot made itself may be named after its cards: only Python's own classes are named
    hand_class = type("Hand_01a_05a", (Exception,), {})
    own = raised(hand_class("boom"))
    assert own.summary(3) == "raised an exception of its own class at step 3" and "Hand_01a_05a" in own.private
    assert raised(hand_class("boom"), FailureKind.UNIMPORTED).summary() == "could not be imported"
    assert raised(NameError("x"), FailureKind.UNIMPORTED).summary() == "could not be imported (NameError)"


@pytest.mark.serial  # bots play under a move clock
def test_an_interrupted_league_resumes_without_losing_a_game(tmp_path: Path) -> None:
    subs = write(tmp_path / "subs", {"alice.py": GOOD["alice.py"], "alice2.py": GOOD["alice.py"].replace(
        "AliceBot", "Alice2"), "alice3.py": GOOD["alice.py"].replace("AliceBot", "Alice3")})
    out = tmp_path / "out"
    command = [sys.executable, "-m", "naga_widget.cli", "league", str(subs), "--out", str(out), "--deals", "4",
               "--workers", "1", "--quiet", "--move-seconds", "2"]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    games = out / "games"
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and len(list(games.glob("*.json"))) < 3:
        time.sleep(0.05)
    process.send_signal(signal.SIGKILL)  # killed, not asked to stop
    process.wait()
    kept = {p.name for p in games.glob("*.json")}
    assert 3 <= len(kept) < 24, "the league was stopped part-way"
    for path in games.glob("*.json"):
        json.loads(path.read_text())  # every file is whole (written atomically)
    result = league(subs, out, deals=4, limits=Limits(move_seconds=2.0), workers=2, progress=False)
    assert result.reused == len(kept) and result.played == 24 - len(kept)
    assert len(result.games) == 24 and {p.name for p in games.glob("*.json")} >= kept


@pytest.mark.serial  # bots play under a move clock
def test_the_command_prints_the_standings_and_the_isolation(played, capsys: pytest.CaptureFixture[str]) -> None:
    root, subs, _ = played
    assert main(["league", str(subs), "--out", str(root / "out"), "--deals", "2", "--move-seconds", "1",
                 "--game-seconds", "20", "--quiet"]) == 0
    text = capsys.readouterr().out
    assert "0 played now, 40 from earlier runs" in text
    assert ("bubblewrap sandbox" in text) == bwrap_works()
    assert "dave: " in text and "left out" in text


@pytest.mark.serial  # bots play under a move clock
def test_bad_limits_and_folders_are_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="move_seconds must be a positive number"):
        Limits(move_seconds=0)
    with pytest.raises(NotADirectoryError, match="is not a folder"):
        league(tmp_path / "missing", progress=False)
    write(tmp_path / "one", {"alice.py": GOOD["alice.py"]})
    with pytest.raises(ValueError, match="at least two submissions"):
        league(tmp_path / "one", tmp_path / "out", progress=False, limits=LIMITS)
    assert os.path.exists(tmp_path / "out" / "checks")  # the check itself was kept


def test_the_command_line_shows_the_leagues_own_errors_as_usage_and_any_other_as_a_traceback(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import naga_widget.league

    for argv, message in [([str(tmp_path / "missing")], "is not a folder"),
                          ([str(tmp_path), "--move-seconds", "0"], "limit move_seconds must be a positive number")]:
        with pytest.raises(SystemExit) as info:
            main(["league", *argv, "--quiet"])
        assert info.value.code == 2 and message in capsys.readouterr().err
    assert issubclass(LeagueSetupError, ValueError)

    def broken(*args: Any, **kwargs: Any) -> None:
        raise ValueError("a bug, not a usage error")

    monkeypatch.setattr(naga_widget.league, "league", broken)
    with pytest.raises(ValueError, match="a bug"):
        main(["league", str(tmp_path), "--quiet"])


@pytest.mark.serial  # bots play under a move clock
def test_the_site_opens_offline_with_the_ranking_failures_and_replays(played, browser: Browser) -> None:
    root, _, result = played
    site = root / "out" / "site"
    pages = [site / "index.html", site / "games.html", *sorted((site / "replays").glob("*.html"))]
    assert len(pages) == 2 + len(result.games)
    for page_file in pages:  # no bot's own words, nor the seeds that would give the cards away
        text = page_file.read_text()
        assert "my hand is" not in text and "this submission does not import" not in text
        assert not any(str(g["seed"]) in text for g in result.games if page_file.name == f"{g['key']}.html")
    page = browser.new_page()
    refused: list[str] = []

    def route(r: Route) -> None:
        if r.request.url.startswith(("file:", "data:")):
            r.continue_()
        else:
            refused.append(r.request.url)
            r.abort()

    page.route("**/*", route)
    page.goto((site / "index.html").as_uri())
    rows = page.get_by_test_id("ranking").locator("tbody tr")
    expect(rows).to_have_count(5)
    assert [rows.nth(i).locator("td").first.inner_text().split(". ", 1)[1] for i in range(5)] == \
        [row["name"] for row in result.standings()]
    failures = page.get_by_test_id("failures").inner_text()
    assert "dave" in failures and "could not be imported (RuntimeError)" in failures
    assert "took longer than 1 s over a move" in failures and "played an action that is not legal" in failures
    page.get_by_test_id("games-link").click()
    expect(page.get_by_test_id("games").locator("tbody tr")).to_have_count(len(result.games))
    page.get_by_test_id("games").locator("a").first.click()
    expect(page.locator("#naga-replay[data-ready=true]")).to_be_attached(timeout=15_000)
    page.get_by_test_id("tl-slider").fill("3")
    page.wait_for_function("window.__nagaReplayStep === 3")
    assert refused == []
    page.close()
