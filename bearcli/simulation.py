"""Batches of seeded games and their figures. No terminal: the CLI prints what this returns.

Game i of a batch plays with seed derive_seed(batch seed, "game", i) (RULINGS C3), so the
results are the same bytes whatever the number of worker processes.

Nothing here grows with the number of games: results are handed on one at a time and Summary
keeps running tallies (counts, sums, sums of squares as exact integers), never lists. When no
caller needs each game's result, the workers count their games' figures and the parent adds
them (count_batch, Figures.merge): the same figures, at a third of the parent's cost. With a
precision, a batch stops at the first block boundary (every BLOCK games: a point that depends
on the games' results alone, never on the workers) where every win rate's 95% Wilson interval
is that narrow.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Generator, Iterator
from contextlib import AbstractContextManager, closing, nullcontext
from dataclasses import dataclass, field, replace
from functools import partial
from typing import TYPE_CHECKING, Any

from bearcli.core.errors import Location, ScenarioError
from bearcli.core.outcome import Outcome
from bearcli.core.rng import derive_seed
from bearcli.core.runner import (
    LoggedEvent,
    Match,
    chance_rng,
    make_bots,
    play_out,
    play_quietly,
)
from bearcli.core.stats import wilson, wilson_half_width
from bearcli.formats.scenario import Scenario, origin
from bearcli.workers import ordered_map

if TYPE_CHECKING:  # an optional extra: imported only for a batch on a cluster
    from bearcli.distributed import Cluster


@dataclass(frozen=True)
class GameResult:
    index: int  # 1-based
    seed: int
    outcome: Outcome
    measures: dict[str, int]
    steps: tuple[str, ...]
    events: tuple[LoggedEvent, ...]
    rotation: int = 0  # seat p of this game was played by scenario entry (p + rotation) % n
    length: int = 0  # steps in the game (its move log's length), kept or not

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
    game = scenario.game
    bots = make_bots(game, config, seed, bot)
    if not keep:  # the same game without a record (proven equal in tests/core/test_runner.py)
        state, length = play_quietly(game, config, bots, chance_rng(seed))
        outcome = game.outcome(state)
        assert outcome is not None  # play_quietly plays to the end (or raises)
        return GameResult(index, seed, outcome, game.measures(state), (), (), rotation, length)
    match = Match(game, config)
    outcome = play_out(match, bots, chance_rng(seed))
    return GameResult(
        index,
        seed,
        outcome,
        game.measures(match.state),
        tuple(str(s) for s in match.steps),
        tuple(match.events),
        rotation,
        len(match.steps),
    )


# Each job brings its own unpickled copy of the scenario, and the rules keep what games met
# (legal-step lists, rolls: a good part of a Bear Down! game's time) with the
# configuration, which pickling leaves behind. So a worker plays every chunk of a batch on its
# first copy: the same rules, without learning them again chunk by chunk. A copy is matched
# by the scenario it copies (scenario.origin) and by value, never by value alone: another
# batch's equal scenario (another test's) starts with nothing learnt. A rating plays the jobs
# of several batches side by side (bearcli.rating), so a worker keeps the last WORKER_COPIES.
_worker_copies: list[tuple[tuple[int, int], Scenario]] = []
WORKER_COPIES = 8


def _worker_copy(scenario: Scenario) -> Scenario:
    source = origin(scenario)
    for copied, copy in _worker_copies:
        if copy is scenario or (copied == source and copy == scenario):
            return copy
    _worker_copies[:] = [(source, scenario), *_worker_copies[: WORKER_COPIES - 1]]
    return scenario


def _play_chunk(args) -> list[GameResult]:
    scenario, batch_seed, indices, bot, keep, rotate = args
    scenario = _worker_copy(scenario)
    n = len(scenario.config.seats)
    return [
        play_one(scenario, game_seed(batch_seed, i), i, bot, keep, (i - 1) % n if rotate else 0)
        for i in indices
    ]


BLOCK = 25  # the stride of the precision check; a job's games until the games are timed
JOBS_PER_WORKER = 4  # a short batch on several workers: at least this many jobs each
# A pool's jobs, once their games are timed, aim at this much CPU time each: the parent's
# part of a job (its futures, pipes and threads) stays small beside
# it, and a batch's last jobs still leave no worker idle for long (see _JobSizes).
JOB_SECONDS = 0.1
MAX_JOB = 1000  # games a job plays, at most (its results travel back together)


def _spread(games: int, workers: int) -> int:
    """The most games a job may play for `games` to make JOBS_PER_WORKER jobs a worker."""
    return -(-games // (JOBS_PER_WORKER * workers))


def job_size(games: int, workers: int) -> int:
    """Games a job plays (a pool's first jobs, where _JobSizes sizes the later ones): BLOCK,
    or fewer where a batch is too short to give each worker JOBS_PER_WORKER jobs (100 planner
    games were 4 jobs of 25 on 2 workers: one slow job left a worker idle for most of a job).
    Results never depend on it: game i is seeded by i."""
    if workers <= 1:
        return BLOCK
    return max(1, min(BLOCK, _spread(games, workers)))


def _chunks(games: int, size: int | Callable[[int], int]) -> Iterator[range]:
    """Games 1..games in runs of `size` (or of size(first game of the run)), made one at a
    time as the pool asks for them."""
    start = 1
    while start <= games:
        step = size if isinstance(size, int) else size(start)
        yield range(start, min(start + step, games + 1))
        start += step


class _JobSizes:
    """The sizes of a local pool's jobs: job_size() games until the first jobs come back, then
    as many as take about JOB_SECONDS of a worker's CPU time at the rate they measured (jobs
    of 25 fast games, 18 ms each, cost the parent a tenth of a core), but never fewer than
    that first size, and few enough that what is left still makes JOBS_PER_WORKER jobs a
    worker. Sizes change only how the games are handed out: game i is seeded by i, so the
    results are the same whatever they are, on any machine."""

    def __init__(
        self, games: int, workers: int, seconds: float | None = None, most: int | None = None
    ):
        self.games, self.workers = games, workers
        # the module's values when the sizes are made (a cluster's batch passes its own)
        self.job_seconds = JOB_SECONDS if seconds is None else seconds
        self.most = MAX_JOB if most is None else most
        self.first = job_size(games, workers)
        self.played, self.seconds = 0, 0.0  # games timed so far and their CPU time

    def timed(self, games: int, seconds: float) -> None:
        self.played += games
        self.seconds += seconds

    def __call__(self, start: int) -> int:
        if self.seconds <= 0:
            return self.first
        wanted = int(self.job_seconds * self.played / self.seconds)
        spread = _spread(self.games - start + 1, self.workers)
        return max(self.first, min(wanted, spread, self.most))


def _count_chunk(args) -> list[Figures]:
    """The figures of _play_chunk's games: one Figures for each run of them within a block
    (games k * BLOCK + 1 to (k + 1) * BLOCK), so that the parent can stop at any block
    boundary as if it had counted game by game."""
    seats = len(args[0].config.seats)
    pieces: list[Figures] = []
    figures = None
    for result in _play_chunk(args):
        if figures is None or result.index % BLOCK == 1:  # (BLOCK > 1) a block's first game
            figures = Figures(seats)
            pieces.append(figures)
        figures.add(result)
    return pieces


def _timed_chunk(fn: Callable, args) -> tuple[list, int, float]:
    """fn(args), the number of games it played and the CPU time it took in the worker."""
    start = time.process_time()
    results = fn(args)
    return results, len(args[2]), time.process_time() - start


def check_playable(scenario: Scenario, bot: str | None = None) -> None:
    """Refuse an unknown bot, and (at its place in the scenario file) a seat no bot plays."""
    game = scenario.game
    if bot is not None and bot != "human" and bot not in game.bots:
        raise ScenarioError(f"unknown bot {bot!r} for {game.name} (known: {known_bots(game)})")
    for i, seat in enumerate(scenario.config.seats):
        if (bot or seat.bot) == "human":
            places = scenario.seat_locations
            raise ScenarioError(
                f"{seat.label(i)} is human; pick a bot (--bot NAME) to simulate it",
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
    chunk: int | None = None,
    dask: str | Cluster | None = None,
) -> Generator[GameResult, None, None]:
    """Yield results in game order (1..games), computed in `workers` processes.

    With `rotate`, game i shifts the seat list by i-1, so no entry keeps seat 1. Chunks are
    made lazily (workers.ordered_map keeps a few in flight): memory does not grow with `games`.
    """
    yield from _batch(
        _play_chunk, scenario, games, batch_seed, bot, workers, keep, rotate, chunk, dask
    )


def count_batch(
    scenario: Scenario,
    games: int,
    batch_seed: int,
    *,
    bot: str | None = None,
    workers: int = 1,
    rotate: bool = False,
    chunk: int | None = None,
    dask: str | Cluster | None = None,
) -> Generator[Figures, None, None]:
    """run_batch's games as figures counted where they are played, in game order: runs of
    consecutive games, none across a block boundary (see _count_chunk)."""
    yield from _batch(
        _count_chunk, scenario, games, batch_seed, bot, workers, False, rotate, chunk, dask
    )


def _batch(
    fn, scenario, games, batch_seed, bot, workers, keep, rotate, chunk, dask
) -> Generator[Any, None, None]:
    """fn's output for each chunk of games, in order (run_batch, count_batch)."""
    check_playable(scenario, bot)  # here, before any worker starts, not inside a game
    if dask is not None:  # the same chunks on a Dask cluster (optional extra, imported here)
        yield from _cluster_batch(fn, scenario, games, batch_seed, bot, keep, rotate, chunk, dask)
        return
    sizes = None
    if chunk is None:
        if workers > 1 and not keep:  # (jobs with logs stay small: their results are large)
            chunk = sizes = _JobSizes(games, workers)
        else:
            chunk = job_size(games, workers)
    jobs = ((scenario, batch_seed, c, bot, keep, rotate) for c in _chunks(games, chunk))
    # Killed on an early stop: a chunk only computes, its results would be dropped. Timed
    # jobs say how long they took, and the next ones are sized by it.
    timed = fn if sizes is None else partial(_timed_chunk, fn)
    mapped = ordered_map(timed, jobs, workers, kill_on_stop=True)
    with closing(mapped) as chunks:
        for results in chunks:
            if sizes is not None:
                results, played, seconds = results
                sizes.timed(played, seconds)
            yield from results


