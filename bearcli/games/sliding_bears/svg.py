"""A floe as an SVG picture to share (`bearcli layout render --svg`), drawn with drawsvg.

Every grid square is one element with class `square` and its tile (`ice`, `seal`, `rock`,
`water`) and `data-square="c3"`; each start and finish square one with class `start` or
`finish`, its bear's colour and `data-bear`; the column letters and row numbers on the four
edges are `<text class="edge">`. Integer coordinates and a fixed element order make the same
floe give the same bytes (docs/layouts/NAME.svg are compared with a fresh drawing).
"""

from __future__ import annotations

import drawsvg as draw

from bearcli.core.safetext import safe
from bearcli.games.sliding_bears.layout import COLOURS, Layout

CELL = 48  # one square, in pixels
EDGE = 26  # the band of square names around the board
LABELS = 30  # more on the left, for the words finish and start
TITLE = 30  # the title line above it
LEGEND_WIDTH = 170
FONT = "DejaVu Sans, Verdana, sans-serif"

TILES = {  # tile letter -> (class, fill, stroke, name in the legend)
    "I": ("ice", "#eef7fc", "#7fa9c4", "ice"),
    "S": ("seal", "#8a8f98", "#4b4f56", "seal"),
    "R": ("rock", "#5b4a3c", "#2f261f", "rock"),
    ".": ("water", "#2f6fb0", "#2f6fb0", "open water"),
}
BEARS = {"pink": "#e0529c", "green": "#2f9e4f", "blue": "#1f5fd1", "yellow": "#f1c40f"}
INK = "#1b1b1b"


def svg(lay: Layout, title: str) -> str:
    """The picture of the floe, as SVG text."""
    board_w, board_h = lay.width * CELL, (lay.height + 2) * CELL  # the grid, finish, start
    width = LABELS + EDGE * 2 + board_w + LEGEND_WIDTH
    height = max(TITLE + EDGE * 2 + board_h, TITLE + 10 * 22 + 20)
    d = draw.Drawing(width, height)
    d.append(draw.Rectangle(0, 0, width, height, fill="#ffffff", class_="background"))
    d.append(
        draw.Text(
            safe(title, lines=False),  # a control character is not well-formed XML 1.0
            16,
            EDGE,
            21,
            font_family=FONT,
            font_weight="bold",
            fill=INK,
            class_="title",
        )
    )
    left, top = LABELS + EDGE, TITLE + EDGE  # the finish line's top left corner
    d.append(_grid(lay, left, top + CELL))
    d.append(_line(lay, "finish", lay.finish, left, top))
    d.append(_line(lay, "start", lay.start, left, top + (lay.height + 1) * CELL))
    d.append(_edges(lay, left, top))
    d.append(_legend(left + board_w + EDGE + 14, TITLE + 6))
    return d.as_svg() + "\n"


def _grid(lay: Layout, left: int, top: int) -> draw.Group:
    group = draw.Group(class_="grid")
    for row in range(lay.height - 1, -1, -1):
        y = top + (lay.height - 1 - row) * CELL
        for col in range(lay.width):
            i = lay.index(col, row)
            kind, fill, stroke, _ = TILES[lay.cells[i]]
            x = left + col * CELL
            group.append(
                draw.Rectangle(
                    x,
                    y,
                    CELL,
                    CELL,
                    fill=fill,
                    stroke=stroke,
                    stroke_width=2,
                    class_=f"square {kind}",
                    data_square=lay.square_name(i),
                )
            )
            group.append(_mark(lay.cells[i], x, y))
    return group


def _mark(cell: str, x: int, y: int) -> draw.DrawingElement:
    """What tells the tiles apart without colour: a seal's body, a rock's crag, waves."""
    c = CELL // 2
    if cell == "S":
        seal = draw.Group(class_="mark")
        seal.append(draw.Ellipse(x + c, y + c + 4, 15, 9, fill="#c9ccd1"))
        seal.append(draw.Circle(x + c + 12, y + c - 4, 6, fill="#c9ccd1"))
        return seal
    if cell == "R":
        return draw.Lines(
            x + 9,
            y + 38,
            x + 17,
            y + 14,
            x + 27,
            y + 22,
            x + 33,
            y + 10,
            x + 40,
            y + 38,
            close=True,
            fill="#8c7563",
            class_="mark",
        )
    if cell == ".":
        waves = draw.Group(class_="mark")
        for dy in (16, 30):
            waves.append(
                draw.Path(
                    f"M{x + 10},{y + dy} q6,-5 12,0 t12,0",
                    stroke="#9cc3e8",
                    fill="none",
                    stroke_width=2,
                )
            )
        return waves
    return draw.Group(class_="mark")  # ice: plain


def _line(lay: Layout, name: str, cols: tuple[int, ...], left: int, top: int) -> draw.Group:
    """The finish or start line: each bear's square in its colour, with its letter (shared
    columns, P-SB1, split the square between the colours)."""
    group = draw.Group(class_=f"{name}-line")
    for col in range(lay.width):
        here = [colour for colour, c in zip(COLOURS, cols, strict=True) if c == col]
        for j, colour in enumerate(here):
            w = CELL // len(here)
            x = left + col * CELL + j * w
            group.append(
                draw.Rectangle(
                    x + 2,
                    top + 6,
                    w - 4,
                    CELL - 12,
                    rx=6 if len(here) == 1 else 3,
                    fill=BEARS[colour],
                    stroke=INK,
                    stroke_width=1,
                    class_=f"{name} {colour}",
                    data_bear=colour,
                    data_column=lay.grid.columns[col],
                )
            )
            group.append(
                draw.Text(
                    colour[0],
                    15 if len(here) == 1 else 10,
                    x + w // 2,
                    top + CELL // 2 + 5,
                    text_anchor="middle",
                    font_family=FONT,
                    font_weight="bold",
                    fill="#ffffff" if colour != "yellow" else INK,
                )
            )
    return group


def _edges(lay: Layout, left: int, top: int) -> draw.Group:
    """Column letters above and below, row numbers left and right (and the lines' names)."""
    group = draw.Group(class_="edges", font_family=FONT, font_size=13, fill=INK)
    bottom = top + (lay.height + 2) * CELL
    right = left + lay.width * CELL
    for col, letter in enumerate(lay.grid.columns):
        x = left + col * CELL + CELL // 2
        for y in (top - 8, bottom + 17):
            group.append(draw.Text(letter, 13, x, y, text_anchor="middle", class_="edge"))
    for name, y in (("finish", top), ("start", bottom - CELL)):
        group.append(
            draw.Text(name, 12, left - 7, y + CELL // 2 + 4, text_anchor="end", class_="line-name")
        )
    for row in range(lay.height):
        y = top + (lay.height - row) * CELL + CELL // 2 + 5
        for x, anchor in ((left - 7, "end"), (right + 7, "start")):
            group.append(draw.Text(str(row + 1), 13, x, y, text_anchor=anchor, class_="edge"))
    return group


def _legend(left: int, top: int) -> draw.Group:
    group = draw.Group(class_="legend", font_family=FONT, font_size=13, fill=INK)
    items = [(fill, stroke, label) for _, fill, stroke, label in TILES.values()]
    items += [(BEARS[c], INK, f"{c} start / finish") for c in COLOURS]
    for n, (fill, stroke, label) in enumerate(items):
        y = top + n * 22
        group.append(draw.Rectangle(left, y, 16, 16, fill=fill, stroke=stroke, stroke_width=1))
        group.append(draw.Text(label, 13, left + 24, y + 13))
    return group
