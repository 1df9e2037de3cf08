"""`bearcli play`: humans type notation, bots move, the log is saved even when stopped."""

from __future__ import annotations

import pytest
import yaml

from bearcli.formats import scenario as scenario_fmt
from bearcli.simulation import play_one
from tests.conftest import ROOT

SMALL = """\
game: sliding-bears
title: Small
seed: 4
seats: [{name: Ana, bot: human}, {name: Bot, bot: greedy}]
layout: |
  finish: p g b y
       3: I I I I
       2: I S I .
       1: I I I I
   start: p g b y
"""


def test_human_types_steps_help_lists_them_and_quit_saves(cli, tmp_path):
    (tmp_path / "s.yaml").write_text(SMALL)
    ran = cli(
        "play",
        "s.yaml",
        "-s",
        "4",
        "--save",
        "game.yaml",
        input="?\nremove a1\nremove b2\n\nquit\n",
    )
    assert ran.code == 130
    assert "legal: remove b2" in ran.out
    assert "error: illegal step 'remove a1'" in ran.err and "[SB2]" in ran.err
    assert "chance for Ana: roll" in ran.out  # Ana pressed Enter: the dice are rolled
    assert "move log saved to game.yaml" in ran.err
    log = yaml.safe_load((tmp_path / "game.yaml").read_text())
    assert log["moves"][0] == "remove b2"
    # Self-contained: the scenario travels inline, its file is kept as information only.
    assert log["scenario"]["title"] == "Small" and log["scenario_file"] == "s.yaml"
    assert log["chance"] == "seeded" and log["seed"] == 4
    assert "result" not in log  # unfinished
    assert cli("replay", "game.yaml").code == 0


def test_end_of_input_keeps_what_was_played(cli, tmp_path):
    (tmp_path / "s.yaml").write_text(SMALL)
    ran = cli("play", "s.yaml", "--seed", "4", input="remove b2\n")
    assert ran.code == 130
    saved = tmp_path / "s-seed4.moves.yaml"
    assert yaml.safe_load(saved.read_text())["moves"][0] == "remove b2"
    again = cli("play", "s.yaml", "--seed", "4", input="")
    assert "s-seed4-2.moves.yaml" in again.err  # never overwrites the first


def test_a_game_file_s_own_suffix_is_left_out_of_the_saved_name(cli, tmp_path):
    floe = "".join(line[2:] + "\n" for line in SMALL.splitlines()[5:])  # the layout alone
    (tmp_path / "floe.layout").write_text(floe)
    ran = cli("play", "floe.layout", "--seed", "1", input="")
    assert ran.code == 130
    assert "move log saved to floe-seed1.moves.yaml" in ran.err
    assert (tmp_path / "floe-seed1.moves.yaml").exists()


def test_ctrl_c_saves_the_log(cli, tmp_path, monkeypatch):
    (tmp_path / "s.yaml").write_text(SMALL)
    answers = iter(["remove b2"])

    def fake_input(self, prompt="", **kw):
        try:
            return next(answers)
        except StopIteration:
            raise KeyboardInterrupt from None

    monkeypatch.setattr("rich.console.Console.input", fake_input)
    ran = cli("play", "s.yaml", "--save", "g.yaml")
    assert ran.code == 130 and "move log saved to g.yaml" in ran.err
    assert yaml.safe_load((tmp_path / "g.yaml").read_text())["moves"][0] == "remove b2"


def test_bots_play_to_the_end_and_the_saved_log_replays(cli, tmp_path):
    scen = ROOT / "scenarios/sliding-bears/classic.yaml"
    ran = cli("play", str(scen), "--seed", "3", "--save", "full.yaml", "--watch")
    assert ran.code == 0, ran.err
    assert "winners: " in ran.out
    log = yaml.safe_load((tmp_path / "full.yaml").read_text())
    assert log["result"]["termination"] in ("all-bears-across", "no-free-ice")
    assert cli("replay", "full.yaml").code == 0
    refused = cli("play", str(scen), "--save", "full.yaml", "--watch")
    assert refused.code == 1 and "file exists" in refused.err


def test_manual_chance_lets_a_table_game_be_typed_in(cli, tmp_path):
    (tmp_path / "s.yaml").write_text(SMALL)
    ran = cli(
        "play",
        "s.yaml",
        "--manual-chance",
        "--save",
        "t.yaml",
        input="remove b2\nroll pink wind\njump pink a1\npass\nroll seven wind\n",
    )
    assert ran.code == 130
    assert "malformed step 'roll seven wind'" in ran.err
    log = yaml.safe_load((tmp_path / "t.yaml").read_text())
    assert log["moves"][:4] == ["remove b2", "roll pink wind", "jump pink a1", "pass"]


def test_a_saved_game_is_continued_from_its_log(cli, tmp_path):
    (tmp_path / "s.yaml").write_text(SMALL)
    assert cli("play", "s.yaml", "--save", "a.yaml", input="remove b2\n").code == 130
    ran = cli("play", "a.yaml", "--save", "b.yaml", input="quit\n")
    assert ran.code == 130
    first = yaml.safe_load((tmp_path / "a.yaml").read_text())
    second = yaml.safe_load((tmp_path / "b.yaml").read_text())
    assert second["moves"][: len(first["moves"])] == first["moves"]
    assert second["scenario"] == first["scenario"] and second["scenario_file"] == "s.yaml"
    assert cli("replay", "b.yaml").code == 0


@pytest.mark.parametrize(
    "scenario",
    ["sliding-bears/classic.yaml", "bear-down/bots-4p.yaml", "baerenspiel/memo.yaml"],
)
def test_bots_at_the_table_play_exactly_the_simulated_game(cli, scenario):
    # Same seed, same bots: `play` and `simulate` must agree step for step, which needs every
    # bot to see every step in play too (the memo bots remember the cards chance shows).
    scen = scenario_fmt.load(ROOT / "scenarios" / scenario)
    assert (
        cli(
            "play", str(ROOT / "scenarios" / scenario), "-s", "5", "--save", "g.yaml", "--watch"
        ).code
        == 0
    )
    played = yaml.safe_load((cli.cwd / "g.yaml").read_text())["moves"]
    assert played == list(play_one(scen, 5).steps)


def test_a_manual_chance_record_is_continued_with_manual_chance(cli, tmp_path):
    (tmp_path / "s.yaml").write_text(SMALL)
    typed = "remove b2\nroll pink wind\njump pink a1\npass\n"
    assert cli("play", "s.yaml", "--manual-chance", "--save", "t.yaml", input=typed).code == 130
    log = yaml.safe_load((tmp_path / "t.yaml").read_text())
    assert log["chance"] == "manual" and len(log["moves"]) == 4
    # Continued without the flag: the record says manual, so the next roll is asked for, never
    # invented, and it goes into the same file.
    ran = cli("play", "t.yaml", input="roll green crack\n")
    assert ran.code == 130, ran.err
    assert "move log saved to t.yaml" in ran.err
    again = yaml.safe_load((tmp_path / "t.yaml").read_text())
    assert again["chance"] == "manual"
    assert again["moves"][:5] == [*log["moves"], "roll green crack"]
    assert "continue with: bearcli play t.yaml" in ran.err
