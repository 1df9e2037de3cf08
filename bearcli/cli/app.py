"""The `bearcli` Typer app: one subcommand per module.

Loading it is cheap (`bearcli --version` and `--help` cost little more than importing typer):
the command modules declare their options with typer alone and import the library (games,
formats, simulation, solver, checking, rich's tables) only when their command runs.
tests/test_startup.py checks what loading the app imports. The command modules do without
`from __future__ import annotations` on purpose: Typer would eval every annotation string of
every command (several times over) at each start, which costs more than their imports did.
"""

import os
import sys

import typer
from typer.core import TyperCommand

from bearcli import __version__
from bearcli.cli import edge
from bearcli.cli.check import check_cmd
from bearcli.cli.helpfmt import Command
from bearcli.cli.layout import layout_app
from bearcli.cli.options import ALLOW_OUTSIDE, GAMES_HELP
from bearcli.cli.play import play_cmd
from bearcli.cli.replay import replay_cmd
from bearcli.cli.rules import rules_cmd
from bearcli.cli.scenarios import scenarios_cmd
from bearcli.cli.simulate import simulate_cmd
from bearcli.cli.solve import solve_cmd
from bearcli.cli.validate import validate_cmd

EXAMPLES = """\b
Examples:
  bearcli scenarios                       the shipped scenarios, by NAME
  bearcli play sliding-bears/classic --set 'seats=[human, greedy]'
  bearcli simulate bear-down/bots-4p --games 200 --rotate
  bearcli check replays/
  bearcli play --help                     each command's help has examples
  bearcli --install-completion            TAB completes commands and options"""

app = typer.Typer(
    name="bearcli",
    help="A rules engine for Bear Down!, Baerenspiel and Sliding Bears.",
    epilog=EXAMPLES,
    no_args_is_help=True,
    # `bearcli --install-completion` (bash, zsh, fish, PowerShell): TAB completes commands,
    # options and file names. Typer loads its completion code only when it is asked for.
    add_completion=True,
    pretty_exceptions_enable=False,
    # Plain Click help and usage errors: Typer's Rich help loads rich.markdown, pygments and
    # more, and would alone make `bearcli --help` twice as slow as importing typer.
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)
app.command("play", epilog=GAMES_HELP)(play_cmd)
app.command("simulate", epilog=GAMES_HELP)(simulate_cmd)
app.command("validate", epilog=GAMES_HELP)(validate_cmd)
app.command("replay")(replay_cmd)
app.command("solve", epilog=GAMES_HELP)(solve_cmd)
app.command("check")(check_cmd)
app.command("rules")(rules_cmd)
app.command("scenarios")(scenarios_cmd)
app.add_typer(layout_app, name="layout")


def _clean_help(typer_app: typer.Typer) -> None:
    """Every command, subcommands too, writes its help with helpfmt.Command (`SCENARIO`,
    `--games N`), unless it asks for a class of its own (Typer fills in its TyperCommand)."""
    for info in typer_app.registered_commands:
        if info.cls in (None, TyperCommand):
            info.cls = Command
    for group in typer_app.registered_groups:
        _clean_help(group.typer_instance)


_clean_help(app)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"bearcli {__version__}")
        raise typer.Exit()


@app.callback()
def root(
    ctx: typer.Context,
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Print the version and exit."
    ),
    debug: bool = typer.Option(
        False,
        "--debug",
        envvar="BEARCLI_DEBUG",
        help="Show the traceback behind an internal error (exit 3), for a bug report.",
    ),
    allow_outside: bool = typer.Option(
        False,
        "--allow-outside",
        envvar=ALLOW_OUTSIDE,
        help="Read files a scenario or record names outside its own folder (layout:, scenario:).",
    ),
) -> None:
    """Play, simulate, validate and replay bear board games."""
    ctx.meta[edge.DEBUG] = debug
    if allow_outside:
        os.environ[ALLOW_OUTSIDE] = "1"  # read by the file reader; worker processes inherit it


def main() -> None:
    try:
        app()
    except SystemExit as done:
        workers = sys.modules.get("bearcli.workers")  # loaded only by commands that use it
        if workers is not None and workers.killed_workers:
            # Killed workers can leave the executor's threads waiting at exit: end now.
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(done.code if isinstance(done.code, int) else 1)
        raise
