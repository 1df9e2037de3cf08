"""core.memo: a value made once per key, the store bounded; a configuration's shared values."""

from __future__ import annotations

import pickle
from dataclasses import dataclass

import pytest

from bearcli.core.game import Config
from bearcli.core.memo import Memo, shared


def test_a_memo_makes_a_value_once_and_starts_afresh_when_full():
    made = []

    def make(key):
        made.append(key)
        return [key]

    memo = Memo(2, make)
    first = memo["a"]
    assert memo["a"] is first and made == ["a"]  # kept: not made again
    memo["b"]
    assert len(memo) == 2
    memo["c"]  # a third key: the full memo starts afresh
    assert list(memo) == ["c"]
    assert memo["a"] == ["a"] and memo["a"] is not first and made == ["a", "b", "c", "a"]


def test_a_memo_keeps_what_a_maker_of_more_than_the_key_made():
    memo: Memo[str, list] = Memo(2)
    first = memo.get_or_make("a", list, "xy")
    assert first == ["x", "y"] and memo.get_or_make("a", list, "zz") is first
    with pytest.raises(KeyError):
        memo["b"]  # no maker of its own: only what was kept
    memo.get_or_make("b", list, "b")
    memo.keep("c", ["c"])  # full: starts afresh
    assert list(memo) == ["c"]


def test_a_memo_of_two_generations_keeps_what_recurs():
    memo: Memo[str, str] = Memo(2, generations=2)
    for key in "ab":
        memo.get_or_make(key, str.upper, key)
    memo.get_or_make("c", str.upper, "c")  # full: a, b become the older generation
    assert list(memo) == ["c"] and memo.older == {"a": "A", "b": "B"}
    kept = memo.older["a"]
    assert memo.get_or_make("a", lambda: "made again") is kept  # back in the new one
    memo.get_or_make("d", str.upper, "d")  # c, a full: they are the older now; b is gone
    assert memo.older == {"c": "C", "a": "A"} and memo.get_or_make("b", lambda: "new") == "new"


def test_a_memo_pickles_empty():
    memo = Memo(8, str)
    memo[1]
    again = pickle.loads(pickle.dumps(memo))
    assert again == {} and again.most == 8 and again[2] == "2" and again.older is None
    two = pickle.loads(pickle.dumps(Memo(4, generations=2)))
    assert two.older == {} and two.most == 4


@dataclass(frozen=True)
class _Cfg(Config):
    size: int = 3


class _Maps:
    def __init__(self, cfg):
        self.size = cfg.size


def test_shared_values_are_held_by_their_owner_and_never_pickled():
    cfg = _Cfg(())
    maps = shared(cfg, _Maps)
    assert shared(cfg, _Maps) is maps and maps.size == 3
    assert shared(cfg, lambda c: "other") == "other"  # keyed by maker: each user its own
    equal = _Cfg(())
    assert equal == cfg and shared(equal, _Maps) is not maps  # an equal owner: its own
    again = pickle.loads(pickle.dumps(cfg))
    assert again == cfg and shared(again, _Maps) is not maps  # a worker makes its own


def test_a_memo_without_a_maker_is_a_dict_that_names_the_missing_key():
    memo: Memo[str, int] = Memo(4)
    with pytest.raises(KeyError) as missing:
        memo["absent"]
    assert missing.value.args == ("absent",)
