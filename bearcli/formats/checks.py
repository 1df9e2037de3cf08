"""What `validate` checks: a file's kind, and whether it is valid (no terminal here)."""

from __future__ import annotations

from pathlib import Path

from bearcli.core.errors import InputError, Location
from bearcli.formats import movelog, yamlsrc
from bearcli.formats import scenario as scenario_fmt

SUFFIXES = (".yaml", ".yml", ".layout")


def expand(paths: list[Path]) -> list[Path]:
    """Files as given, folders searched recursively, in sorted order (stable output)."""
    out: list[Path] = []
    for p in paths:
        if p.is_dir():
            out.extend(sorted(f for f in p.rglob("*") if f.suffix in SUFFIXES and f.is_file()))
        else:
            out.append(p)
    return out


def check_file(path: Path) -> str:
    """Raise the first problem found; return the kind of file that was checked."""
    if path.suffix == ".layout":
        from bearcli.games.sliding_bears import layout  # the one game with layout files

        layout.parse(yamlsrc.read_text(path), str(path))
        return "layout"
    src = yamlsrc.load(path)
    if not isinstance(src.data, dict):
        raise InputError(
            "expected a scenario or a move log (a YAML mapping)", location=Location(str(path), 1, 1)
        )
    if "moves" in src.data or src.data.get("format") == movelog.FORMAT:
        log = movelog.parse(src)
        match = movelog.replay(log)
        return f"move log, {log.scenario.game.name}, {len(log.moves)} moves, " + (
            match.outcome.termination if match.outcome else "unfinished"
        )
    scen = scenario_fmt.parse(src)
    return f"scenario, {scen.game.name}"
