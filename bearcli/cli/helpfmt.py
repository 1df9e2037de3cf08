"""Plain help with clean names: `bearcli play [OPTIONS] SCENARIO`, not `{scenario}`.

Typer's plain (non-Rich) help writes a required argument as `{NAME}` in the usage line, adds
its type after it (`SCENARIO <path>`) and names an option's value by its Python type
(`--games <int range>`, `--set <list[str]>`). Every command is made with this class instead
(lazy.py builds them, clean_help for a group's): an argument is its metavar (else its name in
capitals), an option's value its metavar, else a plain word for its type (N, PATH, TEXT), as
Click and man pages write them. Loaded when the first command is built (not for the root's
help): it imports nothing typer has not loaded already. `TyperCommand` is the class that
`app.command(cls=...)` documents as the one to extend.
"""

import re
from typing import Any

import typer
from typer.core import TyperCommand

_BRACED = re.compile(r"\{([^{}]*)\}")
_TYPED = re.compile(r" <([^<>]*)>")  # Typer's type label after an option
_WORDS = {"int": "N", "float": "X", "path": "PATH", "str": "TEXT"}


def _word(match: re.Match[str]) -> str:
    """`<int range>` -> N, `<list[Path]>` -> PATH, `<str>` -> TEXT, anything else VALUE."""
    label = match.group(1).removeprefix("list[").removesuffix("]").split(" ")[0].lower()
    return " " + _WORDS.get(label, "VALUE")


class Command(TyperCommand):
    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        pieces = super().collect_usage_pieces(ctx)
        return [_BRACED.sub(lambda m: m.group(1).upper(), piece) for piece in pieces]

    def format_options(self, ctx: Any, formatter: Any) -> None:
        args, opts = [], []
        for param in self.get_params(ctx):
            row = param.get_help_record(ctx)
            if row is None:
                continue
            if param.param_type_name == "argument":
                # The metavar says what it is; Typer's `<path>` after it would say it twice.
                name = param.metavar or param.name.upper() + ("..." if param.nargs != 1 else "")
                args.append((name, row[1]))
            elif param.param_type_name == "option":
                opts.append((_TYPED.sub(_word, row[0]), row[1]))
        if args:
            with formatter.section("Arguments"):
                formatter.write_dl(args)
        if opts:
            with formatter.section("Options"):
                formatter.write_dl(opts)


def clean_help(typer_app: typer.Typer) -> None:
    """Every command of a Typer app, subcommands too, writes its help with Command (`SCENARIO`,
    `--games N`), unless it asks for a class of its own (Typer fills in its TyperCommand)."""
    for info in typer_app.registered_commands:
        if info.cls in (None, TyperCommand):
            info.cls = Command
    for group in typer_app.registered_groups:
        if group.typer_instance is not None:
            clean_help(group.typer_instance)
