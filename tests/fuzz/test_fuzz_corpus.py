"""A fixed corpus of the hostile inputs issue 8 names, each through the commands that read it
(the same property as the generated cases; these run the same way every time, so every kind
of input is covered even at the small `make test` size)."""

from __future__ import annotations

import os
import warnings

import pytest

from tests.fuzz import strategies as s
from tests.fuzz.harness import fresh_case, run_and_check

pytestmark = pytest.mark.fuzz
# make test: each input through one of its commands in turn; make fuzz: through all of them.
FULL = bool(os.environ.get("BEARCLI_FUZZ_EXAMPLES"))


def spread(items: list[tuple[str, object]], commands: list[list[str]]):
    """(id, input, command) cases: every pairing (FULL), or each input with one command."""
    if FULL:
        return [(i, x, c) for i, x in items for c in commands]
    return [(i, x, commands[k % len(commands)]) for k, (i, x) in enumerate(items)]


SB = "game: sliding-bears\nseats: [greedy]\nlevel: hard\n"
# A floe small enough that solve finishes (82 positions), so that what it prints is reached.
SB_LAYOUT = (
    "layout: |\n  finish: pgby . .\n       3: I R R\n       2: I R R\n       1: S R R\n"
    "   start: pgby . .\n"
)
BD = "game: bear-down\nseats: [greedy, cautious]\n"
BS = "game: baerenspiel\nvariant: forest\nseats: [searcher]\n"
MEMO = "game: baerenspiel\nvariant: memo\nseats: [perfect, forgetful]\n"
HUGE = "7" * 5000
DEEP_LIST = "[" * 400 + "]" * 400
DEEP_MAP = "{a: " * 400 + "1" + "}" * 400

