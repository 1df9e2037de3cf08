"""Command lines: random subsets of each command's options with random values, unknown
options (exit 2) and missing arguments (exit 2). Inputs are real files copied into the
case's folder, shipped names, or the odd paths of strategies.odd_paths; outputs go only
where strategies.out_paths allows."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.fuzz import strategies as s
from tests.fuzz.harness import fresh_case, fuzz_settings, run_and_check

pytestmark = pytest.mark.fuzz

SHIPPED = [
    "sliding-bears/classic",
    "sliding-bears/small/single-file",
    "bear-down/bots-4p.yaml",
    "bear-down/two-players",
    "baerenspiel/memo",
    "baerenspiel/twin",
    "nope/none",
]
# Input paths: never "/" (a folder argument is searched recursively: the whole disk).
# Nor a name with a colon: the property's FILE:LINE:COL pattern cannot tell where it ends.
inputs = s.odd_paths.filter(lambda p: p != "/" and ":" not in p)
scenario_args = s.weighted(
    (3, st.sampled_from(["s.yaml"] * 4 + ["-", "r.yaml"] + SHIPPED)), (1, inputs)
)
record_args = s.weighted((3, st.sampled_from(["r.yaml"] * 4 + ["-", "s.yaml"])), (1, inputs))
check_args = s.weighted(
    (3, st.sampled_from(["r.yaml", "r.yaml", ".", "-", "s.yaml", "subdir", "r.events.jsonl"])),
    (1, inputs),
)
validate_args = s.weighted(
    (3, st.sampled_from(["s.yaml", "r.yaml", ".", "-", "floe.layout", "subdir"])), (1, inputs)
)
workers = st.sampled_from(["1", "1", "2", "0", "65", "-1", "x", ""])
positions = st.one_of(
    st.integers(-3, 3000).map(str), st.sampled_from(["0x10", "abc", "", "1e3", "9" * 5000, "1.5"])
)
bots = st.sampled_from(
    [
        "random",
        "greedy",
        "cautious",
        "searcher",
        "perfect",
        "forgetful",
        "human",
        "",
        "nobody",
        "GREEDY",
        "🐻",
    ]
)
rules_ids = st.one_of(
    st.sampled_from(
        ["SB4", "sb4", "P-BD6", "p-bs2", "C3", "SB" + "999", "", "-", "SB4 ", "x" * 500]
    ),
    st.text(max_size=10),
)


def opt(*names_and_values) -> st.SearchStrategy[tuple[str, ...]]:
    """An option: its spellings, then (optionally) a strategy for its value."""
    names, *value = names_and_values
    name = st.sampled_from(names)
    if not value:
        return name.map(lambda n: (n,))
    return st.tuples(name, value[0])


OPTIONS = {
    "simulate": [
        opt(["-n", "--games"], s.int_args),
        opt(["-s", "--seed"], s.seed_args),
        opt(["--bot"], bots),
        opt(["--json"]),
        opt(["--save-logs"], s.out_paths),
        opt(["--rotate"]),
        opt(["-j", "--workers"], workers),
        opt(["--force"]),
        opt(["--set"], s.set_args.map(lambda v: v[0] if v else "level=hard")),
    ],
    "solve": [
        opt(["--json"]),
        opt(["--set"], s.set_args.map(lambda v: v[0] if v else "level=hard")),
    ],
    "play": [
        opt(["-s", "--seed"], s.seed_args),
        opt(["--save"], s.out_paths),
        opt(["--force"]),
        opt(["--set"], s.set_args.map(lambda v: v[0] if v else "seats=[human]")),
        opt(["--manual-chance"]),
    ],
    "replay": [
        opt(["--events"], st.one_of(s.out_paths, st.just("-"))),
        opt(["--check"], st.one_of(st.just("r.events.jsonl"), inputs)),
        opt(["--force"]),
        opt(["--upto"], s.int_args),
        opt(["--board"]),
        opt(["--narrate"]),
        opt(["--svg"], s.out_paths),
        opt(["--html"], s.out_paths),
        opt(["--show-memory"]),
    ],
    "check": [
        opt(["--update"]),
        opt(["--junit"], s.out_paths),
        opt(["--html"], s.out_paths),
        opt(["--json"]),
        opt(["--expected"], st.one_of(st.just("r.events.jsonl"), inputs)),
        opt(["-j", "--workers"], workers),
        opt(["--force"]),
    ],
    "validate": [],
    "rules": [],
    "scenarios": [opt(["--json"])],
}
POSITIONAL = {
    "simulate": scenario_args.map(lambda a: [a]),
    "solve": scenario_args.map(lambda a: [a]),
    "play": scenario_args.map(lambda a: [a]),
    "replay": record_args.map(lambda a: [a]),
    "check": st.lists(check_args, min_size=1, max_size=3),
    "validate": st.lists(validate_args, min_size=1, max_size=3),
    "rules": st.one_of(st.just([]), rules_ids.map(lambda a: [a])),
    "scenarios": st.just([]),
}
KNOWN = {
    "--games",
    "--seed",
    "--bot",
    "--json",
    "--save-logs",
    "--rotate",
    "--workers",
    "--force",
    "--set",
    "--save",
    "--manual-chance",
    "--events",
    "--check",
    "--upto",
    "--board",
    "--narrate",
    "--update",
    "--junit",
    "--expected",
    "--max-positions",
    "--help",
    "--version",
    "--debug",
    "--allow-outside",
    "--svg",
    "--html",
    "--show-memory",
}
unknown = s.unknown_options.filter(lambda o: o not in KNOWN)


@st.composite
def command_lines(draw, mode: str):
    """(args, stdin): a random command line; `mode` missing/unknown makes it a usage error."""
    cmd = draw(
        st.sampled_from(sorted(OPTIONS))
        if mode != "missing"
        else st.sampled_from(["simulate", "solve", "play", "replay", "check", "validate"])
    )
    chosen = draw(st.lists(st.one_of(*OPTIONS[cmd]), max_size=4) if OPTIONS[cmd] else st.just([]))
    if cmd == "solve":  # a budget always: the default (a million positions) takes minutes
        chosen.append(("--max-positions", draw(positions)))
    if cmd == "simulate" and not any(o[0] in ("-n", "--games") for o in chosen):
        chosen.append(("-n", "2"))
    chosen = draw(st.permutations(chosen))
    positional = [] if mode == "missing" else draw(POSITIONAL[cmd])
    args = [cmd]
    split = draw(st.integers(0, len(chosen)))  # options before and after the arguments
    args += s.as_args(chosen[:split]) + positional + s.as_args(chosen[split:])
    if mode == "unknown":
        args.append(draw(unknown))
    for root_option in ("--debug", "--allow-outside"):
        if s.one_in(draw, 5):
            args.insert(0, root_option)
    stdin = None
    if "-" in positional or cmd == "play":
        stdin = draw(
            st.one_of(
                st.sampled_from(["", "quit\n", "?\nboard\n", "roll pink crack\n"]),
                st.sampled_from([s.RECORDS[n].read_text() for n in sorted(s.RECORDS)[:3]]),
                st.lists(st.sampled_from(s.STEP_WORDS), max_size=5).map("\n".join),
            )
        )
    return args, stdin


def setup(case, data):
    """s.yaml (a shipped scenario), r.yaml and r.events.jsonl (a golden record), floe.layout."""
    name = data.draw(st.sampled_from(sorted(s.SCENARIO_DOCS)), label="scenario")
    doc = s.SCENARIO_DOCS[name]
    if doc.get("layout") in s.LAYOUT_FILES:
        case.write(doc["layout"], s.LAYOUT_FILES[doc["layout"]])
        case.write("floe.layout", s.LAYOUT_FILES[doc["layout"]])
    else:
        case.write("floe.layout", s.LAYOUT_FILES["classic.layout"])
    case.write("s.yaml", s.emit(doc))
    record = data.draw(st.sampled_from(sorted(s.RECORDS)), label="record")
    case.write("r.yaml", s.RECORDS[record].read_text())
    case.write("r.events.jsonl", s.EXPECTED[record])


@fuzz_settings(50)
@given(st.data())
def test_a_random_command_line_never_crashes(ws, data):
    case = fresh_case(ws)
    setup(case, data)
    args, stdin = data.draw(command_lines("normal"))
    run_and_check(case, args, stdin)


@fuzz_settings(12)
@given(st.data())
def test_an_unknown_option_exits_2(ws, data):
    case = fresh_case(ws)
    setup(case, data)
    args, stdin = data.draw(command_lines("unknown"))
    run_and_check(case, args, stdin, expect=2)


@fuzz_settings(12)
@given(st.data())
def test_a_missing_argument_exits_2(ws, data):
    case = fresh_case(ws)
    setup(case, data)
    args, stdin = data.draw(command_lines("missing"))
    run_and_check(case, args, stdin, expect=2)


@fuzz_settings(10)
@given(
    st.lists(
        st.one_of(
            st.sampled_from(
                [
                    "--version",
                    "--debug",
                    "-h",
                    "--help",
                    "bogus",
                    "--allow-outside",
                    "-",
                    "--",
                    "simulate",
                ]
            ),
            st.text(max_size=8),
        ),
        max_size=3,
    )
)
def test_any_root_arguments_never_crash(ws, args):
    run_and_check(fresh_case(ws), args)
