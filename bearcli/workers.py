"""The process pool of `simulate --workers` and `check --workers` (no terminal here).

What it promises, beyond concurrent.futures:

- results come in the order of the jobs, whatever the number of workers;
- jobs are taken from their iterable lazily, at most `ahead` in flight, so memory does not
  grow with the number of jobs (a batch of ten million games starts at once);
- a worker never handles SIGINT or SIGTERM: the parent does (Ctrl-C stops the batch and keeps
  what was done), so a worker never prints a traceback;
- a worker dies with its parent, even one killed by SIGKILL: on Linux the kernel sends it
  SIGKILL (PR_SET_PDEATHSIG); everywhere a watcher thread exits once its parent is gone.
  Orphaned workers would otherwise run on and hold the job's standard output open.
"""

from __future__ import annotations

import ctypes
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Generator, Iterable
from concurrent.futures import Future, ProcessPoolExecutor
from itertools import islice
from typing import TypeVar

J = TypeVar("J")
R = TypeVar("R")

PR_SET_PDEATHSIG = 1  # <linux/prctl.h>
WATCH_EVERY = 0.5  # seconds between the watcher thread's looks at the parent
_HELD = (signal.SIGINT, signal.SIGTERM)
# Set once a pool's workers were killed: the executor's helper threads may then wait forever
# at interpreter exit on pipes no process reads any more, so the program's edge ends the
# process at once instead (bearcli.cli.app.main), its output flushed and files already whole.
killed_workers = False


def _die_with_parent_on_linux() -> None:
    # The kernel watches the thread that forked us: the one calling submit(), the consumer's.
    if not sys.platform.startswith("linux"):
        return
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):
        pass  # the watcher thread still ends the worker, within WATCH_EVERY


def _watch(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(WATCH_EVERY)
    os._exit(1)  # no clean-up: the parent that would read our results is gone


def _init_worker(parent: int | None) -> None:
    # Ignored, then unblocked: a signal that arrived since the fork (blocked, see _submit) is
    # discarded rather than run by a handler inherited from the parent.
    for sig in _HELD:
        signal.signal(sig, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _HELD)
    parent = parent if parent is not None else os.getppid()
    _die_with_parent_on_linux()
    if os.getppid() != parent:
        os._exit(1)  # the parent died before the worker could watch it
    threading.Thread(target=_watch, args=(parent,), name="parent-watch", daemon=True).start()


def _expected_parent(context) -> int | None:
    # fork and spawn make the workers children of this process; a forkserver is their parent
    # otherwise (None: the worker watches whoever forked it; a forkserver ends with us).
    return os.getpid() if context.get_start_method() in ("fork", "spawn") else None


def _submit(pool: ProcessPoolExecutor, fn: Callable[[J], R], job: J) -> Future[R]:
    # submit() may start worker processes: block SIGINT/SIGTERM meanwhile so that a new worker
    # starts with them blocked, until its initializer has set them to be ignored.
    if not hasattr(signal, "pthread_sigmask"):
        return pool.submit(fn, job)
    old = signal.pthread_sigmask(signal.SIG_BLOCK, _HELD)
    try:
        return pool.submit(fn, job)
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


def _stop(pool: ProcessPoolExecutor, kill: bool) -> None:
    """Shut the pool down without waiting: jobs not started are cancelled; with `kill`, the
    workers are killed (SIGKILL: they ignore SIGTERM), else their running jobs finish."""
    global killed_workers
    killed_workers = killed_workers or kill
    if kill and hasattr(pool, "kill_workers"):  # Python 3.14+: shuts down, then kills
        pool.kill_workers()
        return
    processes = list((getattr(pool, "_processes", None) or {}).values()) if kill else []
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.kill()


def ordered_map(
    fn: Callable[[J], R],
    jobs: Iterable[J],
    workers: int = 1,
    *,
    ahead: int | None = None,
    kill_on_stop: bool = False,
) -> Generator[R, None, None]:
    """fn(job) for every job, in the order of `jobs`, computed in `workers` processes.

    At most `ahead` jobs (default 2 x workers) are submitted and not yet handed out; with one
    worker, each job is taken and run here only when its result is asked for. Closing the
    iterator early (or an exception, Ctrl-C) cancels the jobs not started. The jobs running
    then finish in their workers (a job may be writing a file), unless `kill_on_stop`: for
    jobs that only compute, whose results are dropped, the workers are killed at once so
    that an interrupted run ends now, not after the jobs in flight.
    """
    if workers <= 1:
        yield from map(fn, jobs)  # lazy: one job at a time, in this process
        return
    ahead = ahead or 2 * workers
    context = multiprocessing.get_context()
    pool = ProcessPoolExecutor(
        max_workers=workers,
        mp_context=context,
        initializer=_init_worker,
        initargs=(_expected_parent(context),),
    )
    source = iter(jobs)
    pending: deque[Future[R]] = deque()
    finished = False
    try:
        pending.extend(_submit(pool, fn, job) for job in islice(source, ahead))
        while pending:
            result = pending.popleft().result()
            # Refill before handing the result out: the workers stay busy while it is used.
            pending.extend(_submit(pool, fn, job) for job in islice(source, ahead - len(pending)))
            yield result
        finished = True
    finally:
        kill = kill_on_stop and not finished
        # When killing, the pool's own thread cancels the jobs not started (shutdown's
        # cancel_futures): one cancelled from here may still be listed when it finds the
        # workers gone, and marking it broken then raises in that thread (CPython gh-107219).
        if not kill:
            for future in pending:
                future.cancel()
        _stop(pool, kill=kill)
