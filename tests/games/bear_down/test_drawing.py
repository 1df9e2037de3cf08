"""The plain-text waterfall (describe) and the rich renderer show the same position."""

from __future__ import annotations

from rich.console import Console

from bearcli.games.bear_down import render
from tests.games.bear_down.helpers import GAME, place, play, roll_all, start


def _position():
    state = start(3)
    state, _ = play(state, roll_all(state, "S2"))
    return place(
        state,
        bears={1: "blue2", 2: "yellow4"},
        salmon={"yellow4": 0},
        carried={1: 3},
        banked=(2, 5, 0),
    )


def test_describe_shows_the_whole_position():
    text = GAME.describe(_position())
    lines = text.splitlines()
    assert lines[0] == "round 1, first player P1, P1 to move"
    assert lines[1] == "dice: red:S2 blue:S2 green:S2 yellow:S2"
    assert lines[2].split() == ["red", "blue", "green", "yellow"]
    assert lines[3].startswith("edge 4:") and "@2" in lines[3]
    assert lines[3].split()[2:] == ["2", "2", "2", "@2"]  # salmon counts, then seat 2's bear
    assert "#" in lines[4] and "#" in lines[5]  # rocks: blue/green at 3, red/blue at 2 ...
    # Square 2's row: red2 empty, the red/blue rock at 2, seat 1's bear on blue2.
    assert lines[5].split()[:4] == ["2:", ".", "#", "@1"]
    assert "boulder: @3" in lines
    assert "water supply 24, under the rock 10, salmon supply 37" in lines
    assert "P1: carried 3, banked 2" in lines and "P2: carried 0, banked 5" in lines


def test_describe_at_the_roll_and_at_the_end():
    state = start(2)
    assert GAME.describe(state).splitlines()[0] == "round 1, first player P1 to roll"
    over, _ = play(start(2, {"salmon_supply": 0}), roll_all(state, "S1"))
    assert GAME.describe(over).splitlines()[0] == "game over after round 1: salmon-ran-out"


def test_render_draws_the_same_in_colour():
    console = Console(width=100, record=True, color_system="truecolor", force_terminal=True)
    console.print(render.render(_position()))
    plain = console.export_text(clear=False)
    assert "round 1, first player P1, P1 to move" in plain
    assert "yellow:S2" in plain and "@1" in plain and "@2" in plain
    assert "P1: carried 3, banked 2" in plain
    assert "\x1b[" in console.export_text(styles=True)  # it is in colour
