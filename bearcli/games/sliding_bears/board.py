"""What the ice floe shows, cell by cell (render.py draws it: the one drawing of the floe).

A start/finish cell holds a bear's letter upper-case where it stands, lower-case when away;
a grid cell holds a tile (`I`, `S`, `R`, `.` water) or the bear standing on it (P G B Y).
"""

from __future__ import annotations

from bearcli.core.picture import Element, Position
from bearcli.games.sliding_bears.layout import COLOURS

START, FINISH = -1, -2


WATER = "~"  # open water in the grid ("." stays for "no square" on the start/finish lines)
KINDS = {"I": "ice", "S": "seal", "R": "rock", ".": "water"}


def position(state, *, viewer: int | None = None, show_memory: bool = True) -> Position:
    """The floe as plain data, drawn by render.py and svg.py alike. Everything on the floe is
    public: `viewer` and `show_memory` (the memo game's) change nothing here.

    Rows: the finish line, the grid from its top row down, the start line. A grid square holds
    its tile (`water` where the layout has water, `gone` where a tile cracked or was removed)
    and the bear on it; a start or finish square of each colour shows the bear's letter,
    upper-case where the bear stands, lower-case when it is away.
    """
    cfg = state.cfg
    lay = cfg.layout
    cols = lay.grid.columns
    elements: list[Element] = []
    for k, colour in enumerate(COLOURS):  # the finish line, row 0
        elements.append(_end(colour, k, lay.finish[k], state.bears[k], FINISH, 0, cols))
    for row in range(lay.height - 1, -1, -1):
        r = lay.height - row
        for col in range(lay.width):
            i = row * lay.width + col
            name = lay.square_name(i)
            cell = state.cells[i]
            kind = KINDS[cell]
            if cell == "." and lay.cells[i] != ".":
                kind = "gone"
            label = WATER if cell == "." else cell
            text = "open water where a tile was" if kind == "gone" else KINDS[cell]
            elements.append(Element(kind, name, label, r, col, f"{name}: {text}"))
            for k, pos in enumerate(state.bears):
                if pos == i:
                    letter = COLOURS[k][0].upper()
                    bear = f"{COLOURS[k]} bear on {name}"
                    elements.append(
                        Element("bear", name, letter, r, col, bear, layer=1, tone=COLOURS[k])
                    )
    for k, colour in enumerate(COLOURS):  # the start line, the last row
        elements.append(_end(colour, k, lay.start[k], state.bears[k], START, lay.height + 1, cols))
    rows = ("finish", *(str(r + 1) for r in range(lay.height - 1, -1, -1)), "start")
    pending = []
    if state.bear_face:
        pending.append(f"bear die {state.bear_face}")
    if state.weather:
        pending.append(f"weather die {state.weather}")
    return Position(
        "sliding-bears",
        rows,
        tuple(cols),
        tuple(elements),
        below=(status_line(state, pending),),
        legend=_legend(elements),
    )


def _end(colour, k, col, at, here, row, cols) -> Element:
    """A bear's start or finish square: the bear, when it stands there, else the square."""
    line = "start" if here == START else "finish"
    name = f"{line}-{cols[col]}"
    letter = colour[0]
    if at == here:
        text = f"{colour} bear at its {line}"
        return Element("bear", name, letter.upper(), row, col, text, layer=1, tone=colour)
    return Element(line, name, letter, row, col, f"{colour} bear's {line} square", layer=1)


def _legend(elements) -> tuple[tuple[str, str], ...]:
    """The symbols drawn, named (the picture's legend; render.py words its own)."""
    kinds = {e.kind for e in elements}
    out = [
        (sym, name)
        for sym, name, kind in (
            ("I", "ice", "ice"),
            ("S", "seal", "seal"),
            ("R", "rock", "rock"),
            (WATER, "open water", "water"),
            (WATER, "open water where a tile cracked or was removed", "gone"),
        )
        if kind in kinds
    ]
    if "bear" in kinds:
        out.append(("P G B Y", "a bear (pink, green, blue, yellow)"))
    if kinds & {"start", "finish"}:
        out.append(("p g b y", "a start or finish square, its bear away"))
    return tuple(out)


def grid_rows(cfg, state) -> list[tuple[str, list[str]]]:
    """(label, cells) from the finish line down to the start line, read off `position`; a
    start or finish column with no square is `.`."""
    pos = position(state)
    return [
        (label, [cell or "." for cell in cells])
        for label, cells in zip(pos.rows, pos.grid(), strict=True)
    ]


def text_board(state) -> str:
    """The drawing of render.py without its colours: one drawing for every caller."""
    from bearcli.games.sliding_bears.render import render

    return render(state).plain


def status_line(state, pending: list[str]) -> str:
    """Whose move it is and what for, in the words of the rulebook."""
    if state.phase == "remove":
        return f"set-up: {state.cfg.who(state.seat)} removes a tile"
    if state.phase == "roll":
        return f"turn {state.turn + 1}: {state.cfg.who(state.seat)} to roll"
    if state.phase == "over":
        return f"game over after turn {state.turn}: {state.termination}"
    return f"turn {state.turn}, {state.cfg.who(state.seat)}: " + ", ".join(pending) + " to use"
