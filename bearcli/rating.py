"""How hard a Sliding Bears floe is (`bearcli layout rate`): plain data, no terminal.

For each level and variant the floe is played by `planner` and by `greedy`: each (level,
variant, bot) is a row, and the rows are played side by side through one pool of workers (or
one Dask cluster), with simulate's seeds and `--precision` stop, so that each row's figures
are those of its own `simulate` batch, the same for any number of workers. Each game's events
give, where it was played, the bears that arrived, the set-up removal and, for a lost game,
which bears were still out when the ice ran out (SB2, SB5, SB8).

The difficulty label rests on the strongest bot (`STRONGEST`, the planner): its win rate is
placed among its own win rates on every shipped floe (`PLANNER_ANCHORS`). Greedy's place among
greedy's (`ANCHORS`) is shown beside it, and where the two bots disagree by far (P-SB13) the
rating says so: a floe a weak bot loses may be one the strong bot wins. Both tables are
measured by `python -m bearcli.rating BOT GAMES PRECISION [WORKERS]`, which prints one.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from contextlib import closing
from dataclasses import dataclass, replace
from pathlib import Path
from typing import NamedTuple

from bearcli.core.game import Seat
from bearcli.formats import scenario as scenario_fmt
from bearcli.simulation import (
    BLOCK,
    GameResult,
    _play_chunk,
    simulate,
    wilson,
    wilson_half_width,
)
from bearcli.simulation import GAMES as GAMES_STOP
from bearcli.simulation import PRECISION as PRECISION_STOP
from bearcli.workers import ordered_map

# The levels (SB2) and variants (SB3) a floe is rated at, in the order they are reported.
SETTINGS = (
    ("normal", "classic"),
    ("hard", "classic"),
    ("normal", "multicolour"),
    ("hard", "multicolour"),
)
BOTS = ("planner", "greedy")
COLOURS = ("pink", "green", "blue", "yellow")
GAMES, PRECISION, SEED = 2000, 0.02, 1  # the defaults of `layout rate`
ANCHOR_BOT = "greedy"
STRONGEST = "planner"  # the bot the difficulty label rests on, when it is rated
# P-SB13: two bots disagree by far when their 95% intervals are apart and their win rates
# differ by at least this much.
FAR = 0.20

# Greedy's win rate on every shipped floe, per (level, variant), easiest first: 2,000 games
# each, batch seed 1 (`python -m bearcli.rating`, which prints this table).
ANCHORS: dict[tuple[str, str], tuple[tuple[str, str, float], ...]] = {
    ("normal", "classic"): (
        ("bazaar-at-the-start", "Bazaar At The Start", 0.991),
        ("classic", "Classic floe", 0.633),
        ("fiesta-on-the-ice-floe", "Fiesta On The Ice Floe", 0.6145),
        ("the-archipelago", "The Archipelago", 0.5695),
        ("the-great-wall", "The Great Wall", 0.296),
        ("nap-at-the-meeting", "Nap At The Meeting", 0.202),
    ),
    ("hard", "classic"): (
        ("bazaar-at-the-start", "Bazaar At The Start", 0.961),
        ("classic", "Classic floe", 0.486),
        ("fiesta-on-the-ice-floe", "Fiesta On The Ice Floe", 0.472),
        ("nap-at-the-meeting", "Nap At The Meeting", 0.1705),
        ("the-great-wall", "The Great Wall", 0.096),
        ("the-archipelago", "The Archipelago", 0.0195),
    ),
    ("normal", "multicolour"): (
        ("bazaar-at-the-start", "Bazaar At The Start", 0.994),
        ("fiesta-on-the-ice-floe", "Fiesta On The Ice Floe", 0.8015),
        ("classic", "Classic floe", 0.7875),
        ("the-archipelago", "The Archipelago", 0.614),
        ("the-great-wall", "The Great Wall", 0.3895),
        ("nap-at-the-meeting", "Nap At The Meeting", 0.2665),
    ),
    ("hard", "multicolour"): (
        ("bazaar-at-the-start", "Bazaar At The Start", 0.9815),
        ("classic", "Classic floe", 0.68),
        ("fiesta-on-the-ice-floe", "Fiesta On The Ice Floe", 0.6595),
        ("nap-at-the-meeting", "Nap At The Meeting", 0.2265),
        ("the-great-wall", "The Great Wall", 0.136),
        ("the-archipelago", "The Archipelago", 0.0175),
    ),
}


# The planner's win rate on every shipped floe, per (level, variant), easiest first: at most
# 500 games each, batch seed 1, stopped at +-3% (`python -m bearcli.rating planner 500 0.03`).
PLANNER_ANCHORS: dict[tuple[str, str], tuple[tuple[str, str, float], ...]] = {
    ("normal", "classic"): (
        ("bazaar-at-the-start", "Bazaar At The Start", 1.0),
        ("the-archipelago", "The Archipelago", 0.78),
        ("classic", "Classic floe", 0.752),
        ("fiesta-on-the-ice-floe", "Fiesta On The Ice Floe", 0.684),
        ("nap-at-the-meeting", "Nap At The Meeting", 0.374),
        ("the-great-wall", "The Great Wall", 0.342),
    ),
    ("hard", "classic"): (
        ("bazaar-at-the-start", "Bazaar At The Start", 1.0),
        ("classic", "Classic floe", 0.692),
        ("the-archipelago", "The Archipelago", 0.652),
        ("fiesta-on-the-ice-floe", "Fiesta On The Ice Floe", 0.588),
        ("nap-at-the-meeting", "Nap At The Meeting", 0.332),
        ("the-great-wall", "The Great Wall", 0.25),
    ),
    ("normal", "multicolour"): (
        ("bazaar-at-the-start", "Bazaar At The Start", 1.0),
        ("the-archipelago", "The Archipelago", 0.8737),
        ("classic", "Classic floe", 0.868),
        ("fiesta-on-the-ice-floe", "Fiesta On The Ice Floe", 0.834),
        ("the-great-wall", "The Great Wall", 0.506),
        ("nap-at-the-meeting", "Nap At The Meeting", 0.496),
    ),
    ("hard", "multicolour"): (
        ("bazaar-at-the-start", "Bazaar At The Start", 1.0),
        ("the-archipelago", "The Archipelago", 0.82),
        ("classic", "Classic floe", 0.802),
        ("fiesta-on-the-ice-floe", "Fiesta On The Ice Floe", 0.742),
        ("nap-at-the-meeting", "Nap At The Meeting", 0.46),
        ("the-great-wall", "The Great Wall", 0.374),
    ),
}

ANCHORS_BY_BOT = {ANCHOR_BOT: ANCHORS, STRONGEST: PLANNER_ANCHORS}


@dataclass(frozen=True)
class BotFigures:
    bot: str
    games: int
    wins: int
    win_rate: float
    ci95: tuple[float, float]
    turns: float  # mean turns per game
    arrived: tuple[tuple[str, int], ...]  # per colour: the games in which that bear arrived
    losses: tuple[tuple[str, int], ...]  # way a game was lost -> games, commonest first
    stopped: str  # simulate's reason: "games" or "precision"
    removals: tuple[tuple[str, int], ...] = ()  # set-up removal square -> games, commonest first
    difficulty: str = ""  # this bot's rate placed among its own on the shipped floes

    @property
    def commonest_loss(self) -> str | None:
        return self.losses[0][0] if self.losses else None

    def to_dict(self) -> dict:
        return {
            "bot": self.bot,
            "games": self.games,
            "wins": self.wins,
            "win_rate": round(self.win_rate, 4),
            "win_rate_ci95": [round(self.ci95[0], 4), round(self.ci95[1], 4)],
            "turns_mean": round(self.turns, 2),
            "arrived": dict(self.arrived),
            "losses": dict(self.losses),
            "commonest_loss": self.commonest_loss,
            "stopped": self.stopped,
            "removals": dict(self.removals),
            "difficulty": self.difficulty,
        }


@dataclass(frozen=True)
class LevelRating:
    level: str
    variant: str
    bots: tuple[BotFigures, ...]  # planner, greedy
    difficulty: str
    refused: str | None = None  # why this level cannot be played on the floe (SB2)
    fingerprint: str | None = None  # the rules' fingerprint at this level (scenario.py)
    label_bot: str | None = None  # the bot the difficulty label rests on
    disagreement: str | None = None  # P-SB13: the bots' win rates far apart, in words

    def to_dict(self) -> dict:
        return {
            "level": self.level,
            "variant": self.variant,
            "bots": {b.bot: b.to_dict() for b in self.bots},
            "difficulty": self.difficulty,
            "difficulty_bot": self.label_bot,
            "disagreement": self.disagreement,
            "refused": self.refused,
            "fingerprint": self.fingerprint,
        }


@dataclass(frozen=True)
class Rating:
    title: str
    seed: int
    levels: tuple[LevelRating, ...]
    overrides: tuple[str, ...] = ()  # every --set, as given
    ignored: tuple[str, ...] = ()  # static errors the rating ran despite (--unchecked)

    def to_dict(self) -> dict:
        return {
            "scenario": self.title,
            "seed": self.seed,
            "overrides": list(self.overrides),
            "unchecked_errors": list(self.ignored),
            "levels": [lv.to_dict() for lv in self.levels],
        }


class _Tally:
    """What one bot's games add up to beyond wins and turns: arrivals and ways of losing."""

    def __init__(self) -> None:
        self.arrived = dict.fromkeys(COLOURS, 0)
        self.losses: dict[str, int] = {}
        self.removals: dict[str, int] = {}

    def add(self, game: _Game) -> None:
        if game.removal is not None:
            self.removals[game.removal] = self.removals.get(game.removal, 0) + 1
        for colour in game.arrived:
            self.arrived[colour] += 1
        if not game.won:
            out = [c for c in COLOURS if c not in game.arrived]
            way = loss_name(game.termination, out)
            self.losses[way] = self.losses.get(way, 0) + 1


