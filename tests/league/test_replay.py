"""Replays without a kernel: the widget's view on precomputed steps, in one HTML file that works
offline in Chromium, at most about 1 MB, holding nothing its perspective may not see."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from hidden_facts import fork_with_an_invoke, forked_match, hidden_ids, leaked, never_seen
from playwright.sync_api import Browser, Page, Route, expect

import naga_widget
from naga_widget import Match, RandomBot, play_match
from naga_widget.cli import main
from naga_widget.league.replay import replay_data, to_html, unpack_data


def played(seed: int) -> Match:
    match = Match(seed=seed)
    play_match(match, [RandomBot(seed), RandomBot(seed + 100)])
    return match


def packed(page: str) -> dict[str, Any]:
    found = re.search(r'<script type="application/octet-stream" id="naga-replay-data">([^<]*)</script>', page)
    assert found
    return unpack_data(found.group(1))


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("viewer", ["spectator", 0])
def test_no_step_of_a_replay_holds_what_its_viewer_may_not_see(seed: int, viewer: int | str) -> None:
    match = played(seed)
    page = to_html(match, viewer)
    data = packed(page)
    assert len(data["steps"]) == match.last_step + 1
    for k, row in enumerate(data["steps"]):
        shown = json.dumps({name: data["values"][i] for name, i in row.items() if name != "timeline"})
        for hidden in hidden_ids(match.state_at(k), viewer):
            assert f'"{hidden}"' not in shown, f"{hidden} is in step {k} of the {viewer} replay"
    # what stays hidden to the end is in no step, timeline labels included (the catalog lists every card)
    never = set.intersection(*(hidden_ids(match.state_at(k), viewer) for k in range(match.last_step + 1)))
    text = json.dumps(data["values"])
    assert never and not [h for h in never if f'"{h}"' in text or f" {h}" in text]
    statuses = [data["values"][row["status"]] for row in data["steps"]]
    assert {status["seed"] for status in statuses} == {None}  # the seed would give every card away
    assert '"saved"' not in text


def test_the_replay_of_one_line_names_no_card_invoked_on_another_line() -> None:
    """Silver could invoke and passed (line 0); the invoke was played on a fork (line 1): the replay of
    line 0 lists that line alone, and the card is still in silver's hand there."""
    match, invoke = fork_with_an_invoke(2)
    page = to_html(match, "spectator")
    data = packed(page)
    assert invoke.card in match.state.hands[1] and leaked({invoke.card}, json.dumps(data["values"])) == []
    timelines = [data["values"][row["timeline"]] for row in data["steps"]]
    assert {len(t["branches"]) for t in timelines} == {1} and {t["branch"] for t in timelines} == {0}
    match.switch(1)  # the line of the invoke: there it is public (R4.2.2)
    assert leaked({invoke.card}, json.dumps(packed(to_html(match, "spectator"))["values"])) == [invoke.card]


@pytest.mark.parametrize("viewer", ["spectator", 0, 1])
def test_a_replay_of_each_line_holds_nothing_hidden_on_that_line(viewer: int | str) -> None:
    """For every line of a match of several lines: no step of its replay holds what is hidden at that step
    (the timeline aside: it names the line's own last action), and the whole replay holds nothing hidden
    at every step of the line, as a text or a word, whatever the other lines showed."""
    match = forked_match(3)
    assert len(match.branches()) == 4
    for line in match.branches():
        match.switch(line.index)
        data = replay_data(match, viewer)
        assert len(data["steps"]) == match.last_step + 1
        for k, row in enumerate(data["steps"]):
            shown = json.dumps({name: data["values"][i] for name, i in row.items() if name != "timeline"})
            # as JSON texts: the events' words may name a card discarded earlier and shuffled back since
            found = [h for h in hidden_ids(match.state_at(k), viewer) if f'"{h}"' in shown]
            assert not found, f"{found} in step {k} of line {line.index}"
        never = never_seen(match, viewer)
        assert never and leaked(never, json.dumps(data["values"])) == [], f"line {line.index}"


