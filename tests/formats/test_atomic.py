"""Atomic writes: whole or nothing, and no clobbering without force."""

import pytest

from bearcli.core.errors import InputError
from bearcli.formats import atomic
from bearcli.formats.atomic import write_text


def test_write_refuse_and_force(tmp_path):
    target = tmp_path / "sub" / "out.txt"
    write_text(target, "one\n")
    with pytest.raises(InputError):
        write_text(target, "two\n")
    assert target.read_text() == "one\n"
    write_text(target, "two\n", force=True)
    assert target.read_text() == "two\n"
    assert [p.name for p in target.parent.iterdir()] == ["out.txt"]  # no temp file left


def test_a_failed_write_leaves_the_old_file(tmp_path, monkeypatch):
    target = tmp_path / "out.txt"
    target.write_text("old\n")

    def boom(*a, **k):
        raise OSError("disk full")

    monkeypatch.setattr("os.replace", boom)
    with pytest.raises(OSError):
        write_text(target, "new\n", force=True)
    assert target.read_text() == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["out.txt"]


def test_new_files_follow_the_umask(tmp_path):
    import os
    import stat

    old = os.umask(0o022)
    try:
        write_text(tmp_path / "a.txt", "x\n")
        os.umask(0o077)
        write_text(tmp_path / "b.txt", "x\n")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "a.txt").stat().st_mode) == 0o644
    assert stat.S_IMODE((tmp_path / "b.txt").stat().st_mode) == 0o600


def test_a_try_write_leaves_nothing_behind_and_a_place_that_cannot_take_it_raises(tmp_path):
    atomic.try_write(tmp_path, "out.csv")
    assert list(tmp_path.iterdir()) == []
    with pytest.raises(FileNotFoundError):
        atomic.try_write(tmp_path / "missing", "out.csv")
    (tmp_path / "file").write_text("x")
    with pytest.raises(NotADirectoryError):
        atomic.try_write(tmp_path / "file", "out.csv")
