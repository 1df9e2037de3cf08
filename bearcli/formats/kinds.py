"""Which kind of bearcli file a file is, so a file given to the wrong command is named as what
it is, with the command that takes it (`replay river.layout`: a layout, not a move log).

Sniffed from the text before it is parsed as YAML (an event log is JSON Lines, a layout a grid
that is not YAML at all), then from the parsed mapping's keys.
"""

from __future__ import annotations

import re
from pathlib import Path

from bearcli.core.errors import InputError, Location
from bearcli.core.source import Source
from bearcli.formats import yamlsrc

SCENARIO, MOVE_LOG, LAYOUT, EVENT_LOG = "scenario", "move log", "layout", "event log"
# What each kind is called in a message, and the commands that take it.
NAMED = {
    SCENARIO: "a scenario",
    MOVE_LOG: "a move log (a game record)",
    LAYOUT: "a Sliding Bears layout",
    EVENT_LOG: "an event log",
}
TAKEN_BY = {
    SCENARIO: "`bearcli play`, `simulate`, `solve` and `validate` take it",
    MOVE_LOG: "`bearcli replay` and `validate` take it, `bearcli play` continues it",
    LAYOUT: "`bearcli play`, `simulate`, `validate` and `layout show` take it",
    EVENT_LOG: "`bearcli replay RECORD --check FILE` compares a record's replay with it",
}
_EVENTS_HEADER = re.compile(r'\s*\{.*"format"\s*:\s*"bearcli-events/')
_LAYOUT_ROW = re.compile(r"^\s*(finish|start|[0-9]+)\s*:\s*([A-Za-z.]\s+)*[A-Za-z.]\s*$", re.M)
_YAML_KEY = re.compile(r"^(game|moves|seats|format)\s*:", re.M)


def of_text(text: str, name: str = "") -> str | None:
    """An event log or a layout, told from its text; None for anything else."""
    first = next((ln for ln in text.splitlines() if ln.strip()), "")
    if _EVENTS_HEADER.match(first):
        return EVENT_LOG
    if name.endswith(".layout"):
        return LAYOUT
    rows = _LAYOUT_ROW.findall(text)
    if len(rows) >= 3 and not _YAML_KEY.search(text):  # a grid of rows, none of a YAML file's keys
        return LAYOUT
    return None


def of_data(data: object) -> str | None:
    """A move log or a scenario, told from a parsed mapping's keys; None when unclear."""
    if not isinstance(data, dict):
        return None
    fmt = str(data.get("format", ""))
    if "moves" in data or fmt.startswith("bearcli-moves/"):
        return MOVE_LOG
    if fmt.startswith("bearcli-scenario/") or ("game" in data and "seats" in data):
        return SCENARIO
    return None


def wrong(kind: str, wanted: tuple[str, ...], file: str) -> InputError:
    names = [NAMED[w].split(" (")[0] for w in wanted]
    expected = " or ".join([", ".join(names[:-1]), names[-1]] if len(names) > 2 else names)
    return InputError(
        f"this is {NAMED[kind]}, not {expected}: {TAKEN_BY[kind]}",
        location=Location(file, 1, 1),
    )


def load(path: Path, wanted: tuple[str, ...]) -> Source:
    """yamlsrc.load, refusing a file of another kind than `wanted` by naming its kind."""
    shown = yamlsrc.shown_name(path)
    text = yamlsrc.read_text(path)
    kind = of_text(text, str(path))
    if kind is not None and kind not in wanted:
        raise wrong(kind, wanted, shown)
    base = Path(".") if str(path) == yamlsrc.STDIN else path.parent
    src = yamlsrc.loads(text, shown, base)
    kind = of_data(src.data)
    if kind is not None and kind not in wanted:
        raise wrong(kind, wanted, shown)
    return src