def test_a_full_game_is_well_under_1_mb_and_repeats_are_stored_once() -> None:
    match = played(4)
    page = to_html(match, "teacher")
    data = replay_data(match, "teacher")
    assert len(page.encode()) < 1_000_000
    assert len(data["values"]) < len(data["steps"]) * len(data["steps"][0])
    assert data["catalog"]["rules"]  # the rule texts travel with the replay


def test_a_replay_of_everything_is_only_for_a_game_that_is_over() -> None:
    with pytest.raises(ValueError, match="only of a game that is over"):
        to_html(Match(seed=1), "teacher")
    with pytest.raises(ValueError, match="perspective must be one of"):
        to_html(played(1), "hotseat")


def test_a_replay_offers_no_new_game() -> None:
    """A widget offers a new game once its game is over (status.new_game); a replay cannot start one."""
    match = played(4)
    data = replay_data(match, 0)
    assert [data["values"][row["status"]]["new_game"] for row in data["steps"]] == [False] * len(data["steps"])
    from naga_widget import NagaWidget

    w = NagaWidget(match, perspective=0)
    assert w.state.is_over and w.status["new_game"] is True
    w.goto(3)
    assert w.status["new_game"] is False


def test_replay_html_is_the_replay() -> None:
    match = played(5)
    assert packed(naga_widget.replay_html(match)) == packed(to_html(match))
    assert packed(naga_widget.replay_html(match, 0)) == packed(to_html(match, 0))
    assert match.step == match.last_step  # the match keeps its cursor


def test_the_command_writes_a_replay_from_a_saved_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    match = played(6)
    match.save(str(tmp_path / "game.json"))
    assert main(["replay", str(tmp_path / "game.json"), "-o", str(tmp_path / "game.html")]) == 0
    assert "written to" in capsys.readouterr().out
    assert packed((tmp_path / "game.html").read_text())["steps"] == replay_data(match)["steps"]
    (tmp_path / "bad.json").write_text("{}")
    with pytest.raises(SystemExit):
        main(["replay", str(tmp_path / "bad.json")])


def offline(page: Page) -> list[str]:
    refused: list[str] = []

    def route(r: Route) -> None:
        if r.request.url.startswith(("file:", "data:")):
            r.continue_()
        else:
            refused.append(r.request.url)
            r.abort()

    page.route("**/*", route)
    return refused


@pytest.mark.serial  # a browser page
def test_a_replay_runs_offline_and_its_slider_moves_through_the_game(browser: Browser, tmp_path: Path) -> None:
    match = played(7)
    path = tmp_path / "replay.html"
    path.write_text(to_html(match, "spectator"), encoding="utf-8")
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    refused = offline(page)
    page.goto(path.as_uri())
    expect(page.locator("#naga-replay[data-ready=true]")).to_be_attached(timeout=15_000)
    slider = page.get_by_test_id("tl-slider")
    expect(slider).to_have_attribute("max", str(match.last_step))
    assert page.evaluate("window.__nagaReplayStep") == match.last_step
    for step in (0, 10, match.last_step // 2):
        slider.fill(str(step))
        page.wait_for_function(f"window.__nagaReplayStep === {step}")
        expect(page.get_by_test_id("tl-position")).to_contain_text(str(step))
    log = page.get_by_test_id("log").inner_text()
    assert any(e["text"][:20] in log for e in match.log("spectator", upto=match.last_step // 2)[-3:])
    page.get_by_test_id("root").focus()
    page.keyboard.press("End")
    page.wait_for_function(f"window.__nagaReplayStep === {match.last_step}")
    expect(page.get_by_test_id("actions")).to_contain_text("wins")  # the game is over here
    expect(page.get_by_test_id("new-game")).to_have_count(0)  # a replay starts no game: no such button
    assert errors == [] and refused == []
    page.close()
