"""The terminal edge: thin Typer commands over the library, one module each."""

import sys


def main() -> None:
    """The `bearcli` script. A Ctrl-C before a command's own edge (bearcli.cli.edge) can take
    it ends the run as one inside a command does: exit 130, `interrupted`, no traceback. It
    may come while the app and typer load, or while Typer reads the command line (Typer then
    exits 130 without a word)."""
    try:
        from bearcli.cli.app import main as run

        run()
    except KeyboardInterrupt:
        sys.stderr.write("interrupted\n")
        raise SystemExit(130) from None
    except SystemExit as done:
        if _interrupted_by_typer(done):
            sys.stderr.write("interrupted\n")
        raise


def _interrupted_by_typer(done: SystemExit) -> bool:
    """Whether Typer itself ended the run for a Ctrl-C: its exit 130 raised from the
    KeyboardInterrupt (a command's edge says `interrupted` and exits 130 from nothing)."""
    raised = done.__context__
    return (
        done.code == 130 and raised is not None and isinstance(raised.__cause__, KeyboardInterrupt)
    )
