"""Exact solving of small cooperative games: the win probability with perfect play.

The reachable positions are enumerated from the start, then the values are found by value
iteration: a won end is worth 1, a lost one 0, a decision the best of its options, a chance
node the weighted mean of its outcomes. Iteration (rather than plain recursion) is needed
because positions can recur (the wind can slide a tile there and back). Values start at 0
and rise monotonically toward the least fixed point, which is the optimal win probability.
Positions are compared by `Game.solve_key`, which drops what cannot change the future
(turn counters, and in a cooperative game whose seat is deciding).
"""

from __future__ import annotations

from dataclasses import dataclass

from bearcli.core.errors import BearError
from bearcli.core.game import CHANCE, TERMINAL, Config, Game

TOLERANCE = 1e-12


class TooLarge(BearError):
    """The game has more reachable positions than the budget allows."""


@dataclass(frozen=True)
class Solution:
    positions: int
    iterations: int
    win_probability: float
    first_steps: tuple[tuple[str, float], ...]  # each first decision's value, best first


def solve(game: Game, config: Config, max_positions: int = 1_000_000) -> Solution:
    if not game.is_cooperative(config):
        raise BearError(
            f"{game.title} ({game.name}) is not cooperative: exact solving finds a "
            "team's best win probability"
        )
    start, _ = game.initial_state(config)
    index: dict = {}
    kinds: list[int] = []  # 0 decision, 1 chance, 2 won, 3 lost
    edges: list[list[tuple[int, float]]] = []
    labels: list[list[str]] = []
    states = [start]
    index[game.solve_key(start)] = 0
    i = 0
    while i < len(states):
        state = states[i]
        actor = game.actor(state)
        out: list[tuple[int, float]] = []
        names: list[str] = []
        if actor == TERMINAL:
            kinds.append(2 if game.outcome(state).winners else 3)
        else:
            if actor == CHANCE:
                kinds.append(1)
                options = list(game.chance_outcomes(state))
                total = sum(w for _, w in options)
                pairs = [(s, w / total) for s, w in options]
            else:
                kinds.append(0)
                pairs = [(s, 0.0) for s in game.legal_steps(state)]
            for step, p in pairs:
                child, _ = game.apply(state, step)
                key = game.solve_key(child)
                j = index.get(key)
                if j is None:
                    if len(states) >= max_positions:
                        raise TooLarge(
                            f"more than {max_positions} reachable positions; this "
                            "board is too large to solve exactly (raise "
                            "--max-positions, or measure it with simulate)"
                        )
                    j = index[key] = len(states)
                    states.append(child)
                out.append((j, p))
                names.append(str(step))
        edges.append(out)
        labels.append(names)
        states[i] = None  # the graph is all that is needed from here on
        i += 1
    values, iterations = _iterate(kinds, edges)
    first = _first_decision(kinds, edges, labels)
    firsts = (
        tuple(
            sorted(
                ((labels[first][k], values[j]) for k, (j, _) in enumerate(edges[first])),
                key=lambda item: (-item[1], item[0]),
            )
        )
        if first is not None
        else ()
    )
    return Solution(len(kinds), iterations, values[0], firsts)


def _iterate(kinds, edges) -> tuple[list[float], int]:
    n = len(kinds)
    values = [1.0 if k == 2 else 0.0 for k in kinds]
    order = [i for i in range(n - 1, -1, -1) if kinds[i] < 2]  # deep positions first
    for iteration in range(1, 100_000):
        delta = 0.0
        for i in order:
            if kinds[i] == 0:
                v = max(values[j] for j, _ in edges[i])
            else:
                v = sum(p * values[j] for j, p in edges[i])
            if v - values[i] > delta:
                delta = v - values[i]
            values[i] = v
        if delta < TOLERANCE:
            return values, iteration
    return values, iteration


def _first_decision(kinds, edges, labels) -> int | None:
    """The first position where a seat decides (the set-up removal in Sliding Bears)."""
    i = 0
    seen = set()
    while i not in seen and kinds[i] == 1 and len(edges[i]) == 1:
        seen.add(i)
        i = edges[i][0][0]
    return i if kinds[i] == 0 else None