class _Game(NamedTuple):
    """What a rating reads of one game, worked out where it was played: a few bytes to send
    back, not its events."""

    won: bool
    turns: int
    arrived: tuple[str, ...]  # the colours that arrived
    termination: str
    removal: str | None  # the set-up removal's square (SB2)


def _read(result: GameResult) -> _Game:
    across, removal = set(), None
    for logged in result.events:
        ev = logged.event
        if ev.type == "bear-arrived":
            across.add(ev.get("bear"))
        elif ev.type == "tile-removed":  # the set-up removal (SB2), one per game
            removal = ev.get("square")
    arrived = tuple(c for c in COLOURS if c in across)
    won = bool(result.outcome.winners)
    return _Game(won, result.measures["turns"], arrived, result.outcome.termination, removal)


def loss_name(termination: str, out: list[str]) -> str:
    """A lost game in words: how it ended (SB5: no free ice), and which bears were out."""
    if termination != "no-free-ice":
        return termination
    return "ice ran out with " + ", ".join(out) + " still to cross"


def difficulty(rate: float, setting: tuple[str, str], bot: str = ANCHOR_BOT) -> str:
    """Where `bot`'s win rate falls among its own on the shipped floes at the same level and
    variant."""
    anchors = ANCHORS_BY_BOT.get(bot, {}).get(setting, ())
    if not anchors:
        return "no shipped floe measured at this level"
    easiest, hardest = anchors[0], anchors[-1]
    if rate > easiest[2]:
        return f"easier than every shipped floe ({easiest[1]}: {easiest[2]:.1%})"
    if rate < hardest[2]:
        return f"harder than every shipped floe ({hardest[1]}: {hardest[2]:.1%})"
    for (_, easy, hi), (_, hard, lo) in zip(anchors, anchors[1:], strict=False):
        if abs(rate - hi) <= 0.005:
            return f"about as hard as {easy}"
        if lo < rate < hi:
            return f"between {easy} and {hard}"
    return f"about as hard as {hardest[1]}"


