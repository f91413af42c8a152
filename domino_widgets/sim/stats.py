"""Confidence intervals for simulated rates (DESIGN principle 4: simulations report intervals).

>>> lo, hi = wilson(60, 100)
>>> round(lo, 4), round(hi, 4)
(0.502, 0.6906)
>>> wilson(0, 0)
(0.0, 1.0)
"""

from __future__ import annotations

import math

__all__ = ["Z95", "mean_interval", "wilson"]

Z95 = 1.959963984540054  # the 97.5% quantile of the standard normal


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default); (0, 1) with no trials.

    It stays inside [0, 1] and behaves well near 0 and 1, unlike the normal approximation.

    >>> [round(x, 3) for x in wilson(10, 10)]
    [0.722, 1.0]
    """
    if trials <= 0:
        return 0.0, 1.0
    if not 0 <= successes <= trials:
        raise ValueError(f"successes must be between 0 and trials={trials}, not {successes}")
    p = successes / trials
    z2 = z * z
    denom = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_interval(values: list[float], z: float = Z95) -> tuple[float, float, float]:
    """The mean of ``values`` and its normal-approximation 95% interval.

    >>> [round(x, 3) for x in mean_interval([1.0, 2.0, 3.0, 4.0])]
    [2.5, 1.235, 3.765]
    """
    n = len(values)
    if n == 0:
        return math.nan, math.nan, math.nan
    m = sum(values) / n
    if n == 1:
        return m, math.nan, math.nan
    var = sum((x - m) ** 2 for x in values) / (n - 1)
    half = z * math.sqrt(var / n)
    return m, m - half, m + half
