"""`solve` refuses a hopeless board from a sample before exploring it, and its exploration
stops at a number of positions and at a memory ceiling; small boards solve as before."""

from __future__ import annotations

import math
import subprocess
import sys

import pytest

from bearcli import exact_solver
from bearcli.exact_solver import TooLarge
from bearcli.formats import scenario as scenario_fmt
from bearcli.games.sliding_bears import turn_solver as turns
from tests.conftest import ROOT
from tests.test_exact_solver import tiny

CLASSIC = ROOT / "scenarios/sliding-bears/classic.yaml"
SINGLE_FILE = ROOT / "scenarios/sliding-bears/small/single-file.yaml"


EIGHT_ICE = """\
game: sliding-bears
seats: [greedy]
layout: |
  finish: pgby . .
       3: I I I
       2: I S I
       1: I I I
   start: pgby . .
"""


@pytest.fixture
def no_exploring(monkeypatch):
    def explore(*args, **kwargs):
        raise AssertionError("the board was explored")

    monkeypatch.setattr(exact_solver, "_explore", explore)
    monkeypatch.setattr(turns, "explore", explore)


def test_the_classic_floe_is_refused_by_its_estimate_before_exploring(cli, no_exploring):
    # A tenth of the default limit: the sample grows with its square root (1,960 games, not
    # 6,196); docs/performance.md times the refusal at the default.
    ran = cli("solve", str(CLASSIC), "--max-positions", "300000")
    assert ran.code == 1
    assert ran.err.startswith(
        f"{CLASSIC}:1:1: error: estimated more than 300000 reachable positions"
    ), ran.err
    assert "too large to solve exactly (raise --max-positions" in ran.err


def test_small_boards_pass_the_estimate():
    for scen in (scenario_fmt.load(SINGLE_FILE), tiny(1)):
        exact_solver.refuse_by_sample(scen.game, scen.config, 1_000_000)  # no refusal


def test_a_board_within_its_count_is_never_sampled(monkeypatch):
    """Counting tiles and bears bounds the positions between turns: a board whose bound fits
    the budget is solved without a sample; one whose bound does not is sampled first."""
    sampled = []
    real = exact_solver.refuse_by_sample
    monkeypatch.setattr(
        exact_solver, "refuse_by_sample", lambda *a, **k: sampled.append(a) or real(*a, **k)
    )
    scen = scenario_fmt.load(SINGLE_FILE)
    result = exact_solver.solve(scen.game, scen.config)
    bound = dict(result.stats)["bound"]
    assert result.positions <= bound < 1_000_000 and sampled == []
    assert exact_solver.solve(scen.game, scen.config, max_positions=bound - 1) == result
    assert len(sampled) == 1  # sampled, and let through: it fits


def test_the_count_bounds_the_positions_found():
    for scen in (scenario_fmt.load(SINGLE_FILE), tiny(0), tiny(3)):
        result = exact_solver.solve(scen.game, scen.config, symmetry=False)
        stats = dict(result.stats)
        assert 0 < result.positions <= stats["bound"]
        assert stats["symmetries"] == 1 and stats["codes"] == result.positions


@pytest.mark.parametrize("method", ["plain", "turns"])
def test_a_board_is_never_refused_by_the_estimate_at_its_true_size(method):
    """The estimate only refuses what it has seen to be larger: at a budget equal to the
    exact number of positions, a refusal would be wrong."""
    scen = tiny(0)  # 1,461 plain positions (no crack face: the wind alone)
    exact = exact_solver.solve(scen.game, scen.config, method=method, symmetry=False).positions
    exact_solver.refuse_by_sample(scen.game, scen.config, exact)
    with pytest.raises(TooLarge) as info:  # one fewer: the exploration's own count refuses
        exact_solver.solve(
            scen.game, scen.config, max_positions=exact - 1, method=method, symmetry=False
        )
    assert info.value.message.startswith(f"more than {exact - 1} reachable positions")


def test_the_sample_is_large_enough_for_the_birthday_bound():
    for budget in (1, 500, 1_000_000):
        n = exact_solver.sample_size(budget)
        bound = budget * math.log(len(exact_solver.DEPTHS) / exact_solver.RISK)
        assert n * (n - 1) / 2 >= bound > (n - 1) * (n - 2) / 2


def test_the_estimate_is_the_same_every_time():
    classic = scenario_fmt.load(CLASSIC)
    messages = set()
    for _ in range(2):
        with pytest.raises(TooLarge) as info:
            exact_solver.refuse_by_sample(classic.game, classic.config, 500)
        messages.add(info.value.message)
    assert len(messages) == 1 and "estimated more than 500" in messages.pop()


def test_a_budget_too_large_to_sample_is_left_to_the_exploration(monkeypatch):
    calls = []
    monkeypatch.setattr(exact_solver, "_all_differ", lambda *a, **k: calls.append(a) or True)
    classic = scenario_fmt.load(CLASSIC)
    exact_solver.refuse_by_sample(classic.game, classic.config, 10**12)
    assert calls == []
    with pytest.raises(TooLarge):
        exact_solver.refuse_by_sample(classic.game, classic.config, 1000)
    assert calls


