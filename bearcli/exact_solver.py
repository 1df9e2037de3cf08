"""Exact solving of small cooperative games: the win probability with perfect play.

The reachable positions are enumerated from the start, then the values are found by value
iteration: a won end is worth 1, a lost one 0, a decision the best of its options, a chance
node the weighted mean of its outcomes. Iteration (rather than plain recursion) is needed
because positions can recur (the wind can slide a tile there and back). Values start at 0
and rise monotonically toward the least fixed point, which is the optimal win probability.
Positions are compared by `Game.solve_key`, which drops what cannot change the future
(turn counters, and in a cooperative game whose seat is deciding).

Only tiny boards fit, so a board is first sampled (`refuse_by_sample`): a hopeless one is
refused in seconds instead of after minutes and gigabytes of exploration. The exploration
itself stops at a number of positions and at a memory ceiling.

A game with a solver of its own (the ExactSolving ability, core/abilities.py: Sliding Bears
solves whole turns over integer codes) is solved by it (`method="turns"`, the default where
there is one), with this module's budget (`Budget`: the sample, the memory ceiling, the
listeners), so the game's solver imports nothing from here. The plain walk stays, as
`method="plain"`, the reference such a solver is proven against.
"""

from __future__ import annotations

import math
import os
import random
import sys
from collections.abc import Callable
from operator import mul

from bearcli.core.abilities import ExactSolving
from bearcli.core.errors import BearError
from bearcli.core.game import CHANCE, TERMINAL, Config, Game
from bearcli.core.solving import (  # noqa: F401 (TooLarge, too_many_positions: this API too)
    TOLERANCE,
    TOO_LARGE,
    Budget,
    Solution,
    TooLarge,
    too_many_positions,
    too_much_memory,
)

try:
    import resource
except ImportError:  # not on Windows: there the memory ceiling is not measured
    resource = None

MAX_POSITIONS = 3_000_000  # every 3 x 3 floe (at most 2,824,992 positions between turns)
MAX_MEMORY_MB = 1024
# The sample: positions of random games after this many moves are compared (the deeper, the
# more positions there are to draw from; a game may end before).
DEPTHS = (4, 8, 12, 16, 24, 32)
RISK = 0.01  # the highest chance of refusing a board that would have fit the budget
PILOT = 200  # games of the pilot, which finds the depths worth a full sample
MAX_SAMPLE = 12_000  # games; a budget needing more is left to the exploration's own limits
SAMPLE_SEED = 0  # fixed: the same board is always judged the same way
MEMORY_EVERY = 1024  # positions between two looks at the memory in use (and progress reports)


class NotCooperative(BearError):
    """Exact solving finds a team's win probability: a competitive game has no team."""


METHODS = ("auto", "turns", "plain")


def solve(
    game: Game,
    config: Config,
    max_positions: int = MAX_POSITIONS,
    max_memory_mb: int | None = MAX_MEMORY_MB,
    progress: Callable[[int], None] | None = None,
    *,
    method: str = "auto",
    symmetry: bool = True,
    solving: Callable[[int, int], None] | None = None,
) -> Solution:
    """`progress(n)`, if given, hears the number of positions explored so far, every
    MEMORY_EVERY positions and once at the end of the exploration; `solving(done, total)`
    (method "turns") the positions solved so far, after each layer. `method`: "plain" walks
    every state of the Game protocol; "turns" is the game's own solver (ExactSolving), with
    its symmetries unless `symmetry` is False; "auto" is "turns" where the game has one."""
    if method not in METHODS:
        raise ValueError(f"method must be one of {METHODS}, not {method!r}")
    if not game.is_cooperative(config):
        raise NotCooperative(
            f"{game.title} ({game.name}) is not cooperative: exact solving finds a "
            "team's best win probability"
        )
    own = isinstance(game, ExactSolving)
    if method == "turns" and not own:
        raise ValueError(f"method 'turns' needs a game with a solver of its own, not {game.name}")
    if method != "plain" and own:
        return game.solve_exactly(
            config,
            _budget(game, config, max_positions, max_memory_mb, progress, solving),
            symmetry=symmetry,
        )
    refuse_by_sample(game, config, max_positions)
    kinds, edges, labels = _explore(game, config, max_positions, max_memory_mb, progress)
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


def _budget(game, config, max_positions, max_memory_mb, progress, solving) -> Budget:
    """What a game's own solver may spend: this module's sample, memory ceiling and listeners."""

    def refuse(key) -> None:
        refuse_by_sample(game, config, max_positions, key=key)

    def watch():
        baseline = memory_in_use()  # what the process held before: not the solve's doing

        def check(n: int) -> None:
            if progress is not None:
                progress(n)
            if max_memory_mb is not None and memory_in_use() - baseline > max_memory_mb * 2**20:
                raise too_much_memory(max_memory_mb, n)

        return check

    return Budget(max_positions, refuse, watch, solving)


def sample_size(max_positions: int) -> int:
    """Games needed so that, were there at most `max_positions` positions, all of them
    differing at one depth has a chance below RISK (for any of the DEPTHS)."""
    need = max_positions * math.log(len(DEPTHS) / RISK)  # n(n-1)/2 must reach this
    return math.ceil((1 + math.sqrt(1 + 8 * need)) / 2)


