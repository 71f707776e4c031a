"""The intervals and quantiles the bots' measuring tools report (arena, diagnostics)."""

from __future__ import annotations

import math
from collections.abc import Sequence

__all__ = ["mean_ci", "percentile", "wilson_ci"]


def mean_ci(xs: Sequence[float]) -> tuple[float, float, float]:
    """The mean of ``xs`` and its normal 95% interval (all 0 for none)."""
    n = len(xs)
    if n == 0:
        return 0.0, 0.0, 0.0
    m = sum(xs) / n
    if n < 2:
        return m, m, m
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    h = 1.96 * math.sqrt(var / n)
    return m, m - h, m + h


def percentile(xs: Sequence[float], q: float) -> float:
    """The ``q`` quantile of ``xs`` (nearest rank; 0 for none)."""
    if not xs:
        return 0.0
    s = sorted(xs)
    i = min(len(s) - 1, max(0, math.ceil(q * len(s)) - 1))
    return s[i]


def wilson_ci(k: int, n: int) -> tuple[float, float]:
    """Wilson 95% interval of a share of ``k`` in ``n``."""
    if n == 0:
        return 0.0, 0.0
    z = 1.96
    p = k / n
    d = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return mid - h, mid + h
