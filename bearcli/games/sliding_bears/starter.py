"""The commented starting layout of `bearcli layout new COLSxROWS` (it validates as it is)."""

from __future__ import annotations

from bearcli.games.sliding_bears.layout import COLOURS, MAX_SIZE, MIN_SIZE, WATER, Layout


def starter(width: int, height: int) -> str:
    """A floe of ice with one seal in the middle (the normal level removes a seal, SB2), the
    four bears' columns spread over the width, and comments saying how to change it."""
    if not (MIN_SIZE <= width <= MAX_SIZE and MIN_SIZE <= height <= MAX_SIZE):
        raise ValueError(f"{width} x {height} is not a size from 3 x 3 to 12 x 12")
    # Spread the columns evenly; below four columns some colours share one (P-SB1).
    cols = tuple((2 * k + 1) * width // 8 for k in range(len(COLOURS)))
    cells = ["I"] * (width * height)
    cells[(height // 2) * width + width // 2] = "S"
    lay = Layout(width, height, tuple(cells), cols, cols)
    head = f"""\
# A new Sliding Bears floe, {width} columns x {height} rows (bearcli layout new {width}x{height}).
# Rows run from the top (row {height}) down to row 1, cells separated by spaces:
#   I  ice: bears jump onto it, the wind slides it, a crack takes it away
#   S  seal: the wind slides it, bears never jump onto it
#   R  rock: never moves, never jumped onto
#   ~  open water: the wind slides ice and seals into it (as on the screen)
# On the finish: and start: lines, p g b y are the pink, green, blue and yellow bears'
# squares (each once on each line; . is no square). A bear enters the grid at the square
# above its start and leaves from the top square below its finish.
# The normal level removes a seal before the first roll (keep one), the hard level an ice
# tile. Then: bearcli layout check FILE, bearcli layout show FILE, bearcli simulate FILE.
"""
    return head + lay.to_text(WATER)