def test_the_position_budget_still_stops_an_exploration_the_sample_let_through(monkeypatch):
    small = scenario_fmt.load(SINGLE_FILE)
    with pytest.raises(TooLarge) as info:
        exact_solver.solve(small.game, small.config, max_positions=1000, method="plain")
    assert info.value.message.startswith("more than 1000 reachable positions")
    monkeypatch.setattr(exact_solver, "refuse_by_sample", lambda *a, **k: None)
    with pytest.raises(TooLarge) as info:  # between turns: 491 classes, 2824 positions
        exact_solver.solve(small.game, small.config, max_positions=1000, symmetry=False)
    assert info.value.message.startswith("more than 1000 reachable positions")
    assert exact_solver.solve(small.game, small.config, max_positions=1000).positions == 491


def one_more_mib(monkeypatch):
    looks = []

    def look():  # each look finds 1 MiB more in use than the one before
        looks.append(len(looks) * 2**20)
        return looks[-1]

    monkeypatch.setattr(exact_solver, "memory_in_use", look)
    return looks


def test_the_memory_ceiling_stops_the_exploration(monkeypatch):
    looks = one_more_mib(monkeypatch)
    small = scenario_fmt.load(SINGLE_FILE)
    with pytest.raises(TooLarge) as info:
        exact_solver.solve(small.game, small.config, max_memory_mb=2, method="plain")
    assert info.value.message.startswith("more than --max-memory 2 MB used after ")
    assert "raise --max-memory" in info.value.message
    assert len(looks) == 4  # the baseline, then 1 and 2 MiB allowed, then 3 MiB refused
    looks.clear()
    scen = tiny(0)  # the same ceiling, a board that fits under it: 1,461 positions
    result = exact_solver.solve(scen.game, scen.config, max_memory_mb=2, method="plain")
    assert result.positions > exact_solver.MEMORY_EVERY
    assert looks == [0, 2**20]  # the baseline, and one look on the way (1 MiB: allowed)


def test_the_memory_ceiling_stops_the_turns_too(monkeypatch):
    looks = one_more_mib(monkeypatch)
    small = scenario_fmt.load(SINGLE_FILE)  # 2824 positions: looks after 1024, 2048, all
    with pytest.raises(TooLarge) as info:
        exact_solver.solve(small.game, small.config, max_memory_mb=2, symmetry=False)
    assert info.value.message == (
        "more than --max-memory 2 MB used after 2824 positions; this board is too large to "
        "solve exactly (raise --max-memory, or measure it with simulate)"
    )
    assert len(looks) == 4
    looks.clear()
    assert (
        exact_solver.solve(small.game, small.config, max_memory_mb=3, symmetry=False).positions
        == 2824
    )


def test_memory_in_use_is_measured():
    before = exact_solver.memory_in_use()
    block = b"x" * (64 * 2**20)  # written, so resident
    assert exact_solver.memory_in_use() - before >= 32 * 2**20
    del block


def test_the_memory_ceiling_of_the_command(tmp_path):
    """In a process of its own, so that what other tests left behind cannot blur it."""
    (tmp_path / "eight.yaml").write_text(EIGHT_ICE)  # 91,799 positions between turns
    ran = subprocess.run(
        [sys.executable, "-m", "bearcli", "solve", "eight.yaml", "--max-memory", "1"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=120,
    )
    assert ran.returncode == 1, ran.stderr
    assert ran.stderr.startswith("eight.yaml:1:1: error: more than --max-memory 1 MB used")


def test_the_default_limit_admits_every_3x3_floe_and_no_more_than_it_needs():
    """Counting bounds the positions between turns of every 3 x 3 floe (rocks only lower it:
    fewer squares) by 2,824,992, so `solve`'s default --max-positions refuses none."""
    from bearcli.core.errors import ScenarioError
    from bearcli.core.game import CHANCE
    from tests.conftest import load_scenario_text

    worst = {}
    for level in ("normal", "hard"):
        for ice in range(10):
            for seals in range(10 - ice):
                cells = ["I"] * ice + ["S"] * seals + ["."] * (9 - ice - seals)
                rows = [" ".join(cells[r * 3 : r * 3 + 3]) for r in range(3)]
                layout = "".join(f"       {3 - r}: {row}\n" for r, row in enumerate(rows))
                text = (
                    f"game: sliding-bears\nseats: [greedy]\nlevel: {level}\nlayout: |\n"
                    f"  finish: pg b y\n{layout}   start: pg b y\n"
                )
                try:
                    scen = load_scenario_text(text)
                except ScenarioError:  # SB2: the normal level needs a seal to remove
                    continue
                game, cfg = scen.game, scen.config
                floe = turns.Floe(cfg)
                start, _ = game.initial_state(cfg)
                children = (
                    [start]
                    if game.actor(start) == CHANCE
                    else [game.apply(start, s)[0] for s in game.legal_steps(start)]
                )
                codes = [floe.encode(c.cells, c.bears) for c in children]
                worst[(level, ice, seals)] = floe.upper_bound(codes)
    most = max(worst.values())
    assert most == 2_824_992 <= exact_solver.MAX_POSITIONS < 2 * most
    assert sorted(k for k, v in worst.items() if v == most) == [("hard", 7, 2), ("normal", 6, 3)]
