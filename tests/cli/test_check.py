"""`bearcli check`: records against their expected event logs, for CI and referees."""

from __future__ import annotations

import json
import shutil

import pytest
from junitparser import Error, Failure, JUnitXml

from tests.conftest import ROOT
from tests.golden_pair import EXPECTED, RECORD, edit_line


def test_every_golden_record_holds_on_a_fresh_clone(cli):
    ran = cli("check", str(ROOT / "replays"))
    assert ran.code == 0, ran.out + ran.err
    lines = ran.out.splitlines()
    records = sorted((ROOT / "replays").rglob("*.yaml"))
    assert len(lines) == len(records) + 1
    assert all(line.endswith(": ok") for line in lines[:-1])
    assert lines[-1] == f"{len(records)} records: {len(records)} ok"


def test_the_same_output_for_any_number_of_workers(cli, pair):
    edit_line(pair / "tour.events.jsonl", 4, lambda e: e.update(weather="wind"))
    args = ("check", str(ROOT / "replays"), str(pair), "--json")
    one, two = cli(*args, "-j", "1"), cli(*args, "-j", "2")
    assert one.code == two.code == 1
    assert one.out == two.out and json.loads(one.out)["summary"]["failed"] == 1


def test_a_failure_shows_the_fields_the_step_and_the_position(cli, pair):
    edit_line(pair / "tour.events.jsonl", 4, lambda e: e.update(weather="wind"))
    ran = cli("check", str(pair))
    assert ran.code == 1
    lines = ran.out.splitlines()
    expected = pair / "tour.events.jsonl"
    assert lines[0] == (
        f"{pair}/tour.yaml: FAILED: {expected}:4: the first differing event (dice-rolled)"
    )
    assert '    weather: expected "wind", got "crack"' in lines
    # The move that produced the event, placed in the record, and the position before it.
    step = json.loads(EXPECTED.read_text().splitlines()[3])["step"]
    produced = [ln for ln in lines if ln.startswith("  produced by move")]
    assert produced == [f"  produced by move {step} 'roll pink crack' at {pair}/tour.yaml:19:5"]
    assert "  the position before it:" in lines
    assert any(ln.strip().startswith("finish:") for ln in lines)
    assert lines[-1] == "1 records: 1 failed"


def test_a_record_without_an_expected_log_fails_until_update_writes_it(cli, pair):
    (pair / "tour.events.jsonl").unlink()
    ran = cli("check", str(pair))
    assert ran.code == 1
    assert ran.out.splitlines()[0] == (
        f"{pair}/tour.yaml: no expected log ({pair}/tour.events.jsonl)"
    )
    created = cli("check", str(pair), "--update")
    assert created.code == 0
    assert created.out.splitlines() == [
        f"{pair}/tour.yaml: created {pair}/tour.events.jsonl",
        "1 records: 1 created",
    ]
    assert (pair / "tour.events.jsonl").read_bytes() == EXPECTED.read_bytes()
    assert cli("check", str(pair)).code == 0


def test_update_rewrites_only_what_differs_and_lists_it(cli, pair):
    shutil.copy(ROOT / "replays/bear-down/water-ends-2p.yaml", pair / "water.yaml")
    shutil.copy(ROOT / "replays/bear-down/water-ends-2p.events.jsonl", pair / "water.events.jsonl")
    edit_line(pair / "tour.events.jsonl", 4, lambda e: e.update(weather="wind"))
    # The same events written with other spacing: equal as JSON, so not a difference.
    water = pair / "water.events.jsonl"
    water.write_text(water.read_text().replace('","', '", "', 1))
    untouched = water.read_bytes()
    before = water.stat()
    ran = cli("check", str(pair), "--update")
    assert ran.code == 0
    lines = ran.out.splitlines()
    assert lines[0].startswith(f"{pair}/tour.yaml: updated {pair}/tour.events.jsonl: ")
    assert f"{pair}/water.yaml: ok" in lines
    assert lines[-1] == "2 records: 1 ok, 1 updated"
    assert (pair / "tour.events.jsonl").read_bytes() == EXPECTED.read_bytes()
    after = water.stat()
    assert water.read_bytes() == untouched
    assert (after.st_ino, after.st_mtime_ns) == (before.st_ino, before.st_mtime_ns)
    assert not list(pair.glob(".*.tmp"))


def test_a_log_recorded_under_other_rules_says_so(cli, pair):
    expected = pair / "tour.events.jsonl"
    edit_line(expected, 1, lambda h: h.update(rules=0))
    ran = cli("check", str(pair), "--json")
    assert ran.code == 1
    record = json.loads(ran.out)["records"][0]
    assert record["rules"] == {"recorded": 0, "now": 1}
    assert "recorded under sliding-bears rules 0, now sliding-bears rules 1" in record["details"]
    assert record["difference"]["fields"] == [{"key": "rules", "expected": 0, "actual": 1}]


def test_json_report_reads_back(cli, pair):
    edit_line(pair / "tour.events.jsonl", 4, lambda e: e.update(weather="wind"))
    ran = cli("check", str(pair), str(ROOT / "replays/bear-down"), "--json")
    report = json.loads(ran.out)
    statuses = {r["record"]: r["status"] for r in report["records"]}
    assert statuses[f"{pair}/tour.yaml"] == "failed"
    assert report["summary"]["records"] == len(statuses) and report["summary"]["passed"] is False
    failed = next(r for r in report["records"] if r["status"] == "failed")
    diff = failed["difference"]
    assert diff["line"] == 4 and diff["at"] == f"{pair}/tour.yaml:19:5"
    assert diff["fields"] == [{"key": "weather", "expected": "wind", "actual": "crack"}]


