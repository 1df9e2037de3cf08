"""Values worked out once per key and kept, within a bound (per-configuration tables, a bot's
route maps and judges): what a batch of games of one configuration shares."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

V = TypeVar("V")


def kept(store: dict, most: int, key, make: Callable[..., V], *args) -> V:
    """`store[key]`, made as `make(*args)` the first time it is asked for. A store that holds
    `most` values starts afresh (many configurations, as in the fuzz tests): the memory stays
    bounded, and which values happen to be kept never changes a result."""
    found = store.get(key)
    if found is None:
        if len(store) >= most:
            store.clear()
        found = store[key] = make(*args)
    return found
