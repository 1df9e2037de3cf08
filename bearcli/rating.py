"""How hard a scenario is for its game's bots (`bearcli layout rate`): plain data, no terminal.

A game that can be rated has the Rating ability (bearcli/core/abilities.py): the settings it
is rated at (Sliding Bears: each level and variant), its bots, strongest first, and what a
rating reads of a played game. Each (setting, bot) is a row, and the rows are played side by
side through one pool of workers (or one Dask cluster), with simulate's seeds and
`--precision` stop, so that each row's figures are those of its own `simulate` batch, the same
for any number of workers. What a rating reads of a game (`Rating.rated_game`) is worked out
where it was played.

The difficulty label rests on the strongest bot that has anchors: its win rate is placed
among its own win rates on the shipped scenarios (`Rating.rating_anchors`). The other bots'
places are shown beside it, and where two bots disagree by far (P-SB13) the rating says so: a
scenario a weak bot loses may be one the strong bot wins. `python -m bearcli.rating GAME BOT
GAMES PRECISION [WORKERS]` measures a bot's anchors and prints them.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from contextlib import closing
from dataclasses import dataclass, replace
from pathlib import Path

from bearcli.core.abilities import Anchors, RatedGame, Rating
from bearcli.core.errors import BearError, ErrorList, ScenarioError
from bearcli.core.stats import wilson, wilson_half_width
from bearcli.formats import scenario as scenario_fmt
from bearcli.formats import validation
from bearcli.formats.scenario import Scenario
from bearcli.simulation import BLOCK, GameResult, _play_chunk, simulate
from bearcli.simulation import GAMES as GAMES_STOP
from bearcli.simulation import PRECISION as PRECISION_STOP
from bearcli.workers import ordered_map

GAMES, PRECISION, SEED = 2000, 0.02, 1  # the defaults of `layout rate`
# P-SB13: two bots disagree by far when their 95% intervals are apart and their win rates
# differ by at least this much.
FAR = 0.20


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
    """One setting's figures: each bot's, and the label (named for Sliding Bears' levels)."""

    setting: tuple[tuple[str, str], ...]  # (axis, value): (("level", "hard"), ("variant", ...))
    bots: tuple[BotFigures, ...]  # the strongest first
    difficulty: str
    refused: str | None = None  # why the scenario cannot be played at this setting (SB2)
    fingerprint: str | None = None  # the rules' fingerprint at this setting (scenario.py)
    label_bot: str | None = None  # the bot the difficulty label rests on
    disagreement: str | None = None  # P-SB13: the bots' win rates far apart, in words

    def value(self, axis: str) -> str:
        return dict(self.setting)[axis]

    def to_dict(self) -> dict:
        return {
            **dict(self.setting),
            "bots": {b.bot: b.to_dict() for b in self.bots},
            "difficulty": self.difficulty,
            "difficulty_bot": self.label_bot,
            "disagreement": self.disagreement,
            "refused": self.refused,
            "fingerprint": self.fingerprint,
        }


@dataclass(frozen=True)
class RatingReport:
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
    """What one bot's games add up to beyond wins and turns: arrivals, losses, choices."""

    def __init__(self, pieces: tuple[str, ...]) -> None:
        self.arrived = dict.fromkeys(pieces, 0)
        self.losses: dict[str, int] = {}
        self.removals: dict[str, int] = {}

    def add(self, game: RatedGame) -> None:
        if game.choice is not None:
            self.removals[game.choice] = self.removals.get(game.choice, 0) + 1
        for piece in game.arrived:
            self.arrived[piece] += 1
        if game.lost_as is not None:
            self.losses[game.lost_as] = self.losses.get(game.lost_as, 0) + 1


def _read(game: Rating, result: GameResult) -> RatedGame:
    return game.rated_game(result.events, result.outcome, result.measures["turns"])


def difficulty(rate: float, anchors: Anchors) -> str:
    """Where a bot's win rate falls among its own on the shipped scenarios (`anchors`, at
    the same setting, easiest first)."""
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


def rating_of(game) -> Rating:
    """The game as a Rating; a ScenarioError for a game that cannot be rated."""
    if not isinstance(game, Rating):
        raise ScenarioError(f"{game.title} scenarios cannot be rated: the game has no rating")
    return game


def _game_of(path: Path, overrides: tuple[str, ...]) -> Rating:
    """The game of the scenario at `path`, read before any setting is applied (the file's own
    setting may be one its floe cannot be played at): its located error when it names none."""
    from bearcli.core import registry

    src = scenario_fmt.with_overrides(scenario_fmt.read(path), overrides)
    name = src.data.get("game") if isinstance(src.data, dict) else None
    try:
        game = registry.get(name) if isinstance(name, str) else None
    except ScenarioError:
        game = None
    if game is None:
        scenario_fmt.parse(src)  # its own located error
    return rating_of(game)


def _seated(scen: Scenario, bot: str, budget: int | None) -> tuple[Scenario, str | None]:
    """The scenario a bot's games are played on and the bot named to the batch (the game's
    Rating.rating_seats: Sliding Bears' planner is seated with its node budget)."""
    config, as_bot = rating_of(scen.game).rating_seats(scen.config, bot, budget)
    return (scen if config is scen.config else replace(scen, config=config)), as_bot


def simulate_bot(scen, games: int, seed, bot: str, budget: int | None = None, **options):
    """`simulate` with every seat played by `bot`: the one way a rating, a variation and a
    generated scenario play with one bot."""
    seated, as_bot = _seated(scen, bot, budget)
    return simulate(seated, games, seed, bot=as_bot, **options)


def play_rate(
    games: int,
    seed: int,
    bot: str,
    *,
    budget: int | None = None,
    workers: int = 1,
    precision: float | None = None,
    on_games: Callable[[int], None] | None = None,
) -> Callable[[Scenario], tuple[int, int]]:
    """A scenario's rating by one bot, as a function: scenario -> (games, wins)."""

    def played(scen: Scenario) -> tuple[int, int]:
        s = simulate_bot(
            scen, games, seed, bot, budget, workers=workers, precision=precision, on_games=on_games
        )
        return s.games, s.wins

    return played


def judge(src, *, strict: bool = False) -> Callable[[dict], Scenario | str]:
    """A changed scenario, as a function of its data (read where `src`, its file, is): the
    scenario, or why it cannot be played (its first static error, or a rule's refusal such
    as SB2's). `strict` refuses any finding, a warning too (a generated floe passes every
    check)."""

    def judged(data: dict) -> Scenario | str:
        changed = replace(src, data=data)
        try:
            scen = scenario_fmt.parse(changed)
            if strict:
                found = validation.static_findings(scen, changed)
                return _reason(found[0]) if found else scen
            validation.gate(scen, changed)
        except BearError as exc:  # a static error, or SB2: the level's removal has no tile left
            return _reason(exc)
        return scen

    return judged


def _reason(why) -> str:
    """Why a scenario cannot be played, in one line: an error (the first of a list) or a
    finding, with its ruling."""
    if isinstance(why, ErrorList):
        why = why.errors[0]
    return why.message + (f" [{why.ruling}]" if why.ruling else "")


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
    settings: tuple[tuple[str, ...], ...] | None = None,
    bots: tuple[str, ...] | None = None,
    on_rows: Callable[[tuple[tuple[str, ...], ...]], None] | None = None,
    on_game: Callable[[int], None] | None = None,
    on_done: Callable[[int, int], None] | None = None,
    unchecked: bool = False,
) -> RatingReport:
    """Rate the scenario of `path` (a scenario or a file of the game's own, a .layout) at
    each setting of its game (Rating.rating_settings unless `settings` names some) with each
    of its bots (or `bots`).

    Every (setting, bot) is a row, and all rows are played at once (`_play_rows`). `on_rows`
    hears the rows, (*setting, bot) each, before the first game; `on_game` hears every game
    counted (the index of its row: a progress bar per row), and `on_done` each row's end and
    its number of games. A setting the scenario cannot be played at (a floe with no seal at
    the normal level, SB2), or at which the static checks find an error (unless `unchecked`),
    is reported as refused, with the reason. With `dask` (a scheduler's address), the games
    are played on that cluster: the same figures.
    """
    game = _game_of(path, overrides)
    axes = game.rating_axes
    settings = game.rating_settings if settings is None else settings
    bots = game.rating_bots if bots is None else bots
    loaded_levels: list = []
    loaded, ignored = None, dict[str, None]()
    first_error: ScenarioError | ErrorList | None = None
    rows: list[_Row] = []
    for values in settings:
        setting = tuple(zip(axes, values, strict=True))
        try:
            scen, checked = validation.load_checked(
                path, (*overrides, *(f"{k}={v}" for k, v in setting)), unchecked=unchecked
            )
        except (ScenarioError, ErrorList) as exc:  # SB2 (no seal, no ice), a static error
            first_error = first_error or exc
            loaded_levels.append((setting, None, _reason(exc)))
            continue
        ignored.update((f.headline(), None) for f in checked.ignored)
        loaded = loaded or scen
        mine = [_Row(values, bot, game, *_seated(scen, bot, budget)) for bot in bots]
        loaded_levels.append((setting, scen, mine))
        rows += mine
    if loaded is None:  # no setting can be played: the scenario itself is at fault
        if first_error is None:  # nor was any setting asked for
            raise ValueError("rate: no level and variant to rate (settings is empty)")
        raise first_error
    if on_rows is not None:
        on_rows(tuple((*r.setting, r.bot) for r in rows))
    hear = (on_game, on_done)
    if dask is None:
        _play_rows(rows, games, seed, precision, workers, None, hear)
    else:
        from bearcli import distributed

        with distributed.Cluster(dask) as cluster:
            _play_rows(rows, games, seed, precision, workers, cluster, hear)

    levels = []
    for setting, scen, played in loaded_levels:
        if scen is None:  # `played` is why the setting was refused
            levels.append(LevelRating(setting, (), "not rated", played))
            continue
        figures = [row.figures() for row in played]
        # The label rests on the strongest bot rated (the first of the game's) with anchors.
        ranked = sorted(
            (f for f in figures if game.rating_anchors(f.bot)),
            key=lambda f: game.rating_bots.index(f.bot) if f.bot in game.rating_bots else 99,
        )
        top = ranked[0] if ranked else None
        levels.append(
            LevelRating(
                setting,
                tuple(figures),
                top.difficulty if top else "not rated",
                None,
                scen.fingerprint,
                top.bot if top else None,
                disagreement(figures),
            )
        )
    return RatingReport(loaded.title, seed, tuple(levels), tuple(overrides), tuple(ignored))


