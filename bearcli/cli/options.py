"""Options that several commands share, declared once.

Loaded with the app for every command (even --help), so it imports nothing but typer.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated

import typer

# `--set KEY=VALUE`, repeatable; None means none given.
Settings = Annotated[
    list[str] | None,
    typer.Option(
        "--set",
        metavar="KEY=VALUE",
        help="Override a scenario key, e.g. --set level=hard or --set 'seats=[human, greedy]' "
        "(repeatable; `bearcli play --help` lists each game's keys).",
    ),
]

# What help lists of the games: written out, since reading the registry would load every game
# at each `--help` (tests/test_startup.py); tests/cli/test_help.py checks it against the
# registry, so it cannot drift. `\b` keeps Click from rewrapping the lines. A help names only
# its own command's options: only simulate has --bot, and validate has no --set.
_GAMES_HELP = """\b
Bots (a seat's `bot:`{bot_option}; `human` is a person at the prompt):
  baerenspiel     forgetful, perfect, random, searcher
  bear-down       cautious, greedy, random
  sliding-bears   greedy, planner, random

\b
Scenario keys{set_option}, beyond every game's description, format,
game, seats, seed and title:
  baerenspiel     deal, open, params, variant
  bear-down       params
  sliding-bears   layout, level, params, remove, variant"""
GAMES_HELP = _GAMES_HELP.format(bot_option="", set_option=" (--set KEY=VALUE)")
SIMULATE_GAMES_HELP = _GAMES_HELP.format(bot_option=", or --bot", set_option=" (--set KEY=VALUE)")
VALIDATE_GAMES_HELP = _GAMES_HELP.format(bot_option="", set_option="")

# The environment variable of `bearcli --allow-outside`: bearcli.core.source.ALLOW_OUTSIDE,
# named here too so that loading the app does not load the library (tests/test_startup.py
# checks that the two agree).
ALLOW_OUTSIDE = "BEARCLI_ALLOW_OUTSIDE"


# bearcli.core.rng.SEED_DIGITS, named here too so that loading the app does not load the
# library (tests/core/test_rng.py checks that the two agree).
SEED_DIGITS = 1000


def check_seed(value: int | None) -> int | None:
    """--seed is bounded as a scenario's `seed:` is (a usage error, exit 2): `validate`
    refuses no seed that `simulate` or `play` would then fail on."""
    if value is not None and not -(10**SEED_DIGITS) < value < 10**SEED_DIGITS:
        raise typer.BadParameter(f"a seed has at most {SEED_DIGITS} digits")
    return value


def file_name(value: str | Path) -> Path:
    """A file or folder argument: an empty name is a usage error (exit 2), not the current
    folder (Path("") is Path("."): `validate ""` would search the whole working tree)."""
    if str(value) == "":
        raise typer.BadParameter("an empty name names no file (write . for this folder)")
    return Path(value)


def complete_scenario(incomplete: str) -> list[str]:
    """Shell completion (TAB) of a scenario argument: the shipped names that start with what
    was typed; none, and the shell completes file names instead. Run only when completing."""
    from bearcli.formats import shipped

    return [name for name in shipped.names() if name.startswith(incomplete)]


def complete_floe(incomplete: str) -> list[str]:
    """Shell completion of a Sliding Bears floe (the `layout` commands): its shipped names."""
    return [name for name in complete_scenario(incomplete) if name.startswith("sliding-bears/")]


# The floe every `layout` command reads.
FloeFile = Annotated[
    Path,
    typer.Argument(
        metavar="FILE",
        help="A .layout file, a Sliding Bears scenario, or a shipped name such as "
        "sliding-bears/classic.",
        show_default=False,
        autocompletion=complete_floe,
    ),
]


# Every command that plays or replays many games spreads them over worker processes.
Workers = Annotated[
    int,
    typer.Option(
        "--workers",
        "-j",
        min=1,
        max=64,
        help="Worker processes (results are identical for any number).",
    ),
]

# `--workers` of a command whose every run is long enough to pay for a pool (`layout rate`):
# every core the process may use unless given (default_workers).
AllCores = Annotated[
    int | None,
    typer.Option(
        "--workers",
        "-j",
        min=1,
        max=64,
        show_default="every core",
        help="Worker processes (results are identical for any number).",
    ),
]


def default_workers() -> int:
    """The cores this process may run on (its CPU affinity where the platform tells it), at
    most the 64 that --workers accepts."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return max(1, min(64, cores or 1))


# `--dask ADDRESS`: the games of a command that plays many on a Dask cluster (bearcli.distributed).
Dask = Annotated[
    str | None,
    typer.Option(
        "--dask",
        metavar="ADDRESS",
        help="Run the games on a Dask cluster (scheduler address, e.g. tcp://host:8786); "
        "same results as a local run.",
    ),
]


def check_precision(value: float | None) -> float | None:
    """--precision P: a usage error unless 0 < P <= 0.5 (the range check lets `nan` through)."""
    if value is not None and not 0 < value <= 0.5:
        raise typer.BadParameter(f"{value} is not a half-width in 0 < P <= 0.5")
    return value


# --precision P of every command that plays batches of seeded games (simulate, layout rate,
# vary and generate): each batch stops at the first block of 25 games where its win rates'
# 95% intervals are that narrow.
Precision = Annotated[
    float | None,
    typer.Option(
        "--precision",
        metavar="P",
        callback=check_precision,
        help="Stop a batch once its win rates' 95% intervals are within +-P, e.g. 0.01; "
        "checked every 25 games, --games is the cap.",
    ),
]


# --unchecked: run a scenario the static checks reject (P-SB7..), for experiments.
Unchecked = Annotated[
    bool,
    typer.Option(
        "--unchecked",
        help="Run even if the static checks (`bearcli layout check`) find an error; the "
        "output then names the errors it ran despite.",
    ),
]


def unchecked_note(ignored) -> list[str]:
    """The lines an --unchecked run prints under its result (empty when nothing was ignored)."""
    return [f"run despite a static error (--unchecked): {f.headline()}" for f in ignored]


def print_warnings(err_console, gate) -> None:
    """The static checks' warnings, on stderr, before a command runs (never fatal)."""
    for finding in gate.warnings:
        err_console.print(finding.headline(), highlight=False, markup=False)


def floe_source(file: Path, settings: list[str] | None, doing: str):
    """What a `layout` command that plays a floe reads: `(path, overrides, source)`, a shipped
    name resolved and the --set overrides applied. A scenario of another game is refused at
    its `game` key ("layout rate rates Sliding Bears floes, not this game"); anything that is
    not a scenario at all is left to the parser, whose error says what is wrong."""
    from bearcli.formats import scenario as scenario_fmt
    from bearcli.formats import shipped

    path = shipped.resolve(file)
    overrides = tuple(settings or ())
    src = scenario_fmt.with_overrides(scenario_fmt.read(path), overrides)
    game = src.data.get("game") if isinstance(src.data, dict) else None
    if isinstance(game, str) and game != "sliding-bears":
        raise src.error(f"{doing} Sliding Bears floes, not this game", "game")
    return path, overrides, src
