"""Notation: every step prints itself back (parse(str(step)) == step), and bad text is refused."""

from __future__ import annotations

import pytest

from bearcli.core.errors import MalformedStep
from bearcli.core.runner import Match, chance_rng, make_bots, play_out
from bearcli.games.bear_down.notation import Move, Roll, Stay
from tests.games.bear_down.helpers import GAME, place, play, roll_all, scen, start


def test_every_chance_outcome_round_trips():
    for players in (2, 3, 4):
        state = start(players)
        for step, _ in GAME.chance_outcomes(state):
            assert GAME.parse_step(str(step)) == step


def test_every_step_of_a_played_game_round_trips():
    for players in (2, 3, 4):
        s = scen(players, bots="random")
        match = Match(s.game, s.config)
        play_out(match, make_bots(s.game, s.config, 3), chance_rng(3))
        assert match.steps
        for step in match.steps:
            assert GAME.parse_step(str(step)) == step


def test_step_forms():
    assert (
        str(Roll((("blue", "W"), ("green", "S2"), ("yellow", "WWS"))))
        == "roll blue:W green:S2 yellow:WWS"
    )
    assert GAME.parse_step("roll yellow:wws  Blue:w green:S2") == GAME.parse_step(
        "roll blue:W green:S2 yellow:WWS"
    )  # any order, any case
    assert GAME.parse_step("blue3") == Move("blue3")
    assert GAME.parse_step(" Boulder ") == Move("boulder")
    assert GAME.parse_step("seat2 blue3") == Move("blue3", 2)
    assert str(Move("blue3", 2)) == "seat2 blue3"
    assert GAME.parse_step("stay") == Stay() and GAME.parse_step("seat3 stay") == Stay(3)
    assert str(Stay(3)) == "seat3 stay"


def test_explicit_seat_plays_like_the_implicit_form():
    state = start(2)
    state, _ = play(state, roll_all(state, "S1"))
    a, ev_a = play(state, "green1")
    b, ev_b = play(state, "seat1 green1")
    assert a == b and ev_a == ev_b


@pytest.mark.parametrize(
    "text",
    [
        "roll",
        "roll blue:X",
        "roll pink:W",
        "roll blue:W blue:S1",
        "roll blue W",
        "pink2",
        "blue",
        "blue5",
        "seat0 blue1",
        "seat 2 blue1",
        "move blue1",
        "stay blue1",
        "",
    ],
)
def test_malformed_steps_are_refused(text):
    with pytest.raises(MalformedStep):
        GAME.parse_step(text)


def test_legal_steps_are_destinations_in_notation():
    state = place(start(2), bears={1: "yellow4", 2: "yellow3"}, salmon={}, clear=True)
    state, _ = play(state, "roll blue:S1 green:S1 yellow:S1")
    # yellow3 holds a bear; green4 got a salmon, which ends any way past it.
    assert [str(s) for s in GAME.legal_steps(state)] == ["green4"]
    state = place(state, bears={1: "boulder"})
    legal = [str(s) for s in GAME.legal_steps(state)]
    assert "boulder" not in legal and "blue1" in legal and "yellow3" not in legal
    assert all(isinstance(GAME.parse_step(t), Move) for t in legal)
