"""`make bench-scaling WORKERS="1 2"`: how `simulate` scales with workers, local and on Dask.

It measures and prints; it asserts nothing but the equality of the outputs (the tests never
time anything). For each batch below, the wall-clock time of a whole `bearcli simulate ...
--json` (interpreter, imports, pool start-up, the last jobs: what a user waits for) with
`--workers N` for each N given, and with `--dask ADDRESS` on a `LocalCluster` of N processes
of one thread each, started before the batches run (as a cluster is, once, before a user's
batches). It prints the times and, measured in the same run, each local time's speed-up over
`--workers 1` and each cluster's speed as a share of `--workers N` (the local time over the
cluster's). Every run of a batch must print the same bytes: a difference is reported and the
exit status is 1.

The batches are those of docs/performance.md ("Scaling"); `--scale F` plays F times their
games (a quick look on a small machine), `--repeat R` takes the best of R runs of each.
The largest batches are not run on one worker (their speed-up is read from the smaller
ones), as in the table the figures were first asked for.

    python benchmarks/scaling.py --workers 1 2 16 [--scale 0.1] [--repeat 1] [--no-dask]
"""

from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
import time
from contextlib import nullcontext
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Batch:
    title: str
    scenario: str
    bot: str
    games: int
    on_one: bool = True  # also timed on one worker


BATCHES = (
    Batch("Sliding Bears classic", "sliding-bears/classic.yaml", "random", 20_000),
    Batch("Sliding Bears classic, greedy", "sliding-bears/classic.yaml", "greedy", 4_000),
    Batch("Bear Down! four players", "bear-down/four-players.yaml", "random", 30_000),
    Batch("Bärenspiel forest-4p", "baerenspiel/forest-4p.yaml", "random", 4_000),
    Batch("Sliding Bears classic", "sliding-bears/classic.yaml", "random", 200_000, False),
    Batch(
        "Bear Down! four players, greedy", "bear-down/four-players.yaml", "greedy", 50_000, False
    ),
    Batch("Sliding Bears classic", "sliding-bears/classic.yaml", "random", 1_000_000, False),
)


def command(batch: Batch, games: int, workers: int, dask: str | None) -> list[str]:
    run = [sys.executable, "-m", "bearcli", "simulate", str(ROOT / "scenarios" / batch.scenario)]
    run += ["--bot", batch.bot, "-n", str(games), "--seed", "1", "--json"]
    return run + (["--dask", dask] if dask else ["--workers", str(workers)])


def timed(run: list[str]) -> tuple[float, bytes]:
    """The wall-clock time of a run, and what it printed."""
    start = time.perf_counter()
    done = subprocess.run(run, capture_output=True, check=False)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"failed ({done.returncode}): {' '.join(run)}\n{done.stderr.decode()}")
    return seconds, done.stdout


