"""What exact solving shares with a game that solves itself its own way (the ExactSolving
ability, core/abilities.py): the result, the refusals and the budget. The generic solver
(bearcli.exact_solver) hands a game its Budget, so a game's solver needs nothing above core.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bearcli.core.errors import BearError

TOLERANCE = 1e-12  # value iteration stops once no value rises by this much in a sweep
TOO_LARGE = "this board is too large to solve exactly"


class TooLarge(BearError):
    """The game has more reachable positions than the budget allows."""


def too_many_positions(max_positions: int) -> TooLarge:
    """The refusal of an exploration that found more than `max_positions` positions."""
    return TooLarge(
        f"more than {max_positions} reachable positions; {TOO_LARGE} "
        "(raise --max-positions, or measure it with simulate)"
    )


def too_much_memory(max_memory_mb: int, positions: int) -> TooLarge:
    """The refusal of an exploration past the memory ceiling after `positions` positions."""
    return TooLarge(
        f"more than --max-memory {max_memory_mb} MB used after {positions} positions; "
        f"{TOO_LARGE} (raise --max-memory, or measure it with simulate)"
    )


@dataclass(frozen=True)
class Solution:
    positions: int  # the positions stored: plain states, or a game's own positions
    iterations: int  # value-iteration sweeps (a game's own solver: the most one layer needed)
    win_probability: float
    first_steps: tuple[tuple[str, float], ...]  # each first decision's value, best first
    method: str = "plain"
    # A game's own solver's figures: (name, count) pairs in a fixed order
    stats: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True)
class Budget:
    """What a game's own exact solver may spend, and whom it tells, from bearcli.exact_solver.

    `refuse_by_sample(key)` raises TooLarge when random games show more than `max_positions`
    positions, comparing positions by `key` (None for a state that is no position of the
    game's solver); `watch()` starts the memory ceiling's count from what the process holds
    now and returns `check(n)`, to be called as positions are found: it tells the progress
    listener and raises TooLarge past the ceiling; `solving(done, total)` hears the positions
    solved so far (None: nobody listens).
    """

    max_positions: int
    refuse_by_sample: Callable[[Callable[[Any], Any]], None]
    watch: Callable[[], Callable[[int], None]]
    solving: Callable[[int, int], None] | None = None
