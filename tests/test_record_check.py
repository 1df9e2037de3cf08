"""The library under `bearcli check` (bearcli/record_check.py): the report of each outcome as a
whole, field by field, and as `check --json` writes it."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from bearcli import record_check
from bearcli.formats import eventlog
from bearcli.record_check import Job, Report, Summary
from tests.conftest import ROOT
from tests.golden_pair import EXPECTED, RECORD, copy_pair, edit_line

GAME = "sliding-bears"
MOVES = 54  # the tour's moves: its last event (line 78) comes from move 54


@pytest.fixture
def pair(tmp_path) -> tuple[Path, Path]:
    folder = copy_pair(tmp_path)
    return folder / "tour.yaml", folder / "tour.events.jsonl"


def test_a_record_that_holds_is_ok_and_its_json_entry_says_no_more(pair):
    record, expected = pair
    report = record_check.check(Job(record, expected))
    assert report == Report(str(record), str(expected), "ok", GAME)
    assert report.passed
    assert report.to_dict() == {
        "record": str(record),
        "expected": str(expected),
        "status": "ok",
        "game": GAME,
        "changed": False,
    }


def test_a_record_without_its_log_is_missing_until_update_creates_it(pair):
    record, expected = pair
    expected.unlink()
    missing = record_check.check(Job(record, expected))
    assert missing == Report(str(record), str(expected), "missing", GAME, "no expected log")
    assert not missing.passed
    assert missing.to_dict() == {
        "record": str(record),
        "expected": str(expected),
        "status": "missing",
        "game": GAME,
        "changed": False,
        "message": "no expected log",
        "details": [],
    }
    created = record_check.check(Job(record, expected, update=True))
    assert created == Report(str(record), str(expected), "created", GAME, changed=True)
    assert created.to_dict()["changed"] is True
    assert expected.read_bytes() == EXPECTED.read_bytes()


def test_update_rewrites_a_differing_log_and_keeps_the_difference(pair):
    record, expected = pair
    edit_line(expected, 4, lambda e: e.update(square="a3"))
    failed = record_check.check(Job(record, expected))
    updated = record_check.check(Job(record, expected, update=True))
    assert failed.status == "failed" and not failed.changed
    assert updated.status == "updated" and updated.changed is True and updated.passed
    assert (updated.line, updated.fields, updated.details) == (
        failed.line,
        failed.fields,
        failed.details,
    )
    assert expected.read_bytes() == EXPECTED.read_bytes()


def test_an_expected_log_that_cannot_be_written_is_reported_not_raised(pair, tmp_path):
    record, _ = pair
    # Creating: the expected log's folder is a file, so nothing can be written there.
    (tmp_path / "not-a-folder").write_text("")
    nowhere = tmp_path / "not-a-folder" / "tour.events.jsonl"
    created = record_check.check(Job(record, nowhere, update=True))
    assert (created.record, created.expected) == (str(record), str(nowhere))
    assert (created.status, created.game, created.changed) == ("error", GAME, False)
    assert created.message.startswith(f"{nowhere}:1:1: error: ")


def test_a_failed_update_keeps_the_failure_and_names_the_write_error(pair, monkeypatch):
    record, expected = pair
    edit_line(expected, 4, lambda e: e.update(square="a3"))
    failed = record_check.check(Job(record, expected))
    monkeypatch.setattr(record_check, "_write", lambda path, text: f"{path}:1:1: error: full")
    refused = record_check.check(Job(record, expected, update=True))
    assert refused.status == "failed" and not refused.changed
    assert refused.message == f"{expected}:1:1: error: full"
    assert refused.details == ()
    assert (refused.record, refused.expected, refused.game, refused.line, refused.fields) == (
        failed.record,
        failed.expected,
        failed.game,
        failed.line,
        failed.fields,
    )
    # and so when there was no log to update
    expected.unlink()
    created = record_check.check(Job(record, expected, update=True))
    assert created == Report(
        str(record), str(expected), "error", GAME, f"{expected}:1:1: error: full"
    )


def test_a_record_that_does_not_replay_is_an_error_with_its_place_and_details(pair):
    record, expected = pair
    record.write_text(record.read_text().replace("  - crack e3 ", "  - crack z9 ", 1))
    report = record_check.check(Job(record, expected))
    assert (report.record, report.expected, report.status) == (str(record), str(expected), "error")
    assert report.game is None  # the game is known only once the record replays
    assert report.message.startswith(f"{record}:20:5: error: ")
    assert report.details  # the position and the legal steps, for a person
    assert report.to_dict()["details"] == list(report.details)


def test_a_scenario_is_skipped_in_a_folder_and_refused_when_named(tmp_path):
    scenario = tmp_path / "classic.yaml"
    shutil.copy(ROOT / "scenarios/sliding-bears/classic.yaml", scenario)
    found = record_check.check(Job(scenario, tmp_path / "classic.events.jsonl", named=False))
    assert found == Report(str(scenario), None, "skipped")
    named = record_check.check(Job(scenario, tmp_path / "classic.events.jsonl"))
    assert named == Report(
        str(scenario),
        str(tmp_path / "classic.events.jsonl"),
        "error",
        message=f"{scenario}:1:1: error: not a move log (no 'moves')",
    )


@pytest.mark.parametrize(
    "head",
    ["moves: []\n", "format: bearcli-moves/1\n"],
    ids=["moves-without-format", "format-without-moves"],
)
def test_either_mark_of_a_record_makes_a_found_file_a_record(tmp_path, head):
    """A file in a folder is checked as a record when it has `moves` or says the record
    format; a broken record is reported as one, never skipped as a scenario."""
    path = tmp_path / "r.yaml"
    path.write_text(head + "game: sliding-bears\n")
    report = record_check.check(Job(path, tmp_path / "r.events.jsonl", named=False))
    assert report.status == "error"
    assert report.message.startswith(f"{path}:")


def test_a_record_on_standard_input_reads_its_scenario_beside_the_working_folder(
    tmp_path, monkeypatch
):
    """A record on stdin has no folder of its own: a scenario path it names is read from the
    working folder, and its errors are placed in `<stdin>`."""
    monkeypatch.chdir(tmp_path)
    shutil.copy(ROOT / "scenarios/sliding-bears/classic.yaml", tmp_path / "floe.yaml")
    shutil.copy(ROOT / "scenarios/sliding-bears/classic.layout", tmp_path)
    text = "format: bearcli-moves/1\ngame: sliding-bears\nscenario: floe.yaml\nmoves: []\n"
    alone = record_check.check(Job(Path("-"), None, stdin_text=text))
    assert alone == Report("<stdin>", None, "missing", GAME, "no expected log")
    broken = record_check.check(Job(Path("-"), None, stdin_text=text + "seed: x\n"))
    assert (broken.record, broken.expected, broken.status) == ("<stdin>", None, "error")
    assert broken.message.startswith("<stdin>:5:")
    held = record_check.check(Job(Path("-"), EXPECTED, stdin_text=RECORD.read_text()))
    assert held == Report("<stdin>", str(EXPECTED), "ok", GAME)


def test_an_expected_log_that_cannot_be_read_is_an_error_of_that_log(pair):
    record, expected = pair
    expected.unlink()
    expected.mkdir()
    report = record_check.check(Job(record, expected))
    assert (report.record, report.expected, report.status, report.game) == (
        str(record),
        str(expected),
        "error",
        GAME,
    )
    assert report.message.startswith(f"{expected}:")
    assert report.details == ()


def test_a_header_difference_names_the_rules_and_no_step(pair):
    record, expected = pair
    edit_line(expected, 1, lambda h: h.pop("rules"))
    report = record_check.check(Job(record, expected))
    assert (report.record, report.expected, report.status, report.game) == (
        str(record),
        str(expected),
        "failed",
        GAME,
    )
    assert report.message == f"{expected}:1: the header differs"
    assert report.details == (
        "recorded under no rules version, now sliding-bears rules 1",
        "  rules: expected (absent), got 1",
    )
    assert (report.line, report.step, report.at, report.rules) == (1, None, None, (None, 1))
    assert report.to_dict()["difference"] == {
        "line": 1,
        "step": None,
        "at": None,
        "fields": [{"key": "rules", "actual": 1}],  # the side that lacks the key has none
    }
    assert report.to_dict()["rules"] == {"recorded": None, "now": 1}


def test_a_log_of_another_game_is_not_said_to_be_of_other_rules(pair):
    record, expected = pair
    edit_line(expected, 1, lambda h: h.update(game="bear-down"))
    report = record_check.check(Job(record, expected))
    assert report.rules is None and "rules" not in report.to_dict()
    assert report.details == ('  game: expected "bear-down", got "sliding-bears"',)


def test_a_differing_event_of_the_set_up_is_placed_at_the_scenario(pair):
    record, expected = pair
    edit_line(expected, 2, lambda e: e.update(ice=99))
    report = record_check.check(Job(record, expected))
    assert report.message == f"{expected}:2: the first differing event (game-started)"
    assert (report.record, report.expected, report.status, report.game) == (
        str(record),
        str(expected),
        "failed",
        GAME,
    )
    assert (report.line, report.step, report.at, report.rules) == (2, 0, f"{record}:6:3", None)
    assert report.details == (
        "  ice: expected 99, got 13",
        f"produced by the set-up at {record}:6:3",
    )  # no position before the set-up


def test_a_differing_event_of_the_last_move_is_placed_at_that_move(pair):
    record, expected = pair
    edit_line(expected, 78, lambda e: e.update(turn=99))
    report = record_check.check(Job(record, expected))
    assert (report.line, report.step) == (78, MOVES)
    assert report.at is not None and report.at.startswith(f"{record}:")
    produced = next(d for d in report.details if d.startswith("produced by"))
    assert produced.startswith(f"produced by move {MOVES} ")
    assert "the position before it:" in report.details


def test_an_event_the_replay_adds_is_described_by_that_event(pair):
    record, expected = pair
    lines = expected.read_text().splitlines(keepends=True)
    expected.write_text("".join(lines[:-1]))  # the log lacks the final game-ended event
    report = record_check.check(Job(record, expected))
    assert report.message == f"{expected}:78: the first differing event (game-ended)"
    assert report.step == MOVES
    assert report.details[0].startswith("  extra event: ")


def test_an_event_the_replay_lacks_is_described_by_the_expected_event(pair):
    record, expected = pair
    extra = {"seq": 78, "step": 3, "type": "ice-cracked", "square": "a1"}
    with expected.open("a") as f:
        f.write(json.dumps(extra) + "\n")
    report = record_check.check(Job(record, expected))
    assert report.message == f"{expected}:79: the first differing event (ice-cracked)"
    assert report.step == 3
    assert report.details[0].startswith("  missing event: ")
    assert report.details[1].startswith("produced by move 3 'crack e3' at ")


def test_a_line_that_is_no_event_has_no_kind_step_or_place(pair):
    record, expected = pair
    with expected.open("a") as f:
        f.write("7\n")
    report = record_check.check(Job(record, expected))
    assert report.message == f"{expected}:79: the first differing event"
    assert (report.step, report.at) == (None, None)
    assert report.details == ("  missing event: 7",)
    assert report.to_dict()["difference"]["at"] is None


def test_a_step_beyond_the_record_has_no_place(pair):
    record, expected = pair
    extra = json.dumps({"seq": 78, "step": MOVES + 1, "type": "ice-cracked"}, sort_keys=True)
    with expected.open("a") as f:
        f.write(extra + "\n")
    report = record_check.check(Job(record, expected))
    assert (report.step, report.at) == (MOVES + 1, None)
    assert report.to_dict()["difference"]["at"] is None
    assert len(report.details) == 1 and report.details[0].startswith("  missing event: ")


def test_a_field_one_side_lacks_has_no_value_for_that_side_in_json():
    report = Report(
        "r.yaml", "r.events.jsonl", "failed", GAME, "m", (), 4, 3, "r.yaml:9:5",
        (("gone", 1, eventlog.ABSENT), ("new", eventlog.ABSENT, 2), ("both", 1, 2)),
    )  # fmt: skip
    assert report.to_dict()["difference"]["fields"] == [
        {"key": "gone", "expected": 1},
        {"key": "new", "actual": 2},
        {"key": "both", "expected": 1, "actual": 2},
    ]
    assert report.to_dict()["difference"]["step"] == 3


def test_expected_for_keeps_every_dot_of_the_name_but_the_last():
    assert record_check.expected_for(Path("d/a.b.yaml")) == Path("d/a.b.events.jsonl")
    assert record_check.expected_for(Path("d/game.v2.final.yml")) == Path(
        "d/game.v2.final.events.jsonl"
    )


def test_find_searches_folders_for_yaml_and_yml_and_keeps_a_dash_for_stdin(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "-").mkdir()  # a folder named like standard input: '-' still means stdin
    (tmp_path / "-" / "a.yaml").write_text("")
    d = tmp_path / "d"
    (d / "sub").mkdir(parents=True)
    for name in ("b.yml", "a.yaml", "sub/c.yaml", "notes.txt"):
        (d / name).write_text("")
    assert record_check.find([Path("-"), d]) == [
        (Path("-"), True),
        (d / "a.yaml", False),
        (d / "b.yml", False),
        (d / "sub/c.yaml", False),
    ]


def test_the_summary_line_names_each_status_in_words():
    reports = [
        Report("a", None, "ok"),
        Report("b", None, "error"),
        Report("c", None, "missing"),
        Report("d", None, "error"),
    ]
    summary = Summary.of(reports)
    assert summary.line() == "4 records: 1 ok, 2 did not replay, 1 without an expected log"
    assert not summary.passed
    assert summary.to_dict() == {"records": 4, "passed": False, "ok": 1, "error": 2, "missing": 1}


# -- a report as a JUnit case (`check --junit`), field by field ---------------------------


def _case(**fields) -> tuple:
    c = Report(**fields).junit_case()
    return (c.name, c.classname, c.verdict, c.message, c.kind, c.text)


def test_each_outcome_is_its_junit_case_field_by_field():
    from bearcli.formats import junit

    base = {"record": "a.yaml", "expected": "a.events.jsonl", "game": GAME}
    # ok: a passed case of its game, nothing more
    assert _case(**base, status="ok") == ("a.yaml", GAME, None, "", "", "")
    # a record whose game is unknown (it did not even parse) is filed under bearcli
    assert _case(**{**base, "game": None}, status="ok")[1] == "bearcli"
    # error: did not replay; the text is the details, one a line
    got = _case(**base, status="error", message="illegal step", details=("first", "second"))
    assert got == ("a.yaml", GAME, junit.ERROR, "illegal step", "did-not-replay", "first\nsecond")
    # no details: the text is the message
    got = _case(**base, status="error", message="illegal step")
    assert got == ("a.yaml", GAME, junit.ERROR, "illegal step", "did-not-replay", "illegal step")
    # missing: a failure naming the log it looked for
    got = _case(**base, status="missing", message="no log")
    assert got == (
        "a.yaml",
        GAME,
        junit.FAILURE,
        "no expected log (a.events.jsonl)",
        "missing",
        "no log",
    )
    # failed: a failure that differs
    got = _case(**base, status="failed", message="line 3 differs", details=("d",))
    assert got == ("a.yaml", GAME, junit.FAILURE, "line 3 differs", "differs", "d")
    # created and updated passed
    for status in ("created", "updated", "skipped"):
        assert _case(**base, status=status)[2] is None
    assert junit.ERROR != junit.FAILURE and None not in (junit.ERROR, junit.FAILURE)
