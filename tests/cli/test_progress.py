"""Progress bars (simulate: games; solve: positions) on stderr at a terminal only, never on a
pipe or under --json; an interrupted --json says it is partial."""

from __future__ import annotations

import io
import json
import os
import re
import signal
import subprocess
import sys

from rich.console import Console
from typer.testing import CliRunner

from bearcli import exact_solver
from bearcli.cli.app import app
from bearcli.cli.console import Consoles
from bearcli.exact_solver import solve
from tests.conftest import ROOT, Ran
from tests.test_exact_solver import TINY, tiny
from tests.test_workers import wait_until

CLASSIC = str(ROOT / "scenarios/sliding-bears/classic.yaml")


def run_at_a_terminal(*args: str) -> Ran:
    """Like the `cli` fixture, but stderr is a terminal (stdout is not: a pipe)."""
    out, err = io.StringIO(), io.StringIO()
    consoles = Consoles(
        Console(file=out, width=100, no_color=True, soft_wrap=True, emoji=False),
        Console(file=err, width=100, force_terminal=True, color_system=None, emoji=False),
    )
    result = CliRunner().invoke(app, list(args), obj=consoles, catch_exceptions=False)
    return Ran(result.exit_code, result.stdout + out.getvalue(), result.stderr + err.getvalue())


def test_simulate_draws_a_bar_on_a_terminal_and_leaves_stdout_alone(cli):
    args = ("simulate", CLASSIC, "-n", "30", "--seed", "4")
    shown = run_at_a_terminal(*args)
    assert shown.code == 0, shown.err
    assert "games" in shown.err and "30/30" in shown.err and "eta" in shown.err
    plain = cli(*args)
    assert plain.code == 0 and plain.err == ""  # the test consoles are no terminal: no bar
    assert shown.out == plain.out  # the figures are the same bytes, bar or not


def test_no_bar_under_json_even_at_a_terminal():
    ran = run_at_a_terminal("simulate", CLASSIC, "-n", "30", "--json")
    assert ran.code == 0
    assert ran.err == ""
    assert json.loads(ran.out)["games"] == 30


def test_solve_counts_positions_at_a_terminal_only(cli, tmp_path, monkeypatch):
    # At the hard level this floe has 8,972 positions, not 12,554: still eight reports of the
    # count before the last, in two thirds of the plain solver's time.
    (tmp_path / "tiny.yaml").write_text(
        TINY + "level: hard\nparams: {weather_die: [crack, wind, wind, wind, wind, wind]}\n"
    )
    told: list[int] = []  # what the plain exploration tells the bar, as it goes

    def solve_told(*args, progress, **kwargs):
        def tell(n: int) -> None:
            told.append(n)
            progress(n)

        return solve(*args, progress=tell, **kwargs)

    monkeypatch.setattr(exact_solver, "solve", solve_told)  # the command imports it when it runs
    shown = run_at_a_terminal("solve", str(tmp_path / "tiny.yaml"), "--plain")
    assert shown.code == 0, shown.err
    # the count the run ends with, from its own table's title (one plain solve, not two)
    positions = int(re.search(r"\((\d+) positions\)", shown.out)[1])
    assert told == [*range(1024, positions, 1024), positions]  # several reports, then the last
    assert "positions" in shown.err and f"{positions}/?" in shown.err
    # Nothing on a pipe, nothing under --json: the command's rule for both methods, so shown
    # with the fast one (the plain solver takes seconds here) which draws bars too.
    assert "positions" in run_at_a_terminal("solve", str(tmp_path / "tiny.yaml")).err
    assert cli("solve", "tiny.yaml").err == ""
    assert run_at_a_terminal("solve", str(tmp_path / "tiny.yaml"), "--json").err == ""


def test_the_solver_reports_positions_explored_as_it_goes():
    scen = tiny(1)
    heard: list[int] = []
    result = solve(scen.game, scen.config, progress=heard.append)
    assert heard[-1] == result.positions
    assert heard[:-1] == list(range(1024, result.positions, 1024))
    assert solve(scen.game, scen.config) == result  # the hook changes nothing


def test_an_interrupted_json_says_it_is_partial(cli, monkeypatch):
    import bearcli.simulation as sim

    # Without logs or rows the games are counted a block (25 games) at a time: stopped after
    # the first block, the figures are those of its 25 games.
    real = sim.Summary.merge

    def merge_then_interrupt(self, figures):
        real(self, figures)
        if self.games == 25:
            raise KeyboardInterrupt

    full = json.loads(cli("simulate", CLASSIC, "-n", "25", "--json").out)
    monkeypatch.setattr(sim.Summary, "merge", merge_then_interrupt)
    ran = cli("simulate", CLASSIC, "-n", "60", "--json")
    assert ran.code == 130
    partial = json.loads(ran.out)
    assert partial["interrupted"] is True and partial["stopped"] == "interrupted"
    assert partial["games_requested"] == 60 and partial["games_done"] == partial["games"] == 25
    # the figures are those of the 25 games played, every other key as a 25-game run has it
    changed = {"interrupted", "stopped", "games_requested"}
    assert {k: v for k, v in partial.items() if k not in changed} == {
        k: v for k, v in full.items() if k not in changed
    }


def test_a_finished_json_says_it_is_whole(cli):
    figures = json.loads(cli("simulate", CLASSIC, "-n", "7", "--json").out)
    assert figures["interrupted"] is False and figures["stopped"] == "games"
    assert figures["games_requested"] == figures["games_done"] == figures["games"] == 7
    assert figures["precision"] is None
    keys = {"game", "games", "seed", "wins", "win_rate", "win_rate_ci95", "seats", "measures"}
    assert keys | {"terminations", "scenario", "fingerprint", "rotate", "cooperative"} <= set(
        figures
    )


def test_sigterm_gives_a_partial_json_and_the_csv_of_the_games_done(tmp_path):
    """A real signal: the JSON's counts, the CSV's rows and the saved games agree."""
    args = ["simulate", CLASSIC, "--bot", "random", "-n", "100000", "--json"]
    args += ["--save-logs", "logs", "--csv", "games.csv"]
    proc = subprocess.Popen(
        [sys.executable, "-m", "bearcli", *args],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "NO_COLOR": "1"},
        start_new_session=True,
    )
    try:
        assert wait_until(lambda: (tmp_path / "logs/00003.yaml").exists(), 60)
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=20)
    finally:
        proc.kill()
    assert proc.returncode == 130, err
    figures = json.loads(out)
    done = figures["games_done"]
    assert figures["interrupted"] is True and figures["games_requested"] == 100000
    assert done >= 3 and done == len(list((tmp_path / "logs").glob("*.events.jsonl")))
    rows = (tmp_path / "games.csv").read_text().splitlines()
    assert rows[0].startswith("index,seed,") and len(rows) == done + 1
    assert [r.split(",")[0] for r in rows[1:]] == [str(i) for i in range(1, done + 1)]
    assert [p.name for p in tmp_path.glob(".*.tmp")] == []