def disagreement(figures) -> str | None:
    """P-SB13: the bots' win rates far apart (intervals apart, FAR or more between), in words."""
    for a in figures:
        for b in figures:
            if a.win_rate - b.win_rate >= FAR and a.ci95[0] > b.ci95[1]:
                return (
                    f"the bots disagree by far: {a.bot} wins {a.win_rate:.1%}, {b.bot} "
                    f"{b.win_rate:.1%}; {b.bot}'s own play, not the floe, loses most of its "
                    "games (see its set-up removals)"
                )
    return None


def _ranked(counts: dict[str, int]) -> tuple[tuple[str, int], ...]:
    return tuple(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))


def _planner_seats(scen, budget: int | None):
    """Every seat played by the planner, with its node budget when one is given."""
    options = (("budget", budget),) if budget is not None else ()
    seats = tuple(Seat(s.name, "planner", options) for s in scen.config.seats)
    return replace(scen, config=replace(scen.config, seats=seats))


def simulate_bot(scen, games: int, seed, bot: str, budget: int | None = None, **options):
    """`simulate` with every seat played by `bot` (the planner seated with its node budget,
    since it is no batch bot): the one way a rating, a variation and a generated floe play a
    floe with one bot."""
    if bot == "planner":
        return simulate(_planner_seats(scen, budget), games, seed, bot=None, **options)
    return simulate(scen, games, seed, bot=bot, **options)


