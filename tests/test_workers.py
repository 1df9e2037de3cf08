"""bearcli.workers: ordered, lazy, signal-proof workers that die with their parent."""

from __future__ import annotations

import itertools
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

from bearcli import workers
from tests.conftest import ROOT

linux_only = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")


def children(pid: int) -> list[int]:
    """Live (not zombie) processes whose parent is `pid`, from /proc."""
    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue  # gone meanwhile
        if int(fields[1]) == pid and fields[0] not in "ZX":
            out.append(int(stat.parent.name))
    return out


def _stat(pid: int) -> list[str]:
    """The fields of /proc/PID/stat after the command's name: [0] the state (field 3),
    [19] the start time (field 22); [] when there is no such process."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return []


def process(pid: int) -> tuple[int, str]:
    """A process as (pid, start time): pids are reused (soon, on a busy machine with 32768 of
    them), and the start time tells a later process with the same pid apart."""
    return pid, _stat(pid)[19]


def alive(proc: tuple[int, str]) -> bool:
    fields = _stat(proc[0])
    if not fields or fields[19] != proc[1]:
        return False  # gone, or its pid now another process's
    return fields[0] not in "ZX"  # a zombie is dead, only not yet reaped


def wait_until(condition, timeout: float) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.01)  # a look costs little; most waits end within a look or two
    return condition()


def slow_square(n: int) -> int:
    time.sleep(0.02 * (n % 3))  # later jobs often finish first: order must not follow that
    return n * n


def dispositions(_: int) -> tuple:
    return (signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM), os.getpid())


def sleep_then_touch(job: tuple[float, str]) -> str:
    time.sleep(job[0])
    Path(job[1]).write_text("done")
    return job[1]


@pytest.mark.parametrize("n", [1, 2])
def test_results_come_in_job_order(n):
    assert list(workers.ordered_map(slow_square, range(20), n)) == [i * i for i in range(20)]


@pytest.mark.parametrize("n", [1, 2])
def test_jobs_are_taken_lazily(n):
    drawn = []

    def jobs():
        for i in itertools.count():
            drawn.append(i)
            yield i

    results = workers.ordered_map(slow_square, jobs(), n)
    assert [next(results) for _ in range(3)] == [0, 1, 4]
    results.close()
    # one job at a time here; with workers, at most `ahead` (2 x workers) beyond those handed out
    assert len(drawn) <= (3 if n == 1 else 3 + 2 * n)


def test_workers_leave_sigint_and_sigterm_to_the_parent():
    # Compared with what the parent had, not with Python's default: an earlier test in this
    # process (a Dask cluster, a command run in-process) may have set a handler of its own.
    before = signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM)
    seen = list(workers.ordered_map(dispositions, range(4), 2))
    assert {(s[0], s[1]) for s in seen} == {(signal.SIG_IGN, signal.SIG_IGN)}
    assert os.getpid() not in {s[2] for s in seen}
    assert (signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM)) == before


@linux_only
def test_an_early_stop_lets_running_jobs_finish_unless_told_to_kill(tmp_path):
    results = workers.ordered_map(dispositions, itertools.count(), 2, kill_on_stop=True)
    procs = {process(next(results)[2]) for _ in range(4)}
    results.close()
    # Generous bounds: a loaded machine (the whole suite on two cores beside other work) took
    # longer than shorter ones; a wait ends as soon as the condition holds, so they cost
    # nothing when all is well.
    assert wait_until(lambda: not any(alive(p) for p in procs), 60.0)

    paths = [str(tmp_path / f"{i}.txt") for i in range(3)]
    finishing = workers.ordered_map(sleep_then_touch, zip([0, 0.6, 0.6], paths, strict=True), 2)
    assert next(finishing) == paths[0]  # job 1 is with a worker by now (or queued for one)
    finishing.close()  # without kill_on_stop, a job handed to the workers still finishes
    assert wait_until(lambda: Path(paths[1]).exists(), 60.0)


def test_killing_the_workers_leaves_no_error_in_the_pools_thread(monkeypatch):
    # A job cancelled from ordered_map while the pool's thread found the killed workers was
    # marked broken after its cancel, which raised InvalidStateError in that thread (4 stops
    # in 60 did before the fix; CPython gh-107219). The pool's threads end with the stop.
    errors = []
    monkeypatch.setattr(threading, "excepthook", lambda args: errors.append(args.exc_type))
    for _ in range(30):
        before = set(threading.enumerate())
        results = workers.ordered_map(dispositions, itertools.count(), 2, kill_on_stop=True)
        for _ in range(4):
            next(results)
        results.close()
        for thread in set(threading.enumerate()) - before:
            thread.join(5.0)
    assert errors == []


SCRIPT = textwrap.dedent(
    """
    import multiprocessing, sys, time
    from bearcli import workers
    if sys.argv[1] == "watcher":
        workers._die_with_parent_on_linux = lambda: None  # only the watcher thread is left
    else:
        workers._watch = lambda parent: None  # only PR_SET_PDEATHSIG is left
    multiprocessing.set_start_method("fork")  # the children see the patch above
    next(workers.ordered_map(time.sleep, [60, 60], 2))
    """
)


@linux_only
@pytest.mark.parametrize("way", ["pdeathsig", "watcher"])
def test_workers_die_with_a_parent_killed_by_sigkill(way):
    parent = subprocess.Popen([sys.executable, "-c", SCRIPT, way], cwd=ROOT)
    kids: list[tuple[int, str]] = []
    try:
        assert wait_until(lambda: len(children(parent.pid)) == 2, 10.0)
        kids = [process(k) for k in children(parent.pid)]
        parent.kill()
        parent.wait()
        # the watcher looks every 0.5 s; the kernel's signal is at once
        assert wait_until(lambda: not any(alive(k) for k in kids), 3.0), way
    finally:
        parent.kill()
        for k in kids:
            if alive(k):
                os.kill(k[0], signal.SIGKILL)  # do not leave a stray process behind a failure