def local_cluster(workers: int):
    """A LocalCluster of `workers` one-thread processes on loopback, no dashboard."""
    import distributed

    return distributed.LocalCluster(
        n_workers=workers,
        processes=True,
        threads_per_worker=1,
        host="127.0.0.1",
        dashboard_address=None,
        scheduler_kwargs={"dashboard": False, "dashboard_address": "127.0.0.1:0"},
    )


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return (
        f"machine: {cpu}, {os.cpu_count()} cores, {platform.system()} {platform.release()}, "
        f"Python {platform.python_version()}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--scale", type=float, default=1.0, help="games x F")
    parser.add_argument("--repeat", type=int, default=1, help="best of R runs")
    parser.add_argument("--no-dask", action="store_true", help="local workers only")
    args = parser.parse_args()
    many = sorted({w for w in args.workers if w > 1})
    sizes = [max(1, round(b.games * args.scale)) for b in BATCHES]
    times: dict[tuple[int, str, int], float] = {}  # (batch, "local" or "dask", workers)
    outputs: dict[int, set[bytes]] = {i: set() for i in range(len(BATCHES))}

    def measure(i: int, kind: str, workers: int, dask: str | None = None) -> None:
        seconds, out = timed(command(BATCHES[i], sizes[i], workers, dask))
        key = (i, kind, workers)
        times[key] = min(seconds, times.get(key, seconds))
        outputs[i].add(out)
        print(
            f"  {BATCHES[i].title}, {sizes[i]:,} games, {kind} {workers}: {seconds:.2f} s",
            file=sys.stderr,
            flush=True,
        )

    # The repeats go round all the runs, and a cluster's run follows the same batch's local
    # one at once: a busy spell of the machine then falls on both sides of a ratio.
    for _ in range(args.repeat):
        for i, batch in enumerate(BATCHES):
            if batch.on_one:
                measure(i, "local", 1)
        for n in many:
            with nullcontext() if args.no_dask else local_cluster(n) as cluster:
                for i in range(len(BATCHES)):
                    measure(i, "local", n)
                    if cluster is not None:
                        measure(i, "dask", n, cluster.scheduler_address)

    print(machine())
    print(
        f"python benchmarks/scaling.py --workers {' '.join(map(str, args.workers))} "
        f"--scale {args.scale:g} --repeat {args.repeat}{' --no-dask' if args.no_dask else ''}"
    )
    print()
    head = ["batch (random bots unless named)", "games", "`--workers 1`"]
    for n in many:
        head += [f"`--workers {n}`", f"speed-up on {n}"]
        if not args.no_dask:
            head.append(f"Dask, {n} one-thread workers")
    print("| " + " | ".join(head) + " |")
    print("| --- | ---: |" + " ---: |" * (len(head) - 2))
    differ = False
    for i, batch in enumerate(BATCHES):
        one = times.get((i, "local", 1))
        row = [batch.title, f"{sizes[i]:,}", f"{one:.2f} s" if one else ""]
        for n in many:
            mine = times[i, "local", n]
            row += [f"{mine:.2f} s", f"{one / mine:.2f}x" if one else ""]
            if not args.no_dask:
                theirs = times[i, "dask", n]
                row.append(f"{theirs:.2f} s ({mine / theirs:.2f}x local)")
        print("| " + " | ".join(row) + " |")
        differ = differ or len(outputs[i]) > 1
    if differ:
        print("\nthe runs of a batch printed different bytes", file=sys.stderr)
        return 1
    print("\nevery run of a batch printed the same bytes")
    print()
    where_the_time_goes(args.workers, sizes[0], times, args.repeat)
    return 0


def where_the_time_goes(workers: list[int], games: int, times: dict, repeat: int) -> None:
    """The first batch's time on each number of local workers, split from outside: the fixed
    part (a batch of one game a worker: the interpreter, the imports, the pool's start and a
    first job each) and the rest, the games themselves, as a rate against the rate of one
    worker times the workers (1.00: the games scale perfectly; the loss is then all fixed)."""
    batch = BATCHES[0]
    rows = []
    for n in sorted(set(workers)):
        total = times.get((0, "local", n))
        if total is None:
            continue
        fixed = min(timed(command(batch, n, n, None))[0] for _ in range(repeat))
        rows.append((n, total, fixed, games / (total - fixed) if total > fixed else None))
    if not rows:
        return
    base = next((rate for n, _, _, rate in rows if n == 1), None)  # (None: too short a batch)
    print(f"where the time goes ({batch.title}, {batch.bot}, {games:,} games, local workers):")
    print()
    print(
        "| workers | whole batch | fixed: one game a worker | games/s after it "
        "| against one worker x N |"
    )
    print("| ---: | ---: | ---: | ---: | ---: |")
    for n, total, fixed, rate in rows:
        shown = f"{rate:,.0f}" if rate else "-"
        share = f"{rate / (base * n):.2f}" if base and rate else ""
        print(f"| {n} | {total:.2f} s | {fixed:.2f} s | {shown} | {share} |")


if __name__ == "__main__":
    sys.exit(main())
