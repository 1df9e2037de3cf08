"""`simulate --dask`: a Dask cluster plays the very games a local run plays (the same bytes)."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest

from bearcli import distributed as bearcli_dask
from tests.conftest import ROOT

# `make test` (xdist, --dist loadgroup): one worker starts the cluster, not each.
pytestmark = pytest.mark.xdist_group("dask")

MEMO = str(ROOT / "scenarios/baerenspiel/memo.yaml")
BOTS_4P = str(ROOT / "scenarios/bear-down/bots-4p.yaml")


@pytest.fixture(scope="module")
def scheduler(request) -> str:
    """The address of a two-process cluster on loopback, closed after this module's tests."""
    import distributed

    cluster = distributed.LocalCluster(
        n_workers=2,
        processes=True,
        threads_per_worker=1,
        host="127.0.0.1",
        dashboard_address=None,
        # the scheduler's HTTP routes (health, metrics) on a free port, not on 8787
        scheduler_kwargs={"dashboard": False, "dashboard_address": "127.0.0.1:0"},
    )
    request.addfinalizer(cluster.close)
    return cluster.scheduler_address


def files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


@pytest.mark.parametrize(
    "scenario, args",
    [
        (MEMO, ("-n", "30", "--seed", "4")),  # cooperative; two chunks of 25 and 5
        (BOTS_4P, ("-n", "30", "--rotate")),  # competitive, seats shifted game by game
    ],
    ids=["memo", "bots-4p-rotate"],
)
def test_a_cluster_gives_the_same_bytes_as_a_local_run(cli, tmp_path, scheduler, scenario, args):
    run = ["simulate", scenario, *args, "--json", "--save-logs"]
    local = cli(*run, "local")  # one process: tests/cli/test_simulate.py compares the pool's
    dask = cli(*run, "dask", "--dask", scheduler)
    assert local.code == dask.code == 0, dask.err
    assert dask.out == local.out
    games = int(args[1])
    assert f'"games": {games},' in dask.out
    saved = files(tmp_path / "local")
    assert len(saved) == 2 * games  # a move log and an event log per game
    assert files(tmp_path / "dask") == saved


def test_the_table_too_and_chunks_come_back_in_order(cli, scheduler):
    run = ["simulate", BOTS_4P, "-n", "30", "--seed", "11"]
    assert cli(*run, "--dask", scheduler).out == cli(*run).out
    # more jobs than are kept in flight, some slower than others: still in job order
    squares = bearcli_dask.ordered_map(_slow_square, iter(range(12)), scheduler, ahead=3)
    assert list(squares) == [n * n for n in range(12)]


def _slow_square(n: int) -> int:
    time.sleep(0.02 * (n % 3))
    return n * n


def test_a_worker_without_this_bearcli_is_refused_before_any_job(cli, scheduler, monkeypatch):
    installed = bearcli_dask.bearcli_version()
    monkeypatch.setattr(bearcli_dask, "bearcli_version", lambda: "0.0.1")  # "ours" is older
    ran = cli("simulate", MEMO, "-n", "2", "--dask", scheduler)
    assert ran.code == 1 and ran.out == ""
    first = ran.err.splitlines()[0]
    assert first.startswith("--dask:1:1: error: the Dask worker tcp://127.0.0.1:")
    assert first.endswith(
        f" has bearcli {installed}; every worker needs bearcli 0.0.1 (pip install 'bearcli[dask]')"
    )


def test_missing_extra_and_unreachable_scheduler_are_located_errors(cli, monkeypatch):
    with monkeypatch.context() as m:
        m.setitem(sys.modules, "distributed", None)  # as if the extra were not installed
        ran = cli("simulate", MEMO, "-n", "2", "--dask", "tcp://127.0.0.1:8786")
    assert ran.code == 1
    assert ran.err.splitlines()[0] == (
        "--dask:1:1: error: --dask needs the optional extra: pip install 'bearcli[dask]'"
    )
    # nothing listens there: refused at once, so the whole wait is the timeout's (a short one:
    # the test sits through all of it)
    monkeypatch.setattr(bearcli_dask, "CONNECT_TIMEOUT", 0.1)
    start = time.monotonic()
    ran = cli("simulate", MEMO, "-n", "2", "--dask", "tcp://127.0.0.1:9")
    assert time.monotonic() - start < 8
    assert ran.code == 1 and ran.out == ""
    assert ran.err.startswith(
        "--dask:1:1: error: cannot reach the Dask scheduler at tcp://127.0.0.1:9 within 0.1 s"
    )
    ran = cli("simulate", MEMO, "-n", "2", "--dask", "nowhere")
    assert ran.code == 1
    assert ran.err.startswith("--dask:1:1: error: 'nowhere' is not a scheduler address")
