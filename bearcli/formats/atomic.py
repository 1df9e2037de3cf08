"""Output files are written whole or not at all, and never clobbered without --force."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from bearcli.core.errors import InputError, Location


def _umask() -> int:
    mask = os.umask(0)  # the only way to read it is to set it: put it straight back
    os.umask(mask)
    return mask


def write_text(path: Path, text: str, *, force: bool = False) -> None:
    if path.exists() and not force:
        raise InputError(
            "file exists; pass --force to overwrite it", location=Location(str(path), 1, 1)
        )
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        os.fchmod(fd, 0o666 & ~_umask())  # mkstemp makes 0600; a new file follows the umask
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
