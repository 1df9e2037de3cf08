"""Every output of every command goes through the one writer (formats/atomic.py): it replaces
only a regular file, and refuses a device node, a FIFO or a symlink with a located error,
--force or not. Each node is made by the test in its own folder, never a system path."""

from __future__ import annotations

import os
import shutil
import stat
import warnings
from pathlib import Path

import pytest

from tests.conftest import ROOT

CLASSIC = "sliding-bears/classic"
RECORD = ROOT / "replays/sliding-bears/rulings-tour.yaml"
EXPECTED = ROOT / "replays/sliding-bears/rulings-tour.events.jsonl"
T = "target.out"

# (command line with T for the output, exit code when the output is refused)
OUTPUTS = {
    "simulate --csv": (["simulate", CLASSIC, "-n", "2", "--csv", T], 1),
    "simulate --save-logs": (["simulate", CLASSIC, "-n", "2", "--save-logs", "logs"], 1),
    "play --save": (["play", CLASSIC, "--save", T], 1),
    "layout render --svg": (["layout", "render", CLASSIC, "--svg", T], 1),
    "layout new --out": (["layout", "new", "7x5", "--out", T], 1),
    "replay --events": (["replay", str(RECORD), "--events", T], 1),
    "check --junit": (["check", str(RECORD), "--junit", T], 4),  # 4: could not check
    "check --html": (["check", str(RECORD), "--html", T], 4),
    "replay --svg": (["replay", str(RECORD), "--svg", T], 1),
    "replay --html": (["replay", str(RECORD), "--html", T], 1),
    "layout vary --svg": (["layout", "vary", CLASSIC, "-n", "2", "--svg", T], 1),
    "check --update": (["check", "rec.yaml", "--update"], 1),
}
# Where the node stands for each output (the file the command would write).
NODE_AT = {"simulate --save-logs": "logs/00001.yaml", "check --update": "rec.events.jsonl"}


def _make(kind: str, path: Path) -> bool:
    """A node of `kind` at `path`; False where this machine does not permit it (mknod
    needs privileges: a char device is then not made, and the test says so)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "symlink":
        (path.parent / "victim.txt").write_text("not yours\n")
        path.symlink_to("victim.txt")
    elif kind == "dangling symlink":
        path.symlink_to("nowhere/at/all.txt")
    elif kind == "char device":  # what /dev/null is (1, 3), made here in tmp_path
        try:
            os.mknod(path, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
        except PermissionError:
            return False
    return True


def _temps(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.rglob("*.tmp"))


@pytest.mark.parametrize("force", [False, True], ids=["plain", "--force"])
@pytest.mark.parametrize("kind", ["fifo", "symlink", "dangling symlink", "char device"])
@pytest.mark.parametrize("output", list(OUTPUTS))
def test_an_output_never_replaces_what_is_not_a_regular_file(cli, tmp_path, output, kind, force):
    args, code = OUTPUTS[output]
    if output == "check --update":
        shutil.copy(RECORD, tmp_path / "rec.yaml")
    node = tmp_path / NODE_AT.get(output, T)
    if not _make(kind, node):
        warnings.warn(f"{output}: a {kind} was not tested here (mknod not permitted)", stacklevel=1)
        return
    before = os.lstat(node)
    ran = cli(*args, *(("--force",) if force else ()), input="")
    assert ran.code == code, ran.out + ran.err
    after = os.lstat(node)  # the node itself: never replaced, never removed
    assert (stat.S_IFMT(after.st_mode), after.st_ino) == (
        stat.S_IFMT(before.st_mode),
        before.st_ino,
    )
    if kind == "symlink":
        assert (node.parent / "victim.txt").read_text() == "not yours\n"
    if output == "check --update":  # a record's failure: on its report line
        first = ran.out.splitlines()[0]
        assert first.startswith("rec.yaml: "), ran.out
    else:
        first = ran.err.splitlines()[0]
        assert first.startswith(f"{NODE_AT.get(output, T)}:1:1: error: cannot write"), ran.err
        assert ("not a regular file" in first) or ("symlink" in first), first
    assert _temps(tmp_path) == []


def test_a_regular_file_is_replaced_with_force_only(cli, tmp_path):
    (tmp_path / T).write_text("old\n")
    ran = cli("layout", "render", CLASSIC, "--svg", T)
    assert ran.code == 1 and ran.err.startswith(f"{T}:1:1: error: file exists; pass --force")
    assert (tmp_path / T).read_text() == "old\n"
    assert cli("layout", "render", CLASSIC, "--svg", T, "--force").code == 0
    assert (tmp_path / T).read_text().startswith("<?xml")


@pytest.mark.parametrize(
    "args",
    [
        ["layout", "render", CLASSIC, "--svg", T],
        ["layout", "new", "7x5", "--out", T],
        ["replay", str(RECORD), "--events", T],
        ["simulate", CLASSIC, "-n", "2", "--csv", T],
    ],
    ids=lambda a: " ".join(a[:2]),
)
def test_force_removes_the_temp_files_a_killed_write_left(cli, tmp_path, args):
    stale = [f".{T}.a1b2c3d4.tmp", f".{T}.zz_99xyy.tmp"]
    kept = [f".{T}.notmine.tmp", ".other.out.a1b2c3d4.tmp", f"{T}.a1b2c3d4.tmp"]
    for name in stale + kept:
        (tmp_path / name).write_text("x")
    assert cli(*args).code == 0  # without --force nothing is removed
    assert sorted(set(_temps(tmp_path))) == sorted(stale + kept)
    assert cli(*args, "--force").code == 0
    assert _temps(tmp_path) == sorted(kept)  # only the temp files of this very target
