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

# A seed has at most this many decimal digits, whatever notation it was written in (a YAML
# `0x...` of 4,000 hex digits is a number of some 4,800 decimal digits, which Python refuses
# to print): `validate` and every command that plays check the same bound.
SEED_DIGITS = 1000
_SEED_LIMIT = 10**SEED_DIGITS


def seed_problem(seed: int) -> str | None:
    """Why `seed` cannot be a seed (too long), or None."""
    if -_SEED_LIMIT < seed < _SEED_LIMIT:
        return None
    return f"a seed has at most {SEED_DIGITS} digits (in any notation)"


def derive_seed(seed: int, *labels: str | int) -> int:
    """A sub-seed from a seed and labels: game i of a batch, the dice of game i, seat 2's bot."""
    text = _compact_json(seed, labels)
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def _compact_json(seed: int, labels: tuple) -> str:
    """`json.dumps([seed, *labels], separators=(",", ":"))`, the text every seed derives from.

    Built by hand for ints and strings (each game of a batch derives several seeds, and
    json.dumps with separators makes a new encoder per call); anything else goes to json.
    tests/core/test_rng.py proves the two texts equal.
    """
    parts = []
    for value in (seed, *labels):
        kind = type(value)
        if kind is int:
            parts.append(int.__repr__(value))
        elif kind is str:
            parts.append(_quote(value))
        else:
            return json.dumps([seed, *labels], separators=(",", ":"))
    return "[" + ",".join(parts) + "]"


_quote = json.encoder.encode_basestring_ascii  # what json.dumps writes for a str


class Rng:
    def __init__(self, seed: int):
        self._random = random.Random(seed)
        self._next = self._random.random  # bound once: every bot decision and roll draws

    def below(self, n: int) -> int:
        if n <= 0:
            raise ValueError("below() needs n >= 1")
        pick = int(self._next() * n)
        return pick if pick < n else n - 1  # guards the (theoretical) float rounding up to n

    def choice(self, items: Sequence[T]) -> T:
        n = len(items)
        if n <= 0:
            raise ValueError("choice() needs an item")
        pick = int(self._next() * n)  # below(n), inlined: the random bots' every decision
        return items[pick if pick < n else n - 1]

    def weighted(self, items: Sequence[tuple[T, int]]) -> T:
        total = sum(w for _, w in items)
        pick = self.below(total)
        for item, weight in items:
            if pick < weight:
                return item
            pick -= weight
        raise AssertionError("unreachable: weights sum to total")

    def random(self) -> float:
        return self._next()
