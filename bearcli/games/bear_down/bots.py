"""Bear Down! bots: `random`, `greedy` and `cautious`.

`greedy` banks whenever it carries salmon and can reach the boulder, else walks to the nearest
salmon (the biggest stack on a tie). `cautious` weighs each destination: salmon on a square
are only worth what survives the next roll, and a stream's water pushes every tile toward the
edge (a die flows with probability 1/3 under BD3: square 4 falls on W or WWS, square 3 on
WWS). It banks when what it carries is worth more safe than at risk, and always in the final
round, where carried salmon are halved (BD12).

The readable source of these bots is `reference_bots.py`; tests/games/bear_down/
test_fast_paths.py proves these, which read per-configuration tables, equal to it.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from bearcli.core.game import BotSpec, RandomBot
from bearcli.games.bear_down.graph import SQUARES
from bearcli.games.bear_down.notation import Stay
from bearcli.games.bear_down.rules import WATER, State

AT_RISK = 0.8  # carried salmon still have to be walked home: worth less than banked ones
NEAR = 0.15  # a salmon next to a square is a catch for the next turn, if it is still there


@lru_cache(maxsize=64)
def fall_chance(die: tuple[str, ...], square: int) -> float:
    """The chance that the next roll of this stream's die pushes square `square` over the edge."""
    need = SQUARES - square + 1
    return sum(1 for f in die if WATER.get(f, 0) >= need) / len(die)


@lru_cache(maxsize=16)
def _risks(dice: tuple[tuple[str, ...], ...]) -> tuple[float, ...]:
    """fall_chance for every square node, in node order."""
    return tuple(fall_chance(die, k) for die in dice for k in range(1, SQUARES + 1))


class GreedyBot(RandomBot):
    """Bank what it carries; otherwise the nearest salmon."""

    def choose(self, state: State, legal: Sequence):
        if isinstance(legal[0], Stay):
            return legal[0]
        dests = self.game.destinations(state, self.seat)
        tables = state.cfg.tables
        if state.carried[self.seat] and tables.boulder in dests:
            return tables.moves[tables.boulder]
        salmon = state.salmon
        fish = [(dist, -salmon[d], d) for d, dist in dests.items() if salmon[d]]
        if fish:
            return tables.moves[min(fish)[2]]
        return self.rng.choice(legal)


class CautiousBot(RandomBot):
    """Salmon weighed by the chance the water takes them; bank when safety is worth more."""

    def choose(self, state: State, legal: Sequence):
        if isinstance(legal[0], Stay):
            return legal[0]
        tables = state.cfg.tables
        dests = self.game.destinations(state, self.seat)
        carried = state.carried[self.seat]
        risks = _risks(state.cfg.dice)
        best, best_key = None, None
        for node in sorted(dests):
            key = (self._value(state, tables, risks, node, carried), -dests[node], -node)
            if best_key is None or key > best_key:
                best, best_key = node, key
        return tables.moves[best]

    def _value(self, state: State, tables, risks, node: int, carried: int) -> float:
        if node == tables.boulder:
            # Banking is safe; an empty-handed return wastes the turn.
            return carried if carried else -0.5
        salmon = state.salmon
        total = carried + salmon[node]
        if state.final:
            return total - total // 2  # the game ends after this move (BD12)
        risk = risks[node]
        nearby = 0
        for nb in tables.squares_near[node]:
            nearby += salmon[nb]
        return (total * AT_RISK + NEAR * nearby) * (1 - risk) - risk * 0.5


BOTS = {
    "random": BotSpec(RandomBot, "uniform over the legal moves"),
    "greedy": BotSpec(GreedyBot, "banks whenever it carries salmon, else the nearest salmon"),
    "cautious": BotSpec(
        CautiousBot,
        "weighs salmon against the 1-in-3 chance the water flows; banks when safety is worth more",
    ),
}
