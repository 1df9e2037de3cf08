"""The floe's one drawing (issue 11, point 4): every cell kind has its own symbol, the legend
names each one drawn, and play, replay --board and error messages show the same text."""

from __future__ import annotations

from bearcli.games.sliding_bears import render
from tests.games.drawing_checks import coloured, legend_names, plain, same_drawing_everywhere

HEAD = """\
format: bearcli-moves/1
game: sliding-bears
chance: manual
scenario:
  game: sliding-bears
  seats: [human]
  layout: |
    finish: p g b y .
         3: I I I I .
         2: I S I I S
         1: I I R I I
     start: p g b y .
"""
MOVES = ["remove b2", "roll pink wind", "jump pink a1"]


def test_one_drawing_for_play_replay_and_errors(cli, tmp_path):
    drawing = same_drawing_everywhere(cli, tmp_path, HEAD, MOVES, "crack c3")
    rows = drawing.splitlines()
    assert rows[:6] == [
        "finish: p g b y .",
        "     3: I I I I ~",  # open water is "~": never a blank, never the edge rows' "."
        "     2: I ~ I I S",  # b2's seal was removed at set-up
        "     1: P I R I I",  # the pink bear on its ice
        " start: p G B Y .",  # pink's start square empty (lower case), the others there
        "        a b c d e",
    ]
    # Each cell kind is its own symbol: ice, seal, rock, water, a bear; on the edge lines a
    # square with its bear away, one with its bear there, and no square at all.
    grid = {c for row in rows[1:4] for c in row.split()[1:]}
    assert grid == {"I", "S", "R", "~", "P"}
    edge = {c for row in (rows[0], rows[4]) for c in row.split()[1:]}
    assert edge == {"p", "g", "b", "y", "G", "B", "Y", "."}
    legend_names(drawing, grid | edge)
    assert rows[-1] == "turn 1, seat 1: weather die wind to use"


def test_colour_is_emphasis_only():
    from tests.conftest import replay_text

    match = replay_text(HEAD + "moves:\n" + "".join(f"  - {m}\n" for m in MOVES))
    drawn = render.render(match.state)
    assert "\x1b[1;37;45mP" in coloured(drawn)  # the pink bear: bold white on magenta
    assert plain(drawn) == match.game.describe(match.state) + "\n"  # the same text, uncoloured
