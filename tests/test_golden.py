"""Every golden record in replays/ replays to the event log pinned beside it.

`replays/<game>/NAME.yaml` is pinned by `replays/<game>/NAME.events.jsonl`: the same pair that
`bearcli check replays/` compares and `simulate --save-logs` writes. The syrupy extension below
places each snapshot there, so `make snapshots` and `bearcli check replays/ --update` write
the same files, and any change in behaviour shows as a reviewable diff of them.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml
from syrupy.extensions.single_file import SingleFileSnapshotExtension, WriteMode

from bearcli import record_check
from bearcli.formats import eventlog, movelog
from tests.conftest import ROOT

REPLAYS = ROOT / "replays"
RECORDS = sorted(p for p in REPLAYS.rglob("*.yaml"))


class BesideTheRecord(SingleFileSnapshotExtension):
    """A record's snapshot is its expected event log, NAME.events.jsonl beside NAME.yaml."""

    _write_mode = WriteMode.TEXT
    file_extension = eventlog.SUFFIX.removeprefix(".")

    @staticmethod
    def _expected(test_location) -> Path:
        return record_check.expected_for(test_location.item.callspec.params["path"])

    @classmethod
    def dirname(cls, *, test_location) -> str:
        return str(cls._expected(test_location).parent)

    @classmethod
    def discovery_dirname(cls, *, test_location) -> str:
        # Scanning all of replays/ (not one game's folder) makes discovery directory-scoped:
        # syrupy then claims only the files this extension owns, never the records.
        return str(REPLAYS)

    @classmethod
    def get_snapshot_name(cls, *, test_location, index=0) -> str:
        return cls._expected(test_location).name.removesuffix(eventlog.SUFFIX)

    @classmethod
    def get_file_basename(cls, *, test_location, index) -> str:
        return cls.get_snapshot_name(test_location=test_location, index=index)

    def owns_snapshot_collection(self, *, filepath: str, test_location) -> bool:
        return filepath.endswith(eventlog.SUFFIX)

    @classmethod
    def matches_test_location(cls, *, test_location, snapshot_location: str) -> bool:
        return Path(snapshot_location) == cls._expected(test_location)


@pytest.fixture
def golden(snapshot):
    return snapshot.use_extension(BesideTheRecord)


def _event_log(path: Path) -> str:
    log = movelog.load(path)
    return eventlog.text(log.scenario, movelog.replay(log).events)


# syrupy warns when a snapshot's name is not the test's; here the name is the record's, by design.
@pytest.mark.filterwarnings("ignore:Can not relate snapshot name:UserWarning")
@pytest.mark.parametrize("path", RECORDS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_golden_replay(path, golden):
    log = movelog.load(path)
    assert log.result is not None, "a golden record states its expected result"
    assert _event_log(path) == golden


def test_there_are_golden_records_for_every_game():
    from bearcli.core import registry

    games = {p.relative_to(REPLAYS).parts[0] for p in RECORDS}
    assert set(registry.names()) <= games


def test_every_record_has_its_expected_log_beside_it():
    assert len(RECORDS) >= 21
    for path in RECORDS:
        assert record_check.expected_for(path).is_file(), path
    logs = sorted(REPLAYS.rglob("*" + eventlog.SUFFIX))
    assert [p.name.removesuffix(eventlog.SUFFIX) for p in logs] == [
        p.stem for p in sorted(RECORDS, key=lambda p: record_check.expected_for(p))
    ]


def test_check_update_writes_exactly_the_pinned_files(tmp_path):
    # `make snapshots` writes what this suite compares (the text of _event_log), and
    # `bearcli check --update` must write the very same bytes.
    copy = tmp_path / "replays"
    for path in RECORDS:
        target = copy / path.relative_to(REPLAYS)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(path, target)  # every record carries its scenario inline
    jobs = [
        record_check.Job(p, record_check.expected_for(p), update=True)
        for p in sorted(copy.rglob("*.yaml"))
    ]
    reports = list(record_check.run(jobs))
    assert {r.status for r in reports} == {record_check.CREATED}
    for path in RECORDS:
        written = record_check.expected_for(copy / path.relative_to(REPLAYS)).read_bytes()
        assert written == record_check.expected_for(path).read_bytes() == _event_log(path).encode()


def test_every_shipped_record_carries_its_scenario_inline():
    # A record mailed alone replays anywhere (and never reads outside its folder).
    for path in [*RECORDS, *sorted((ROOT / "docs/examples").glob("*.yaml"))]:
        assert isinstance(yaml.safe_load(path.read_text())["scenario"], dict), path
