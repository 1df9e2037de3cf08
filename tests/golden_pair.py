"""One golden record and its expected event log, copied into a scratch folder for the `check`
tests to edit (tests/cli/conftest.py's `pair`, tests/test_record_check.py)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from tests.conftest import ROOT

RECORD = ROOT / "replays/sliding-bears/rulings-tour.yaml"
EXPECTED = ROOT / "replays/sliding-bears/rulings-tour.events.jsonl"


def copy_pair(tmp_path: Path) -> Path:
    """A folder holding copies of RECORD (tour.yaml) and EXPECTED (tour.events.jsonl)."""
    folder = tmp_path / "records"
    folder.mkdir()
    shutil.copy(RECORD, folder / "tour.yaml")
    shutil.copy(EXPECTED, folder / "tour.events.jsonl")
    return folder


def edit_line(path: Path, n: int, edit) -> None:
    """Apply `edit` to the JSON object on line n of an event log, written back canonically."""
    lines = path.read_text().splitlines(keepends=True)
    obj = json.loads(lines[n - 1])
    edit(obj)
    lines[n - 1] = json.dumps(obj, sort_keys=True, separators=(",", ":")) + "\n"
    path.write_text("".join(lines))
