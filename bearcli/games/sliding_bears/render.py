"""The ice floe drawn with rich (play). Renderables only: the CLI owns the console."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from bearcli.games.sliding_bears.board import grid_rows
from bearcli.games.sliding_bears.layout import COLUMNS

_STYLE = {
    "I": ("  ", "on bright_white"),
    "S": ("SS", "bold white on grey37"),
    "R": ("RR", "bold white on grey23"),
    ".": ("  ", "on blue"),
}
_BEAR = {"P": "bold white on magenta", "G": "bold white on green",
         "B": "bold white on dodger_blue2", "Y": "bold black on yellow"}


def render(state) -> RenderableType:
    """The contract every game's render.py keeps: a state in, one renderable out."""
    return Group(board(state.cfg, state), status(state.cfg, state))


def board(cfg, state) -> Table:
    table = Table.grid(padding=(0, 0))
    table.add_column(justify="right")
    for _ in range(cfg.layout.width):
        table.add_column()
    for label, cells in grid_rows(cfg, state):
        edge = label in ("finish", "start")
        row = [Text(f"{label} ", style="dim")]
        for cell in cells:
            if cell in _BEAR:
                row.append(Text(cell * 2, style=_BEAR[cell]))
            elif edge:
                row.append(_edge(cell))
            else:
                text, style = _STYLE[cell]
                row.append(Text(text, style=style))
        table.add_row(*row)
    table.add_row(Text(""), *[Text(c + " ", style="dim") for c in COLUMNS[: cfg.layout.width]])
    return table


def _edge(cell: str) -> Text:
    # A start/finish cell: lower case marks a square, upper case a bear standing on it.
    if cell == ".":
        return Text("  ")
    text = Text()
    for letter in cell[:2]:
        style = _BEAR[letter] if letter in _BEAR else "dim"
        text.append(letter if len(cell) > 1 else letter * 2, style=style)
    return text


def status(cfg, state) -> Text:
    text = Text(f"turn {state.turn}  seat {state.seat + 1}  ice left "
                f"{state.cells.count('I')}")
    if state.bear_face:
        text.append(f"  bear die: {state.bear_face}", style="bold")
    if state.weather:
        text.append(f"  weather: {state.weather}", style="bold")
    return text
