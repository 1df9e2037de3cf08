"""The text of every ruling the engine cites, read from the rules.md that ships with the package.

rules.md (package data `bearcli.docs`, the repository's docs/ folder) writes each ruling, of the
rulebooks and of the project alike, as one list item under a game's `## ` section:

    - **SB4 Jump (optional).** A bear of a colour the bear die shows may move ...
      the text goes on in lines indented by two spaces

An indented line after a blank line starts a further paragraph of the same ruling. The
`## Rules versions` section holds a table `| game | rules version | changes |`.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from importlib.resources import files

from bearcli.core.errors import InputError
from bearcli.core.safetext import clip

_ITEM = re.compile(r"- \*\*(?P<id>(?:P-)?[A-Z]+\d+) (?P<title>[^*]+?)\.\*\*(?: +(?P<text>.*))?")
_SECTION = re.compile(r"## (?P<name>\S.*)")
_VERSIONS = "Rules versions"
_ID = re.compile(r"(?P<prefix>(?:P-)?[A-Z]+)(?P<number>\d+)")


@dataclass(frozen=True)
class Ruling:
    id: str  # "SB4", "P-BD6"
    title: str  # "Jump (optional)"
    text: str  # plain text (backticks kept, see plain()); paragraphs separated by a blank line
    section: str  # the game's section: "Common", "Bear Down!", "Bärenspiel", "Sliding Bears"


def source() -> str:
    """The rules.md that ships with the package."""
    return (files("bearcli.docs") / "rules.md").read_text(encoding="utf-8")


def plain(markdown: str) -> str:
    """Inline Markdown as plain text: no emphasis or link marks. Backticks stay: they quote
    what is typed or written literally (`removed: random`, `roll blue:W`)."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", markdown)
    text = re.sub(r"\*\*(.+?)\*\*", r"\1", text)
    text = re.sub(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])", r"\1", text)
    return text


def parse(text: str) -> dict[str, Ruling]:
    """Every ruling item of a rules.md text, in document order."""
    found: dict[str, Ruling] = {}
    section = ""
    current: dict | None = None

    def finish() -> None:
        nonlocal current
        if current is None:
            return
        rid = current["id"]
        if rid in found:
            raise ValueError(f"rules.md: ruling {rid} is written twice")
        paragraphs = [" ".join(p) for p in current["paragraphs"] if p]
        found[rid] = Ruling(
            rid,
            plain(current["title"]),
            "\n\n".join(plain(p) for p in paragraphs),
            current["section"],
        )
        current = None

    blank = False
    for line in text.splitlines():
        heading = _SECTION.fullmatch(line)
        item = _ITEM.fullmatch(line)
        if heading or item:
            finish()
        if heading:
            section = heading["name"].strip()
        elif item:
            current = {
                "id": item["id"],
                "title": item["title"].strip(),
                "paragraphs": [[item["text"].strip()] if item["text"] else []],
                "section": section,
            }
        elif current is not None and line.startswith("  ") and line.strip():
            if blank:
                current["paragraphs"].append([])
            current["paragraphs"][-1].append(line.strip())
        elif current is not None and line.strip():
            finish()  # any other line closes the item
        blank = not line.strip()
    finish()
    return found


@functools.cache
def _loaded() -> tuple[Ruling, ...]:
    return tuple(parse(source()).values())


def load() -> dict[str, Ruling]:
    """Every ruling of the shipped rules.md by id, in document order."""
    return {r.id: r for r in _loaded()}


def _ranges(ids: list[str]) -> str:
    """`C1, C2, C3, BD1` -> `C1..C3, BD1`: runs of one prefix with consecutive numbers."""
    runs: list[list[str]] = []
    for rid in ids:
        m = _ID.fullmatch(rid)
        if runs and m:
            last = _ID.fullmatch(runs[-1][-1])
            if (
                last
                and last["prefix"] == m["prefix"]
                and int(m["number"]) == int(last["number"]) + 1
            ):
                runs[-1].append(rid)
                continue
        runs.append([rid])
    return ", ".join(run[0] if len(run) == 1 else f"{run[0]}..{run[-1]}" for run in runs)


def get(ruling_id: str) -> Ruling:
    """One ruling by id, case-insensitively (`sb4` finds SB4)."""
    rulings = load()
    key = ruling_id.strip().upper()
    if key in rulings:
        return rulings[key]
    raise InputError(
        f"unknown ruling {clip(ruling_id, 20)!r} (known: {_ranges(list(rulings))}; "
        "'bearcli rules' lists them)"
    )


def versions() -> dict[str, int]:
    """Game name -> rules version, from the `## Rules versions` table of rules.md."""
    result: dict[str, int] = {}
    inside = False
    for line in source().splitlines():
        heading = _SECTION.fullmatch(line)
        if heading:
            inside = heading["name"].strip() == _VERSIONS
            continue
        if not inside or not line.startswith("|"):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 2 or not cells[1].isdigit():
            continue  # the header row and the --- row
        result[cells[0].strip("`")] = int(cells[1])
    return result
