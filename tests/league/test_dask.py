"""A league on Dask (a LocalCluster of separate worker processes): the same games, limits and
isolation as on this machine's workers."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from naga_widget.league import Limits, league
from naga_widget.league.seeds import SECRET_FILE

from .samples import FAULTY, GOOD, write

pytestmark = pytest.mark.serial  # bots play under a move clock (and a Dask cluster)

distributed = pytest.importorskip("distributed")


def test_a_league_on_a_local_cluster_plays_the_same_games(tmp_path: Path) -> None:
    subs = write(tmp_path / "subs", {**GOOD, "erin.py": FAULTY["erin.py"]})
    limits = Limits(move_seconds=2.0, game_seconds=30.0)
    here = league(subs, tmp_path / "here", deals=1, limits=limits, workers=1, progress=False)
    (tmp_path / "remote").mkdir()
    shutil.copy2(tmp_path / "here" / SECRET_FILE, tmp_path / "remote" / SECRET_FILE)  # the same seeds
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        remote = league(subs, tmp_path / "remote", deals=1, limits=limits, client=client, progress=False)
    assert remote.played == len(remote.games) == 6 and remote.isolation == here.isolation
    assert [(g["key"], g["winner"], g["saved"]) for g in remote.games] == \
        [(g["key"], g["winner"], g["saved"]) for g in here.games]
    assert {g["public_reason"] for g in remote.forfeits("erin")} == {g["public_reason"] for g in here.forfeits("erin")}
    assert remote.forfeits("erin")
