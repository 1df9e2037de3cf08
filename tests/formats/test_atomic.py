"""Atomic writes: whole or nothing, and no clobbering without force."""

import errno
import locale
import os
import socket
import stat
from pathlib import Path

import pytest

from bearcli.core.errors import InputError, Location
from bearcli.formats import atomic
from bearcli.formats.atomic import Temp, WriteFailed, write_text


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


# --- Each part on its own: the messages, the temp names, every failure path. -----------------
# (Most callers are CLI commands run in processes of their own, which mutation testing leaves
# out; these pin the same behaviour in process.)

TEMP_MIDDLE = "ab_0z9yk"  # eight characters of mkstemp's alphabet, as in `.out.csv.ab_0z9yk.tmp`
ONLY_REGULAR = "(only a regular file is ever replaced, --force or not)"


def names(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def assert_located(info, cls, message: str, path: Path) -> None:
    err = info.value
    assert type(err) is cls
    assert err.message == message
    assert err.location == Location(str(path), 1, 1)


def fail_with(exc: BaseException):
    def fail(*args, **kwargs):
        raise exc

    return fail


def test_reading_the_umask_leaves_it_as_it_was():
    old = os.umask(0o027)
    try:
        assert atomic._umask() == 0o027
        assert os.umask(0o027) == 0o027  # still set
        os.umask(0o002)
        assert atomic._umask() == 0o002
        assert os.umask(0o002) == 0o002
    finally:
        os.umask(old)


def test_the_temp_prefix_is_the_target_name_between_dots():
    assert atomic._temp_prefix("out.csv") == ".out.csv."
    assert atomic._temp_prefix("n" * 64) == "." + "n" * 64 + "."


def test_the_temp_prefix_keeps_only_the_first_64_bytes_of_a_long_name():
    assert atomic._temp_prefix("n" * 64 + "tail") == "." + "n" * 64 + "."
    assert atomic._temp_prefix("n" * 250) == "." + "n" * 64 + "."


def test_the_temp_prefix_never_splits_a_character():
    # "é" is two bytes: here the 64th and 65th, so it is left out whole ...
    assert atomic._temp_prefix("n" * 63 + "é" + "tail") == "." + "n" * 63 + "."
    # ... and here the 63rd and 64th, so it is kept.
    assert atomic._temp_prefix("n" * 62 + "é" + "tail") == "." + "n" * 62 + "é" + "."
    # A four-byte character cut after its first byte.
    assert atomic._temp_prefix("n" * 63 + "🐻" + "tail") == "." + "n" * 63 + "."


def test_a_name_that_is_not_utf8_gets_the_prefix_of_its_readable_part():
    name = os.fsdecode(b"out\xff.csv")  # a file name's stray byte, surrogate-escaped
    assert name == "out\udcff.csv"
    assert atomic._temp_prefix(name) == ".out.csv."


def test_a_name_that_is_not_utf8_is_written_under_its_own_bytes(tmp_path):
    target = tmp_path / os.fsdecode(b"out\xff.csv")
    write_text(target, "one\n")
    write_text(target, "two\n", force=True)
    assert os.listdir(os.fsencode(tmp_path)) == [b"out\xff.csv"]
    assert target.read_text() == "two\n"


def test_is_temp_of_a_name_of_the_shape_the_writer_makes():
    assert atomic.is_temp_of(f".out.csv.{TEMP_MIDDLE}.tmp", "out.csv")
    assert atomic.is_temp_of(".out.csv.________.tmp", "out.csv")
    # a long target: its temps carry the first 64 bytes of its name
    assert atomic.is_temp_of("." + "n" * 64 + f".{TEMP_MIDDLE}.tmp", "n" * 100)


@pytest.mark.parametrize(
    "name",
    [
        f".log.csv.{TEMP_MIDDLE}.tmp",  # another target's temp (a name as long)
        f"..out.csv{TEMP_MIDDLE}.tmp",  # not the target's prefix
        f".out.csv.{TEMP_MIDDLE}.txt",  # not the suffix
        f".out.csv.{TEMP_MIDDLE}.tmp.txt",
        ".out.csv.ab_0z9y.tmp",  # seven random characters
        ".out.csv.ab_0z9yk1.tmp",  # nine
        ".out.csv..tmp",
        ".out.csv.AB_0Z9YK.tmp",  # not mkstemp's characters
        ".out.csv.ab-0z9yk.tmp",
        "out.csv",  # the target itself
    ],
)
def test_is_temp_of_nothing_else(name):
    assert not atomic.is_temp_of(name, "out.csv")
    assert atomic.is_temp_of(f".out.csv.{TEMP_MIDDLE}.tmp", "out.csv")  # the other side


def test_failed_gives_the_reason_located_at_the_output(tmp_path):
    target = tmp_path / "out.csv"
    err = atomic.failed(target, OSError(errno.ENOSPC, "No space left on device"))
    assert isinstance(err, OSError)
    assert (type(err), err.message) == (WriteFailed, "cannot write: No space left on device")
    assert err.location == Location(str(target), 1, 1)
    # an OSError without an errno: its text
    err = atomic.failed(str(target), OSError("the disk went away"))
    assert (err.message, err.location) == ("cannot write: the disk went away", atomic.where(target))


def test_failed_to_make_the_folder_because_it_is_a_file(tmp_path):
    target = tmp_path / "file" / "out.csv"
    for path in (target, str(target)):
        err = atomic.failed(path, FileExistsError(errno.EEXIST, "File exists"))
        assert err.message == f"cannot write: {tmp_path / 'file'} is not a folder"
        assert err.location == Location(str(target), 1, 1)


@pytest.mark.parametrize("force", [False, True])
def test_refuse_lets_an_absent_target_be_written(tmp_path, force):
    assert atomic.refuse(tmp_path / "new.csv", force=force) is None
    assert atomic.refuse(tmp_path / "sub" / "new.csv", force=force) is None  # made on writing


def test_refuse_an_existing_file_unless_forced(tmp_path):
    target = tmp_path / "out.csv"
    target.write_text("old\n")
    assert atomic.refuse(target, force=True) is None
    with pytest.raises(InputError) as info:
        atomic.refuse(target, force=False)
    assert_located(info, InputError, "file exists; pass --force to overwrite it", target)
    assert target.read_text() == "old\n"


@pytest.mark.parametrize("force", [False, True])
def test_refuse_a_folder_whatever_force_says(tmp_path, force):
    target = tmp_path / "out.csv"
    target.mkdir()
    with pytest.raises(WriteFailed) as info:
        atomic.refuse(target, force=force)
    assert_located(info, WriteFailed, "cannot write: it is a folder", target)


@pytest.mark.parametrize("force", [False, True])
@pytest.mark.parametrize("points_to", ["a file", "nothing"])
def test_refuse_a_symlink_whatever_force_says(tmp_path, force, points_to):
    pointed = tmp_path / "real.csv"
    if points_to == "a file":
        pointed.write_text("keep\n")
    target = tmp_path / "out.csv"
    target.symlink_to(pointed)
    with pytest.raises(WriteFailed) as info:
        atomic.refuse(target, force=force)
    assert_located(info, WriteFailed, f"cannot write: a symlink {ONLY_REGULAR}", target)


def make_fifo(path: Path) -> None:
    os.mkfifo(path)


def make_socket(path: Path) -> None:
    with socket.socket(socket.AF_UNIX) as sock:
        sock.bind(str(path))  # the socket file stays after the socket is closed


@pytest.mark.parametrize("force", [False, True])
@pytest.mark.parametrize("make", [make_fifo, make_socket])
def test_refuse_a_fifo_or_a_socket_whatever_force_says(tmp_path, force, make):
    target = tmp_path / "out"
    make(target)
    with pytest.raises(WriteFailed) as info:
        atomic.refuse(target, force=force)
    assert_located(info, WriteFailed, f"cannot write: not a regular file {ONLY_REGULAR}", target)


@pytest.mark.parametrize("force", [False, True])
def test_refuse_a_target_whose_folder_is_a_file(tmp_path, force):
    (tmp_path / "file").write_text("x\n")
    target = tmp_path / "file" / "out.csv"
    with pytest.raises(WriteFailed) as info:
        atomic.refuse(target, force=force)
    assert_located(info, WriteFailed, f"cannot write: {tmp_path / 'file'} is not a folder", target)


def test_refuse_locates_any_other_error_at_the_target(tmp_path):
    target = tmp_path / ("n" * 300)  # longer than a file name may be
    with pytest.raises(WriteFailed) as info:
        atomic.refuse(target, force=True)
    reason = os.strerror(errno.ENAMETOOLONG)
    assert_located(info, WriteFailed, f"cannot write: {reason}", target)


def test_remove_stale_temps_removes_only_the_targets_own_temp_files(tmp_path):
    target = tmp_path / "out.csv"
    target.write_text("old\n")
    stale = [f".out.csv.{TEMP_MIDDLE}.tmp", ".out.csv.zz000001.tmp"]
    for name in stale:
        (tmp_path / name).write_text("half a write")
    kept = [
        "out.csv",
        f".log.csv.{TEMP_MIDDLE}.tmp",  # another target's
        ".out.csv.ab_0z9y.tmp",  # not a temp name
        "real.txt",
        ".out.csv.folder01.tmp",  # a folder of a temp's name
        ".out.csv.symlink1.tmp",  # a symlink of a temp's name, and what it points to
    ]
    for name in kept[1:4]:
        (tmp_path / name).write_text("keep\n")
    (tmp_path / ".out.csv.folder01.tmp").mkdir()
    (tmp_path / ".out.csv.symlink1.tmp").symlink_to(tmp_path / "real.txt")
    assert names(tmp_path) == sorted(stale + kept)
    atomic.remove_stale_temps(target)
    assert names(tmp_path) == sorted(kept)
    assert (tmp_path / "real.txt").read_text() == "keep\n"


def test_remove_stale_temps_goes_on_past_a_temp_it_cannot_remove(tmp_path, monkeypatch):
    target = tmp_path / "out.csv"
    stuck, gone = ".out.csv.aaaaaaaa.tmp", ".out.csv.bbbbbbbb.tmp"
    for name in (stuck, gone):
        (tmp_path / name).write_text("half a write")
    unlink = os.unlink

    def unlink_but_stuck(path, *args, **kwargs):
        if Path(path).name == stuck:
            raise PermissionError(errno.EPERM, "Operation not permitted", str(path))
        unlink(path, *args, **kwargs)

    monkeypatch.setattr(os, "unlink", unlink_but_stuck)
    atomic.remove_stale_temps(target)
    assert names(tmp_path) == [stuck]


def test_remove_stale_temps_without_the_folder_does_nothing(tmp_path):
    atomic.remove_stale_temps(tmp_path / "missing" / "out.csv")
    assert names(tmp_path) == []


def test_try_write_makes_and_removes_the_temp_file_the_write_would_make(tmp_path, monkeypatch):
    made = []
    unlink = os.unlink

    def note_and_unlink(path, *args, **kwargs):
        made.append((Path(path), Path(path).is_file()))
        unlink(path, *args, **kwargs)

    monkeypatch.setattr(os, "unlink", note_and_unlink)
    atomic.try_write(tmp_path, "out.csv")
    [(tmp, was_a_file)] = made
    assert was_a_file
    assert tmp.parent == tmp_path
    assert atomic.is_temp_of(tmp.name, "out.csv")
    assert names(tmp_path) == []


def test_a_temp_is_made_beside_its_target_under_a_temp_name(tmp_path):
    target = tmp_path / "a" / "b" / "out.csv"  # the folders are made
    temp = Temp(target)
    try:
        assert temp.path == target
        assert temp.tmp is not None and temp.tmp.parent == target.parent
        assert atomic.is_temp_of(temp.tmp.name, "out.csv")
        assert names(target.parent) == [temp.tmp.name]
    finally:
        temp.discard()
    assert names(target.parent) == []


def test_a_temp_in_an_existing_folder(tmp_path):
    target = tmp_path / "out.csv"
    temp = Temp(target)
    temp.write("x\n")
    temp.place()
    assert names(tmp_path) == ["out.csv"]


def test_a_temp_whose_folder_is_a_file_is_refused_at_the_target(tmp_path):
    (tmp_path / "file").write_text("x\n")
    target = tmp_path / "file" / "out.csv"
    with pytest.raises(WriteFailed) as info:
        Temp(target)
    assert_located(info, WriteFailed, f"cannot write: {tmp_path / 'file'} is not a folder", target)
    deeper = tmp_path / "file" / "sub" / "out.csv"
    with pytest.raises(WriteFailed) as info:
        Temp(deeper)
    reason = os.strerror(errno.ENOTDIR)
    assert_located(info, WriteFailed, f"cannot write: {reason}", deeper)
    assert names(tmp_path) == ["file"]


@pytest.mark.parametrize("mask,mode", [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664), (0, 0o666)])
def test_a_new_file_follows_the_umask_and_leaves_it_as_it_was(tmp_path, mask, mode):
    target = tmp_path / "out.csv"
    old = os.umask(mask)
    try:
        temp = Temp(target)
        temp.write("x\n")
        temp.place()
        assert os.umask(mask) == mask
    finally:
        os.umask(old)
    assert stat.S_IMODE(target.stat().st_mode) == mode


