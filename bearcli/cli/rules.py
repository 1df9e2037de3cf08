"""`bearcli rules`: the text of the rulings the engine cites (`[SB4]`, `[P-BD6]`, ...)."""

from typing import Annotated

import typer

from bearcli.cli import console as consoles
from bearcli.cli.edge import command

WIDTH = 88  # wrap the text at most this wide, narrower on a narrow terminal


@command
def rules_cmd(
    ctx: typer.Context,
    ruling_id: Annotated[
        str | None,
        typer.Argument(
            metavar="ID",
            help="A ruling id as errors cite it, e.g. SB4, BD8, P-BS2 (any case).",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Print the text of a ruling, or list every ruling with its title.

    Example: bearcli rules SB4
    """
    import textwrap

    from bearcli.core.errors import InputError
    from bearcli.formats import rulings

    out = consoles.get(ctx).out
    if ruling_id is None:
        known = rulings.load()
        pad = max(len(r.id) for r in known.values()) + 2
        section = None
        for ruling in known.values():
            if ruling.section != section:
                if section is not None:
                    out.print("", markup=False, highlight=False)
                section = ruling.section
                out.print(section, markup=False, highlight=False)
            out.print(f"  {ruling.id:<{pad}}{ruling.title}", markup=False, highlight=False)
        return
    try:
        ruling = rulings.get(ruling_id)
    except InputError as exc:  # a bad argument: a usage error (exit 2), as for any option
        error = typer.BadParameter(exc.message, ctx=ctx, param_hint="'ID'")
        error.show()
        raise typer.Exit(error.exit_code) from None
    width = max(20, min(WIDTH, out.width))
    out.print(f"{ruling.id} {ruling.title}", markup=False, highlight=False)
    for i, paragraph in enumerate(ruling.text.split("\n\n")):
        if i:
            out.print("", markup=False, highlight=False)
        out.print(textwrap.fill(paragraph, width), markup=False, highlight=False)
