"""What the waterfall shows, cell by cell (render.py draws it: the one drawing of the board).

round 3 (final round), first player seat 2, seat 3 to move
dice: blue:W green:S2 yellow:WWS
            blue   green  yellow
edge  4:     2      @1  #   .       a number: salmon on the tile; @N: seat N's bear
      3:     .      1       .       #: a rock between the two streams at that square
      2:     .      .       3
      1:     .      .       .
boulder: @2 @3
water supply 12, under the rock 10, salmon supply 30
seat 1 Ana: carried 2, banked 5
"""

from __future__ import annotations

from bearcli.core.picture import Element, Position
from bearcli.games.bear_down.graph import SQUARES

WIDTH = 7


BOULDER = "boulder"


def position(state, *, viewer: int | None = None, show_memory: bool = True) -> Position:
    """The board as plain data, drawn by render.py and svg.py alike. Everything on the board
    is public: `viewer` and `show_memory` (the memo game's) change nothing here.

    Rows: the waterfall, the four squares of every stream from the edge (square 4) down to
    square 1, then the boulder. Each square holds its water tile, the salmon on it and
    the bear standing there (with the salmon it carries); a rock sits between two streams at
    its square; the waterfall runs along the edge; the boulder holds the bears on it.
    """
    cfg = state.cfg
    streams = cfg.streams
    rocks = {(a, b, k) for a, b, k in cfg.rocks}
    elements: list[Element] = []
    for i, stream in enumerate(streams):  # row 0: the waterfall, beyond each stream's edge
        fall = f"the waterfall, beyond {stream}{SQUARES}"
        elements.append(Element("waterfall", f"{stream}-fall", "fall", 0, i, fall, layer=-1))
    for r, k in enumerate(range(SQUARES, 0, -1), start=1):
        for i, stream in enumerate(streams):
            node = SQUARES * i + k - 1
            name = f"{stream}{k}"
            elements.append(Element("tile", name, ".", r, i, f"{name}: a water tile"))
            if state.salmon[node]:
                n = state.salmon[node]
                elements.append(
                    Element("salmon", name, str(n), r, i, f"{n} salmon on {name}", layer=1)
                )
            if node in state.bears:
                elements.append(_bear(state, state.bears.index(node), name, r, i))
            if i + 1 < len(streams) and (stream, streams[i + 1], k) in rocks:
                between = f"{stream}{k}|{streams[i + 1]}{k}"
                text = f"a rock between {stream}{k} and {streams[i + 1]}{k}"
                elements.append(Element("rock", between, "#", r, i, text, layer=-1))
    on_boulder = [s for s, b in enumerate(state.bears) if b == state.boulder]
    row = SQUARES + 1
    for i in range(len(streams)):
        elements.append(Element("boulder", BOULDER, "", row, i, "the boulder", layer=-1))
    for n, seat in enumerate(on_boulder):
        elements.append(_bear(state, seat, BOULDER, row, n))
    above = [headline(state)]
    if state.dice:
        above.append("dice: " + " ".join(f"{stream}:{face}" for stream, face in state.dice))
    return Position(
        "bear-down",
        ("waterfall", f"edge {SQUARES}", *(str(k) for k in range(SQUARES - 1, 0, -1)), BOULDER),
        tuple(streams),
        tuple(elements),
        above=tuple(above),
        below=tuple(status_lines(state)[1:]),
        legend=LEGEND,
    )


def _bear(state, seat: int, square: str, row: int, col: int) -> Element:
    carried = state.carried[seat]
    text = f"{state.cfg.who(seat)}'s bear on {square}, carrying {carried} salmon"
    return Element(
        "bear",
        square,
        f"@{seat + 1}",
        row,
        col,
        text,
        badge=str(carried) if carried else "",
        layer=1,
        tone=str(seat + 1),
    )


LEGEND = (
    (".", "an empty water tile"),
    ("2", "salmon on the tile"),
    ("@1", "seat 1's bear; the small figure: the salmon it carries"),
    ("#", "a rock between streams"),
    ("fall", "the waterfall, above the edge row: a tile pushed off falls"),
    (BOULDER, "below row 1: bears start and bank salmon there"),
)


def rows(state) -> list[tuple[str, list[str], list[bool]]]:
    """(label, cells, rock after each stream) from square 4 (the edge) down to square 1,
    read off `position`."""
    pos = position(state)
    grid = pos.grid()
    walls = {(e.row, e.col) for e in pos.elements if e.kind == "rock"}
    out = []
    for r in range(1, SQUARES + 1):  # row 0 is the waterfall, the last the boulder
        label = pos.rows[r] if r == 1 else f"{pos.rows[r]:>6}"
        out.append((label, grid[r], [(r, c) in walls for c in range(len(pos.columns))]))
    return out


def status_lines(state) -> list[str]:
    cfg = state.cfg
    lines = []
    on_boulder = [f"@{s + 1}" for s, b in enumerate(state.bears) if b == state.boulder]
    lines.append("boulder: " + (" ".join(on_boulder) if on_boulder else "-"))
    lines.append(
        f"water supply {state.water}, under the rock {state.stack}, salmon supply {state.supply}"
    )
    for s in range(len(cfg.seats)):
        lines.append(f"{cfg.who(s)}: carried {state.carried[s]}, banked {state.banked[s]}")
    return lines


def headline(state) -> str:
    final = " (final round)" if state.final else ""
    if state.phase == "over":
        return f"game over after round {state.round}: {state.termination}"
    if state.phase == "roll":
        return (
            f"round {state.round + 1}, first player {state.cfg.who(state.first)} to roll"
            f"{' (final round)' if state.final else ''}"
        )
    return (
        f"round {state.round}{final}, first player {state.cfg.who(state.first)}, "
        f"{state.cfg.who(state.mover)} to move"
    )


def text_board(state) -> str:
    """The drawing of render.py without its colours: one drawing for every caller."""
    from bearcli.games.bear_down.render import render

    return render(state).plain
