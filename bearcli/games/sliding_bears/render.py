"""The ice floe: the one drawing `play`, `replay --board` and error messages all show.

Every cell is a symbol of its own and a legend names the symbols drawn, so the board reads the
same without colour (NO_COLOR, logs, error messages: `describe` is this drawing's plain text);
colour only adds emphasis.

finish: . p . G b y
     2: I I ~ P S R
     1: I I I I ~ I
 start: Y . b g . p
        a b c d e f
legend: I ice  S seal  R rock  ~ open water  P G B Y a bear (pink, ...)
        start/finish: p g b y a square, its bear away  P G B Y its bear there  . no square
turn 3, seat 1: bear die pink, weather die crack to use
"""

from __future__ import annotations

from rich.text import Text

from bearcli.core.picture import fit, legend_lines
from bearcli.games.sliding_bears.board import grid_rows, status_line

WATER = "~"  # open water in the grid ("." stays for "no square" on the start/finish lines)
_TILE = {
    "I": ("ice", "black on bright_white"),
    "S": ("seal", "bold white on grey37"),
    "R": ("rock", "bold white on grey23"),
    WATER: ("open water", "bright_cyan on blue"),
}
_BEAR = {
    "P": "bold white on magenta",
    "G": "bold white on green",
    "B": "bold white on dodger_blue2",
    "Y": "bold black on yellow",
}


def render(state, *, viewer: int | None = None, show_memory: bool = True) -> Text:
    """The contract every game's render.py keeps: a state in, the drawing out (rich Text,
    whose `.plain` is `describe`). Everything on the floe is public: `viewer` and
    `show_memory` (the memo game's) change nothing here."""
    cfg = state.cfg
    rows = [(label, [_symbol(label, c) for c in cells]) for label, cells in grid_rows(cfg, state)]
    width = max(len(label) for label, _ in rows)
    lines = []
    for label, cells in rows:
        line = Text().append(f"{label:>{width}}:", style="dim")
        for cell in cells:
            line.append(" ")
            line.append_text(_cell(cell))
        lines.append(line)
    lines.append(Text(" " * (width + 2) + " ".join(cfg.layout.grid.columns), style="dim"))
    lines.append(_legend(rows))
    pending = []
    if state.bear_face:
        pending.append(f"bear die {state.bear_face}")
    if state.weather:
        pending.append(f"weather die {state.weather}")
    lines.append(Text(fit(status_line(state, pending)), style="bold"))
    return _joined(lines)


def _symbol(label: str, cell: str) -> str:
    if label in ("finish", "start"):
        return cell  # letters, or "." for a column with no start/finish square
    return WATER if cell == "." else cell


def _cell(cell: str) -> Text:
    if cell in _TILE:
        return Text(cell, style=_TILE[cell][1])
    text = Text()
    for letter in cell:  # a bear, or start/finish letters (two colours may share a column)
        text.append(letter, style=_BEAR.get(letter, "dim"))
    return text


def _legend(rows) -> Text:
    """Names the symbols this drawing uses, so a cell never needs its colour to be read."""
    grid = {c for label, cells in rows if label not in ("finish", "start") for c in cells}
    edge = "".join(c for label, cells in rows if label in ("finish", "start") for c in cells)
    parts = [f"{sym} {name}" for sym, (name, _) in _TILE.items() if sym in grid]
    if grid & set(_BEAR):
        parts.append("P G B Y a bear (pink, green, blue, yellow)")
    lines = legend_lines(parts)
    ends = []
    if any(c.islower() for c in edge):
        ends.append("p g b y a square, its bear away")
    if any(c.isupper() for c in edge):
        ends.append("P G B Y its bear there")
    if "." in edge:
        ends.append(". no square")
    if ends:  # every line, legend included, fits 80 columns
        lines += legend_lines(ends, head="        start/finish: ")
    text = "\n".join(lines)
    return Text(text, style="dim")


def _joined(lines: list[Text]) -> Text:
    # The project's consoles soft-wrap (cli/console.py): rows are printed whole, as `.plain`.
    return Text("\n").join(lines)
