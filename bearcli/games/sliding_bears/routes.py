"""Sliding Bears route costs: what it costs a bear to reach its finish across a floe.

A bear's route crosses open squares: ice costs 1, open water 3 (the wind must first bring ice
there) and a seal 4 (it must first slide away); rocks are walls. The cost of a square is the
cheapest route from it to the bear's finish, the jump onto the finish counting 1. The bots
read these costs (`greedy` its choices, `planner` its judge of a position).

The search is Dial's algorithm (shortest paths with small integer costs). Its plain form is in
reference_bots.py (`dial`, `to_finish`, `bear_cost`, `total_cost`): the costs as a newcomer
would work them out, searched afresh each time. The bots play many games, and a floe recurs
within a game and across games, so they read the same numbers through `RouteMaps` (what a
layout never changes: which squares are open, each square's open neighbours) and `Floe` (one
floe's searches, each made once when first asked for and kept with the floe).

There is one search, `Floe.search` (and `Floe.prefetch` for several squares): Dial's search
back from one square on the floe's costs (`search_back`). Its options, `Ways` (held by
`RouteMaps`, every one on by default), are faster ways to the very same numbers (a test
compares every combination with the plain search, and greedy's games with the plain bot's):

- `inherit`: taken over from the floe one step before (`Floe.inherit`): a crack or a slide
  changes one or two squares' costs, and where a search's equations still hold beside them
  (`still_holds`, a few comparisons) it is this floe's search too;
- `at_once`: several at once (`searches_at_once`, on small grids): one bit-mask search for up
  to `AT_ONCE` sources, each square's cost a byte of the result.

`make bench` measures what each option pays for (its routes table, docs/performance.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import chain
from operator import attrgetter, getitem

from bearcli.core.memo import Memo, shared
from bearcli.games.sliding_bears.layout import Layout
from bearcli.games.sliding_bears.notation import Wind
from bearcli.games.sliding_bears.reference_bots import COST, INF
from bearcli.games.sliding_bears.rules import FINISH, START

_WEIGHT = {**COST, "R": 0}  # a square's cost as Floe.w keeps it
_SOURCE, _TARGET = attrgetter("source"), attrgetter("target")  # a slide's squares


@dataclass(frozen=True)
class Ways:
    """The options of the search: which faster ways a floe may find a search by (see the
    module's docstring). Each gives the plain search's numbers; off, only the time differs."""

    inherit: bool = True  # take over the parent floe's searches that still hold
    at_once: bool = True  # several searches at once on bit masks, on a small grid


EVERY_WAY = Ways()


# The rules never add, move or take away a rock, so which squares a route may cross is the
# layout's; only the costs of the other squares change from floe to floe.


class RouteMaps:
    """What a layout never changes: its squares' open neighbours, the bears' squares."""

    def __init__(self, lay: Layout, ways: Ways = EVERY_WAY):
        self.ways = ways  # read by each Floe where it chooses how to search
        grid = lay.grid
        self.n = n = grid.size
        self.names = tuple(grid.name(i) for i in range(n))
        self.square_index = {name: i for i, name in enumerate(self.names)}
        self.shift = (n + 1).bit_length()  # bits for a bear's square + 2 (FINISH is -2)
        self.grid = grid
        self.open = tuple(tuple(j for j in nbs if lay.cells[j] != "R") for nbs in grid.table)
        self.entry = tuple(lay.index(lay.start[k], 0) for k in range(4))
        self.top = tuple(lay.index(lay.finish[k], lay.height - 1) for k in range(4))
        self.top_open = tuple(lay.cells[t] != "R" for t in self.top)
        self.width = w = lay.width
        self.not_first_col = sum(1 << i for i in range(n) if i % w)
        self.not_last_col = sum(1 << i for i in range(n) if i % w != w - 1)
        self.full = (1 << n) - 1
        self.nbytes = (n + 7) // 8
        self.chunks = tuple(  # chunks[c][byte]: the squares 8c.. whose bits are in byte
            tuple(tuple(8 * c + i for i in bits) for bits in _BITS) for c in range(self.nbytes)
        )
        # The squares between two squares: no route between them crosses fewer.
        self.apart = tuple(
            tuple(abs(i % w - j % w) + abs(i // w - j // w) for j in range(n)) for i in range(n)
        )
        self.no_way = (INF,) * n  # to_finish of a bear whose finish is blocked by a rock
        # Several searches at once (searches_at_once): copy j of the grid is bits j*stride.., with a
        # row's width of empty bits between copies, so that a shift by a row or (masked) a
        # column never carries a square into the next copy. A cost is a byte of the result
        # (at most 1 + 4 for each other square): only small grids go this way.
        self.at_once_ok = 4 * n + 1 < 256  # the grid allows it (ways.at_once: it is used)
        self.stride = stride = n + w
        self.open_mask = open_mask = sum(1 << i for i in range(n) if lay.cells[i] != "R")
        self.rocks = tuple(i for i in range(n) if lay.cells[i] == "R")
        self.at_once_masks = []  # by the number of copies: (copies of one mask, open, columns)
        for m in range(AT_ONCE + 1):
            rep = sum(1 << (j * stride) for j in range(m))
            self.at_once_masks.append(
                (
                    rep,
                    open_mask * rep,
                    self.not_first_col * rep,
                    self.not_last_col * rep,
                    f"0{m * stride}b",
                )
            )
        # The floes kept, in two generations: when the new one is full it becomes the old one
        # and the old one goes, but a floe of the old one asked for again moves back to the
        # new one. So the floes that recur from game to game stay and the others go: a new
        # floe costs its searches, and most of a greedy game's time is new floes and their
        # first decisions (the size of a generation: docs/performance.md).
        self.floes: Memo[tuple, Floe] = Memo(max(1024, 2**19 // n), generations=2)
        self.last: Floe | None = None  # the floe asked for last: a new one's parent, mostly

    def bears_key(self, bears: Sequence[int]) -> int:
        """The bears' squares (START and FINISH too) as one even number."""
        s = self.shift
        b0, b1, b2, b3 = bears
        return ((((b0 + 2) << s | b1 + 2) << s | b2 + 2) << s | b3 + 2) << 1

    def beside(self, mask: int) -> int:
        """The squares next to those of `mask` (bit i: square i)."""
        w = self.width
        return (
            (mask >> w) | ((mask & self.not_first_col) >> 1) | ((mask & self.not_last_col) << 1)
        ) | (mask << w) & self.full

    def squares(self, mask: int) -> list[int]:
        """The squares of `mask` in order, read a byte at a time."""
        return [
            *chain.from_iterable(map(getitem, self.chunks, mask.to_bytes(self.nbytes, "little")))
        ]

    def square(self, name: str) -> int | None:
        return self.square_index.get(name)  # every name Grid.parse takes is in the table

    def floe(self, cells: tuple[str, ...], key=None) -> Floe:
        """The floe of these cells; `key` says which they are more cheaply (a state's ice
        and tile masks: the rocks are the layout's, the rest is water)."""
        if key is None:
            key = cells
        found = self.floes.get(key)
        if found is None:
            found = self.floes.get_or_make(key, self._new_floe, cells, key)
        self.last = found
        return found

    def _new_floe(self, cells: tuple[str, ...], key) -> Floe:
        if key is cells:
            ice = sum(1 << i for i, c in enumerate(cells) if c == "I")
            tiles = sum(1 << i for i, c in enumerate(cells) if c in ("I", "S"))
        else:
            ice, tiles = key
        found = Floe(self, cells, ice, tiles)
        if self.last is not None:
            found.inherit(self.last)
        return found


_NO_FINS = (None, None, None, None)


def route_maps(cfg, ways: Ways = EVERY_WAY) -> RouteMaps:
    """The route maps of a configuration's layout searched with `ways`, with the floes met:
    shared by the games of a batch, held by the configuration (core.memo.shared)."""
    by_ways = shared(cfg, _routes_by_ways)
    found = by_ways.get(ways)
    if found is None:
        found = by_ways[ways] = RouteMaps(cfg.layout, ways)
    return found


def _routes_by_ways(cfg) -> dict[Ways, RouteMaps]:
    return {}


class Floe:
    """One floe's route costs, each searched when first asked for (`to_finish`,
    `costs_from`), the same numbers as the plain searches."""

    __slots__ = (
        "routes",
        "w",
        "searches",
        "fins",
        "ice",
        "tiles",
        "chosen",
        "parent_searches",
        "changed",
        "parent_w",
        "slidable",
        "slid",
    )

    def __init__(self, routes: RouteMaps, cells: tuple[str, ...], ice: int, tiles: int):
        self.routes = routes
        self.ice, self.tiles = ice, tiles  # bit masks (bit i: square i)
        self.w = tuple(map(_WEIGHT.__getitem__, cells))  # COST, 0 for a rock (never crossed)
        self.searches: dict[int, tuple[int, ...]] = {}  # by the square searched back to
        # to_finish by colour: a tuple, replaced when filled. It and what `inherit` keeps (in
        # slots, not a tuple holding a dict) are then tuples and dicts of numbers, which the
        # garbage collector stops tracking: a kept floe is one object for it to walk, not three.
        self.fins: tuple[tuple[int, ...] | None, ...] = _NO_FINS
        # GreedyBot's slide (-1: none) or crack, by the bears (RouteMaps.bears_key, + 1 for a
        # slide): its place among the candidates. Numbers alone, so the dictionary is never
        # the garbage collector's, and smaller than one keyed by tuples.
        self.chosen: dict[int, int] = {}
        self.parent_searches: dict[int, tuple[int, ...]] | None = None  # see inherit
        self.changed: tuple[int, ...] = ()
        self.parent_w: tuple[int, ...] = ()
        self.slidable: tuple[bytes, bytes] | None = None  # slid_into()
        self.slid: tuple[bytes, bytes] | None = None  # slides()

    def inherit(self, parent: Floe) -> None:
        """Take `parent`'s searches as the starting points of this floe's, when one step (a
        crack or a slide: one square's cost or two side by side) leads from it here.

        A search's costs are the only ones that satisfy its equations (each square's cost is
        the least, over its open neighbours u, of u's cost + w[u]; the source's is 1); only
        the equations beside the changed squares change, so where those still hold
        (`still_holds`, a few comparisons) the old costs are the new ones: no search."""
        if not self.routes.ways.inherit:
            return
        changed = (self.ice ^ parent.ice) | (self.tiles ^ parent.tiles)
        if not changed or changed.bit_count() > 2 or parent.routes is not self.routes:
            return
        # the parent's searches (not the parent: no chain of floes kept alive)
        self.parent_searches = parent.searches
        self.changed = tuple(self.routes.squares(changed))
        self.parent_w = parent.w

    def search(self, src: int) -> tuple[int, ...]:
        """The costs back to square src: search_back's, by the fastest way `routes.ways`
        allows (the parent's search when it still holds, else searched)."""
        found = self.searches.get(src)
        if found is None:
            found = self.searches[src] = self._mended(src) or self._searched(src)
        return found

    def _searched(self, src: int) -> tuple[int, ...]:
        routes = self.routes
        return search_back(routes.open, self.w, src, routes.n)

    def _mended(self, src: int) -> tuple[int, ...] | None:
        """The parent's search back to src when it still holds, else None."""
        searches = self.parent_searches
        if searches is None:
            return None
        old = searches.get(src)
        if old is not None and still_holds(
            old, src, self.changed, self.routes.open, self.w, self.parent_w
        ):
            return old
        return None

    def prefetch(self, srcs) -> None:
        """Search back to each of these squares now: the parent's searches that still hold,
        the rest several at once (searches_at_once), as the route maps' `ways` allow."""
        searches, routes = self.searches, self.routes
        todo = []
        for src in dict.fromkeys(srcs):
            if src not in searches:
                found = self._mended(src)
                if found is None:
                    todo.append(src)
                else:
                    searches[src] = found
        if len(todo) < 2 or not (routes.at_once_ok and routes.ways.at_once):
            for src in todo:
                searches[src] = self._searched(src)
            return
        ice, tiles = self.ice, self.tiles
        water, seals = routes.open_mask & ~tiles, tiles & ~ice
        for i in range(0, len(todo), AT_ONCE):
            part = todo[i : i + AT_ONCE]
            searches.update(
                zip(part, searches_at_once(routes, ice, water, seals, part), strict=True)
            )

    def slid_into(self) -> tuple[bytes, bytes]:
        """The squares a slide may make cheaper: water beside ice (an ice tile slides in)
        and the seals beside water (they slide away); found once for the floe."""
        found = self.slidable
        if found is None:
            routes, ice, tiles = self.routes, self.ice, self.tiles
            water = routes.open_mask & ~tiles
            found = self.slidable = (  # bytes: see slides()
                bytes(routes.squares(routes.beside(ice) & water)),
                bytes(routes.squares(routes.beside(water) & tiles & ~ice)),
            )
        return found

    def slides(self, winds: Sequence[Wind]) -> tuple[bytes, bytes]:
        """The squares of the rules' slides on this floe (`winds`: they depend on the floe
        alone, SB6), tile's and target's, found once."""
        found = self.slid
        if found is None:  # the rules name each square as the grid does: read in C
            index = self.routes.square_index.__getitem__
            # Bytes, as a layout has at most 12 x 12 squares: a fifth of a tuple's memory in
            # a kept floe, nothing for the garbage collector, and walked through as fast.
            found = self.slid = (
                bytes(map(index, map(_SOURCE, winds))),
                bytes(map(index, map(_TARGET, winds))),
            )
        return found

    def fin(self, k: int) -> tuple[int, ...]:
        """to_finish(layout, cells, k)."""
        found = self.fins[k]
        if found is None:
            routes = self.routes
            found = self.search(routes.top[k]) if routes.top_open[k] else routes.no_way
            fins = self.fins
            self.fins = (*fins[:k], found, *fins[k + 1 :])
        return found

    def fins_for(self, bears: Sequence[int]) -> tuple:
        """fin(k) of each colour, searched at once for the bears not across; None for a bear
        across (no search)."""
        fins, routes = self.fins, self.routes
        todo = [
            routes.top[k]
            for k, pos in enumerate(bears)
            if pos != FINISH and fins[k] is None and routes.top_open[k]
        ]
        if todo:
            # The searches back to the bears' squares too (the cracks and slides read them):
            # a search more at once costs little beside one more alone.
            entry, open_mask = routes.entry, routes.open_mask
            for k, pos in enumerate(bears):
                if pos != FINISH:
                    x = entry[k] if pos == START else pos
                    if open_mask >> x & 1:  # never a rock's: no search starts there
                        todo.append(x)
            self.prefetch(todo)
        searches, top, top_open, no_way = self.searches, routes.top, routes.top_open, routes.no_way
        fins = self.fins = tuple(
            [
                (searches[top[k]] if top_open[k] else no_way)
                if fins[k] is None and pos != FINISH
                else fins[k]
                for k, pos in enumerate(bears)
            ]
        )
        return fins

    def cost(self, k: int, pos: int) -> int:
        """bear_cost(layout, cells, pos, k, to_finish(layout, cells, k))."""
        if pos == FINISH:
            return 0
        if pos == START:
            entry = self.routes.entry[k]
            c = self.w[entry]  # 0: a rock
            fin = self.fin(k)[entry]
            return INF if not c or fin >= INF else c + fin
        return self.fin(k)[pos]

    def costs_from(self, src: int) -> tuple[int, ...]:
        """costs_from(cells, table, {src: 0}): from the search back to src, as the same
        routes are cheapest both ways; that search pays for each square of a route but the
        last (and 1), these for each but the first. (The bot reads the search itself.)"""
        w = self.w
        base = 1 + w[src]
        return tuple(
            c - base + wsq if c < INF else INF for c, wsq in zip(self.search(src), w, strict=True)
        )


def slide_squares(
    routes: RouteMaps, winds: Sequence[Wind]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Each slide's tile square and target square."""
    square = routes.square
    return tuple(square(s.source) for s in winds), tuple(square(s.target) for s in winds)


def search_back(nbs, w: Sequence[int], src: int, n: int) -> tuple[int, ...]:
    """Dial's search back from square src (cost 1 there): stepping from sq to a neighbour
    costs w[sq]; every square's cost, INF where no route reaches (to_finish from the top).

    A square is settled when first taken from its bucket; all its neighbours then go, as one
    group, into the bucket of its cost + w[sq] (at most 4 ahead: five buckets)."""
    dist = [INF] * n
    ring: list[list] = [[], [(src,)], [], [], []]
    d = 1
    while True:
        bucket = ring[d % 5]
        if bucket:
            ring[d % 5] = []
            for group in bucket:
                for sq in group:
                    if dist[sq] == INF:
                        dist[sq] = d
                        ring[(d + w[sq]) % 5].append(nbs[sq])
        elif not (ring[0] or ring[1] or ring[2] or ring[3] or ring[4]):
            return tuple(dist)
        d += 1


def still_holds(
    old: Sequence[int], src: int, changed: Sequence[int], nbs, w: Sequence[int], old_w
) -> bool:
    """Whether the search `old` (back to src, on the costs old_w) is also the search on the
    costs w, which differ from old_w only on the squares `changed` (see Floe.inherit): no
    square's equation gets a term below its cost from a cheaper square, and a square whose
    cost a dearer one gave has another neighbour giving the same."""
    for c in changed:
        if w[c] < old_w[c]:
            via = old[c] + w[c]
            for v in nbs[c]:
                if old[v] > via and v != src:
                    return False
    for c in changed:
        if w[c] > old_w[c] and old[c] < INF:
            via = old[c] + old_w[c]
            for v in nbs[c]:
                if old[v] == via and v != src:
                    for u in nbs[v]:
                        if u != c and old[u] + w[u] == via:
                            break
                    else:
                        return False
    return True


AT_ONCE = 8  # searches made at once by searches_at_once


def searches_at_once(
    routes: RouteMaps, ice: int, water: int, seals: int, srcs: list[int]
) -> list[tuple[int, ...]]:
    """search_back back to each square of srcs, all at once on copies of the grid's bit masks.

    reached(d), the squares of cost d or less, are those next to a square of reached(d - 1)
    on ice, of reached(d - 3) on water or of reached(d - 4) on a seal (leaving a square costs
    its tile); the searches end when four costs in a row reach nothing new. Each square's cost
    is written in binary across `planes`, which become one byte a square at the end."""
    m = len(srcs)
    rep, every, not_first, not_last, fmt = routes.at_once_masks[m]
    stride, width = routes.stride, routes.width
    ice, water, seals = ice * rep, water * rep, seals * rep
    now = 0
    for j, src in enumerate(srcs):
        now |= 1 << (j * stride + src)
    l1, l2, l3, l4 = now, 0, 0, 0  # reached(d - 1) .. reached(d - 4)
    planes = [now, 0, 0, 0, 0, 0, 0, 0]  # bit b of each square's cost
    d = 1
    while True:
        d += 1
        r = (l1 & ice) | (l3 & water) | (l4 & seals)
        now = l1 | (
            ((r >> width) | ((r & not_first) >> 1) | ((r & not_last) << 1) | (r << width)) & every
        )
        if now != l1:
            new = now ^ l1
            for b in _BITS[d]:
                planes[b] |= new
            if now == every:
                break
        elif l1 == l4:
            break
        l4 = l3  # one by one: no tuple built and unpacked at every level
        l3 = l2
        l2 = l1
        l1 = now
    # Each plane as text ("0"/"1", the last square first), each digit turned into its bit's
    # byte value: added up, one byte a square.
    total = 0
    for b, plane in enumerate(planes):
        if plane:
            total += int.from_bytes(format(plane, fmt).encode().translate(_PLANE_BYTES[b]), "big")
    costs = total.to_bytes(m * stride, "little")
    n, rocks = routes.n, routes.rocks
    unreached = every & ~now
    out = []
    for j in range(m):
        dist = list(costs[j * stride : j * stride + n])
        for sq in rocks:
            dist[sq] = INF
        if unreached:
            lost = unreached >> (j * stride) & routes.full
            while lost:
                low = lost & -lost
                dist[low.bit_length() - 1] = INF
                lost ^= low
        out.append(tuple(dist))
    return out


_BITS = tuple(tuple(b for b in range(8) if d >> b & 1) for d in range(256))  # d's set bits
_PLANE_BYTES = tuple(bytes.maketrans(b"01", bytes((0, 1 << b))) for b in range(8))
