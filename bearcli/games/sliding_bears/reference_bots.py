"""Sliding Bears, the reference bots: `random` and the plain `greedy` bot.

Read this module first. `greedy` reads the floe as route costs: for each bear, the cheapest
way to its finish where ice costs 1, open water 3 (a wind must bring ice there) and a seal 4
(it must slide away first); rocks are walls. It jumps a bear across when it can, else uses the
wind when that makes the routes cheaper, else jumps the bear that gains most, else cracks the
ice no route needs. Every cost is searched afresh, by the plain searches below.

`bots.GreedyBot` makes exactly the same choices faster (its costs kept per floe, the wind
judged by bounds first); tests/games/sliding_bears/test_fast_paths.py and test_greedy_fast.py
prove the two equal, choice by choice and whole game by whole game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from bearcli.core.game import BotSpec, RandomBot
from bearcli.games.sliding_bears.layout import COLOURS, Layout
from bearcli.games.sliding_bears.notation import Crack, Jump, Pass, Wind
from bearcli.games.sliding_bears.rules import FINISH, START, State

COST = {"I": 1, ".": 3, "S": 4}  # what entering a square costs a route; a rock: never crossed
INF = 10_000  # no route

# -- route costs ---------------------------------------------------------------------------------


def dial(cells: tuple[str, ...], nbs, sources: dict[int, int], forward: bool) -> tuple[int, ...]:
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
    return tuple(dist)


def costs_from(cells: tuple[str, ...], nbs, sources: dict[int, int]) -> tuple[int, ...]:
    """Cost to reach every square from the sources: entering a square costs its tile."""
    return dial(cells, nbs, sources, forward=True)


def to_finish(lay: Layout, cells: tuple[str, ...], k: int) -> tuple[int, ...]:
    """Cost from each square to colour k's finish (the jump onto the finish costs 1)."""
    top = lay.index(lay.finish[k], lay.height - 1)
    if cells[top] not in COST:
        return (INF,) * len(cells)
    # A reverse search: stepping back from sq to nb costs what entering sq costs going forward.
    return dial(cells, lay.grid.table, {top: 1}, forward=False)


def bear_cost(lay: Layout, cells: tuple[str, ...], pos: int, k: int, fin: Sequence[int]) -> int:
    """What bear k still has to cross from `pos`, given its costs to the finish `fin`."""
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


# -- the greedy bot ------------------------------------------------------------------------------


class ReferenceGreedyBot(RandomBot):
    """Progress first, keep the ice the routes need, crack what no route needs."""

    def choose(self, state: State, legal: Sequence):
        lay = state.cfg.layout
        if not isinstance(legal[0], (Jump, Crack, Wind, Pass)):
            return self.setup(state, legal)
        fins = [to_finish(lay, state.cells, k) for k in range(4)]
        costs = [bear_cost(lay, state.cells, pos, k, fins[k]) for k, pos in enumerate(state.bears)]
        jumps = [s for s in legal if isinstance(s, Jump)]
        best_jump = self.best_jump(lay, state, jumps, fins, costs)
        if best_jump is not None and best_jump.target == "finish":
            return best_jump
        winds = [s for s in legal if isinstance(s, Wind)]
        if winds:
            wind = self.best_wind(lay, state, winds, sum(costs))
            if wind is not None:
                return wind
        if best_jump is not None:
            return best_jump
        cracks = [s for s in legal if isinstance(s, Crack)]
        if cracks:
            return self.best_crack(lay, state, cracks, fins, costs)
        for s in legal:
            if isinstance(s, Pass):
                return s
        return legal[0]

    def setup(self, state: State, legal: Sequence):
        """The set-up removal (SB2)."""
        lay = state.cfg.layout
        if state.cells[lay.grid.parse(legal[0].square)] == "I":
            # Hard level: losing an ice tile is a crack before the first roll.
            fins = [to_finish(lay, state.cells, k) for k in range(4)]
            costs = [bear_cost(lay, state.cells, p, k, fins[k]) for k, p in enumerate(state.bears)]
            return self.best_crack(lay, state, legal, fins, costs)
        # Normal level: take the seal whose going helps the routes most.
        best, best_key = legal[0], None
        for step in legal:
            sq = lay.grid.parse(step.square)
            cells = state.cells[:sq] + (".",) + state.cells[sq + 1 :]
            key = (total_cost(lay, replace(state, cells=cells)), sq)
            if best_key is None or key < best_key:
                best, best_key = step, key
        return best

    def best_jump(self, lay, state, jumps, fins, costs):
        """The jump across, else the one that gains most (ties: the bear furthest behind)."""
        best, best_key = None, None
        for step in jumps:
            k = COLOURS.index(step.colour)
            if step.target == "finish":
                gain = INF
            elif step.target == "start":
                continue
            else:
                target = lay.grid.parse(step.target)
                gain = costs[k] - fins[k][target]
            if gain <= 0:
                continue
            key = (gain, costs[k], -k)  # more progress, then the bear furthest behind
            if best_key is None or key > best_key:
                best, best_key = step, key
        return best

    def best_wind(self, lay, state, winds, current: int):
        """The slide that lowers the bears' total cost most, if any lowers it."""
        best, best_total = None, current
        for step in winds:
            src = lay.grid.parse(step.source)
            dst = lay.grid.parse(step.target)
            cells = list(state.cells)
            cells[dst], cells[src] = cells[src], "."
            bears = tuple(dst if b == src else b for b in state.bears)
            cells_t = tuple(cells)
            total = sum(  # a bear across costs 0 whatever the floe: no search for it
                bear_cost(lay, cells_t, pos, k, to_finish(lay, cells_t, k))
                for k, pos in enumerate(bears)
                if pos != FINISH
            )
            if total < best_total:
                best, best_total = step, total
        return best

    def best_crack(self, lay, state, cracks, fins, costs):
        """The crack fewest bears' cheapest routes need, then the one furthest off them."""
        nbs = lay.grid.table
        froms = []
        for k, pos in enumerate(state.bears):
            if pos == FINISH:
                froms.append(None)
                continue
            if pos == START:
                entry = lay.index(lay.start[k], 0)
                c = COST.get(state.cells[entry])
                src = {entry: c} if c is not None else {}
            else:
                src = {pos: 0}
            froms.append(costs_from(state.cells, nbs, src))
        # A bear still on its start whose entry square is open water can only get in when
        # the wind brings ice there: the ice next to that entry is needed too.
        feeders: set[int] = set()
        for k, pos in enumerate(state.bears):
            entry = lay.index(lay.start[k], 0)
            if pos == START and state.cells[entry] == ".":
                feeders.update(nb for nb in nbs[entry] if state.cells[nb] == "I")
        best, best_key = cracks[0], None
        for step in cracks:
            sq = lay.grid.parse(step.square)
            need = 1 if sq in feeders else 0
            slack = INF
            for k in range(4):
                if froms[k] is None or costs[k] >= INF:
                    continue
                # to_finish counts the square's own cost; from-costs count it too.
                through = froms[k][sq] + fins[k][sq] - COST["I"]
                gap = through - costs[k]
                slack = min(slack, gap)
                if gap <= 0:
                    need += 1
            key = (need, -slack, sq)
            if best_key is None or key < best_key:
                best, best_key = step, key
        return best


BOTS = {
    "random": BotSpec(RandomBot, "uniform over the legal options at each decision"),
    "greedy": BotSpec(
        ReferenceGreedyBot, "route costs: jump forward, crack unneeded ice, wind fills gaps"
    ),
}
