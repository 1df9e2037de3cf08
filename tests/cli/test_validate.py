"""`bearcli validate`: every shipped file is valid; problems are FILE:LINE:COL lines."""

from __future__ import annotations

import pytest

from tests.cli.test_replay import ROUND
from tests.conftest import ROOT


def test_every_shipped_scenario_layout_and_record_is_valid(cli):
    ran = cli("validate", str(ROOT / "scenarios"), str(ROOT / "replays"))
    assert ran.code == 0, ran.err
    assert "classic.layout: ok (layout)" in ran.out
    assert "rulings-tour.yaml: ok (move log, sliding-bears, 54 moves, all-bears-across)" in ran.out


def test_each_bad_file_is_reported_and_the_good_ones_pass(cli, tmp_path):
    (tmp_path / "wide.layout").write_text(
        "finish: p g b y\n 3: I I I I\n 2: I S I I I\n 1: I I I I\n start: p g b y\n"
    )
    (tmp_path / "noseal.yaml").write_text(
        "game: sliding-bears\nseats: [greedy]\nlayout: |\n  finish: p g b y\n  3: I I I I\n"
        "  2: I I I I\n  1: I I I I\n  start: p g b y\n"
    )
    (tmp_path / "seats.yaml").write_text("game: sliding-bears\nseats: []\nlayout: x\n")
    (tmp_path / "alias.yaml").write_text("a: &x [1]\nb: *x\n")
    (tmp_path / "ok.layout").write_text(
        "finish: p g b y\n 3: I I I I\n 2: I S I I\n 1: I I I I\n start: p g b y\n"
    )
    ran = cli("validate", ".")
    assert ran.code == 1
    errors = ran.err.splitlines()
    assert errors == [
        "alias.yaml:2:4: error: invalid YAML: aliases (*name) are not allowed",
        "noseal.yaml:3:9: error: a layout with no seal tile cannot be played at the normal "
        "level: one seal tile is removed before the first roll [SB2]",
        "seats.yaml:2:8: error: 'seats' must be a non-empty list",
        "wide.layout:3:13: error: this line has 5 cells; the finish line has 4 [SB1]",
        "4 of 5 files invalid",
    ]
    assert ran.out.strip() == "ok.layout: ok (layout)"


def test_inline_layout_errors_point_into_the_yaml_block(cli, tmp_path):
    (tmp_path / "s.yaml").write_text(
        "game: sliding-bears\nseats: [greedy]\nlayout: |\n  finish: p g b y\n  3: I I I I\n"
        "  2: I Q I I\n  1: I S I I\n  start: p g b y\n"
    )
    ran = cli("validate", "s.yaml")
    assert ran.err.splitlines()[0] == (
        "s.yaml:6:8: error: unknown tile 'Q' (I ice, S seal, R rock, ~ open water) [SB1]"
    )


def test_scenario_typos_and_bad_params_are_refused_with_their_place(cli, tmp_path):
    (tmp_path / "typo.yaml").write_text(
        "game: sliding-bears\nseats: [greedy]\nlevle: hard\nlayout: x\n"
    )
    (tmp_path / "die.yaml").write_text(
        "game: sliding-bears\nseats: [greedy]\nlayout: |\n  finish: p g b y\n  3: I I I I\n"
        "  2: I S I I\n  1: I I I I\n  start: p g b y\nparams:\n"
        "  weather_die: [crack, crack, crack, wind, wind, hail]\n"
    )
    ran = cli("validate", "typo.yaml", "die.yaml")
    assert ran.err.splitlines()[:2] == [
        "typo.yaml:3:1: error: unknown key 'levle' (expected one of: description, format, "
        "game, layout, level, params, remove, seats, seed, title, variant)",
        "die.yaml:10:50: error: weather_die face 'hail' must be crack or wind [SB3]",
    ]


def test_oversized_file_is_refused(cli, tmp_path):
    (tmp_path / "big.yaml").write_text("# " + "x" * (1 << 20) + "\n")
    ran = cli("validate", "big.yaml")
    assert ran.code == 1 and ran.err.startswith("big.yaml:1:1: error: file is larger than")


