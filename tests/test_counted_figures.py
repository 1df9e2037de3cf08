"""Games counted where they are played (count_batch, Figures.merge) give the figures of
counting them one by one in the parent: the same `--json`, the same precision stop, on one
worker or two."""

from __future__ import annotations

import random
from itertools import accumulate

import pytest

from bearcli import simulation as sim
from bearcli.formats import scenario as scenario_fmt
from tests.conftest import ROOT

SCENARIOS = [
    (ROOT / "scenarios/bear-down/bots-4p.yaml", None),  # competitive: scores, a measure
    (ROOT / "scenarios/sliding-bears/classic.yaml", "random"),  # cooperative
    (ROOT / "scenarios/baerenspiel/forest-2p.yaml", None),  # cooperative, often won
]


def test_merged_tallies_are_the_tally_of_all_the_values():
    rng = random.Random(3)
    for _ in range(200):
        values = [rng.randint(-50, 10**6) for _ in range(rng.randint(0, 40))]
        cuts = sorted(rng.sample(range(len(values) + 1), k=min(3, len(values) + 1)))
        whole, merged = sim.Tally(), sim.Tally()
        for v in values:
            whole.add(v)
        for a, b in zip([0, *cuts], [*cuts, len(values)], strict=True):
            part = sim.Tally()  # some parts are empty: they change nothing
            for v in values[a:b]:
                part.add(v)
            merged.merge(part)
        assert merged == whole, values


def _one_by_one(scen, results) -> sim.Figures:
    figures = sim.Figures(len(scen.config.seats))
    for r in results:
        figures.add(r)
    return figures


@pytest.mark.parametrize("path,bot", SCENARIOS)
def test_counted_runs_never_cross_a_block_and_are_the_games_figures(path, bot):
    scen = scenario_fmt.load(path)
    results = list(sim.run_batch(scen, 130, 5, bot=bot, rotate=True))
    # Jobs of 40 games, which blocks of 25 cut: 1-25, 26-40, 41-50, 51-75, ...
    pieces = list(sim.count_batch(scen, 130, 5, bot=bot, rotate=True, chunk=40))
    ends = list(accumulate(p.games for p in pieces))
    assert ends == [25, 40, 50, 75, 80, 100, 120, 125, 130]
    for start, end, piece in zip([0, *ends], ends, pieces, strict=False):
        assert piece == _one_by_one(scen, results[start:end])
    whole = sim.Figures(len(scen.config.seats))
    for piece in pieces:
        whole.merge(piece)
    assert whole == _one_by_one(scen, results)
    assert whole != _one_by_one(scen, results[:-1])  # (Figures compare their counts)


@pytest.mark.parametrize("workers", [1, 2])
@pytest.mark.parametrize("path,bot", SCENARIOS)
def test_simulate_counts_in_the_workers_the_figures_of_counting_each_game(path, bot, workers):
    scen = scenario_fmt.load(path)
    seen: list[int] = []
    counted = sim.simulate(scen, 90, 7, bot=bot, workers=workers, rotate=True)
    each = sim.simulate(
        scen,
        90,
        7,
        bot=bot,
        workers=workers,
        rotate=True,
        on_result=lambda r: None,
        on_games=seen.append,
    )
    assert counted.figures == each.figures and counted.to_dict() == each.to_dict()
    assert seen == [1] * 90  # game by game when each result is seen
    heard: list[int] = []
    sim.simulate(scen, 90, 7, bot=bot, workers=workers, rotate=True, on_games=heard.append)
    assert sum(heard) == 90 and max(heard) <= sim.BLOCK  # a run of games at a time


@pytest.mark.parametrize("workers", [1, 2])
def test_a_counted_batch_stops_at_the_same_block_for_a_precision(workers):
    path, bot = SCENARIOS[2]
    scen = scenario_fmt.load(path)
    runs = [
        sim.simulate(scen, 1000, 2, bot=bot, workers=workers, precision=0.1, on_result=hook)
        for hook in (None, lambda r: None)
    ]
    assert runs[0].stopped == runs[1].stopped == sim.PRECISION
    assert 0 < runs[0].games == runs[1].games < 1000 and runs[0].games % sim.BLOCK == 0
    assert runs[0].to_dict() == runs[1].to_dict()
