"""What `validate` checks: a file's kind, and whether it is valid (no terminal here)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import NamedTuple

from bearcli.core import registry
from bearcli.core.abilities import StaticChecks
from bearcli.core.errors import ErrorList, InputError, Location
from bearcli.formats import eventlog, kinds, movelog
from bearcli.formats import scenario as scenario_fmt

SUFFIXES = (".yaml", ".yml")  # a scenario or a move log; games add their own (ScenarioFiles)


def _move_log_of(event_log: Path) -> Path | None:
    """The move log that `NAME.events.jsonl` pins (NAME.yaml or NAME.yml), None if neither is
    there; None too for any other file."""
    if not event_log.name.endswith(eventlog.SUFFIX):
        return None
    stem = event_log.name.removesuffix(eventlog.SUFFIX)
    for suffix in (".yaml", ".yml"):
        if (event_log.parent / f"{stem}{suffix}").is_file():
            return event_log.parent / f"{stem}{suffix}"
    return None


def _orphan(path: Path) -> bool:
    """An event log whose move log is missing: what a save killed halfway leaves."""
    return path.name.endswith(eventlog.SUFFIX) and _move_log_of(path) is None


def expand(paths: list[Path]) -> list[Path]:
    """Files as given, folders searched recursively, in sorted order (stable output); in a
    folder, an event log without its move log is listed too, to be reported."""
    out: list[Path] = []
    suffixes: tuple[str, ...] | None = None
    for p in paths:
        if os.path.isdir(p):  # os.path: False, not an error, for a name too long
            if suffixes is None:
                suffixes = SUFFIXES + tuple(registry.scenario_files())
            out.extend(
                sorted(
                    f for f in p.rglob("*") if (f.suffix in suffixes or _orphan(f)) and f.is_file()
                )
            )
        else:
            out.append(p)
    return out


class Checked(NamedTuple):
    kind: str  # what the file was checked as: "layout", "scenario, GAME", "move log, ..."
    warnings: tuple = ()  # the static checks' warnings (P-SB7..): printed, never fatal


def static_findings(scen, src) -> tuple:
    """The static checks of a scenario's game (a game with the StaticChecks ability), located
    in its file; the errors among them fail `validate`, the warnings are printed."""
    if not isinstance(scen.game, StaticChecks):
        return ()
    return scen.game.static_findings(scen.config, src.loc)


class Gate(NamedTuple):
    """What the static checks left a command that plays the scenario: the warnings to print,
    and the errors it was told to run despite (`--unchecked`), which its output names."""

    warnings: tuple = ()
    ignored: tuple = ()


def gate(scen, src, *, unchecked: bool = False, batch: bool = False) -> Gate:
    """The static checks before `simulate`, `solve`, `layout rate` or `play` runs a scenario:
    an error stops it (all of them reported, located, as `validate` does) unless `unchecked`;
    a batch of games (`batch`) is refused even then when no game could ever end (the game's
    `never_ends` rulings, P-SB10), since every game would run into the step guard."""
    findings = static_findings(scen, src)
    errors = [f for f in findings if f.severity == "error"]
    warnings = tuple(f for f in findings if f.severity != "error")
    never_ends: frozenset[str] = getattr(scen.game, "never_ends", frozenset())
    fatal = errors if not unchecked else [f for f in errors if batch and f.ruling in never_ends]
    if fatal:
        _judged("", findings if not unchecked else tuple(fatal))
    return Gate(warnings, tuple(errors))


def load_checked(
    path: Path, overrides: tuple[str, ...] = (), *, unchecked: bool = False, batch: bool = True
) -> tuple[scenario_fmt.Scenario, Gate]:
    """scenario_fmt.load, then `gate`: the scenario and what its static checks left."""
    src = scenario_fmt.with_overrides(scenario_fmt.read(path), overrides)
    scen = scenario_fmt.parse(src)
    return scen, gate(scen, src, unchecked=unchecked, batch=batch)


def load_for_games(path: Path, overrides: tuple[str, ...] = ()) -> scenario_fmt.Scenario:
    """scenario_fmt.load for a batch of games: only a scenario no game of which could ever end
    is refused here (`never_ends`: P-SB10); the commands gate the scenario as given first
    (`load_checked`)."""
    return load_checked(path, overrides, unchecked=True)[0]


def _judged(kind: str, findings: tuple) -> Checked:
    errors = [f for f in findings if f.severity == "error"]
    warnings = tuple(f for f in findings if f.severity != "error")
    if errors:
        exc = (
            errors[0].as_error() if len(errors) == 1 else ErrorList([e.as_error() for e in errors])
        )
        exc.details = tuple(w.headline() for w in warnings)
        raise exc
    return Checked(kind, warnings)


def check_file(path: Path, *, strict_seats: bool = False) -> Checked:
    """Raise the problems found; return the kind of file that was checked, and warnings.
    `strict_seats`: a move log's decisions must each name their seat (P-C7)."""
    if _orphan(path):
        stem = path.name.removesuffix(eventlog.SUFFIX)
        raise InputError(
            f"an event log without its move log {stem}.yaml (an interrupted save?)",
            location=Location(str(path), 1, 1),
        )
    if (owner := registry.scenario_file_game(path.suffix)) is not None:
        # Checked as the scenario it stands for (its default seats and rules), floe and all.
        src = scenario_fmt.read(path)
        return _judged(owner.scenario_file_kind, static_findings(scenario_fmt.parse(src), src))
    src = kinds.load(path, (kinds.SCENARIO, kinds.MOVE_LOG))  # an event log is named as one
    if not isinstance(src.data, dict):
        raise InputError(
            "expected a scenario or a move log (a YAML mapping)", location=Location(str(path), 1, 1)
        )
    if "moves" in src.data or src.data.get("format") == movelog.FORMAT:
        log = movelog.parse(src)
        match = movelog.replay(log, strict_seats=strict_seats)
        return Checked(
            f"move log, {log.scenario.game.name}, {len(log.moves)} moves, "
            + (match.outcome.termination if match.outcome else "unfinished")
        )
    scen = scenario_fmt.parse(src)
    return _judged(f"scenario, {scen.game.name}", static_findings(scen, src))
