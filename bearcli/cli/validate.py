"""`bearcli validate`: scenarios, layouts and move logs (a move log must replay legally)."""

from pathlib import Path
from typing import Annotated

import typer

from bearcli.cli import console as consoles
from bearcli.cli.edge import command, report
from bearcli.cli.exit_codes import Exit
from bearcli.cli.options import complete_scenario, file_name


@command
def validate_cmd(
    ctx: typer.Context,
    paths: Annotated[
        list[Path],
        typer.Argument(
            help="Files, or folders searched for *.yaml, *.yml and *.layout (and for event logs "
            "without their move log, an interrupted save); '-' reads one scenario or move log "
            "from standard input.",
            autocompletion=complete_scenario,
            parser=file_name,
        ),
    ],
    strict_seats: Annotated[
        bool,
        typer.Option(
            "--strict-seats",
            help="Move logs: every decision must name its seat (seat2 blue3), as a hand "
            "transcription should (P-C7); chance steps name none.",
        ),
    ] = False,
) -> None:
    """Check files; each problem is printed as FILE:LINE:COL: error: message, with its ruling.

    Sliding Bears floes also get the static checks (docs/rules.md, P-SB7 to P-SB12): errors
    fail the file, warnings (FILE:LINE:COL: warning: ...) are printed and the file passes.

    \b
    Examples:
      bearcli validate scenarios/ replays/     every scenario, layout and record
      bearcli validate my-floe.layout
      bearcli validate - < game.yaml           a record on standard input
    """
    from bearcli.core.errors import BearError
    from bearcli.formats import shipped, validation, yamlsrc

    cons = consoles.get(ctx)
    failed = 0
    files = validation.expand(paths)
    for path in files:
        try:
            checked = validation.check_file(shipped.resolve(path), strict_seats=strict_seats)
        except BearError as exc:
            failed += 1
            report(cons.err, exc)
            continue
        for warning in checked.warnings:  # static checks' warnings (P-SB7..): not failures
            cons.err.print(warning.headline(), highlight=False, markup=False)
        shown = yamlsrc.shown_name(path)
        cons.out.print(f"{shown}: ok ({checked.kind})", highlight=False, markup=False)
    if failed:
        cons.err.print(f"{failed} of {len(files)} files invalid", highlight=False)
        raise typer.Exit(Exit.INVALID)
