"""The forest and the memo grid: the one drawing `play`, `replay --board` and error messages show.

Every cell is a symbol of its own (one character in the forest; a hole is `o`, never a blank)
and a legend names the symbols drawn, so the board reads the same without colour (`describe`
is this drawing's plain text); colour only adds emphasis.

The memo game has a table view: `render(state, viewer=seat, show_memory=False)` draws what a
real table shows (face-down cards as `??`, the face-up ones, the gaps of the pairs taken);
`show_memory=True` (the default) also writes on the face-down cards what they showed when
last turned up, as the record knows it.
"""

from __future__ import annotations

from rich.text import Text

from bearcli.core.picture import fit, legend_lines
from bearcli.games.baerenspiel import forest, memo
from bearcli.games.baerenspiel.board import (
    LEGEND_NAMES,
    forest_rows,
    memo_cells,
    memo_status,
    status_line,
)

CARD = 6  # a memo card's width on the board: `[an16]`; ten of them fit 80 columns

_STYLE = {
    "#": "white on grey23",  # dark back
    ".": "black on grey70",  # light back
    "=": "bold black on dark_goldenrod",  # path
    "+": "bold black on dark_orange3",  # path laid on an obstacle
    "a": "bold white on dark_green",  # animal
    "x": "bold white on red3",  # obstacle
    "B": "bold black on bright_yellow",  # little bear
    "o": "dim",  # hole: outside the forest
}


def render(state, *, viewer: int | None = None, show_memory: bool = True) -> Text:
    """The contract every game's render.py keeps: a state in, the drawing out (rich Text,
    whose `.plain` is `describe`).

    viewer: the 0-based seat looking (play passes the seat to move). Every card face up is
    seen by the whole table in both variants, so it changes nothing today; it is there for a
    view that would differ by seat. show_memory: memo game only; False draws what a real table
    shows (face-down cards as `??`, whatever they showed before), True (the default, what
    describe and replay show) writes on them what they showed when last turned up.
    """
    if isinstance(state, memo.MemoState):
        return _memo(state, viewer, show_memory)
    rows = forest_rows(state)
    lines = []
    for label, cells in rows:
        line = Text().append(f"{label}:", style="dim")
        for cell in cells:
            line.append(" ")
            line.append(cell, style=_STYLE[cell])
        lines.append(line)
    lines.append(Text("   " + " ".join(forest.COLUMNS), style="dim"))
    used = {c for _, cells in rows for c in cells}
    parts = [f"{s} {n}" for s, n in LEGEND_NAMES.items() if s in used]
    lines.append(Text("\n".join(legend_lines(parts)), style="dim"))
    lines.append(Text(fit(status_line(state)), style="bold"))
    return _joined(lines)


def _memo(state: memo.MemoState, viewer: int | None, show_memory: bool) -> Text:
    rows = memo_cells(state, show_memory=show_memory)
    lines = []
    for label, cells in rows:
        if not any(cells):
            continue
        line = Text().append(f"{label}:", style="dim")
        for cell in cells:
            if not cell:
                continue
            line.append(" ")
            style = "dim" if cell in ("--", "??") else "italic"
            if cell.startswith("["):
                style = "bold black on bright_yellow"
            line.append(f"{cell:>{CARD}}", style=style)
        lines.append(line)
    lines.append(Text("   " + " ".join(f"{c:>{CARD}}" for c in memo.COLUMNS), style="dim"))
    shown = {c for _, cells in rows for c in cells if c}
    parts = []
    if any(c.startswith("[") for c in shown):
        parts.append("[an3] face up")
    if any(c not in ("--", "??") and not c.startswith("[") for c in shown):
        parts.append("an3 face down, it showed that card before")
    if "??" in shown:
        parts.append("?? face down" + (", never seen" if show_memory else ""))
    if "--" in shown:
        parts.append("-- taken with its pair")
    if any(c not in ("--", "??") for c in shown):
        parts.append("bear the little bear  ob1-ob8 obstacles  an1-an16 animals")
    lines.append(Text("\n".join(legend_lines(parts)), style="dim"))
    lines.append(Text(fit(memo_status(state)), style="bold"))
    return _joined(lines)


def _joined(lines: list[Text]) -> Text:
    # The project's consoles soft-wrap (cli/console.py): rows are printed whole, as `.plain`.
    return Text("\n").join(lines)
