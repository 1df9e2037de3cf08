"""The stream graph (BD2, BD4, BD8): nodes, neighbours and where a bear can go.

Node numbers: square k (1-4) of the i-th stream in play is 4*i + k - 1; the boulder is
4 * (number of streams). Rocks cut the sideways link at their square (BD4).
"""

from __future__ import annotations

from collections.abc import Container
from functools import lru_cache

SQUARES = 4  # BD2: four visible tiles per stream


@lru_cache(maxsize=32)
def neighbours(
    streams: tuple[str, ...], rocks: tuple[tuple[str, str, int], ...]
) -> tuple[tuple[int, ...], ...]:
    """BD8's neighbours; pass rocks=() for the graph with no rock at all (to name BD4)."""
    boulder = SQUARES * len(streams)
    blocked = {(a, b, k) for a, b, k in rocks}
    adj: list[list[int]] = [[] for _ in range(boulder + 1)]

    def link(x: int, y: int) -> None:
        adj[x].append(y)
        adj[y].append(x)

    for i, stream in enumerate(streams):
        link(boulder, SQUARES * i)
        for k in range(1, SQUARES):
            link(SQUARES * i + k - 1, SQUARES * i + k)
        if i + 1 < len(streams):
            right = streams[i + 1]
            for k in range(1, SQUARES + 1):
                if (stream, right, k) not in blocked:
                    link(SQUARES * i + k - 1, SQUARES * (i + 1) + k - 1)
    return tuple(tuple(sorted(a)) for a in adj)


def distances(
    adj,
    boulder: int,
    start: int,
    salmon: tuple[int, ...],
    occupied: Container[int],
    *,
    stop_on_salmon: bool = True,
    stop_on_boulder: bool = True,
) -> list[int | None]:
    """Per node, how many steps a bear at `start` takes to move there (BD8-BD10).

    A path runs through tiles holding neither a bear nor salmon; it may end on salmon (BD9)
    or on the boulder (BD10), which stop the move, or on an empty tile; never on a bear.
    A destination gets its distance (1 or more); the start and the bears' tiles 0; what is
    out of reach None. So the list is true exactly at the destinations, node by node.
    `occupied` holds the other bears' tiles (a set or a tuple; the start and the boulder may
    be in it: neither is ever looked up). The two flags relax BD9 / BD10, only to name the
    ruling that refuses a move.
    """
    dist: list[int | None] = [None] * len(adj)
    dist[start] = 0
    frontier = [start]
    steps = 0
    while frontier:  # breadth first, one distance at a time
        steps += 1
        reached = []
        for node in frontier:
            for nb in adj[node]:
                if dist[nb] is not None:
                    continue
                if nb == boulder:
                    dist[nb] = steps
                    if not stop_on_boulder:
                        reached.append(nb)
                elif nb in occupied:
                    dist[nb] = 0
                else:
                    dist[nb] = steps
                    if not salmon[nb] or not stop_on_salmon:
                        reached.append(nb)
        frontier = reached
    return dist


def inner_links(adj) -> tuple[tuple[int, ...], ...]:
    """`adj` with no way on from the boulder, for `search`: a move that reaches it ends (BD10)."""
    return adj[:-1] + ((),)


def search(adj, inner, start: int, salmon: tuple[int, ...], bears: tuple[int, ...]) -> list:
    """`distances` with both stops and all the bears as `occupied`, as play asks for it:
    the same destinations with the same distances (a bear's tile may hold 0 where
    `distances` has None; both mean no destination), in fewer steps.

    The bears' tiles are marked before the search begins, so each neighbour is looked at
    once; the boulder (the last node) is left only from the start (`inner` is
    `inner_links(adj)`); one queue, a list read while it grows.
    """
    dist: list[int | None] = [None] * len(adj)
    for bear in bears:
        dist[bear] = 0  # a bear's tile: never a destination
    dist[-1] = None  # the boulder holds any number of bears (BD10)
    dist[start] = 0
    queue = [start]
    push = queue.append
    near = adj  # from the start, every link
    for node in queue:
        steps = dist[node] + 1
        for nb in near[node]:
            if dist[nb] is None:
                dist[nb] = steps
                if not salmon[nb]:  # salmon end the move (BD9)
                    push(nb)
        near = inner
    return dist


def destinations(adj, boulder: int, start: int, salmon, occupied, **relax) -> dict[int, int]:
    """Every destination with its distance in steps, in node order (see `distances`)."""
    dist = distances(adj, boulder, start, salmon, occupied, **relax)
    return {node: d for node, d in enumerate(dist) if d}


def name(streams: tuple[str, ...], node: int) -> str:
    if node == SQUARES * len(streams):
        return "boulder"
    return f"{streams[node // SQUARES]}{node % SQUARES + 1}"


def node_of(streams: tuple[str, ...], text: str) -> int | None:
    """A square name or `boulder` to its node; None for a stream not in play."""
    if text == "boulder":
        return SQUARES * len(streams)
    stream, k = text[:-1], int(text[-1])
    if stream not in streams or not 1 <= k <= SQUARES:
        return None
    return SQUARES * streams.index(stream) + k - 1
