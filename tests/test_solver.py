"""Exact solving (`bearcli solve`): optimal win probabilities of tiny cooperative boards."""

from __future__ import annotations

import math

import pytest

from bearcli.core.errors import BearError
from bearcli.formats import scenario as scenario_fmt
from bearcli.simulation import simulate
from bearcli.solver import TooLarge, solve
from tests.conftest import ROOT, load_scenario_text

TINY = """\
game: sliding-bears
seats: [greedy]
layout: |
  finish: pgby . .
       3: I R R
       2: I R R
       1: I R S
   start: pgby . .
"""


def tiny(cracks: int):
    faces = ["crack"] * cracks + ["wind"] * (6 - cracks)
    return load_scenario_text(TINY + f"params: {{weather_die: [{', '.join(faces)}]}}\n")


def test_certain_and_hopeless_boards():
    assert solve(tiny(0).game, tiny(0).config).win_probability == pytest.approx(1.0)
    assert solve(tiny(6).game, tiny(6).config).win_probability == 0.0


def test_more_cracks_never_help_and_greedy_never_beats_perfect_play():
    values = [solve(s.game, s.config).win_probability for s in (tiny(1), tiny(2), tiny(3))]
    assert 1.0 > values[0] > values[1] > values[2] > 0.0
    scen = tiny(1)
    games = 400
    greedy = simulate(scen, games, 3, bot="greedy").wins / games
    sigma = math.sqrt(values[0] * (1 - values[0]) / games)
    assert greedy <= values[0] + 3 * sigma


def test_first_decisions_are_ranked():
    result = solve(tiny(1).game, tiny(1).config)
    assert [s for s, _ in result.first_steps] == ["remove c1"]
    assert result.first_steps[0][1] == pytest.approx(result.win_probability)


def test_budget_and_competitive_games_are_refused():
    classic = scenario_fmt.load(ROOT / "scenarios/sliding-bears/classic.yaml")
    with pytest.raises(TooLarge):
        solve(classic.game, classic.config, max_positions=500)
    bear_down = scenario_fmt.load(ROOT / "scenarios/bear-down/two-players.yaml")
    with pytest.raises(BearError) as info:
        solve(bear_down.game, bear_down.config)
    assert "not cooperative" in info.value.message


def test_solve_command(cli, tmp_path):
    (tmp_path / "tiny.yaml").write_text(TINY)
    ran = cli(
        "solve", "tiny.yaml", "--set", "params={weather_die: [wind, wind, wind, wind, wind, wind]}"
    )
    assert ran.code == 0 and "100.00%" in ran.out
    big = cli("solve", str(ROOT / "scenarios/sliding-bears/classic.yaml"), "--max-positions", "100")
    assert big.code == 1 and "too large to solve exactly" in big.err
