"""`simulate --dask ADDRESS`: the jobs of workers.ordered_map on a Dask distributed cluster.

The same promises as bearcli.workers.ordered_map: results in the order of the jobs, jobs
taken lazily, at most `ahead` in flight. Game i's seed derives only from the batch seed and i
(RULINGS C3), so a cluster plays the very games a local run plays: the output is the same
bytes. `distributed` is an optional extra (`pip install 'bearcli[dask]'`), imported only
here, only when --dask is given. What travels over the wire: docs/performance.md.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import CancelledError
from importlib.metadata import PackageNotFoundError, version
from itertools import islice
from typing import TypeVar

from bearcli.core.errors import InputError, Location

J = TypeVar("J")
R = TypeVar("R")

CONNECT_TIMEOUT = 10.0  # seconds to reach the scheduler before giving up
CLOSE_TIMEOUT = 5.0  # seconds to say goodbye to it
# Jobs submitted and not yet read, per worker thread: one running, the next ones already on
# their worker or at the scheduler, so a thread never waits for a round trip to get work.
AHEAD = 3
OPTION = Location("--dask", 1, 1)  # errors about the option itself are placed at it
EXTRA = "pip install 'bearcli[dask]'"


def _import_distributed():
    try:
        import distributed
    except ImportError:  # also a `sys.modules["distributed"] = None`
        raise InputError(f"--dask needs the optional extra: {EXTRA}", location=OPTION) from None
    return distributed


def connect(address: str, timeout: float | None = None):
    """A `distributed.Client` of the scheduler at `address`, or a located InputError."""
    distributed = _import_distributed()
    from distributed.comm.addressing import get_address_host_port

    try:
        get_address_host_port(address)  # checked first: Client() leaks a bad one's loop
    except ValueError as exc:
        raise InputError(
            f"{address!r} is not a scheduler address ({exc}); e.g. tcp://host:8786",
            location=OPTION,
        ) from None
    timeout = CONNECT_TIMEOUT if timeout is None else timeout
    probe(address, timeout)  # whatever listens there: a scheduler, or a located error in time
    try:
        return distributed.Client(address, timeout=timeout, set_as_default=False)
    except (OSError, TimeoutError) as exc:
        raise InputError(
            f"cannot reach the Dask scheduler at {address} within {timeout:g} s ({exc})",
            location=OPTION,
        ) from None


# A scheduler opens every connection by sending its handshake: one message, its length first
# (8 bytes, little-endian), then frames whose msgpack header names these keys.
HANDSHAKE_MAX = 1 << 16
HANDSHAKE_KEYS = (b"compression", b"python", b"pickle-protocol")


def _endpoint(address: str) -> tuple[str, int]:
    """(host, port) of a plain tcp:// address, or a located InputError saying why not."""
    from distributed.comm.addressing import parse_address, parse_host_port

    scheme, rest = parse_address(address)
    if scheme != "tcp":
        raise InputError(
            f"{address!r}: only tcp:// scheduler addresses are supported (not {scheme}://); "
            "e.g. tcp://host:8786",
            location=OPTION,
        )
    try:
        host, port = parse_host_port(rest, default_port=8786)
        host.encode("idna")  # a label over 63 characters, an empty label
        if len(host) > 253:
            raise ValueError("a host name has at most 253 characters")
    except (ValueError, UnicodeError) as exc:
        raise InputError(
            f"{address!r} is not a scheduler address ({exc or 'not a host name'}); "
            "e.g. tcp://host:8786",
            location=OPTION,
        ) from None
    if not 0 < port < 65536:
        raise InputError(f"{address!r}: no such port {port}", location=OPTION)
    return host, port


def probe(address: str, timeout: float) -> None:
    """Connect and read the scheduler's handshake within `timeout` seconds, else a located
    InputError saying what answered: nothing, a silent listener, another protocol (an HTTP
    server says nothing first; another server's greeting is not a Dask message)."""
    import socket
    import struct
    import time

    host, port = _endpoint(address)
    deadline = time.monotonic() + timeout

    def fail(why: str) -> InputError:
        return InputError(
            f"cannot reach the Dask scheduler at {address} within {timeout:g} s: {why}",
            location=OPTION,
        )

    def read(sock, n: int) -> bytes:
        data = b""
        while len(data) < n:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError
            sock.settimeout(left)
            chunk = sock.recv(n - len(data))
            if not chunk:
                raise fail("the connection was closed before a Dask handshake")
            data += chunk
        return data

    try:
        sock = socket.create_connection((host, port), timeout=timeout)
    except (OSError, UnicodeError) as exc:  # refused, unreachable, no such host, timed out
        raise fail(getattr(exc, "strerror", None) or str(exc) or type(exc).__name__) from None
    try:
        with sock:
            (size,) = struct.unpack("<Q", read(sock, 8))
            if not 0 < size <= HANDSHAKE_MAX:
                raise fail("something answered there, but not in Dask's protocol")
            body = read(sock, size)
            if not all(key in body for key in HANDSHAKE_KEYS):
                raise fail("something answered there, but not with a Dask handshake")
    except TimeoutError:
        raise fail("something accepted the connection but sent no Dask handshake") from None
    except OSError as exc:  # reset by the peer
        raise fail(exc.strerror or str(exc)) from None


