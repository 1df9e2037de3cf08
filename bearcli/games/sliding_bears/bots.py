"""Sliding Bears bots: `random` and `greedy`.

`greedy` reads the floe as route costs: for each bear, the cheapest way to its finish where
ice costs 1, open water 3 (a wind must bring ice there) and a seal 4 (it must slide away
first); rocks are walls. It then jumps bears forward, cracks the ice no bear's route needs,
and uses the wind to fill a gap on a route or to carry a bear toward its finish.

The readable source of this bot is `reference_bots.py` (its plain route costs and the plain
greedy bot); tests/games/sliding_bears/test_fast_paths.py and test_greedy_fast.py compare
the two move by move. GreedyBot makes the same choices faster: `_Floe`
searches each cost map once per floe and keeps it (a floe recurs within a game and, above all
near the start, across games: the floes asked for again outlive the others), the costs from a
bear are read off the search back to its square, and the wind is
judged by bounds first: a slide changes two tiles' costs, so for most slides the old costs
prove that no route gets cheaper, or a sharper bound that counts the rise of the square the
tile left does (`_Bear.via_slid`); only the others are costed again, by a search that stops
once the slide is sure to lose (`_reverse`'s limit). A new floe, one crack or slide from the
last one asked for, takes over that floe's searches the step leaves as they were (`_still`:
a few comparisons beside the changed squares); the others are found several at once on bit
masks (`_lanes`), with the searches back to the bears' squares that the cracks and slides
read. What the wind may do on a floe (its slides' squares, the squares a slide makes cheaper)
is the floe's alone and kept with it. The slide or crack chosen is kept with the floe for the
bears' squares, and the rules' legal steps are read by position, not sorted one by one (the
rules' cracks off the free-ice mask); a crack's square stops being weighed once it is sure to
lose. The searches are kept as tuples: the garbage collector stops walking them once they
are old.
tests/games/sliding_bears/test_greedy_fast.py proves each equal to the plain computation.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import chain
from operator import attrgetter, getitem

from bearcli.core.game import BotSpec, RandomBot
from bearcli.core.kept import kept
from bearcli.games.sliding_bears import planner
from bearcli.games.sliding_bears.layout import Layout
from bearcli.games.sliding_bears.notation import Crack, Jump, Pass, Wind
from bearcli.games.sliding_bears.rules import COLOUR_INDEX, FINISH, PASS, START, State

COST = {"I": 1, ".": 3, "S": 4}  # a rock is missing: never crossed
INF = 10_000
_WEIGHT = {**COST, "R": 0}  # a square's cost as _Floe.w keeps it
_SOURCE, _TARGET = attrgetter("source"), attrgetter("target")  # a slide's squares


# -- the plain route costs ---------------------------------------------------------------------


def _dial(cells: tuple[str, ...], nbs, sources: dict[int, int], forward: bool) -> tuple[int, ...]:
    """Dial's algorithm (small integer costs): cost to every square from the sources.

    No way leads onto a rock. Going from sq to its neighbour nb costs nb's tile (`forward`),
    or sq's (a reverse search: stepping back along a route that goes from nb to sq)."""
    tile = [COST.get(c) for c in cells]  # None: a rock
    dist = [INF] * len(cells)
    buckets: dict[int, list[int]] = {}
    for sq, c in sources.items():
        if c < dist[sq]:
            dist[sq] = c
            buckets.setdefault(c, []).append(sq)
    d = min(buckets) if buckets else 0
    limit = max(buckets) + 5 * len(cells) if buckets else 0  # no route costs more than this
    while d <= limit and buckets:
        for sq in buckets.pop(d, ()):
            if dist[sq] != d:
                continue
            for nb in nbs[sq]:
                if tile[nb] is None:
                    continue
                cost = d + (tile[nb] if forward else tile[sq])
                if cost < dist[nb]:
                    dist[nb] = cost
                    buckets.setdefault(cost, []).append(nb)
        d += 1
    return tuple(dist)  # immutable, as the bot's searches (no garbage collector's work)


def _costs_from(cells: tuple[str, ...], nbs, sources: dict[int, int]) -> tuple[int, ...]:
    """Cost to reach every square from the sources: entering a square costs its tile."""
    return _dial(cells, nbs, sources, forward=True)


