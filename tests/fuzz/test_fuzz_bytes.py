"""Raw bytes in any file bearcli reads: random bytes, non-UTF-8, BOMs, CRLF, re-encoded
text; as a named file and on standard input."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.fuzz import strategies as s
from tests.fuzz.harness import fresh_case, fuzz_settings, run_and_check

pytestmark = pytest.mark.fuzz

COMMANDS = [
    ["validate", "{f}"],
    ["replay", "{f}"],
    ["replay", "{f}", "--check", "{f}"],
    ["check", "{f}"],
    ["simulate", "{f}", "-n", "1"],
    ["solve", "{f}", "--max-positions", "200"],
    ["play", "{f}", "--save", "p.moves.yaml", "--force"],
]


@fuzz_settings(25)
@given(
    s.raw_bytes(),
    st.sampled_from([".yaml", ".yml", ".layout", ".events.jsonl", ""]),
    st.sampled_from(COMMANDS),
)
def test_raw_bytes_in_a_file_never_crash(ws, data, suffix, command):
    case = fresh_case(ws)
    name = "f" + suffix
    case.write(name, data)
    args = [a.replace("{f}", name) for a in command]
    run_and_check(case, args, "" if args[0] == "play" else None)


@fuzz_settings(10)
@given(
    s.raw_bytes(),
    st.sampled_from(
        [["validate", "-"], ["replay", "-"], ["check", "-"], ["replay", "-", "--board"]]
    ),
)
def test_raw_bytes_on_standard_input_never_crash(ws, data, args):
    case = fresh_case(ws)
    run_and_check(case, args, data)
