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

from collections import deque

from bearcli.core.picture import Element, Position
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


KIND_NAMES = {
    "D": "a face-down card, dark back",
    "L": "a face-down card, light back",
    "path": "a path card",
    "cover": "a path card laid on an obstacle",
    "animal": "an animal card",
    "obstacle": "an obstacle card",
    "bear": "the little bear's card",
    "hole": "a hole: outside the forest (BS7)",
}
_KIND = {"D": "dark", "L": "light"}


def position(state, *, viewer: int | None = None, show_memory: bool = True) -> Position:
    """The forest or the memo grid as plain data, drawn by render.py and svg.py alike.

    Forest: every square holds its card (face down with its back, face up, a path laid on an
    obstacle) or a hole; a little bear found stands on its square, and while it is escorted
    its route out is marked. Memo: see memo_position.
    """
    if isinstance(state, memo.MemoState):
        return memo_position(state, viewer=viewer, show_memory=show_memory)
    elements: list[Element] = []
    route = escort_route(state)
    for r, row in enumerate(range(forest.SIZE - 1, -1, -1)):
        for col in range(forest.SIZE):
            i = row * forest.SIZE + col
            cell = state.cells[i]
            name = forest.square_name(i)
            kind = _KIND.get(cell, cell)
            elements.append(
                Element(kind, name, SYMBOL[cell], r, col, f"{name}: {KIND_NAMES[cell]}")
            )
            if i in state.bears:
                text = f"a little bear on {name}"
                elements.append(Element("little-bear", name, "B", r, col, text, layer=1))
            if i in route:
                text = f"{name}: on the escort route out"
                elements.append(Element("route", name, "", r, col, text, layer=-1))
    used = {e.label for e in elements}
    legend = tuple((s, n) for s, n in LEGEND_NAMES.items() if s in used)
    if route:
        legend += (("ring", "the escort route out"),)
    return Position(
        "baerenspiel",
        tuple(str(r) for r in range(forest.SIZE, 0, -1)),
        tuple(forest.COLUMNS),
        tuple(elements),
        below=(status_line(state),),
        legend=legend,
    )


def escort_route(state) -> frozenset[int]:
    """The squares of the shortest route out (BS9) of every little bear being escorted: the
    path squares to one on the edge, in the forest's square order where routes tie."""
    if state.phase not in ("throw", "choose"):
        return frozenset()
    out: set[int] = set()
    for bear, need in zip(state.bears, state.need, strict=True):
        if not need:
            continue
        back = {bear: None}
        queue = deque([bear])
        end = None
        while queue and end is None:
            i = queue.popleft()
            if i != bear and forest.on_edge(state.cells, i):
                end = i
                break
            for j in forest.NEIGHBOURS[i]:
                if j not in back and state.cells[j] in forest.PATHS:
                    back[j] = i
                    queue.append(j)
        while end is not None and end != bear:
            out.add(end)
            end = back[end]
    return frozenset(out)


def forest_rows(state) -> list[tuple[str, list[str]]]:
    """(row label, cell symbols) from row 9 down to row 1, read off `position`."""
    pos = position(state)
    return list(zip(pos.rows, pos.grid(), strict=True))


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
    head = f"turn {state.turn}, {state.cfg.who(state.seat)}"
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


def short(kind: str) -> str:
    """A memo card's name on the board, short enough for 80 columns: bear, ob3, an12."""
    return kind.replace("obstacle", "ob").replace("animal", "an")


def memo_status(state) -> str:
    """Whose flip it is and the pairs each seat keeps (BS memo), seats named as everywhere."""
    pairs = ", ".join(f"{state.cfg.who(i)}: {p}" for i, p in enumerate(state.pairs))
    if state.phase == "over":
        return f"game over after turn {state.turn}: {state.termination}; pairs {pairs}"
    return f"turn {state.turn}, {state.cfg.who(state.seat)} flips; pairs {pairs}"


def memo_position(state, *, viewer: int | None = None, show_memory: bool = True) -> Position:
    """The memo grid from row 5 down: `[kind]` face up, `kind` face down and seen before,
    `??` face down and never seen (or, without `show_memory`, any face-down card: what a
    real table shows), `--` taken; a small game has no card on the squares past its pairs.
    Every card is face up for the whole table alike, so `viewer` changes nothing."""
    elements: list[Element] = []
    n = len(state.known)
    for r, row in enumerate(range(memo.HEIGHT - 1, -1, -1)):
        for col in range(memo.WIDTH):
            i = row * memo.WIDTH + col
            if i >= n:
                continue
            name = memo.GRID.name(i)
            known = state.known[i]
            if state.taken[i]:
                kind, label, text = "taken", "--", f"{name}: taken with its pair ({known})"
            elif i in state.up:
                kind, label, text = "up", f"[{short(known)}]", f"{name}: face up, {known}"
            elif known and show_memory:
                kind, label, text = "known", short(known), f"{name}: face down, showed {known}"
            else:
                kind, label, text = "down", "??", f"{name}: face down"
            elements.append(Element(kind, name, label, r, col, text))
    return Position(
        "baerenspiel",
        tuple(str(r) for r in range(memo.HEIGHT, 0, -1)),
        tuple(memo.COLUMNS),
        tuple(elements),
        below=(memo_status(state),),
        legend=MEMO_LEGEND,
    )


MEMO_LEGEND = (
    ("[an3]", "face up"),
    ("an3", "face down, it showed that card before"),
    ("??", "face down"),
    ("--", "taken with its pair"),
    ("names", "bear the little bear, ob1-ob8 obstacles, an1-an16 animals"),
)


def memo_cells(state, show_memory: bool = True) -> list[tuple[str, list[str]]]:
    """(row label, cells) of the memo grid from row 5 down, read off `memo_position`
    ("" where a small game has no card)."""
    pos = memo_position(state, show_memory=show_memory)
    return list(zip(pos.rows, pos.grid(), strict=True))
