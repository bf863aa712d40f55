"""The league refuses a bot that plays on the true state (ClairvoyantBot or a subclass of it)."""

from __future__ import annotations

from pathlib import Path

import pytest

from naga_widget.league.child import load_class


def test_the_league_refuses_it(tmp_path: Path) -> None:
    for text, manifest in [("from naga_widget.bots import ClairvoyantBot\n\nclass Seer(ClairvoyantBot):\n    pass\n",
                            None),
                           ("from naga_widget.bots import ClairvoyantBot\n", "ClairvoyantBot")]:
        path = tmp_path / "bot.py"
        path.write_text(text)
        with pytest.raises(LookupError, match="true state"):
            load_class(path, manifest)
    path.write_text("from naga_widget.bots import RandomBot\n\nclass Mine(RandomBot):\n    pass\n")
    assert load_class(path, None).__name__ == "Mine"  # an honest subclass of a project bot is taken
