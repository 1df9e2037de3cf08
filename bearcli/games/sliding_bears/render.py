"""The ice floe drawn with rich (play). Renderables only: the CLI owns the console.

Every cell keeps a letter, so the board reads the same without colour (NO_COLOR, logs).
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from bearcli.games.sliding_bears.board import grid_rows

_TILE = {
    "I": ("I", "black on bright_white"),
    "S": ("S", "bold white on grey37"),
    "R": ("R", "bold white on grey23"),
    ".": ("~", "bright_cyan on blue"),
}
_BEAR = {
    "P": "bold white on magenta",
    "G": "bold white on green",
    "B": "bold white on dodger_blue2",
    "Y": "bold black on yellow",
}


def render(state) -> RenderableType:
    """The contract every game's render.py keeps: a state in, one renderable out."""
    return Group(board(state.cfg, state), status(state.cfg, state))


def board(cfg, state) -> Table:
    table = Table.grid(padding=(0, 1))
    table.add_column(justify="right")
    for _ in range(cfg.layout.width):
        table.add_column()
    for label, cells in grid_rows(cfg, state):
        edge = label in ("finish", "start")
        row = [Text(label, style="dim")]
        for cell in cells:
            row.append(_edge(cell) if edge else _cell(cell))
        table.add_row(*row)
    table.add_row(Text(""), *[Text(c, style="dim") for c in cfg.layout.grid.columns])
    return table


def _cell(cell: str) -> Text:
    if cell in _BEAR:
        return Text(cell, style=_BEAR[cell])
    text, style = _TILE[cell]
    return Text(text, style=style)


def _edge(cell: str) -> Text:
    # A start/finish square: lower case marks it, upper case shows the bear standing on it.
    if cell == ".":
        return Text(" ")
    text = Text()
    for letter in cell:
        text.append(letter, style=_BEAR.get(letter, "dim"))
    return text


def status(cfg, state) -> Text:
    text = Text(f"turn {state.turn}  seat {state.seat + 1}  ice left {state.cells.count('I')}")
    if state.bear_face:
        text.append(f"  bear die: {state.bear_face}", style="bold")
    if state.weather:
        text.append(f"  weather: {state.weather}", style="bold")
    return text
