"""`simulate --dask`: a Dask cluster plays the very games a local run plays (the same bytes)."""

from __future__ import annotations

import os
import pickle
import sys
import time
from pathlib import Path

import pytest

from bearcli import distributed as bearcli_dask
from bearcli import rating, simulation
from bearcli.formats import scenario as scenario_fmt
from bearcli.formats.scenario import Scenario
from tests.conftest import ROOT
from tests.games.sliding_bears.test_planner import OPEN

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


FOREST = ROOT / "scenarios/baerenspiel/forest-4p.yaml"
CLASSIC = ROOT / "scenarios/sliding-bears/classic.yaml"


def _task_sizes(monkeypatch) -> list[int]:
    """The number of games of each job made from now on (local or on a cluster)."""
    sizes: list[int] = []
    made = simulation._chunks

    def chunks(games, size):
        for c in made(games, size):
            sizes.append(len(c))
            yield c

    monkeypatch.setattr(simulation, "_chunks", chunks)
    return sizes


def test_cluster_tasks_grow_by_their_time_and_count_the_games_of_one_and_two_workers(
    scheduler, monkeypatch
):
    scen = scenario_fmt.load(CLASSIC)
    batch = {"games": 900, "seed": 6, "bot": "random", "rotate": True}
    one = simulation.simulate(scen, **batch).to_dict()
    two = simulation.simulate(scen, **batch, workers=2).to_dict()
    sizes = _task_sizes(monkeypatch)
    monkeypatch.setattr(simulation, "CLUSTER_JOB_SECONDS", 60.0)  # as far as the end allows
    heard: list[int] = []
    on_cluster = simulation.simulate(scen, **batch, dask=scheduler, on_games=heard.append)
    assert on_cluster.to_dict() == one == two
    assert sizes[0] == 25 and max(sizes) > 25 and sum(sizes) == 900  # grown, then shrunk
    assert sum(heard) == 900  # a progress bar hears every game, as locally
    # with each game's result (a --csv or --save-logs batch): the same games, in order
    sizes.clear()
    kept = list(simulation.run_batch(scen, 600, 6, bot="random", keep=True, dask=scheduler))
    assert kept == list(simulation.run_batch(scen, 600, 6, bot="random", keep=True))
    assert [r.index for r in kept] == list(range(1, 601)) and max(sizes) > 25


def test_cluster_tasks_that_run_past_a_precision_stop_stop_where_one_worker_stops(
    scheduler, monkeypatch
):
    scen = scenario_fmt.load(FOREST)
    batch = {"games": 400, "seed": 4, "bot": "random", "precision": 0.1}
    one = simulation.simulate(scen, **batch).to_dict()
    assert one["stopped"] == "precision" and 25 < one["games"] < 400
    sizes = _task_sizes(monkeypatch)
    monkeypatch.setattr(simulation, "CLUSTER_JOB_SECONDS", 60.0)  # tasks past the stop
    assert simulation.simulate(scen, **batch, dask=scheduler).to_dict() == one
    assert max(sizes) > 25
    # the stop inside one task of all 400 games: the same figures
    monkeypatch.setattr(simulation, "_JobSizes", _AllAtOnce)
    assert simulation.simulate(scen, **batch, dask=scheduler).to_dict() == one


class _AllAtOnce:
    """Job sizes of one job for the whole batch."""

    def __init__(self, games: int, *_):
        self.games = games

    def timed(self, games: int, seconds: float) -> None:
        pass

    def __call__(self, start: int) -> int:
        return self.games


def test_the_scenario_travels_to_each_worker_once_not_in_every_task(scheduler, monkeypatch):
    scen = scenario_fmt.load(CLASSIC)
    sent = []
    mapped = bearcli_dask.Cluster.ordered_map

    def spy(cluster, fn, jobs, ahead=None, shared=None):
        def seen():
            for job in jobs:
                sent.append((job, shared))
                yield job

        return mapped(cluster, fn, seen(), ahead, shared)

    monkeypatch.setattr(bearcli_dask.Cluster, "ordered_map", spy)
    figures = simulation.simulate(scen, 200, 2, bot="random", dask=scheduler)
    assert figures.to_dict() == simulation.simulate(scen, 200, 2, bot="random").to_dict()
    assert len(sent) >= 2 and len({id(shared) for _, shared in sent}) == 1
    assert type(sent[0][1]).__name__ == "Future"  # scattered to the workers beforehand
    for job, _ in sent:  # a task carries the seed, its games and the options, no scenario
        assert not any(isinstance(part, Scenario) for part in job)
        assert len(pickle.dumps(job)) < 100


def _whose(shared: Scenario, job: int) -> tuple[int, int]:
    time.sleep(0.01)
    return os.getpid(), id(simulation._worker_copy(shared))


def test_every_task_on_a_worker_gets_its_one_copy_of_the_shared_value(scheduler):
    # A worker's warm state (the kept scenario, the tables and stores keyed by it) lives in
    # its process: every task there plays the very object the first one kept. The value a
    # task is handed may be a fresh copy: the scheduler's memory manager drops replicas it
    # judges spare, and the worker fetches the value again when a later task needs it (a
    # loaded machine, where a batch outlasts the manager's interval, shows it). The kept
    # copy is found by equality, so the warm state survives that.
    with bearcli_dask.Cluster(scheduler) as cluster:
        assert cluster.threads == 2
        shared = cluster.share(scenario_fmt.load(CLASSIC))
        seen = list(cluster.ordered_map(_whose, range(40), shared=shared))
    copies: dict[int, set[int]] = {}
    for pid, copy in seen:
        copies.setdefault(pid, set()).add(copy)
    assert len(seen) == 40 and all(len(ids) == 1 for ids in copies.values())
    assert os.getpid() not in copies


def test_layout_rate_on_a_cluster_gives_the_figures_of_local_workers(cli, scheduler):
    (cli.cwd / "open.layout").write_text(OPEN)
    run = ["layout", "rate", "open.layout", "--games", "12", "--seed", "3", "--json"]
    local = cli(*run)
    on_cluster = cli(*run, "--dask", scheduler)
    assert local.code == on_cluster.code == 0, on_cluster.err
    assert on_cluster.out == local.out and '"games": 12' in local.out
    heard = []
    rated = rating.rate(
        cli.cwd / "open.layout",
        games=12,
        seed=3,
        dask=scheduler,
        settings=(("normal", "classic"),),
        on_game=heard.append,
    )
    assert len(heard) == 2 * 12 == sum(b.games for b in rated.levels[0].bots)
    refused = cli(*run, "--dask", "nowhere")
    assert refused.code == 1 and refused.out == ""
    assert refused.err.startswith("--dask:1:1: error: 'nowhere' is not a scheduler address")
