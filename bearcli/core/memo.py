"""The one bounded memo: values worked out once per key and then looked up.

A `Memo` is a dictionary that makes a missing value itself (`make(key)`) and starts afresh
when it holds `most` values, so its memory stays bounded. Which values it happens to hold
never changes a result: every value is what `make` would return again. A memo always has an
owner that a caller can see: the tables of one configuration (`SBConfig.tables`), a
configuration's `shared` store (what the bots of a batch share), a bot or a match. No module
keeps one: a test then never meets what another test left behind.

Pure functions of small immutable arguments (a die's odds, a grid's neighbours) keep
`functools.lru_cache` instead: it holds nothing a caller could tell apart from a new call.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Memo(dict[K, V]):
    """`memo[key]`: the value kept for `key`, made by `make(key)` when missing; or
    `memo.get_or_make(key, make, *args)` for a value whose maker needs more than its key.

    A dict subclass, so that a value found costs one dictionary look-up (no call): the rules
    look up their events and tables at every step. When it holds `most` values it starts
    afresh; with `generations=2` the values it held stay one generation more, in `older`,
    and one asked for again comes back (so the values that recur stay and the others go:
    greedy's floes, docs/performance.md)."""

    __slots__ = ("make", "most", "older")

    def __init__(
        self, most: int, make: Callable[[K], V] | None = None, *, generations: int = 1
    ) -> None:
        super().__init__()
        self.most = most
        self.make = make
        self.older: dict[K, V] | None = {} if generations == 2 else None

    def __missing__(self, key: K) -> V:
        if self.make is None:
            raise KeyError(key)
        return self.keep(key, self.make(key))

    def get_or_make(self, key: K, make: Callable[..., V], *args: Any) -> V:
        """The value kept for `key`, else `make(*args)`, kept (values are never None)."""
        found = self.get(key)
        if found is None:
            older = self.older
            found = older.pop(key, None) if older else None
            if found is None:
                found = make(*args)
            self.keep(key, found)
        return found

    def keep(self, key: K, value: V) -> V:
        """Keep `value` for `key`; a full memo starts afresh first (a new generation)."""
        if len(self) >= self.most:
            if self.older is not None:
                self.older = dict(self)
            self.clear()
        self[key] = value
        return value

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled empty (a worker fills its own): what was made is the sender's.
        generations = 1 if self.older is None else 2
        return (_empty_memo, (self.most, self.make, generations))


def _empty_memo(most: int, make: Callable | None, generations: int) -> Memo:
    return Memo(most, make, generations=generations)


Owner = TypeVar("Owner")


def shared(owner: Any, make: Callable[[Owner], V]) -> V:
    """`make(owner)`, made once and held by `owner` itself (a configuration): what the games
    of one configuration share beside it, such as a bot's route maps or the planner's exact
    values. Keyed by `make`, so each user has its own; never a module's, and never pickled
    with the owner (`Config.__getstate__`): a worker makes its own."""
    store = owner.__dict__.get(SHARED)
    if store is None:
        store = {}
        object.__setattr__(owner, SHARED, store)  # owners are frozen dataclasses
    found = store.get(make)
    if found is None:
        found = store[make] = make(owner)
    return found


SHARED = "_shared"  # the attribute of an owner that holds its `shared` values
