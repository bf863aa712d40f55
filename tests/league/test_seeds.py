"""The league's seeds: keyed by a secret of the results folder (mode 0600), never the same in
another folder, and a league plays again from its folder the same games, byte for byte.
(The seed attack itself is in test_hostile.py.)"""

from __future__ import annotations

import json
import os
import shutil
import stat
from pathlib import Path

import pytest

from naga_widget.cli import main
from naga_widget.league import LeagueSetupError, Limits, league
from naga_widget.league.seeds import SECRET_FILE, Seeds

from .samples import GOOD, write

LIMITS = Limits(move_seconds=2.0, game_seconds=30.0, memory_mb=512)


def test_the_secret_is_made_private_once_and_reused(tmp_path: Path) -> None:
    first = Seeds.of_folder(tmp_path / "out")
    path = tmp_path / "out" / SECRET_FILE
    assert stat.S_IMODE(path.stat().st_mode) == 0o600 and path.stat().st_uid == os.geteuid()
    again = Seeds.of_folder(tmp_path / "out")
    assert (again.key, again.league, again.chosen) == (first.key, first.league, False)
    assert first.league >= 0 and len(first.key) == 32
    chosen = Seeds.of_folder(tmp_path / "out", 5)
    assert (chosen.key, chosen.league, chosen.chosen) == (first.key, 5, True)
    elsewhere = Seeds.of_folder(tmp_path / "other", 5)  # the same seed in another folder: other deals
    assert elsewhere.key != first.key and elsewhere.deal(0) != chosen.deal(0)
    assert "key=<secret>" in repr(first) and first.key.hex() not in repr(first)


def test_a_secret_others_may_read_or_a_damaged_one_is_refused(tmp_path: Path) -> None:
    Seeds.of_folder(tmp_path)
    path = tmp_path / SECRET_FILE
    path.chmod(0o644)
    with pytest.raises(LeagueSetupError, match="chmod 600"):
        Seeds.of_folder(tmp_path)
    path.chmod(0o600)
    path.write_text("{not json")
    with pytest.raises(LeagueSetupError, match="damaged"):
        Seeds.of_folder(tmp_path)
    path.unlink()
    os.symlink(tmp_path / "elsewhere.json", path)
    with pytest.raises(LeagueSetupError, match="cannot be read"):
        Seeds.of_folder(tmp_path)
    with pytest.raises(LeagueSetupError, match="league seed"):
        Seeds.fresh(-1)


@pytest.mark.serial  # bots play under a move clock
def test_a_league_plays_again_from_its_results_folder_byte_for_byte(tmp_path: Path,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    subs = write(tmp_path / "subs", GOOD)
    out = tmp_path / "out"
    first = league(subs, out, deals=1, limits=LIMITS, workers=1, progress=False)
    assert first.played == 2 and not first.seed_chosen
    games = {p.name: p.read_bytes() for p in (out / "games").glob("*.json")}
    checks = {p.name: p.read_bytes() for p in (out / "checks").glob("*.json")}
    saved = [json.loads(text)["saved"] for text in games.values()]
    shutil.rmtree(out / "games")
    shutil.rmtree(out / "checks")
    assert main(["league", str(subs), "--out", str(out), "--deals", "1", "--workers", "1", "--move-seconds", "2",
                 "--game-seconds", "30", "--quiet"]) == 0  # played again, not read back
    assert "2 played now, 0 from earlier runs" in capsys.readouterr().out
    again = {p.name: json.loads(p.read_text()) for p in (out / "games").glob("*.json")}
    assert set(again) == set(games) and sorted(g["saved"] for g in again.values()) == sorted(saved)
    assert {p.name for p in (out / "checks").glob("*.json")} == set(checks)
    # the secret carried to another folder plays the same games there
    moved = tmp_path / "moved"
    moved.mkdir()
    shutil.copy2(out / SECRET_FILE, moved / SECRET_FILE)
    there = league(subs, moved, deals=1, limits=LIMITS, workers=1, progress=False)
    assert [g["saved"] for g in there.games] == [g["saved"] for g in first.games]
    # a folder of its own draws other deals
    other = Seeds.of_folder(tmp_path / "fresh")
    assert other.deal(0) not in {g["seed"] for g in first.games}
