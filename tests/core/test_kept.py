"""core.kept: a value made once per key, the store bounded."""

from __future__ import annotations

from bearcli.core.kept import kept


def test_a_value_is_made_once_and_the_store_starts_afresh_when_full():
    made: list[int] = []

    def make(n: int) -> list[int]:
        made.append(n)
        return [n]

    store: dict = {}
    first = kept(store, 2, "a", make, 1)
    assert kept(store, 2, "a", make, 9) is first and made == [1]  # kept: not made again
    kept(store, 2, "b", make, 2)
    assert set(store) == {"a", "b"}
    kept(store, 2, "c", make, 3)  # a third key: the full store starts afresh
    assert set(store) == {"c"} and made == [1, 2, 3]
    assert kept(store, 2, "a", make, 4) == [4] and made == [1, 2, 3, 4]
