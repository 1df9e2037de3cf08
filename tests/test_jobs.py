"""What a worker's job carries: a registered game by name, and a worker keeps its first copy of
a batch's scenario, so the rules' per-configuration memory serves every chunk it plays."""

from __future__ import annotations

import pickle

import pytest

from bearcli import simulation
from bearcli.core import registry
from bearcli.formats import scenario as scenario_fmt
from bearcli.games.sliding_bears.rules import SlidingBears
from tests.conftest import ROOT


class Variant(SlidingBears):
    """A game that is not the registry's (as the tests' plain reference rules are)."""


@pytest.mark.parametrize("name", registry.names())
def test_a_registered_game_travels_by_name(name):
    game = registry.get(name)
    blob = pickle.dumps(game)
    assert pickle.loads(blob) is game
    assert len(blob) < 100 and name.encode() in blob


def test_another_instance_of_a_game_travels_by_value():
    variant, fresh = Variant(), SlidingBears()
    assert not registry.registered(variant) and not registry.registered(fresh)
    assert registry.registered(registry.get("sliding-bears"))
    copy = pickle.loads(pickle.dumps(variant))
    assert type(copy) is Variant and copy is not variant
    assert pickle.loads(pickle.dumps(fresh)) is not registry.get("sliding-bears")


def test_a_worker_plays_every_chunk_of_a_batch_on_its_first_copy(monkeypatch):
    monkeypatch.setattr(simulation, "_worker_copies", [])
    path = ROOT / "scenarios/bear-down/four-players.yaml"
    scen = scenario_fmt.load(path)
    first, second = pickle.loads(pickle.dumps(scen)), pickle.loads(pickle.dumps(scen))
    assert first == second and first is not second and first.game is scen.game
    assert simulation._worker_copy(first) is first
    assert simulation._worker_copy(second) is first  # the copy that has learned the rules
    other = scenario_fmt.load(path, ("seed=9",))
    assert simulation._worker_copy(other) is other  # another batch: its own copy from now on
    assert simulation._worker_copy(first) is first
    fresh = scenario_fmt.load(path)  # equal, but another scenario (another batch, test)
    assert fresh == first and simulation._worker_copy(fresh) is fresh
    # fresh is kept beside first: a copy of scen still finds first, its own batch's copy
    assert simulation._worker_copy(second) is first and simulation._worker_copy(fresh) is fresh


def test_chunks_on_the_kept_copy_are_the_games_of_fresh_copies(monkeypatch):
    scen = scenario_fmt.load(ROOT / "scenarios/bear-down/four-players.yaml")
    blob = pickle.dumps(scen)
    chunks = [range(1, 11), range(11, 21)]

    def played(kept: bool) -> list:
        out = []
        for indices in chunks:
            monkeypatch.setattr(
                simulation, "_worker_copies", simulation._worker_copies if kept else []
            )
            out += simulation._play_chunk((pickle.loads(blob), 3, indices, None, True, True))
        return out

    monkeypatch.setattr(simulation, "_worker_copies", [])
    assert played(kept=True) == played(kept=False)


def test_a_short_batch_on_several_workers_gets_smaller_jobs():
    assert [simulation.job_size(g, 1) for g in (1, 30, 100, 10**6)] == [25] * 4
    # at least four jobs a worker while jobs of 25 would be fewer; never below one game
    assert [simulation.job_size(g, 2) for g in (1, 7, 30, 100, 200, 10**6)] == [1, 1, 4, 13, 25, 25]
    assert simulation.job_size(100, 4) == 7


def games(**batch) -> list[tuple]:
    return [
        (r.index, r.seed, r.outcome, r.measures, r.length) for r in simulation.run_batch(**batch)
    ]


def job_sizes(monkeypatch) -> list[int]:
    """The games of each job run_batch makes from now on, in order."""
    sizes, real = [], simulation._chunks

    def recorded(games, size):
        for c in real(games, size):
            sizes.append(len(c))
            yield c

    monkeypatch.setattr(simulation, "_chunks", recorded)
    return sizes


