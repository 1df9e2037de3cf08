"""The one place errors become messages and exit codes (no traceback reaches a user)."""

from __future__ import annotations

import functools
from collections.abc import Callable

import typer

from bearcli.cli import console as consoles
from bearcli.cli.exit_codes import Exit

DEBUG = "bearcli.debug"  # ctx.meta key: set by `bearcli --debug` or BEARCLI_DEBUG=1


def report(err_console, exc) -> None:
    """Print a BearError: its located headline, then its detail lines, all literally."""
    from rich.markup import escape

    err_console.print(escape(exc.headline()), highlight=False)
    for line in exc.details:
        err_console.print(escape(line), highlight=False)


def command(fn: Callable) -> Callable:
    """Wrap a command: BearError -> exit 1, Ctrl-C -> 130, a bug -> 3, all without traceback."""

    @functools.wraps(fn)
    def wrapper(ctx: typer.Context, *args, **kwargs):
        from bearcli.core.errors import BearError  # here: loading the app imports no library

        err = consoles.get(ctx).err
        try:
            return fn(ctx, *args, **kwargs)
        except BearError as exc:
            report(err, exc)
            raise typer.Exit(Exit.INVALID) from None
        except KeyboardInterrupt:
            err.print("interrupted", highlight=False)
            raise typer.Exit(Exit.INTERRUPTED) from None
        except (typer.Exit, typer.Abort):
            raise
        except Exception as exc:  # noqa: BLE001 - the last line of defence
            import traceback

            from rich.markup import escape

            if ctx.meta.get(DEBUG):
                err.print(escape(traceback.format_exc().rstrip()), highlight=False)
            err.print(
                escape(
                    f"error: internal error: {type(exc).__name__}: {exc} "
                    "(this is a bug in bearcli; please report it)"
                ),
                highlight=False,
            )
            raise typer.Exit(Exit.INTERNAL) from None

    return wrapper
