"""Move logs: the YAML record of one game, writable by hand while watching a table game.

format: bearcli-moves/1
game: sliding-bears
scenario: ../../scenarios/sliding-bears/classic.yaml   # or an inline mapping
seed: 7                                                # optional, informational
result: {termination: all-bears-across, winners: [1]}  # optional expectation
moves:
  - remove c4
  - roll pink crack
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import yaml

from bearcli.core.errors import BearError, CheckFailed, Location
from bearcli.core.runner import Match
from bearcli.core.source import Source
from bearcli.formats import scenario as scenario_fmt
from bearcli.formats import yamlsrc

FORMAT = "bearcli-moves/1"
KEYS = frozenset({"format", "game", "scenario", "set", "seed", "result", "moves", "title", "notes"})
UNFINISHED = "unfinished"


@dataclass(frozen=True)
class MoveLog:
    scenario: scenario_fmt.Scenario
    moves: tuple[tuple[str, Location], ...]
    seed: int | None
    result: object | None  # the expected outcome as written, or None
    result_at: Location | None
    file: str
    overrides: tuple[str, ...] = ()  # `set:` KEY=VALUE settings applied to the scenario


def parse(src: Source) -> MoveLog:
    if not isinstance(src.data, dict):
        raise src.error("a move log is a mapping with 'game', 'scenario' and 'moves'")
    src.require_mapping(KEYS)
    src.check_format(FORMAT)
    overrides = src.get("set", [])
    if not isinstance(overrides, list) or not all(isinstance(o, str) for o in overrides):
        raise src.error("'set' is a list of KEY=VALUE settings", "set")
    overrides = tuple(overrides)
    places = tuple(src.loc("set", i) for i in range(len(overrides)))
    ref = src.get("scenario")
    if isinstance(ref, str):
        text, shown = src.read_named_file("scenario")
        base = Path(shown).parent
        scen = scenario_fmt.parse(
            scenario_fmt.with_overrides(yamlsrc.loads(text, shown, base), overrides, places)
        )
    elif isinstance(ref, dict):
        scen = scenario_fmt.parse(
            scenario_fmt.with_overrides(src.child("scenario"), overrides, places)
        )
    else:
        raise src.error("'scenario' must be a path or an inline mapping", "scenario")
    game = src.get("game", scen.game.name)
    if game != scen.game.name:
        raise src.error(
            f"the log says game {game!r} but its scenario is {scen.game.name!r}", "game"
        )
    raw = src.get("moves")
    if not isinstance(raw, list):
        raise src.error("'moves' must be a list of steps", "moves")
    moves = []
    for i, item in enumerate(raw):
        if isinstance(item, bool) or not isinstance(item, (str, int)):
            raise src.error("each move is one line of notation", "moves", i)
        moves.append((str(item).strip(), src.loc("moves", i)))
    seed = src.typed("seed", int, None)
    return MoveLog(
        scen,
        tuple(moves),
        seed,
        src.get("result", None),
        src.loc("result") if "result" in src.data else None,
        src.file,
        overrides,
    )


def load(path: Path) -> MoveLog:
    return parse(yamlsrc.load(path))


def replay(log: MoveLog, upto: int | None = None) -> Match:
    """Apply every move (or the first `upto`); the first malformed or illegal one raises,
    placed at its line. The expected result is checked only on a whole replay."""
    scen = log.scenario
    match = Match(scen.game, scen.config)
    for n, (text, where) in enumerate(log.moves[:upto], start=1):
        before = match.state
        try:
            match.apply_text(text)  # after the end, the game itself refuses (SB8, BD12, ...)
        except BearError as exc:
            board = scen.game.describe(before)
            exc.details = (
                f"at move {n}; the position was:",
                *("  " + ln for ln in board.splitlines()),
                f"legal: {scen.game.options_text(before)}",
            )
            raise exc.at(where) from None
    if upto is None or upto >= len(log.moves):
        check_result(log, match)
    return match


def check_result(log: MoveLog, match: Match) -> None:
    if log.result is None:
        return
    outcome = match.outcome
    actual = outcome.to_dict() if outcome else UNFINISHED
    expected = log.result
    if isinstance(expected, dict) and isinstance(actual, dict):
        mismatched = {k: v for k, v in expected.items() if actual.get(k) != v}
        if not mismatched and set(expected) <= set(actual):
            return
    elif expected == actual:
        return
    raise CheckFailed(
        f"expected result {_flow(expected)} but the moves give {_flow(actual)}",
        location=log.result_at,
    )


def _flow(value: object) -> str:
    return (
        yaml.safe_dump(value, default_flow_style=True, sort_keys=True)
        .strip()
        .removesuffix("\n...")
        .removesuffix("...")
        .strip()
    )


def dumps(
    game: str,
    scenario_ref: str | dict,
    moves: list[str],
    *,
    seed: int | None,
    result: dict | str | None,
    overrides: tuple[str, ...] = (),
) -> str:
    """A move log as YAML: fixed key order, one move a line (stable bytes, C3)."""
    body: dict = {"format": FORMAT, "game": game, "scenario": scenario_ref}
    if overrides:
        body["set"] = list(overrides)
    if seed is not None:
        body["seed"] = seed
    if result is not None:
        body["result"] = result
    body["moves"] = moves
    return yaml.safe_dump(body, sort_keys=False, allow_unicode=True, width=1000)