def test_junit_report_has_a_case_per_record_with_the_difference(cli, pair, tmp_path):
    edit_line(pair / "tour.events.jsonl", 4, lambda e: e.update(weather="wind"))
    shutil.copy(ROOT / "replays/bear-down/water-ends-2p.yaml", pair / "water.yaml")
    (pair / "broken.yaml").write_text(
        RECORD.read_text().replace("  - remove e1", "  - remove z9", 1)
    )
    report = tmp_path / "report.xml"
    ran = cli("check", str(pair), "--junit", str(report))
    assert ran.code == 1
    xml = JUnitXml.fromfile(str(report))
    suites = list(xml)
    cases = {c.name: c for s in suites for c in s}
    assert set(cases) == {f"{pair}/{n}.yaml" for n in ("broken", "tour", "water")}
    (failure,) = cases[f"{pair}/tour.yaml"].result
    assert isinstance(failure, Failure) and "first differing event" in failure.message
    assert 'weather: expected "wind", got "crack"' in failure.text
    (missing,) = cases[f"{pair}/water.yaml"].result
    assert isinstance(missing, Failure) and missing.message.startswith("no expected log")
    (error,) = cases[f"{pair}/broken.yaml"].result
    assert isinstance(error, Error) and "z9" in error.message
    assert suites[0].tests == 3
    # A report is a report (as pytest's --junitxml): each run replaces it, no --force needed.
    again = cli("check", str(ROOT / "replays"), "--junit", str(report))
    assert again.code == 0, again.err
    assert all(not c.result for s in JUnitXml.fromfile(str(report)) for c in s)


def test_folders_skip_scenarios_but_a_named_scenario_is_an_error(cli):
    ran = cli("check", str(ROOT / "scenarios"))
    assert ran.code == 4 and "no move logs found" in ran.err  # nothing checked: not a failure
    named = cli("check", str(ROOT / "scenarios/sliding-bears/classic.yaml"))
    assert named.code == 1 and "not a move log" in named.out


def test_a_record_on_standard_input(cli):
    ran = cli("check", "-", "--expected", str(EXPECTED), input=RECORD.read_text())
    assert ran.code == 0, ran.out + ran.err
    assert ran.out.splitlines()[0] == "<stdin>: ok"
    alone = cli("check", "-", input=RECORD.read_text())
    assert alone.code == 1 and alone.out.startswith("<stdin>: no expected log")
    misuse = cli("check", str(RECORD), "--expected", str(EXPECTED))
    assert misuse.code == 4 and "--expected goes with a single record read from '-'" in misuse.err


def test_the_readme_ci_step_runs_twice_in_a_row(cli, tmp_path):
    """The README's CI step, as written there, run twice in one workspace: both runs check
    and pass (the report is replaced); a run that cannot check exits 4, never 1."""
    readme = (ROOT / "README.md").read_text()
    (step,) = [ln.split("run: ", 1)[1] for ln in readme.splitlines() if "run: bearcli check" in ln]
    args = step.split()
    assert args[:2] == ["bearcli", "check"] and "--junit" in args
    shutil.copytree(ROOT / "replays", tmp_path / "replays")
    report = tmp_path / args[args.index("--junit") + 1]
    for _ in range(2):
        ran = cli(*args[1:])
        assert ran.code == 0, ran.err
        assert ran.out.splitlines()[-1].endswith(" ok")
        assert JUnitXml.fromfile(str(report)).tests == ran.out.count(": ok")
    # A regression is exit 1; a report that cannot be written is exit 4 (nothing to compare).
    edit_line(tmp_path / "replays/sliding-bears/rulings-tour.events.jsonl", 4, _crack)
    assert cli(*args[1:]).code == 1
    report.unlink()
    report.mkdir()
    ran = cli(*args[1:])
    assert ran.code == 4 and ran.err.startswith(f"{report.name}:1:1: error: cannot write")


def _crack(obj: dict) -> None:
    obj["weather"] = "crack" if obj.get("weather") != "crack" else "wind"


@pytest.mark.parametrize("name", ["SIGTERM", "SIGHUP"])
def test_check_update_stops_on_sigterm_and_sighup_as_on_ctrl_c(cli, tmp_path, monkeypatch, name):
    """The signal arrives between two records: those written are whole, no temp file is
    left, exit 130 (a signal not handled would end the process with no clean-up at all)."""
    import os
    import signal

    from bearcli import record_check

    folder = tmp_path / "records"
    folder.mkdir()
    for n in range(3):
        shutil.copy(RECORD, folder / f"r{n}.yaml")
    real_run = record_check.run

    def run(jobs, workers):
        for i, report in enumerate(real_run(jobs, workers)):
            yield report
            if i == 0:
                sig = getattr(signal, name)
                # handled by check, else this would end the test's own process
                assert signal.getsignal(sig) not in (signal.SIG_DFL, signal.SIG_IGN)
                os.kill(os.getpid(), sig)

    monkeypatch.setattr(record_check, "run", run)
    ran = cli("check", "records", "--update")
    assert ran.code == 130
    assert (
        ran.out.splitlines()[0].startswith(f"{folder.name}/r0.yaml: created")
        or "r0.yaml: created" in ran.out
    )
    assert (folder / "r0.events.jsonl").read_text() == EXPECTED.read_text()
    assert not (folder / "r2.events.jsonl").exists()
    assert not [p.name for p in folder.iterdir() if p.name.endswith(".tmp")]
    sig = getattr(signal, name)
    assert signal.getsignal(sig) is signal.SIG_DFL  # put back after the command
