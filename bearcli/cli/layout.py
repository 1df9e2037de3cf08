"""`bearcli layout show|render|new|check`: what a Sliding Bears floe's author needs.

Each takes a `.layout` file (read as the scenario it stands for: default seats and rules,
docs/layouts.md) or a Sliding Bears scenario, or a shipped name; `--set` applies as in play.
"""

import re
from pathlib import Path
from typing import Annotated

import typer

from bearcli.cli import console as consoles
from bearcli.cli.edge import command, report
from bearcli.cli.exit_codes import Exit
from bearcli.cli.layout_generate import generate_cmd
from bearcli.cli.layout_rate import rate_cmd
from bearcli.cli.layout_vary import vary_cmd
from bearcli.cli.options import FloeFile, Settings

layout_app = typer.Typer(
    help="Show, draw, start and check Sliding Bears layouts (floes).",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
)

Force = Annotated[bool, typer.Option("--force", help="Overwrite an existing output file.")]
SIZE_NAME = "COLSxROWS"  # where a bad size is placed: COLSxROWS:1:COL


def _floe(path: Path, settings):
    """(scenario, source) of a Sliding Bears floe; another game's scenario is refused."""
    from bearcli.core.errors import ScenarioError
    from bearcli.formats import scenario as scenario_fmt
    from bearcli.formats import shipped

    src = scenario_fmt.with_overrides(
        scenario_fmt.read(shipped.resolve(path)), tuple(settings or ())
    )
    scen = scenario_fmt.parse(src)
    if scen.game.name != "sliding-bears":
        raise ScenarioError(
            f"layouts are Sliding Bears floes; this is a {scen.game.name} scenario",
            location=src.loc("game"),
        )
    return scen, src


@layout_app.command("show")
@command
def show_cmd(ctx: typer.Context, file: FloeFile, settings: Settings = None) -> None:
    """Draw the floe in the terminal, with its legend (the same drawing as play).

    \b
    Examples:
      bearcli layout show sliding-bears/classic
      bearcli layout show my-floe.layout
    """
    from bearcli.core import abilities

    cons = consoles.get(ctx)
    scen, _ = _floe(file, settings)
    state, _ = scen.game.initial_state(scen.config)
    cons.out.print(abilities.render(scen.game, state))
    lay = scen.config.layout
    kinds = (("I", "ice tile"), ("S", "seal"), ("R", "rock"), (".", "open water square"))
    counts = ", ".join(_count(lay.cells.count(c), name) for c, name in kinds)
    cons.out.print(
        f"{scen.title}: {lay.width} x {lay.height}, {counts}; level {scen.config.level}",
        highlight=False,
        markup=False,
    )


@layout_app.command("render")
@command
def render_cmd(
    ctx: typer.Context,
    file: FloeFile,
    svg_out: Annotated[
        Path,
        typer.Option(
            "--svg",
            help="Write the picture here, as SVG (the same drawing as `replay --svg`: tiles, "
            "bears, start and finish squares, square names). PNG is not offered: convert the SVG.",
            show_default=False,
        ),
    ],
    title: Annotated[
        str | None, typer.Option(help="The title drawn above the floe (default: its title).")
    ] = None,
    force: Force = False,
    settings: Settings = None,
) -> None:
    """Draw the floe as an SVG picture to share.

    \b
    Example:
      bearcli layout render sliding-bears/classic --svg classic.svg
    """
    from bearcli.formats import atomic
    from bearcli.games.sliding_bears import svg

    cons = consoles.get(ctx)
    scen, _ = _floe(file, settings)
    state, _ = scen.game.initial_state(scen.config)
    atomic.write_text(svg_out, svg.picture(state, title or scen.title), force=force)
    cons.err.print(f"wrote {svg_out}", highlight=False, markup=False)


def size_argument(cons, text: str) -> tuple[int, int]:
    """The COLSxROWS argument of `layout new` and `layout generate`: a usage error (exit 2),
    reported at the argument, unless it parses."""
    from bearcli.core.errors import InputError

    try:
        return _size(text)
    except InputError as exc:  # the argument itself is wrong: a usage error (exit 2)
        report(cons.err, exc)
        raise typer.Exit(Exit.USAGE) from None


def _size(text: str) -> tuple[int, int]:
    """COLSxROWS, each 3 to 12 (SB1)."""
    from bearcli.core.errors import InputError, Location
    from bearcli.games.sliding_bears.layout import MAX_SIZE, MIN_SIZE

    found = re.fullmatch(r"(\d{1,3})[xX](\d{1,3})", text.strip())
    if found is None:
        raise InputError(
            f"a size is COLSxROWS, such as 7x5, not {text!r}", location=Location(SIZE_NAME, 1, 1)
        )
    for n, what in ((1, "columns"), (2, "rows")):
        if not MIN_SIZE <= int(found.group(n)) <= MAX_SIZE:
            raise InputError(
                f"{int(found.group(n))} {what}: a floe has {MIN_SIZE} to {MAX_SIZE} {what}",
                ruling="SB1",
                location=Location(
                    SIZE_NAME, 1, found.start(n) + 1 + len(text) - len(text.lstrip())
                ),
            )
    return int(found.group(1)), int(found.group(2))


@layout_app.command("new")
@command
def new_cmd(
    ctx: typer.Context,
    size: Annotated[
        str, typer.Argument(metavar=SIZE_NAME, help="Columns x rows, each 3 to 12: 7x5.")
    ],
    out: Annotated[
        Path | None,
        typer.Option("--out", help="Write the layout to this file (default: standard output)."),
    ] = None,
    force: Force = False,
) -> None:
    """Write a commented starting layout (it validates) to edit into a floe of your own.

    \b
    Example:
      bearcli layout new 7x5 --out my-floe.layout
    """
    from bearcli.formats import atomic
    from bearcli.games.sliding_bears.starter import starter

    cons = consoles.get(ctx)
    width, height = size_argument(cons, size)
    text = starter(width, height)
    if out is None:
        cons.out.print(text, end="", highlight=False, markup=False)
        return
    atomic.write_text(out, text, force=force)
    cons.err.print(f"wrote {out}", highlight=False, markup=False)


@layout_app.command("check")
@command
def check_cmd(ctx: typer.Context, file: FloeFile, settings: Settings = None) -> None:
    """The static checks (docs/rules.md, P-SB7 to P-SB12), as validate runs them: errors
    (exit 1) and warnings, each at its line and column.

    \b
    Example:
      bearcli layout check my-floe.layout
    """
    from bearcli.formats import validation, yamlsrc

    cons = consoles.get(ctx)
    scen, src = _floe(file, settings)
    findings = validation.static_findings(scen, src)
    for finding in findings:
        cons.err.print(finding.headline(), highlight=False, markup=False)
    errors = sum(f.severity == "error" for f in findings)
    warnings = len(findings) - errors
    if errors:
        cons.err.print(f"{_count(errors, 'error')}, {_count(warnings, 'warning')}")
        raise typer.Exit(Exit.INVALID)
    shown = yamlsrc.shown_name(file)
    cons.out.print(f"{shown}: ok ({_count(warnings, 'warning')})", highlight=False, markup=False)


def _count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


layout_app.command("rate")(rate_cmd)
layout_app.command("vary")(vary_cmd)
layout_app.command("generate")(generate_cmd)