def test_the_job_size_never_changes_the_results(monkeypatch):
    scen = scenario_fmt.load(ROOT / "scenarios/bear-down/bots-4p.yaml")
    batch = {"scenario": scen, "games": 30, "batch_seed": 3, "rotate": True}
    plain = games(**batch)  # one worker: jobs of 25
    assert games(**batch, chunk=1) == games(**batch, chunk=7) == plain
    sizes = job_sizes(monkeypatch)
    assert games(**batch, workers=2) == plain and sizes == [4] * 7 + [2]  # 8 jobs on two workers


def test_timed_jobs_grow_to_a_tenth_of_a_second_and_shrink_again_at_the_end():
    sizes = simulation._JobSizes(10_000, 2)
    assert sizes(1) == sizes.first == 25  # nothing timed yet
    sizes.timed(50, 0.01)  # 0.2 ms a game: 500 games make JOB_SECONDS
    assert sizes(51) == 500
    sizes.timed(25, 0.5)  # slower games since: 75 in 0.51 s, 14 games in a tenth of a second
    assert sizes(76) == 25  # never below the first size
    fast = simulation._JobSizes(10**6, 2)
    fast.timed(10, 1e-6)
    assert fast(11) == simulation.MAX_JOB
    # what is left still makes four jobs a worker: 801 games left, 8 jobs of 101 at most
    assert fast(10**6 - 800) == 101 and fast(10**6 - 100) == 25


def test_timed_jobs_play_the_games_jobs_of_one_size_play(monkeypatch):
    scen = scenario_fmt.load(ROOT / "scenarios/sliding-bears/classic.yaml")
    batch = {"scenario": scen, "games": 400, "batch_seed": 5, "bot": "random"}
    sizes = job_sizes(monkeypatch)
    plain = games(**batch)
    assert set(sizes) == {25}
    sizes.clear()
    monkeypatch.setattr(simulation, "JOB_SECONDS", 60.0)  # grow as far as the end allows
    assert games(**batch, workers=2) == plain
    assert sizes[0] == 25 and max(sizes) > 25 and sum(sizes) == 400


def test_a_precision_stop_inside_a_grown_job_is_the_stop_of_one_worker(monkeypatch):
    scen = scenario_fmt.load(ROOT / "scenarios/baerenspiel/forest-4p.yaml")
    batch = {"games": 400, "seed": 4, "bot": "random", "precision": 0.1}
    one = simulation.simulate(scen, **batch).to_dict()
    assert one["stopped"] == "precision" and 25 < one["games"] < 400
    sizes = job_sizes(monkeypatch)
    monkeypatch.setattr(simulation, "JOB_SECONDS", 60.0)  # jobs past the stop: cut short
    two = simulation.simulate(scen, **batch, workers=2).to_dict()
    assert max(sizes) > 25 and two == one


def test_a_worker_keeps_the_copies_of_several_batches_side_by_side(monkeypatch):
    # A rating hands a worker the jobs of its rows in turn: each row's copy stays (WORKER_COPIES).
    monkeypatch.setattr(simulation, "_worker_copies", [])
    path = ROOT / "scenarios/bear-down/four-players.yaml"
    copies = [scenario_fmt.load(path, (f"seed={i}",)) for i in range(simulation.WORKER_COPIES + 1)]
    for scen in copies[: simulation.WORKER_COPIES]:
        assert simulation._worker_copy(scen) is scen
    for scen in copies[: simulation.WORKER_COPIES]:  # all still kept: a fresh copy of each finds it
        assert simulation._worker_copy(pickle.loads(pickle.dumps(scen))) is scen
    assert simulation._worker_copy(copies[-1]) is copies[-1]  # one more: the oldest goes
    assert len(simulation._worker_copies) == simulation.WORKER_COPIES
