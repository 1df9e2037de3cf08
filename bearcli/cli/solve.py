"""`bearcli solve`: the exact win probability of a small cooperative game with perfect play."""

from contextlib import ExitStack
from pathlib import Path
from typing import Annotated

import typer

from bearcli.cli import console as consoles
from bearcli.cli.edge import command
from bearcli.cli.options import (
    Settings,
    Unchecked,
    complete_scenario,
    print_warnings,
    unchecked_note,
)

# The defaults of bearcli.exact_solver (MAX_POSITIONS, MAX_MEMORY_MB), named here too so that
# loading the app does not load the solver; tests/test_startup.py checks that they agree.
MAX_POSITIONS = 3_000_000
MAX_MEMORY_MB = 1024


@command
def solve_cmd(
    ctx: typer.Context,
    scenario: Annotated[
        Path,
        typer.Argument(
            help="Scenario file or shipped name (see `bearcli scenarios`); a small board.",
            autocompletion=complete_scenario,
        ),
    ],
    max_positions: Annotated[
        int,
        typer.Option(
            min=1,
            help="Give up beyond this many reachable positions (Sliding Bears: positions "
            "between turns, one per symmetry class).",
        ),
    ] = MAX_POSITIONS,
    max_memory: Annotated[
        int,
        typer.Option(min=1, metavar="MB", help="Give up once solving has taken this much memory."),
    ] = MAX_MEMORY_MB,
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
    plain: Annotated[
        bool,
        typer.Option(
            "--plain",
            help="Walk every step with the plain rules (slow: the reference the fast "
            "Sliding Bears solver is checked against).",
        ),
    ] = False,
    no_symmetry: Annotated[
        bool,
        typer.Option("--no-symmetry", help="Keep mirror images and colour swaps apart."),
    ] = False,
    unchecked: Unchecked = False,
    settings: Settings = None,
) -> None:
    """Solve a small board exactly: the team's best win probability, and each first choice.

    Sliding Bears is solved a whole turn at a time, one position per symmetry class; a board
    that counting and a sample show to be too large is refused before the search. At a
    terminal, bars on stderr count the positions explored, then solved (not with --json).
    Ctrl-C stops it (exit 130) and says how far it got.

    Examples:
      bearcli solve sliding-bears/small/single-file
      bearcli solve sliding-bears/small/single-file --json --set variant=multicolour
      bearcli solve sliding-bears/small/single-file --plain --max-positions 100000
    """
    import json

    from rich.markup import escape  # the title is the user's text, not markup
    from rich.table import Table

    from bearcli.cli import progress
    from bearcli.cli.exit_codes import Exit
    from bearcli.core.errors import Location
    from bearcli.exact_solver import NotCooperative, TooLarge, solve
    from bearcli.formats import scenario as scenario_fmt
    from bearcli.formats import shipped, validation

    cons = consoles.get(ctx)
    scenario = shipped.resolve(scenario)
    # scenario_fmt.read: a bare .layout is a scenario too
    src = scenario_fmt.with_overrides(scenario_fmt.read(scenario), tuple(settings or ()))
    scen = scenario_fmt.parse(src)
    # The static checks first: an error stops the solve (exit 1) unless --unchecked.
    checked = validation.gate(scen, src, unchecked=unchecked)
    print_warnings(cons.err, checked)
    enabled = progress.shown(cons.err, as_json)
    reached = {"explored": 0, "solved": 0}  # how far it got, should Ctrl-C stop it
    try:
        with ExitStack() as bars:
            explored = bars.enter_context(
                progress.bar(cons.err, "positions", None, enabled=enabled)
            )
            solved = None

            def on_explored(n: int) -> None:
                reached["explored"] = n
                explored.update(n)

            def on_solved(done: int, total: int) -> None:
                nonlocal solved
                reached["solved"] = done
                if solved is None:
                    bars.close()  # the exploration's bar is done: the solving's follows
                    solved = bars.enter_context(
                        progress.bar(cons.err, "solved", total, enabled=enabled)
                    )
                solved.update(done)

            result = solve(
                scen.game,
                scen.config,
                max_positions,
                max_memory,
                progress=on_explored,
                method="plain" if plain else "auto",
                symmetry=not no_symmetry,
                solving=on_solved,
            )
    except NotCooperative as exc:
        raise exc.at(src.loc("game")) from None
    except TooLarge as exc:  # the board as a whole is too large: said at its file
        raise exc.at(Location(scen.file, 1, 1)) from None
    except KeyboardInterrupt:
        stage = "solving" if reached["solved"] else "exploring"
        if as_json:
            body = {
                "game": scen.game.name,
                "scenario": scen.title,
                "fingerprint": scen.fingerprint,
                "interrupted": True,
                "stage": stage,
                "positions_explored": reached["explored"],
                "positions_solved": reached["solved"],
            }
            cons.out.print(
                json.dumps(body, indent=2, sort_keys=True), markup=False, highlight=False
            )
        cons.err.print(
            f"interrupted while {stage}: {reached['explored']} positions explored, "
            f"{reached['solved']} solved; no value yet",
            highlight=False,
        )
        raise typer.Exit(Exit.INTERRUPTED) from None
    if as_json:
        body = {
            "game": scen.game.name,
            "scenario": scen.title,
            "fingerprint": scen.fingerprint,
            "method": result.method,
            "positions": result.positions,
            "iterations": result.iterations,
            "win_probability": round(result.win_probability, 6),
            "unchecked_errors": [f.headline() for f in checked.ignored],
            "first_steps": [
                {"step": s, "win_probability": round(v, 6)} for s, v in result.first_steps
            ],
        }
        if result.stats:
            body["encoding"] = dict(result.stats)
        cons.out.print(json.dumps(body, indent=2, sort_keys=True), markup=False, highlight=False)
        return
    what = "positions between turns" if result.method == "turns" else "positions"
    table = Table(
        title=escape(f"{scen.game.title}: {scen.title} - exact, perfect play ")
        + f"({result.positions} {what})",
        title_justify="left",
    )
    table.add_column("first decision")
    table.add_column("win probability", justify="right")
    table.add_row("best play", f"{result.win_probability:.2%}", style="bold")
    for step, value in result.first_steps:
        table.add_row(step, f"{value:.2%}")
    cons.out.print(table)
    for line in unchecked_note(checked.ignored):
        cons.out.print(line, markup=False, highlight=False)
