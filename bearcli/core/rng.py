"""Seeded chance (RULINGS C3).

Only `random.Random.random()` is relied on: its sequence is documented as stable across
platforms and versions, unlike `randrange`, `choice` or `shuffle`.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def derive_seed(seed: int, *labels: str | int) -> int:
    """A sub-seed from a seed and labels: game i of a batch, the dice of game i, seat 2's bot."""
    text = json.dumps([seed, *labels], separators=(",", ":"))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


class Rng:
    def __init__(self, seed: int):
        self._random = random.Random(seed)

    def below(self, n: int) -> int:
        if n <= 0:
            raise ValueError("below() needs n >= 1")
        # min() guards the (theoretical) float rounding up to n.
        return min(int(self._random.random() * n), n - 1)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def weighted(self, items: Sequence[tuple[T, int]]) -> T:
        total = sum(w for _, w in items)
        pick = self.below(total)
        for item, weight in items:
            if pick < weight:
                return item
            pick -= weight
        raise AssertionError("unreachable: weights sum to total")

    def random(self) -> float:
        return self._random.random()