def refuse_by_sample(
    game: Game,
    config: Config,
    max_positions: int,
    key: Callable[[object], object] | None = None,
) -> None:
    """Raise TooLarge when random games show more positions than `max_positions`.

    The positions of independent random games after d moves are draws from the positions
    reachable at depth d. Were there at most M positions, n draws would all differ with a
    chance of at most exp(-n(n-1)/2M) (the birthday bound: uniform draws repeat least), so
    n draws that all differ show more than M positions with at least 1 - RISK certainty
    (RISK split over the DEPTHS tested). A board with repeats at every depth is explored.
    """
    n = sample_size(max_positions)
    if n > MAX_SAMPLE:
        return
    rng = random.Random(SAMPLE_SEED)
    start, _ = game.initial_state(config)
    # The pilot: a depth where a few games already repeat would repeat in the full sample.
    pilot = [start] * min(PILOT, n)
    depths = [d for d, distinct in _advance(game, pilot, DEPTHS, rng, key) if distinct]
    walks = [start] * n
    done = 0
    for d in depths:
        distinct = _all_differ(game, walks, d - done, rng, d == depths[-1], key)
        done = d
        drawn = sum(1 for w in walks if w is not None)
        if distinct and drawn * (drawn - 1) / 2 >= max_positions * math.log(len(DEPTHS) / RISK):
            raise TooLarge(
                f"estimated more than {max_positions} reachable positions (the positions of "
                f"{drawn} sampled games all differ after {d} moves); {TOO_LARGE} (raise "
                "--max-positions, or measure it with simulate)"
            )


def _advance(game: Game, walks: list, depths, rng: random.Random, key=None):
    """(depth, whether the walks' positions there all differ) for each depth in turn."""
    done = 0
    for d in depths:
        distinct = _all_differ(game, walks, d - done, rng, key=key)
        done = d
        yield d, distinct and sum(1 for w in walks if w is not None) > 1


def _all_differ(
    game: Game, walks: list, moves: int, rng: random.Random, stop_on_repeat=False, key=None
):
    """Play every walk `moves` further at random (None once over), and on while `key` says
    None; whether no two of the positions reached then are the same."""
    seen: set = set()
    distinct = True
    key = key or game.solve_key
    for i, state in enumerate(walks):
        for _ in range(moves):
            state = _random_step(game, state, rng)
            if state is None:
                break
        name = None
        while state is not None and (name := key(state)) is None:
            state = _random_step(game, state, rng)
        walks[i] = state
        if state is not None and distinct:
            distinct = name not in seen
            seen.add(name)
            if not distinct and stop_on_repeat:
                return False
    return distinct


def _random_step(game: Game, state, rng: random.Random):
    """One random step (a chance outcome by its weight), or None once the game is over."""
    if state is None or game.actor(state) == TERMINAL:
        return None
    if game.actor(state) == CHANCE:
        options = game.chance_outcomes(state)
        step = rng.choices([s for s, _ in options], [w for _, w in options])[0]
    else:
        step = rng.choice(game.legal_steps(state))
    return game.apply(state, step)[0]


def memory_in_use() -> int:
    """The process's resident memory in bytes (Linux: now; elsewhere: its peak so far)."""
    try:
        with open("/proc/self/statm", "rb") as fh:
            return int(fh.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        if resource is None:
            return 0
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak if sys.platform == "darwin" else peak * 1024  # bytes there, KiB here


def _explore(
    game: Game,
    config: Config,
    max_positions: int,
    max_memory_mb: int | None,
    progress: Callable[[int], None] | None = None,
):
    """Every reachable position: its kind, its edges (child, probability), its step names."""
    start, _ = game.initial_state(config)
    index: dict = {}
    kinds: list[int] = []  # 0 decision, 1 chance, 2 won, 3 lost
    edges: list[list[tuple[int, float]]] = []
    labels: list[list[str]] = []
    states = [start]
    index[game.solve_key(start)] = 0
    baseline = memory_in_use()  # what the process held before: not the solve's doing
    i = 0
    while i < len(states):
        if progress is not None and i % MEMORY_EVERY == 0 and i:
            progress(i)
        if max_memory_mb is not None and i % MEMORY_EVERY == 0 and i:
            used = memory_in_use() - baseline
            if used > max_memory_mb * 2**20:
                raise too_much_memory(max_memory_mb, len(states))
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
                        raise too_many_positions(max_positions)
                    j = index[key] = len(states)
                    states.append(child)
                out.append((j, p))
                names.append(str(step))
        edges.append(out)
        labels.append(names)
        states[i] = None  # the graph is all that is needed from here on
        i += 1
    if progress is not None:
        progress(len(kinds))
    return kinds, edges, labels


def _iterate(kinds, edges) -> tuple[list[float], int]:
    n = len(kinds)
    values = [1.0 if k == 2 else 0.0 for k in kinds]
    # deep positions first; each as (id, whether it decides, its children, their weights)
    order = [
        (i, kinds[i] == 0, tuple(j for j, _ in edges[i]), tuple(p for _, p in edges[i]))
        for i in range(n - 1, -1, -1)
        if kinds[i] < 2
    ]
    get = values.__getitem__
    for iteration in range(1, 100_000):
        delta = 0.0
        for i, decides, children, weights in order:
            if decides:
                v = max(map(get, children))
            else:  # the same sum, term by term in the same order
                v = sum(map(mul, weights, map(get, children)))
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
