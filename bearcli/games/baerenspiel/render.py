"""The forest and the memo grid drawn with rich (play). Renderables only: the CLI owns output."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from bearcli.games.baerenspiel import forest, memo
from bearcli.games.baerenspiel.board import LEGEND, forest_rows, memo_cells, status_line

_STYLE = {
    "#": ("##", "white on grey23"),  # dark back
    ".": ("..", "black on grey70"),  # light back
    "=": ("==", "bold black on dark_goldenrod"),  # path
    "+": ("=+", "bold black on dark_orange3"),  # path laid on an obstacle
    "a": ("an", "bold white on dark_green"),  # animal
    "x": ("XX", "bold white on red3"),  # obstacle
    "B": ("BB", "bold black on bright_yellow"),  # little bear
    "o": ("  ", ""),  # hole: outside the forest
}


def render(state) -> RenderableType:
    """The contract every game's render.py keeps: a state in, one renderable out."""
    if isinstance(state, memo.MemoState):
        return memo_grid(state)
    return Group(board(state), Text(LEGEND, style="dim"), Text(status_line(state), style="bold"))


def board(state) -> Table:
    table = Table.grid(padding=(0, 0))
    table.add_column(justify="right")
    for _ in range(forest.SIZE):
        table.add_column()
    for label, cells in forest_rows(state):
        row = [Text(f"{label} ", style="dim")]
        for cell in cells:
            text, style = _STYLE[cell]
            row.append(Text(text, style=style))
        table.add_row(*row)
    table.add_row(Text(""), *[Text(c + " ", style="dim") for c in forest.COLUMNS])
    return table


def memo_grid(state) -> RenderableType:
    table = Table.grid(padding=(0, 1))
    table.add_column(justify="right")
    for _ in range(memo.WIDTH):
        table.add_column()
    for label, cells in memo_cells(state):
        if not any(cells):
            continue
        row = [Text(label, style="dim")]
        for cell in cells:
            style = "dim" if cell in ("--", "??", "") else "bold"
            if cell.startswith("["):
                style = "bold black on bright_yellow"
            row.append(Text(cell, style=style))
        table.add_row(*row)
    table.add_row(Text(""), *[Text(c, style="dim") for c in memo.COLUMNS])
    pairs = "  ".join(f"seat {i + 1}: {p}" for i, p in enumerate(state.pairs))
    return Group(table, Text(f"turn {state.turn}  seat {state.seat + 1} flips  pairs {pairs}"))
