"""The fuzz suite's workspace: one temporary folder per session holding the odd things a
file may name (a FIFO, a socket, a folder, a symlink loop); each case works in its own
fresh sub-folder (harness.fresh_case), so nothing is ever written into the repository.

The folder is in memory (/dev/shm) where there is one: bearcli fsyncs every file it writes
(and play after every step), which costs milliseconds each on a disk."""

from __future__ import annotations

import os
import shutil
import socket
import tempfile
from pathlib import Path

import pytest

SHM = Path("/dev/shm")


@pytest.fixture(scope="session")
def ws(tmp_path_factory):
    in_memory = SHM.is_dir() and os.access(SHM, os.W_OK)
    if in_memory:
        root = Path(tempfile.mkdtemp(prefix="bearcli-fuzz-", dir=SHM))
    else:
        root = tmp_path_factory.mktemp("fuzz")
    os.mkfifo(root / "fifo")
    (root / "folder").mkdir()
    (root / "folder" / "inner.yaml").write_text("game: sliding-bears\n")
    os.symlink("loop", root / "loop")
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.bind(str(root / "sock"))
    try:
        yield root
    finally:
        sock.close()
        if in_memory:
            shutil.rmtree(root, ignore_errors=True)
