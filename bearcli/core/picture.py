"""A position as plain data, and its SVG picture: what every game's board is drawn from.

Each game's board.py describes a position as a `Position`: a grid of places (rows from the top,
columns from the left), each holding the `Element`s there in drawing order (a tile, then the
bear on it), plus the lines under the board (the status, supplies, seats) and the legend. The
terminal board shows, in each place, the label of the last element there; the SVG picture
draws every element, each with a shape and its label, so the two cannot disagree and the
picture reads in grey (colour is emphasis only).

In the SVG every element is a `<g class="element KIND" data-kind data-square data-label>`,
so tests and tools can read a picture as data. Integer coordinates and the elements' fixed
order make the same position give the same bytes (RULINGS C3).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from bearcli.core.safetext import safe

FONT = "DejaVu Sans Mono, Menlo, Consolas, monospace"
INK = "#1b1b1b"
CELL = 44  # the smallest place, in pixels
PAD = 14
LINE = 18  # one line of text under the board
CHAR = 8  # the width of one character of the 13 px monospace text, rounded up


@dataclass(frozen=True)
class Element:
    """One thing on the board: a tile, a card, a bear, a salmon count, a rock, a hole."""

    kind: str  # what it is: the SVG class and the key of the game's styles
    square: str  # where, by name: "c3", "blue4", "boulder", "finish-b"
    label: str  # the symbol the terminal board shows for it
    row: int  # its place in the drawing: row 0 is the top
    col: int
    text: str = ""  # what it is in words (the picture's tooltip)
    badge: str = ""  # a small figure beside it (salmon a bear carries)
    layer: int = 0  # 0 the ground (a tile, a card), 1 what stands on it; below 0: beside it
    tone: str = ""  # a colour's name: the picture's emphasis only (a bear's colour, a seat's)


@dataclass(frozen=True)
class Position:
    """What one position shows, for the terminal board and the picture alike."""

    game: str
    rows: tuple[str, ...]  # row labels, top to bottom
    columns: tuple[str, ...]  # column headings, left to right
    elements: tuple[Element, ...]
    above: tuple[str, ...] = ()  # lines over the board (a headline, the dice)
    below: tuple[str, ...] = ()  # lines under it (the status, supplies, seats)
    legend: tuple[tuple[str, str], ...] = ()  # (symbol, meaning) of what is drawn

    def grid(self) -> list[list[str]]:
        """The label each place shows on the terminal board: the labels of its top layer's
        elements, run together ("" for an empty place); elements of a layer below 0 (a rock
        between two streams) are the board's to draw beside the places."""
        top: dict[tuple[int, int], int] = {}
        for e in self.elements:
            if e.layer >= 0:
                top[e.row, e.col] = max(top.get((e.row, e.col), 0), e.layer)
        cells = [["" for _ in self.columns] for _ in self.rows]
        for e in self.elements:
            if e.layer >= 0 and e.layer == top[e.row, e.col]:
                cells[e.row][e.col] += e.label
        return cells


class Style(NamedTuple):
    """How one kind of element is drawn. shape: `fill` (the whole place: a tile, a card),
    `disc` (a round token: a bear, a salmon count), `wall` (a bar on the place's right
    edge), `hole` (a dashed outline), `band` (a strip over the place's top: a waterfall),
    `ring` (a marked route)."""

    shape: str
    fill: str
    stroke: str = INK
    ink: str = INK  # the label's colour


def legend_lines(parts: list[str], head: str = "legend: ", width: int = 80) -> list[str]:
    """The legend's parts run together two spaces apart, wrapped to `width` columns under
    its head (what the terminal boards print)."""
    lines: list[str] = []
    line = head
    indent = " " * len(head)
    for part in parts:
        if line != head and len(line) + 2 + len(part) > width:
            lines.append(line)
            line = indent + part
        else:
            line += ("" if line == head else "  ") + part
    lines.append(line)
    return lines


def fit(line: str, width: int = 80) -> str:
    """A status line wrapped to `width` columns (continued two spaces in), as the terminal
    boards print it: a long seat name or a busy turn never widens the board."""
    import textwrap

    if len(line) <= width:
        return line
    return textwrap.fill(
        line, width, subsequent_indent="  ", break_long_words=False, break_on_hyphens=False
    )


def svg(pos: Position, styles: dict[str, Style], caption: str = "") -> str:
    """The picture of a position, as SVG text."""
    import drawsvg as draw

    longest = max((len(e.label) for e in pos.elements), default=1)
    cell_w = max(CELL, longest * CHAR + 12)
    head_w = max((len(r) for r in pos.rows), default=1) * CHAR + 10
    left = PAD + head_w
    texts = [caption, *pos.above] if caption else list(pos.above)
    top = PAD + len(texts) * LINE + 20  # the column headings sit in the 20 px over the grid
    grid_w, grid_h = cell_w * len(pos.columns), CELL * len(pos.rows)
    under = [*pos.below, *_legend_lines(pos.legend)]
    widest = max((len(t) for t in [*texts, *under]), default=0) * CHAR
    width = max(left + grid_w + PAD, PAD * 2 + widest)
    height = top + grid_h + PAD + len(under) * LINE + PAD
    d = draw.Drawing(width, height)
    d.append(draw.Rectangle(0, 0, width, height, fill="#ffffff", class_="background"))
    d.append(_lines(draw, texts, PAD, PAD + 13, "above", bold_first=bool(caption)))
    d.append(draw.Raw(_headings(pos.columns, pos.rows, cell_w, left, top)))
    grid = draw.Group(class_="board")
    grid.append(draw.Raw(_places(len(pos.columns), len(pos.rows), cell_w, left, top)))
    tops: dict[tuple[int, int], int] = {}  # the top layer of each place
    for e in pos.elements:
        tops[e.row, e.col] = max(tops.get((e.row, e.col), e.layer), e.layer)
    for e in pos.elements:
        x, y = left + e.col * cell_w, top + e.row * CELL
        covered = e.layer < tops[e.row, e.col]
        style = styles.get(f"{e.kind}:{e.tone}", styles[e.kind])
        grid.append(draw.Raw(_element_text(e, style, x, y, cell_w, covered)))
    d.append(grid)
    d.append(_lines(draw, under, PAD, top + grid_h + PAD + 13, "below"))
    return d.as_svg() + "\n"


