"""The 9 x 9 forest as geometry (BS1, BS5-BS7, BS9, BS11): queries shared by rules, bots, board.

A forest is a tuple of 81 cells, row-major from a1 (index 0) to i9 (index 80). A cell is
`D` or `L` (face down, dark or light back), a face-up kind (`path`, `animal`, `obstacle`,
`bear`), `cover` (a path card laid on an obstacle: a path, BS7) or `hole` (outside, BS7).
"""

from __future__ import annotations

from collections import deque
from typing import NamedTuple

from bearcli.core.grid import Grid

SIZE = 9
FOREST = Grid(SIZE, SIZE)  # BS1: a1-i9, named as RULINGS C1 says
COLUMNS = FOREST.columns
square_name = FOREST.name
parse_square = FOREST.parse
DOWN = ("D", "L")
PATHS = ("path", "cover")  # a path laid on an obstacle counts as a path (BS5, BS7)
_PATH_SET = frozenset(PATHS)
NEIGHBOURS = FOREST.table
BORDER = frozenset(
    i for i in range(SIZE * SIZE) if i % SIZE in (0, SIZE - 1) or i // SIZE in (0, SIZE - 1)
)
DARK = frozenset(i for i in range(SIZE * SIZE) if 2 <= i % SIZE <= 6 and 2 <= i // SIZE <= 6)
SQUARES = tuple(range(SIZE * SIZE))
NAMES = tuple(square_name(i) for i in SQUARES)  # square_name, once for all (hot loops)
_INDEX = {name: i for i, name in enumerate(NAMES)}


def index_of(text: str) -> int | None:
    """parse_square, by a table for the 81 plain names (what notation always gives)."""
    i = _INDEX.get(text)
    return i if i is not None else parse_square(text)


def back_of(i: int) -> str:
    """The back colour dealt to a square at set-up (BS1)."""
    return "D" if i in DARK else "L"


def on_edge(cells: tuple[str, ...], i: int) -> bool:
    """BS1: a square touches the outside (off the grid, or a hole)."""
    # `in` over a map: the neighbours' cards are looked at in C (the plain rescan calls this
    # for every square)
    return i in BORDER or "hole" in map(cells.__getitem__, NEIGHBOURS[i])


def next_to_path(cells: tuple[str, ...], i: int) -> bool:
    near = map(cells.__getitem__, NEIGHBOURS[i])
    return not _PATH_SET.isdisjoint(near)


def reveal_targets(cells: tuple[str, ...]) -> list[int]:
    """BS5: face-down cards on the edge or next to a face-up path, in square order."""
    return [
        i for i in SQUARES if cells[i] in DOWN and (on_edge(cells, i) or next_to_path(cells, i))
    ]


def chain_targets(cells: tuple[str, ...], chain: int | None) -> list[int]:
    """BS6: face-down cards next to the path card just turned (or just laid)."""
    if chain is None:
        return []
    return [j for j in NEIGHBOURS[chain] if cells[j] in DOWN]  # NEIGHBOURS: in square order


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


class Reach(NamedTuple):
    """What a forest's cells imply for the rules, kept in the state (rules.State.reach) and
    brought up to date on each reveal (`turned`) and cover (`covered`) instead of rescanning
    all 81 squares at every step. `scan` is the plain rescan; at every step of every game the
    kept value equals `scan(cells)` (tests/games/baerenspiel/test_fast_paths.py)."""

    edge: frozenset[int]  # BS1: squares touching the outside (on_edge)
    frontier: frozenset[int]  # BS5: face-down cards a search may turn (reveal_targets)
    obstacles: frozenset[int]  # face-up obstacles (BS7)
    takeable: frozenset[int]  # BS7: plain path cards on the edge (edge_paths)
    down: tuple[int, int]  # face-down cards with a dark back, with a light back (C2's weights)

    def trapped(self) -> bool:
        """BS11, as `trapped(cells)` says it: no reveal and no cover is possible any more."""
        return not self.frontier and not (self.obstacles and self.takeable)

    def turned(self, cells: tuple[str, ...], sq: int, kind: str) -> Reach:
        """The card on `sq` turned up showing `kind` (`cells` already shows it). No hole is
        made, so the edge stays; `sq` leaves the frontier and, if it is a path, its face-down
        neighbours join it (BS5)."""
        frontier = self.frontier - {sq}
        obstacles, takeable = self.obstacles, self.takeable
        if kind == "path":
            frontier |= {j for j in NEIGHBOURS[sq] if cells[j] in DOWN}
            if sq in self.edge:
                takeable = takeable | {sq}
        elif kind == "obstacle":
            obstacles = obstacles | {sq}
        dark, light = self.down
        down = (dark - 1, light) if sq in DARK else (dark, light - 1)
        return Reach(self.edge, frontier, obstacles, takeable, down)

    def covered(self, cells: tuple[str, ...], ob: int, pa: int) -> Reach:
        """BS7: the edge path on `pa` was laid on the obstacle `ob` (`cells` shows the hole and
        the cover). The hole puts its neighbours on the edge (their face-down cards were
        already next to the path that was there); the cover is a path, so the face-down cards
        around it join the frontier; plain paths next to the hole become takeable."""
        edge = self.edge | set(NEIGHBOURS[pa])
        frontier = self.frontier | {j for j in NEIGHBOURS[ob] if cells[j] in DOWN}
        takeable = (self.takeable - {pa}) | {j for j in NEIGHBOURS[pa] if cells[j] == "path"}
        return Reach(edge, frontier, self.obstacles - {ob}, takeable, self.down)


def scan(cells: tuple[str, ...]) -> Reach:
    """The plain rescan: what every Reach must equal."""
    return Reach(
        frozenset(i for i in SQUARES if on_edge(cells, i)),
        frozenset(reveal_targets(cells)),
        frozenset(obstacles(cells)),
        frozenset(edge_paths(cells)),
        (cells.count("D"), cells.count("L")),
    )