# A cluster's tasks, once timed, aim at this much of a worker thread's time: a task costs the
# scheduler, the worker and this process a round trip of a few milliseconds (more across a
# network), which must stay noise beside it. The last tasks still shrink (_JobSizes).
CLUSTER_JOB_SECONDS = 0.5
MAX_CLUSTER_JOB = 5000  # games a cluster task plays, at most, without their logs
MAX_KEPT_JOB = 200  # with their logs (each game's steps and events travel back)


def _cluster_chunk(fn: Callable, scenario: Scenario, job) -> tuple[list, int, float]:
    """fn's chunk on a Dask worker, timed: `scenario` is the batch's shared copy (sent to the
    worker once), `job` the rest of a job. The worker's thread time, not its process's: the
    worker's own event loop runs beside the task in the same process."""
    start = time.thread_time()
    results = fn((scenario, *job))
    return results, len(job[1]), time.thread_time() - start


def _cluster_batch(fn, scenario, games, batch_seed, bot, keep, rotate, chunk, dask):
    """_batch on a Dask cluster: `dask` is a scheduler's address, or a distributed.Cluster
    already reached (several batches, one connection), which stays open."""
    from bearcli import distributed

    owned = not isinstance(dask, distributed.Cluster)
    with distributed.Cluster(dask) if owned else nullcontext(dask) as cluster:
        sizes = None
        if chunk is None:
            most = MAX_KEPT_JOB if keep else MAX_CLUSTER_JOB
            chunk = sizes = _JobSizes(games, cluster.threads, CLUSTER_JOB_SECONDS, most)
        shared = cluster.share(scenario)
        jobs = ((batch_seed, c, bot, keep, rotate) for c in _chunks(games, chunk))
        mapped = cluster.ordered_map(partial(_cluster_chunk, fn), jobs, shared=shared)
        with closing(mapped) as chunks:
            for results, played, seconds in chunks:
                if sizes is not None:
                    sizes.timed(played, seconds)
                yield from results


