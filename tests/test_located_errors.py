"""Every input error is a located exit 1: params of the wrong shape, solve on a game it cannot
solve, outputs that cannot be written, input names the system refuses."""

from __future__ import annotations

import errno
import os
import tempfile

import pytest

from bearcli.core.errors import BearError, InputError
from bearcli.formats import atomic, yamlsrc
from bearcli.formats import scenario as scenario_fmt
from tests.conftest import ROOT

HEADS = {
    "sliding-bears": "game: sliding-bears\nseats: [greedy]\nlayout: |\n"
    "  finish: pgby . .\n       3: I I R\n       2: I R R\n       1: I R S\n   start: pgby . .\n",
    "bear-down": "game: bear-down\nseats: [greedy, greedy, greedy]\n",
    "forest": "game: baerenspiel\nseats: [searcher]\n",
    "twin": "game: baerenspiel\nvariant: twin\nseats: [searcher]\n",
    "memo": "game: baerenspiel\nvariant: memo\nseats: [random]\n",
}
NOT_A_LIST = ["5", "pink", "{a: 1}", "null", "true"]
NOT_A_MAPPING = ["5", "text", "[1, 2]", "null"]
NOT_A_NUMBER = ["lots", "[1]", "{a: 1}", "null", "true", "1.5"]
NOT_A_WORD = ["5", "[red]", "{a: 1}", "null"]
# (head, key, wrong values, the ruling the key's other messages cite)
PARAMS = [
    ("sliding-bears", "bear_die", NOT_A_LIST, "SB3"),
    ("sliding-bears", "weather_die", NOT_A_LIST, "SB3"),
    ("bear-down", "die", NOT_A_LIST, "BD3"),
    ("bear-down", "dice", NOT_A_MAPPING, "BD3"),
    ("bear-down", "rocks", NOT_A_LIST, "BD4"),
    ("bear-down", "dropped_stream", NOT_A_WORD, "BD1"),
    ("bear-down", "water_supply", NOT_A_NUMBER, "BD13"),
    ("bear-down", "rock_stack", NOT_A_NUMBER, "BD5"),
    ("bear-down", "salmon_supply", NOT_A_NUMBER, "BD13"),
    ("forest", "dark", NOT_A_MAPPING, "BS2"),
    ("forest", "light", NOT_A_MAPPING, "BS2"),
    ("forest", "die", NOT_A_LIST, "BS3"),
    ("twin", "removed", NOT_A_WORD, "BS13"),
    ("memo", "pairs", NOT_A_NUMBER, "BS14"),
]
CASES = [(h, k, v, r) for h, k, values, r in PARAMS for v in values]
NESTED = [  # a value of the wrong shape one level further in
    ("bear-down", "dice", "{blue: 5}", "BD3", "5"),
    ("bear-down", "dice", "{blue: null}", "BD3", "null"),
    ("forest", "dark", "{bear: one}", "BS2", "one"),
    ("forest", "light", "{path: [22]}", "BS2", "[22]"),
]


def _text(head: str, key: str, value: str) -> str:
    return HEADS[head] + f"params:\n  {key}: {value}\n"


def _refused(text: str) -> BearError:
    with pytest.raises(BearError) as info:  # never a TypeError, KeyError, ...: no exit 3
        scenario_fmt.parse(yamlsrc.loads(text, "p.yaml"))
    return info.value


def _place(text: str, fragment: str) -> tuple[int, int]:
    """1-based line and column of the last `fragment` in the text (the value's start)."""
    lines = text.splitlines()
    line = max(i for i, ln in enumerate(lines) if fragment in ln)
    return line + 1, lines[line].rindex(fragment) + 1


@pytest.mark.parametrize("head,key,value,ruling", CASES)
def test_a_param_of_the_wrong_shape_is_located_at_its_value(head, key, value, ruling):
    text = _text(head, key, value)
    err = _refused(text)
    value_at = (len(text.splitlines()), len(f"  {key}: ") + 1)  # the last line holds it
    assert (err.location.line, err.location.col) == value_at, err.headline()
    assert err.ruling == ruling, err.headline()


