"""The terminal edge: thin Typer commands over the library, one module each."""

import sys


def main() -> None:
    """The `bearcli` script. A Ctrl-C while the app and its command load (before a command's
    own edge, bearcli.cli.edge, can take it) ends the run as one while a command runs does:
    exit 130, `interrupted`, no traceback."""
    try:
        from bearcli.cli.app import main as run
    except KeyboardInterrupt:
        sys.stderr.write("interrupted\n")
        raise SystemExit(130) from None
    run()
