"""The heat map of `bearcli layout vary --svg`: a floe with each square coloured by the largest
effect on the win rate of a change there (red: the change makes the floe harder, blue: easier),
drawn with drawsvg. Separate from svg.py (the floe's own picture), which it does not change.

Each grid square is a `<rect class="square heat">` with `data-square`, `data-tile`,
`data-change` (the change with the largest effect there) and `data-effect` (in points, or
`none` where every change there breaks the floe); integer coordinates and a fixed element order
make the same result give the same bytes.
"""

from __future__ import annotations

import drawsvg as draw

from bearcli.games.sliding_bears.layout import COLOURS

CELL = 48
EDGE = 26
TITLE = 30
KEY_WIDTH = 210
FONT = "DejaVu Sans, Verdana, sans-serif"
INK = "#1b1b1b"
BEARS = {"pink": "#e0529c", "green": "#2f9e4f", "blue": "#1f5fd1", "yellow": "#f1c40f"}
LETTER = {"I": "I", "S": "S", "R": "R", ".": "~"}  # the symbols of the file and the screen


def _blend(weight: float, towards: tuple[int, int, int]) -> str:
    """White blended towards a colour by `weight` (0..1), as #rrggbb."""
    rgb = (round(255 + (c - 255) * weight) for c in towards)
    return "#" + "".join(f"{c:02x}" for c in rgb)


def fill(effect: float | None, scale: float) -> str:
    """A square's colour: red for a change that lowers the win rate, blue for one that raises
    it, stronger the larger the effect (`scale`: the largest effect drawn); grey for none."""
    if effect is None:
        return "#bdbdbd"
    weight = min(1.0, abs(effect) / scale) if scale > 0 else 0.0
    return _blend(weight, (200, 30, 30) if effect < 0 else (30, 90, 200))


def strongest(variation) -> dict[str, object]:
    """Per square, its played tile change with the largest effect (first tried on ties)."""
    best: dict[str, object] = {}
    for v in variation.results:
        if v.change.part != "tile" or v.effect is None:
            continue
        if v.change.where not in best or abs(v.effect) > abs(best[v.change.where].effect):
            best[v.change.where] = v
    return best


def heatmap(variation, title: str) -> str:
    """The heat map of a `vary` result, as SVG text."""
    lay = variation.layout
    best = strongest(variation)
    scale = max((abs(v.effect) for v in best.values()), default=0.0)
    board_w, board_h = lay.width * CELL, (lay.height + 2) * CELL
    width = EDGE * 3 + board_w + KEY_WIDTH
    height = max(TITLE + EDGE * 2 + board_h, TITLE + 8 * 22)
    d = draw.Drawing(width, height)
    d.append(draw.Rectangle(0, 0, width, height, fill="#ffffff", class_="background"))
    d.append(draw.Text(title, 16, EDGE, 21, font_family=FONT, font_weight="bold", fill=INK))
    left, top = EDGE * 2, TITLE + EDGE
    grid = draw.Group(class_="grid", font_family=FONT, fill=INK)
    for row in range(lay.height - 1, -1, -1):
        y = top + (lay.height - row) * CELL
        for col in range(lay.width):
            i = lay.index(col, row)
            name = lay.square_name(i)
            v = best.get(name)
            x = left + col * CELL
            grid.append(
                draw.Rectangle(
                    x,
                    y,
                    CELL,
                    CELL,
                    fill=fill(v.effect if v else None, scale),
                    stroke="#555555",
                    stroke_width=1,
                    class_="square heat",
                    data_square=name,
                    data_tile=LETTER[lay.cells[i]],
                    data_change=v.change.describe() if v else "none",
                    data_effect=f"{100 * v.effect:+.1f}" if v else "none",
                )
            )
            grid.append(draw.Text(LETTER[lay.cells[i]], 11, x + 5, y + 13, class_="tile"))
            shown = f"{100 * v.effect:+.0f}" if v else "x"
            grid.append(
                draw.Text(shown, 14, x + CELL // 2, y + 32, text_anchor="middle", class_="effect")
            )
    d.append(grid)
    d.append(_ends(lay, left, top))
    d.append(_edges(lay, left, top))
    d.append(_key(variation, scale, left + board_w + EDGE, TITLE + 6))
    return d.as_svg() + "\n"


def _ends(lay, left: int, top: int) -> draw.Group:
    """Each bear's finish (above) and start (below) square, in its colour with its letter."""
    group = draw.Group(class_="ends", font_family=FONT, font_weight="bold")
    for name, cols, y in (
        ("finish", lay.finish, top),
        ("start", lay.start, top + (lay.height + 1) * CELL),
    ):
        for col in range(lay.width):
            here = [c for c, at in zip(COLOURS, cols, strict=True) if at == col]
            for j, colour in enumerate(here):
                w = CELL // len(here)
                x = left + col * CELL + j * w
                group.append(
                    draw.Rectangle(
                        x + 2,
                        y + 6,
                        w - 4,
                        CELL - 12,
                        rx=4,
                        fill=BEARS[colour],
                        class_=f"{name} {colour}",
                        data_bear=colour,
                    )
                )
                group.append(
                    draw.Text(
                        colour[0],
                        13,
                        x + w // 2,
                        y + CELL // 2 + 5,
                        text_anchor="middle",
                        fill="#ffffff" if colour != "yellow" else INK,
                    )
                )
    return group


def _edges(lay, left: int, top: int) -> draw.Group:
    group = draw.Group(class_="edges", font_family=FONT, font_size=13, fill=INK)
    for col, letter in enumerate(lay.grid.columns):
        x = left + col * CELL + CELL // 2
        group.append(draw.Text(letter, 13, x, top - 8, text_anchor="middle", class_="edge"))
    for row in range(lay.height):
        y = top + (lay.height - row) * CELL + CELL // 2 + 5
        group.append(draw.Text(str(row + 1), 13, left - 8, y, text_anchor="end", class_="edge"))
    return group


def _key(variation, scale: float, left: int, top: int) -> draw.Group:
    """What the colours mean, and what was measured."""
    group = draw.Group(class_="key", font_family=FONT, font_size=12, fill=INK)
    base = variation.base
    lines = [
        f"{variation.bot}, {variation.level} level, {variation.variant}",
        f"floe: {base.rate:.1%} of {base.games} games",
        "each square: the change there with",
        "the largest effect, in points",
    ]
    for n, text in enumerate(lines):
        group.append(draw.Text(text, 12, left, top + 12 + n * 18))
    y = top + 12 + len(lines) * 18 + 6
    for n, (effect, label) in enumerate(
        (
            (-scale, f"{-100 * scale:+.0f}: harder"),
            (scale, f"{100 * scale:+.0f}: easier"),
            (None, "x: every change breaks it"),
        )
    ):
        group.append(
            draw.Rectangle(left, y + n * 22, 16, 16, fill=fill(effect, scale), stroke="#555555")
        )
        group.append(draw.Text(label, 12, left + 24, y + n * 22 + 13))
    return group
