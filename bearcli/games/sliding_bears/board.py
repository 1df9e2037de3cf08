"""What the ice floe shows, cell by cell (render.py draws it: the one drawing of the floe).

A start/finish cell holds a bear's letter upper-case where it stands, lower-case when away;
a grid cell holds a tile (`I`, `S`, `R`, `.` water) or the bear standing on it (P G B Y).
"""

from __future__ import annotations

from bearcli.games.sliding_bears.layout import COLOURS

START, FINISH = -1, -2


def grid_rows(cfg, state) -> list[tuple[str, list[str]]]:
    """(label, cells) from the finish line down to the start line; shared with render.py."""
    lay = cfg.layout
    where = {pos: COLOURS[k][0].upper() for k, pos in enumerate(state.bears) if pos >= 0}
    rows = [("finish", _line(lay.width, lay.finish, state.bears, FINISH))]
    for row in range(lay.height - 1, -1, -1):
        cells = []
        for col in range(lay.width):
            i = row * lay.width + col
            cells.append(where.get(i, state.cells[i]))
        rows.append((str(row + 1), cells))
    rows.append(("start", _line(lay.width, lay.start, state.bears, START)))
    return rows


def _line(width: int, cols: tuple[int, ...], bears: tuple[int, ...], here: int) -> list[str]:
    out = [""] * width
    for k, col in enumerate(cols):
        letter = COLOURS[k][0]
        out[col] += letter.upper() if bears[k] == here else letter
    return [cell or "." for cell in out]


def text_board(cfg, state) -> str:
    """The drawing of render.py without its colours: one drawing for every caller."""
    from bearcli.games.sliding_bears.render import render

    return render(state).plain


def status_line(state, pending: list[str]) -> str:
    """Whose move it is and what for, in the words of the rulebook."""
    if state.phase == "remove":
        return f"set-up: seat {state.seat + 1} removes a tile"
    if state.phase == "roll":
        return f"turn {state.turn + 1}: seat {state.seat + 1} to roll"
    if state.phase == "over":
        return f"game over after turn {state.turn}: {state.termination}"
    return f"turn {state.turn}, seat {state.seat + 1}: " + ", ".join(pending) + " to use"
