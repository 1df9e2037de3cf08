"""Seeded chance (RULINGS C3): fixed sequences, independent sub-seeds."""

import hashlib
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bearcli.core.rng import Rng, _compact_json, derive_seed


def test_sequences_are_pinned_across_platforms():
    # Values pinned from Random.random(), whose sequence Python documents as stable.
    rng = Rng(42)
    assert [rng.below(6) for _ in range(8)] == [3, 0, 1, 1, 4, 4, 5, 0]
    assert derive_seed(1, "game", 1) == 16157799760334817420


def test_sub_seeds_differ_by_label_and_index():
    seeds = {derive_seed(1, "game", i) for i in range(100)}
    assert len(seeds) == 100
    assert derive_seed(1, "chance") != derive_seed(1, "seat", 0)


def test_weighted_choice_follows_weights():
    rng = Rng(7)
    picks = [rng.weighted([("a", 1), ("b", 3)]) for _ in range(4000)]
    assert 0.7 < picks.count("b") / 4000 < 0.8
    assert rng.weighted([("only", 5)]) == "only"


@settings(max_examples=300, deadline=None)
@given(
    st.integers(min_value=-(2**70), max_value=2**70),
    st.lists(st.one_of(st.integers(), st.text(), st.booleans(), st.none()), max_size=4),
)
def test_the_hand_built_seed_text_is_json_dumps(seed, labels):
    # derive_seed's fast text must be byte for byte what json.dumps wrote, or seeds change.
    assert _compact_json(seed, tuple(labels)) == json.dumps([seed, *labels], separators=(",", ":"))
    assert derive_seed(seed, *labels) == int.from_bytes(
        hashlib.sha256(json.dumps([seed, *labels], separators=(",", ":")).encode()).digest()[:8],
        "big",
    )


def test_below_and_choice_refuse_nothing_to_pick_from():
    for n in (0, -1):
        with pytest.raises(ValueError) as refused:
            Rng(1).below(n)
        assert str(refused.value) == "below() needs n >= 1"
    with pytest.raises(ValueError) as refused:
        Rng(1).choice([])
    assert str(refused.value) == "choice() needs an item"
    assert Rng(1).below(1) == 0 and Rng(1).choice(["only"]) == "only"


def test_choice_is_below_inlined_draw_for_draw():
    for seed in range(50):
        for n in (1, 2, 3, 7, 10):
            items = [f"item{i}" for i in range(n)]
            a, b = Rng(seed), Rng(seed)
            assert [a.choice(items) for _ in range(20)] == [items[b.below(n)] for _ in range(20)]


def test_a_draw_of_one_is_kept_below_n(monkeypatch):
    # random() is below 1, but a product rounded up to n must still name the last item.
    rng = Rng(1)
    monkeypatch.setattr(rng, "_next", lambda: 1.0)
    assert rng.below(5) == 4 and rng.choice("abcde") == "e"
    monkeypatch.setattr(rng, "_next", lambda: 0.999)
    assert rng.below(5) == 4 and rng.choice("abcde") == "e"


def test_a_seed_has_at_most_a_thousand_digits_either_side_of_zero():
    from bearcli.core.rng import SEED_DIGITS, seed_problem

    largest = 10**SEED_DIGITS - 1
    assert seed_problem(largest) is None and seed_problem(-largest) is None
    said = "a seed has at most 1000 digits (in any notation)"
    assert seed_problem(largest + 1) == said and seed_problem(-largest - 1) == said


def test_string_labels_take_the_hand_built_text():
    labels = ("dice", 3, 'é"x', -7)
    assert _compact_json(5, labels) == json.dumps([5, *labels], separators=(",", ":"))
    assert _compact_json(5, labels) == '[5,"dice",3,"\\u00e9\\"x",-7]'