@pytest.mark.parametrize("head,key,value,ruling,inner", NESTED)
def test_a_nested_value_of_the_wrong_shape_is_located_at_it(head, key, value, ruling, inner):
    text = _text(head, key, value)
    err = _refused(text)
    assert (err.location.line, err.location.col) == _place(text, inner), err.headline()
    assert err.ruling == ruling, err.headline()


@pytest.mark.parametrize(
    "head,params",
    [
        ("sliding-bears", "{bear_die: [pink, green, blue, yellow, pink/blue, green/yellow]}"),
        ("sliding-bears", "{weather_die: [crack, crack, wind, wind, wind, wind]}"),
        ("bear-down", "{die: [W, WWS, S1, S1, S2, S3], dice: {blue: [W, W, W, W, W, W]}}"),
        ("bear-down", "{rocks: [red/blue 2], dropped_stream: red, water_supply: 3}"),
        ("forest", "{dark: {bear: 1, path: 10, animal: 9, obstacle: 5}}"),
        ("forest", "{die: [tree, tree, tree, paw, paw, bear]}"),
        ("twin", "{removed: path}"),
        ("memo", "{pairs: 3}"),
    ],
)
def test_the_same_params_of_the_right_shape_are_accepted(head, params):
    scenario_fmt.parse(yamlsrc.loads(HEADS[head] + f"params: {params}\n", "p.yaml"))


def test_the_die_that_crashed_is_a_located_exit_1(cli, tmp_path):
    (tmp_path / "s.yaml").write_text(_text("sliding-bears", "bear_die", "5"))
    ran = cli("validate", "s.yaml")
    assert ran.code == 1
    assert ran.err.splitlines()[0] == (
        "s.yaml:10:13: error: bear_die is a list of six faces, not 5 [SB3]"
    )


# -- solve ----------------------------------------------------------------------------


def test_solve_on_a_competitive_game_is_located_at_its_game(cli, tmp_path):
    (tmp_path / "bd.yaml").write_text("seed: 1\ngame:   bear-down\nseats: [greedy, greedy]\n")
    ran = cli("solve", "bd.yaml")
    assert ran.code == 1
    assert ran.err.startswith("bd.yaml:2:9: error: Bear Down! (bear-down) is not cooperative")


def test_solve_over_its_budget_is_located_at_the_scenario(cli):
    ran = cli(
        "solve",
        str(ROOT / "scenarios/sliding-bears/small/single-file.yaml"),
        "--max-positions",
        "50",
    )
    assert ran.code == 1
    assert ran.err.startswith(
        f"{ROOT}/scenarios/sliding-bears/small/single-file.yaml:1:1: error: more than 50 "
        "reachable positions; this board is too large to solve exactly"
    )


# -- outputs --------------------------------------------------------------------------


def _oserror(code: int):
    def fail(*args, **kwargs):
        raise OSError(code, os.strerror(code))

    return fail


@pytest.mark.parametrize(
    "where,code",
    [
        ("mkstemp", errno.EROFS),  # a read-only file system
        ("mkstemp", errno.EACCES),  # a folder we may not write in
        ("fsync", errno.ENOSPC),  # the disk is full
        ("replace", errno.EBUSY),  # the target is busy (a mount point)
        ("replace", errno.EACCES),
    ],
)
def test_a_failed_write_is_located_at_the_output_and_leaves_no_trace(
    tmp_path, monkeypatch, where, code
):
    target = tmp_path / "out.jsonl"
    target.write_text("old\n")
    owner = {"mkstemp": tempfile, "fsync": os, "replace": os}[where]
    monkeypatch.setattr(owner, where, _oserror(code))
    with pytest.raises(InputError) as info:
        atomic.write_text(target, "new\n", force=True)
    assert info.value.headline() == f"{target}:1:1: error: cannot write: {os.strerror(code)}"
    assert target.read_text() == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["out.jsonl"]  # the temp file is gone


