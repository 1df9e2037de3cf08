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
    try:
        return distributed.Client(address, timeout=timeout, set_as_default=False)
    except (OSError, TimeoutError) as exc:
        raise InputError(
            f"cannot reach the Dask scheduler at {address} within {timeout:g} s ({exc})",
            location=OPTION,
        ) from None


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


def ordered_map(
    fn: Callable[[J], R],
    jobs: Iterable[J],
    address: str,
    ahead: int | None = None,
) -> Iterator[R]:
    """fn(job) for every job, in the order of `jobs`, on the Dask cluster at `address`.

    `fn` must be importable on every worker (it is pickled by reference): each worker needs
    the same bearcli installed (checked first, on the workers there are then). At most
    `ahead` jobs (default 2 x the cluster's threads when it is reached) are submitted and not
    yet handed out. Closing the iterator early (or an exception, Ctrl-C) cancels the jobs in
    flight and closes the client.
    """
    distributed = _import_distributed()
    client = connect(address)
    try:
        check_workers(client)
        ahead = ahead or 2 * max(1, sum(client.nthreads().values()))
        source = iter(jobs)
        pending = deque(client.submit(fn, job, pure=False) for job in islice(source, ahead))
        try:
            while pending:
                result = _result(distributed, pending.popleft())
                # Refill before handing the result out: the workers stay busy while it is used.
                pending.extend(
                    client.submit(fn, job, pure=False)
                    for job in islice(source, ahead - len(pending))
                )
                yield result
        finally:
            if pending:  # stopped early: the cluster drops what we will not read
                client.cancel(list(pending))
                pending.clear()
    finally:
        client.close(timeout=CLOSE_TIMEOUT)
