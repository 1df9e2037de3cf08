"""The waterfall drawn with rich (play). Renderables only: the CLI owns the console."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from bearcli.games.bear_down.board import headline, rows, status_lines

_STREAM = {
    "red": "bold white on red3",
    "blue": "bold white on dodger_blue3",
    "green": "bold white on green4",
    "yellow": "bold black on yellow3",
    "purple": "bold white on purple4",
}
_SEAT = (
    "bold black on bright_white",
    "bold black on orange3",
    "bold white on grey37",
    "bold black on tan",
)


def render(state) -> RenderableType:
    """The contract every game's render.py keeps: a state in, one renderable out."""
    parts: list[RenderableType] = [Text(headline(state), style="bold")]
    if state.dice:
        dice = Text("dice: ")
        for stream, face in state.dice:
            dice.append(f" {stream}:{face} ", style=_STREAM[stream])
            dice.append(" ")
        parts.append(dice)
    parts.append(waterfall(state))
    parts.extend(Text(line) for line in status_lines(state))
    return Group(*parts)


def waterfall(state) -> Table:
    cfg = state.cfg
    table = Table.grid(padding=(0, 0))
    table.add_column(justify="right")
    for _ in cfg.streams:
        table.add_column(justify="center", min_width=6)
        table.add_column(min_width=1)
    head = [Text("")]
    for stream in cfg.streams:
        head += [Text(f"{stream:^6}", style=_STREAM[stream]), Text(" ")]
    table.add_row(*head)
    for label, cells, walls in rows(state):
        row = [Text(f"{label} ", style="dim")]
        for c, wall in zip(cells, walls, strict=True):
            if c.startswith("@"):
                style = _SEAT[(int(c[1:]) - 1) % len(_SEAT)]
            elif c != ".":
                style = "bold salmon1 on blue"
            else:
                style = "on blue"
            row += [Text(f"{c:^6}", style=style), Text("#" if wall else " ", style="bold grey50")]
        table.add_row(*row)
    return table
