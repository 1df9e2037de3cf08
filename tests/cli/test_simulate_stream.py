"""Streaming figures: Summary keeps tallies, not lists (its size does not grow with the games)
and gives exactly the list-based figures; run_batch keeps no results; `--csv` writes one row
per game; `--precision` stops at the first block boundary where the intervals are narrow."""

from __future__ import annotations

import csv
import dataclasses
import json
import math
import random
import statistics
import sys
import weakref
from collections import Counter
from pathlib import Path

import pytest

from bearcli import simulation as sim
from bearcli.formats import scenario as scenario_fmt
from tests.conftest import ROOT

CLASSIC = ROOT / "scenarios/sliding-bears/classic.yaml"
FOREST = ROOT / "scenarios/baerenspiel/forest-2p.yaml"  # cooperative, quick, often won
BOTS_4P = ROOT / "scenarios/bear-down/bots-4p.yaml"


def _shape(value) -> object:
    """What grows with the number of games if anything does: the length and the allocated
    size of every container, recursively (the integers of the tallies are left out: a sum
    gains a digit per tenfold games, which is no list)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _shape(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, sim.Figures):
        return {name: _shape(getattr(value, name)) for name in value.__slots__}
    if isinstance(value, dict):
        return ("dict", len(value), sys.getsizeof(value), {k: _shape(v) for k, v in value.items()})
    if isinstance(value, list | tuple):
        return (type(value).__name__, len(value), sys.getsizeof(value), [_shape(v) for v in value])
    return type(value).__name__


def _summary_shape(summary: sim.Summary) -> dict:
    return {
        f.name: _shape(getattr(summary, f.name))
        for f in dataclasses.fields(summary)
        if f.name != "scenario"  # the scenario is shared, not the summary's own
    }


def test_summary_is_the_same_size_after_100_and_10000_games():
    scen = scenario_fmt.load(BOTS_4P)  # scores, a measure, two ways to end
    played = list(sim.run_batch(scen, 50, 3, bot="random", rotate=True))
    summary = sim.Summary(scen, 3, "random", rotate=True)
    for i in range(100):
        summary.add(played[i % len(played)])
    after_100 = _summary_shape(summary)
    for i in range(100, 10_000):
        summary.add(played[i % len(played)])
    assert summary.games == 10_000
    assert _summary_shape(summary) == after_100
    assert summary.seat_scores[0].count == 10_000  # it did count them all


def _plain_figures(scen, results: list[sim.GameResult]) -> dict:
    """The figures computed the plain way, from lists of every game's values."""
    seats = len(scen.config.seats)
    scores = [[] for _ in range(seats)]
    measures: dict[str, list[int]] = {}
    for r in results:
        for i, s in enumerate(r.entry_scores(seats) or ()):
            scores[i].append(s)
        for k, v in r.measures.items():
            measures.setdefault(k, []).append(v)
    return {
        "wins": [sum(i in r.entry_winners(seats) for r in results) for i in range(seats)],
        "score_mean": [statistics.fmean(s) for s in scores if s],
        "score_sd": [statistics.pstdev(s) for s in scores if s],
        "measures": {k: (statistics.fmean(v), min(v), max(v)) for k, v in sorted(measures.items())},
        "terminations": sorted(Counter(r.outcome.termination for r in results).items()),
    }


@pytest.mark.parametrize("path,bot", [(BOTS_4P, None), (CLASSIC, "random")])
def test_the_tallies_give_exactly_the_list_based_figures(path, bot):
    scen = scenario_fmt.load(path)
    results = list(sim.run_batch(scen, 120, 11, bot=bot, rotate=True))
    summary = sim.Summary(scen, 11, bot, rotate=True)
    for r in results:
        summary.add(r)
    plain = _plain_figures(scen, results)
    assert summary.seat_wins == plain["wins"]
    if scen.game.is_cooperative(scen.config):
        assert summary.wins == sum(bool(r.outcome.winners) for r in results)
    else:  # the floats themselves, not only their rounding, are the list-based ones
        assert [t.mean() for t in summary.seat_scores] == plain["score_mean"]
        assert [t.pstdev() for t in summary.seat_scores] == plain["score_sd"]
    assert {k: (t.mean(), t.low, t.high) for k, t in sorted(summary.measures.items())} == (
        plain["measures"]
    )
    assert sorted(summary.terminations.items()) == plain["terminations"]
    figures = summary.to_dict()
    for i, entry in enumerate(figures["seats"]):
        if not scen.game.is_cooperative(scen.config):
            assert entry["score_mean"] == round(plain["score_mean"][i], 4)
            assert entry["score_sd"] == round(plain["score_sd"][i], 4)
    for k, (mean, low, high) in plain["measures"].items():
        assert figures["measures"][k] == {"mean": round(mean, 4), "min": low, "max": high}


