"""Sliding Bears bots: `random`, `greedy` and `planner`.

`greedy` reads the floe as route costs (routes.py: for each bear, the cheapest way to its
finish, where ice costs 1, open water 3 and a seal 4, and rocks are walls). It jumps a bear
onto its finish when it can; else it uses the wind when a slide lowers the bears' total cost
(filling a gap on a route, or carrying a bear toward its finish), else jumps the bear that
gains most (the one furthest behind among equals); a crack takes the free ice that the
fewest bears' cheapest routes need. At the set-up it removes the seal (or, at the hard
level, the ice tile) whose going helps the routes most. `planner` (planner.py) searches
whole turns.

The readable source of this bot is `reference_bots.py` (the plain route costs and the plain
greedy bot); tests/games/sliding_bears/test_fast_paths.py and test_greedy_fast.py compare the
two move by move. This one reads its costs off routes.py, which keeps each floe's searches,
and judges a slide by bounds first (`_Bear`, `_drops`: a slide changes two squares' costs, so
for most slides the old costs prove that no route gets cheaper) and searches only the
others; the slide or crack chosen is kept with the floe for the bears' squares, and the
rules' legal steps are read by position. `GreedyBot(..., ways=...)` searches with some of
routes.py's faster ways off (`Ways`): the same choices, only slower (the bench's routes table).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bearcli.core.game import BotSpec, Game, RandomBot
from bearcli.core.rng import Rng
from bearcli.games.sliding_bears import planner
from bearcli.games.sliding_bears.notation import Crack, Jump, Pass, Wind
from bearcli.games.sliding_bears.routes import (
    COST,
    EVERY_WAY,
    INF,
    Floe,
    RouteMaps,
    Ways,
    route_maps,
    search_back,
    slide_squares,
)
from bearcli.games.sliding_bears.rules import COLOUR_INDEX, FINISH, PASS, START, SBConfig, State


class _Bear:
    """A bear that counts in a wind decision: its costs, and bounds on them after a slide."""

    __slots__ = ("routes", "floe", "k", "pos", "x", "fin", "now", "back", "base", "lows")

    def __init__(self, routes: RouteMaps, floe: Floe, k: int, pos: int):
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
        routes, w = self.routes, self.floe.w
        if cheaper == routes.top[self.k]:  # its route jumps onto the finish: no b
            return self.through(cheaper, True) - (w[cheaper] - new_w[cheaper])
        back, base, fin = self.back, self.base, self.fin
        enter = leave = 2 * INF
        for a in routes.open[cheaper]:
            cost = back[a] - base + w[a]  # the costs from x to a (0 at x)
            if a == dearer and a != self.x:  # a route does not pay for the square it leaves
                cost += new_w[a] - w[a]
            if cost < enter:
                enter = cost
            cost = fin[a] + (new_w[a] if a == dearer else w[a])
            if cost < leave:
                leave = cost
        return enter + new_w[cheaper] + leave

    def search(self, src: int, dst: int) -> int:
        """The bear_cost after the slide src -> dst, searched."""
        routes, w = self.routes, self.floe.w
        weights = list(w)
        weights[src], weights[dst] = 3, w[src]
        x = dst if self.pos == src else self.x
        cost = search_back(routes.open, weights, routes.top[self.k], routes.n)[x]
        if self.pos == START:  # entering the start's square, then on
            return weights[x] + cost
        return cost

    def detour(self, avoid: int) -> bool:
        """Whether a cheapest route from x to the finish avoids the square `avoid`: a walk
        along the squares on cheapest routes (costs from x + to_finish = the cheapest)."""
        routes, fin, w = self.routes, self.fin, self.floe.w
        back = self.back
        if back is None:
            back = self.back = self.floe.search(self.x)
        # On a cheapest route each square's back cost is the last one's plus its cost, and
        # its costs from x (back - base + w) and to_finish add up to the cheapest.
        cheapest, top, nbs = fin[self.x] + self.base, routes.top[self.k], routes.open
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

    _cfg: SBConfig | None = None

    def __init__(
        self,
        game: Game,
        config: SBConfig,
        seat: int,
        rng: Rng,
        *,
        ways: Ways = EVERY_WAY,
        **options: Any,
    ):
        super().__init__(game, config, seat, rng, **options)
        self._ways = ways  # how routes.py may search: the same choices with any

    def choose(self, state: State, legal: Sequence):
        cfg = state.cfg
        if cfg is not self._cfg:
            self._cfg, self._routes = cfg, route_maps(cfg, self._ways)
        routes = self._routes
        if not isinstance(legal[0], (Jump, Crack, Wind, Pass)):
            return self._setup(routes, state, legal)
        floe = routes.floe(state.cells, (state.ice, state.tiles))
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
            return self._choose(routes, floe, state, legal, jumps, winds, cracks)
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
        return self._choose(routes, floe, state, legal, jumps, winds, cracks)

    def _choose(self, routes: RouteMaps, floe: Floe, state: State, legal, jumps, winds, cracks):
        cells, fins, bears = state.cells, floe.fins, state.bears
        costs = [0, 0, 0, 0]  # bear_cost of each bear
        for k, pos in enumerate(bears):
            if pos != FINISH:
                fin = fins[k]
                if fin is None:  # a new floe: its costs to the finishes, all at once
                    fins = floe.fins_for(bears)
                    fin = fins[k]
                if pos == START:
                    entry = routes.entry[k]
                    c = COST.get(cells[entry])
                    costs[k] = INF if c is None or fin[entry] >= INF else c + fin[entry]
                else:
                    costs[k] = fin[pos]
        best_jump = self._best_jump(routes, floe, jumps, costs)
        if best_jump is not None and best_jump.target == "finish":
            return best_jump
        # The best slide or crack is the floe's and the bears' alone when the candidates are
        # the rules' own (those the state carries): kept with the floe, it is found once for
        # positions that recur (another turn or game, other dice, the same floe and bears).
        if winds:
            if winds == state.weather_steps:
                key = routes.bears_key(bears) + 1
                at = floe.chosen.get(key)
                if at is None:
                    wind = self._best_wind(routes, floe, state, winds, costs)
                    floe.chosen[key] = -1 if wind is None else winds.index(wind)
                else:
                    wind = None if at < 0 else winds[at]
            else:
                wind = self._best_wind(routes, floe, state, winds, costs)
            if wind is not None:
                return wind
        if best_jump is not None:
            return best_jump
        if cracks:
            if cracks == state.weather_steps:
                key = routes.bears_key(bears)
                at = floe.chosen.get(key)
                if at is None:
                    at = floe.chosen[key] = self._crack_at(routes, floe, state, cracks, costs)
                return cracks[at]
            return self._best_crack(routes, floe, state, cracks, costs)
        for s in legal:
            if isinstance(s, Pass):
                return s
        return legal[0]

    def _setup(self, routes: RouteMaps, state: State, legal: Sequence):
        if state.cells[routes.square(legal[0].square)] == "I":
            # Hard level: losing an ice tile is a crack before the first roll.
            floe = routes.floe(state.cells)
            costs = [floe.cost(k, p) for k, p in enumerate(state.bears)]
            return self._best_crack(routes, floe, state, legal, costs)
        # Normal level: take the seal whose going helps the routes most.
        best, best_key = legal[0], None
        for step in legal:
            sq = routes.square(step.square)
            floe = routes.floe(state.cells[:sq] + (".",) + state.cells[sq + 1 :])
            key = (sum(floe.cost(k, p) for k, p in enumerate(state.bears)), sq)
            if best_key is None or key < best_key:
                best, best_key = step, key
        return best

    def _best_jump(self, routes: RouteMaps, floe: Floe, jumps, costs):
        best, best_key = None, None
        for step in jumps:
            k = COLOUR_INDEX[step.colour]
            if step.target == "finish":
                gain = INF
            elif step.target == "start":
                continue
            else:
                gain = costs[k] - (floe.fins[k] or floe.fin(k))[routes.square(step.target)]
            if gain <= 0:
                continue
            key = (gain, costs[k], -k)  # more progress, then the bear furthest behind
            if best_key is None or key > best_key:
                best, best_key = step, key
        return best

    def _best_wind(self, routes: RouteMaps, floe: Floe, state: State, winds, costs):
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
                live.append(_Bear(routes, floe, k, pos))
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
            srcs, dsts = slide_squares(routes, winds)
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
                total += b.search(src, dst) - low
            if total < best_total:
                best, best_total = step, total
        return best

    def _best_crack(self, routes: RouteMaps, floe: Floe, state: State, cracks, costs):
        return cracks[self._crack_at(routes, floe, state, cracks, costs)]

    def _crack_at(self, routes: RouteMaps, floe: Floe, state: State, cracks, costs) -> int:
        """Where among `cracks` the crack (or set-up removal) to make is: the fewest bears
        whose cheapest route crosses the square (and a start's feeder), then the most slack
        (how much dearer the cheapest route through it is), then the first square."""
        cells, bears, entries = state.cells, state.bears, routes.entry
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
                    feeders.update(nb for nb in routes.grid.table[entry] if cells[nb] == "I")
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
            squares = routes.squares(state.ice & ~state.occupied)  # the rules' cracks: free ice
        else:
            squares = [routes.square(step.square) for step in cracks]
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
