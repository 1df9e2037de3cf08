"""Every golden record in replays/ replays to the event log pinned in its snapshot.

`make snapshots` rewrites the pins (always the full suite); any change in behaviour then
shows as a reviewable diff of the JSON Lines files under tests/__snapshots__/.
"""

from __future__ import annotations

import pytest
from syrupy.extensions.single_file import SingleFileSnapshotExtension, WriteMode

from bearcli.formats import eventlog, movelog
from tests.conftest import ROOT

RECORDS = sorted((ROOT / "replays").rglob("*.yaml"))


class JsonLinesSnapshot(SingleFileSnapshotExtension):
    _write_mode = WriteMode.TEXT
    file_extension = "jsonl"


def _event_log(path) -> str:
    log = movelog.load(path)
    match = movelog.replay(log)
    scen = log.scenario
    return eventlog.dumps(
        eventlog.header(scen.game.name, scen.fingerprint, len(scen.config.seats)), match.events
    )


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: f"{p.parent.name}--{p.stem}")
def test_golden_replay(path, snapshot):
    log = movelog.load(path)
    assert log.result is not None, "a golden record states its expected result"
    assert _event_log(path) == snapshot(extension_class=JsonLinesSnapshot)


def test_there_are_golden_records_for_every_game():
    from bearcli.core import registry

    games = {p.relative_to(ROOT / "replays").parts[0] for p in RECORDS}
    assert set(registry.names()) <= games