def _r(x: float) -> float:
    return round(x, 4)


def _sqrt_of_fraction(n: int, m: int) -> float:
    """The square root of n/m (integers, n >= 0, m > 0), correctly rounded to a float.

    The same value statistics.pstdev returns for the exact variance (it rounds correctly
    too): an integer square root with ample bits, rounded to odd, then rounded once.
    """
    q = (n.bit_length() - m.bit_length() - 109) // 2  # 109 = 2 x 53 bits + 3
    if q >= 0:  # sqrt(n/m) = sqrt(n / (m * 4^q)) * 2^q
        m <<= 2 * q
        root = math.isqrt(n // m)
        return float((root | (root * root * m != n)) << q)
    n <<= -2 * q  # sqrt(n/m) = sqrt(n * 4^-q / m) / 2^-q
    root = math.isqrt(n // m)
    return (root | (root * root * m != n)) / (1 << -q)


@dataclass
class Tally:
    """Running figures of integer values: exact sums (Python ints), so the mean and the
    population standard deviation are what the whole list would give, from constant memory."""

    count: int = 0
    total: int = 0
    squares: int = 0
    low: int | None = None
    high: int | None = None

    def add(self, value: int) -> None:
        self.count += 1
        self.total += value
        self.squares += value * value
        self.low = value if self.low is None or value < self.low else self.low
        self.high = value if self.high is None or value > self.high else self.high

    def merge(self, other: Tally) -> None:
        """Count `other`'s values too: the figures of the values of both, in either order."""
        if other.low is None or other.high is None:  # no values (count 0)
            return
        self.count += other.count
        self.total += other.total
        self.squares += other.squares
        self.low = other.low if self.low is None or other.low < self.low else self.low
        self.high = other.high if self.high is None or other.high > self.high else self.high

    def mean(self) -> float:
        return float(self.total) / self.count  # = statistics.fmean of the values

    def pstdev(self) -> float:
        # sum of squared deviations / count = (count * squares - total^2) / count^2, exactly
        return _sqrt_of_fraction(self.count * self.squares - self.total**2, self.count**2)


# Why a batch stopped (`stopped` in --json).
GAMES = "games"  # every game asked for was played
PRECISION = "precision"  # every win rate's interval was narrow enough at a block boundary
INTERRUPTED = "interrupted"  # Ctrl-C or SIGTERM: the figures cover the games finished


class Figures:
    """The counts of some games, by scenario seat: wins, scores, measures and the ways they
    ended. Figures add up (`merge`): a worker counts its games, and the parent adds the
    counts in game order, the same numbers as counting each game there, for much less of the
    parent's time (a game's result is a few hundred bytes to unpickle and count, which kept
    the parent busy on fast games)."""

    __slots__ = ("games", "wins", "seat_wins", "seat_scores", "measures", "terminations")

    def __init__(self, seats: int) -> None:
        self.games = 0
        self.wins = 0  # games that ended with a winner (a cooperative win; always, if competitive)
        self.seat_wins = [0] * seats  # per scenario seat (entry, with --rotate)
        self.seat_scores = [Tally() for _ in range(seats)]
        self.measures: dict[str, Tally] = {}
        self.terminations: dict[str, int] = {}

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
                self.seat_scores[i].add(s)
        for key, value in result.measures.items():
            tally = self.measures.get(key)
            if tally is None:
                tally = self.measures[key] = Tally()
            tally.add(value)
        self.terminations[out.termination] = self.terminations.get(out.termination, 0) + 1

    def merge(self, other: Figures) -> None:
        """Count `other`'s games too (its keys join in the order it met them)."""
        self.games += other.games
        self.wins += other.wins
        for i, wins in enumerate(other.seat_wins):
            self.seat_wins[i] += wins
        for mine, theirs in zip(self.seat_scores, other.seat_scores, strict=True):
            mine.merge(theirs)
        for key, theirs in other.measures.items():
            tally = self.measures.get(key)
            if tally is None:
                tally = self.measures[key] = Tally()
            tally.merge(theirs)
        for key, count in other.terminations.items():
            self.terminations[key] = self.terminations.get(key, 0) + count

    def _state(self) -> tuple:
        return tuple(getattr(self, name) for name in self.__slots__)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Figures) and self._state() == other._state()

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__)
        return f"Figures({fields})"

    def __getstate__(self):  # slots: pickled for the trip back from a worker
        return self._state()

    def __setstate__(self, state) -> None:
        for name, value in zip(self.__slots__, state, strict=True):
            setattr(self, name, value)


