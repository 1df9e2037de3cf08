"""Output files are written whole or not at all, and never clobbered without --force."""

from __future__ import annotations

import contextlib
import errno
import os
import tempfile
from pathlib import Path

from bearcli.core.errors import InputError, Location


class WriteFailed(InputError, OSError):
    """An output that cannot be written: a located input error (exit 1), still an OSError
    for callers that catch one."""


def _umask() -> int:
    mask = os.umask(0)  # the only way to read it is to set it: put it straight back
    os.umask(mask)
    return mask


def _temp_prefix(name: str) -> str:
    # The temp file sits beside the target; a target name near the 255-byte limit must not
    # make the temp name too long, so only the start of the name is kept.
    short = name.encode("utf-8", "surrogateescape")[:64].decode("utf-8", "ignore")
    return f".{short}."


def write_text(path: Path, text: str, *, force: bool = False) -> None:
    where = Location(str(path), 1, 1)
    try:
        if path.is_dir():  # --force cannot turn a folder into a file
            raise OSError(errno.EISDIR, os.strerror(errno.EISDIR))
        if path.exists() and not force:
            raise InputError("file exists; pass --force to overwrite it", location=where)
        _write(path, text)
    except InputError:
        raise
    except OSError as exc:  # read-only, full, busy, not permitted, name too long, ...
        reason = exc.strerror or str(exc)
        if isinstance(exc, FileExistsError):  # from mkdir: the folder to write in is a file
            reason = f"{path.parent} is not a folder"
        raise WriteFailed(f"cannot write: {reason}", location=where) from None


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=_temp_prefix(path.name), suffix=".tmp", dir=path.parent)
    try:
        os.fchmod(fd, 0o666 & ~_umask())  # mkstemp makes 0600; a new file follows the umask
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):  # the original error is the one to report
            Path(tmp).unlink(missing_ok=True)
        raise