def to_finish(lay: Layout, cells: tuple[str, ...], k: int) -> tuple[int, ...]:
    """Cost from each square to colour k's finish (the jump onto the finish costs 1)."""
    top = lay.index(lay.finish[k], lay.height - 1)
    if cells[top] not in COST:
        return (INF,) * len(cells)
    # A reverse search: stepping back from sq to nb costs what entering sq costs going forward.
    return _dial(cells, lay.grid.table, {top: 1}, forward=False)


def bear_cost(lay: Layout, cells: tuple[str, ...], pos: int, k: int, fin: Sequence[int]) -> int:
    if pos == FINISH:
        return 0
    if pos == START:
        entry = lay.index(lay.start[k], 0)
        c = COST.get(cells[entry])
        return INF if c is None or fin[entry] >= INF else c + fin[entry]
    return fin[pos]


def total_cost(lay: Layout, state: State) -> int:
    return sum(
        bear_cost(lay, state.cells, pos, k, to_finish(lay, state.cells, k))
        for k, pos in enumerate(state.bears)
    )


# -- the same costs, found once per floe ------------------------------------------------------
# The rules never add, move or take away a rock, so which squares a route may cross is the
# layout's; only the costs of the other squares change from floe to floe.


class _Routes:
    """What a layout never changes: its squares' open neighbours, the bears' squares."""

    def __init__(self, lay: Layout):
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
        # Several searches at once (_lanes): copy j of the grid is bits j*stride.., with a
        # row's width of empty bits between copies, so that a shift by a row or (masked) a
        # column never carries a square into the next copy. A cost is a byte of the result
        # (at most 1 + 4 for each other square): only small grids go this way.
        self.lanes_ok = 4 * n + 1 < 256
        self.stride = stride = n + w
        self.open_mask = open_mask = sum(1 << i for i in range(n) if lay.cells[i] != "R")
        self.rocks = tuple(i for i in range(n) if lay.cells[i] == "R")
        self.lane_masks = []  # by the number of copies: (copies of one mask, open, columns)
        for m in range(LANES + 1):
            rep = sum(1 << (j * stride) for j in range(m))
            self.lane_masks.append(
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
        # new one. So the floes that recur from game to game stay and the others go. A new
        # floe costs its searches, and most of a greedy game's time is new floes and their
        # first decisions: on the classic floe, past 3,000 games, a generation of 14,563
        # floes (about 65 MB) leaves about 4 new floes a game where 7,281 left 6.5 and 3,640
        # left 9.5 (docs/performance.md).
        self.floes: dict[tuple, _Floe] = {}
        self.older: dict[tuple, _Floe] = {}
        self.last: _Floe | None = None  # the floe asked for last: a new one's parent, mostly
        self.keep = max(1024, 2**19 // n)  # floes a generation holds

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
        sq = self.square_index.get(name)
        return sq if sq is not None else self.grid.parse(name)

    def floe(self, cells: tuple[str, ...], key=None) -> _Floe:
        """The floe of these cells; `key` says which they are more cheaply (a state's ice
        and tile masks: the rocks are the layout's, the rest is water)."""
        if key is None:
            key = cells
        found = self.floes.get(key)
        if found is None:
            found = self.older.pop(key, None)
            if found is None:
                if key is cells:
                    ice = sum(1 << i for i, c in enumerate(cells) if c == "I")
                    tiles = sum(1 << i for i, c in enumerate(cells) if c in ("I", "S"))
                else:
                    ice, tiles = key
                found = _Floe(self, cells, ice, tiles)
                if self.last is not None:
                    found.inherit(self.last)
            if len(self.floes) >= self.keep:  # a bounded memory: a new generation
                self.older, self.floes = self.floes, {}
            self.floes[key] = found
        self.last = found
        return found


_ROUTES: dict[Layout, _Routes] = {}
_NO_FINS = (None, None, None, None)


def _routes(lay: Layout) -> _Routes:
    return kept(_ROUTES, 8, lay, _Routes, lay)


class _Floe:
    """One floe's route costs, each searched when first asked for (`to_finish`,
    `_costs_from`), the same numbers as the plain searches."""

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

    def __init__(self, routes: _Routes, cells: tuple[str, ...], ice: int, tiles: int):
        self.routes = routes
        self.ice, self.tiles = ice, tiles  # bit masks (bit i: square i)
        self.w = tuple(map(_WEIGHT.__getitem__, cells))  # COST, 0 for a rock (never crossed)
        self.searches: dict[int, tuple[int, ...]] = {}  # by the square searched back to
        # to_finish by colour: a tuple, replaced when filled. It and what `inherit` keeps (in
        # slots, not a tuple holding a dict) are then tuples and dicts of numbers, which the
        # garbage collector stops tracking: a kept floe is one object for it to walk, not three.
        self.fins: tuple[tuple[int, ...] | None, ...] = _NO_FINS
        # GreedyBot's slide (-1: none) or crack, by the bears (_Routes.bears_key, + 1 for a
        # slide): its place among the candidates. Numbers alone, so the dictionary is never
        # the garbage collector's, and smaller than one keyed by tuples.
        self.chosen: dict[int, int] = {}
        self.parent_searches: dict[int, tuple[int, ...]] | None = None  # see inherit
        self.changed: tuple[int, ...] = ()
        self.parent_w: tuple[int, ...] = ()
        self.slidable: tuple[bytes, bytes] | None = None  # slid_into()
        self.slid: tuple[bytes, bytes] | None = None  # slides()

    def inherit(self, parent: _Floe) -> None:
        """Take `parent`'s searches as the starting points of this floe's, when one step (a
        crack or a slide: one square's cost or two side by side) leads from it here.

        A search's costs are the only ones that satisfy its equations (each square's cost is
        the least, over its open neighbours u, of u's cost + w[u]; the source's is 1); only
        the equations beside the changed squares change, so where those still hold
        (`_still`, a few comparisons) the old costs are the new ones: no search."""
        changed = (self.ice ^ parent.ice) | (self.tiles ^ parent.tiles)
        if not changed or changed.bit_count() > 2 or parent.routes is not self.routes:
            return
        # the parent's searches (not the parent: no chain of floes kept alive)
        self.parent_searches = parent.searches
        self.changed = tuple(self.routes.squares(changed))
        self.parent_w = parent.w

    def search(self, src: int) -> tuple[int, ...]:
        """The costs back to square src (see _search)."""
        found = self.searches.get(src)
        if found is None:
            found = self.searches[src] = self._mended(src) or self._searched(src)
        return found

    def _searched(self, src: int) -> tuple[int, ...]:
        rt = self.routes
        return _search(rt.open, self.w, src, rt.n)

    def _mended(self, src: int) -> tuple[int, ...] | None:
        """The parent's search back to src when it still holds, else None."""
        searches = self.parent_searches
        if searches is None:
            return None
        old = searches.get(src)
        if old is not None and _still(
            old, src, self.changed, self.routes.open, self.w, self.parent_w
        ):
            return old
        return None

    def prefetch(self, srcs) -> None:
        """Search back to each of these squares now: the parent's searches that still hold,
        the rest several at once (_lanes)."""
        searches, rt = self.searches, self.routes
        todo = []
        for src in dict.fromkeys(srcs):
            if src not in searches:
                found = self._mended(src)
                if found is None:
                    todo.append(src)
                else:
                    searches[src] = found
        if len(todo) < 2 or not rt.lanes_ok:
            for src in todo:
                searches[src] = self._searched(src)
            return
        ice, tiles = self.ice, self.tiles
        water, seals = rt.open_mask & ~tiles, tiles & ~ice
        for i in range(0, len(todo), LANES):
            part = todo[i : i + LANES]
            searches.update(zip(part, _lanes(rt, ice, water, seals, part), strict=True))

    def slid_into(self) -> tuple[bytes, bytes]:
        """The squares a slide may make cheaper: water beside ice (an ice tile slides in)
        and the seals beside water (they slide away); found once for the floe."""
        found = self.slidable
        if found is None:
            rt, ice, tiles = self.routes, self.ice, self.tiles
            water = rt.open_mask & ~tiles
            found = self.slidable = (  # bytes: see slides()
                bytes(rt.squares(rt.beside(ice) & water)),
                bytes(rt.squares(rt.beside(water) & tiles & ~ice)),
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
            rt = self.routes
            found = self.search(rt.top[k]) if rt.top_open[k] else rt.no_way
            fins = self.fins
            self.fins = (*fins[:k], found, *fins[k + 1 :])
        return found

    def fins_for(self, bears: Sequence[int]) -> tuple:
        """fin(k) of each colour, searched at once for the bears not across; None for a bear
        across (no search)."""
        fins, rt = self.fins, self.routes
        todo = [
            rt.top[k]
            for k, pos in enumerate(bears)
            if pos != FINISH and fins[k] is None and rt.top_open[k]
        ]
        if todo:
            # The searches back to the bears' squares too (the cracks and slides read them):
            # a search more at once costs little beside one more alone.
            entry, open_mask = rt.entry, rt.open_mask
            for k, pos in enumerate(bears):
                if pos != FINISH:
                    x = entry[k] if pos == START else pos
                    if open_mask >> x & 1:  # never a rock's: no search starts there
                        todo.append(x)
            self.prefetch(todo)
        searches, top, top_open, no_way = self.searches, rt.top, rt.top_open, rt.no_way
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
        """_costs_from(cells, table, {src: 0}): from the search back to src, as the same
        routes are cheapest both ways; that search pays for each square of a route but the
        last (and 1), these for each but the first. (The bot reads the search itself.)"""
        w = self.w
        base = 1 + w[src]
        return tuple(
            c - base + wsq if c < INF else INF for c, wsq in zip(self.search(src), w, strict=True)
        )


def _slide_squares(rt: _Routes, winds: Sequence[Wind]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Each slide's tile square and target square."""
    square = rt.square
    return tuple(square(s.source) for s in winds), tuple(square(s.target) for s in winds)


def _search(nbs, w: Sequence[int], src: int, n: int) -> tuple[int, ...]:
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


def _still(
    old: Sequence[int], src: int, changed: Sequence[int], nbs, w: Sequence[int], old_w
) -> bool:
    """Whether the search `old` (back to src, on the costs old_w) is also the search on the
    costs w, which differ from old_w only on the squares `changed` (see _Floe.inherit): no
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


LANES = 8  # searches made at once by _lanes


def _lanes(rt: _Routes, ice: int, water: int, seals: int, srcs: list[int]) -> list[tuple[int, ...]]:
    """_search back to each square of srcs, all at once on copies of the grid's bit masks.

    reached(d), the squares of cost d or less, are those next to a square of reached(d - 1)
    on ice, of reached(d - 3) on water or of reached(d - 4) on a seal (leaving a square costs
    its tile); the searches end when four costs in a row reach nothing new. Each square's cost
    is written in binary across `planes`, which become one byte a square at the end."""
    m = len(srcs)
    rep, every, not_first, not_last, fmt = rt.lane_masks[m]
    stride, width = rt.stride, rt.width
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
    n, rocks = rt.n, rt.rocks
    unreached = every & ~now
    out = []
    for j in range(m):
        dist = list(costs[j * stride : j * stride + n])
        for sq in rocks:
            dist[sq] = INF
        if unreached:
            lost = unreached >> (j * stride) & rt.full
            while lost:
                low = lost & -lost
                dist[low.bit_length() - 1] = INF
                lost ^= low
        out.append(tuple(dist))
    return out


_BITS = tuple(tuple(b for b in range(8) if d >> b & 1) for d in range(256))  # d's set bits
_PLANE_BYTES = tuple(bytes.maketrans(b"01", bytes((0, 1 << b))) for b in range(8))


def _reverse(nbs, w: Sequence[int], top: int, n: int, stop: int, limit: int = INF):
    """The cost of square `stop` in the search back from `top` (_search, stopped there), or
    when that is `limit` or more, some number no less than `limit`: the search stops at the
    first cost level that reaches `limit`, as `stop` costs no less than the level searched."""
    dist = [INF] * n
    ring: list[list] = [[], [(top,)], [], [], []]
    d = 1
    while True:
        if d >= limit:
            return d
        bucket = ring[d % 5]
        if bucket:
            ring[d % 5] = []
            for group in bucket:
                for sq in group:
                    if dist[sq] == INF:
                        if sq == stop:
                            return d
                        dist[sq] = d
                        ring[(d + w[sq]) % 5].append(nbs[sq])
        elif not (ring[0] or ring[1] or ring[2] or ring[3] or ring[4]):
            return INF
        d += 1


class _Bear:
    """A bear that counts in a wind decision: its costs, and bounds on them after a slide."""

    __slots__ = ("routes", "floe", "k", "pos", "x", "fin", "now", "back", "base", "lows")

    def __init__(self, routes: _Routes, floe: _Floe, k: int, pos: int):
        self.routes, self.floe, self.k, self.pos = routes, floe, k, pos
        self.x = routes.entry[k] if pos == START else pos  # where its routes start
        self.fin = floe.fin(k)
        self.now = self.fin[self.x]
        self.lows: dict[int, int] = {}  # cost_via(y) where below now, by y (from _drops)
        # The search back to x, when first needed: costs from x are back[y] - base + w[y].
        self.back: tuple[int, ...] | None = None
        self.base = 1 + floe.w[self.x]

    def through(self, y: int, exact: bool) -> int:
        """The cheapest route from x through y (y != x) costs this, or (not exact) more."""
        if exact or self.back is not None:
            if self.back is None:
                self.back = self.floe.search(self.x)
            return self.back[y] - self.base + self.floe.w[y] + self.fin[y]
        # y's own cost and one for each square between: no route through y costs less.
        return self.fin[y] + self.floe.w[y] + self.routes.apart[self.x][y] - 1

    def cost_via(self, y: int, cheaper: int) -> int:
        """A lower bound on to_finish from x once square y costs `cheaper` less."""
        now = self.fin[self.x]
        if y == self.x:
            return now  # a route does not pay for the square it leaves
        bound = self.through(y, False) - cheaper
        if bound < now:
            bound = self.through(y, True) - cheaper
        return bound if bound < now else now

    def after(self, src: int, dst: int) -> tuple[int, bool]:
        """The bear_cost after the slide src -> dst and True when the old costs prove it;
        else a lower bound and False (then `search` finds it)."""
        fin, w = self.fin, self.floe.w
        # The square left becomes water (3); the one reached takes the tile's cost.
        if w[src] < 3:  # ice: the square left gets dearer, the one reached cheaper
            dearer, cheaper, drop = src, dst, w[dst] - w[src]
        else:  # a seal: the other way round
            dearer, cheaper, drop = dst, src, w[src] - 3
        x, rider = self.x, self.pos == src
        if rider:
            x = dst
        low = fin[x]
        # The old costs prove the new one when neither changed square can matter: through
        # the cheaper one no route becomes cheapest, and a cheapest route avoids the dearer.
        if rider:  # no costs from its new square are at hand: the bounds only (it is on ice)
            proven = fin[dearer] + w[dearer] + self.routes.apart[x][dearer] - 1 > low
        else:
            proven = True
            if cheaper != x:
                via = self.through(cheaper, False) - drop
                if via < low:
                    via = self.through(cheaper, True) - drop
                    if via < low:
                        via = self.via_slid(cheaper, dearer, {src: 3, dst: w[src]})
                        if via < low:
                            proven, low = False, via
            proven = proven and (
                dearer == x
                or self.through(dearer, False) > fin[x]
                or self.through(dearer, True) > fin[x]
                or self.detour(dearer)
            )
        if self.pos == START:  # entering the start's square, then on
            low += 3 if x == src else w[src] if x == dst else w[x]
        return low, proven

    def via_slid(self, cheaper: int, dearer: int, new_w: dict[int, int]) -> int:
        """A lower bound on the cheapest route from x through the square `cheaper` once the
        slide has made the costs new_w (self.back searched; cheaper != x).

        through(cheaper) less the drop, but with the dearer square's rise where a route
        comes in from it or goes on to it: such a route enters `cheaper` from a neighbour a
        (the old costs from x to a, or more) and leaves it to a neighbour b (entering b, then
        to_finish from b: the old costs or more), as no other square got cheaper. A tile
        slid away from a route mostly leaves no cheaper route through its new square."""
        rt, w = self.routes, self.floe.w
        if cheaper == rt.top[self.k]:  # its route jumps onto the finish: no b
            return self.through(cheaper, True) - (w[cheaper] - new_w[cheaper])
        back, base, fin = self.back, self.base, self.fin
        enter = leave = 2 * INF
        for a in rt.open[cheaper]:
            cost = back[a] - base + w[a]  # the costs from x to a (0 at x)
            if a == dearer and a != self.x:  # a route does not pay for the square it leaves
                cost += new_w[a] - w[a]
            if cost < enter:
                enter = cost
            cost = fin[a] + (new_w[a] if a == dearer else w[a])
            if cost < leave:
                leave = cost
        return enter + new_w[cheaper] + leave

    def search(self, src: int, dst: int, limit: int = INF) -> int:
        """The bear_cost after the slide src -> dst, searched; or, when that is `limit` or
        more, some number no less than `limit` (the search stops there: _reverse)."""
        rt, w = self.routes, self.floe.w
        weights = list(w)
        weights[src], weights[dst] = 3, w[src]
        x = dst if self.pos == src else self.x
        if self.pos == START:  # entering the start's square, then on
            return weights[x] + _reverse(
                rt.open, weights, rt.top[self.k], rt.n, x, limit - weights[x]
            )
        return _reverse(rt.open, weights, rt.top[self.k], rt.n, x, limit)

    def detour(self, avoid: int) -> bool:
        """Whether a cheapest route from x to the finish avoids the square `avoid`: a walk
        along the squares on cheapest routes (costs from x + to_finish = the cheapest)."""
        rt, fin, w = self.routes, self.fin, self.floe.w
        back = self.back
        if back is None:
            back = self.back = self.floe.search(self.x)
        # On a cheapest route each square's back cost is the last one's plus its cost, and
        # its costs from x (back - base + w) and to_finish add up to the cheapest.
        cheapest, top, nbs = fin[self.x] + self.base, rt.top[self.k], rt.open
        todo, seen = [self.x], {self.x, avoid}
        while todo:
            sq = todo.pop()
            if sq == top:
                return True
            step = back[sq] + w[sq]
            for nb in nbs[sq]:
                if nb not in seen and back[nb] == step and step + w[nb] + fin[nb] == cheapest:
                    seen.add(nb)
                    todo.append(nb)
        return False


def _drops(live: list[_Bear], waters: Sequence[int], seals: Sequence[int]) -> dict[int, int]:
    """For each square y that may get cheaper (by 2: water an ice tile may slide into; by 1:
    a seal that may slide away), how much lower than now the bears' costs may go: the sum
    of (cost now - _Bear.cost_via(y)), for a slide with no rider and no start square."""
    drops = dict.fromkeys(waters, 0) | dict.fromkeys(seals, 0)
    for b in live:
        fin, apart, now, lows = b.fin, b.routes.apart[b.x], b.now, b.lows
        # y still costs 1 at least, so a route through y costs more than to_finish from y
        # (the quick test), and at least its cost at y's distance from x: water costs 3 and
        # gets 2 cheaper, a seal costs 4 and gets 1 cheaper. (No y passes it at x: apart 0.)
        for y in waters:
            if fin[y] + apart[y] < now:
                bound = b.through(y, True) - 2
                if bound < now:
                    drops[y] += now - bound
                    lows[y] = bound
        for y in seals:
            if fin[y] + apart[y] + 2 < now:
                bound = b.through(y, True) - 1
                if bound < now:
                    drops[y] += now - bound
                    lows[y] = bound
    return drops


def _drop(live: list[_Bear], y: int, cheaper: int) -> int:
    """_drops for one square."""
    return _drops(live, [y], [])[y] if cheaper == 2 else _drops(live, [], [y])[y]


# -- the bot --------------------------------------------------------------------------------


class GreedyBot(RandomBot):
    """Progress first, keep the ice the routes need, crack what no route needs."""

    _layout: Layout | None = None

    def choose(self, state: State, legal: Sequence):
        lay = state.cfg.layout
        if lay is not self._layout:
            self._layout, self._rt = lay, _routes(lay)
        rt = self._rt
        if not isinstance(legal[0], (Jump, Crack, Wind, Pass)):
            return self._setup(rt, state, legal)
        floe = rt.floe(state.cells, (state.ice, state.tiles))
        weather = state.weather_steps
        if legal == state.options:
            # The rules' own steps: the jumps, the cracks or the slides, then a pass or not.
            end = len(legal) - (legal[-1] is PASS)
            jumps = legal[: end - len(weather)]
            winds = cracks = ()
            if weather:
                if state.weather == "wind":
                    winds = weather
                else:
                    cracks = weather
            return self._choose(rt, floe, state, legal, jumps, winds, cracks)
        jumps, winds, cracks = [], [], []
        for s in legal:
            kind = s.__class__  # the rules' own steps, else what isinstance says
            if kind is Jump:
                jumps.append(s)
            elif kind is Wind:
                winds.append(s)
            elif kind is Crack:
                cracks.append(s)
            elif kind is not Pass:
                if isinstance(s, Jump):
                    jumps.append(s)
                elif isinstance(s, Wind):
                    winds.append(s)
                elif isinstance(s, Crack):
                    cracks.append(s)
        return self._choose(rt, floe, state, legal, jumps, winds, cracks)

    def _choose(self, rt: _Routes, floe: _Floe, state: State, legal, jumps, winds, cracks):
        cells, fins, bears = state.cells, floe.fins, state.bears
        costs = [0, 0, 0, 0]  # bear_cost of each bear
        for k, pos in enumerate(bears):
            if pos != FINISH:
                fin = fins[k]
                if fin is None:  # a new floe: its costs to the finishes, all at once
                    fins = floe.fins_for(bears)
                    fin = fins[k]
                if pos == START:
                    entry = rt.entry[k]
                    c = COST.get(cells[entry])
                    costs[k] = INF if c is None or fin[entry] >= INF else c + fin[entry]
                else:
                    costs[k] = fin[pos]
        best_jump = self._best_jump(rt, floe, jumps, costs)
        if best_jump is not None and best_jump.target == "finish":
            return best_jump
        # The best slide or crack is the floe's and the bears' alone when the candidates are
        # the rules' own (those the state carries): kept with the floe, it is found once for
        # positions that recur (another turn or game, other dice, the same floe and bears).
        if winds:
            if winds == state.weather_steps:
                key = rt.bears_key(bears) + 1
                at = floe.chosen.get(key)
                if at is None:
                    wind = self._best_wind(rt, floe, state, winds, costs)
                    floe.chosen[key] = -1 if wind is None else winds.index(wind)
                else:
                    wind = None if at < 0 else winds[at]
            else:
                wind = self._best_wind(rt, floe, state, winds, costs)
            if wind is not None:
                return wind
        if best_jump is not None:
            return best_jump
        if cracks:
            if cracks == state.weather_steps:
                key = rt.bears_key(bears)
                at = floe.chosen.get(key)
                if at is None:
                    at = floe.chosen[key] = self._crack_at(rt, floe, state, cracks, costs)
                return cracks[at]
            return self._best_crack(rt, floe, state, cracks, costs)
        for s in legal:
            if isinstance(s, Pass):
                return s
        return legal[0]

    def _setup(self, rt: _Routes, state: State, legal: Sequence):
        if state.cells[rt.square(legal[0].square)] == "I":
            # Hard level: losing an ice tile is a crack before the first roll.
            floe = rt.floe(state.cells)
            costs = [floe.cost(k, p) for k, p in enumerate(state.bears)]
            return self._best_crack(rt, floe, state, legal, costs)
        # Normal level: take the seal whose going helps the routes most.
        best, best_key = legal[0], None
        for step in legal:
            sq = rt.square(step.square)
            floe = rt.floe(state.cells[:sq] + (".",) + state.cells[sq + 1 :])
            key = (sum(floe.cost(k, p) for k, p in enumerate(state.bears)), sq)
            if best_key is None or key < best_key:
                best, best_key = step, key
        return best

    def _best_jump(self, rt: _Routes, floe: _Floe, jumps, costs):
        best, best_key = None, None
        for step in jumps:
            k = COLOUR_INDEX[step.colour]
            if step.target == "finish":
                gain = INF
            elif step.target == "start":
                continue
            else:
                gain = costs[k] - (floe.fins[k] or floe.fin(k))[rt.square(step.target)]
            if gain <= 0:
                continue
            key = (gain, costs[k], -k)  # more progress, then the bear furthest behind
            if best_key is None or key > best_key:
                best, best_key = step, key
        return best

    def _best_wind(self, rt: _Routes, floe: _Floe, state: State, winds, costs):
        """The slide that lowers the total cost most (the first of equals), or None.

        A slide of an ice tile from s into the water on d makes s cost 3 instead of 1 and d
        1 instead of 3 (a seal's: s 3 instead of 4, d 4 instead of 3). A route through the
        square that gets cheaper (d; s for a seal) is then at most 2 (1) cheaper, and other
        routes cost no less: so the cheapest old route from a bear's square x through that
        square, less 2 (1), bounds the bear's new cost from below (`_Bear.cost_via`), and a
        rider's new cost is no less than to_finish from d. A slide whose bounds add up to
        no less than the best total so far cannot win; the others are costed exactly.
        """
        cells, bears, w = state.cells, state.bears, floe.w
        fixed = 0
        live: list[_Bear] = []  # the bears that count
        for k, pos in enumerate(bears):
            if pos == FINISH or costs[k] >= INF:
                fixed += costs[k]  # 0, or INF whatever the wind does: rocks never move
            else:
                live.append(_Bear(rt, floe, k, pos))
        current = sum(costs)
        # Squares where a slide is special: a rider's, a start square (of a bear on start).
        special = {b.x for b in live}
        # How far the bounds fall when a square gets cheaper: water beside ice, for an ice
        # slide into it, or a seal beside water, sliding away. A slide that is not special
        # and makes no square with a fall cheaper cannot win: only the others are looked at.
        drops = _drops(live, *floe.slid_into())  # and each bear's `lows`
        touch = special.copy()  # the squares a slide must touch to be looked at
        for b in live:
            touch.update(b.lows)  # the squares where its bound falls (drops[y] > 0)
        best, best_total = None, current
        if winds is state.weather_steps:  # the rules' slides: the floe's, squares found once
            srcs, dsts = floe.slides(winds)
        else:
            srcs, dsts = _slide_squares(rt, winds)
        for step, src, dst in zip(winds, srcs, dsts, strict=True):
            if src not in touch and dst not in touch:
                continue  # a slide that is not special makes no square with a fall cheaper
            y, cheaper = (dst, 2) if cells[src] == "I" else (src, 1)  # what gets cheaper
            if src in special or dst in special:
                bound = fixed
                for b in live:
                    if b.pos == src:  # the rider
                        bound += b.fin[dst]
                        continue
                    after = b.lows.get(y, b.now) if y in drops else b.cost_via(y, cheaper)
                    if b.pos == START:
                        x = b.x
                        after += 3 if x == src else w[src] if x == dst else w[x]
                    bound += after
            else:
                drop = drops.get(y)
                if drop is None:  # not beside water or ice: not from the rules' steps
                    drop = drops[y] = _drop(live, y, cheaper)
                bound = current - drop
            if bound >= best_total:
                continue  # it cannot win
            total, unsure = fixed, []
            for b in live:
                cost, proven = b.after(src, dst)
                total += cost
                if not proven:
                    unsure.append((b, cost))
            for b, low in unsure:  # searched only while the slide may still win
                if total >= best_total:
                    break
                # a cost that makes the total best_total or more need not be found exactly
                total += b.search(src, dst, best_total - total + low) - low
            if total < best_total:
                best, best_total = step, total
        return best

    def _best_crack(self, rt: _Routes, floe: _Floe, state: State, cracks, costs):
        return cracks[self._crack_at(rt, floe, state, cracks, costs)]

    def _crack_at(self, rt: _Routes, floe: _Floe, state: State, cracks, costs) -> int:
        """Where among `cracks` the crack (or set-up removal) to make is: the fewest bears
        whose cheapest route crosses the square (and a start's feeder), then the most slack
        (how much dearer the cheapest route through it is), then the first square."""
        cells, bears, entries = state.cells, state.bears, rt.entry
        # A bear still on its start whose entry square is open water can only get in when
        # the wind brings ice there: the ice next to that entry is needed too.
        feeders: set[int] = set()
        # The bears that count, with where their routes start: their square, or the entry
        # (the plain costs add the entry's own cost to both the from-costs and the bear's
        # cost; on a square no route reaches, both ways give a gap beyond INF, never the least).
        starts = []
        for k, pos in enumerate(bears):
            if pos == START:
                entry = entries[k]
                if cells[entry] == ".":
                    feeders.update(nb for nb in rt.grid.table[entry] if cells[nb] == "I")
                if costs[k] < INF:
                    starts.append((k, entry))
            elif pos != FINISH and costs[k] < INF:
                starts.append((k, pos))
        floe.prefetch([x for _, x in starts])
        # costs from x are back - (1 + w[x]) + w[sq], and a crack's w[sq] is 1
        searches, w, counted = floe.searches, floe.w, []
        for k, x in starts:
            fin = floe.fin(k)
            counted.append((searches[x], fin, fin[x] + w[x] + COST["I"]))
        if cracks is state.weather_steps and state.weather == "crack":
            squares = rt.squares(state.ice & ~state.occupied)  # the rules' cracks: free ice
        else:
            squares = [rt.square(step.square) for step in cracks]
        # The least (need, -slack, square), compared field by field (no key tuples).
        # A square's need only grows and its slack only falls bear by bear: once it is worse
        # than the best so far (more need, or as much and less slack), it cannot win.
        best, best_need, best_slack, best_sq = 0, 99, 0, 0
        for at, sq in enumerate(squares):
            need = 1 if sq in feeders else 0
            if need > best_need:
                continue
            slack = INF
            for back, fin, cost in counted:
                # to_finish counts the square's own cost; from-costs count it too.
                gap = back[sq] + fin[sq] - cost
                if gap <= 0:
                    need += 1
                if gap < slack:
                    slack = gap
                if need > best_need or need == best_need and slack < best_slack:
                    break
            else:
                if (
                    need < best_need
                    or need == best_need
                    and (slack > best_slack or slack == best_slack and sq < best_sq)
                ):
                    best, best_need, best_slack, best_sq = at, need, slack, sq
        return best


BOTS = {
    "random": BotSpec(RandomBot, "uniform over the legal options at each decision"),
    "greedy": BotSpec(GreedyBot, "route costs: jump forward, crack unneeded ice, wind fills gaps"),
    "planner": planner.SPEC,
}
