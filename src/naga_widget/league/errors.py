"""The errors of a league that cannot run as it was asked to: the command line shows these as a
usage message, and any other exception (a bug) as a traceback."""

from __future__ import annotations


class LeagueSetupError(ValueError):
    """A setting out of range, a folder of submissions that is not one, fewer than two submissions that
    pass their check, or a sandbox asked for that cannot start here; the message says which."""


class NotAFolder(LeagueSetupError, NotADirectoryError):
    """The folder of submissions is not a folder."""


class SandboxUnavailable(LeagueSetupError, RuntimeError):
    """Bubblewrap was asked for (or a worker needs it), but cannot start a sandbox here."""