def test_a_tally_is_statistics_to_the_last_bit():
    rng = random.Random(7)
    cases = [[5], [3, 3, 3], [0, 1], [-4, 9, 2**40, 7], [10**18, 10**18 + 1]]
    for _ in range(300):
        n = rng.randint(1, 60)
        top = rng.choice([3, 30, 1000, 10**6, 2**53])
        cases.append([rng.randint(-top, top) for _ in range(n)])
    for values in cases:
        tally = sim.Tally()
        for v in values:
            tally.add(v)
        assert tally.mean() == statistics.fmean(values), values
        assert tally.pstdev() == statistics.pstdev(values), values
        assert (tally.low, tally.high) == (min(values), max(values))


def test_run_batch_holds_no_result_once_handed_out():
    scen = scenario_fmt.load(CLASSIC)
    alive: list[weakref.ref] = []
    most = 0
    for result in sim.run_batch(scen, 100, 5, bot="random"):
        alive.append(weakref.ref(result))
        del result  # results hold no cycles: a result nobody holds is freed at once
        most = max(most, sum(ref() is not None for ref in alive))
    assert len(alive) == 100
    assert most <= sim.BLOCK  # at most the chunk being handed out


def _read_csv(path: Path) -> list[dict]:
    with path.open(newline="", encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


def test_csv_has_a_row_per_game_equal_to_the_results_of_a_seeded_run(cli, tmp_path):
    ran = cli("simulate", str(BOTS_4P), "-n", "40", "--rotate", "--seed", "8", "--csv", "g.csv")
    assert ran.code == 0, ran.err
    with (tmp_path / "g.csv").open(newline="") as fh:
        header = next(csv.reader(fh))
    assert header == ["index", "seed", "termination", "winners", "scores", "length", "rounds"]
    rows = _read_csv(tmp_path / "g.csv")
    scen = scenario_fmt.load(BOTS_4P)
    results = list(sim.run_batch(scen, 40, 8, rotate=True, keep=True))
    assert len(rows) == len(results) == 40
    for row, r in zip(rows, results, strict=True):
        winners = r.entry_winners(4)
        assert row == {
            "index": str(r.index),
            "seed": str(sim.game_seed(8, r.index)),
            "termination": r.outcome.termination,
            "winners": ";".join(str(w + 1) for w in winners),
            "scores": ";".join(str(s) for s in r.entry_scores(4)),
            "length": str(len(r.steps)),
            "rounds": str(r.measures["rounds"]),
        }
    # the figures agree with the rows: wins per entry, counted from the CSV
    figures = json.loads(
        cli("simulate", str(BOTS_4P), "-n", "40", "--rotate", "--seed", "8", "--json").out
    )
    for seat in figures["seats"]:
        won = sum(str(seat["seat"]) in row["winners"].split(";") for row in rows)
        assert seat["wins"] == won


def test_csv_of_a_cooperative_game_has_empty_scores_and_is_the_same_for_any_workers(cli, tmp_path):
    args = ["simulate", str(CLASSIC), "-n", "60", "--bot", "random", "--seed", "2"]
    assert cli(*args, "--csv", "one.csv").code == 0
    assert cli(*args, "--csv", "two.csv", "--workers", "2").code == 0
    assert (tmp_path / "one.csv").read_bytes() == (tmp_path / "two.csv").read_bytes()
    rows = _read_csv(tmp_path / "one.csv")
    assert {row["scores"] for row in rows} == {""}
    won = [row for row in rows if row["winners"]]
    assert all(row["winners"] == "1;2;3;4" for row in won)
    figures = json.loads(cli(*args, "--json").out)
    assert figures["wins"] == len(won)
    assert figures["measures"]["turns"]["max"] == max(int(row["turns"]) for row in rows)


def test_csv_refuses_an_existing_file_without_force(cli, tmp_path):
    (tmp_path / "g.csv").write_text("mine\n")
    ran = cli("simulate", str(CLASSIC), "-n", "3", "--csv", "g.csv")
    assert ran.code == 1
    assert ran.err.startswith("g.csv:1:1: error: file exists; pass --force to overwrite it")
    assert (tmp_path / "g.csv").read_text() == "mine\n"
    assert cli("simulate", str(CLASSIC), "-n", "3", "--csv", "g.csv", "--force").code == 0
    assert len(_read_csv(tmp_path / "g.csv")) == 3
    (tmp_path / "folder.csv").mkdir()
    ran = cli("simulate", str(CLASSIC), "-n", "3", "--csv", "folder.csv", "--force")
    assert ran.code == 1 and ran.err.startswith("folder.csv:1:1: error: cannot write")


def test_csv_is_refused_before_force_removes_any_log(cli, tmp_path):
    assert cli("simulate", str(CLASSIC), "-n", "2", "--save-logs", "logs").code == 0
    (tmp_path / "folder.csv").mkdir()
    args = ["--save-logs", "logs", "--csv", "folder.csv", "--force"]
    assert cli("simulate", str(CLASSIC), "-n", "2", *args).code == 1
    assert sorted(p.name for p in (tmp_path / "logs").iterdir())[:2] == [
        "00001.events.jsonl",
        "00001.yaml",
    ]


def test_an_error_leaves_no_csv_and_no_temp_file(cli, tmp_path):
    (tmp_path / "logs").mkdir()
    (tmp_path / "logs/00001.yaml").write_text("x")  # --save-logs refuses it, after --csv
    ran = cli("simulate", str(CLASSIC), "-n", "3", "--save-logs", "logs", "--csv", "g.csv")
    assert ran.code == 1 and "file exists" in ran.err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["logs"]


def test_an_interrupted_csv_keeps_the_rows_of_the_finished_games(cli, tmp_path, monkeypatch):
    real = sim.Summary.add

    def add_then_interrupt(self, result):
        real(self, result)
        if self.games == 4:
            raise KeyboardInterrupt

    monkeypatch.setattr(sim.Summary, "add", add_then_interrupt)
    ran = cli("simulate", str(CLASSIC), "-n", "10", "--json", "--csv", "g.csv")
    assert ran.code == 130 and json.loads(ran.out)["games_done"] == 4
    assert [row["index"] for row in _read_csv(tmp_path / "g.csv")] == ["1", "2", "3", "4"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.csv"]


# --precision


def _half_width(wins: int, n: int) -> float:
    """The 95% Wilson interval's half-width, written out here independently."""
    z = 1.959964
    p = wins / n
    return z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)


def _first_block_within(rows: list[dict], seats: list[str] | None, precision: float) -> int:
    """The first multiple of 25 games where every win rate's interval is within +-precision:
    the team's (seats None) or each listed seat's."""
    for k in range(25, len(rows) + 1, 25):
        done = rows[:k]
        if seats is None:
            rates = [sum(bool(row["winners"]) for row in done)]
        else:
            rates = [sum(s in row["winners"].split(";") for row in done) for s in seats]
        if all(_half_width(w, k) <= precision for w in rates):
            return k
    raise AssertionError("the cap is too low for this test")


# The caps leave room past the block where each stops (at 100 games, at 50: asserted below).
@pytest.mark.parametrize(
    "path,bot,precision,seats,cap",
    [
        (BOTS_4P, "random", 0.1, ["1", "2", "3", "4"], 150),  # competitive: every seat's rate
        (FOREST, "random", 0.1, None, 100),  # cooperative: the team's
    ],
)
def test_precision_stops_at_the_first_block_where_the_interval_holds(
    cli, tmp_path, path, bot, precision, seats, cap
):
    base = ["simulate", str(path), "--bot", bot, "--seed", "4"]
    assert cli(*base, "-n", str(cap), "--csv", "all.csv").code == 0
    expected = _first_block_within(_read_csv(tmp_path / "all.csv"), seats, precision)
    assert 25 < expected < cap
    args = [*base, "-n", str(cap), "--precision", str(precision), "--json"]
    one = cli(*args, "--csv", "one.csv")
    two = cli(*args, "--csv", "two.csv", "--workers", "2")
    assert one.code == two.code == 0, one.err + two.err
    assert one.out == two.out  # byte for byte, whatever the workers
    assert (tmp_path / "one.csv").read_bytes() == (tmp_path / "two.csv").read_bytes()
    figures = json.loads(one.out)
    assert figures["games"] == expected and figures["stopped"] == "precision"
    assert figures["precision"] == precision and figures["games_requested"] == cap
    # the same figures as a plain run of that many games
    plain = json.loads(cli(*base, "-n", str(expected), "--json").out)
    same = {k: v for k, v in plain.items() if k not in ("precision", "stopped", "games_requested")}
    assert {k: figures[k] for k in same} == same


def test_precision_not_reached_within_the_cap(cli):
    quick = ["simulate", str(CLASSIC), "--bot", "random"]
    ran = cli(*quick, "-n", "30", "--precision", "0.001", "--json")
    figures = json.loads(ran.out)
    assert figures["games"] == 30 and figures["stopped"] == "games"
    table = cli(*quick, "-n", "30", "--precision", "0.001")
    assert table.out.splitlines()[-1] == "precision +-0.1% not reached within 30 games"
    reached = cli(*quick, "-n", "400", "--precision", "0.2")
    assert reached.out.splitlines()[-1].startswith(
        "precision +-20% reached after 25 games (at most 400)"
    )


@pytest.mark.parametrize("bad", ["0", "-0.1", "0.6", "nan", "x"])
def test_precision_out_of_range_is_a_usage_error(cli, bad):
    assert cli("simulate", str(CLASSIC), "-n", "3", "--precision", bad).code == 2
