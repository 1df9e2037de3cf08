"""`bearcli layout generate COLSxROWS --target RATE`: floes made to a difficulty, written as
commented `.layout` files with their rating. Thin over the game's generate.py (no terminal there).
"""

from pathlib import Path
from typing import Annotated

import typer

from bearcli.cli import console as consoles
from bearcli.cli.edge import command
from bearcli.cli.options import Precision, Workers

# generate.py's defaults, named here so that loading the app does not load the library.
GAMES, PRECISION, SEED, BOT, TRIES = 400, 0.03, 1, "planner", 60
BOTS = ("planner", "greedy")


def _target(value: float) -> float:
    if not 0 <= value <= 1:
        raise typer.BadParameter(f"{value} is not a win rate from 0 to 1 (0.5 is one half)")
    return value


def _choice(allowed: tuple[str, ...]):
    def check(value: str) -> str:
        if value not in allowed:
            raise typer.BadParameter(f"{value!r} is not one of {', '.join(allowed)}")
        return value

    return check


def paths(out: Path, count: int) -> list[Path]:
    """Where the floes go: OUT itself for one, OUT's stem with -1, -2, ... for several."""
    if count == 1:
        return [out]
    return [out.with_name(f"{out.stem}-{n}{out.suffix or '.layout'}") for n in range(1, count + 1)]


@command
def generate_cmd(
    ctx: typer.Context,
    size: Annotated[
        str, typer.Argument(metavar="COLSxROWS", help="Columns x rows, each 3 to 12: 7x5.")
    ],
    target: Annotated[
        float,
        typer.Option(
            "--target",
            metavar="RATE",
            callback=_target,
            help="The win rate to aim at, 0 to 1 (the floe's rate ends within 0.05 of it).",
        ),
    ],
    level: Annotated[
        str,
        typer.Option(callback=_choice(("normal", "hard")), help="The level it is rated at."),
    ] = "normal",
    variant: Annotated[
        str,
        typer.Option(
            callback=_choice(("classic", "multicolour")), help="The variant it is rated in."
        ),
    ] = "classic",
    count: Annotated[int, typer.Option("--count", min=1, max=50, help="How many floes.")] = 1,
    seed: Annotated[
        int, typer.Option("--seed", "-s", help="Seed of the floes and ratings.")
    ] = SEED,
    bot: Annotated[
        str,
        typer.Option(
            metavar="NAME",
            callback=_choice(BOTS),
            help="The bot that rates (planner: the strongest; greedy: faster).",
        ),
    ] = BOT,
    games: Annotated[
        int, typer.Option("--games", "-n", min=25, max=100_000, help="Games per rating, at most.")
    ] = GAMES,
    precision: Precision = PRECISION,
    tries: Annotated[
        int, typer.Option("--tries", min=1, max=10_000, help="Ratings in all before giving up.")
    ] = TRIES,
    workers: Workers = 1,
    out: Annotated[
        Path | None,
        typer.Option(
            "--out",
            metavar="PATH",
            help="Write the floe here (several: PATH-1.layout, PATH-2.layout, ...); default: "
            "standard output.",
        ),
    ] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite existing files.")] = False,
) -> None:
    """Make floes whose rating lies within 5 points of a target win rate, each passing every
    static check, written as commented .layout files with their rating. The same arguments
    give the same floes (any --workers).

    \b
    Example:
      bearcli layout generate 7x5 --target 0.5 --count 2 --out river.layout
    """
    from bearcli.cli import progress
    from bearcli.cli.layout import size_argument
    from bearcli.core.errors import InputError, Location
    from bearcli.formats import atomic, yamlsrc
    from bearcli.games.sliding_bears.generate import NotFound, Request, file_text, generate
    from bearcli.rating import judge, play_rate

    cons = consoles.get(ctx)
    width, height = size_argument(cons, size)
    targets = paths(out, count) if out is not None else []
    for path in targets:  # refused before any game is played
        if path.exists() and not force:
            raise InputError(
                "file exists; pass --force to overwrite it", location=Location(str(path), 1, 1)
            )
    req = Request(width, height, target, level, variant, bot, games, precision, seed, tries=tries)
    with progress.bar(cons.err, "games", None, enabled=progress.shown(cons.err, False)) as tk:

        def on_try(n: int, rate: float | None) -> None:
            tk.describe(f"rating {n} of at most {tries}: last {rate:.0%}")

        try:
            found = generate(
                req,
                count,
                judge=judge(yamlsrc.loads("", "generated.layout"), strict=True),
                play=play_rate(
                    req.games,
                    req.seed,
                    req.bot,
                    workers=workers,
                    precision=req.precision,
                    on_games=tk.advance,
                ),
                on_try=on_try,
            )
        except NotFound as exc:
            raise InputError(str(exc), location=Location("--target", 1, 1)) from None
    for n, g in enumerate(found, start=1):
        text = file_text(g, req, n, count)
        if out is None:
            cons.out.print(text, end="" if n == count else "\n", highlight=False, markup=False)
            continue
        atomic.write_text(targets[n - 1], text, force=force)
        lo, hi = g.ci95
        cons.out.print(
            f"wrote {targets[n - 1]}: {bot} wins {g.rate:.1%} ({lo:.1%} - {hi:.1%}) of "
            f"{g.games} games at the {level} level",
            highlight=False,
            markup=False,
        )
