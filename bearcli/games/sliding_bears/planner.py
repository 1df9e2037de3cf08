"""Sliding Bears `planner`: expectimax over whole turns, both dice by their exact weights.

A turn is a roll (chance: every face pair of the bear die and the weather die, with its
weight) followed by the seat's steps in any order (SB7). The planner lists every way to
finish the turn in hand (each plan ends at the next roll, or at the end of the game),
merging plans that reach the same position (a transposition table keyed by
`Game.solve_key`, kept for one decision), and picks the plan whose end position is worth
most. With a depth of 2 or 3 (and a node budget that admits it) every end is worth the
mean, over the next roll's outcomes with their exact weights, of the best end of the turn
that follows, and so on down: expectimax, by iterative deepening within the budget.

A position is worth (`_Judge.value`) minus greedy's total route cost (routes.Floe: for each
bear the cheapest way to its finish, ice 1, water 3, seal 4, rocks walls), plus ICE for each
tile of ice to spare (the ice tiles less the squares some bear's cheapest route still needs,
each of which must hold ice when the bear gets there), plus FEED for each free ice tile
beside a route's open water (what the wind slides in), minus BEHIND times the sum of the
squares of the bears' own route costs (of two ends with the same total, the one whose bears
are more even: the game waits for its last bear), minus BLOCK (0 by default: off) for each
square of a bear's cheapest route that another bear stands on. A won game is
worth WIN, a lost one -WIN. Greedy looks one step ahead with the same route model; the
planner weighs whole turns (a jump after the wind, a crack after the jump that frees a
tile, the set-up removal against every first position), which is where greedy misjudges
floes.

Exact play: when the game after the turn in hand is small enough (counted by
turn_solver.Floe.upper_bound, at most `exact` positions between turns: every 3 x 3 floe from its
first decision), the search reaches the end of the game. The positions are solved exactly
(turn_solver.explore and turn_solver.values, the encoding of `bearcli solve`), their win
probabilities kept for the configuration (`_Exact`), and the planner takes an end of highest
value, the judge breaking ties. Otherwise the heuristic above decides.

The search is deterministic: steps in the rules' order, the first of equal values kept, no
set order, and the bot draws no random numbers at all. The node budget counts positions
judged, not time, so the same seed gives the same games on any machine.
"""

from __future__ import annotations

from collections.abc import Sequence

from bearcli.core.game import CHANCE, Bot, BotSpec
from bearcli.core.memo import Memo, shared
from bearcli.games.sliding_bears.notation import Remove
from bearcli.games.sliding_bears.routes import INF, route_maps
from bearcli.games.sliding_bears.rules import FINISH, START, WON, State

DEPTH = 1  # turns searched at most: 1 is the turn in hand; 2 and 3 look further rolls ahead
MAX_DEPTH = 4
# Positions judged per decision beyond the turn in hand: a deeper search is made only when
# it fits (on the 6 x 6 floes the turn in hand alone; on 3 x 3 floes two or three turns).
BUDGET = 20_000
# Exact play: when counting says at most EXACT positions between turns can follow the turn in
# hand (Floe.upper_bound: every 3 x 3 floe from its start; a 6 x 6 floe hardly ever), the game
# from there is solved exactly and the planner plays a best end (0 turns this off).
EXACT = 3_000_000
# Later in a game that did not fit from its first decision, a solve is made only when its
# bound is this small (a short solve, once a game: it covers the rest of that game).
LATE = 2_000
_EXACT_KEEP = EXACT  # exact values remembered per configuration: a whole game's solve
_DIGITS = 9  # exact values compared to 1e-9: a solve from another root may differ by 1e-12
# The value of a position: minus greedy's total route cost, plus ICE for each tile of ice to
# spare and FEED for each beside a route's water (tuned on the shipped floes, docs/bots.md).
ICE = 0.5
FEED = 0.1
# Minus BLOCK per square of a bear's cheapest route that another bear stands on (bears of a
# shared lane wait for one another). Off: what it gained on one shipped floe it lost on
# others (docs/bots.md, "Earlier attempts").
BLOCK = 0.0
# Minus BEHIND times the sum of the squares of the bears' own route costs: of two ends with the
# same total cost, the one whose bears are more even is better, since the game waits for its
# last bear and each colour's face comes up one roll in six. Among jumps of equal gain (a
# two-colour face, which in the multicolour variant moves any bear) this moves the bear
# furthest behind, as greedy does. It pays most on floes whose bears share the die's faces
# (multicolour), and costs a little where the bears must pass one gap one after another
# (docs/bots.md, "Even bears").
BEHIND = 0.01
NO_ROUTE = 100  # the cost of a bear walled in by rocks
WIN = 10_000.0  # a won game (lost: -WIN)
_KEEP = 50_000  # judged positions remembered across decisions (bounded memory)


