"""Numbers that several parts of the package report: the Wilson interval of a share.

It stands on no other part, so the arena (win rates), the widget (the hint's win chances) and the
league can all use it.

>>> low, high = wilson(7, 10)
>>> round(low, 3), round(high, 3)
(0.397, 0.892)
>>> wilson(0, 0)
(0.0, 1.0)
"""

from __future__ import annotations

import math

Z95 = 1.959963984540054  # the 97.5% point of the standard normal distribution


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of the share ``successes / trials`` (``(0, 1)`` with no trial).

    ``successes`` may be a sum of values between 0 and 1 (a search's simulations end in a win, a
    loss or an estimated chance): their variance is at most that of wins and losses, so the
    interval is wide enough. The share itself always lies inside the interval.
    """
    if trials <= 0:
        return 0.0, 1.0
    p = min(1.0, max(0.0, successes / trials))
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z / (1 + z2 / trials) * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials))
    return max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))