class _Row:
    """One bot's games at one setting: what they add up to so far, and how many were handed
    out to be played."""

    def __init__(self, setting: tuple[str, ...], bot: str, game: Rating, scen, as_bot):
        self.setting, self.bot, self.game = setting, bot, game
        self.scen, self.as_bot = scen, as_bot
        self.games = self.wins = self.turns = 0
        self.tally = _Tally(game.rating_pieces)
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

    def count(self, game: RatedGame, precision: float | None, games: int) -> bool:
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

    def figures(self) -> BotFigures:
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
            difficulty(rate_, self.game.rating_anchors(self.bot).get(self.setting, ())),
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
            chunk = (row.scen, seed, range(first, row.issued + 1), row.as_bot, True, False)
            yield (i, row.game, chunk)

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


def _rate_chunk(job) -> tuple[int, list[RatedGame], float]:
    """A job of a rating's row, played where the pool (or cluster) runs it: the row's index,
    what the rating reads of each game, and the worker thread's time it took."""
    i, game, chunk = job
    start = time.thread_time()
    played = [_read(game, result) for result in _play_chunk(chunk)]
    return i, played, time.thread_time() - start


def measure_anchors(
    game_name: str,
    bot: str,
    games: int = GAMES,
    seed: int = SEED,
    workers: int = 1,
    precision: float | None = None,
) -> dict:
    """`bot`'s win rate on the shipped scenarios the game's anchors name, at each setting."""
    from bearcli.core.registry import get
    from bearcli.formats import shipped

    game = rating_of(get(game_name))
    # The scenarios every bot's anchors name: a bot not measured yet is measured on them too.
    names = sorted(
        {
            row[0]
            for b in game.rating_bots
            for rows in game.rating_anchors(b).values()
            for row in rows
        }
    )
    table = {}
    for values in game.rating_settings:
        rows = []
        sets = tuple(f"{k}={v}" for k, v in zip(game.rating_axes, values, strict=True))
        for name in names:
            scen = scenario_fmt.load(shipped.path(f"{game_name}/{name}"), sets)
            s = simulate_bot(scen, games, seed, bot, workers=workers, precision=precision)
            rows.append((name, scen.title, round(s.wins / s.games, 4)))
        table[values] = tuple(sorted(rows, key=lambda r: (-r[2], r[0])))
    return table


if __name__ == "__main__":  # python -m bearcli.rating GAME BOT GAMES PRECISION [WORKERS]
    game_arg, bot_name, n, p = sys.argv[1], sys.argv[2], int(sys.argv[3]), float(sys.argv[4])
    found = measure_anchors(
        game_arg,
        bot_name,
        n,
        workers=int(sys.argv[5]) if len(sys.argv) > 5 else 1,
        precision=p or None,
    )
    print(f"{bot_name.upper()}_ANCHORS = {{")
    for setting, rows in found.items():
        print(f"    {setting!r}: (")
        for row in rows:
            print(f"        {row!r},")
        print("    ),")
    print("}")