@pytest.mark.parametrize(
    "newline,expected",
    [({}, b"\xc3\xa9\nx\n"), ({"newline": "\r\n"}, b"\xc3\xa9\r\nx\r\n")],
)
def test_a_temp_writes_utf8_with_the_newline_asked_for(tmp_path, newline, expected):
    target = tmp_path / "out.csv"
    temp = Temp(target, **newline)
    temp.write("é\nx\n")
    temp.place()
    assert target.read_bytes() == expected


def test_the_output_is_utf8_whatever_the_locale(tmp_path):
    old = locale.setlocale(locale.LC_CTYPE)
    try:
        locale.setlocale(locale.LC_CTYPE, "C")  # an ASCII locale
        write_text(tmp_path / "out.txt", "é ✓ 🐻\n")
    finally:
        locale.setlocale(locale.LC_CTYPE, old)
    assert (tmp_path / "out.txt").read_bytes() == "é ✓ 🐻\n".encode()


@pytest.mark.parametrize("step", ["fchmod", "fdopen"])
def test_a_temp_that_cannot_be_set_up_is_removed_and_the_error_located(tmp_path, monkeypatch, step):
    error = PermissionError(errno.EPERM, "Operation not permitted")
    monkeypatch.setattr(os, step, fail_with(error))
    target = tmp_path / "out.csv"
    with pytest.raises(WriteFailed) as info:
        Temp(target)
    assert_located(info, WriteFailed, "cannot write: Operation not permitted", target)
    assert names(tmp_path) == []


