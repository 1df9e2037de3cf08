"""`bearcli record new`: a ready transcript header that validates as an unfinished record."""

from __future__ import annotations

import pytest
import yaml

from tests.conftest import ROOT

SHIPPED = (
    "sliding-bears/classic",
    "bear-down/two-players",
    "baerenspiel/forest-2p",
    "baerenspiel/twin",
    "baerenspiel/memo",
)


@pytest.mark.parametrize("name", SHIPPED)
def test_the_header_validates_and_its_examples_are_the_game_s_steps(cli, tmp_path, name):
    ran = cli("record", "new", name, "--seats", "Mia, Tom", "--out", "t.yaml")
    assert ran.code == 0, ran.err
    assert ran.err == "wrote t.yaml\n"
    text = (tmp_path / "t.yaml").read_text()
    data = yaml.safe_load(text)
    assert data["chance"] == "manual" and data["scenario"] == name and data["moves"] is None
    assert data["set"] == ["seats=[{name: Mia, bot: human}, {name: Tom, bot: human}]"]
    checked = cli("validate", "--strict-seats", "t.yaml")
    assert checked.code == 0, checked.err
    assert "unfinished" in checked.out
    # The commented examples: decisions name a seat, chance steps none; each is notation.
    shown = [ln[len("  # - ") :] for ln in text.splitlines() if ln.startswith("  # - ")]
    assert len(shown) >= 2
    steps = [s.split("  ")[0] for s in shown]
    assert any(s.startswith("seat1 ") or s.startswith("seat2 ") for s in steps)
    assert any(not s.startswith("seat") for s in steps)  # a chance step


def test_the_examples_written_out_replay_as_a_record(cli, tmp_path):
    # The first examples of a Sliding Bears transcript, uncommented, are a legal start.
    cli("record", "new", "sliding-bears/classic", "--seats", "Mia,Tom", "--out", "t.yaml")
    text = (tmp_path / "t.yaml").read_text()
    first, roll = [
        ln[len("  # - ") :].split("  ")[0] for ln in text.splitlines() if ln.startswith("  # - ")
    ][:2]
    assert first.startswith("seat1 remove ") and roll.startswith("roll ")
    (tmp_path / "t.yaml").write_text(text + f"  - {first}\n  - {roll}\n")
    ran = cli("replay", "t.yaml", "--narrate")
    assert ran.code == 0, ran.err
    assert "Mia rolled" in ran.out  # the seats are the people named


def test_the_header_is_the_same_bytes_every_time(cli):
    one = cli("record", "new", "baerenspiel/twin", "--seats", "A,B").out
    assert one == cli("record", "new", "baerenspiel/twin", "--seats", "A,B").out


def test_a_scenario_file_is_named_by_its_path_inside_the_folder_else_inline(cli, tmp_path):
    (tmp_path / "s.yaml").write_text((ROOT / "scenarios/bear-down/two-players.yaml").read_text())
    cli("record", "new", "s.yaml", "--seats", "A,B", "--out", "t.yaml")
    assert yaml.safe_load((tmp_path / "t.yaml").read_text())["scenario"] == "s.yaml"
    (tmp_path / "sub").mkdir()
    cli("record", "new", "s.yaml", "--seats", "A,B", "--out", "sub/t.yaml")
    inline = yaml.safe_load((tmp_path / "sub/t.yaml").read_text())["scenario"]
    assert isinstance(inline, dict) and inline["game"] == "bear-down"
    assert cli("validate", "sub/t.yaml").code == 0


def test_bad_seats_and_an_existing_file_are_refused(cli, tmp_path):
    ran = cli("record", "new", "bear-down/two-players", "--seats", "Mia,,Tom")
    assert ran.code == 2
    assert ran.err.startswith("--seats:1:5: error: a seat's name is empty")
    ran = cli("record", "new", "bear-down/two-players", "--seats", "A,B,C,D,E")
    assert ran.code == 1 and "takes 2 to 4 seats, not 5" in ran.err
    assert (
        cli("record", "new", "bear-down/two-players", "--seats", "A,B", "--out", "t.yaml").code == 0
    )
    again = cli("record", "new", "bear-down/two-players", "--seats", "A,B", "--out", "t.yaml")
    assert again.code == 1 and "--force" in again.err
    assert (
        cli(
            "record", "new", "bear-down/two-players", "--seats", "A,B", "--out", "t.yaml", "--force"
        ).code
        == 0
    )
