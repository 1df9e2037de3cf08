"""Safe YAML loading that remembers the line and column of every value.

Secure by default: SafeLoader only, a size limit, and no aliases (an alias bomb would
otherwise expand a tiny file into gigabytes). Inputs are read only from regular files, and
never more than the limit; duplicate keys, deep nesting and text Python cannot print (lone
surrogates) are refused at their place instead of reaching the rules.

Where PyYAML has its libyaml binding, libyaml reads the text into YAML events (in C, over
ten times faster than PyYAML's own scanner and parser); the nodes are still composed, checked
and built by the same Python code as on the plain path, so the limits above hold on both.
Any text libyaml does not take is read again the plain way, which words every error: the
messages are PyYAML's whichever path ran. tests/formats/test_yaml_fast.py proves the two
paths give the same data and the same places.
"""

from __future__ import annotations

import os
import re
import stat
import sys
from pathlib import Path
from typing import Any

import yaml
from yaml.composer import Composer
from yaml.constructor import SafeConstructor
from yaml.reader import Reader
from yaml.resolver import Resolver

from bearcli.core.errors import InputError, Location
from bearcli.core.source import KEY, Source

MAX_BYTES = 1 << 20  # 1 MiB: far above any real scenario or record
MAX_DEPTH = 64  # nesting levels; a real file needs about six, Python's stack far fewer than 1000


_INT_DIGITS = sys.get_int_max_str_digits() or 4300  # 0: no limit set; Python's default
_INT_LIMIT = 10**_INT_DIGITS


class _Checked:
    """compose_node with the refusals (no aliases, no nesting deeper than MAX_DEPTH), and
    construct_object that says which value a tag cannot build (`!!int ""`, `!!bool x`)."""

    _depth = 0

    def compose_node(self, parent, index):
        if self.check_event(yaml.AliasEvent):
            event = self.peek_event()
            raise yaml.MarkedYAMLError(
                "while composing", None, "aliases (*name) are not allowed", event.start_mark
            )
        self._depth += 1
        try:
            if self._depth > MAX_DEPTH:
                mark = self.peek_event().start_mark
                raise yaml.MarkedYAMLError(
                    "while composing", None, f"nested deeper than {MAX_DEPTH} levels", mark
                )
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1

    def construct_object(self, node, deep=False):
        try:
            value = super().construct_object(node, deep)
        except _BadValue:
            raise
        # PyYAML's constructors fail on some tagged values with these, not with a YAML error
        except (ValueError, OverflowError, IndexError, KeyError, AttributeError, TypeError) as exc:
            raise _BadValue(node, exc) from None
        # A hexadecimal, octal or binary integer is built with no limit, and then cannot be
        # printed (nor echoed in an error): the same bound as a decimal one, in any notation.
        if type(value) is int and not -_INT_LIMIT < value < _INT_LIMIT:
            raise _BadValue(node, ValueError(f"more than {_INT_DIGITS} digits"))
        return value


class _BadValue(Exception):
    def __init__(self, node, exc: Exception):
        super().__init__(node, exc)
        self.node = node
        tag = node.tag.rsplit(":", 1)[-1]  # tag:yaml.org,2002:int -> int
        detail = f" ({exc})" if isinstance(exc, (ValueError, OverflowError)) else ""
        self.message = f"invalid YAML value: not a valid !!{tag}{detail}"


class _Loader(_Checked, yaml.SafeLoader):
    """The plain path: PyYAML's own reader, scanner and parser."""


_FastLoader: type[Any] | None = None  # PyYAML built without libyaml: the plain path alone
try:
    from yaml._yaml import CParser
except ImportError:
    pass
