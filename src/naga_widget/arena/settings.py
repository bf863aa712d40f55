"""The settings of a tournament, checked in one place: :func:`~naga_widget.arena.tournament` and the
command line (``naga-widget arena``) both ask :func:`check_settings`, and both report its
:class:`SettingError`, which names the setting, what it must be and the value it got.

>>> check_settings(bots=2, games=0)
Traceback (most recent call last):
...
naga_widget.arena.settings.SettingError: games (per pair) must be a whole number of at least 1, not 0
>>> try:
...     check_settings(bots=2, workers=-1)
... except SettingError as exc:
...     print(exc.setting, "must be", exc.briefly)
workers must be 0 or more
"""

from __future__ import annotations

import math
from typing import Any

from ..rules.errors import is_int, is_number


class SettingError(ValueError):
    """A setting of a tournament it cannot play with.

    ``setting`` is the keyword argument's name, ``wanted`` what it must be, ``briefly`` the same for
    a command line (whose options already have their type), ``value`` what it was given.
    """

    def __init__(self, setting: str, value: object, wanted: str, *, briefly: str | None = None,
                 label: str | None = None, message: str | None = None) -> None:
        super().__init__(message or f"{label or setting} must be {wanted}, not {value!r}")
        self.setting, self.value, self.wanted, self.briefly = setting, value, wanted, briefly or wanted


def check_settings(*, bots: int, games: int = 10, seed: int = 0, workers: int | None = None, client: Any = None,
                   move_timeout: float | None = None) -> None:
    """Raise :class:`SettingError` (a ``ValueError``) for the first setting a tournament of ``bots``
    bots cannot use, or ``TypeError`` for a ``seed`` or ``client`` of the wrong type."""
    if bots < 2:
        raise SettingError("bots", bots, "at least two", message=f"a tournament needs at least two bots, got {bots}")
    if not is_int(games) or games < 1:
        raise SettingError("games", games, "a whole number of at least 1", briefly="at least 1",
                           label="games (per pair)")
    if not is_int(seed):
        raise TypeError(f"seed must be an int, not {type(seed).__name__}")
    if client is not None and workers is not None:
        raise SettingError("client", client, "None when workers is given",
                           message="give either workers (processes on this machine) or client (a Dask cluster), "
                                   "not both")
    if client is not None and not callable(getattr(client, "map", None)):
        raise TypeError(f"client must be a dask.distributed Client, not {type(client).__name__}")
    if workers is not None and (not is_int(workers) or workers < 0):
        raise SettingError("workers", workers, "None or a whole number of at least 0", briefly="0 or more")
    if move_timeout is not None and (not is_number(move_timeout) or not 0 < move_timeout < math.inf):
        raise SettingError("move_timeout", move_timeout, "None or a positive number of seconds",
                           briefly="a positive number of seconds")
