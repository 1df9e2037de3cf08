"""A command group that imports a command's module only when that command is wanted.

`bearcli --version` and `bearcli --help` import no command module: building the commands'
Typer options and help texts costs as much as importing typer itself. A command is built
(its module imported, its Typer function turned into a click command) the first time it is
looked up, that is when it runs, shows its help or completes its options; it is kept then.

The group's commands are a table of `Entry`s (app.py). The root help lists each command
with the first sentence of its help, written out in the table so that listing needs no
module; tests/test_startup.py checks each against the command's own help, so it cannot drift.
`commands` stays a mapping of every command by name (as Typer's group has it), so whatever
reads it (the "Did you mean" of a mistyped command, tests that walk the commands) still sees
them all; only reading a command's value builds it.
"""

import importlib
from collections.abc import Callable, Iterator, MutableMapping
from typing import ClassVar, NamedTuple

import typer
from typer import _click as click  # Typer's own Click: no second copy is loaded
from typer._click.shell_completion import CompletionItem
from typer._click.utils import make_default_short_help
from typer.core import TyperGroup
from typer.models import CommandInfo, TyperInfo


class Entry(NamedTuple):
    """One command: where it is and what the root help says of it."""

    module: str  # "bearcli.cli.play"
    attr: str  # the command's function there, or a Typer app (a group such as `layout`)
    summary: str  # the first sentence of its help, which the root help shortens to fit
    epilog: str | None = None  # the text after its help (app.command's epilog=)


class LazyCommands(MutableMapping):
    """Commands by name, in the table's order; a command is built when first read."""

    def __init__(self, entries: dict[str, Entry], build: Callable[[str, Entry], click.Command]):
        self._entries = entries
        self._build = build
        self._built: dict[str, click.Command] = {}

    def __getitem__(self, name: str) -> click.Command:
        if name not in self._built:
            self._built[name] = self._build(name, self._entries[name])  # KeyError: no such
        return self._built[name]

    def __setitem__(self, name: str, command: click.Command) -> None:  # add_command
        self._built[name] = command

    def __delitem__(self, name: str) -> None:
        raise TypeError("a lazy group's commands cannot be removed")

    def __contains__(self, name: object) -> bool:  # without building it
        return name in self._entries or name in self._built

    def __iter__(self) -> Iterator[str]:
        yield from self._entries
        yield from (name for name in self._built if name not in self._entries)

    def __len__(self) -> int:
        return len(self._entries) + sum(name not in self._entries for name in self._built)

    def built(self) -> list[str]:
        """The names built so far (tests: what a run has loaded)."""
        return list(self._built)


class LazyGroup(TyperGroup):
    """A TyperGroup over a table of entries (a subclass sets `entries`), given to Typer as
    `typer.Typer(cls=...)`: Typer builds it with the root's options and no commands."""

    entries: ClassVar[dict[str, Entry]] = {}
    pretty_exceptions_short: ClassVar[bool] = True  # what Typer passes by default

    def __init__(self, **attrs) -> None:
        super().__init__(**attrs)
        self.commands = LazyCommands(self.entries, self._build)

    def _build(self, name: str, entry: Entry) -> click.Command:
        """The click command of an entry, built as `app.command(name, epilog=...)(function)`
        or `app.add_typer(sub_app, name=name)` would have built it when the app loaded."""
        from bearcli.cli import helpfmt  # the commands' help format: not needed before

        target = getattr(importlib.import_module(entry.module), entry.attr)
        if isinstance(target, typer.Typer):
            helpfmt.clean_help(target)
            return typer.main.get_group_from_info(
                TyperInfo(target, name=name),
                pretty_exceptions_short=self.pretty_exceptions_short,
                rich_markup_mode=self.rich_markup_mode,
                suggest_commands=self.suggest_commands,
            )
        return typer.main.get_command_from_info(
            CommandInfo(name, cls=helpfmt.Command, callback=target, epilog=entry.epilog),
            pretty_exceptions_short=self.pretty_exceptions_short,
            rich_markup_mode=self.rich_markup_mode,
        )

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(self.commands)  # the names only: nothing is built

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        return self.commands.get(cmd_name)  # builds that one command

    def summary(self, name: str, limit: int = 45) -> str:
        """A command's line in the root help (or beside its name when completing), from
        the table: what click's get_short_help_str(limit) makes of the command's help."""
        if name in self.entries:
            return make_default_short_help(self.entries[name].summary, limit)
        return self.commands[name].get_short_help_str(limit)  # one added by add_command

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """TyperGroup's plain command list, with the summaries of the table."""
        names = self.list_commands(ctx)
        if not names:
            return
        limit = formatter.width - 6 - max(len(name) for name in names)  # as click's
        with formatter.section("Commands"):
            formatter.write_dl([(name, self.summary(name, limit)) for name in names])

    def shell_complete(self, ctx: click.Context, incomplete: str) -> list[CompletionItem]:
        """TAB after `bearcli `: the command names (with their summaries) and, after `-`, the
        root's options; no command is built to complete its own name."""
        results = [
            CompletionItem(name, help=self.summary(name))
            for name in self.list_commands(ctx)
            if name.startswith(incomplete)
        ]
        results.extend(click.Command.shell_complete(self, ctx, incomplete))  # the options
        return results