class _Judge:
    """The value of positions of one configuration (see the module docstring)."""

    def __init__(self, cfg):
        self.routes = route_maps(cfg)
        self.inf = INF
        self.memo: Memo[tuple, float] = Memo(_KEEP)

    def value(self, state: State) -> float:
        term = state.termination
        if term is not None:
            return WIN if term == WON else -WIN
        return self.memo.get_or_make((state.cells, state.bears), self._value, state)

    def _value(self, state: State) -> float:
        routes, inf = self.routes, self.inf
        floe = routes.floe(state.cells, (state.ice, state.tiles))
        w, nbs, cells = floe.w, routes.open, state.cells
        route = 0  # the squares some bear's cheapest route still crosses (bit i: square i)
        cost = 0  # greedy's total route cost
        blocked = 0  # route squares with another bear on them
        occupied = state.occupied
        squares = 0  # the sum of the squares of the bears' own route costs
        for k, pos in enumerate(state.bears):
            if pos == FINISH:
                continue
            fin = floe.fins[k] or floe.fin(k)
            if pos == START:
                sq = routes.entry[k]
                if cells[sq] == "R" or fin[sq] >= inf:
                    cost += NO_ROUTE  # rocks never move: this bear cannot cross
                    continue
                route |= 1 << sq
                own = fin[sq] + w[sq]
            else:
                sq = pos
                if fin[sq] >= inf:
                    cost += NO_ROUTE
                    continue
                own = fin[sq]
            cost += own
            squares += own * own
            mine = 1 << sq if pos == START else 0  # its route's squares, its own left out
            # Walk a cheapest route: the next square y has fin[y] + w[y] == fin[sq].
            while fin[sq] > 1:
                here = fin[sq]
                for y in nbs[sq]:
                    if fin[y] + w[y] == here:
                        sq = y
                        break
                else:  # pragma: no cover - a cheapest route always goes on
                    break
                route |= 1 << sq
                mine |= 1 << sq
            blocked += (mine & occupied).bit_count()
        # Ice to spare: tiles no route needs, less one for each open square or seal a route
        # must have filled; and the free ice beside a route's water, the wind's supply.
        spare = state.ice.bit_count() - route.bit_count()
        feeders = routes.beside(route & state.water) & state.ice & ~state.occupied & ~route
        return -cost - BEHIND * squares - BLOCK * blocked + ICE * spare + FEED * feeders.bit_count()


def _judge(cfg) -> _Judge:
    """The judge of a configuration, shared by the games of a batch (and its memory): held
    by the configuration (core.memo.shared), so nothing outlives it."""
    return shared(cfg, _Judge)


