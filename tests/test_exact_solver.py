"""Exact solving (`bearcli solve`): optimal win probabilities of tiny cooperative boards."""

from __future__ import annotations

import json
import math

import pytest

from bearcli.core.errors import BearError
from bearcli.exact_solver import TooLarge, solve
from bearcli.formats import scenario as scenario_fmt
from bearcli.simulation import simulate
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


def test_the_turns_report_both_stages_and_change_nothing():
    scen = scenario_fmt.load(ROOT / "scenarios/sliding-bears/small/single-file.yaml")
    explored, solved = [], []
    result = solve(
        scen.game,
        scen.config,
        progress=explored.append,
        solving=lambda d, t: solved.append((d, t)),
        symmetry=False,
    )
    assert explored == [1024, 2048, 2824] and result.positions == 2824
    assert [t for _, t in solved] == [2824] * len(solved) and solved[-1][0] == 2824
    assert [d for d, _ in solved] == sorted(d for d, _ in solved)
    assert solve(scen.game, scen.config, symmetry=False) == result


def test_solve_json_names_the_method_and_the_encoding(cli):
    single = str(ROOT / "scenarios/sliding-bears/small/single-file.yaml")
    fast = json.loads(cli("solve", single, "--json").out)
    assert fast == json.loads(cli("solve", single, "--json").out)  # the same every run
    bare = json.loads(cli("solve", single, "--json", "--no-symmetry").out)
    assert (fast["method"], fast["positions"], bare["positions"]) == ("turns", 491, 2824)
    assert fast["win_probability"] == bare["win_probability"] == 0.001564
    assert fast["encoding"] == {
        "bound": 7816,
        "codes": 798,
        "layers": 20,
        "successors": 2748,
        "sweeps": 127,
        "symmetries": 8,
    }


def test_solve_plain_is_the_reference(cli, tmp_path):
    (tmp_path / "tiny.yaml").write_text(
        TINY + "params: {weather_die: [crack, crack, wind, wind, wind, wind]}\n"
    )
    plain = json.loads(cli("solve", "tiny.yaml", "--json", "--plain").out)
    fast = json.loads(cli("solve", "tiny.yaml", "--json").out)
    assert plain["method"] == "plain" and "encoding" not in plain
    assert plain["win_probability"] == fast["win_probability"] > 0
    assert plain["first_steps"] == fast["first_steps"]
    assert plain["positions"] > 50 * fast["positions"]


def test_solve_shows_both_bars_at_a_terminal(tmp_path):
    from tests.cli.test_progress import run_at_a_terminal

    single = str(ROOT / "scenarios/sliding-bears/small/single-file.yaml")
    shown = run_at_a_terminal("solve", single, "--no-symmetry")
    assert shown.code == 0, shown.err
    assert "positions" in shown.err and "2824/?" in shown.err
    assert "solved" in shown.err and "2824/2824" in shown.err
    assert "0.16%" in shown.out and "2824 positions between turns" in shown.out


@pytest.mark.parametrize("as_json", [False, True])
def test_an_interrupted_solve_says_how_far_it_got(cli, monkeypatch, as_json):
    from bearcli.games.sliding_bears import turn_solver as turns

    def stopped(graph, tolerance, on_layer=None, order=None):
        on_layer(len(order[0]))  # one layer solved, then Ctrl-C
        raise KeyboardInterrupt

    monkeypatch.setattr(turns, "values", stopped)
    single = str(ROOT / "scenarios/sliding-bears/small/single-file.yaml")
    ran = cli("solve", single, *(["--json"] if as_json else []))
    assert ran.code == 130
    assert ran.err.startswith("interrupted while solving: 491 positions explored, ")
    assert "no value yet" in ran.err
    if as_json:
        body = json.loads(ran.out)
        assert body["interrupted"] is True and body["stage"] == "solving"
        assert body["positions_explored"] == 491 and 0 < body["positions_solved"] < 491
    else:
        assert ran.out == ""
