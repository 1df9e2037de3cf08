"""Helpers every game's ruling tests share: a refused step and the events a step caused."""

from __future__ import annotations

import pytest

from bearcli.core.errors import IllegalStep
from bearcli.core.runner import Match
from bearcli.formats import scenario
from tests.conftest import ROOT

# A Bear Down! game of three seats (Emma, Florian, Helena) where it is Florian's turn and his
# bear stands on the boulder: `boulder` is a move for Emma and for Helena only.
THREE = (
    "roll red:W blue:W green:W yellow:W",
    "yellow4",
    "yellow3",
    "yellow2",
    "roll red:W blue:W green:W yellow:W",
    "boulder",
    "boulder",
    "yellow4",
    "roll red:W blue:W green:W yellow:W",
    "yellow4",
    "yellow3",
)


def played(name: str, *steps: str) -> Match:
    """A match of the shipped scenario `name` (under scenarios/) after `steps`."""
    scen = scenario.load(ROOT / "scenarios" / name)
    match = Match(scen.game, scen.config)
    for text in steps:
        match.apply_text(text)
    return match


def refused(m: Match, text: str, ruling: str) -> IllegalStep:
    """Apply `text`, expect the rules to refuse it citing `ruling`; the match is unchanged."""
    before = m.state
    with pytest.raises(IllegalStep) as info:
        m.apply_text(text)
    assert info.value.ruling == ruling, info.value.headline()
    assert m.state == before
    return info.value


def types(logged) -> list[str]:
    """The event types of logged events (or of plain events)."""
    return [getattr(e, "event", e).type for e in logged]
