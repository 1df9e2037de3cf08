"""Ctrl-C at a random moment (a KeyboardInterrupt after a random amount of CPU time) in the
commands that write files: the exit code is still 0, 1, 2 or 130, never a traceback, and what
was written is whole: every saved game has both its logs, no temporary file is left behind,
and every record written validates."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.fuzz import strategies as s
from tests.fuzz.harness import fresh_case, fuzz_settings, run_and_check

pytestmark = [
    pytest.mark.fuzz,
    # an interrupt landing in a garbage-collector callback is dropped, with this warning
    pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning"),
]

SCENARIOS = [  # quick games (a twin game takes half a second)
    "sliding-bears/classic.yaml",
    "bear-down/bots-4p.yaml",
    "baerenspiel/memo.yaml",
    "baerenspiel/forest-2p.yaml",
]


def write_scenario(case, name: str) -> None:
    doc = s.SCENARIO_DOCS[name]
    if doc.get("layout") in s.LAYOUT_FILES:
        case.write(doc["layout"], s.LAYOUT_FILES[doc["layout"]])
    case.write("s.yaml", s.emit(doc))


COMMANDS = [
    ["simulate", "s.yaml", "-n", "10", "--save-logs", "logs"],
    ["simulate", "s.yaml", "-n", "10", "--save-logs", "logs", "--workers", "2"],
    ["simulate", "s.yaml", "-n", "30", "--json", "--workers", "2"],
    ["simulate", "s.yaml", "-n", "30", "--json"],
    ["play", "s.yaml", "--save", "p.moves.yaml"],
    ["check", "records", "--update", "--junit", "report.xml"],
    ["replay", "records/r.yaml", "--events", "out.events.jsonl", "--narrate"],
    ["validate", "records", "s.yaml"],
]


@fuzz_settings(4, weight=0.25)
@given(
    st.sampled_from(SCENARIOS),
    st.sampled_from(sorted(s.RECORDS)),
    st.sampled_from(COMMANDS),
    st.floats(0.003, 0.3),
)
def test_ctrl_c_anywhere_keeps_what_was_written_whole(ws, scenario, record, command, after):
    case = fresh_case(ws)
    write_scenario(case, scenario)
    case.write("records/r.yaml", s.RECORDS[record].read_text())
    ran = run_and_check(case, command, "" if command[0] == "play" else None, interrupt=after)
    logs = case.dir / "logs"
    if logs.exists():
        games = {p.name.split(".")[0] for p in logs.iterdir() if not p.name.startswith(".")}
        for game in games:
            assert (logs / f"{game}.yaml").is_file() and (
                logs / f"{game}.events.jsonl"
            ).is_file(), (
                f"game {game} saved without both its logs (exit {ran.code}): {sorted(games)}"
            )
        if games:
            run_and_check(case, ["check", "logs"], expect=0)
    left = [p.name for p in case.dir.rglob(".*") if p.is_file()]
    assert not left, f"temporary files left behind (exit {ran.code}): {left}"
    if (case.dir / "p.moves.yaml").exists():
        run_and_check(case, ["validate", "p.moves.yaml"], expect=0)
    if (case.dir / "out.events.jsonl").exists():
        run_and_check(case, ["replay", "records/r.yaml", "--check", "out.events.jsonl"], expect=0)
