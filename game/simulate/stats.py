"""The statistics a balance report needs: Wilson intervals, mean and spread, McNemar's test.

Written out in full (a few lines each) rather than pulling in a statistics library; each
function names its formula so it can be checked against a textbook.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

Z_95 = 1.959963984540054
"""The standard normal quantile for a two-sided 95% interval."""


@dataclass(frozen=True, slots=True)
class Interval:
    """A proportion's estimate with its confidence interval, all as fractions of 1."""

    estimate: float
    low: float
    high: float


def wilson_interval(successes: int, trials: int, z: float = Z_95) -> Interval:
    """The Wilson score interval for a binomial proportion (Wilson 1927): good even for few
    trials and for rates near 0 or 1, where the plain normal interval fails. No trials: 0 to 1."""
    if trials <= 0:
        return Interval(0.0, 0.0, 1.0)
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    low = 0.0 if successes <= 0 else max(0.0, centre - half)  # exact at the ends, where rounding
    high = 1.0 if successes >= trials else min(1.0, centre + half)  # could put p outside
    return Interval(p, min(low, p), max(high, p))


@dataclass(frozen=True, slots=True)
class Spread:
    """Mean and sample standard deviation of some counts, with the smallest and largest."""

    count: int
    mean: float
    sd: float
    low: int
    high: int


def spread(values: list[int]) -> Spread:
    """The mean, the sample standard deviation (n - 1; 0 for fewer than two values), min and max."""
    if not values:
        return Spread(0, 0.0, 0.0, 0, 0)
    mean = sum(values) / len(values)
    if len(values) < 2:
        return Spread(len(values), mean, 0.0, values[0], values[0])
    variance = sum((v - mean) ** 2 for v in values) / (len(values) - 1)
    return Spread(len(values), mean, math.sqrt(variance), min(values), max(values))


@dataclass(frozen=True, slots=True)
class McNemar:
    """McNemar's exact test on paired outcomes: `only_first` pairs where the first variant won
    and the second did not, `only_second` the reverse; `p_value` two-sided."""

    only_first: int
    only_second: int
    p_value: float

    def significant(self, alpha: float = 0.05) -> bool:
        """Whether the two variants differ at this level."""
        return self.p_value < alpha


def mcnemar_exact(only_first: int, only_second: int) -> McNemar:
    """McNemar's exact test (McNemar 1947; the exact binomial form): under no difference the
    discordant pairs split like fair coin tosses, so p = 2 * P(X <= min(b, c)) for
    X ~ Binomial(b + c, 1/2), capped at 1. No discordant pair: p = 1."""
    n = only_first + only_second
    if n == 0:
        return McNemar(0, 0, 1.0)
    k = min(only_first, only_second)
    tail = sum(math.comb(n, i) for i in range(k + 1)) / 2 ** n
    return McNemar(only_first, only_second, min(1.0, 2 * tail))