def _legend_lines(legend: tuple[tuple[str, str], ...]) -> list[str]:
    return [f"{symbol:>6}  {meaning}" for symbol, meaning in legend]


def _lines(draw, texts: list[str], x: int, y: int, name: str, bold_first: bool = False):
    group = draw.Group(class_=name, font_family=FONT, font_size=13, fill=INK)
    for n, text in enumerate(texts):
        bold = {"font_weight": "bold"} if bold_first and n == 0 else {}
        # A title or a seat's name from a file: a control character is not well-formed XML.
        shown = safe(text, lines=False)
        group.append(draw.Text(shown, 13, x, y + n * LINE, xml__space="preserve", **bold))
    return group


def _text_of(element) -> str:
    """One drawsvg element as SVG text, without the document around it."""
    import drawsvg as draw

    one = draw.Drawing(1, 1)
    one.append(element)
    text = one.as_svg(header="")
    return text[text.index("</defs>") + len("</defs>\n") : text.rindex("</svg>")].strip()


# The headings and the empty places are the same in every position of a game: drawn once.
@lru_cache(maxsize=64)
def _headings(columns: tuple[str, ...], rows: tuple[str, ...], cell_w: int, left: int, top: int):
    import drawsvg as draw

    heads = draw.Group(class_="headings", font_family=FONT, font_size=12, fill=INK)
    for c, name in enumerate(columns):
        x = left + c * cell_w + cell_w // 2
        heads.append(draw.Text(name, 12, x, top - 6, text_anchor="middle", class_="column"))
    for r, name in enumerate(rows):
        y = top + r * CELL + CELL // 2 + 4
        heads.append(draw.Text(name, 12, left - 6, y, text_anchor="end", class_="row"))
    return _text_of(heads)


@lru_cache(maxsize=64)
def _places(columns: int, rows: int, cell_w: int, left: int, top: int) -> str:
    import drawsvg as draw

    return "\n".join(
        _text_of(
            draw.Rectangle(
                left + c * cell_w,
                top + r * CELL,
                cell_w,
                CELL,
                fill="none",
                stroke="#c8c8c8",
                stroke_width=1,
                class_="place",
            )
        )
        for r in range(rows)
        for c in range(columns)
    )


@lru_cache(maxsize=8192)
def _element_text(e: Element, style: Style, x: int, y: int, w: int, covered: bool) -> str:
    """One element's SVG, kept: most elements of a game's next position are the same, in the
    same place (a long game's step-through page draws hundreds of positions)."""
    import drawsvg as draw

    return _text_of(_element(draw, e, style, x, y, w, covered))


def _element(draw, e: Element, style: Style, x: int, y: int, w: int, covered: bool):
    group = draw.Group(
        class_=f"element {e.kind}", data_kind=e.kind, data_square=e.square, data_label=e.label
    )
    if e.text:
        group.append(draw.Title(safe(e.text, lines=False)))
    h = CELL
    label_at = (x + w // 2, y + h // 2 + 5)
    size = 14
    if style.shape == "fill":
        group.append(
            draw.Rectangle(
                x + 2,
                y + 2,
                w - 4,
                h - 4,
                rx=4,
                fill=style.fill,
                stroke=style.stroke,
                stroke_width=1,
            )
        )
        if covered:  # a token stands on it: its letter moves to the corner, still readable
            label_at, size = (x + 9, y + 14), 10
    elif style.shape == "hole":
        group.append(
            draw.Rectangle(
                x + 4,
                y + 4,
                w - 8,
                h - 8,
                fill="none",
                stroke=style.stroke,
                stroke_width=2,
                stroke_dasharray="4,3",
            )
        )
    elif style.shape == "disc":
        group.append(
            draw.Circle(
                x + w // 2, y + h // 2, 14, fill=style.fill, stroke=style.stroke, stroke_width=2
            )
        )
    elif style.shape == "ring":
        group.append(
            draw.Circle(
                x + w // 2, y + h // 2, 18, fill="none", stroke=style.stroke, stroke_width=3
            )
        )
        label_at, size = (x + 9, y + 14), 10
    elif style.shape == "wall":
        group.append(
            draw.Rectangle(x + w - 4, y, 8, h, fill=style.fill, stroke=style.stroke, stroke_width=1)
        )
        label_at, size = (x + w, y + h - 4), 10
    elif style.shape == "band":
        group.append(
            draw.Rectangle(x, y + 1, w, 12, fill=style.fill, stroke=style.stroke, stroke_width=1)
        )
        label_at, size = (x + w // 2, y + 11), 10
    if e.label:
        group.append(
            draw.Text(
                e.label,
                size,
                *label_at,
                text_anchor="middle",
                font_family=FONT,
                font_weight="bold",
                fill=style.ink,
            )
        )
    if e.badge:
        group.append(draw.Circle(x + w - 9, y + 9, 8, fill="#ffffff", stroke=INK, stroke_width=1))
        group.append(
            draw.Text(
                e.badge, 10, x + w - 9, y + 13, text_anchor="middle", font_family=FONT, fill=INK
            )
        )
    return group
