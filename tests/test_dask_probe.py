"""`--dask ADDRESS` where no scheduler is: whatever answers there (nothing, a silent listener,
an HTTP server, another protocol's greeting), a located exit 1 within the stated timeout and
no traceback. Each test listens on a loopback port of its own."""

from __future__ import annotations

import contextlib
import socket
import threading
from collections.abc import Callable, Iterator

import pytest

from bearcli import distributed as bearcli_dask

CLASSIC = "sliding-bears/classic"


@contextlib.contextmanager
def listening(serve: Callable[[socket.socket], None] | None) -> Iterator[str]:
    """A loopback listener whose connections `serve` handles (None: accepted, then silent)."""
    srv = socket.socket()
    srv.bind(("127.0.0.1", 0))
    srv.listen(8)
    conns: list[socket.socket] = []

    def loop() -> None:
        while True:
            try:
                conn, _ = srv.accept()
            except OSError:
                return  # closed
            conns.append(conn)
            if serve is not None:
                with contextlib.suppress(OSError):
                    serve(conn)

    thread = threading.Thread(target=loop, daemon=True)
    thread.start()
    try:
        yield f"tcp://127.0.0.1:{srv.getsockname()[1]}"
    finally:
        srv.close()
        for conn in conns:
            conn.close()
        thread.join(5)


def banner(conn: socket.socket) -> None:  # a server that speaks first (SMTP, SSH, ...)
    conn.sendall(b"220 mail.example ESMTP ready\r\n")


def http(conn: socket.socket) -> None:  # waits for a request, as HTTP servers do
    conn.recv(65536)


def plausible_length(conn: socket.socket) -> None:  # a Dask-like length, then no handshake
    conn.sendall((40).to_bytes(8, "little") + b"\x00" * 40)


def hang_up(conn: socket.socket) -> None:
    conn.close()


@pytest.fixture(autouse=True)
def short_timeout(monkeypatch):
    monkeypatch.setattr(bearcli_dask, "CONNECT_TIMEOUT", 1.0)


@pytest.mark.parametrize(
    ("serve", "why"),
    [
        (None, "something accepted the connection but sent no Dask handshake"),
        (http, "something accepted the connection but sent no Dask handshake"),
        (banner, "something answered there, but not in Dask's protocol"),
        (plausible_length, "something answered there, but not with a Dask handshake"),
        (hang_up, "the connection was closed before a Dask handshake"),
    ],
    ids=["silent", "http", "banner", "not-a-handshake", "hang-up"],
)
def test_whatever_answers_is_named_in_a_located_error(cli, serve, why):
    with listening(serve) as address:
        ran = cli("simulate", CLASSIC, "-n", "2", "--dask", address)
    assert ran.code == 1, ran.err
    assert ran.err.splitlines() == [
        f"--dask:1:1: error: cannot reach the Dask scheduler at {address} within 1 s: {why}"
    ]


def test_nothing_listening_is_a_located_error(cli):
    with socket.socket() as s:  # a port that was free a moment ago, now closed
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    ran = cli("simulate", CLASSIC, "-n", "2", "--dask", f"tcp://127.0.0.1:{port}")
    assert ran.code == 1
    assert ran.err.startswith(
        f"--dask:1:1: error: cannot reach the Dask scheduler at tcp://127.0.0.1:{port}"
    )


@pytest.mark.parametrize(
    ("address", "says"),
    [
        ("tls://127.0.0.1:8786", "only tcp:// scheduler addresses are supported (not tls://)"),
        ("ws://127.0.0.1:8786", "only tcp:// scheduler addresses are supported (not ws://)"),
        ("tcp://" + "a" * 64 + ".example:8786", "is not a scheduler address"),
        ("tcp://" + "a." * 130 + "example:8786", "is not a scheduler address"),
        ("tcp://127.0.0.1:0", "no such port 0"),
    ],
    ids=["tls", "ws", "label-over-63", "name-over-253", "port-0"],
)
def test_addresses_it_cannot_use_are_refused_before_connecting(cli, address, says):
    ran = cli("simulate", CLASSIC, "-n", "2", "--dask", address)
    assert ran.code == 1, ran.err
    (line,) = ran.err.splitlines()
    assert line.startswith("--dask:1:1: error: ") and says in line, line
    assert "Traceback" not in ran.err
