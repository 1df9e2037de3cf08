"""Each game's reference rules (bearcli/games/<game>/reference.py) are a whole game.

The reference is the rulebook as plain code; the fast rules are proven equal to it position
by position in each game's tests (tests/games/<game>/test_fast_paths.py). Here the reference
is played the way the program plays a game, through the Game protocol: every golden record
under replays/ replays with the reference rules to the very events pinned beside it, and
seeded games of every shipped scenario, the reference bots in every seat, are the games the
fast rules and bots play (same steps, same events). And the reference stands on its own: it
plays with every private method of the fast game made to fail, and imports no private name.
"""

from __future__ import annotations

import ast
import dataclasses
import importlib
from pathlib import Path

import pytest

from bearcli import record_check
from bearcli.core import registry
from bearcli.core.runner import Match, chance_rng, make_bots, play_out
from bearcli.formats import eventlog, movelog
from bearcli.formats import scenario as scenario_fmt
from tests.conftest import ROOT

# The games with a reference, by name: the module that holds it (REFERENCE, its bots).
REFERENCES = {
    "sliding-bears": "bearcli.games.sliding_bears.reference",
    "bear-down": "bearcli.games.bear_down.reference",
    "baerenspiel": "bearcli.games.baerenspiel.reference",
}
RECORDS = sorted(p for name in REFERENCES for p in (ROOT / "replays" / name).glob("*.yaml"))


def reference(name: str):
    return importlib.import_module(REFERENCES[name]).REFERENCE


def test_the_reference_is_the_game_it_stands_for():
    for name in REFERENCES:
        ref, fast = reference(name), registry.get(name)
        assert isinstance(ref, type(fast)) and ref.name == fast.name
        assert ref.rules_version == fast.rules_version
        assert set(ref.bots) <= set(fast.bots) and "random" in ref.bots


def test_every_game_with_a_reference_has_golden_records():
    assert {p.parent.name for p in RECORDS} == set(REFERENCES)


def _with_game(log: movelog.MoveLog, game) -> movelog.MoveLog:
    return dataclasses.replace(log, scenario=dataclasses.replace(log.scenario, game=game))


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_golden_record_replays_with_the_reference_rules(path: Path):
    log = movelog.load(path)
    ref = _with_game(log, reference(log.scenario.game.name))
    match = movelog.replay(ref)
    assert match.game is ref.scenario.game
    expected = record_check.expected_for(path).read_text(encoding="utf-8")
    assert eventlog.text(log.scenario, match.events) == expected


SHIPPED = [
    (name, path)
    for name in REFERENCES
    for path in sorted((ROOT / "scenarios" / name).glob("*.yaml"))
]


def _played(game, config, seed: int) -> tuple[list[str], list[dict]]:
    match = Match(game, config)
    play_out(match, make_bots(game, config, seed), chance_rng(seed))
    return [str(s) for s in match.steps], [e.event.to_dict() for e in match.events]


@pytest.mark.parametrize("name,path", SHIPPED, ids=lambda v: getattr(v, "stem", v))
def test_seeded_games_with_the_reference_are_the_fast_games(name, path):
    scen = scenario_fmt.load(path)
    ref = reference(name)
    # each seat's bot as the scenario names it where the reference has it, else random
    seats = tuple(
        s if s.bot in ref.bots else dataclasses.replace(s, bot="random", options=())
        for s in scen.config.seats
    )
    config = dataclasses.replace(scen.config, seats=seats)
    fast = _played(scen.game, config, 7)
    assert _played(ref, config, 7) == fast
    assert len(fast[0]) > 5  # a game, not a set-up


def _fast_steps(game) -> list[str]:
    """The fast game's own private methods: how it plays a step, not what the rules say."""
    return sorted(
        name
        for name, value in vars(type(game)).items()
        if name.startswith("_") and not name.startswith("__") and callable(value)
    )


def test_the_reference_modules_import_no_private_name():
    # what a reference reads from the fast modules is their public data (State, constants)
    for name, module in REFERENCES.items():
        for part in ("", "_bots"):
            path = ROOT / (module.replace(".", "/") + part + ".py")
            tree = ast.parse(path.read_text(encoding="utf-8"))
            imported = [
                alias.name
                for node in ast.walk(tree)
                if isinstance(node, ast.ImportFrom)
                for alias in node.names
            ]
            assert imported and not [n for n in imported if n.startswith("_")], (name, part)


def test_the_fast_games_have_private_steps_to_set_aside():
    assert all(len(_fast_steps(registry.get(name))) >= 5 for name in REFERENCES)


@pytest.mark.parametrize("name", list(REFERENCES))
def test_the_reference_plays_with_none_of_the_fast_games_steps(name, monkeypatch):
    # The reference subclasses the fast game only for what is not play (the set-up, the
    # notation, the board): each private method of the fast game fails if it is called, and
    # the golden records still replay, and seeded games still play, with the reference.
    fast = registry.get(name)
    for attr in _fast_steps(fast):

        def refused(*args, _attr=attr, **kwargs):
            raise AssertionError(f"the reference called {type(fast).__name__}.{_attr}")

        monkeypatch.setattr(type(fast), attr, refused)
    ref = reference(name)
    for path in (p for p in RECORDS if p.parent.name == name):
        log = movelog.load(path)
        match = movelog.replay(_with_game(log, ref))
        expected = record_check.expected_for(path).read_text(encoding="utf-8")
        assert eventlog.text(log.scenario, match.events) == expected
    for _, path in (case for case in SHIPPED if case[0] == name):
        scen = scenario_fmt.load(path)
        seats = tuple(dataclasses.replace(s, bot="random", options=()) for s in scen.config.seats)
        config = dataclasses.replace(scen.config, seats=seats)
        assert len(_played(ref, config, 3)[0]) > 5
    with pytest.raises(AssertionError, match="the reference called"):
        _played(fast, config, 3)  # the fast game plays by them: the check bites
