"""Data read from a file, with the place each value came from.

The core never opens files; formats/ builds a Source and the rules use it to point their
complaints at the exact line and column of the value that is wrong.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bearcli.core.errors import BearError, Collector, InputError, Location, ScenarioError
from bearcli.core.safetext import clip

Path = tuple[str | int, ...]
KEY = "\0key"  # path suffix under which a mapping key's own place is stored
_MISSING = object()
# Set (to 1) by `bearcli --allow-outside`; an environment variable so that worker processes
# (check, simulate --workers) inherit it.
ALLOW_OUTSIDE = "BEARCLI_ALLOW_OUTSIDE"


class OutsideFolder(InputError):
    """A file named by a scenario or record lies outside the folder of the file naming it."""


@dataclass(frozen=True)
class Source:
    data: Any
    file: str
    locations: dict[Path, Location] = field(default_factory=dict, compare=False)
    path: Path = ()
    # Reads a file named relative to this one: (text, display name). Injected so rules
    # that accept "a path or inline" (layouts) stay free of I/O.
    read_relative: Callable[[str], tuple[str, str]] | None = field(default=None, compare=False)
    text: str = field(default="", compare=False, repr=False)  # the whole file, for block scalars

    def loc(self, *path: str | int) -> Location:
        """Where a value (or, failing that, its nearest parent) stands in the file."""
        full = self.path + path
        while True:
            if full in self.locations:
                return self.locations[full]
            if not full:
                return Location(self.file, 1, 1)
            full = full[:-1]

    def child(self, *path: str | int) -> Source:
        data = self.data
        for p in path:
            data = data[p]
        return Source(
            data, self.file, self.locations, self.path + path, self.read_relative, self.text
        )

    def get(self, key: str, default: Any = _MISSING) -> Any:
        if isinstance(self.data, dict) and key in self.data:
            return self.data[key]
        if default is _MISSING:
            raise ScenarioError(f"missing key {key!r}", location=self.loc())
        return default

    def error(self, message: str, *path: str | int, ruling: str | None = None) -> ScenarioError:
        return ScenarioError(message, ruling=ruling, location=self.loc(*path))

    def require_mapping(self, allowed: frozenset[str] | set[str]) -> None:
        """Refuse anything but a mapping with known keys (a typo must not pass silently)."""
        if not isinstance(self.data, dict):
            raise self.error("expected a mapping")
        problems = Collector()
        for key in self.data:
            if key not in allowed:
                problems.add(
                    ScenarioError(
                        f"unknown key {key!r} (expected one of: {', '.join(sorted(allowed))})",
                        location=self.loc(key, KEY),
                    )
                )
        problems.raise_any()

    def check_format(self, expected: str) -> None:
        """An optional `format:` key must name the format this file is read as."""
        fmt = self.get("format", expected)
        if fmt != expected:
            raise self.error(f"unknown format {fmt!r} (expected {expected!r})", "format")

    def read_named_file(self, key: str) -> tuple[str, str]:
        """The file a string value names, relative to this one: (text, shown name)."""
        name = self.get(key)
        if self.read_relative is None:
            raise self.error(f"a {key} path needs a file to be relative to", key)
        try:
            return self.read_relative(name)
        except OutsideFolder:
            # A record from elsewhere must not read (and echo) any file it likes by naming it.
            # `<stdin>` is no file: what it names is relative to the working folder.
            folder = (
                "the working folder" if self.file.startswith("<") else f"the folder of {self.file}"
            )
            raise self.error(
                f"{key} {name!r} is outside {folder}; pass --allow-outside to read it", key
            ) from None
        except BearError as exc:  # not found, too large, not UTF-8: said at the key
            raise self.error(f"{key} {name!r}: {exc.message}", key) from None

    def typed(
        self,
        key: str,
        kind: type | tuple[type, ...],
        default: Any = _MISSING,
        *,
        ruling: str | None = None,
    ) -> Any:
        value = self.get(key, default)
        if value is default and default is not _MISSING:
            return value
        # bool is an int in Python; a YAML `yes` must not pass as a number.
        if not isinstance(value, kind) or (isinstance(value, bool) and bool not in _tuple(kind)):
            names = "/".join(t.__name__ for t in _tuple(kind))
            shown = clip(repr(value))  # a 1 MB value is not echoed whole
            raise self.error(f"{key!r} must be {names}, not {shown}", key, ruling=ruling)
        return value


def _tuple(kind: type | tuple[type, ...]) -> tuple[type, ...]:
    return kind if isinstance(kind, tuple) else (kind,)
