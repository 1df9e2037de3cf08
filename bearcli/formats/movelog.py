"""Move logs: the YAML record of one game, writable by hand while watching a table game.

format: bearcli-moves/1
game: sliding-bears
chance: seeded            # or manual (typed in from a table game); optional
seed: 7                   # with `chance: seeded`, the seed every chance step must come from
result: {termination: all-bears-across, winners: [1]}  # optional expectation
scenario_file: scenarios/sliding-bears/classic.yaml    # information only: where it came from
scenario: {game: sliding-bears, ...}   # inline (self-contained), or a path relative to the log
moves:
  - remove c4
  - roll pink crack
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import yaml

from bearcli.core.errors import (
    BearError,
    CheckFailed,
    Collector,
    ErrorList,
    IllegalStep,
    Location,
)
from bearcli.core.game import CHANCE
from bearcli.core.rng import Rng, seed_problem
from bearcli.core.runner import Match, chance_rng, sample_chance
from bearcli.core.source import Source
from bearcli.formats import kinds, seats, shipped, slips, yamlsrc
from bearcli.formats import scenario as scenario_fmt

FORMAT = "bearcli-moves/1"
KEYS = frozenset(
    {
        "format",
        "game",
        "scenario",
        "scenario_file",
        "set",
        "chance",
        "seed",
        "result",
        "moves",
        "title",
        "notes",
    }
)
UNFINISHED = "unfinished"
SEEDED, MANUAL = "seeded", "manual"  # how a record's chance steps were obtained (P-C3)


@dataclass(frozen=True)
class MoveLog:
    scenario: scenario_fmt.Scenario
    moves: tuple[tuple[str, Location], ...]
    seed: int | None
    result: object | None  # the expected outcome as written, or None
    result_at: Location | None
    file: str
    overrides: tuple[str, ...] = ()  # `set:` KEY=VALUE settings applied to the scenario
    chance: str | None = None  # SEEDED, MANUAL, or None when the record does not say
    scenario_at: Location | None = None  # where `scenario:` stands (the set-up's place)


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
        text, shown = _scenario_text(src, ref)
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
    if raw is None and "moves" in src.data:  # `moves:` with nothing (or comments) under it yet
        raw = []
    if not isinstance(raw, list):
        raise src.error("'moves' must be a list of steps", "moves")
    moves = []
    for i, item in enumerate(raw):
        if isinstance(item, bool) or not isinstance(item, (str, int)):
            raise src.error("each move is one line of notation", "moves", i)
        moves.append((str(item).strip(), src.loc("moves", i)))
    seed = src.typed("seed", int, None)
    if seed is not None and (problem := seed_problem(seed)) is not None:
        raise src.error(problem, "seed")
    chance = src.get("chance", None)
    if chance not in (None, SEEDED, MANUAL):
        raise src.error(f"'chance' is {SEEDED!r} or {MANUAL!r}, not {chance!r}", "chance")
    if chance == SEEDED and seed is None:
        raise src.error("a record with 'chance: seeded' names its 'seed'", "chance", ruling="P-C3")
    return MoveLog(
        scen,
        tuple(moves),
        seed,
        src.get("result", None),
        src.loc("result") if "result" in src.data else None,
        src.file,
        overrides,
        chance,
        src.loc("scenario"),
    )


def _scenario_text(src: Source, ref: str) -> tuple[str, str]:
    """The text of the scenario a record names: a file beside the record, else a shipped
    scenario of that name (`scenario: sliding-bears/classic`); a file of the name wins."""
    folder = Path(".") if src.file.startswith("<") else Path(src.file).parent
    beside = os.path.exists(folder / ref)  # os.path: never raises (False for a NUL too)
    if not beside and shipped.is_name(ref):
        found = shipped.path(ref)
        return yamlsrc.read_text(found), str(found)
    try:
        return src.read_named_file("scenario")
    except BearError as exc:
        if not beside and (said := shipped.hint(ref)):
            exc.message += said
        raise


def load(path: Path) -> MoveLog:
    """A record from a file (or a shipped name's file); another kind of file is refused by
    naming its kind (a layout, a scenario, an event log)."""
    return parse(kinds.load(path, (kinds.MOVE_LOG,)))


def replay(
    log: MoveLog,
    upto: int | None = None,
    rng: Rng | None = None,
    *,
    strict_seats: bool = False,
    seen: Callable[[int, Match], None] | None = None,
) -> Match:
    """Apply every move (or the first `upto`); the first malformed or illegal one raises,
    placed at its line. The expected result is checked only on a whole replay.

    A move may name its seat (`seat2 STEP`, P-C6): it is refused unless it is that seat's
    turn. With `strict_seats` every decision must name it (P-C7): each one that does not is
    reported at its line, all of them together.

    A seeded record's chance steps must be what its seed draws given the recorded decisions
    (P-C3): the generator is run alongside, exactly as `simulate` and `play` run it. Pass
    `rng` to have it advanced through the record (a continued game rolls on from there).
    `seen(n, match)` is called with the match before the first move (n = 0) and after each
    move n is accepted (the step-through pages keep every position).
    """
    scen = log.scenario
    game = scen.game
    if rng is None and log.chance == SEEDED and log.seed is not None:  # parse asks for one
        rng = chance_rng(log.seed)
    match = Match(game, scen.config)
    strict = Collector()  # the decisions that name no seat, under strict_seats
    if seen is not None:
        seen(0, match)
    for n, (text, where) in enumerate(log.moves[:upto], start=1):
        before = match.state
        drawn = sample_chance(game, before, rng) if rng and game.actor(before) == CHANCE else None
        try:
            step, claimed = seats.read(game, text)
            seats.check_claim(game, before, text, step, claimed)
            missing = seats.unnamed(game, before, text, claimed) if strict_seats else None
            try:
                match.apply(step)  # after the end, the game itself refuses (SB8, BD12, ...)
            except IllegalStep as refused:
                raise seats.explain(game, before, step, claimed, refused) from None
        except BearError as refused:
            exc = slips.explain(game, before, text, refused, n)  # a forgotten roll, ...
            exc.details = position_lines(game, before, n)
            if not strict.errors:
                raise exc.at(where) from None
            every = ErrorList([*strict.errors, exc.at(where)])
            every.details = exc.details
            raise every from None
        if missing is not None:
            strict.add(missing.at(where))
        if drawn is not None and log.chance == SEEDED and str(match.steps[-1]) != str(drawn):
            raise CheckFailed(
                f"chance step {text!r} is not what seed {log.seed} draws here ({drawn}): "
                "the record was changed after it was played, or its chance was typed in "
                f"(then say 'chance: {MANUAL}')",
                ruling="P-C3",
                location=where,
                details=position_lines(game, before, n),
            )
        if seen is not None:
            seen(n, match)
    strict.raise_any()
    if upto is None or upto >= len(log.moves):
        check_result(log, match)
    return match


def position_lines(game, state, n: int) -> tuple[str, ...]:
    """The position before move n and what was legal there, as detail lines of an error."""
    return (
        f"at move {n}; the position was:",
        *("  " + ln for ln in game.describe(state).splitlines()),
        f"legal: {game.options_text(state)}",
    )


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
    """A value on one line as YAML writes it, without the end marker (`...`) that YAML puts
    on a line of its own after a plain scalar (a value that itself ends in `...` keeps it).
    Keys are sorted (PyYAML's default), so one expected result reads alike however written."""
    return yaml.safe_dump(value, default_flow_style=True).strip().removesuffix("\n...")


def dumps(
    game: str,
    scenario_ref: str | dict,
    moves: list[str],
    *,
    seed: int | None,
    result: dict | str | None,
    overrides: tuple[str, ...] = (),
    chance: str | None = None,
    scenario_file: str | None = None,
) -> str:
    """A move log as YAML: fixed key order, one move a line (stable bytes, C3).

    Pass the scenario inline (`scenario_fmt.self_contained`) so the record replays anywhere.
    """
    body: dict = {"format": FORMAT, "game": game}
    if chance is not None:
        body["chance"] = chance
    if seed is not None:
        body["seed"] = seed
    if result is not None:
        body["result"] = result
    if scenario_file is not None:
        body["scenario_file"] = scenario_file
    if overrides:
        body["set"] = list(overrides)
    body["scenario"] = scenario_ref
    body["moves"] = moves
    return yaml.dump(body, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=1000)


class _Dumper(yaml.SafeDumper):
    """Safe dumping, with multi-line text (an inline layout) as a readable `|` block."""


def _text(dumper: yaml.SafeDumper, value: str) -> yaml.Node:
    style = "|" if "\n" in value else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


_Dumper.add_representer(str, _text)
