"""Scenario files of all three games, mutated in every way, through every command that reads
one: validate, simulate, solve and play."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.fuzz import strategies as s
from tests.fuzz.harness import fresh_case, fuzz_settings, run_and_check

pytestmark = pytest.mark.fuzz

small_options = st.lists(
    st.sampled_from(
        [
            ("--json",),
            ("--seed", "-3"),
            ("--seed", "0"),
            ("--seed", "12345678901234567890"),
            ("--set", "level=hard"),
            ("--set", "seats=[random, random]"),
            ("--set", "variant=memo"),
        ]
    ),
    max_size=2,
    unique=True,
)


@st.composite
def scenario_commands(draw, file: str):
    """One command over the scenario `file` (games few, budgets small: a case is quick)."""
    cmd = draw(st.sampled_from(["validate", "simulate", "simulate", "solve", "play"]))
    extra = s.as_args(draw(small_options))
    if cmd == "validate":
        return ["validate", file], None
    if cmd == "simulate":
        extra += draw(st.sampled_from([[], ["--rotate"], ["--bot", "random"], ["--bot", "greedy"]]))
        return ["simulate", file, "-n", str(draw(st.integers(1, 2))), *extra], None
    if cmd == "solve":
        extra = [a for a in extra if a != "--seed" and not a.lstrip("-").isdigit()]
        return ["solve", file, "--max-positions", str(draw(st.integers(1, 2000))), *extra], None
    typed = draw(st.lists(st.one_of(st.sampled_from(s.STEP_WORDS), s.steps.map(str)), max_size=3))
    lines = [t.replace("\n", " ") for t in typed] + draw(
        st.sampled_from([[], ["quit"], ["?"], ["board"]])
    )
    extra = [a for a in extra if a != "--json"]
    return ["play", file, "--save", "saved.moves.yaml", "--force", *extra], "\n".join(lines)


def write_scenario(case, doc, style="block"):
    """The scenario as s.yaml, with the layout file it names beside it (when it is one)."""
    if isinstance(doc, dict) and isinstance(doc.get("layout"), str):
        if doc["layout"] in s.LAYOUT_FILES:
            case.write(doc["layout"], s.LAYOUT_FILES[doc["layout"]])
    return case.write("s.yaml", s.emit(doc, style))


@fuzz_settings(30)
@given(
    s.scenario_docs(s.odd_paths),
    st.sampled_from(["block"] * 6 + ["flow"]),
    st.booleans(),
    st.data(),
)
def test_a_mutated_scenario_never_crashes(ws, doc, style, outside, data):
    """A shipped scenario with keys and values mutated (`layout:` naming odd paths too)."""
    case = fresh_case(ws)
    write_scenario(case, doc, style)
    args, stdin = data.draw(scenario_commands("s.yaml"))
    run_and_check(case, args, stdin, outside=outside)


@fuzz_settings(30)
@given(s.built_scenarios(), st.booleans(), st.data())
def test_a_built_scenario_never_crashes(ws, doc, outside, data):
    """A scenario built from each game's vocabulary: a quarter of them are playable."""
    case = fresh_case(ws)
    write_scenario(case, doc)
    args, stdin = data.draw(scenario_commands("s.yaml"))
    run_and_check(case, args, stdin, outside=outside)


@fuzz_settings(10)
@given(st.sampled_from(sorted(s.SCENARIO_DOCS)), st.lists(s.values, min_size=1, max_size=3))
def test_a_scenario_with_odd_top_level_values_never_crashes(ws, name, extra):
    """Every top-level key of a real scenario at once replaced by odd values (seed, seats,
    params, layout...): validate must place each complaint."""
    case = fresh_case(ws)
    doc = dict(s.SCENARIO_DOCS[name])
    for key, value in zip(sorted(doc), extra * len(doc), strict=False):
        if key != "game":
            doc[key] = value
    write_scenario(case, doc)
    run_and_check(case, ["validate", "s.yaml"])


@fuzz_settings(8, weight=0.25)
@given(s.built_scenarios(), st.integers(-(2**70), 2**70), st.sampled_from([[], ["--rotate"]]))
def test_what_simulate_saves_replays_and_checks(ws, doc, seed, rotate):
    """When a (built) scenario simulates, the records it saved must validate, replay (with
    narration) and check against the event logs saved beside them: exit 0 each."""
    case = fresh_case(ws)
    write_scenario(case, doc)
    saved = ["simulate", "s.yaml", "-n", "2", "--seed", str(seed), "--save-logs", "logs", *rotate]
    if run_and_check(case, saved).code != 0:
        return
    run_and_check(case, ["validate", "logs"], expect=0)
    run_and_check(case, ["check", "logs", "--json"], expect=0)
    run_and_check(case, ["replay", "logs/00002.yaml", "--narrate", "--board"], expect=0)
    run_and_check(case, ["play", "logs/00001.yaml", "--save", "p.moves.yaml"], "", expect=0)
