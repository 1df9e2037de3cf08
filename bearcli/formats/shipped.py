"""The shipped scenarios (package data `bearcli.scenarios`), usable by name on the command line.

A name is the file's path under the scenarios folder without `.yaml`: `sliding-bears/classic`,
`sliding-bears/small/single-file`, `bear-down/bots-4p`. A real file always wins over a name.
"""

from __future__ import annotations

import difflib
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


def is_name(text: str) -> bool:
    return text.replace("\\", "/").removesuffix(SUFFIX) in names()


def closest(text: str, n: int = 3) -> list[str]:
    """The shipped names closest to `text`, judged by their last part (a mistyped name, or
    the last part alone: `clasic` and `sliding-bears/classic` both suggest
    `sliding-bears/classic`); names in the folder `text` names come first."""
    text = text.replace("\\", "/").removesuffix(SUFFIX)
    folder, _, tail = text.rpartition("/")
    tails: dict[str, list[str]] = {}
    for name in names():
        tails.setdefault(name.rsplit("/", 1)[-1], []).append(name)
    found: list[str] = []
    for near in difflib.get_close_matches(tail, list(tails), n=n, cutoff=0.75):
        ranked = sorted(tails[near], key=lambda x: not x.startswith(folder + "/"))
        found.extend(ranked)
    return found[:n]


def hint(text: str) -> str:
    """`; did you mean the shipped scenario X?` for a name that is neither a file nor a
    shipped name, or '' when no shipped name is close."""
    near = closest(text)
    if not near:
        return ""
    said = near[0] if len(near) == 1 else f"{', '.join(near[:-1])} or {near[-1]}"
    return f"; did you mean the shipped scenario {said}? (`bearcli scenarios` lists them)"


def resolve(arg: Path) -> Path:
    """`arg` if it exists; else the shipped scenario it names; else `arg` unchanged. A name
    that is neither, but close to shipped names, is refused suggesting them."""
    if str(arg) == "-" or os.path.exists(arg):  # os.path: a name too long is simply not there
        return arg
    name = str(arg).replace("\\", "/").removesuffix(SUFFIX)
    if name in names():
        return path(name)
    if "\0" in name or name.endswith(".jsonl"):  # no file name, or an event log: no misspelt name
        return arg
    from bearcli.core import registry  # not at import: `bearcli --help` reads this module

    # nor is a game's own file (a `.layout`)
    if registry.scenario_file_game(Path(name).suffix) is None and (said := hint(name)):
        from bearcli.core.errors import InputError, Location

        raise InputError(f"no such file{said}", location=Location(str(arg), 1, 1))
    return arg
