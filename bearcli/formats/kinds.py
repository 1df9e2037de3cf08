"""Which kind of bearcli file a file is, so a file given to the wrong command is named as what
it is, with the command that takes it (`replay river.layout`: a layout, not a move log).

Sniffed from the text before it is parsed as YAML (an event log is JSON Lines, a game's own
file, such as a Sliding Bears layout, may not be YAML at all), then from the parsed mapping's
keys. A game's own file is the `ScenarioFiles` ability's: told by its suffix or by the game
from its text, and named by the game.
"""

from __future__ import annotations

import re
from pathlib import Path

from bearcli.core import registry
from bearcli.core.errors import InputError, Location
from bearcli.core.source import Source
from bearcli.formats import yamlsrc

SCENARIO, MOVE_LOG, EVENT_LOG = "scenario", "move log", "event log"
GAME_FILE = "game file"  # a file of a game's own that stands for a scenario: GAME_FILE:GAME
# What each kind is called in a message, and the commands that take it.
NAMED = {
    SCENARIO: "a scenario",
    MOVE_LOG: "a move log (a game record)",
    EVENT_LOG: "an event log",
}
TAKEN_BY = {
    SCENARIO: "`bearcli play`, `simulate`, `solve` and `validate` take it",
    MOVE_LOG: "`bearcli replay` and `validate` take it, `bearcli play` continues it",
    EVENT_LOG: "`bearcli replay RECORD --check FILE` compares a record's replay with it",
}
_EVENTS_HEADER = re.compile(r'\s*\{.*"format"\s*:\s*"bearcli-events/')
_YAML_KEY = re.compile(r"^(game|moves|seats|format)\s*:", re.M)


def game_file(game) -> str:
    """The kind of a file of `game`'s own."""
    return f"{GAME_FILE}:{game.name}"


def of_text(text: str, name: str = "") -> str | None:
    """An event log or a game's own file, told from its text; None for anything else."""
    first = next((ln for ln in text.splitlines() if ln.strip()), "")
    if _EVENTS_HEADER.match(first):
        return EVENT_LOG
    if (game := registry.scenario_file_game(Path(name).suffix)) is not None:
        return game_file(game)
    if _YAML_KEY.search(text):  # a scenario's or a record's keys: no game's own file
        return None
    for game in _games(GAME_FILE):
        if game.is_scenario_file_text(text):
            return game_file(game)
    return None


def _games(kind: str) -> list:
    """The games a kind stands for: its own game, or every game with files of its own."""
    own = registry.scenario_files().values()
    return [g for g in own if kind in (GAME_FILE, game_file(g))]


def _named(kind: str) -> str:
    if kind.startswith(GAME_FILE):
        return " or ".join(f"a {g.title} {g.scenario_file_kind}" for g in _games(kind))
    return NAMED[kind]


def _taken_by(kind: str) -> str:
    if kind.startswith(GAME_FILE):
        (game,) = _games(kind)  # a file's kind names its own game
        return game.scenario_file_taken_by
    return TAKEN_BY[kind]


def is_wanted(kind: str, wanted: tuple[str, ...]) -> bool:
    """Whether a file of `kind` is one of `wanted` (GAME_FILE there: any game's own file)."""
    return kind in wanted or (kind.startswith(GAME_FILE) and GAME_FILE in wanted)


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
    names = [_named(w).split(" (")[0] for w in wanted]
    expected = " or ".join([", ".join(names[:-1]), names[-1]] if len(names) > 2 else names)
    return InputError(
        f"this is {_named(kind)}, not {expected}: {_taken_by(kind)}",
        location=Location(file, 1, 1),
    )


def load(path: Path, wanted: tuple[str, ...]) -> Source:
    """yamlsrc.load, refusing a file of another kind than `wanted` by naming its kind."""
    shown = yamlsrc.shown_name(path)
    text = yamlsrc.read_text(path)
    kind = of_text(text, str(path))
    if kind is not None and not is_wanted(kind, wanted):
        raise wrong(kind, wanted, shown)
    base = Path(".") if str(path) == yamlsrc.STDIN else path.parent
    src = yamlsrc.loads(text, shown, base)
    kind = of_data(src.data)
    if kind is not None and not is_wanted(kind, wanted):
        raise wrong(kind, wanted, shown)
    return src
