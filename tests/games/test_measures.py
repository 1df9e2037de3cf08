"""What `simulate` counts of a game (each game's `measures`), read off a position."""

from __future__ import annotations

import dataclasses

from tests.games.baerenspiel import helpers as bs
from tests.games.sliding_bears import helpers as sb


def test_baerenspiel_counts_turns_whole_rounds_begun_and_cards_turned():
    m = bs.match(["roll bear tree tree", "search a1"], seats=3)
    game, state = m.game, m.state
    assert game.measures(state) == {"turns": state.turn, "rounds": 1, "reveals": state.reveals}
    # a round is one turn of each of the three seats: turn 4 begins the second
    rounds = [game.measures(dataclasses.replace(state, turn=t))["rounds"] for t in range(8)]
    assert rounds == [0, 1, 1, 1, 2, 2, 2, 3]
    assert game.measures(dataclasses.replace(state, reveals=5))["reveals"] == 5


def test_sliding_bears_counts_turns():
    m = sb.match(["remove b2", "roll pink wind", "jump pink a1", "pass"])
    assert m.game.measures(m.state) == {"turns": m.state.turn}
    assert m.game.measures(dataclasses.replace(m.state, turn=7)) == {"turns": 7}
