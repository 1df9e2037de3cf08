"""The waterfall's one drawing (issue 11, point 4): every cell kind has its own symbol, the
legend names each one drawn, and play, replay --board and error messages show the same text."""

from __future__ import annotations

from tests.games.drawing_checks import legend_names, same_drawing_everywhere

HEAD = """\
format: bearcli-moves/1
game: bear-down
chance: manual
scenario: {game: bear-down, seats: [human, human]}
"""
MOVES = ["roll blue:S1 green:S1 yellow:S1", "green1"]


def test_one_drawing_for_play_replay_and_errors(cli, tmp_path):
    drawing = same_drawing_everywhere(cli, tmp_path, HEAD, MOVES, "red1")
    rows = drawing.splitlines()
    assert rows[0] == "round 1, first player seat 1, seat 2 to move"
    assert rows[1] == "dice: blue:S1 green:S1 yellow:S1"
    board = rows[3:7]
    assert board[0].startswith("edge 4:") and board[3].startswith("     1:")
    cells = {c for row in board for c in row.split(":", 1)[1].split()}
    # Salmon counts, empty water tiles, seat 1's bear, and the rocks between streams.
    assert {"1", "2", ".", "@1", "#"} <= cells
    assert all(c in {".", "#", "@1"} or c.isdigit() for c in cells)
    legend_names(drawing, {".", "#", "@1", "2"})
    assert "boulder: @2" in rows