def rate(
    path: Path,
    overrides: tuple[str, ...] = (),
    *,
    games: int = GAMES,
    seed: int = SEED,
    precision: float | None = PRECISION,
    workers: int = 1,
    dask: str | None = None,
    budget: int | None = None,
    settings: tuple[tuple[str, str], ...] = SETTINGS,
    bots: tuple[str, ...] = BOTS,
    on_rows: Callable[[tuple[tuple[str, str, str], ...]], None] | None = None,
    on_game: Callable[[int], None] | None = None,
    on_done: Callable[[int, int], None] | None = None,
    unchecked: bool = False,
) -> Rating:
    """Rate the floe of `path` (a scenario or a .layout file) at each level and variant.

    Every (level, variant, bot) is a row, and all rows are played at once (`_play_rows`).
    `on_rows` hears the rows, (level, variant, bot) each, before the first game; `on_game`
    hears every game counted (the index of its row: a progress bar per row), and `on_done`
    each row's end and its number of games. A level the floe cannot be played at (a floe with
    no seal at the normal level, SB2), or at which the static checks find an error (unless
    `unchecked`), is reported as refused, with the reason. With `dask` (a scheduler's
    address), the games are played on that cluster: the same figures.
    """
    from bearcli.core.errors import ErrorList, ScenarioError
    from bearcli.formats.validation import load_checked

    loaded_levels: list = []
    loaded, ignored = None, dict[str, None]()
    first_error: ScenarioError | ErrorList | None = None
    rows: list[_Row] = []
    for level, variant in settings:
        try:
            scen, checked = load_checked(
                path, (*overrides, f"level={level}", f"variant={variant}"), unchecked=unchecked
            )
        except (ScenarioError, ErrorList) as exc:  # SB2 (no seal, no ice), a static error
            first_error = first_error or exc
            why = exc.errors[0] if isinstance(exc, ErrorList) else exc
            reason = why.message + (f" [{why.ruling}]" if why.ruling else "")
            loaded_levels.append((level, variant, None, reason))
            continue
        ignored.update((f.headline(), None) for f in checked.ignored)
        loaded = loaded or scen
        mine = [_Row(level, variant, bot, *_seated(scen, bot, budget)) for bot in bots]
        loaded_levels.append((level, variant, scen, mine))
        rows += mine
    if loaded is None:  # no level can be played: the floe itself is at fault
        if first_error is None:  # nor was any level asked for
            raise ValueError("rate: no level and variant to rate (settings is empty)")
        raise first_error
    if on_rows is not None:
        on_rows(tuple((r.level, r.variant, r.bot) for r in rows))
    hear = (on_game, on_done)
    if dask is None:
        _play_rows(rows, games, seed, precision, workers, None, hear)
    else:
        from bearcli import distributed

        with distributed.Cluster(dask) as cluster:
            _play_rows(rows, games, seed, precision, workers, cluster, hear)

    levels = []
    for level, variant, scen, played in loaded_levels:
        if scen is None:  # `played` is why the level was refused
            levels.append(LevelRating(level, variant, (), "not rated", played))
            continue
        figures = [row.figures((level, variant)) for row in played]
        # The label rests on the strongest bot rated (the planner) that has anchors.
        ranked = sorted(
            (f for f in figures if ANCHORS_BY_BOT.get(f.bot)), key=lambda f: f.bot != STRONGEST
        )
        top = ranked[0] if ranked else None
        levels.append(
            LevelRating(
                level,
                variant,
                tuple(figures),
                top.difficulty if top else "not rated",
                None,
                scen.fingerprint,
                top.bot if top else None,
                disagreement(figures),
            )
        )
    return Rating(loaded.title, seed, tuple(levels), tuple(overrides), tuple(ignored))


