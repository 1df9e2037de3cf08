"""File-system and resource failures are located exit 1 (never an internal error), and what
was done before is kept and reported; a seed is bounded the same way in every notation."""

from __future__ import annotations

import errno
import os
import shutil
import tempfile

import pytest

from bearcli.cli import options
from bearcli.core import rng
from tests.conftest import ROOT

CLASSIC = "sliding-bears/classic"


def _fail_link_at(monkeypatch, at: int, err: int) -> None:
    """os.link (how each game file is created) fails with `err` from its `at`-th call on."""
    real, calls = os.link, []

    def link(src, dst):
        calls.append(dst)
        if len(calls) >= at:
            raise OSError(err, os.strerror(err))
        real(src, dst)

    monkeypatch.setattr(os, "link", link)


def test_a_full_disk_under_save_logs_keeps_and_reports_the_games_before_it(
    cli, tmp_path, monkeypatch
):
    _fail_link_at(monkeypatch, 5, errno.ENOSPC)  # games 1 and 2 saved, game 3's event log not
    ran = cli("simulate", CLASSIC, "-n", "6", "--save-logs", "logs", "--csv", "g.csv")
    assert ran.code == 1
    lines = ran.err.splitlines()
    assert lines[0] == "logs/00003.events.jsonl:1:1: error: cannot write: No space left on device"
    assert lines[1].startswith("stopped after 2 of 6 games; the figures above cover those")
    assert "games won               │" in ran.out and " of 2 " in ran.out  # the figures
    assert sorted(os.listdir(tmp_path / "logs")) == [
        "00001.events.jsonl",
        "00001.yaml",
        "00002.events.jsonl",
        "00002.yaml",
    ]
    rows = (tmp_path / "g.csv").read_text().splitlines()
    assert [r.split(",")[0] for r in rows[1:]] == ["1", "2"]  # the rows of those games


def test_a_folder_it_may_not_write_in_is_refused_before_a_game_is_played(
    cli, tmp_path, monkeypatch
):
    def refused(*args, **kwargs):
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES))

    monkeypatch.setattr(tempfile, "mkstemp", refused)  # as a read-only folder does (not root)
    ran = cli("simulate", CLASSIC, "-n", "3", "--save-logs", "logs")
    assert ran.code == 1 and ran.out == ""
    assert ran.err.splitlines() == ["logs:1:1: error: cannot write logs here: Permission denied"]


@pytest.mark.parametrize("option", ["--csv", "--save-logs"])
def test_a_name_too_long_is_located(cli, option):
    name = "c" * 300
    ran = cli("simulate", CLASSIC, "-n", "2", option, name)
    assert ran.code == 1
    assert ran.err.startswith(f"{name}:1:1: error: cannot write")
    assert "File name too long" in ran.err


def test_the_seed_bound_is_the_same_in_the_library_and_the_options():
    assert options.SEED_DIGITS == rng.SEED_DIGITS
    assert rng.seed_problem(10**rng.SEED_DIGITS - 1) is None
    assert rng.seed_problem(-(10**rng.SEED_DIGITS) + 1) is None
    assert rng.seed_problem(10**rng.SEED_DIGITS) is not None


@pytest.mark.parametrize(
    ("seed", "ok"),
    [
        ("0x" + "f" * 800, True),  # 964 decimal digits
        ("0x" + "f" * 900, False),  # 1,084 decimal digits
        ("0x" + "f" * 4000, False),  # more than Python prints (4,300 digits)
        ("9" * 1000, True),
        ("1" + "0" * 1000, False),
        ("0" + "7" * 1200, False),  # YAML 1.1 octal,
    ],
    ids=["hex-800", "hex-900", "hex-4000", "dec-1000", "dec-1001", "octal-1200"],
)
def test_validate_and_simulate_agree_on_a_seed_in_any_notation(cli, tmp_path, seed, ok):
    shutil.copy(ROOT / "scenarios/sliding-bears/classic.layout", tmp_path)
    text = (ROOT / "scenarios/sliding-bears/classic.yaml").read_text()
    (tmp_path / "s.yaml").write_text(text.replace("seed: 1\n", f"seed: {seed}\n"))
    checked = cli("validate", "s.yaml")
    played = cli("simulate", "s.yaml", "-n", "2")
    assert (checked.code, played.code) == ((0, 0) if ok else (1, 1)), played.err
    if not ok:  # the same located error from both (past 4,300 digits, from the YAML reader)
        first = played.err.splitlines()[0]
        assert checked.err.splitlines()[0] == first
        assert first in (
            "s.yaml:4:7: error: a seed has at most 1000 digits (in any notation)",
            "s.yaml:4:7: error: invalid YAML value: not a valid !!int (more than 4300 digits)",
        )


@pytest.mark.parametrize("command", ["simulate", "play"])
def test_a_seed_option_over_the_bound_is_a_usage_error(cli, command):
    ran = cli(command, CLASSIC, "--seed", "9" * 1001, input="")
    assert ran.code == 2
    assert "a seed has at most 1000 digits" in ran.err
    more = ["-n", "1"] if command == "simulate" else ["--save", "p.yaml"]
    assert cli(command, CLASSIC, "--seed", "9" * 1000, *more, input="").code in (0, 130)
