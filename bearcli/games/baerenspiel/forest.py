"""The 9 x 9 forest as geometry (BS1, BS5-BS7, BS9, BS11): queries shared by rules, bots, board.

A forest is a tuple of 81 cells, row-major from a1 (index 0) to i9 (index 80). A cell is
`D` or `L` (face down, dark or light back), a face-up kind (`path`, `animal`, `obstacle`,
`bear`), `cover` (a path card laid on an obstacle: a path, BS7) or `hole` (outside, BS7).
"""

from __future__ import annotations

from collections import deque

from bearcli.core.grid import Grid

SIZE = 9
FOREST = Grid(SIZE, SIZE)  # BS1: a1-i9, named as RULINGS C1 says
COLUMNS = FOREST.columns
square_name = FOREST.name
parse_square = FOREST.parse
DOWN = ("D", "L")
PATHS = ("path", "cover")  # a path laid on an obstacle counts as a path (BS5, BS7)
NEIGHBOURS = FOREST.table
BORDER = frozenset(
    i for i in range(SIZE * SIZE) if i % SIZE in (0, SIZE - 1) or i // SIZE in (0, SIZE - 1)
)
DARK = frozenset(i for i in range(SIZE * SIZE) if 2 <= i % SIZE <= 6 and 2 <= i // SIZE <= 6)
SQUARES = tuple(range(SIZE * SIZE))


def back_of(i: int) -> str:
    """The back colour dealt to a square at set-up (BS1)."""
    return "D" if i in DARK else "L"


def on_edge(cells: tuple[str, ...], i: int) -> bool:
    """BS1: a square touches the outside (off the grid, or a hole)."""
    return i in BORDER or any(cells[j] == "hole" for j in NEIGHBOURS[i])


def next_to_path(cells: tuple[str, ...], i: int) -> bool:
    return any(cells[j] in PATHS for j in NEIGHBOURS[i])


def reveal_targets(cells: tuple[str, ...]) -> list[int]:
    """BS5: face-down cards on the edge or next to a face-up path, in square order."""
    return [
        i for i in SQUARES if cells[i] in DOWN and (on_edge(cells, i) or next_to_path(cells, i))
    ]


def chain_targets(cells: tuple[str, ...], chain: int | None) -> list[int]:
    """BS6: face-down cards next to the path card just turned (or just laid)."""
    if chain is None:
        return []
    return sorted(j for j in NEIGHBOURS[chain] if cells[j] in DOWN)


def edge_paths(cells: tuple[str, ...]) -> list[int]:
    """BS7: path cards that may be taken (a plain path on the edge; a laid one stays put)."""
    return [i for i in SQUARES if cells[i] == "path" and on_edge(cells, i)]


def obstacles(cells: tuple[str, ...]) -> list[int]:
    return [i for i in SQUARES if cells[i] == "obstacle"]


def trapped(cells: tuple[str, ...]) -> bool:
    """BS11: no reveal and no cover is possible any more."""
    if reveal_targets(cells):
        return False
    return not (obstacles(cells) and edge_paths(cells))


def route_length(cells: tuple[str, ...], start: int) -> int | None:
    """BS9: the fewest face-up path squares from `start` to a path square on the edge, that
    one included; 0 when `start` is itself on the edge; None when there is no route."""
    if on_edge(cells, start):
        return 0
    seen = {start}
    queue = deque([(start, 0)])
    while queue:
        i, d = queue.popleft()
        for j in NEIGHBOURS[i]:
            if j in seen or cells[j] not in PATHS:
                continue
            if on_edge(cells, j):
                return d + 1
            seen.add(j)
            queue.append((j, d + 1))
    return None


def path_distances(cells: tuple[str, ...]) -> list[int | None]:
    """For every path square, the route length from it to the edge (itself included)."""
    dist: list[int | None] = [None] * len(cells)
    queue: deque[int] = deque()
    for i in SQUARES:
        if cells[i] in PATHS and on_edge(cells, i):
            dist[i] = 1
            queue.append(i)
    while queue:
        i = queue.popleft()
        for j in NEIGHBOURS[i]:
            if cells[j] in PATHS and dist[j] is None:
                dist[j] = dist[i] + 1
                queue.append(j)
    return dist
