"""Batches of seeded games and their figures. No terminal: the CLI prints what this returns.

Game i of a batch plays with seed derive_seed(batch seed, "game", i) (RULINGS C3), so the
results are the same bytes whatever the number of worker processes.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, closing, nullcontext
from dataclasses import dataclass, field, replace

from bearcli.core.errors import Location, ScenarioError
from bearcli.core.outcome import Outcome
from bearcli.core.rng import derive_seed
from bearcli.core.runner import LoggedEvent, Match, chance_rng, make_bots, play_out
from bearcli.formats.scenario import Scenario
from bearcli.workers import ordered_map


@dataclass(frozen=True)
class GameResult:
    index: int  # 1-based
    seed: int
    outcome: Outcome
    measures: dict[str, int]
    steps: tuple[str, ...]
    events: tuple[LoggedEvent, ...]
    rotation: int = 0  # seat p of this game was played by scenario entry (p + rotation) % n

    def entry_winners(self, seats: int) -> list[int]:
        return sorted((w + self.rotation) % seats for w in self.outcome.winners)

    def entry_scores(self, seats: int) -> list[int] | None:
        scores = self.outcome.scores
        if scores is None:
            return None
        out = [0] * seats
        for p, s in enumerate(scores):
            out[(p + self.rotation) % seats] = s
        return out


def game_seed(batch_seed: int, index: int) -> int:
    return derive_seed(batch_seed, "game", index)


def play_one(
    scenario: Scenario,
    seed: int,
    index: int = 1,
    bot: str | None = None,
    keep: bool = True,
    rotation: int = 0,
) -> GameResult:
    config = scenario.config
    if rotation:
        seats = config.seats
        config = replace(config, seats=seats[rotation:] + seats[:rotation])
    match = Match(scenario.game, config)
    bots = make_bots(scenario.game, config, seed, bot)
    outcome = play_out(match, bots, chance_rng(seed))
    return GameResult(
        index,
        seed,
        outcome,
        scenario.game.measures(match.state),
        tuple(str(s) for s in match.steps) if keep else (),
        tuple(match.events) if keep else (),
        rotation,
    )


def _play_chunk(args) -> list[GameResult]:
    scenario, batch_seed, indices, bot, keep, rotate = args
    n = len(scenario.config.seats)
    return [
        play_one(scenario, game_seed(batch_seed, i), i, bot, keep, (i - 1) % n if rotate else 0)
        for i in indices
    ]


def _chunks(games: int, size: int) -> Iterator[range]:
    """Games 1..games in runs of `size`, made one at a time as the pool asks for them."""
    for start in range(1, games + 1, size):
        yield range(start, min(start + size, games + 1))


def check_playable(scenario: Scenario, bot: str | None = None) -> None:
    """Refuse an unknown bot, and (at its place in the scenario file) a seat no bot plays."""
    game = scenario.game
    if bot is not None and bot != "human" and bot not in game.bots:
        raise ScenarioError(f"unknown bot {bot!r} for {game.name} (known: {known_bots(game)})")
    for i, seat in enumerate(scenario.config.seats):
        if (bot or seat.bot) == "human":
            places = scenario.seat_locations
            raise ScenarioError(
                f"seat {i + 1} is human; pick a bot (--bot NAME) to simulate it",
                location=places[i] if i < len(places) else Location(scenario.file, 1, 1),
            )


def known_bots(game) -> str:
    return ", ".join(sorted(game.bots))


def run_batch(
    scenario: Scenario,
    games: int,
    batch_seed: int,
    *,
    bot: str | None = None,
    workers: int = 1,
    keep: bool = False,
    rotate: bool = False,
    chunk: int = 25,
) -> Iterator[GameResult]:
    """Yield results in game order (1..games), computed in `workers` processes.

    With `rotate`, game i shifts the seat list by i-1, so no entry keeps seat 1. Chunks are
    made lazily (workers.ordered_map keeps a few in flight): memory does not grow with `games`.
    """
    check_playable(scenario, bot)  # here, before any worker starts, not inside a game
    jobs = ((scenario, batch_seed, c, bot, keep, rotate) for c in _chunks(games, chunk))
    # Killed on an early stop: a chunk only computes, and its results would be dropped.
    with closing(ordered_map(_play_chunk, jobs, workers, kill_on_stop=True)) as chunks:
        for results in chunks:
            yield from results


def wilson(wins: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """95% Wilson score interval for a win rate."""
    if n == 0:
        return (0.0, 0.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def _r(x: float) -> float:
    return round(x, 4)


@dataclass
class Summary:
    """Running figures over a batch; `to_dict` is what --json prints."""

    scenario: Scenario
    seed: int
    bot: str | None
    rotate: bool = False
    games: int = 0
    wins: int = 0  # games that ended with a winner (a cooperative win; always, if competitive)
    seat_wins: list[int] = field(init=False)  # per scenario seat (entry, with --rotate)
    seat_scores: list[list[int]] = field(init=False)
    measures: dict[str, list[int]] = field(init=False)
    terminations: dict[str, int] = field(init=False)

    def __post_init__(self) -> None:
        seats = len(self.scenario.config.seats)
        self.seat_wins = [0] * seats
        self.seat_scores = [[] for _ in range(seats)]
        self.measures = {}
        self.terminations = {}

    def add(self, result: GameResult) -> None:
        seats = len(self.seat_wins)
        self.games += 1
        out = result.outcome
        self.wins += 1 if out.winners else 0
        for w in result.entry_winners(seats):
            self.seat_wins[w] += 1
        scores = result.entry_scores(seats)
        if scores is not None:
            for i, s in enumerate(scores):
                self.seat_scores[i].append(s)
        for key, value in result.measures.items():
            self.measures.setdefault(key, []).append(value)
        self.terminations[out.termination] = self.terminations.get(out.termination, 0) + 1

    def to_dict(self) -> dict:
        sc = self.scenario
        lo, hi = wilson(self.wins, self.games)
        seats = []
        for i, seat in enumerate(sc.config.seats):
            wins = self.seat_wins[i]
            entry = {
                "seat": i + 1,
                "name": seat.name,
                "bot": self.bot or seat.bot,
                "wins": wins,
                "win_rate": _r(wins / self.games) if self.games else 0.0,
            }
            scores = self.seat_scores[i]
            if scores:
                entry["score_mean"] = _r(statistics.fmean(scores))
                entry["score_sd"] = _r(statistics.pstdev(scores))
            seats.append(entry)
        measures = {
            k: {"mean": _r(statistics.fmean(v)), "min": min(v), "max": max(v)}
            for k, v in sorted(self.measures.items())
        }
        return {
            "game": sc.game.name,
            "scenario": sc.title,
            "fingerprint": sc.fingerprint,
            "games": self.games,
            "seed": self.seed,
            "rotate": self.rotate,
            "cooperative": sc.game.is_cooperative(sc.config),
            "wins": self.wins,
            "win_rate": _r(self.wins / self.games) if self.games else 0.0,
            "win_rate_ci95": [_r(lo), _r(hi)],
            "seats": seats,
            "measures": measures,
            "terminations": dict(sorted(self.terminations.items())),
        }


def simulate(
    scenario: Scenario,
    games: int,
    seed: int,
    *,
    bot: str | None = None,
    workers: int = 1,
    keep: bool = False,
    rotate: bool = False,
    on_result: Callable[[GameResult], None] | None = None,
    summary: Summary | None = None,
    guard: Callable[[], AbstractContextManager] = nullcontext,
) -> Summary:
    """Play a batch; `on_result` sees each game in order (e.g. to save its logs at once).

    Pass `summary` to keep the figures of the games done so far if the batch is interrupted.
    `guard()` is entered around each game's `on_result` and count: the CLI holds Ctrl-C there,
    so a game stopped by it is either saved and counted or neither.
    """
    summary = summary or Summary(scenario, seed, bot, rotate)
    batch = run_batch(scenario, games, seed, bot=bot, workers=workers, keep=keep, rotate=rotate)
    with closing(batch):  # an interrupt stops the pool now, not when the generator is collected
        for result in batch:
            with guard():
                if on_result:
                    on_result(result)  # first: a game counts once its logs are safely written
                summary.add(result)
    return summary