class _Exact:
    """Win probabilities with perfect play of one configuration's positions between turns,
    solved on demand (bearcli.games.sliding_bears.turn_solver) and remembered by canonical code.

    A position's value does not depend on where the solve started, so the values are shared
    by every game of a batch: on a 3 x 3 floe the first decision solves the whole game once."""

    def __init__(self, cfg):
        from bearcli.games.sliding_bears import turn_solver as turns

        self.turns = turns
        self.floe = turns.Floe(cfg)
        self.values: dict[int, float] = {}
        self._bounds: dict = {}
        self.solves = 0  # how many times the game was solved (tests, docs)

    def ends(self, game, ends: list, limit: int) -> list[float] | None:
        """The exact value of each end (a won game 1, a lost one 0), solving the positions
        not yet known when the bound admits them; None when it does not."""
        floe, known = self.floe, self.values
        if self.bound(ends) <= limit:  # what fits was either solved or is solved now
            codes = [
                floe.encode(end.cells, end.bears) if game.actor(end) == CHANCE else None
                for _, _, end in ends
            ]
            missing = [c for c in codes if c is not None and floe.canon(c) not in known]
            if missing:
                if floe.upper_bound(missing) > limit:
                    return None
                self._solve(missing, limit)
            return [
                (1.0 if end.termination == WON else 0.0)
                if code is None
                else round(known[floe.canon(code)], _DIGITS)
                for (_, _, end), code in zip(ends, codes, strict=True)
            ]
        return None

    def bound(self, ends: list) -> int:
        """Floe.upper_bound of the ends, from their tile counts alone (all it depends on),
        remembered: on a 6 x 6 floe it is counted once per count of ice and seals."""
        most: dict[int, int] = {}
        for _, _, end in ends:
            seals = (end.tiles & ~end.ice).bit_count()
            most[seals] = max(most.get(seals, 0), end.ice.bit_count())
        key = tuple(sorted(most.items()))
        found = self._bounds.get(key)
        if found is None:
            n = self.floe.n
            codes = [(1 << ice) - 1 | ((1 << seals) - 1) << n for seals, ice in key]
            found = self._bounds[key] = self.floe.upper_bound(codes)
        return found

    def _solve(self, starts: list[int], limit: int) -> None:
        from bearcli.core.solving import TOLERANCE
        from bearcli.games.sliding_bears.explore_arrays import explore_graph

        # never more than `limit` positions: the bound admitted it
        graph = explore_graph(self.floe, starts, limit)
        vals, _, _ = self.turns.values(graph, TOLERANCE)
        if len(self.values) + graph.positions > _EXACT_KEEP:
            self.values.clear()
        codes = graph.code_list()
        for i in range(2, len(codes)):
            self.values[codes[i]] = vals[i]
        self.solves += 1


def _exact(cfg) -> _Exact:
    """The exact values of a configuration, shared by the games of a batch: held by the
    configuration (core.memo.shared), so a new configuration starts with none."""
    return shared(cfg, _Exact)


