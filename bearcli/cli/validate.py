"""`bearcli validate`: scenarios, layouts and move logs (a move log must replay legally)."""

from pathlib import Path
from typing import Annotated

import typer

from bearcli.cli import console as consoles
from bearcli.cli.edge import command, report
from bearcli.cli.exit_codes import Exit


@command
def validate_cmd(
    ctx: typer.Context,
    paths: Annotated[
        list[Path],
        typer.Argument(
            help="Files, or folders searched for *.yaml, *.yml and *.layout (and for event logs "
            "without their move log, an interrupted save); '-' reads one scenario or move log "
            "from standard input."
        ),
    ],
) -> None:
    """Check files; each problem is printed as FILE:LINE:COL: error: message, with its ruling."""
    from bearcli.core.errors import BearError
    from bearcli.formats import checks, yamlsrc

    cons = consoles.get(ctx)
    failed = 0
    files = checks.expand(paths)
    for path in files:
        try:
            kind = checks.check_file(path)
        except BearError as exc:
            failed += 1
            report(cons.err, exc)
            continue
        cons.out.print(f"{yamlsrc.shown_name(path)}: ok ({kind})", highlight=False, markup=False)
    if failed:
        cons.err.print(f"{failed} of {len(files)} files invalid", highlight=False)
        raise typer.Exit(Exit.INVALID)
