"""Bear Down!, the reference bots: `random`, `greedy` and `cautious`, the plain way.

Read this module first. `greedy` banks whenever it carries salmon and can reach the boulder,
else walks to the nearest salmon (the biggest stack on a tie), else moves at random.
`cautious` weighs each destination: salmon on a square are only worth what survives the next
roll, as a stream's water pushes every tile toward the edge (BD3, BD6); it banks when what it
carries is worth more safe than at risk, and always in the final round, where carried salmon
are halved (BD12).

`bots.py` makes the same choices from per-configuration tables; the equality tests are in
tests/games/bear_down/test_fast_paths.py (and, whole games, tests/test_reference.py).
"""

from __future__ import annotations

from collections.abc import Sequence

from bearcli.core.game import BotSpec, RandomBot
from bearcli.games.bear_down import graph
from bearcli.games.bear_down.bots import AT_RISK, NEAR
from bearcli.games.bear_down.graph import SQUARES
from bearcli.games.bear_down.notation import Move, Stay
from bearcli.games.bear_down.rules import WATER, State


def fall_chance(die: tuple[str, ...], square: int) -> float:
    """The chance that the next roll of this stream's die pushes square `square` over the
    edge: a face must bring at least 5 - square tiles of water (BD3, BD6)."""
    need = SQUARES - square + 1
    return sum(1 for f in die if WATER.get(f, 0) >= need) / len(die)


class ReferenceGreedyBot(RandomBot):
    """Bank what it carries; otherwise the nearest salmon; otherwise any move."""

    def choose(self, state: State, legal: Sequence):
        if isinstance(legal[0], Stay):
            return legal[0]
        dests = self.game.destinations(state, self.seat)
        if state.carried[self.seat] and state.boulder in dests:
            return Move("boulder")
        fish = [(dist, -state.salmon[d], d) for d, dist in dests.items() if state.salmon[d]]
        if fish:
            return Move(graph.name(state.cfg.streams, min(fish)[2]))
        return self.rng.choice(legal)


class ReferenceCautiousBot(RandomBot):
    """Salmon weighed by the chance the water takes them; bank when safety is worth more."""

    def choose(self, state: State, legal: Sequence):
        if isinstance(legal[0], Stay):
            return legal[0]
        cfg = state.cfg
        dests = self.game.destinations(state, self.seat)
        best, best_key = None, None
        for node in sorted(dests):
            key = (self.value(state, node), -dests[node], -node)
            if best_key is None or key > best_key:
                best, best_key = node, key
        return Move(graph.name(cfg.streams, best))

    def value(self, state: State, node: int) -> float:
        cfg = state.cfg
        carried = state.carried[self.seat]
        if node == state.boulder:
            # Banking is safe; an empty-handed return wastes the turn.
            return carried if carried else -0.5
        total = carried + state.salmon[node]
        if state.final:
            return total - total // 2  # the game ends after this move (BD12)
        risk = fall_chance(cfg.dice[node // SQUARES], node % SQUARES + 1)
        adj = graph.neighbours(cfg.streams, cfg.rocks)
        nearby = sum(state.salmon[nb] for nb in adj[node] if nb != state.boulder)
        return (total * AT_RISK + NEAR * nearby) * (1 - risk) - risk * 0.5


BOTS = {
    "random": BotSpec(RandomBot, "uniform over the legal moves"),
    "greedy": BotSpec(
        ReferenceGreedyBot, "banks whenever it carries salmon, else the nearest salmon"
    ),
    "cautious": BotSpec(
        ReferenceCautiousBot,
        "weighs salmon against the 1-in-3 chance the water flows; banks when safety is worth more",
    ),
}
