"""Intervals for what the shared rooms measure: a proportion's Wilson
interval and a mean's t-interval.

In the kit because both sides of it count: the tournament and the ladder
report win rates and mean scores with them, and a game's own report
sections (``games/<name>/report.py``, which may import only the engine and
the kit) give their shares the same intervals as the balance lab's.

Wilson intervals rather than the normal approximation because bots are
often compared over few games or at win rates near 0 or 1, where the normal
interval leaves [0, 1] or collapses to a point.
"""

import math
from collections.abc import Sequence
from statistics import NormalDist, fmean, stdev

Z95 = 1.959963984540054  # the standard normal's 97.5% quantile


def t_quantile(probability: float, freedom: int) -> float:
    """Student's t quantile, by the Cornish-Fisher expansion around the
    normal one (Abramowitz and Stegun 26.7.5): within 0.01 of the exact
    value from 4 degrees of freedom at the quantiles used here, and closer
    with more."""
    z = NormalDist().inv_cdf(probability)
    terms = (
        (z**3 + z) / 4,
        (5 * z**5 + 16 * z**3 + 3 * z) / 96,
        (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / 384,
        (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / 92160,
    )
    return z + sum(term / float(freedom) ** (power + 1) for power, term in enumerate(terms))


def mean_interval(values: Sequence[float], level: float = 0.95) -> tuple[float, float, float]:
    """The mean of independent values and its two-sided t-interval at ``level``."""
    count = len(values)
    mean = fmean(values)
    if count < 2:
        return (mean, -math.inf, math.inf)
    half = t_quantile((1 + level) / 2, count - 1) * stdev(values) / math.sqrt(count)
    return (mean, mean - half, mean + half)


def wilson_interval(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion; ``successes`` may be
    fractional, as shared first places are."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    z2n = z * z / trials
    centre = (p + z2n / 2) / (1 + z2n)
    half = z / (1 + z2n) * math.sqrt(p * (1 - p) / trials + z2n / (4 * trials))
    return (max(0.0, centre - half), min(1.0, centre + half))