else:

    class _LibyamlLoader(_Checked, Composer, CParser, SafeConstructor, Resolver):
        """libyaml's events (CParser), composed and built by PyYAML's Python classes: Composer
        comes before CParser, so its compose methods (and the checks) are the ones used."""

        def __init__(self, text: str):
            CParser.__init__(self, text)
            SafeConstructor.__init__(self)
            Resolver.__init__(self)
            Composer.__init__(self)

        def compose_node(self, parent, index):
            tag = self.peek_event().tag if not self.check_event(yaml.AliasEvent) else None
            if tag is not None and tag != "!":
                raise _Unsure  # libyaml takes tags PyYAML refuses (`!-:x`): PyYAML judges
            return super().compose_node(parent, index)

        def compose_scalar_node(self, anchor):
            node = super().compose_scalar_node(anchor)
            if not node.value and not node.style:  # plain (libyaml: style "") and empty
                # A value left out (`seed:`): libyaml places it elsewhere than PyYAML does,
                # and an error about it must point where it always pointed.
                raise _Unsure
            return node

    _FastLoader = _LibyamlLoader


class _Unsure(Exception):
    """A text the fast path may read otherwise than the plain one: read it the plain way."""


_NON_PRINTABLE = Reader.NON_PRINTABLE.search
_TAB_OR_HEADER_COMMENT = re.compile(r"\t|[|>][-+0-9]*#").search


def _fast_path_for(text: str) -> bool:
    """Whether libyaml reads the text as PyYAML does. Not when the plain reader refuses a
    character, nor with what libyaml takes and PyYAML refuses: a tab (PyYAML allows none
    between tokens), a comment right after a block scalar's `|` or `>`, a `?` where there
    are flow collections (PyYAML ends a plain scalar at it there), a byte order mark past
    the first character. (Explicit tags and left-out values are found while composing.)"""
    return not (
        _TAB_OR_HEADER_COMMENT(text)
        or "?" in text
        and ("[" in text or "{" in text)
        or "\ufeff" in text[1:]
        or _NON_PRINTABLE(text)
    )


def _node(text: str):
    """The composed node of the text and the loader that built it (to construct with): by
    libyaml where it reads the text as PyYAML does; any text it refuses, or may read
    otherwise (_Unsure), is read again the plain way, which gives PyYAML's own message."""
    if _FastLoader is not None and _fast_path_for(text):
        loader = _FastLoader(text)
        try:
            return loader.get_single_node(), loader
        except (yaml.YAMLError, UnicodeError, _Unsure):  # UnicodeError: a lone surrogate
            loader.dispose()
    loader = _Loader(text)  # the reader refuses control characters here
    try:
        return loader.get_single_node(), loader
    except BaseException:
        loader.dispose()
        raise


def _at(file: str, mark) -> Location:
    return Location(file, mark.line + 1, mark.column + 1)


def _marks(node: yaml.Node, file: str, path: tuple, out: dict) -> None:
    out[path] = _at(file, node.start_mark)
    if isinstance(node, yaml.ScalarNode):
        if any("\ud800" <= c <= "\udfff" for c in node.value):
            raise InputError(
                "text with a surrogate escape (like \\ud83d; write \\U0001F600 instead)",
                location=_at(file, node.start_mark),
            )
    elif isinstance(node, yaml.MappingNode):
        for key_node, value_node in node.value:
            key = key_node.value if isinstance(key_node, yaml.ScalarNode) else None
            if key is not None:
                if (path + (key, KEY)) in out:
                    first = out[path + (key, KEY)]
                    raise InputError(
                        f"duplicate key {key!r} (first at line {first.line})",
                        location=_at(file, key_node.start_mark),
                    )
                out[path + (key, KEY)] = _at(file, key_node.start_mark)
                _marks(value_node, file, path + (key,), out)
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            _marks(item, file, path + (i,), out)


def _place(text: str, file: str, position: int) -> Location:
    before = text[:position]
    return Location(file, before.count("\n") + 1, position - (before.rfind("\n") + 1) + 1)


