"""The `bearcli` Typer app: one subcommand per module, each imported only when it is run.

Loading it is cheap (`bearcli --version` and `--help` cost little more than importing typer):
the app is the root's options and a table of its commands (lazy.py), whose modules are
imported, and their Typer options built, only when their command runs, shows its help or
completes. The command modules import the library (games, formats, simulation, solver,
checking, rich's tables) inside their command bodies in turn. tests/test_startup.py checks what
loading the app, and running a command, imports. The command modules do without
`from __future__ import annotations` on purpose: Typer would eval every annotation string of
a command (several times over) each time it is built, which costs more than their imports did.
"""

import os
import sys

import typer

from bearcli import __version__
from bearcli.cli.lazy import Entry, LazyGroup
from bearcli.cli.options import (
    ALLOW_OUTSIDE,
    GAMES_HELP,
    SIMULATE_GAMES_HELP,
    VALIDATE_GAMES_HELP,
)

EXAMPLES = """\b
Examples:
  bearcli scenarios                       the shipped scenarios, by NAME
  bearcli play sliding-bears/classic --set 'seats=[human, greedy]'
  bearcli simulate bear-down/bots-4p --games 200 --rotate
  bearcli check replays/
  bearcli play --help                     each command's help has examples
  bearcli --install-completion            TAB completes commands and options"""

# The commands, in the order `bearcli --help` lists them. A summary is the first sentence of
# the command's help (its docstring), which the root help lists: tests/test_startup.py checks
# that each is still its command's.
COMMANDS = {
    "play": Entry(
        "bearcli.cli.play",
        "play_cmd",
        "Play at the terminal: the board in colour, steps typed in the notation, bots move.",
        epilog=GAMES_HELP,
    ),
    "simulate": Entry(
        "bearcli.cli.simulate",
        "simulate_cmd",
        "Play many seeded games and report win rates and game lengths.",
        epilog=SIMULATE_GAMES_HELP,
    ),
    "validate": Entry(
        "bearcli.cli.validate",
        "validate_cmd",
        "Check files; each problem is printed as FILE:LINE:COL: error: message, with its ruling.",
        epilog=VALIDATE_GAMES_HELP,
    ),
    "replay": Entry(
        "bearcli.cli.replay",
        "replay_cmd",
        "Replay a game record step by step; an illegal step stops it with the ruling broken.",
    ),
    "solve": Entry(
        "bearcli.cli.solve",
        "solve_cmd",
        "Solve a small board exactly: the team's best win probability, and each first choice.",
        epilog=GAMES_HELP,
    ),
    "check": Entry(
        "bearcli.cli.check",
        "check_cmd",
        "Replay every record and compare its events with NAME.events.jsonl beside NAME.yaml.",
    ),
    "rules": Entry(
        "bearcli.cli.rules",
        "rules_cmd",
        "Print the text of a ruling, or list every ruling with its title.",
    ),
    "scenarios": Entry(
        "bearcli.cli.scenarios",
        "scenarios_cmd",
        "List the shipped scenarios: pass a NAME to simulate, play or solve instead of a file.",
    ),
    "record": Entry(
        "bearcli.cli.record",
        "record_app",  # a Typer app: the `record` group and its subcommands
        "Start a hand transcript of a table game: a ready record header to write moves into.",
    ),
    "layout": Entry(
        "bearcli.cli.layout",
        "layout_app",  # a Typer app: the `layout` group and its subcommands
        "Show, draw, start and check Sliding Bears layouts (floes).",
    ),
}


class Commands(LazyGroup):
    entries = COMMANDS


app = typer.Typer(
    name="bearcli",
    cls=Commands,
    help="A rules engine for Bear Down!, Baerenspiel and Sliding Bears.",
    epilog=EXAMPLES,
    no_args_is_help=True,
    # `bearcli --install-completion` (bash, zsh, fish, PowerShell): TAB completes commands,
    # options and file names. Typer builds the two options at each start (well under a
    # millisecond; `import typer` has loaded their code) and completes only when asked to.
    add_completion=True,
    pretty_exceptions_enable=False,
    # Plain Click help and usage errors: Typer's Rich help loads rich.markdown, pygments and
    # more, and would alone make `bearcli --help` twice as slow as importing typer.
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)


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
    from bearcli.cli import edge  # here: `--help` and `--version` end before this runs

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