def _seated(scen, bot: str, budget: int | None):
    """The scenario a bot's games are played on and the bot named to the batch: the planner
    is seated with its node budget (it is no batch bot), any other bot plays every seat."""
    if bot == "planner":
        return _planner_seats(scen, budget), None
    return scen, bot


class _Row:
    """One bot's games at one level and variant: what they add up to so far, and how many
    were handed out to be played."""

    def __init__(self, level: str, variant: str, bot: str, scen, as_bot: str | None):
        self.level, self.variant, self.bot = level, variant, bot
        self.scen, self.as_bot = scen, as_bot
        self.games = self.wins = self.turns = 0
        self.tally = _Tally()
        self.stopped: str | None = None  # simulation.GAMES or simulation.PRECISION
        self.issued = 0  # games handed out (1..issued)
        self.flying = 0  # jobs handed out and not yet counted
        self.timed, self.seconds = 0, 0.0  # games timed so far and their CPU time

    def size(self, games: int, seconds: float) -> int:
        """The games of this row's next job: FIRST_JOB until a job is timed, then as many
        as take about `seconds` of a worker's time, never past `games`. Sizes change only who
        plays which game: game i is seeded by i."""
        if self.seconds <= 0:
            wanted = FIRST_JOB
        else:
            wanted = int(seconds * self.timed / self.seconds)
        if wanted > BLOCK:  # a long job ends at a block's end, where the row may stop
            wanted = (self.issued + wanted) // BLOCK * BLOCK - self.issued
        return max(1, min(wanted, MAX_JOB, games - self.issued))

    def count(self, game: _Game, precision: float | None, games: int) -> bool:
        """Count one more game (the next in order); True once the row is done: simulate's
        rule, at a block boundary once the win rate's interval is within `precision`."""
        self.games += 1
        self.wins += game.won
        self.turns += game.turns
        self.tally.add(game)
        if (
            precision is not None
            and self.games % BLOCK == 0
            and wilson_half_width(self.wins, self.games) <= precision
        ):
            self.stopped = PRECISION_STOP
        elif self.games >= games:
            self.stopped = GAMES_STOP
        return self.stopped is not None

    def figures(self, setting: tuple[str, str]) -> BotFigures:
        rate_ = self.wins / self.games
        t = self.tally
        return BotFigures(
            self.bot,
            self.games,
            self.wins,
            rate_,
            wilson(self.wins, self.games),
            round(self.turns / self.games, 4),  # as simulate's --json rounds the mean
            tuple(t.arrived.items()),
            _ranked(t.losses),
            self.stopped or GAMES_STOP,
            _ranked(t.removals),
            difficulty(rate_, setting, self.bot),
        )


