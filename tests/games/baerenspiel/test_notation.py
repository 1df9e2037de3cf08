"""Baerenspiel notation: every step prints itself back, and text that is not notation is refused."""

from __future__ import annotations

import pytest

from bearcli.core.errors import MalformedStep
from bearcli.games.baerenspiel import notation
from bearcli.games.baerenspiel.notation import (
    Chain,
    Cover,
    Decline,
    End,
    Escort,
    Flip,
    Reroll,
    Rerolled,
    Roll,
    Search,
    Shows,
    Throw,
)
from tests.games.baerenspiel.helpers import match

EXAMPLES = [
    ("roll bear paw tree", Roll(("bear", "paw", "tree"))),
    ("reroll 2", Reroll(2)),
    ("rerolled 2 bear", Rerolled(2, "bear")),
    ("search e1", Search("e1")),
    ("chain e2", Chain("e2")),
    ("decline", Decline()),
    ("cover c5 from a1", Cover("c5", "a1")),
    ("end", End()),
    ("e1 is path", Shows("e1", "path")),
    ("c3 is bear", Shows("c3", "bear")),
    ("throw paw", Throw("paw")),
    ("escort d3", Escort("d3")),
    ("flip j5", Flip("j5")),
    ("c2 is animal16", Shows("c2", "animal16")),
    ("c2 is obstacle8", Shows("c2", "obstacle8")),
]


@pytest.mark.parametrize("text,step", EXAMPLES, ids=[t for t, _ in EXAMPLES])
def test_notation_round_trip(text, step):
    assert notation.parse(text) == step
    assert str(step) == text
    assert notation.parse(str(step)) == step


def test_notation_tolerates_case_and_spaces():
    assert notation.parse("  Roll  BEAR paw   tree ") == Roll(("bear", "paw", "tree"))
    assert notation.parse("Cover C5 from A1") == Cover("c5", "a1")


@pytest.mark.parametrize(
    "text",
    [
        "roll bear paw",
        "roll bear paw dog",
        "reroll 4",
        "search k1",
        "search e0",
        "cover c5 a1",
        "e1 is tree",
        "c2 is animal17",
        "throw salmon",
        "jump pink c2",
        "",
    ],
)
def test_not_notation_is_malformed(text):
    with pytest.raises(MalformedStep):
        notation.parse(text)


def test_every_legal_step_and_chance_outcome_round_trips_in_play():
    m = match(["roll bear paw tree", "search a5", "a5 is path"], seats=2)
    for step in m.game.legal_steps(m.state):
        assert notation.parse(str(step)) == step
    m.apply_text("chain b5")
    for step, _ in m.game.chance_outcomes(m.state):
        assert notation.parse(str(step)) == step
