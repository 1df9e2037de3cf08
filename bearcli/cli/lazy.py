"""A command group that imports a command's module only when that command is wanted.

`bearcli --version` and `bearcli --help` import no command module: building the commands'
Typer options and help texts costs as much as importing typer itself. A command is built
(its module imported, its Typer function turned into a command) the first time it is looked
up, that is when it runs, shows its help or completes its options; it is kept then.

This is Click's documented recipe for lazily loaded subcommands ("Lazily Loading Subcommands":
a group class whose `list_commands` names the commands and whose `get_command` imports one),
written on Typer's public API only: the group is a subclass of `TyperGroup`, the class that
`typer.Typer(cls=...)` documents, and a command is built from its function (or its Typer app)
the way Typer builds any app, by `typer.main.get_command` over an app that holds only that
command. Typer's own copy of Click (`typer._click`) and its internal models are not touched,
so a Typer release that moves them changes nothing here.

The group's commands are a table of `Entry`s (app.py). The root help and TAB after `bearcli `
list each command with the first sentence of its help, written out in the table so that
listing needs no module: while listing, the group answers with a stand-in command that has
only that sentence as its help, and Typer's own listing code writes it. tests/test_startup.py
checks each sentence against the command's own help, so it cannot drift, and that the lists
are what Typer writes from the built commands. `commands` stays a mapping of every command by
name, so whatever reads it (the "Did you mean" of a mistyped command, tests that walk the
commands) still sees them all; only reading a command's value builds it.
"""

import importlib
from collections.abc import Callable, Iterator, MutableMapping
from contextlib import contextmanager
from typing import Any, ClassVar, NamedTuple

import typer
from typer.core import TyperCommand, TyperGroup

# Set in the context's meta while the group lists its commands (help, completion).
_LISTING = "bearcli.lazy.listing"


class Entry(NamedTuple):
    """One command: where it is and what the root help says of it."""

    module: str  # "bearcli.cli.play"
    attr: str  # the command's function there, or a Typer app (a group such as `layout`)
    summary: str  # the first sentence of its help, which the root help shortens to fit
    epilog: str | None = None  # the text after its help (app.command's epilog=)


class LazyCommands(MutableMapping[str, Any]):
    """Commands by name, in the table's order; a command is built when first read."""

    def __init__(self, entries: dict[str, Entry], build: Callable[[str, Entry], Any]):
        self._entries = entries
        self._build = build
        self._built: dict[str, Any] = {}

    def __getitem__(self, name: str) -> Any:
        if name not in self._built:
            self._built[name] = self._build(name, self._entries[name])  # KeyError: no such
        return self._built[name]

    def __setitem__(self, name: str, command: Any) -> None:  # add_command
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

    def __init__(self, **attrs: Any) -> None:
        super().__init__(**attrs)
        self.commands = LazyCommands(self.entries, self._build)
        self._stand_ins: dict[str, TyperCommand] = {}

    def _build(self, name: str, entry: Entry) -> Any:
        """The command of an entry, built as Typer builds it in an app like the root:
        `app.command(name, epilog=...)(function)` or `app.add_typer(sub_app, name=name)`."""
        from bearcli.cli import helpfmt  # the commands' help format: not needed before

        target = getattr(importlib.import_module(entry.module), entry.attr)
        app = typer.Typer(add_completion=False, rich_markup_mode=None)
        if isinstance(target, typer.Typer):
            helpfmt.clean_help(target)
            app.add_typer(target, name=name)
            group = typer.main.get_command(app)
            assert isinstance(group, TyperGroup)  # an app with a sub-app is a group
            return group.commands[name]
        app.command(name, cls=helpfmt.Command, epilog=entry.epilog)(target)
        return typer.main.get_command(app)  # an app of one command is that command

    def list_commands(self, ctx: Any) -> list[str]:
        return list(self.commands)  # the names only: nothing is built

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        if ctx.meta.get(_LISTING) and cmd_name in self.entries:
            return self._stand_in(cmd_name)
        return self.commands.get(cmd_name)  # builds that one command

    def _stand_in(self, name: str) -> TyperCommand:
        """What the listing shows of a command: its name and the table's sentence."""
        if name not in self._stand_ins:
            self._stand_ins[name] = TyperCommand(name, help=self.entries[name].summary)
        return self._stand_ins[name]

    @contextmanager
    def _listing(self, ctx: Any) -> Iterator[None]:
        ctx.meta[_LISTING] = True
        try:
            yield
        finally:
            del ctx.meta[_LISTING]

    def format_commands(self, ctx: Any, formatter: Any) -> None:
        """The root help's list of commands: TyperGroup's, from the table's sentences."""
        with self._listing(ctx):
            super().format_commands(ctx, formatter)

    def shell_complete(self, ctx: Any, incomplete: str) -> list[Any]:
        """TAB after `bearcli `: the command names (with their sentences) and, after `-`, the
        root's options, as TyperGroup completes them; no command is built to complete its
        own name."""
        with self._listing(ctx):
            return super().shell_complete(ctx, incomplete)