def test_a_temp_that_cannot_be_set_up_nor_removed_reports_the_first_error(tmp_path, monkeypatch):
    monkeypatch.setattr(os, "fchmod", fail_with(PermissionError(errno.EPERM, "Not permitted")))
    monkeypatch.setattr(os, "unlink", fail_with(OSError(errno.EIO, "I/O error")))
    target = tmp_path / "out.csv"
    with pytest.raises(WriteFailed) as info:
        Temp(target)
    assert_located(info, WriteFailed, "cannot write: Not permitted", target)


def test_an_interrupt_while_setting_up_a_temp_removes_it(tmp_path, monkeypatch):
    monkeypatch.setattr(os, "fchmod", fail_with(KeyboardInterrupt()))
    with pytest.raises(KeyboardInterrupt):
        Temp(tmp_path / "out.csv")
    assert names(tmp_path) == []


def test_a_write_that_fails_is_located_and_removes_the_temp(tmp_path, monkeypatch):
    target = tmp_path / "out.csv"
    temp = Temp(target)
    temp.write("first\n")
    monkeypatch.setattr(temp.fh, "write", fail_with(OSError(errno.ENOSPC, "No space left")))
    with pytest.raises(WriteFailed) as info:
        temp.write("second\n")
    assert_located(info, WriteFailed, "cannot write: No space left", target)
    assert names(tmp_path) == []
    temp.place()  # nothing is left to put in place
    assert names(tmp_path) == []


