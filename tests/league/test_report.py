"""The league's report with hostile text in it: a folder name and a bot's exception holding escape
codes, carriage returns, NULs and bidi overrides are shown escaped in the terminal, in a notebook
and on the site; a refused name shows its reason; one deal per pair says there are too few games
for Elo intervals."""

from __future__ import annotations

import unicodedata

import pytest

from naga_widget.cli import main
from naga_widget.league import Limits, league
from naga_widget.league.shown import HIDDEN, html_text, printable

from .samples import GOOD, write
from .test_collusion import league_of

LIMITS = Limits(move_seconds=2.0, game_seconds=30.0, memory_mb=512)
NASTY = "\x1b[2J\x1b[H\x1b]0;owned\x07\rgone\x00\u202eevil\u2066\u2028\x9b31m\ud800"
RAW = ["\x1b", "\r", "\x00", "\u202e", "\u2066", "\u2028", "\x9b", "\x07"]


def test_printable_escapes_every_character_that_is_not_drawn() -> None:
    shown = printable(NASTY + "\\x1b and é, 雪, ok")
    assert not any(unicodedata.category(c) in HIDDEN for c in shown)
    assert shown.startswith("\\x1b[2J\\x1b[H\\x1b]0;owned\\x07\\rgone\\x00\\u202eevil\\u2066\\u2028\\x9b31m\\ud800")
    assert shown.endswith("\\\\x1b and é, 雪, ok")  # a backslash of the text is doubled: no fake escapes
    assert printable("a\nb\tc") == "a\\nb\\tc"
    assert printable("x" * 50, limit=10) == "x" * 10 + "… (40 more characters)"
    assert html_text('<b onclick="x">\x1b') == "&lt;b onclick=&quot;x&quot;&gt;\\x1b"


@pytest.fixture(scope="module")
def hostile(tmp_path_factory: pytest.TempPathFactory):
    root = tmp_path_factory.mktemp("report")
    subs = write(root / "subs", {**GOOD, "mallory.py": f"raise RuntimeError({NASTY!r})\n"})
    evil = subs / "\x1b[2Jeve\u202e\r"
    evil.mkdir()
    (evil / "bot.py").write_text(GOOD["alice.py"])
    news: list[str] = []
    result = league(subs, root / "out", deals=1, limits=LIMITS, workers=1, progress=False, site=True,
                    log=news.append)
    return root, subs, result, news


def clean(text: str) -> None:
    found = [repr(c) for c in RAW if c in text]
    assert not found, f"raw {found} in the output"


@pytest.mark.serial  # bots play under a move clock
def test_hostile_names_and_errors_are_escaped_in_the_terminal_and_a_notebook(hostile, capsys) -> None:
    root, subs, result, news = hostile
    assert set(result.failures) == {"mallory", "\x1b[2Jeve\u202e\r"}
    assert "\x1b[2J" in result.failures["mallory"]["error"]  # the teacher's record keeps the bot's words
    text = str(result)
    clean(text)
    clean("\n".join(news))
    assert "\\x1b[2Jeve\\u202e\\r: a name may hold only" in text and "\\x1b[2J\\x1b[H" in text
    assert any("mallory is left out: " in line and "RuntimeError: \\x1b[2J\\x1b[H" in line for line in news)
    pretty = pytest.importorskip("IPython.lib.pretty")
    shown = pretty.pretty(result)
    clean(shown)
    assert shown == text
    assert main(["league", str(subs), "--out", str(root / "out"), "--deals", "1", "--move-seconds", "2",
                 "--game-seconds", "30", "--quiet"]) == 0
    out = capsys.readouterr()
    clean(out.out + out.err)
    assert "\\x1b[2Jeve\\u202e\\r" in out.out


@pytest.mark.serial  # bots play under a move clock
def test_the_site_escapes_them_and_shows_why_a_name_was_refused(hostile) -> None:
    root, _, result, _ = hostile
    site = root / "out" / "site"
    for page in [site / "index.html", site / "games.html", *(site / "replays").glob("*.html")]:
        clean(page.read_text(encoding="utf-8"))
    index = (site / "index.html").read_text(encoding="utf-8")
    assert "\\x1b[2Jeve\\u202e\\r" in index
    assert "left out: not a submission" in index and "a name may hold only letters, digits" in index
    assert "could not be imported (RuntimeError)" in index  # the public reason, not the bot's words
    assert "owned" not in index


@pytest.mark.serial  # bots play under a move clock
def test_one_deal_per_pair_says_there_are_too_few_games_for_intervals(hostile) -> None:
    _, _, result, _ = hostile
    assert not result.intervals
    rows = result.standings()
    assert all(row["elo_low"] is None and row["elo_high"] is None for row in rows)
    text = str(result)
    assert "(too few games)" in text and "too few games for Elo intervals" in text and "--deals 2" in text
    assert not [line for line in text.splitlines() if "[" in line and "\\x1b" not in line]  # no Elo interval
    index = (hostile[0] / "out" / "site" / "index.html").read_text(encoding="utf-8")
    assert "(too few games)" in index and "too few games for Elo intervals" in index
    # two deals a pair that do not all end alike: intervals (records made up, no games played)
    two = league_of({("a", "b"): [(1, 1), (2, 0)], ("a", "c"): [(0, 2), (1, 1)], ("b", "c"): [(1, 1), (2, 0)]})
    assert two.intervals and "too few" not in str(two) and "Elo [95%]" in str(two)
    assert all(row["elo_low"] < row["elo"] < row["elo_high"] for row in two.standings())
