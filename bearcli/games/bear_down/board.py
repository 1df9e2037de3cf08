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

from bearcli.games.bear_down.graph import SQUARES

WIDTH = 7


def cell(state, node: int) -> str:
    """What one tile shows: `@N` for seat N's bear, the salmon count, or `.` for nothing."""
    if node in state.bears:
        return f"@{state.bears.index(node) + 1}"
    return str(state.salmon[node]) if state.salmon[node] else "."


def rows(state) -> list[tuple[str, list[str], list[bool]]]:
    """(label, cells, rock after each stream) from square 4 (the edge) down to square 1."""
    cfg = state.cfg
    rocks = {(a, b, k) for a, b, k in cfg.rocks}
    out = []
    for k in range(SQUARES, 0, -1):
        cells = [cell(state, SQUARES * i + k - 1) for i in range(len(cfg.streams))]
        pairs = zip(cfg.streams, cfg.streams[1:], strict=False)  # each stream and its right
        walls = [(s, r, k) in rocks for s, r in pairs] + [False]
        out.append((f"edge {k}" if k == SQUARES else f"     {k}", cells, walls))
    return out


def status_lines(state) -> list[str]:
    cfg = state.cfg
    lines = []
    on_boulder = [f"@{s + 1}" for s, b in enumerate(state.bears) if b == state.boulder]
    lines.append("boulder: " + (" ".join(on_boulder) if on_boulder else "-"))
    lines.append(
        f"water supply {state.water}, under the rock {state.stack}, salmon supply {state.supply}"
    )
    for s, seat in enumerate(cfg.seats):
        lines.append(f"{seat.label(s)}: carried {state.carried[s]}, banked {state.banked[s]}")
    return lines


def headline(state) -> str:
    final = " (final round)" if state.final else ""
    if state.phase == "over":
        return f"game over after round {state.round}: {state.termination}"
    if state.phase == "roll":
        return (
            f"round {state.round + 1}, first player seat {state.first + 1} to roll"
            f"{' (final round)' if state.final else ''}"
        )
    return (
        f"round {state.round}{final}, first player seat {state.first + 1}, "
        f"seat {state.mover + 1} to move"
    )


def text_board(state) -> str:
    """The drawing of render.py without its colours: one drawing for every caller."""
    from bearcli.games.bear_down.render import render

    return render(state).plain