def test_place_replaces_the_target_by_default_and_is_then_done(tmp_path):
    target = tmp_path / "out.csv"
    target.write_text("old\n")
    temp = Temp(target)
    temp.write("new\n")
    temp.place()
    assert target.read_text() == "new\n"
    assert names(tmp_path) == ["out.csv"]
    temp.place()  # once placed, nothing more happens
    temp.discard()
    assert target.read_text() == "new\n"
    assert names(tmp_path) == ["out.csv"]


def test_place_without_force_writes_an_absent_target_but_not_one_written_meanwhile(tmp_path):
    target = tmp_path / "out.csv"
    temp = Temp(target)
    temp.write("mine\n")
    temp.place(force=False)
    assert target.read_text() == "mine\n"

    temp = Temp(target)
    temp.write("mine again\n")
    target.write_text("theirs\n")
    with pytest.raises(InputError) as info:
        temp.place(force=False)
    assert_located(info, InputError, "file exists; pass --force to overwrite it", target)
    assert target.read_text() == "theirs\n"
    assert names(tmp_path) == ["out.csv"]


@pytest.mark.parametrize("force", [False, True])
def test_place_refuses_a_folder_that_appeared_meanwhile(tmp_path, force):
    target = tmp_path / "out.csv"
    temp = Temp(target)
    temp.write("x\n")
    target.mkdir()
    with pytest.raises(WriteFailed) as info:
        temp.place(force=force)
    assert_located(info, WriteFailed, "cannot write: it is a folder", target)
    assert target.is_dir()
    assert names(tmp_path) == ["out.csv"]


