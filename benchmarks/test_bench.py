"""Speed is measured here (`make bench`), never by timed tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from bearcli.core import registry
from bearcli.formats import eventlog, movelog
from bearcli.formats import scenario as scenario_fmt
from bearcli.simulation import play_one

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = {
    name: sorted((ROOT / "scenarios" / name).glob("*.yaml"))[0] for name in registry.names()
}


@pytest.mark.parametrize("name", sorted(SCENARIOS))
@pytest.mark.parametrize("bot", ["random", None])
def test_one_game(benchmark, name, bot):
    """One whole seeded game with the scenario's bots (None) or all random."""
    scen = scenario_fmt.load(SCENARIOS[name])
    seeds = iter(range(10**9))
    benchmark(lambda: play_one(scen, next(seeds), bot=bot, keep=False))


@pytest.mark.parametrize(
    "record", sorted((ROOT / "replays").rglob("*.yaml"))[:3], ids=lambda p: p.stem
)
def test_replay_and_event_log(benchmark, record):
    log = movelog.load(record)

    def run():
        match = movelog.replay(log)
        return eventlog.dumps(eventlog.header("g", 1, "f", 1), match.events)

    benchmark(run)