def test_the_same_write_succeeds_when_nothing_fails(tmp_path):
    target = tmp_path / "out.jsonl"
    target.write_text("old\n")
    atomic.write_text(target, "new\n", force=True)
    assert target.read_text() == "new\n"
    assert [p.name for p in tmp_path.iterdir()] == ["out.jsonl"]


def test_a_folder_is_never_written_over(cli, tmp_path):
    (tmp_path / "logs").mkdir()
    record = str(ROOT / "replays/sliding-bears/rulings-tour.yaml")
    for extra in ((), ("--force",)):
        ran = cli("replay", record, "--events", "logs", *extra)
        assert ran.code == 1
        assert ran.err.splitlines() == ["logs:1:1: error: cannot write: it is a folder"]
    assert list((tmp_path / "logs").iterdir()) == []
    assert cli("replay", record, "--events", "logs/out.jsonl").code == 0


def test_a_file_where_a_folder_should_be_and_a_name_too_long(cli, tmp_path):
    (tmp_path / "plain").write_text("")
    record = str(ROOT / "replays/sliding-bears/rulings-tour.yaml")
    ran = cli("replay", record, "--events", "plain/out.jsonl")
    assert ran.code == 1
    assert ran.err.splitlines() == [
        "plain/out.jsonl:1:1: error: cannot write: plain is not a folder"
    ]
    long = "e" * 300 + ".jsonl"
    ran = cli("replay", record, "--events", long)
    assert ran.code == 1
    assert ran.err.splitlines() == [f"{long}:1:1: error: cannot write: File name too long"]
    # A name near the limit is still writable: the temp file's name is kept short.
    near = "n" * 250
    assert cli("replay", record, "--events", near).code == 0, "near the limit"
    assert sorted(p.name for p in tmp_path.iterdir()) == [near, "plain"]


# -- inputs ---------------------------------------------------------------------------

LONG = "a" * 300 + ".yaml"


def test_an_input_name_too_long_is_located(tmp_path):
    with pytest.raises(InputError) as info:
        yamlsrc.read_text(tmp_path / LONG, LONG)
    assert info.value.headline() == f"{LONG}:1:1: error: cannot read: File name too long"
    (tmp_path / "short.yaml").write_text("a: 1\n")
    assert yamlsrc.read_text(tmp_path / "short.yaml") == "a: 1\n"


@pytest.mark.parametrize("command", ["replay", "solve"])
def test_commands_given_an_input_name_too_long_exit_1(cli, command):
    ran = cli(command, LONG)
    assert ran.code == 1
    assert ran.err.splitlines() == [f"{LONG}:1:1: error: cannot read: File name too long"]


@pytest.mark.parametrize("command", ["simulate", "validate", "check", "play", "replay", "solve"])
def test_a_file_name_too_long_to_look_up_is_a_located_error(cli, command):
    name = "x" * 300 + ".yaml"
    ran = cli(command, name, input="")
    assert ran.code == 1, ran.err
    assert f"{name}:1:1: error: " in ran.out + ran.err


def test_simulate_s_step_guard_is_located_at_the_scenario(cli, tmp_path, monkeypatch):
    import shutil

    monkeypatch.setattr("bearcli.core.runner.MAX_STEPS", 5)  # the real guard takes long
    shutil.copy(ROOT / "scenarios/sliding-bears/classic.yaml", tmp_path / "c.yaml")
    shutil.copy(ROOT / "scenarios/sliding-bears/classic.layout", tmp_path / "classic.layout")
    ran = cli("simulate", "c.yaml", "-n", "1")
    assert ran.code == 1
    assert ran.err.startswith("c.yaml:1:1: error: the game did not end within 5 steps")
