"""Win rates with their 95% intervals: Wilson's score interval for one rate, and Newcombe's
hybrid interval for the difference of two (a changed floe against the floe itself)."""

from __future__ import annotations

import math

Z95 = 1.959964


def _wilson(wins: int, n: int, z: float) -> tuple[float, float]:
    """The centre and half-width of the Wilson score interval."""
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return centre, half


def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """95% Wilson score interval for a win rate."""
    if n == 0:
        return (0.0, 0.0)
    centre, half = _wilson(wins, n, z)
    return (max(0.0, centre - half), min(1.0, centre + half))


def wilson_half_width(wins: int, n: int, z: float = Z95) -> float:
    """Half the width of the 95% Wilson interval (the P of `--precision P`); 1 for no games."""
    return _wilson(wins, n, z)[1] if n else 1.0


def difference(base: tuple[int, int], other: tuple[int, int]) -> tuple[float, tuple[float, float]]:
    """other's win rate minus base's, with its 95% interval (Newcombe's hybrid score
    interval, from the two Wilson intervals); each rate given as (wins, games)."""
    (w0, n0), (w1, n1) = base, other
    p0, p1 = (w0 / n0 if n0 else 0.0), (w1 / n1 if n1 else 0.0)
    (l0, u0), (l1, u1) = wilson(w0, n0), wilson(w1, n1)
    d = p1 - p0
    return d, (
        d - math.sqrt((p1 - l1) ** 2 + (u0 - p0) ** 2),
        d + math.sqrt((u1 - p1) ** 2 + (p0 - l0) ** 2),
    )