def test_a_missing_layout_file_is_reported_at_its_key(cli, tmp_path):
    (tmp_path / "s.yaml").write_text("game: sliding-bears\nseats: [greedy]\nlayout: gone.layout\n")
    ran = cli("validate", "s.yaml")
    assert ran.err.splitlines()[0] == "s.yaml:3:9: error: layout 'gone.layout': no such file"


def test_every_problem_of_a_file_is_listed_at_once(cli, tmp_path):
    (tmp_path / "multi.layout").write_text(
        "finish: p g b y\n 3: I X I I\n 2: I S I I I\n 1: I Q I I\n start: p g b p\n"
    )
    (tmp_path / "keys.yaml").write_text(
        "game: sliding-bears\nseats: [greedy]\nlevle: hard\nvarient: x\nlayout: x\n"
    )
    ran = cli("validate", "multi.layout", "keys.yaml")
    assert ran.code == 1
    lines = ran.err.splitlines()
    assert [ln.split(": error: ")[0] for ln in lines[:-1]] == [
        "multi.layout:2:7",
        "multi.layout:3:13",
        "multi.layout:4:7",
        "multi.layout:5:15",
        "keys.yaml:3:1",
        "keys.yaml:4:1",
    ]
    assert lines[-1] == "2 of 2 files invalid"


def test_a_bot_that_is_not_a_name_is_refused(cli, tmp_path):
    (tmp_path / "s.yaml").write_text(
        "game: sliding-bears\nseats:\n  - {bot: [greedy]}\nlayout: x\n"
    )
    ran = cli("validate", "s.yaml")
    assert ran.err.splitlines()[0] == "s.yaml:3:11: error: 'bot' must be a bot name, not ['greedy']"


# -- --strict-seats (P-C7): issue 11, point 6 -------------------------------------------------

# replay's round of named seats (test_replay.py), and two more steps
STRICT = ROUND + "  - SEAT2 blue4\n  - seat1 green2\n"


def test_strict_seats_accepts_a_transcription_naming_every_decision(cli, tmp_path):
    (tmp_path / "named.yaml").write_text(STRICT)
    (tmp_path / "memo.yaml").write_text(
        "format: bearcli-moves/1\ngame: baerenspiel\nchance: manual\nscenario: {game: "
        "baerenspiel, variant: memo, params: {pairs: 2}, seats: [human, human]}\nmoves:\n"
        "  - seat1 flip a1\n  - a1 is bear\n  - seat1 flip b1\n  - b1 is obstacle1\n"
        "  - seat2 flip c1\n"
    )
    ran = cli("validate", "--strict-seats", "named.yaml", "memo.yaml")
    assert ran.code == 0, ran.err
    assert "named.yaml: ok (move log, bear-down, 6 moves, unfinished)" in ran.out


def test_strict_seats_refuses_each_decision_without_its_seat_at_its_line(cli, tmp_path):
    (tmp_path / "plain.yaml").write_text(
        STRICT.replace("  - seat2 blue3", "  - blue3").replace("  - seat1 green2", "  - green2")
    )
    ran = cli("validate", "--strict-seats", "plain.yaml")
    assert ran.code == 1
    assert ran.err.splitlines() == [
        "plain.yaml:8:5: error: step 'blue3' names no seat; a strict transcription names the "
        "seat of every decision: seat2 blue3 [P-C7]",
        "plain.yaml:11:5: error: step 'green2' names no seat; a strict transcription names the "
        "seat of every decision: seat1 green2 [P-C7]",
        "1 of 1 files invalid",
    ]
    # Without the option the same record is valid: the seat form is recommended, not required.
    assert cli("validate", "plain.yaml").code == 0


@pytest.mark.parametrize("command", ["validate", "check"])
def test_an_empty_name_is_a_usage_error_not_the_current_folder(cli, tmp_path, command):
    (tmp_path / "bad.yaml").write_text("game: nope\n")  # what a search of the folder would find
    ran = cli(command, "")
    assert ran.code == 2
    assert "an empty name names no file" in ran.err and "bad.yaml" not in ran.out + ran.err
    assert cli(command, ".").code in (1, 4)  # the folder, when it is named