# Scenario texts: (id, text). Each is run through validate, simulate, solve and play.
SCENARIOS = [
    ("seed-none", SB + SB_LAYOUT + "seed: null\n"),
    ("seed-bool", SB + SB_LAYOUT + "seed: yes\n"),
    ("seed-huge", SB + SB_LAYOUT + f"seed: {HUGE}\n"),
    ("seed-4000-digits", SB + SB_LAYOUT + f"seed: {'7' * 4000}\n"),
    ("seed-negative", SB + SB_LAYOUT + "seed: -99999999999999999999\n"),
    ("seed-float", SB + SB_LAYOUT + "seed: 1.5e300\n"),
    ("seed-nan", SB + SB_LAYOUT + "seed: .nan\n"),
    ("title-long", SB + SB_LAYOUT + "title: " + "bear " * 20_000 + "\n"),
    ("title-control", SB + SB_LAYOUT + "title: a\x07b\n"),
    ("title-escaped-control", SB + SB_LAYOUT + 'title: "a\\x07\\x1b[2Jb"\n'),
    ("title-surrogate", SB + SB_LAYOUT + 'title: "\\ud83d"\n'),
    ("title-markup", SB + SB_LAYOUT + 'title: "[/]"\n'),
    ("title-markup-link", SB + SB_LAYOUT + 'title: "[link=file:///etc/passwd]x[/link] :bear:"\n'),
    (
        "seat-name-markup",
        BD.replace("[greedy, cautious]", '[{name: "[/x]", bot: greedy}, cautious]'),
    ),
    ("seat-name-markup-memo", MEMO.replace("perfect,", '{name: "[bold", bot: perfect},')),
    ("title-nul", SB + SB_LAYOUT + 'title: "a\\0b"\n'),
    ("title-raw-nul", SB + SB_LAYOUT + "title: a\x00b\n"),
    # Escape sequences and bidi characters written with YAML escapes (issue 24): shown escaped.
    ("title-escape-osc", SB + SB_LAYOUT + 'title: "\\e]0;PWNED\\a\\e[2J"\n'),
    ("title-escape-c1", SB + SB_LAYOUT + 'title: "\\u009b31m"\n'),
    ("title-escape-osc8", SB + SB_LAYOUT + 'title: "\\e]8;;http://x\\e\\\\link\\e]8;;\\e\\\\"\n'),
    ("title-escape-bidi", SB + SB_LAYOUT + 'title: "abc\\u202edef\\u2066"\n'),
    (
        "seat-name-escape",
        BD.replace("[greedy, cautious]", '[{name: "\\e[2J\\u202e", bot: greedy}, cautious]'),
    ),
    ("seed-hex-4000", SB + SB_LAYOUT + "seed: 0x" + "f" * 4000 + "\n"),
    ("seed-hex-900", SB + SB_LAYOUT + "seed: 0x" + "f" * 900 + "\n"),
    ("seats-deep-list", "game: sliding-bears\n" + SB_LAYOUT + f"seats: {DEEP_LIST}\n"),
    ("seats-deep-map", "game: sliding-bears\n" + SB_LAYOUT + f"seats: {DEEP_MAP}\n"),
    ("seats-huge-memory", MEMO.replace("forgetful", f"{{bot: forgetful, memory: {HUGE}}}")),
    ("seats-memory-4000", MEMO.replace("forgetful", f"{{bot: forgetful, memory: {'9' * 4000}}}")),
    ("duplicate-key", SB + SB_LAYOUT + "level: hard\n"),
    ("duplicate-nested", BD + "params: {water_supply: 3, water_supply: 4}\n"),
    ("layout-dev-zero", SB + "layout: /dev/zero\n"),
    ("layout-dev-urandom", SB + "layout: /dev/urandom\n"),
    ("layout-fifo", SB + f"layout: {s.ROOT_MARK}/fifo\n"),
    ("layout-fifo-relative", SB + "layout: ../fifo\n"),
    ("layout-socket", SB + "layout: ../sock\n"),
    ("layout-etc-passwd", SB + "layout: ../../../../etc/passwd\n"),
    ("layout-proc", SB + "layout: /proc/self/status\n"),
    ("layout-folder", SB + "layout: ../folder\n"),
    ("layout-dot", SB + "layout: .\n"),
    ("layout-300-chars", SB + "layout: " + "a" * 300 + "\n"),
    ("layout-symlink-loop", SB + "layout: ../loop\n"),
    ("layout-nul", SB + 'layout: "x\\0y.layout"\n'),
    ("layout-number", SB + "layout: 5\n"),
    ("layout-list", SB + "layout: [1, 2]\n"),
    ("params-int", SB + SB_LAYOUT + "params: 5\n"),
    ("params-bear-die-int", SB + SB_LAYOUT + "params: {bear_die: 5}\n"),
    ("params-bear-die-text", SB + SB_LAYOUT + "params: {bear_die: pinkgreen}\n"),
    ("params-bear-die-map", SB + SB_LAYOUT + "params: {bear_die: {a: 1}}\n"),
    ("params-weather-none", SB + SB_LAYOUT + "params: {weather_die: null}\n"),
    ("bd-params-list", BD + "params: [1, 2]\n"),
    ("bd-die-int", BD + "params: {die: 6}\n"),
    ("bd-dice-list", BD + "params: {dice: [1]}\n"),
    ("bd-rocks-map", BD + "params: {rocks: {a: 1}}\n"),
    ("bd-rock-huge", BD + f"params: {{rocks: [red/blue {HUGE[:4000]}]}}\n"),
    ("bd-water-huge", BD + f"params: {{water_supply: {'9' * 4000}}}\n"),
    ("bd-water-float", BD + "params: {water_supply: 2.5}\n"),
    ("bd-water-negative", BD + "params: {water_supply: -1}\n"),
    # Supplies far above the box: can a game (simulate -n 1, play) still end in time?
    ("bd-supplies-huge", BD + "params: {water_supply: 100000000, salmon_supply: 100000000}\n"),
    ("bs-params-text", BS + "params: lots\n"),
    ("bs-dark-list", BS + "params: {dark: [1, 2]}\n"),
    ("bs-dark-huge", BS + f"params: {{dark: {{bear: 1, path: {'9' * 4000}}}}}\n"),
    ("bs-die-map", BS + "params: {die: {a: 1}}\n"),
    ("bs-deal-list", BS + "deal: [a1]\n"),
    ("bs-deal-nested", BS + "deal: {a1: [bear]}\n"),
    ("bs-open-int-key", BS + "open: {1: path}\n"),
    ("memo-pairs-huge", MEMO + f"params: {{pairs: {HUGE}}}\n"),
    ("memo-pairs-float", MEMO + "params: {pairs: 2.0}\n"),
    ("tag-python", SB + SB_LAYOUT + "title: !!python/object/apply:os.getcwd []\n"),
    ("tag-binary", SB + SB_LAYOUT + "title: !!binary aGVsbG8=\n"),
    ("tag-timestamp", SB + SB_LAYOUT + "seed: 2001-12-14\n"),
    ("alias", SB + SB_LAYOUT + "title: &a x\ndescription: *a\n"),
    ("bom", "\ufeff" + SB + SB_LAYOUT),
    ("crlf", (SB + SB_LAYOUT).replace("\n", "\r\n")),
    ("not-a-mapping", "- game: sliding-bears\n"),
    ("empty", ""),
    ("only-comment", "# nothing\n"),
    ("two-documents", SB + SB_LAYOUT + "---\n" + SB + SB_LAYOUT),
]
VALIDATE = ["validate", "s.yaml"]
SIMULATE = ["simulate", "s.yaml", "-n", "1"]
SOLVE = ["solve", "s.yaml", "--max-positions", "500"]
PLAY = ["play", "s.yaml", "--save", "p.moves.yaml", "--force"]
SCENARIO_CASES = [(i, t, c, False) for i, t, c in spread(SCENARIOS, [SIMULATE, VALIDATE, PLAY])]
# the paths again, read where they lead (--allow-outside)
SCENARIO_CASES += [
    (i, t, c, True)
    for i, t, c in spread(
        [x for x in SCENARIOS if x[0].startswith("layout-")], [VALIDATE, SIMULATE]
    )
]
SCENARIO_CASES += [(i, t, SOLVE, False) for i, t in SCENARIOS[:: 1 if FULL else 6]]
SCENARIO_CASES += [  # what the table, the board and the banner print
    (i, t, c, False)
    for i, t in SCENARIOS
    if "markup" in i or "escape" in i
    for c in (SIMULATE, SOLVE, PLAY, ["simulate", "s.yaml", "-n", "1", "--json"])
]


