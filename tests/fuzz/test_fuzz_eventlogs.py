"""Expected event logs given to `replay --check` and `check`: the golden logs with lines
replaced by random JSON, non-JSON, huge or deeply nested lines, cut short, CRLF."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.fuzz import strategies as s
from tests.fuzz.harness import fresh_case, fuzz_settings, run_and_check

pytestmark = pytest.mark.fuzz


@fuzz_settings(25)
@given(
    s.event_logs(),
    st.sampled_from(
        [
            ["replay", "r.yaml", "--check", "r.events.jsonl"],
            ["replay", "r.yaml", "--check", "r.events.jsonl", "--events", "-"],
            ["check", "r.yaml"],
            ["check", "r.yaml", "--json"],
            ["check", "r.yaml", "--junit", "report.xml"],
            ["check", "."],
            ["check", "r.yaml", "--update"],
            ["check", "-", "--expected", "r.events.jsonl"],
        ]
    ),
)
def test_a_changed_event_log_never_crashes(ws, log, args):
    name, text = log
    case = fresh_case(ws)
    record = s.RECORDS[name].read_text()
    case.write("r.yaml", record)
    case.write("r.events.jsonl", text)
    run_and_check(case, args, record if "-" in args[:2] else None)
