"""How hard a Sliding Bears floe is (`bearcli layout rate`): plain data, no terminal.

For each level and variant the floe is played by `planner` and by `greedy` through
bearcli.simulation (its workers, its `--precision` stop, its seeds: the figures are the same
for any number of workers). Each game's events give the bears that arrived and, for a lost
game, which bears were still out when the ice ran out (SB5, SB8).

The difficulty label compares greedy's win rate with the same figure for every shipped floe
(`ANCHORS`, measured once by `python -m bearcli.rating [WORKERS]`, which prints the table):
greedy is the anchor because it is fast enough to measure every shipped floe at every level
with 2,000 games.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from bearcli.core.game import Seat
from bearcli.formats import scenario as scenario_fmt
from bearcli.simulation import GameResult, simulate, wilson

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
        }


@dataclass(frozen=True)
class LevelRating:
    level: str
    variant: str
    bots: tuple[BotFigures, ...]  # planner, greedy
    difficulty: str
    refused: str | None = None  # why this level cannot be played on the floe (SB2)
    fingerprint: str | None = None  # the rules' fingerprint at this level (scenario.py)

    def to_dict(self) -> dict:
        return {
            "level": self.level,
            "variant": self.variant,
            "bots": {b.bot: b.to_dict() for b in self.bots},
            "difficulty": self.difficulty,
            "refused": self.refused,
            "fingerprint": self.fingerprint,
        }


@dataclass(frozen=True)
class Rating:
    title: str
    seed: int
    levels: tuple[LevelRating, ...]

    def to_dict(self) -> dict:
        return {
            "scenario": self.title,
            "seed": self.seed,
            "levels": [lv.to_dict() for lv in self.levels],
        }


class _Tally:
    """What one bot's batch adds up beyond simulate's Summary: arrivals and ways of losing."""

    def __init__(self) -> None:
        self.arrived = dict.fromkeys(COLOURS, 0)
        self.losses: dict[str, int] = {}

    def add(self, result: GameResult) -> None:
        across = set()
        for logged in result.events:
            ev = logged.event
            if ev.type == "bear-arrived":
                across.add(ev.get("bear"))
        for colour in across:
            self.arrived[colour] += 1
        if not result.outcome.winners:
            out = [c for c in COLOURS if c not in across]
            way = loss_name(result.outcome.termination, out)
            self.losses[way] = self.losses.get(way, 0) + 1


def loss_name(termination: str, out: list[str]) -> str:
    """A lost game in words: how it ended (SB5: no free ice), and which bears were out."""
    if termination != "no-free-ice":
        return termination
    return "ice ran out with " + ", ".join(out) + " still to cross"


def difficulty(rate: float, setting: tuple[str, str]) -> str:
    """Where a greedy win rate falls among the shipped floes' at the same level and variant."""
    anchors = ANCHORS.get(setting, ())
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


def _planner_seats(scen, budget: int | None):
    """Every seat played by the planner, with its node budget when one is given."""
    options = (("budget", budget),) if budget is not None else ()
    seats = tuple(Seat(s.name, "planner", options) for s in scen.config.seats)
    return replace(scen, config=replace(scen.config, seats=seats))


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
    on_game: Callable[[], None] | None = None,
) -> Rating:
    """Rate the floe of `path` (a scenario or a .layout file) at each level and variant.

    `on_game` hears every game played (a progress bar). A level the floe cannot be played at
    (a floe with no seal at the normal level, SB2) is reported as refused, with the reason.
    With `dask` (a scheduler's address), the games are played on that cluster, reached once
    for all the batches: the same figures.
    """
    if dask is None:
        return _rate(
            path, overrides, games, seed, precision, workers, None, budget, settings, bots, on_game
        )
    from bearcli import distributed

    with distributed.Cluster(dask) as cluster:
        return _rate(
            path,
            overrides,
            games,
            seed,
            precision,
            workers,
            cluster,
            budget,
            settings,
            bots,
            on_game,
        )


def _rate(
    path, overrides, games, seed, precision, workers, cluster, budget, settings, bots, on_game
) -> Rating:
    """rate() on local workers, or on `cluster` (a bearcli.distributed.Cluster)."""
    from bearcli.core.errors import ScenarioError
    from bearcli.formats.checks import load_for_games

    levels, loaded, first_error = [], None, None
    for level, variant in settings:
        try:
            scen = load_for_games(path, (*overrides, f"level={level}", f"variant={variant}"))
        except ScenarioError as exc:  # SB2: no seal for the normal level, no ice for the hard
            first_error = first_error or exc
            levels.append(LevelRating(level, variant, (), "not rated", exc.message))
            continue
        loaded = loaded or scen
        figures = []
        for bot in bots:
            played = _planner_seats(scen, budget) if bot == "planner" else scen
            tally = _Tally()

            def seen(result: GameResult, tally=tally) -> None:
                tally.add(result)
                if on_game is not None:
                    on_game()

            summary = simulate(
                played,
                games,
                seed,
                bot=None if bot == "planner" else bot,
                workers=workers,
                dask=cluster,
                keep=True,
                on_result=seen,
                precision=precision,
            )
            d = summary.to_dict()
            lo, hi = wilson(summary.wins, summary.games)
            figures.append(
                BotFigures(
                    bot,
                    summary.games,
                    summary.wins,
                    summary.wins / summary.games,
                    (lo, hi),
                    d["measures"]["turns"]["mean"],
                    tuple(tally.arrived.items()),
                    tuple(sorted(tally.losses.items(), key=lambda kv: (-kv[1], kv[0]))),
                    summary.stopped or "games",
                )
            )
        anchor = next((f for f in figures if f.bot == ANCHOR_BOT), None)
        label = difficulty(anchor.win_rate, (level, variant)) if anchor else "not rated"
        levels.append(LevelRating(level, variant, tuple(figures), label, None, scen.fingerprint))
    if loaded is None:  # no level can be played: the floe itself is at fault
        raise first_error
    return Rating(loaded.title, seed, tuple(levels))


def measure_anchors(games: int = GAMES, seed: int = SEED, workers: int = 1) -> dict:
    """Greedy's win rate on every shipped Sliding Bears floe at each level and variant."""
    from bearcli.formats import shipped

    names = [n for n in shipped.names() if n.startswith("sliding-bears/") and "/small/" not in n]
    table = {}
    for setting in SETTINGS:
        rows = []
        for name in names:
            level, variant = setting
            scen = scenario_fmt.load(shipped.path(name), (f"level={level}", f"variant={variant}"))
            s = simulate(scen, games, seed, bot=ANCHOR_BOT, workers=workers)
            rows.append((name.split("/", 1)[1], scen.title, round(s.wins / s.games, 4)))
        table[setting] = tuple(sorted(rows, key=lambda r: (-r[2], r[0])))
    return table


if __name__ == "__main__":  # python -m bearcli.rating [WORKERS]: prints ANCHORS
    found = measure_anchors(workers=int(sys.argv[1]) if len(sys.argv) > 1 else 1)
    print("ANCHORS = {")
    for setting, rows in found.items():
        print(f"    {setting!r}: (")
        for row in rows:
            print(f"        {row!r},")
        print("    ),")
    print("}")