def bearcli_version() -> str | None:
    """The installed bearcli's version (None when run from a source tree not installed)."""
    try:
        return version("bearcli")
    except PackageNotFoundError:
        return None


def check_workers(client) -> None:
    """Every worker has this bearcli version. A worker without bearcli would die on the first
    job (it cannot unpickle it), be restarted and die again, and the batch would hang."""
    mine = bearcli_version()
    theirs = client.run(version, "bearcli", on_error="return")  # importlib: on every worker
    for worker, found in sorted(theirs.items()):
        if isinstance(found, BaseException) or (mine is not None and found != mine):
            has = "no bearcli" if isinstance(found, BaseException) else f"bearcli {found}"
            want = f"bearcli {mine}" if mine else "bearcli"
            raise InputError(
                f"the Dask worker {worker} has {has}; every worker needs {want} ({EXTRA})",
                location=OPTION,
            )


def _result(distributed, future):
    """The future's result; the cluster's own failures as located errors (not bearcli bugs)."""
    try:
        return future.result()
    except (CancelledError, distributed.KilledWorker) as exc:  # scheduler or workers lost
        raise InputError(
            f"the Dask cluster lost a job ({type(exc).__name__}: {exc})", location=OPTION
        ) from None


class Cluster:
    """A client of the scheduler at `address`, its workers checked (check_workers): what a
    batch needs to size its jobs (`threads`), send a value once (`share`) and map jobs in
    order (`ordered_map`). Close it (a context manager) to say goodbye to the scheduler."""

    def __init__(self, address: str):
        self.distributed = _import_distributed()
        self.client = connect(address)
        try:
            check_workers(self.client)
            self.threads = max(1, sum(self.client.nthreads().values()))
        except BaseException:
            self.close()
            raise

    def __enter__(self) -> Cluster:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        self.client.close(timeout=CLOSE_TIMEOUT)

    def share(self, value):
        """`value` sent to every worker once, as a future that tasks take as an argument: the
        worker hands every task the same object, unpickled once (a worker that joins later
        fetches it when its first task needs it). Not a list, tuple, set or dict: Dask would
        send each element on its own, and rebuild the collection for every task."""
        return self.client.scatter(value, broadcast=True, hash=False)

    def ordered_map(
        self,
        fn: Callable[..., R],
        jobs: Iterable[J],
        ahead: int | None = None,
        shared=None,
    ) -> Iterator[R]:
        """fn(job) (fn(shared, job) when `shared`, a future of `share`, is given) for every
        job, in the order of `jobs`. At most `ahead` jobs (default AHEAD x the cluster's
        threads) are submitted and not yet handed out. Closing the iterator early (or an
        exception, Ctrl-C) cancels the jobs in flight."""
        client = self.client
        args = () if shared is None else (shared,)
        ahead = ahead or AHEAD * self.threads
        source = iter(jobs)
        pending = deque(client.submit(fn, *args, job, pure=False) for job in islice(source, ahead))
        try:
            while pending:
                result = _result(self.distributed, pending.popleft())
                # Refill before handing the result out: the workers stay busy while it is used.
                pending.extend(
                    client.submit(fn, *args, job, pure=False)
                    for job in islice(source, ahead - len(pending))
                )
                yield result
        finally:
            if pending:  # stopped early: the cluster drops what we will not read
                client.cancel(list(pending))
                pending.clear()


def ordered_map(
    fn: Callable[[J], R],
    jobs: Iterable[J],
    address: str,
    ahead: int | None = None,
) -> Iterator[R]:
    """fn(job) for every job, in the order of `jobs`, on the Dask cluster at `address`.

    `fn` must be importable on every worker (it is pickled by reference): each worker needs
    the same bearcli installed (checked first, on the workers there are then). Otherwise as
    Cluster.ordered_map; the client is closed at the end.
    """
    with Cluster(address) as cluster:
        yield from cluster.ordered_map(fn, jobs, ahead)
