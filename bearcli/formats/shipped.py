"""The shipped scenarios (package data `bearcli.scenarios`), usable by name on the command line.

A name is the file's path under the scenarios folder without `.yaml`: `sliding-bears/classic`,
`sliding-bears/small/single-file`, `bear-down/bots-4p`. A real file always wins over a name.
"""

from __future__ import annotations

import os
from importlib.resources import files
from pathlib import Path

SUFFIX = ".yaml"


def root() -> Path:
    # Both an editable and a regular install keep the package data on the filesystem.
    return Path(str(files("bearcli.scenarios")))


def names() -> list[str]:
    """Every shipped scenario's name, sorted."""
    base = root()
    return sorted(p.relative_to(base).with_suffix("").as_posix() for p in base.rglob("*" + SUFFIX))


def path(name: str) -> Path:
    """The packaged file of a shipped scenario (`name` with or without `.yaml`)."""
    name = name.removesuffix(SUFFIX)
    if name not in names():
        raise KeyError(name)
    return root().joinpath(*name.split("/")).with_suffix(SUFFIX)


def resolve(arg: Path) -> Path:
    """`arg` if it exists; else the shipped scenario it names; else `arg` unchanged."""
    if os.path.exists(arg):  # os.path: a name too long to look up is simply not there
        return arg
    name = str(arg).replace("\\", "/").removesuffix(SUFFIX)
    if name in names():
        return path(name)
    return arg
