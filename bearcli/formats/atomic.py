"""The one writer of every output file: whole or not at all, never clobbered without --force,
and never anything but a regular file.

Every output (simulate --csv and --save-logs, play --save, layout render --svg, layout new
--out, check --junit and --update, replay --events) goes through here. A target that exists
and is not a regular file (a folder, a device node, a FIFO, a socket, a symlink: looked at
with lstat, so a link is never followed) is refused with a located error, --force or not:
renaming a temp file over /dev/null would replace the device for every program on the machine.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
from pathlib import Path
from typing import IO

from bearcli.core.errors import InputError, Location

TEMP_SUFFIX = ".tmp"
# mkstemp's random part: 8 characters of [a-z0-9_] (tempfile._RandomNameSequence).
_RANDOM_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789_")


class WriteFailed(InputError, OSError):
    """An output that cannot be written: a located input error (exit 1), still an OSError
    for callers that catch one."""


def where(path: Path | str) -> Location:
    return Location(str(path), 1, 1)


def _umask() -> int:
    mask = os.umask(0)  # the only way to read it is to set it: put it straight back
    os.umask(mask)
    return mask


def _temp_prefix(name: str) -> str:
    # The temp file sits beside the target; a target name near the 255-byte limit must not
    # make the temp name too long, so only the start of the name is kept.
    short = name.encode("utf-8", "surrogateescape")[:64].decode("utf-8", "ignore")
    return f".{short}."


def is_temp_of(name: str, target: str) -> bool:
    """Whether `name` is a temp file this writer makes for `target` (`.TARGET.XXXXXXXX.tmp`)."""
    prefix = _temp_prefix(target)
    if not (name.startswith(prefix) and name.endswith(TEMP_SUFFIX)):
        return False
    middle = name[len(prefix) : -len(TEMP_SUFFIX)]
    return len(middle) == 8 and set(middle) <= _RANDOM_CHARS


def failed(path: Path | str, exc: OSError) -> WriteFailed:
    """An OSError while writing `path`, as a located error."""
    reason = exc.strerror or str(exc)
    if isinstance(exc, FileExistsError):  # from mkdir: the folder to write in is a file
        reason = f"{Path(path).parent} is not a folder"
    return WriteFailed(f"cannot write: {reason}", location=where(path))


def refuse(path: Path, *, force: bool) -> None:
    """Raise unless `path` may be written: absent, or a regular file and `force`.

    A folder, a device, a FIFO, a socket or a symlink is refused whatever `force` says.
    """
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return
    except OSError as exc:  # a name too long, a folder on the way that is a file, no access
        if exc.errno == errno.ENOTDIR:
            raise WriteFailed(
                f"cannot write: {path.parent} is not a folder", location=where(path)
            ) from None
        raise failed(path, exc) from None
    if stat.S_ISDIR(st.st_mode):
        raise WriteFailed("cannot write: it is a folder", location=where(path))
    if not stat.S_ISREG(st.st_mode):
        kind = "a symlink" if stat.S_ISLNK(st.st_mode) else "not a regular file"
        raise WriteFailed(
            f"cannot write: {kind} (only a regular file is ever replaced, --force or not)",
            location=where(path),
        )
    if not force:
        raise InputError("file exists; pass --force to overwrite it", location=where(path))


def remove_stale_temps(path: Path) -> None:
    """Remove the temp files a killed write of `path` left beside it (--force asks for it)."""
    try:
        names = os.listdir(path.parent)
    except OSError:
        return  # no folder yet, or not readable: the write itself reports it
    for name in names:
        if is_temp_of(name, path.name):
            with contextlib.suppress(OSError):
                if stat.S_ISREG(os.lstat(path.parent / name).st_mode):
                    os.unlink(path.parent / name)


def try_write(folder: Path, name: str) -> None:
    """Make and remove the temp file that writing `name` into `folder` makes first: a place
    that cannot take the output is refused (the OSError) before any work is done."""
    fd, tmp = tempfile.mkstemp(prefix=_temp_prefix(name), suffix=TEMP_SUFFIX, dir=folder)
    os.close(fd)
    os.unlink(tmp)


class Temp:
    """A temp file beside `path`, written and then put in place (or discarded)."""

    def __init__(self, path: Path, *, newline: str = "\n") -> None:
        self.path = path
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(
                prefix=_temp_prefix(path.name), suffix=TEMP_SUFFIX, dir=path.parent
            )
        except OSError as exc:
            raise failed(path, exc) from None
        self.tmp: Path | None = Path(tmp)
        try:
            os.fchmod(fd, 0o666 & ~_umask())  # mkstemp makes 0600; a new file follows the umask
            self.fh: IO[str] = os.fdopen(fd, "w", encoding="utf-8", newline=newline)
        except BaseException as exc:
            # No file object yet (discard would close one): the descriptor and the temp go here.
            os.close(fd)
            with contextlib.suppress(OSError):  # the error to report is the one above
                os.unlink(tmp)
            if isinstance(exc, OSError):
                raise failed(path, exc) from None
            raise

    def write(self, text: str) -> None:
        try:
            self.fh.write(text)
        except OSError as exc:  # the disk is full
            self.discard()
            raise failed(self.path, exc) from None

    def _sync(self) -> None:
        self.fh.flush()
        os.fsync(self.fh.fileno())
        self.fh.close()

    def place(self, *, force: bool = True) -> None:
        """Rename onto the target (checked again just before: a device that appeared since is
        refused too)."""
        if self.tmp is None:
            return
        try:
            self._sync()
            refuse(self.path, force=force)
            os.replace(self.tmp, self.path)
        except OSError as exc:
            self.discard()
            if isinstance(exc, InputError):
                raise
            raise failed(self.path, exc) from None
        except BaseException:
            self.discard()
            raise
        self.tmp = None

    def create(self) -> None:
        """Put in place only if the target does not exist (a hard link is created exclusively):
        a file another process wrote meanwhile is never replaced."""
        if self.tmp is None:
            return
        try:
            self._sync()
            os.link(self.tmp, self.path)
        except FileExistsError:
            self.discard()
            raise InputError(
                "file exists: written meanwhile by another process; nothing of it was replaced",
                location=where(self.path),
            ) from None
        except OSError as exc:
            self.discard()
            raise failed(self.path, exc) from None
        except BaseException:
            self.discard()
            raise
        with contextlib.suppress(OSError):  # the temp name; the file stays under its own
            os.unlink(self.tmp)
        self.tmp = None

    def discard(self) -> None:
        if self.tmp is None:
            return
        with contextlib.suppress(OSError):  # the write that failed is the error to report
            self.fh.close()
        with contextlib.suppress(OSError):
            self.tmp.unlink(missing_ok=True)
        self.tmp = None


def write_text(path: Path, text: str, *, force: bool = False) -> None:
    """Write `text` to `path` whole: refused if it exists (unless `force` and it is a regular
    file); with `force`, temp files of an earlier killed write of `path` are removed first."""
    path = Path(path)
    refuse(path, force=force)
    if force:
        remove_stale_temps(path)
    temp = Temp(path)
    try:
        temp.write(text)
        temp.place(force=force)
    finally:
        temp.discard()
