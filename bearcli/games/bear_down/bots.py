"""Bear Down! bots: `random`, `greedy` and `cautious`.

`greedy` banks whenever it carries salmon and can reach the boulder, else walks to the nearest
salmon (the biggest stack on a tie). `cautious` weighs each destination: salmon on a square
are only worth what survives the next roll, and a stream's water pushes every tile toward the
edge (a die flows with probability 1/3 under BD3: square 4 falls on W or WWS, square 3 on
WWS). It banks when what it carries is worth more safe than at risk, and always in the final
round, where carried salmon are halved (BD12).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from bearcli.core.game import BotSpec, RandomBot
from bearcli.games.bear_down import graph
from bearcli.games.bear_down.graph import SQUARES
from bearcli.games.bear_down.notation import Move, Stay
from bearcli.games.bear_down.rules import WATER, State

AT_RISK = 0.8  # carried salmon still have to be walked home: worth less than banked ones
NEAR = 0.15  # a salmon next to a square is a catch for the next turn, if it is still there


@lru_cache(maxsize=64)
def fall_chance(die: tuple[str, ...], square: int) -> float:
    """The chance that the next roll of this stream's die pushes square `square` over the edge."""
    need = SQUARES - square + 1
    return sum(1 for f in die if WATER.get(f, 0) >= need) / len(die)


class GreedyBot(RandomBot):
    """Bank what it carries; otherwise the nearest salmon."""

    def choose(self, state: State, legal: Sequence):
        if isinstance(legal[0], Stay):
            return legal[0]
        dests = self.game.destinations(state, self.seat)
        streams = state.cfg.streams
        if state.carried[self.seat] and state.boulder in dests:
            return Move("boulder")
        fish = [(dist, -state.salmon[d], d) for d, dist in dests.items() if state.salmon[d]]
        if fish:
            return Move(graph.name(streams, min(fish)[2]))
        return self.rng.choice(legal)


class CautiousBot(RandomBot):
    """Salmon weighed by the chance the water takes them; bank when safety is worth more."""

    def choose(self, state: State, legal: Sequence):
        if isinstance(legal[0], Stay):
            return legal[0]
        cfg = state.cfg
        dests = self.game.destinations(state, self.seat)
        adj = graph.neighbours(cfg.streams, cfg.rocks)
        carried = state.carried[self.seat]
        best, best_key = None, None
        for node in sorted(dests):
            key = (self._value(state, adj, node, carried), -dests[node], -node)
            if best_key is None or key > best_key:
                best, best_key = node, key
        return Move(graph.name(cfg.streams, best))

    def _value(self, state: State, adj, node: int, carried: int) -> float:
        if node == state.boulder:
            # Banking is safe; an empty-handed return wastes the turn.
            return carried if carried else -0.5
        total = carried + state.salmon[node]
        if state.final:
            return total - total // 2  # the game ends after this move (BD12)
        die = state.cfg.dice[node // SQUARES]
        risk = fall_chance(die, node % SQUARES + 1)
        nearby = sum(state.salmon[nb] for nb in adj[node] if nb != state.boulder)
        return (total * AT_RISK + NEAR * nearby) * (1 - risk) - risk * 0.5


BOTS = {
    "random": BotSpec(RandomBot, "uniform over the legal moves"),
    "greedy": BotSpec(GreedyBot, "banks whenever it carries salmon, else the nearest salmon"),
    "cautious": BotSpec(
        CautiousBot,
        "weighs salmon against the 1-in-3 chance the water flows; banks when safety is worth more",
    ),
}
