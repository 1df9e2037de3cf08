"""A fourth game, registered from outside the package (tests/dice_race/__init__.py), through
the real command line: every command a game gets without declaring any optional ability."""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from html import escape

import yaml

from bearcli.core import abilities, registry
from tests.dice_race import ROOT, SCENARIO, environment, registered  # noqa: F401 (a fixture)


def bearcli(tmp_path, *args: str, input: str | None = None, entry: str | None = None):
    env = environment(tmp_path / f"reg{len(list(tmp_path.glob('reg*')))}", *(entry,) * bool(entry))
    return subprocess.run(
        [sys.executable, "-m", "bearcli", *args],
        cwd=tmp_path,
        env=env,
        input=input or "",
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_the_game_is_registered_only_through_its_entry_point(request):
    game = request.getfixturevalue("registered")
    assert "dice-race" in registry.names()
    assert type(game).__module__ == "tests.dice_race.game"
    assert not any(
        isinstance(game, ability)
        for ability in (
            abilities.StaticChecks,
            abilities.ScenarioFiles,
            abilities.ExactSolving,
            abilities.Pictures,
        )
    )


def test_without_the_registration_the_game_is_unknown(tmp_path):
    (tmp_path / "race.yaml").write_text(SCENARIO.read_text())
    ran = subprocess.run(
        [sys.executable, "-m", "bearcli", "validate", "race.yaml"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert ran.returncode == 1
    assert ran.stderr.startswith("race.yaml:2:7: error: unknown game 'dice-race'")


def test_validate_simulate_check_replay_and_narrate(tmp_path):
    (tmp_path / "race.yaml").write_text(SCENARIO.read_text())
    ran = bearcli(tmp_path, "validate", "race.yaml")
    assert (ran.returncode, ran.stdout) == (0, "race.yaml: ok (scenario, dice-race)\n")

    ran = bearcli(
        tmp_path, "simulate", "race.yaml", "-n", "30", "--seed", "2", "--workers", "2",
        "--json", "--save-logs", "logs",
    )  # fmt: skip
    assert ran.returncode == 0, ran.stderr
    figures = json.loads(ran.stdout)
    assert figures["game"] == "dice-race" and figures["games"] == 30
    assert figures["terminations"] == {"finish-reached": 30}
    one = bearcli(tmp_path, "simulate", "race.yaml", "-n", "30", "--seed", "2", "--json")
    assert json.loads(one.stdout) == figures  # the same figures from one worker (C3)

    records = sorted((tmp_path / "logs").glob("*.yaml"))
    assert len(records) == 30
    ran = bearcli(tmp_path, "check", "logs")
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert ran.stdout.endswith("30 records: 30 ok\n")

    ran = bearcli(tmp_path, "validate", "logs/00001.yaml")
    assert ran.returncode == 0 and "(move log, dice-race," in ran.stdout

    ran = bearcli(tmp_path, "replay", "logs/00001.yaml")
    assert ran.returncode == 0 and "result finish-reached" in ran.stdout

    ran = bearcli(tmp_path, "replay", "logs/00001.yaml", "--narrate")
    assert ran.returncode == 0, ran.stderr
    told = ran.stdout.splitlines()
    assert told[0].split(maxsplit=1) == ["1", "Ana rolled " + told[0].split()[-1]]
    assert "the race is over: " in told[-2] and told[-2].endswith("reached the end")
    assert "result finish-reached" in told[-1]

    # With no Pictures ability, the pictures show the position's plain description.
    ran = bearcli(tmp_path, "replay", "logs/00001.yaml", "--board", "--svg", "end.svg")
    assert ran.returncode == 0, ran.stderr
    board = next(line for line in ran.stdout.splitlines() if line.startswith("track of 8:"))
    assert board.endswith("; over") and escape(board) in (tmp_path / "end.svg").read_text()

    # A changed event log fails the check: the game's events are pinned like any other's.
    log = tmp_path / "logs" / "00001.events.jsonl"
    log.write_text(log.read_text().replace('"type":"moved"', '"type":"jumped"', 1))
    ran = bearcli(tmp_path, "check", "logs/00001.yaml")
    assert ran.returncode == 1 and "FAILED" in ran.stdout


def test_a_refused_step_names_the_game_s_ruling(tmp_path):
    (tmp_path / "race.yaml").write_text(SCENARIO.read_text())
    record = {
        "format": "bearcli-moves/1",
        "game": "dice-race",
        "scenario": "race.yaml",
        "moves": ["roll 2", "move 3"],
    }
    (tmp_path / "bad.yaml").write_text(yaml.safe_dump(record, sort_keys=False))
    ran = bearcli(tmp_path, "replay", "bad.yaml")
    assert ran.returncode == 1
    assert ran.stderr.startswith("bad.yaml:6:3: error: illegal step 'move 3'")
    assert "[DR1]" in ran.stderr and "legal: move 1, move 2" in ran.stderr


def test_play_on_piped_input(tmp_path):
    (tmp_path / "race.yaml").write_text(SCENARIO.read_text())
    seats = "seats=[{name: Ana, bot: human}, {name: Ben, bot: runner}]"
    # Each round: Enter rolls Ana's die, she moves one square, Enter rolls Ben's.
    typed = "\nmove 1\n\n" * 10
    ran = bearcli(
        tmp_path, "play", "race.yaml", "--set", seats, "--seed", "5", "--save", "game.yaml",
        input=typed,
    )  # fmt: skip
    assert ran.returncode == 0, ran.stderr
    assert "winners: " in ran.stdout and "track of 8:" in ran.stdout  # drawn plainly
    log = yaml.safe_load((tmp_path / "game.yaml").read_text())
    assert log["game"] == "dice-race" and log["result"]["termination"] == "finish-reached"
    assert log["moves"][1] == "move 1"  # Ana's, as typed
    replayed = bearcli(tmp_path, "replay", "game.yaml")
    assert replayed.returncode == 0 and "result finish-reached" in replayed.stdout


def test_a_registration_that_fails_to_load_is_named_not_a_traceback(tmp_path):
    (tmp_path / "race.yaml").write_text(SCENARIO.read_text())
    broken = "dice-race = tests.dice_race.missing:DiceRace"
    ran = bearcli(tmp_path, "validate", "race.yaml", entry=broken)
    assert ran.returncode == 1
    assert ran.stderr.startswith(
        "race.yaml:2:7: error: the game 'dice-race' could not be loaded: the entry point "
        "dice-race = tests.dice_race.missing:DiceRace (group bearcli.games): "
        "ModuleNotFoundError"
    )
    assert "Traceback" not in ran.stderr
    not_a_game = "dice-race = tests.dice_race.game:Runner"
    ran = bearcli(tmp_path, "validate", "race.yaml", entry=not_a_game)
    assert ran.returncode == 1 and "is not a bearcli Game" in ran.stderr


def test_the_shipped_games_are_registered_the_same_way():
    from importlib.metadata import entry_points

    declared = tomllib.loads(ROOT.joinpath("pyproject.toml").read_text())["project"]
    assert declared["entry-points"][registry.GROUP] == {
        "baerenspiel": "bearcli.games.baerenspiel.rules:Baerenspiel",
        "bear-down": "bearcli.games.bear_down.rules:BearDown",
        "sliding-bears": "bearcli.games.sliding_bears.rules:SlidingBears",
    }
    installed = {p.name: p.value for p in entry_points(group=registry.GROUP)}
    assert installed == declared["entry-points"][registry.GROUP]
    assert registry.names() == ["baerenspiel", "bear-down", "sliding-bears"]
