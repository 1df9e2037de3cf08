"""What the forest and the memo grid show, cell by cell (render.py draws them: one drawing).

9: . . . . . . . . .
8: . . . . . . . . .
7: . . # # # # # . .
...
   a b c d e f g h i
legend: . face down, light back  # face down, dark back  = path  ...
turn 3, seat 1: dice bear paw tree; 1 search(es); re-roll die 2; free reveal next to c3
"""

from __future__ import annotations

from bearcli.games.baerenspiel import forest, memo

SYMBOL = {
    "D": "#",
    "L": ".",
    "path": "=",
    "cover": "+",
    "animal": "a",
    "obstacle": "x",
    "bear": "B",
    "hole": "o",
}
# Each symbol's name, in the order the legend lists them (only those drawn).
LEGEND_NAMES = {
    ".": "face down, light back",
    "#": "face down, dark back",
    "=": "path",
    "+": "path laid on an obstacle",
    "a": "animal",
    "x": "obstacle",
    "B": "little bear",
    "o": "hole (outside, BS7)",
}


def forest_rows(state) -> list[tuple[str, list[str]]]:
    """(row label, cell symbols) from row 9 down to row 1; shared with render.py."""
    rows = []
    for row in range(forest.SIZE - 1, -1, -1):
        cells = [SYMBOL[state.cells[row * forest.SIZE + col]] for col in range(forest.SIZE)]
        rows.append((str(row + 1), cells))
    return rows


def status_line(state) -> str:
    """What the current turn still grants (BS4, BS6, BS10) or where the escort stands (BS9)."""
    if state.phase == "over":
        return f"game over after {state.turn} turn(s): {state.termination}"
    if state.phase in ("throw", "choose"):
        bears = ", ".join(
            f"{forest.square_name(b)} needs {n} step(s)" if n else f"{forest.square_name(b)} is out"
            for b, n in zip(state.bears, state.need, strict=True)
        )
        extra = (
            f"; a throw of {state.waiting} waits for its bear" if state.phase == "choose" else ""
        )
        return f"escort: {state.throws} throw(s) left; {bears}{extra}"
    head = f"turn {state.turn}, seat {state.seat + 1}"
    if state.phase == "roll":
        return head + ": roll the three dice"
    parts = []
    if state.free:
        parts.append("trees-only round: one search without rolling")
    elif state.dice:
        parts.append("dice " + " ".join(state.dice))
    parts.append(f"{state.searches} search(es)")
    if state.rerolls:
        parts.append("re-roll die " + ", ".join(str(d) for d in state.rerolls))
    if state.chain is not None:
        parts.append(f"free reveal next to {forest.square_name(state.chain)}")
    if state.phase == "shows":
        parts.append(f"turning over {forest.square_name(state.pending)}")
    if state.phase == "reroll":
        parts.append(f"re-rolling die {state.pending}")
    return head + ": " + "; ".join(parts)


def text_board(state) -> str:
    """The drawing of render.py without its colours: one drawing for every caller."""
    from bearcli.games.baerenspiel.render import render

    return render(state).plain


def memo_cells(state, show_memory: bool = True) -> list[tuple[str, list[str]]]:
    """(row label, cells) of the memo grid from row 5 down: `[kind]` face up, `kind` face down
    and seen before, `??` face down and never seen (or, without `show_memory`, any face-down
    card: what a real table shows), `--` taken, "" no card (a small game)."""
    rows = []
    n = len(state.known)
    for row in range(memo.HEIGHT - 1, -1, -1):
        cells = []
        for col in range(memo.WIDTH):
            i = row * memo.WIDTH + col
            if i >= n:
                cells.append("")
            elif state.taken[i]:
                cells.append("--")
            elif i in state.up:
                cells.append(f"[{state.known[i]}]")
            else:
                cells.append((state.known[i] if show_memory else None) or "??")
        rows.append((str(row + 1), cells))
    return rows