@dataclass
class Summary:
    """Running figures over a batch; `to_dict` is what --json prints.

    Its size does not depend on the number of games: a few counters per seat, per measure
    and per way a game ends (tests/cli/test_simulate_stream.py checks it).
    """

    scenario: Scenario
    seed: int
    bot: str | None
    rotate: bool = False
    requested: int | None = None  # the games asked for (--games): set by simulate()
    precision: float | None = None  # --precision: the widest half-interval accepted
    stopped: str | None = None  # GAMES, PRECISION or INTERRUPTED: set by simulate()
    figures: Figures = field(init=False)

    def __post_init__(self) -> None:
        self.figures = Figures(len(self.scenario.config.seats))

    # The figures, read as the summary's own.
    games = property(lambda self: self.figures.games)
    wins = property(lambda self: self.figures.wins)
    seat_wins = property(lambda self: self.figures.seat_wins)
    seat_scores = property(lambda self: self.figures.seat_scores)
    measures = property(lambda self: self.figures.measures)
    terminations = property(lambda self: self.figures.terminations)

    @property
    def cooperative(self) -> bool:
        return self.scenario.game.is_cooperative(self.scenario.config)

    def precise(self, precision: float) -> bool:
        """Whether the 95% interval of the win rate (the team's, or each seat's in a
        competitive game) is no wider than +-precision."""
        rates = [self.wins] if self.cooperative else self.seat_wins
        return all(wilson_half_width(w, self.games) <= precision for w in rates)

    def add(self, result: GameResult) -> None:
        self.figures.add(result)

    def merge(self, figures: Figures) -> None:
        self.figures.merge(figures)

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
            if scores.count:
                entry["score_mean"] = _r(scores.mean())
                entry["score_sd"] = _r(scores.pstdev())
            seats.append(entry)
        measures = {
            k: {"mean": _r(v.mean()), "min": v.low, "max": v.high}
            for k, v in sorted(self.measures.items())
        }
        return {
            "game": sc.game.name,
            "scenario": sc.title,
            "fingerprint": sc.fingerprint,
            "games": self.games,
            "seed": self.seed,
            "rotate": self.rotate,
            "cooperative": self.cooperative,
            "wins": self.wins,
            "win_rate": _r(self.wins / self.games) if self.games else 0.0,
            "win_rate_ci95": [_r(lo), _r(hi)],
            "seats": seats,
            "measures": measures,
            "terminations": dict(sorted(self.terminations.items())),
            "games_requested": self.requested,
            "games_done": self.games,
            "interrupted": self.stopped == INTERRUPTED,
            "precision": self.precision,
            "stopped": self.stopped,
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
    on_games: Callable[[int], None] | None = None,
    summary: Summary | None = None,
    guard: Callable[[], AbstractContextManager] = nullcontext,
    dask: str | Cluster | None = None,
    precision: float | None = None,
) -> Summary:
    """Play a batch; `on_result` sees each game in order (e.g. to save its logs at once), and
    `on_games(n)` hears of every n games counted (a progress bar).

    Without `on_result`, the games are counted where they are played (count_batch) and only
    their figures come back: the same figures. Pass `summary` to keep the figures of the
    games done so far if the batch is interrupted. `guard()` is entered around each count
    (with a game's `on_result`): the CLI holds Ctrl-C there, so a game stopped by it is
    either saved and counted or neither. With `precision`, the batch stops after game k (k a
    multiple of BLOCK, at most `games`) once Summary.precise: the games after k are never
    counted, nor seen by `on_result`.
    """
    summary = summary or Summary(scenario, seed, bot, rotate)
    summary.requested, summary.precision, summary.stopped = games, precision, None
    batch: Generator[Figures | GameResult, None, None]
    if on_result is None:
        batch = count_batch(
            scenario, games, seed, bot=bot, workers=workers, rotate=rotate, dask=dask
        )
    else:
        batch = run_batch(
            scenario, games, seed, bot=bot, workers=workers, keep=keep, rotate=rotate, dask=dask
        )
    try:
        with closing(batch):  # an interrupt stops the pool now, not at garbage collection
            for done in batch:  # a game's result, or the figures of a run of games
                with guard():
                    if isinstance(done, Figures):  # counted in the workers (no on_result)
                        summary.merge(done)
                    else:
                        if on_result is not None:
                            on_result(done)  # first: a game counts once its logs are written
                        summary.add(done)
                    if on_games is not None:
                        on_games(done.games if isinstance(done, Figures) else 1)
                if (
                    precision is not None
                    and summary.games % BLOCK == 0
                    and summary.precise(precision)
                ):
                    summary.stopped = PRECISION
                    break
    except KeyboardInterrupt:
        summary.stopped = INTERRUPTED
        raise
    if summary.stopped is None:
        summary.stopped = GAMES
    return summary


def csv_columns(scenario: Scenario) -> list[str]:
    """The header of `simulate --csv`: the fixed columns, then the game's measures."""
    game = scenario.game
    measures = game.measures(game.initial_state(scenario.config)[0])
    return ["index", "seed", "termination", "winners", "scores", "length", *sorted(measures)]


def csv_row(result: GameResult, seats: int, columns: list[str]) -> list[str | int]:
    """One game as a row under `csv_columns`: winners and scores are by scenario seat (by
    entry, with --rotate: as in the figures), 1-based, joined with ';'."""
    scores = result.entry_scores(seats)
    return [
        result.index,
        result.seed,
        result.outcome.termination,
        ";".join(str(w + 1) for w in result.entry_winners(seats)),
        "" if scores is None else ";".join(str(s) for s in scores),
        result.length,
        *(result.measures.get(key, "") for key in columns[6:]),
    ]
