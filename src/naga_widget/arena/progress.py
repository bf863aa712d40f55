"""A progress bar of games played: tqdm where it is installed (``tqdm.auto``, so notebooks get
a widget and terminals a text bar on stderr), else no bar and a one-line note.

tqdm is the optional extra ``arena`` (``pip install "naga-widget[arena]"``).
"""

from __future__ import annotations

import sys
from typing import Any, TextIO

NOTE = "(no progress bar: tqdm is not installed; pip install \"naga-widget[arena]\")\n"
FORMAT = "{l_bar}{bar}| {n_fmt}/{total_fmt} games [{elapsed}<{remaining}, {rate_fmt}{postfix}]"


class Bar:
    """``update(n)`` after n more games, ``close()`` at the end; does nothing when disabled."""

    def __init__(self, total: int, *, desc: str = "", enabled: bool = True, stream: TextIO | None = None) -> None:
        self._bar: Any = None
        if not enabled:
            return
        stream = stream if stream is not None else sys.stderr
        try:
            from tqdm.auto import tqdm
        except ImportError:
            stream.write(NOTE)
            stream.flush()
            return
        self._bar = tqdm(total=total, desc=desc or None, unit="game", file=stream, bar_format=FORMAT,
                         dynamic_ncols=True)

    def update(self, n: int = 1) -> None:
        if self._bar is not None:
            self._bar.update(n)

    def note(self, text: str) -> None:
        """A short text after the figures (e.g. how many games were forfeited)."""
        if self._bar is not None:
            self._bar.set_postfix_str(text, refresh=False)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()
            self._bar = None

    def __enter__(self) -> Bar:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