# Jobs of a rating: its first job of each row plays FIRST_JOB games, the next ones about
# JOB_SECONDS of a worker's time each (CLUSTER_JOB_SECONDS on a cluster), at most MAX_JOB. A
# planner's job stays short, so that a row that is done wastes little of what was handed out
# and the results, taken in the order the jobs were made, never wait long for a slow job.
FIRST_JOB = 5
JOB_SECONDS = 0.15
CLUSTER_JOB_SECONDS = 0.5
MAX_JOB = 200
AHEAD = 3  # jobs handed out and not yet counted, per worker (per thread of a cluster)


def _play_rows(rows, games, seed, precision, workers, cluster, hear) -> None:
    """Play every row's games, up to `games` each, through one pool (or cluster): the jobs of
    all rows side by side, so both workers are busy until the last row is done, and a row
    stops by its own results alone (`_Row.count`), whatever the number of workers.

    The next job goes to the row with the fewest jobs in flight, then the fewest games
    handed out: every row has one job in flight before any has two, so little is played past
    a row's end. Each row's games are counted in their order."""
    on_game, on_done = hear
    seconds = JOB_SECONDS if cluster is None else CLUSTER_JOB_SECONDS

    def jobs():
        while True:
            open_ = [i for i, r in enumerate(rows) if r.stopped is None and r.issued < games]
            if not open_:
                return
            i = min(open_, key=lambda i: (rows[i].flying, rows[i].issued, i))
            row = rows[i]
            first = row.issued + 1
            row.issued += row.size(games, seconds)
            row.flying += 1
            yield (i, (row.scen, seed, range(first, row.issued + 1), row.as_bot, True, False))

    if cluster is None:
        mapped = ordered_map(_rate_chunk, jobs(), workers, ahead=AHEAD * workers, kill_on_stop=True)
    else:
        mapped = cluster.ordered_map(_rate_chunk, jobs(), ahead=AHEAD * cluster.threads)
    with closing(mapped) as done:
        for i, played, spent in done:
            row = rows[i]
            row.flying -= 1
            row.timed += len(played)
            row.seconds += spent
            if row.stopped is not None:
                continue  # played past the row's end: never counted
            for game in played:
                ended = row.count(game, precision, games)
                if on_game is not None:
                    on_game(i)
                if ended:
                    if on_done is not None:
                        on_done(i, row.games)
                    break


def _rate_chunk(job) -> tuple[int, list[_Game], float]:
    """A job of a rating's row, played where the pool (or cluster) runs it: the row's index,
    what the rating reads of each game, and the worker thread's time it took."""
    i, chunk = job
    start = time.thread_time()
    played = [_read(result) for result in _play_chunk(chunk)]
    return i, played, time.thread_time() - start


def measure_anchors(
    bot: str = ANCHOR_BOT,
    games: int = GAMES,
    seed: int = SEED,
    workers: int = 1,
    precision: float | None = None,
) -> dict:
    """`bot`'s win rate on every shipped Sliding Bears floe at each level and variant."""
    from bearcli.formats import shipped

    names = [n for n in shipped.names() if n.startswith("sliding-bears/") and "/small/" not in n]
    table = {}
    for setting in SETTINGS:
        rows = []
        for name in names:
            level, variant = setting
            scen = scenario_fmt.load(shipped.path(name), (f"level={level}", f"variant={variant}"))
            s = simulate_bot(scen, games, seed, bot, workers=workers, precision=precision)
            rows.append((name.split("/", 1)[1], scen.title, round(s.wins / s.games, 4)))
        table[setting] = tuple(sorted(rows, key=lambda r: (-r[2], r[0])))
    return table


if __name__ == "__main__":  # python -m bearcli.rating BOT GAMES PRECISION [WORKERS]
    bot_name, n, p = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
    found = measure_anchors(
        bot_name, n, workers=int(sys.argv[4]) if len(sys.argv) > 4 else 1, precision=p or None
    )
    print(f"{bot_name.upper()}_ANCHORS = {{")
    for setting, rows in found.items():
        print(f"    {setting!r}: (")
        for row in rows:
            print(f"        {row!r},")
        print("    ),")
    print("}")
