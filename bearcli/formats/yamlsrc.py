"""Safe YAML loading that remembers the line and column of every value.

Secure by default: SafeLoader only, a size limit, and no aliases (an alias bomb would
otherwise expand a tiny file into gigabytes).
"""

from __future__ import annotations

import sys
from pathlib import Path

import yaml

from bearcli.core.errors import InputError, Location
from bearcli.core.source import KEY, Source

MAX_BYTES = 1 << 20  # 1 MiB: far above any real scenario or record


class _Loader(yaml.SafeLoader):
    def compose_node(self, parent, index):
        if self.check_event(yaml.AliasEvent):
            event = self.peek_event()
            raise yaml.MarkedYAMLError(
                "while composing", None, "aliases (*name) are not allowed", event.start_mark
            )
        return super().compose_node(parent, index)


def _marks(node: yaml.Node, file: str, path: tuple, out: dict) -> None:
    mark = node.start_mark
    out[path] = Location(file, mark.line + 1, mark.column + 1)
    if isinstance(node, yaml.MappingNode):
        for key_node, value_node in node.value:
            key = key_node.value if isinstance(key_node, yaml.ScalarNode) else None
            if key is not None:
                km = key_node.start_mark
                out[path + (key, KEY)] = Location(file, km.line + 1, km.column + 1)
                _marks(value_node, file, path + (key,), out)
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            _marks(item, file, path + (i,), out)


def loads(text: str, file: str, base_dir: Path | None = None) -> Source:
    """Parse YAML text into a Source; errors come back as InputError with a location."""
    if len(text.encode("utf-8", "replace")) > MAX_BYTES:
        raise InputError(f"file is larger than {MAX_BYTES} bytes", location=Location(file, 1, 1))
    loader = _Loader(text)
    try:
        node = loader.get_single_node()
        data = loader.construct_document(node) if node is not None else None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = Location(file, mark.line + 1, mark.column + 1) if mark else Location(file, 1, 1)
        raise InputError(f"invalid YAML: {exc.problem or exc.context}", location=where) from None
    except yaml.YAMLError as exc:
        raise InputError(f"invalid YAML: {exc}", location=Location(file, 1, 1)) from None
    finally:
        loader.dispose()
    locations: dict = {}
    if node is not None:
        _marks(node, file, (), locations)
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
        if path.stat().st_size > MAX_BYTES:
            raise InputError(
                f"file is larger than {MAX_BYTES} bytes", location=Location(shown, 1, 1)
            )
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError("no such file", location=Location(shown, 1, 1)) from None
    except IsADirectoryError:
        raise InputError("is a directory, not a file", location=Location(shown, 1, 1)) from None
    except UnicodeDecodeError as exc:
        raise InputError(f"not UTF-8 text ({exc.reason})", location=Location(shown, 1, 1)) from None
    except OSError as exc:
        raise InputError(f"cannot read: {exc.strerror}", location=Location(shown, 1, 1)) from None


def load(path: Path) -> Source:
    """Files it names are read relative to its folder (to the working folder for stdin)."""
    base = Path(".") if str(path) == STDIN else path.parent
    return loads(read_text(path), shown_name(path), base)


def _relative_reader(base: Path):
    def read(name: str) -> tuple[str, str]:
        target = base / name
        return read_text(target), str(target)

    return read
