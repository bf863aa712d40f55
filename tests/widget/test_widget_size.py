"""The widget's size (normal, or large for a projector): given in Python, synced to every view, and set
by a view's selector; anything else is refused with the sizes there are."""

from __future__ import annotations

from pathlib import Path

import pytest

from naga_widget import NagaWidget
from naga_widget.widget.widget import SIZES


def test_the_size_given_is_synced() -> None:
    assert NagaWidget().get_state()["size"] == "normal"
    w = NagaWidget(size="large")
    assert w.size == "large"
    assert w.get_state()["size"] == "large"


def test_a_view_sets_the_size() -> None:
    w = NagaWidget()
    w.set_state({"size": "large"})  # what the view's Size selector sends
    assert w.size == "large"
    w.size = "normal"
    assert w.get_state()["size"] == "normal"


@pytest.mark.parametrize("bad", ["huge", "Large", "", 2, None, True])
def test_an_unknown_size_is_refused(bad: object) -> None:
    with pytest.raises(ValueError, match=r"size must be 'normal' or 'large'.*not ") as error:
        NagaWidget(size=bad)  # type: ignore[arg-type]
    assert repr(bad) in str(error.value) or str(bad) in str(error.value)
    w = NagaWidget(size="large")
    with pytest.raises(ValueError, match="size must be"):
        w.size = bad  # type: ignore[assignment]
    assert w.size == "large"  # unchanged


def test_the_sizes_are_the_views() -> None:
    view_sizes = "export const SIZES = [" + ", ".join(f'"{s}"' for s in SIZES) + "];"
    table = Path(__file__).resolve().parents[2] / "js" / "src" / "table.js"
    assert view_sizes in table.read_text()