class PlannerBot(Bot):
    """Expectimax over whole turns (see the module docstring)."""

    def __init__(
        self,
        game,
        config,
        seat,
        rng,
        depth: int = DEPTH,
        budget: int = BUDGET,
        exact: int = EXACT,
    ):
        super().__init__(game, config, seat, rng)
        self.depth = max(1, min(int(depth), MAX_DEPTH))
        self.budget = max(0, int(budget))
        self.exact = max(0, int(exact))
        self.exact_decisions = 0  # decisions made by exact values (tests, docs)
        self._whole: bool | None = None  # whether the game fitted `exact` at its first decision
        self._judge: _Judge | None = None
        self._plan: dict = {}  # solve_key of a position -> the step the chosen plan takes
        # What this game's searches found, by position: a turn's ends, and values by depth.
        # Kept for one game only, so that a game's choices never depend on other games.
        self._turns: Memo[tuple, list] = Memo(_KEEP)
        self._worths: Memo[tuple, float] = Memo(_KEEP)

    def choose(self, state: State, legal: Sequence):
        if self._judge is None:
            self._judge = _judge(state.cfg)
        game = self.game
        if legal and isinstance(legal[0], Remove):
            ends = [(step, (), game.apply(state, step)[0]) for step in legal]
            return self._best(ends)[0]
        planned = self._plan.get(game.solve_key(state))
        if planned is not None and planned in legal:
            return planned
        best = self._best(self._plans(state))
        self._plan = dict(best[1])
        return best[0]

    # -- search ----------------------------------------------------------------------
    def _best(self, ends: list):
        """The end worth most, searched as deep as the budget allows (iterative deepening:
        a depth is tried only when its estimated size fits, and dropped if it overruns)."""
        judge = self._judge
        values = [judge.value(end) for _, _, end in ends]
        exact = self._exact_values(ends, values)
        if exact is not None:
            self.exact_decisions += 1
            # the best exact value; among equals the heuristic's best, then the first
            best = max(range(len(ends)), key=lambda i: (exact[i], values[i], -i))
            return ends[best]
        for depth in range(1, self.depth):
            if len(ends) * self._branching(ends) ** depth > self.budget:
                break
            spent = [0]
            try:
                deeper = [self._worth(end, depth, spent) for _, _, end in ends]
            except _OutOfBudget:
                break
            values = deeper
        best = max(range(len(ends)), key=lambda i: (values[i], -i))  # the first of equals
        return ends[best]

    def _exact_values(self, ends: list, values: list) -> list[float] | None:
        """Each end's exact value when the game from here fits (else None): within `exact`
        positions if the whole game did from its first decision, else within LATE."""
        if not self.exact or len(ends) < 2:
            return None
        exact = _exact(ends[0][2].cfg)
        if self._whole is None:  # the game's first decision: does the whole game fit?
            self._whole = exact.bound(ends) <= self.exact
        limit = self.exact if self._whole else min(self.exact, LATE)
        return exact.ends(self.game, ends, limit)

    def _branching(self, ends: list) -> int:
        """Positions judged per turn searched further: the rolls times one roll's plans."""
        game = self.game
        for _, _, end in ends:
            if game.actor(end) == CHANCE:
                outcomes = game.chance_outcomes(end)
                rolled, _ = game.apply(end, outcomes[0][0])
                return len(outcomes) * max(1, len(self._turn(rolled)))
        return 1

    def _turn(self, state: State) -> list:
        """The end positions of the turn in hand (cached for the game); a roll that leaves
        nothing to do (or ends the game) is its own end."""
        if self.game.actor(state) < 0:
            return [state]
        return self._turns.get_or_make(self.game.solve_key(state), self._ends, state)

    def _ends(self, state: State) -> list:
        return [end for _, _, end in self._plans(state)]

    def _worth(self, end: State, depth: int, spent: list) -> float:
        """Expectimax: the mean over the next roll (exact weights) of the best end of that
        turn, `depth` turns deep, then the judge's value. Raises _OutOfBudget past it."""
        game, judge = self.game, self._judge
        if depth == 0 or game.actor(end) != CHANCE:
            return judge.value(end)
        key = (game.solve_key(end), depth)
        found = self._worths.get(key)
        if found is not None:
            return found
        total = weights = 0.0
        for roll, weight in game.chance_outcomes(end):
            rolled, _ = game.apply(end, roll)
            ends = self._turn(rolled)
            spent[0] += len(ends)
            if spent[0] > self.budget:
                raise _OutOfBudget
            total += weight * max(self._worth(e, depth - 1, spent) for e in ends)
            weights += weight
        return self._worths.keep(key, total / weights)

    def _plans(self, state: State) -> list:
        """Every distinct end of the turn in hand: (first step, the plan's steps by
        position, the end state), in the rules' order of the first step."""
        game = self.game
        seat = game.actor(state)
        seen: dict = {}  # positions inside the turn already expanded
        ends: dict = {}
        out: list = []
        stack = [(state, None, ())]
        while stack:
            here, first, path = stack.pop()
            for step in reversed(game.legal_steps(here)):
                after, _ = game.apply(here, step)
                route = (*path, (game.solve_key(here), step))
                start = first if first is not None else step
                key = game.solve_key(after)
                if game.actor(after) == seat and after.phase == "act":
                    if key not in seen:
                        seen[key] = True
                        stack.append((after, start, route))
                elif key not in ends:
                    ends[key] = len(out)
                    out.append((start, route, after))
        # Plans were found depth first with the steps reversed; order them as the rules'
        # steps would (the first step's place in `legal`, then the plan's length) so that
        # ties go the same way whatever the search order.
        order = {s: i for i, s in enumerate(game.legal_steps(state))}
        out.sort(key=lambda e: (order.get(e[0], len(order)), len(e[1])))
        return out


class _OutOfBudget(Exception):
    """A deeper search would judge more positions than the node budget allows."""


SPEC = BotSpec(
    PlannerBot,
    "expectimax over whole turns (both dice, exact weights): route race against the cracks",
    {"depth": int, "budget": int, "exact": int},
)
