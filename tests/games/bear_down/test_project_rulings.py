"""The project rulings of docs/rules.md (P-BD1 ...), where the rulebook is silent."""

from __future__ import annotations

import pytest

from bearcli.core.errors import IllegalStep
from bearcli.core.game import TERMINAL
from tests.games.bear_down.helpers import GAME, of, place, play, roll_all, start, types


def test_pbd1_no_tile_left_anywhere_means_that_water_does_not_flow():
    state = start(2, {"water_supply": 0, "rock_stack": 1})
    state, events = play(state, "roll blue:WWS green:W yellow:S1")
    assert [e["source"] for e in of(events, "water-tile-slid-in")] == ["rock-stack"]
    assert [e["stream"] for e in of(events, "water-exhausted")] == ["blue", "green"]
    assert state.final and GAME.actor(state) == 0  # the final round is still played out


def test_pbd3_the_salmon_needed_counts_after_the_water_returned_its_salmon():
    # Supply 1 and 2 salmon needed, but the blue water tips blue4's salmon back first.
    state, events = play(start(2, {"salmon_supply": 1}), "roll blue:W green:S1 yellow:S1")
    assert GAME.actor(state) == 0 and "salmon-shortage" not in types(events)
    assert state.supply == 0


def test_pbd4_a_move_to_the_boulder_with_nothing_carried_banks_nothing():
    state = start(2)
    state, _ = play(state, roll_all(state, "S1"))
    state = place(state, bears={1: "blue1"})
    after, events = play(state, "boulder")
    assert types(events) == ["bear-moved"] and after.banked == (0, 0)


def test_pbd5_the_shortage_round_counts_as_a_round():
    state, _ = play(start(2, {"salmon_supply": 0}), "roll blue:S1 green:S1 yellow:S1")
    assert GAME.actor(state) == TERMINAL and GAME.measures(state) == {"rounds": 1}


def test_pbd6_a_refusal_names_the_ruling_that_cuts_the_way():
    state = start(2)
    state, _ = play(state, roll_all(state, "S1"))
    # yellow1 -> yellow3: a bear on yellow2, salmon on green1. Crossing the boulder alone
    # would open a way round (via blue), and so would passing the bear: the boulder is named
    # first (order BD10, BD8 bears, BD4, BD9).
    state = place(state, bears={1: "yellow1", 2: "yellow2"}, salmon={"green1": 1}, clear=True)
    with pytest.raises(IllegalStep) as exc:
        play(state, "yellow3")
    assert exc.value.ruling == "BD10"
    # With salmon on blue1 too, only the bear cuts the way: BD8.
    with pytest.raises(IllegalStep) as exc:
        play(place(state, salmon={"blue1": 1}), "yellow3")
    assert exc.value.ruling == "BD8"


def test_pbd9_the_rocks_param_replaces_the_default_list():
    open_board = start(2, {"rocks": []})
    assert open_board.cfg.rocks == ()
    state, _ = play(open_board, roll_all(open_board, "S1"))
    state = place(state, bears={1: "blue3"}, salmon={}, clear=True)
    _, events = play(state, "green3")
    assert of(events, "bear-moved")[0]["steps"] == 1  # no rock between blue3 and green3
    # A rock beside a dropped stream is accepted and changes nothing (red is not in play).
    assert start(2, {"rocks": ["red/blue 1"]}).cfg.rocks == (("red", "blue", 1),)
    # Refused: the default rock at blue/green 3 does block the direct step.
    state = place(start(2), bears={1: "blue3"}, salmon={}, clear=True)
    state, _ = play(state, roll_all(state, "S1"))
    state = place(state, salmon={}, clear=True)
    _, events = play(state, "green3")
    assert of(events, "bear-moved")[0]["steps"] == 3
