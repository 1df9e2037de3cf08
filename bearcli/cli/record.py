"""`bearcli record new`: a ready transcript header to write a table game into."""

import os
from pathlib import Path
from typing import Annotated

import typer

from bearcli.cli import console as consoles
from bearcli.cli.edge import command, report
from bearcli.cli.exit_codes import Exit
from bearcli.cli.options import complete_scenario

record_app = typer.Typer(
    help="Start a hand transcript of a table game: a ready record header to write moves into.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
)
SEATS_NAME = "--seats"  # where a bad --seats value is placed: --seats:1:COL


def _names(seats: str) -> list[str]:
    from bearcli.core.errors import InputError, Location

    names = [n.strip() for n in seats.split(",")]
    for i, name in enumerate(names):
        if not name:
            col = sum(len(n) + 1 for n in seats.split(",")[:i]) + 1
            raise InputError(
                "a seat's name is empty: write the people's names, NAME,NAME",
                location=Location(SEATS_NAME, 1, col),
            )
    return names


def _reference(given: str, path: Path, out: Path | None):
    """How the record names its scenario: the shipped name; a file inside the record's folder
    by its path from there; any other file inline (a record may read only its own folder)."""
    from bearcli.formats import scenario as scenario_fmt

    if str(path) != given or not os.path.exists(given):  # resolved to a shipped scenario
        return given.removesuffix(".yaml")
    folder = (out.parent if out is not None else Path(".")).resolve()
    target = path.resolve()
    from bearcli.core import registry

    # A game's own scenario file (a `.layout`) is no YAML scenario: the record inlines it.
    own_file = registry.scenario_file_game(path.suffix) is not None
    if folder in target.parents and not own_file:
        return target.relative_to(folder).as_posix()
    return scenario_fmt.self_contained(path)


@record_app.command("new")
@command
def new_cmd(
    ctx: typer.Context,
    scenario: Annotated[
        Path,
        typer.Argument(
            metavar="SCENARIO",
            help="Scenario file or shipped name (see `bearcli scenarios`).",
            autocompletion=complete_scenario,
        ),
    ],
    seats: Annotated[
        str,
        typer.Option(
            SEATS_NAME,
            metavar="NAME,NAME",
            help="The people at the table, in seat order (seat 1 first).",
        ),
    ],
    out: Annotated[
        Path | None,
        typer.Option("--out", help="Write the transcript to this file (default: standard output)."),
    ] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite the --out file.")] = False,
) -> None:
    """Write a transcript header: the scenario, the seats as people, `chance: manual` and a
    commented example of each kind of step of that game. It validates as an unfinished record;
    write the steps under `moves:` and check it with `bearcli validate --strict-seats FILE`.

    \b
    Examples:
      bearcli record new sliding-bears/classic --seats Mia,Tom --out game.yaml
      bearcli record new bear-down/two-players --seats Emma,Helena
    """
    from bearcli.core.errors import BearError, Location
    from bearcli.formats import atomic, movelog, shipped, transcript, yamlsrc
    from bearcli.formats import scenario as scenario_fmt

    cons = consoles.get(ctx)
    try:
        names = _names(seats)
    except BearError as exc:  # the option itself is wrong: a usage error (exit 2)
        report(cons.err, exc)
        raise typer.Exit(Exit.USAGE) from None
    given = str(scenario)
    path = shipped.resolve(scenario)
    people = transcript.seats_setting(names)
    src = scenario_fmt.read(path)
    scen = scenario_fmt.parse(
        scenario_fmt.with_overrides(src, (people,), (Location(SEATS_NAME, 1, 1),))
    )
    text = transcript.header(scen, _reference(given, path, out), names)
    # What is written is a record that validates (unfinished): checked before it is written.
    shown = str(out) if out is not None else "<stdout>"
    base = out.parent if out is not None else Path(".")
    movelog.replay(movelog.parse(yamlsrc.loads(text, shown, base)))
    if out is None:
        cons.out.print(text, end="", highlight=False, markup=False)
        return
    atomic.write_text(out, text, force=force)
    cons.err.print(f"wrote {out}", highlight=False, markup=False)
