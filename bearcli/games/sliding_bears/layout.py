"""The ice-floe layout (SB1) and its hand-writable text format (docs/layouts.md).

    finish: . p . g b y
         3: I I S I ~ I
         2: I R I I I I
         1: I I I I I I
     start: y . b g . p

Rows run from the top row down to row 1; `finish:` and `start:` place each bear colour's
square in a column (`.`: no square); cells are separated by spaces. `~` is open water, as on
the screen (render.py); `.` in the grid is read as open water too, as older files wrote it.
`#` starts a comment.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from bearcli.core.errors import Collector, Location, ScenarioError
from bearcli.core.grid import Grid

COLOURS = ("pink", "green", "blue", "yellow")
LETTER = {"p": "pink", "g": "green", "b": "blue", "y": "yellow"}
TILES = {"I": "ice", "S": "seal", "R": "rock", ".": "water"}  # as held in Layout.cells
WATER = "~"  # open water as written in a file and drawn on the screen; read as "."
MIN_SIZE, MAX_SIZE = 3, 12


@dataclass(frozen=True)
class Places:
    """Where each part of a layout was written (its file, line and column), for the static
    checks (floe_checks.py) to point at: a square's cell, a bear's start and finish letters."""

    first: Location  # the `finish:` label
    cells: tuple[Location, ...]  # by square index
    start: tuple[Location, ...]  # by colour, in COLOURS order
    finish: tuple[Location, ...]


@dataclass(frozen=True)
class Layout:
    width: int
    height: int
    cells: tuple[str, ...]  # row-major from row 1 (bottom) upward; "I", "S", "R" or "."
    start: tuple[int, ...]  # column of each colour's start square, in COLOURS order
    finish: tuple[int, ...]
    # Where it was written; never compared (the same floe from two files is the same floe).
    places: Places | None = field(default=None, compare=False, repr=False)

    @property
    def grid(self) -> Grid:
        return Grid(self.width, self.height)

    def index(self, col: int, row: int) -> int:
        return row * self.width + col

    def square_name(self, index: int) -> str:
        return self.grid.name(index)

    def to_text(self, water: str = ".") -> str:
        """The layout as text. The default is the form the rules fingerprint (`.` for water,
        unchanged so that every record's fingerprint stays); files get `to_text(WATER)`."""
        label = max(len("finish"), len(str(self.height)))
        lines = [f"{'finish':>{label}}: " + " ".join(self._line(self.finish))]
        for row in range(self.height - 1, -1, -1):
            cells = self.cells[row * self.width : (row + 1) * self.width]
            shown = (water if c == "." else c for c in cells)
            lines.append(f"{row + 1:>{label}}: " + " ".join(shown))
        lines.append(f"{'start':>{label}}: " + " ".join(self._line(self.start)))
        return "\n".join(lines) + "\n"

    def _line(self, cols: tuple[int, ...]) -> list[str]:
        out = [""] * self.width
        for colour, col in zip(COLOURS, cols, strict=True):
            out[col] += colour[0]
        return [cell or "." for cell in out]


def parse(text: str, file: str, first_line: int = 1, col_offset: int = 0) -> Layout:
    """Parse the layout text; `first_line`/`col_offset` place it inside a YAML block."""

    def at(line: int, col: int = 1) -> Location:
        return Location(file, line, col + col_offset)

    def err(msg: str, line: int, col: int = 1) -> ScenarioError:
        return ScenarioError(msg, ruling="SB1", location=at(line, col))

    rows: list[tuple[str, list[tuple[str, int]], int]] = []  # (label, [(cell, col)], line)
    for n, raw in enumerate(text.splitlines(), start=first_line):
        line = raw.split("#", 1)[0].rstrip()
        if not line.strip():
            continue
        if ":" not in line:
            raise err(
                "a layout line is 'LABEL: cells' (finish, a row number, or start)",
                n,
                len(raw) - len(raw.lstrip()) + 1,
            )
        label, cells_text = line.split(":", 1)
        base = len(label) + 2
        cells = []
        pos = 0
        for token in cells_text.split(" "):
            if token:
                cells.append((token, base + pos))
            pos += len(token) + 1
        rows.append((label.strip(), cells, n))
    if len(rows) < 2 or rows[0][0] != "finish" or rows[-1][0] != "start":
        line = rows[0][2] if rows else first_line
        raise err("a layout starts with a 'finish:' line and ends with a 'start:' line", line)
    grid_rows = rows[1:-1]
    height = len(grid_rows)
    width = len(rows[0][1])
    if not (MIN_SIZE <= width <= MAX_SIZE and MIN_SIZE <= height <= MAX_SIZE):
        raise err(
            f"the grid is {width} x {height}; any size from {MIN_SIZE} x {MIN_SIZE} to "
            f"{MAX_SIZE} x {MAX_SIZE} may be authored",
            rows[0][2],
        )
    # Every line is checked, so an author sees all the mistakes of a layout at once.
    problems = Collector()
    cells: list[str] = [""] * (width * height)
    cell_at: list[Location] = [at(rows[0][2])] * (width * height)
    for i, (label, line_cells, n) in enumerate(grid_rows):
        row = height - 1 - i
        if label != str(row + 1):
            problems.add(
                err(f"expected row label '{row + 1}:' (rows count down to 1), not {label!r}", n)
            )
        try:
            _check_width(line_cells, width, n, err)
        except ScenarioError as exc:
            problems.add(exc)
            continue
        for col, (cell, c) in enumerate(line_cells):
            cell = "." if cell == WATER else cell
            if cell not in TILES:
                problems.add(
                    err(f"unknown tile {cell!r} (I ice, S seal, R rock, ~ open water)", n, c)
                )
            cells[row * width + col] = cell
            cell_at[row * width + col] = at(n, c)
    lines = []
    for row in (rows[0], rows[-1]):
        try:
            lines.append(_colour_line(row, width, err))
        except ScenarioError as exc:
            problems.add(exc)
    problems.raise_any()
    finish, start = lines
    places = Places(
        at(rows[0][2]),
        tuple(cell_at),
        _letters_at(rows[-1], at),
        _letters_at(rows[0], at),
    )
    return Layout(width, height, tuple(cells), start, finish, places)


def _letters_at(row, at) -> tuple[Location, ...]:
    """Where each colour's letter stands on a (valid) finish or start line."""
    _, line_cells, n = row
    found = {letter: at(n, c + i) for cell, c in line_cells for i, letter in enumerate(cell)}
    return tuple(found[colour[0]] for colour in COLOURS)


def _check_width(line_cells, width, n, err) -> None:
    if len(line_cells) != width:
        col = line_cells[-1][1] if line_cells else 1
        raise err(f"this line has {len(line_cells)} cells; the finish line has {width}", n, col)


def _colour_line(row, width, err) -> tuple[int, ...]:
    # A cell names one bear, or several on a grid narrower than four columns (project
    # ruling P-SB1): each keeps its own square, entered only from the grid square beside it.
    label, line_cells, n = row
    _check_width(line_cells, width, n, err)
    found: dict[str, int] = {}
    for col, (cell, c) in enumerate(line_cells):
        if cell == ".":
            continue
        for letter in cell:
            if letter not in LETTER:
                raise err(
                    f"unknown {label} square {cell!r} (p, g, b, y for the bears, . for none)", n, c
                )
            if letter in found:
                raise err(f"the {label} line has two {LETTER[letter]} squares", n, c)
            found[letter] = col
    missing = [LETTER[k] for k in "pgby" if k not in found]
    if missing:
        raise err(
            f"the {label} line needs one square per bear; missing: {', '.join(missing)}", n, 1
        )
    return tuple(found[c[0]] for c in COLOURS)


# A row of a layout as written: `finish:`, `start:` or a row number, then single-letter
# squares (tiles, bears' letters, `.` for no square, `~` for open water) apart.
_ROW = re.compile(r"^\s*(finish|start|[0-9]+)\s*:\s*([A-Za-z.~]\s+)*[A-Za-z.~]\s*$", re.M)


def looks_like_layout(text: str) -> bool:
    """Whether a text is a layout, told from its shape alone (three rows of a grid at
    least), before it is parsed: a layout given where a move log is wanted is named."""
    return len(_ROW.findall(text)) >= 3


def bare_scenario(file_name: str, title: str) -> dict:
    """The scenario a bare `.layout` file stands for wherever a scenario is taken
    (docs/layouts.md): the classic scenario's seats (two greedy bots) and rules (normal
    level, classic variant, the rulebook's dice), seed 1; `--set` overrides any of it."""
    return {
        "format": "bearcli-scenario/1",
        "game": "sliding-bears",
        "title": title,
        "seed": 1,
        "seats": [{"name": "Ana", "bot": "greedy"}, {"name": "Ben", "bot": "greedy"}],
        "level": "normal",
        "variant": "classic",
        "layout": file_name,
    }
