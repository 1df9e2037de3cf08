"""`bearcli scenarios`, and shipped scenario names in place of files."""

from __future__ import annotations

import json

import yaml

from bearcli.formats import scenario, shipped
from tests.conftest import ROOT

SCENARIOS = ROOT / "scenarios"


def test_lists_every_shipped_name_with_its_game_and_title(cli):
    ran = cli("scenarios")
    assert ran.code == 0, ran.err
    lines = ran.out.splitlines()
    assert lines[0].split() == ["NAME", "GAME", "TITLE"]
    by_name = {line.split()[0]: line for line in lines[1:]}
    assert sorted(by_name) == shipped.names() and len(lines) == len(by_name) + 1
    for name, line in by_name.items():
        scen = scenario.load(SCENARIOS / f"{name}.yaml")
        assert line.split(maxsplit=2)[1:] == [scen.game.name, scen.title]
    # Aligned: every title starts in the same column.
    assert len({line.index(line.split(maxsplit=2)[2]) for line in lines}) == 1


def test_json_is_a_list_of_name_game_title_seats(cli):
    ran = cli("scenarios", "--json")
    assert ran.code == 0, ran.err
    got = json.loads(ran.out)
    assert [r["name"] for r in got] == shipped.names()
    classic = next(r for r in got if r["name"] == "sliding-bears/classic")
    assert classic == {
        "name": "sliding-bears/classic",
        "game": "sliding-bears",
        "title": "Classic floe",
        "seats": 2,
    }
    four = next(r for r in got if r["name"] == "bear-down/four-players")
    assert four["game"] == "bear-down" and four["seats"] == 4


def test_simulate_takes_a_shipped_name_from_any_folder(cli, tmp_path):
    assert not (tmp_path / "sliding-bears").exists()
    args = ["--games", "5", "--seed", "1", "--json"]
    by_name = cli("simulate", "sliding-bears/classic", *args)
    by_file = cli("simulate", str(SCENARIOS / "sliding-bears/classic.yaml"), *args)
    assert by_name.code == by_file.code == 0, by_name.err
    assert json.loads(by_name.out) == json.loads(by_file.out)
    assert json.loads(by_name.out)["games"] == 5


def test_simulate_an_unknown_name_is_the_usual_missing_file_error(cli):
    ran = cli("simulate", "sliding-bears/nowhere", "--games", "1")
    assert ran.code == 1
    assert ran.err.startswith("sliding-bears/nowhere:") and "error:" in ran.err


def test_solve_takes_a_shipped_name(cli):
    by_name = cli("solve", "sliding-bears/small/single-file")
    by_file = cli("solve", str(SCENARIOS / "sliding-bears/small/single-file.yaml"))
    assert by_name.code == by_file.code == 0, by_name.err
    assert by_name.out.splitlines() == by_file.out.splitlines()
    assert "Sliding Bears: Single file - exact, perfect play" in by_name.out


def test_play_takes_a_shipped_name_and_its_log_carries_the_scenario(cli, tmp_path):
    ran = cli("play", "sliding-bears/classic", "-s", "3", "--save", "by-name.yaml", "--watch")
    assert ran.code == 0, ran.err
    by_file = cli(
        "play",
        str(SCENARIOS / "sliding-bears/classic.yaml"),
        "-s",
        "3",
        "--save",
        "f.yaml",
        "--watch",
    )
    assert by_file.code == 0, by_file.err
    moves = yaml.safe_load((tmp_path / "by-name.yaml").read_text())["moves"]
    assert moves == yaml.safe_load((tmp_path / "f.yaml").read_text())["moves"] and moves
    # The log carries the scenario inline and keeps the name it was played from.
    log = yaml.safe_load((tmp_path / "by-name.yaml").read_text())
    assert log["scenario_file"] == "sliding-bears/classic"
    assert log["scenario"]["title"] == "Classic floe"
    assert cli("replay", "by-name.yaml").code == 0
