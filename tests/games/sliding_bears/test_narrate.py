"""Sliding Bears narration: the exact sentences of representative events (golden records)."""

from __future__ import annotations

from bearcli.core.narration import narrate
from bearcli.formats import movelog
from tests.conftest import ROOT


def record(name: str) -> list[str]:
    match = movelog.replay(movelog.load(ROOT / "replays" / "sliding-bears" / f"{name}.yaml"))
    return narrate(match.game, match.config, [e.to_dict() for e in match.events])


def test_the_rulings_tour_told():
    lines = record("rulings-tour")
    assert lines[:10] == [
        "Sliding Bears begins for 2 players (classic variant, normal level) on a floe of 5 x 3 "
        "squares: 13 ice tiles, 1 seal and 0 rocks",
        "set-up: the seal on e1 is taken off the floe before the first roll",
        "turn 1: Ana rolled pink on the bear die and crack on the weather die",
        "turn 1: the ice on e3 cracked and is gone; 12 ice tiles left",
        "turn 1: the pink bear jumped from its start square onto the ice on a1",
        "turn 1: Ana's turn is over",
        "turn 2: Ben rolled pink on the bear die and wind on the weather die",
        "turn 2: the pink bear jumped from a1 back onto its start square",
        "turn 2: the wind slid the ice tile from d1 to e1",
        "turn 2: Ben's turn is over",
    ]
    assert "turn 4: the wind slid the ice tile from d1 to e1 with the yellow bear riding on it" in (
        lines
    )
    assert lines[28] == "turn 7: Ana passed, forgoing the wind"
    assert lines[-4:] == [
        "turn 18: Ben rolled pink on the bear die and crack on the weather die",
        "turn 18: the pink bear jumped from a3 onto its finish square",
        "turn 18: the pink bear has arrived: 4 of the 4 bears are across",
        "turn 18: everyone wins: all four bears are across",
    ]
    assert "turn 11: the green bear has arrived: 1 of the 4 bears is across" in lines


def test_a_lost_game_and_a_die_with_no_use():
    lines = record("lost-no-free-ice")
    assert lines[8] == "turn 2: seat 1's turn is over: the bear die had no legal use"
    assert lines[-2:] == [
        "turn 4: seat 1 rolled blue on the bear die and crack on the weather die",
        "turn 4: everyone loses: the crack finds no free ice",
    ]


def test_the_hard_level_removes_ice_and_the_wind_slides_a_seal():
    lines = record("hard-multicolour")
    assert lines[1] == "set-up: the ice tile on c2 is taken off the floe before the first roll"
    assert "turn 2: the wind slid the seal from b2 to c2" in lines


def test_both_optional_effects_forgone():
    assert "turn 29: Ana passed, forgoing the bear die and the wind" in record(
        "sim-classic-greedy-seed7"
    )