@pytest.mark.parametrize(
    ("text", "command", "outside"),
    [(t, c, o) for _, t, c, o in SCENARIO_CASES],
    ids=[f"{i}-{c[0]}{'-outside' if o else ''}" for i, _, c, o in SCENARIO_CASES],
)
def test_a_hostile_scenario(ws, text, command, outside):
    case = fresh_case(ws)
    case.write("s.yaml", text)
    run_and_check(case, command, "" if command[0] == "play" else None, outside=outside)


RECORD = s.RECORDS["sliding-bears/rulings-tour.yaml"].read_text()
SEEDED = s.RECORDS["sliding-bears/sim-classic-greedy-seed7.yaml"].read_text()
RECORDS = [
    ("seeded-wrong-seed", SEEDED.replace("seed: 7", "seed: 8")),
    ("seeded-huge-seed", SEEDED.replace("seed: 7", f"seed: {HUGE}")),
    ("seeded-4000-digit-seed", SEEDED.replace("seed: 7", f"seed: {'9' * 4000}")),
    ("seeded-negative-seed", SEEDED.replace("seed: 7", "seed: -7")),
    ("seeded-no-seed", SEEDED.replace("seed: 7\n", "")),
    ("seeded-text-seed", SEEDED.replace("seed: 7", "seed: seven")),
    ("manual-as-seeded", RECORD.replace("chance: manual", "chance: seeded\nseed: 1")),
    ("chance-odd", RECORD.replace("chance: manual", "chance: [manual]")),
    ("result-list", RECORD.replace("result: {", "result: [{").replace("[1, 2]}", "[1, 2]}]")),
    (
        "result-int",
        RECORD.replace("result: {termination: all-bears-across, winners: [1, 2]}", "result: 5"),
    ),
    (
        "result-deep",
        RECORD.replace(
            "result: {termination: all-bears-across, winners: [1, 2]}", f"result: {DEEP_LIST}"
        ),
    ),
    ("result-winners-huge", RECORD.replace("winners: [1, 2]", f"winners: [{'9' * 4000}]")),
    ("result-winners-map", RECORD.replace("winners: [1, 2]", "winners: {a: 1}")),
    ("result-unknown-key", RECORD.replace("winners: [1, 2]", "winners: [1, 2], turns: 3")),
    ("scenario-dev-zero", "game: sliding-bears\nscenario: /dev/zero\nmoves: []\n"),
    ("scenario-fifo", "game: sliding-bears\nscenario: ../fifo\nmoves: []\n"),
    ("scenario-passwd", "game: sliding-bears\nscenario: ../../../../etc/passwd\nmoves: []\n"),
    ("scenario-folder", "game: sliding-bears\nscenario: ../folder\nmoves: []\n"),
    ("scenario-300", "game: sliding-bears\nscenario: " + "a" * 300 + "\nmoves: []\n"),
    ("scenario-itself", "game: sliding-bears\nscenario: r.yaml\nmoves: []\n"),
    ("scenario-int", "game: sliding-bears\nscenario: 5\nmoves: []\n"),
    ("wrong-game", RECORD.replace("game: sliding-bears\nchance", "game: bear-down\nchance")),
    ("game-list", RECORD.replace("game: sliding-bears\nchance", "game: [x]\nchance")),
    ("moves-map", RECORD.split("moves:")[0] + "moves: {a: 1}\n"),
    ("moves-deep", RECORD.split("moves:")[0] + f"moves: {DEEP_LIST}\n"),
    ("move-list", RECORD.replace("  - roll pink crack", "  - [roll, pink, crack]", 1)),
    ("move-huge-int", RECORD.replace("  - roll pink crack", f"  - {HUGE[:4000]}", 1)),
    ("move-float", RECORD.replace("  - roll pink crack", "  - 1.5", 1)),
    ("move-null", RECORD.replace("  - roll pink crack", "  - null", 1)),
    ("move-long", RECORD.replace("  - roll pink crack", "  - " + "roll " * 10_000, 1)),
    ("move-control", RECORD.replace("  - roll pink crack", '  - "roll\\x1b[2J pink"', 1)),
    ("move-surrogate", RECORD.replace("  - roll pink crack", '  - "roll \\ud83d"', 1)),
    ("move-bear-down", RECORD.replace("  - roll pink crack", "  - roll blue:W green:S1", 1)),
    ("move-after-end", RECORD + "  - roll pink crack\n"),
    ("truncated", RECORD[: len(RECORD) // 2]),
    ("truncated-mid-line", RECORD[: RECORD.index("roll pink crack") + 6]),
    ("set-deep", RECORD.replace("chance: manual", f"chance: manual\nset: ['seats={DEEP_LIST}']")),
    ("set-not-text", RECORD.replace("chance: manual", "chance: manual\nset: [5]")),
    ("set-no-equals", RECORD.replace("chance: manual", "chance: manual\nset: [level]")),
    (
        "set-layout-zero",
        RECORD.replace("chance: manual", "chance: manual\nset: [layout=/dev/zero]"),
    ),
]
RECORD_COMMANDS = [
    ["replay", "r.yaml", "--narrate"],
    ["check", "r.yaml", "--update", "--json"],
    ["validate", "r.yaml"],
    ["replay", "r.yaml", "--upto", "3", "--board"],
    ["play", "r.yaml", "--save", "p.moves.yaml", "--force"],
]
RECORD_CASES = spread(RECORDS, RECORD_COMMANDS)


@pytest.mark.parametrize(
    ("text", "command"),
    [(t, c) for _, t, c in RECORD_CASES],
    ids=[f"{i}-{'-'.join(c[:1] + c[2:3])}" for i, _, c in RECORD_CASES],
)
def test_a_hostile_move_log(ws, text, command):
    case = fresh_case(ws)
    case.write("r.yaml", text)
    case.write("r.events.jsonl", s.EXPECTED["sliding-bears/rulings-tour.yaml"])
    run_and_check(case, command, "" if command[0] == "play" else None)


LAYOUTS = [
    ("wide-line", "finish: p g b y\n3: I I I I I\n2: I S I I\n1: I I I I\nstart: p g b y\n"),
    ("narrow-line", "finish: p g b y\n3: I I I\n2: I S I I\n1: I I I I\nstart: p g b y\n"),
    ("odd-labels", "finish: p g b y\nx: I I I I\n-1: I S I I\n٣: I I I I\nstart: p g b y\n"),
    ("no-colon", "finish: p g b y\n3 I I I I\n2: I S I I\n1: I I I I\nstart: p g b y\n"),
    ("huge-label", f"finish: p g b y\n{HUGE}: I I I I\n2: I S I I\n1: I I I I\nstart: p g b y\n"),
    (
        "too-big",
        "finish: p g b y"
        + " ." * 96
        + "\n"
        + "".join(f"{r}: " + " ".join("I" * 100) + "\n" for r in range(100, 0, -1))
        + "start: p g b y"
        + " ." * 96
        + "\n",
    ),
    (
        "tabs",
        "finish:\tp\tg\tb\ty\n3:\tI\tI\tI\tI\n2:\tI\tS\tI\tI\n1:\tI\tI\tI\tI\nstart:\tp\tg\tb\ty\n",
    ),
    (
        "bom-crlf",
        "\ufefffinish: p g b y\r\n3: I I I I\r\n2: I S I I\r\n1: I I I I\r\nstart: p g b y\r\n",
    ),
    ("control", "finish: p g b y\n3: I I\x07 I I\n2: I S I I\n1: I I I I\nstart: p g b y\n"),
    ("only-finish", "finish: p g b y\n"),
    ("empty", ""),
    ("long-line", "finish: p g b y " + "I " * 50_000 + "\n"),
]


LAYOUT_CASES = spread(
    LAYOUTS,
    [
        ["validate", "floe.layout"],
        ["simulate", "s.yaml", "-n", "1"],
        ["solve", "s.yaml", "--max-positions", "200"],
    ],
)


@pytest.mark.parametrize(
    ("text", "command"),
    [(t, c) for _, t, c in LAYOUT_CASES],
    ids=[f"{i}-{c[0]}" for i, _, c in LAYOUT_CASES],
)
def test_a_hostile_layout(ws, text, command):
    case = fresh_case(ws)
    case.write("floe.layout", text)
    case.write("s.yaml", "game: sliding-bears\nseats: [greedy]\nlayout: floe.layout\n")
    run_and_check(case, command)


EVENT_LOG = s.EXPECTED["sliding-bears/rulings-tour.yaml"]


def _third_line(line: str) -> str:
    lines = EVENT_LOG.splitlines()
    lines[2] = line
    return "\n".join(lines) + "\n"


EVENT_LOGS = [(f"hostile-{i}", _third_line(line)) for i, line in enumerate(s.HOSTILE_LINES)] + [
    ("first-line-deep", s.HOSTILE_LINES[0] + "\n" + EVENT_LOG),
    ("not-json", "this is not json\n"),
    ("empty", ""),
    ("bom", "\ufeff" + EVENT_LOG),
    ("crlf", EVENT_LOG.replace("\n", "\r\n")),
    ("header-only", EVENT_LOG.split("\n", 1)[0] + "\n"),
    ("rules-huge", EVENT_LOG.replace('"rules":1', f'"rules":{"9" * 5000}', 1)),
    ("rules-float", EVENT_LOG.replace('"rules":1', '"rules":1.5', 1)),
    ("rules-text", EVENT_LOG.replace('"rules":1', '"rules":"1"', 1)),
    ("header-list", "[]\n" + EVENT_LOG.split("\n", 1)[1]),
]


EVENT_CASES = spread(
    EVENT_LOGS,
    [
        ["replay", "r.yaml", "--check", "r.events.jsonl"],
        ["check", "r.yaml", "--json"],
        ["check", "-", "--expected", "r.events.jsonl"],
    ],
)


@pytest.mark.parametrize(
    ("text", "command"),
    [(t, c) for _, t, c in EVENT_CASES],
    ids=[f"{i}-{'-'.join(c[:1] + c[2:3])}" for i, _, c in EVENT_CASES],
)
def test_a_hostile_event_log(ws, text, command):
    case = fresh_case(ws)
    case.write("r.yaml", RECORD)
    case.write("r.events.jsonl", text)
    run_and_check(case, command, RECORD if "-" in command else None)


COMMAND_LINES = [
    (["simulate", "s.yaml", "--seed", "0x" + "f" * 64], None),
    (["simulate", "s.yaml", "--seed", "-" + "9" * 30, "-n", "1"], None),
    (["simulate", "s.yaml", "--seed", "9" * 5000], 2),
    (["simulate", "s.yaml", "--seed", "9" * 4000, "-n", "1"], None),
    (["simulate", "s.yaml", "-n", "0"], 2),
    (["simulate", "s.yaml", "-n", "1", "--workers", "0"], 2),
    (["simulate", "s.yaml", "-n", "2", "--workers", "2"], None),
    (["simulate", "s.yaml", "-n", "1", "--set", f"seats={DEEP_LIST}"], None),
    (["simulate", "s.yaml", "-n", "1", "--set", f"params={DEEP_MAP}"], None),
    (["simulate", "s.yaml", "-n", "1", "--set", "seed=" + HUGE], None),
    (["simulate", "s.yaml", "-n", "1", "--set", "layout=/dev/zero"], None),
    (["simulate", "s.yaml", "-n", "1", "--set", "nokey"], None),
    (["simulate", "s.yaml", "-n", "1", "--set", "=x"], None),
    (["simulate", "s.yaml", "-n", "1", "--set", 'title="\\ud83d"'], None),
    (["simulate", "s.yaml", "-n", "1", "--save-logs", "exists.out"], None),
    (["simulate", "s.yaml", "-n", "1", "--save-logs", "dev.out"], None),
    (["simulate", "s.yaml", "-n", "1", "--save-logs", "b" * 300], None),
    (["solve", "s.yaml", "--max-positions", "0"], 2),
    (["solve", "s.yaml", "--max-positions", "1"], None),
    (["solve", "s.yaml", "--max-positions", "9" * 5000], 2),
    (["replay", "r.yaml", "--upto", "-1"], 2),
    (["replay", "r.yaml", "--upto", "9" * 30], None),
    (["replay", "r.yaml", "--events", "exists.out"], None),
    (["replay", "r.yaml", "--events", "subdir", "--force"], None),
    (["replay", "r.yaml", "--events", "fifo.out", "--force"], None),
    (["replay", "r.yaml", "--events", "exists.out/x", "--force"], None),
    (["replay", "r.yaml", "--events", "b" * 300, "--force"], None),
    (["replay", "r.yaml", "--check", "/dev/zero"], None),
    (["replay", "r.yaml", "--check", s.ROOT_MARK + "/fifo"], None),
    (["replay", "r.yaml", "--check", "subdir"], None),
    (["check", "r.yaml", "--update", "--json"], None),
    (["check", "r.yaml", "--junit", "subdir"], None),
    (["check", "r.yaml", "--junit", "dev.out", "--force"], None),
    (["check", "r.yaml", "--junit", "b" * 300], None),
    (["check", "b" * 300], None),
    (["check", "r.yaml", "--workers", "65"], 2),
    (["check", "r.yaml", "--expected", "r.events.jsonl"], None),
    (["validate", "b" * 300], None),
    (["validate", "/dev/zero", s.ROOT_MARK + "/fifo", s.ROOT_MARK + "/sock"], None),
    (["play", "s.yaml", "--save", "exists.out"], None),
    (["play", "s.yaml", "--save", "subdir", "--force"], None),
    (["play", "s.yaml", "--seed", "9" * 4000], None),
    (["rules", "x" * 10_000], None),
    (["rules", "\x1b[2J"], None),
    # issue 24: outputs onto nodes, --dask addresses it cannot use, bounded seeds, names
    (["simulate", "s.yaml", "-n", "1", "--dask", "tls://127.0.0.1:8786"], 1),
    (["simulate", "s.yaml", "-n", "1", "--dask", "tcp://" + "a" * 64 + ".example:8786"], 1),
    (["simulate", "s.yaml", "-n", "1", "--seed", "9" * 1001], 2),
    (["play", "s.yaml", "--seed", "9" * 1001], 2),
    (["rules", "\x1b]0;PWNED\x07\u202e"], 2),
    (["validate", "new\nline\x1b[2J\u202e.yaml"], 1),
    (["validate", ""], 2),
    (["check", ""], 2),
    (["simulate", "s.yaml", "-n", "1", "--csv", "c" * 300], 1),
    *(
        (["simulate", "s.yaml", "-n", "1", "--csv", node, *force], 1)
        for node in ("fifo.out", "link.out", "dangling.out", "dev.out")
        for force in ((), ("--force",))
    ),
    *(
        (command, 4 if "--junit" in command else 1)
        for node in ("fifo.out", "link.out", "dangling.out", "dev.out")
        for command in (
            ["replay", "r.yaml", "--events", node, "--force"],
            ["check", "r.yaml", "--junit", node],
            ["play", "s.yaml", "--save", node, "--force"],
            ["layout", "render", "s.yaml", "--svg", node, "--force"],
            ["layout", "new", "5x4", "--out", node, "--force"],
        )
    ),
    (["simulate", "s.yaml", "--frobnicate"], 2),
    (["replay", "r.yaml", "--gmes", "1"], 2),
    (["check"], 2),
    (["validate"], 2),
    (["simulate"], 2),
    (["solve", "--max-positions", "5"], 2),
    (["replay", "--upto", "3"], 2),
    (["play", "--seed", "1"], 2),
]


@pytest.mark.parametrize(
    ("args", "expect"), COMMAND_LINES, ids=[" ".join(a)[:60] for a, _ in COMMAND_LINES]
)
def test_a_hostile_command_line(ws, args, expect):
    case = fresh_case(ws)
    case.write("s.yaml", SB + SB_LAYOUT)
    case.write("r.yaml", RECORD)
    case.write("r.events.jsonl", EVENT_LOG)
    if "dev.out" in args and not os.path.lexists(case.dir / "dev.out"):
        warnings.warn("no device node made here (mknod not permitted)", stacklevel=1)
        expect = None  # a regular file is made where the device would have been
    run_and_check(case, args, "" if args[0] == "play" else None, expect=expect)


def test_a_hostile_folder(ws):
    """validate and check search folders: FIFOs and devices named *.yaml, symlink loops, a
    link to /proc must neither block nor be walked into."""
    case = fresh_case(ws)
    tree = case.dir / "tree"
    (tree / "a").mkdir(parents=True)
    (tree / "a" / "up").symlink_to("..")
    (tree / "proc").symlink_to("/proc")
    (tree / "zero.yaml").symlink_to("/dev/zero")
    (tree / "sock.yaml").symlink_to(ws / "sock")
    os.mkfifo(tree / "fifo.yaml")
    os.mkfifo(tree / "fifo.layout")
    case.write("tree/a/r.yaml", RECORD)
    case.write("tree/a/s.yaml", SB + SB_LAYOUT)
    for command in (["validate", "tree"], ["check", "tree"], ["check", "tree", "--update"]):
        run_and_check(case, command)


BYTES = [
    ("random", bytes(range(256)) * 4),
    ("latin-1", "game: baerenspiel # Bärenspiel\n".encode("latin-1")),
    ("utf-16", (SB + SB_LAYOUT).encode("utf-16")),
    ("utf-8-bom", b"\xef\xbb\xbf" + (SB + SB_LAYOUT).encode()),
    ("utf-32-bom", b"\xff\xfe\x00\x00" + (SB + SB_LAYOUT).encode()),
    ("crlf", (SB + SB_LAYOUT).replace("\n", "\r\n").encode()),
    ("cr", (SB + SB_LAYOUT).replace("\n", "\r").encode()),
    ("surrogate-bytes", b"title: \xed\xa0\xbd\n" + (SB + SB_LAYOUT).encode()),
    ("nul", b"\x00" * 100),
    ("over-1-mib", b"# " + b"x" * (1 << 20) + b"\n"),
]


BYTE_CASES = spread(
    BYTES,
    [
        ["validate", "f.yaml"],
        ["validate", "f.layout"],
        ["replay", "-"],
        ["check", "f.yaml"],
        ["simulate", "f.yaml", "-n", "1"],
        ["validate", "-"],
    ],
)


@pytest.mark.parametrize(
    ("data", "command"),
    [(d, c) for _, d, c in BYTE_CASES],
    ids=[f"{i}-{'-'.join(c[:2])}" for i, _, c in BYTE_CASES],
)
def test_hostile_bytes(ws, data, command):
    case = fresh_case(ws)
    case.write("f.yaml", data)
    case.write("f.layout", data)
    run_and_check(case, command, data if "-" in command else None)
