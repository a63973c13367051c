"""Small statistics for game results: Wilson intervals, mean and spread (standard library only)."""

from __future__ import annotations

import math
from collections.abc import Sequence

#: Two-sided 95% normal quantile.
Z95 = 1.959963984540054


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval of a success rate (``successes`` may be fractional: a shared win counts 1/k).

    ``trials`` == 0 gives the uninformative ``(0.0, 1.0)``.
    """
    if trials < 0 or successes < 0 or successes > trials:
        raise ValueError(f"need 0 <= successes <= trials, got {successes!r} of {trials!r}")
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    z2 = z * z
    denom = 1.0 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def mean(values: Sequence[float]) -> float:
    """Arithmetic mean; 0.0 for no values."""
    return sum(values) / len(values) if values else 0.0


def stdev(values: Sequence[float]) -> float:
    """Sample standard deviation; 0.0 for fewer than two values."""
    n = len(values)
    if n < 2:
        return 0.0
    m = mean(values)
    return math.sqrt(sum((v - m) ** 2 for v in values) / (n - 1))