@pytest.mark.parametrize("where", ["fsync", "replace"])
def test_place_that_fails_is_located_and_removes_the_temp(tmp_path, monkeypatch, where):
    target = tmp_path / "out.csv"
    target.write_text("old\n")
    temp = Temp(target)
    temp.write("new\n")
    monkeypatch.setattr(os, where, fail_with(OSError(errno.EBUSY, "Device or resource busy")))
    with pytest.raises(WriteFailed) as info:
        temp.place()
    assert_located(info, WriteFailed, "cannot write: Device or resource busy", target)
    assert target.read_text() == "old\n"
    assert names(tmp_path) == ["out.csv"]


@pytest.mark.parametrize("method", ["place", "create"])
def test_an_interrupted_place_or_create_removes_the_temp(tmp_path, monkeypatch, method):
    target = tmp_path / "out.csv"
    temp = Temp(target)
    temp.write("new\n")
    monkeypatch.setattr(os, "fsync", fail_with(KeyboardInterrupt()))
    with pytest.raises(KeyboardInterrupt):
        getattr(temp, method)()
    assert names(tmp_path) == []


def test_create_puts_the_file_in_place_and_is_then_done(tmp_path):
    target = tmp_path / "out.csv"
    temp = Temp(target)
    temp.write("new\n")
    temp.create()
    assert target.read_text() == "new\n"
    assert names(tmp_path) == ["out.csv"]  # the temp name is gone, the file stays
    temp.create()  # once created, nothing more happens
    temp.discard()
    assert target.read_text() == "new\n"
    assert names(tmp_path) == ["out.csv"]


@pytest.mark.parametrize("meanwhile", ["a file", "a folder"])
def test_create_refuses_a_target_that_appeared_meanwhile(tmp_path, meanwhile):
    target = tmp_path / "out.csv"
    temp = Temp(target)
    temp.write("mine\n")
    if meanwhile == "a file":
        target.write_text("theirs\n")
    else:
        target.mkdir()
    with pytest.raises(InputError) as info:
        temp.create()
    message = "file exists: written meanwhile by another process; nothing of it was replaced"
    assert_located(info, InputError, message, target)
    assert names(tmp_path) == ["out.csv"]
    assert meanwhile == "a folder" or target.read_text() == "theirs\n"


@pytest.mark.parametrize("where", ["fsync", "link"])
def test_create_that_fails_is_located_and_removes_the_temp(tmp_path, monkeypatch, where):
    target = tmp_path / "out.csv"
    temp = Temp(target)
    temp.write("new\n")
    monkeypatch.setattr(os, where, fail_with(OSError(errno.EPERM, "Operation not permitted")))
    with pytest.raises(WriteFailed) as info:
        temp.create()
    assert_located(info, WriteFailed, "cannot write: Operation not permitted", target)
    assert names(tmp_path) == []


def test_create_keeps_the_file_when_its_temp_name_cannot_be_removed(tmp_path, monkeypatch):
    target = tmp_path / "out.csv"
    temp = Temp(target)
    temp.write("new\n")
    assert temp.tmp is not None
    left = temp.tmp.name
    monkeypatch.setattr(os, "unlink", fail_with(PermissionError(errno.EPERM, "Not permitted")))
    temp.create()
    assert target.read_text() == "new\n"
    assert names(tmp_path) == sorted(["out.csv", left])


def test_discard_removes_the_temp_and_is_harmless_again(tmp_path):
    target = tmp_path / "out.csv"
    temp = Temp(target)
    temp.write("x\n")
    assert len(names(tmp_path)) == 1
    temp.discard()
    assert names(tmp_path) == []
    temp.discard()
    temp.place()  # nothing is left to put in place
    temp.create()
    assert names(tmp_path) == []


def test_discard_removes_the_temp_even_when_closing_it_fails(tmp_path, monkeypatch):
    temp = Temp(tmp_path / "out.csv")
    temp.write("x\n")
    close = temp.fh.close
    monkeypatch.setattr(temp.fh, "close", fail_with(OSError(errno.EIO, "Input/output error")))
    try:
        temp.discard()
        assert names(tmp_path) == []
    finally:
        close()


def test_discard_goes_on_when_the_temp_cannot_be_removed(tmp_path):
    temp = Temp(tmp_path / "out.csv")
    assert temp.tmp is not None
    left = temp.tmp
    left.unlink()
    left.mkdir()  # something else took the temp's name
    temp.discard()
    assert names(tmp_path) == [left.name]
    temp.discard()
