"""The waterfall: the one drawing `play`, `replay --board` and error messages all show.

Every cell is a symbol of its own and a legend names the symbols drawn, so the board reads the
same without colour (`describe` is this drawing's plain text); colour only adds emphasis.

round 3 (final round), first player seat 2, seat 3 to move
dice: blue:W green:S2 yellow:WWS
            blue   green  yellow
edge 4:      2      @1  #   .
     3:      .      1       .
     2:      .      .       3
     1:      .      .       .
legend: . an empty water tile  2 salmon on the tile  @1 seat 1's bear  # a rock between streams
boulder: @2 @3
water supply 12, under the rock 10, salmon supply 30
seat 1 Ana: carried 2, banked 5
"""

from __future__ import annotations

from rich.text import Text

from bearcli.core.picture import fit, legend_lines
from bearcli.games.bear_down.board import WIDTH, headline, rows, status_lines

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


def render(state, *, viewer: int | None = None, show_memory: bool = True) -> Text:
    """The contract every game's render.py keeps: a state in, the drawing out (rich Text,
    whose `.plain` is `describe`). Everything on the board is public: `viewer` and
    `show_memory` (the memo game's) change nothing here."""
    cfg = state.cfg
    lines = [Text(fit(headline(state)), style="bold")]
    if state.dice:
        dice = Text("dice:")
        for stream, face in state.dice:
            dice.append(" ")
            dice.append(f"{stream}:{face}", style=_STREAM[stream])
        lines.append(dice)
    head = Text(" " * 8)
    for i, stream in enumerate(cfg.streams):
        head.append(" " if i else "")
        head.append(f"{stream:^{WIDTH - 1}}", style=_STREAM[stream])
    lines.append(head)
    drawn = rows(state)
    for label, cells, walls in drawn:
        line = Text().append(f"{label}:", style="dim")
        line.append(" ")
        for cell, wall in zip(cells, walls, strict=True):
            line.append(f"{cell:^{WIDTH - 1}}", style=_style(cell))
            line.append("#" if wall else " ", style="bold grey50")
        line.rstrip()
        lines.append(line)
    lines.append(_legend(drawn))
    lines.extend(Text(fit(line)) for line in status_lines(state))
    return _joined(lines)


def _style(cell: str) -> str:
    if cell.startswith("@"):
        return _SEAT[(int(cell[1:]) - 1) % len(_SEAT)]
    return "on blue" if cell == "." else "bold salmon1 on blue"


def _legend(drawn) -> Text:
    """Names the symbols this drawing uses, so a cell never needs its colour to be read, and
    says where the waterfall and the boulder are (the board has no picture of either)."""
    cells = [c for _, row, _ in drawn for c in row]
    parts = []
    if "." in cells:
        parts.append(". an empty water tile")
    if any(c.isdigit() for c in cells):
        parts.append("2 salmon on the tile")
    if any(c.startswith("@") for c in cells):
        parts.append("@1 seat 1's bear")
    if any(any(walls) for _, _, walls in drawn):
        parts.append("# a rock between streams")
    parts.append("the waterfall: above the edge row, a tile pushed off it falls")
    parts.append("the boulder: below row 1, where bears start and bank salmon")
    return Text("\n".join(legend_lines(parts)), style="dim")


def _joined(lines: list[Text]) -> Text:
    # The project's consoles soft-wrap (cli/console.py): rows are printed whole, as `.plain`.
    return Text("\n").join(lines)
