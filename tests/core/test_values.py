"""core.values: the one way the rules make a changed copy of a state, and each game's typed
names of its state's fields."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, fields
from typing import get_type_hints

import pytest

from bearcli.core.values import assemble, evolve
from bearcli.games.baerenspiel import memo as bs_memo
from bearcli.games.baerenspiel import rules as bs_rules
from bearcli.games.bear_down import rules as bd_rules
from bearcli.games.sliding_bears import rules as sb_rules


@dataclass(frozen=True)
class _Point:
    x: int
    y: int = 0
    label: str = ""


def test_evolve_makes_what_replace_makes_and_the_copy_stays_frozen():
    p = _Point(1, 2, "a")
    moved = evolve(p, {"y": 5})
    assert moved == dataclasses.replace(p, y=5) == _Point(1, 5, "a")
    assert p == _Point(1, 2, "a") and moved is not p  # the old state is untouched
    with pytest.raises(dataclasses.FrozenInstanceError):
        moved.x = 3  # type: ignore[misc]
    assert evolve(p, {}) == p and evolve(p, {}) is not p


def test_assemble_makes_the_instance_of_exactly_these_attributes():
    made = assemble(_Point, {"x": 4, "y": 1, "label": "b"})
    assert made == _Point(4, 1, "b") and type(made) is _Point


@pytest.mark.parametrize(
    ("state", "typed"),
    [
        (bd_rules.State, bd_rules.Changes),
        (bs_rules.State, bs_rules.Changes),
        (bs_memo.MemoState, bs_memo.MemoChanges),
        (sb_rules.State, sb_rules.Fields),  # the derived attributes too
    ],
)
def test_each_games_typed_changes_name_every_field_with_its_type(state, typed):
    hints, own = get_type_hints(typed), get_type_hints(state)
    assert list(hints) == [f.name for f in fields(state)]
    for name, hint in hints.items():
        if name != "weather_steps":  # None too, while a step leaves them to be found
            assert hint == own[name], name
