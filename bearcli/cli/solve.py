"""`bearcli solve`: the exact win probability of a small cooperative game with perfect play."""

from pathlib import Path
from typing import Annotated

import typer

from bearcli.cli import console as consoles
from bearcli.cli.edge import command
from bearcli.cli.options import Settings

# The defaults of bearcli.solver (MAX_POSITIONS, MAX_MEMORY_MB), named here too so that
# loading the app does not load the solver; tests/test_startup.py checks that they agree.
MAX_POSITIONS = 1_000_000
MAX_MEMORY_MB = 1024


@command
def solve_cmd(
    ctx: typer.Context,
    scenario: Annotated[
        Path,
        typer.Argument(
            help="Scenario file or shipped name (see `bearcli scenarios`); a small board."
        ),
    ],
    max_positions: Annotated[
        int, typer.Option(min=1, help="Give up beyond this many reachable positions.")
    ] = MAX_POSITIONS,
    max_memory: Annotated[
        int,
        typer.Option(min=1, metavar="MB", help="Give up once solving has taken this much memory."),
    ] = MAX_MEMORY_MB,
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
    settings: Settings = None,
) -> None:
    """Solve a small board exactly: the team's best win probability, and each first choice.

    At a terminal, a bar on stderr counts the positions explored (not with --json).
    """
    import json

    from rich.markup import escape  # the title is the user's text, not markup
    from rich.table import Table

    from bearcli.cli import progress
    from bearcli.core.errors import Location
    from bearcli.formats import scenario as scenario_fmt
    from bearcli.formats import shipped, yamlsrc
    from bearcli.solver import NotCooperative, TooLarge, solve

    cons = consoles.get(ctx)
    scenario = shipped.resolve(scenario)
    src = scenario_fmt.with_overrides(yamlsrc.load(scenario), tuple(settings or ()))
    scen = scenario_fmt.parse(src)
    try:
        enabled = progress.shown(cons.err, as_json)
        with progress.bar(cons.err, "positions", None, enabled=enabled) as ticker:
            result = solve(
                scen.game, scen.config, max_positions, max_memory, progress=ticker.update
            )
    except NotCooperative as exc:
        raise exc.at(src.loc("game")) from None
    except TooLarge as exc:  # the board as a whole is too large: said at its file
        raise exc.at(Location(scen.file, 1, 1)) from None
    if as_json:
        body = {
            "game": scen.game.name,
            "scenario": scen.title,
            "fingerprint": scen.fingerprint,
            "positions": result.positions,
            "iterations": result.iterations,
            "win_probability": round(result.win_probability, 6),
            "first_steps": [
                {"step": s, "win_probability": round(v, 6)} for s, v in result.first_steps
            ],
        }
        cons.out.print(json.dumps(body, indent=2, sort_keys=True), markup=False, highlight=False)
        return
    table = Table(
        title=escape(f"{scen.game.title}: {scen.title} - exact, perfect play ")
        + f"({result.positions} positions)",
        title_justify="left",
    )
    table.add_column("first decision")
    table.add_column("win probability", justify="right")
    table.add_row("best play", f"{result.win_probability:.2%}", style="bold")
    for step, value in result.first_steps:
        table.add_row(step, f"{value:.2%}")
    cons.out.print(table)