def loads(text: str, file: str, base_dir: Path | None = None) -> Source:
    """Parse YAML text into a Source; errors come back as InputError with a location."""
    if len(text.encode("utf-8", "replace")) > MAX_BYTES:
        raise InputError(f"file is larger than {MAX_BYTES} bytes", location=Location(file, 1, 1))
    loader = None
    try:
        node, loader = _node(text)
        locations: dict = {}
        if node is not None:
            _marks(node, file, (), locations)  # duplicates and surrogates, before building
        data = loader.construct_document(node) if node is not None else None
    except yaml.reader.ReaderError as exc:
        # the plain reader checks text (never bytes): the character comes as its code
        raise InputError(
            f"invalid YAML: character {chr(exc.character)!r} is not allowed in a YAML file",
            location=_place(text, file, exc.position),
        ) from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = _at(file, mark) if mark else Location(file, 1, 1)
        raise InputError(f"invalid YAML: {exc.problem or exc.context}", location=where) from None
    except yaml.YAMLError as exc:
        raise InputError(f"invalid YAML: {exc}", location=Location(file, 1, 1)) from None
    except _BadValue as exc:  # e.g. an integer of more than 4300 digits, `!!float ""`
        raise InputError(exc.message, location=_at(file, exc.node.start_mark)) from None
    except (ValueError, OverflowError) as exc:  # not from a value's constructor: no place known
        raise InputError(f"invalid YAML value: {exc}", location=Location(file, 1, 1)) from None
    finally:
        if loader is not None:
            loader.dispose()
    reader = _relative_reader(base_dir) if base_dir is not None else None
    return Source(data, file, locations, (), reader, text)


STDIN = "-"  # as a file argument: standard input
STDIN_NAME = "<stdin>"


def shown_name(path: Path) -> str:
    return STDIN_NAME if str(path) == STDIN else str(path)


def _read_stdin() -> str:
    data = sys.stdin.buffer.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise InputError(
            f"input is larger than {MAX_BYTES} bytes", location=Location(STDIN_NAME, 1, 1)
        )
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(
            f"not UTF-8 text ({exc.reason})", location=Location(STDIN_NAME, 1, 1)
        ) from None


def read_text(path: Path, shown: str | None = None) -> str:
    """A file's text (`-` is standard input), refused if too large or not UTF-8."""
    if str(path) == STDIN:
        return _read_stdin()
    shown = shown or str(path)
    try:
        return _read_regular(path, shown).decode("utf-8")
    except FileNotFoundError:
        raise InputError("no such file", location=Location(shown, 1, 1)) from None
    except IsADirectoryError:
        raise InputError("is a directory, not a file", location=Location(shown, 1, 1)) from None
    except UnicodeDecodeError as exc:
        raise InputError(f"not UTF-8 text ({exc.reason})", location=Location(shown, 1, 1)) from None
    except OSError as exc:
        raise InputError(f"cannot read: {exc.strerror}", location=Location(shown, 1, 1)) from None


def _read_regular(path: Path, shown: str) -> bytes:
    """At most MAX_BYTES of a regular file: a FIFO would block and a device never end, and a
    size that stat reports is not trusted (/proc files report 0)."""
    if "\0" in str(path):
        raise InputError("a file name cannot hold a NUL character", location=Location(shown, 1, 1))
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)  # opening a FIFO must not wait for a writer
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise InputError("is a directory, not a file", location=Location(shown, 1, 1))
        if not stat.S_ISREG(mode):
            raise InputError(
                "not a regular file (a pipe or a device cannot be read)",
                location=Location(shown, 1, 1),
            )
        chunks, size = [], 0
        while size <= MAX_BYTES:
            chunk = os.read(fd, MAX_BYTES + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    finally:
        os.close(fd)
    if size > MAX_BYTES:
        raise InputError(f"file is larger than {MAX_BYTES} bytes", location=Location(shown, 1, 1))
    return b"".join(chunks)


def load(path: Path) -> Source:
    """Files it names are read relative to its folder (to the working folder for stdin)."""
    base = Path(".") if str(path) == STDIN else path.parent
    return loads(read_text(path), shown_name(path), base)


def _relative_reader(base: Path):
    from bearcli.core.source import ALLOW_OUTSIDE, OutsideFolder

    def read(name: str) -> tuple[str, str]:
        target = base / name
        allowed = os.environ.get(ALLOW_OUTSIDE, "").strip().lower() in {"1", "true", "yes", "on"}
        if not allowed and "\0" not in name:  # a NUL is refused by read_text, at the key too
            # Symlinks resolved: a link inside the folder must not lead out of it either.
            folder = os.path.realpath(base)
            real = os.path.realpath(target)
            if os.path.commonpath([folder, real]) != folder:
                raise OutsideFolder("outside the folder")
        return read_text(target), str(target)

    return read
