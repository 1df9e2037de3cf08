"""Move logs: the golden records of replays/ with their steps and keys mutated, through
replay, validate, check and play (continuing a saved game)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.fuzz import strategies as s
from tests.fuzz.harness import fresh_case, fuzz_settings, run_and_check

pytestmark = pytest.mark.fuzz

replay_options = st.lists(
    st.one_of(
        st.sampled_from([("--board",), ("--narrate",), ("--force",), ("--events", "-")]),
        st.builds(lambda n: ("--upto", str(n)), st.integers(0, 120)),
        st.just(("--events", "out.events.jsonl")),
        st.just(("--check", "r.events.jsonl")),
    ),
    max_size=3,
    unique=True,
)


@st.composite
def record_commands(draw, file: str):
    cmd = draw(st.sampled_from(["replay", "replay", "validate", "check", "play"]))
    if cmd == "replay":
        return ["replay", file, *s.as_args(draw(replay_options))], None
    if cmd == "validate":
        return ["validate", file], None
    if cmd == "check":
        extra = draw(st.sampled_from([[], ["--json"], ["--update"], ["--junit", "report.xml"]]))
        return ["check", file, *extra], None
    return ["play", file, "--save", "continued.moves.yaml", "--force"], draw(
        st.sampled_from(["", "quit\n", "?\npass\n"])
    )


@fuzz_settings(30)
@given(s.record_texts(s.odd_paths), st.booleans(), st.booleans(), st.data())
def test_a_mutated_move_log_never_crashes(ws, record, with_expected, outside, data):
    name, text, scenario = record
    case = fresh_case(ws)
    case.write("r.yaml", text)
    if scenario is not None:
        case.write("scenario.yaml", s.emit(scenario))
    if with_expected:
        case.write("r.events.jsonl", s.EXPECTED[name])
    args, stdin = data.draw(record_commands("r.yaml"))
    run_and_check(case, args, stdin, outside=outside)


@fuzz_settings(10)
@given(s.record_texts(s.odd_paths), st.sampled_from(["replay", "validate", "check"]))
def test_a_mutated_move_log_on_standard_input_never_crashes(ws, record, cmd):
    _, text, _ = record
    case = fresh_case(ws)
    run_and_check(case, [cmd, "-"], text)
