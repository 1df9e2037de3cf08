"""Win rates with their 95% intervals: Wilson's score interval for one rate, and Newcombe's
hybrid interval for the difference of two (a changed floe against the floe itself)."""

from __future__ import annotations

import math
from dataclasses import dataclass

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


@dataclass(frozen=True)
class WinRate:
    """Games won of games played, and the 95% Wilson interval of the rate."""

    games: int
    wins: int

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def ci95(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)


def difference(base: WinRate, other: WinRate) -> tuple[float, tuple[float, float]]:
    """other's win rate minus base's, with its 95% interval (Newcombe's hybrid score
    interval, from the two Wilson intervals)."""
    p0, p1 = base.rate, other.rate
    (l0, u0), (l1, u1) = base.ci95, other.ci95
    d = p1 - p0
    return d, (
        d - math.sqrt((p1 - l1) ** 2 + (u0 - p0) ** 2),
        d + math.sqrt((u1 - p1) ** 2 + (p0 - l0) ** 2),
    )
