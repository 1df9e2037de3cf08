"""`bearcli simulate`: figures, JSON, saved logs, determinism across workers."""

from __future__ import annotations

import json
import shutil

from tests.conftest import ROOT

CLASSIC = str(ROOT / "scenarios/sliding-bears/classic.yaml")


def test_table_reports_win_rate_with_interval_and_turns(cli):
    ran = cli("simulate", CLASSIC, "--games", "20", "--seed", "3")
    assert ran.code == 0, ran.err
    assert "Sliding Bears: Classic floe - 20 games, seed 3, bots greedy" in ran.out
    assert "win rate (95% CI)" in ran.out and "turns per game" in ran.out


def test_json_has_the_documented_keys_and_is_seed_stable(cli):
    first = json.loads(cli("simulate", CLASSIC, "-n", "12", "--seed", "5", "--json").out)
    assert {"game", "games", "seed", "wins", "win_rate", "win_rate_ci95"} <= set(first)
    assert first["game"] == "sliding-bears" and first["games"] == 12 and first["seed"] == 5
    assert 0 <= first["wins"] <= 12 and first["win_rate"] == round(first["wins"] / 12, 4)
    again = json.loads(cli("simulate", CLASSIC, "-n", "12", "--seed", "5", "--json").out)
    assert again == first
    other = json.loads(cli("simulate", CLASSIC, "-n", "12", "--seed", "6", "--json").out)
    assert other["measures"] != first["measures"] or other["wins"] != first["wins"]


def test_worker_count_never_changes_the_results(cli, tmp_path):
    args = ["simulate", CLASSIC, "-n", "30", "--seed", "2", "--json", "--bot", "random"]
    one = cli(*args, "--save-logs", "one")
    two = cli(*args, "--save-logs", "two", "--workers", "2")
    assert one.code == two.code == 0 and one.out == two.out
    for name in ("00001.yaml", "00030.events.jsonl"):
        assert (tmp_path / "one" / name).read_bytes() == (tmp_path / "two" / name).read_bytes()


def test_saved_logs_replay_to_the_same_events(cli, tmp_path):
    assert cli("simulate", CLASSIC, "-n", "4", "--save-logs", "logs").code == 0
    for i in range(1, 5):
        ran = cli("replay", f"logs/{i:05d}.yaml", "--check", f"logs/{i:05d}.events.jsonl")
        assert ran.code == 0, ran.err
        assert "matches" in ran.out


def test_saved_logs_are_not_overwritten_without_force(cli, tmp_path):
    assert cli("simulate", CLASSIC, "-n", "2", "--save-logs", "logs").code == 0
    before = (tmp_path / "logs/00001.yaml").read_text()
    ran = cli("simulate", CLASSIC, "-n", "2", "--seed", "9", "--save-logs", "logs")
    assert ran.code == 1
    assert ran.err.startswith("logs/00001.yaml:1:1: error: file exists; pass --force")
    assert (tmp_path / "logs/00001.yaml").read_text() == before
    assert (
        cli("simulate", CLASSIC, "-n", "2", "--seed", "9", "--save-logs", "logs", "--force").code
        == 0
    )
    assert (tmp_path / "logs/00001.yaml").read_text() != before


def test_unknown_bot_and_bad_usage(cli):
    ran = cli("simulate", CLASSIC, "-n", "2", "--bot", "clever")
    assert ran.code == 2  # a usage error, naming the bots there are
    said = " ".join(ran.err.replace("│", " ").split())  # Typer draws usage errors in a box
    assert "'clever' is not a sliding-bears bot (known: greedy, planner, random)" in said
    assert cli("simulate", CLASSIC, "--games", "0").code == 2
    assert cli("simulate").code == 2


def test_human_seats_need_a_bot_to_simulate(cli, tmp_path):
    shutil.copy(ROOT / "scenarios/sliding-bears/classic.layout", tmp_path / "classic.layout")
    (tmp_path / "h.yaml").write_text(
        (ROOT / "scenarios/sliding-bears/classic.yaml")
        .read_text()
        .replace("bot: greedy", "bot: human")
    )
    ran = cli("simulate", "h.yaml", "-n", "1")
    assert ran.code == 1 and "Ana is human" in ran.err
    assert cli("simulate", "h.yaml", "-n", "1", "--bot", "random").code == 0


def test_set_overrides_a_scenario_key_and_saved_logs_carry_it(cli, tmp_path):
    normal = json.loads(cli("simulate", CLASSIC, "-n", "10", "--json").out)
    hard = cli(
        "simulate", CLASSIC, "-n", "10", "--json", "--set", "level=hard", "--save-logs", "logs"
    )
    assert hard.code == 0 and json.loads(hard.out)["fingerprint"] != normal["fingerprint"]
    assert "set:\n- level=hard\n" in (tmp_path / "logs/00001.yaml").read_text()
    ran = cli("replay", "logs/00001.yaml", "--check", "logs/00001.events.jsonl")
    assert ran.code == 0, ran.err
    bad = cli("simulate", CLASSIC, "-n", "1", "--set", "level=extreme")
    assert bad.code == 1
    assert bad.err.startswith("--set:1:7: error: level must be normal or hard, not 'extreme'")
    assert cli("simulate", CLASSIC, "-n", "1", "--set", "level").err.startswith(
        "--set:1:1: error: --set takes KEY=VALUE"
    )


def test_ctrl_c_keeps_the_games_already_played(cli, tmp_path, monkeypatch):
    import bearcli.simulation as sim

    real = sim.Summary.add

    def add_then_interrupt(self, result):
        real(self, result)
        if self.games == 3:
            raise KeyboardInterrupt

    monkeypatch.setattr(sim.Summary, "add", add_then_interrupt)
    ran = cli("simulate", CLASSIC, "-n", "10", "--json", "--save-logs", "logs")
    assert ran.code == 130
    assert json.loads(ran.out)["games"] == 3
    assert "interrupted after 3 of 10 games" in ran.err
    assert sorted(p.name for p in (tmp_path / "logs").iterdir())[:2] == [
        "00001.events.jsonl",
        "00001.yaml",
    ]


def test_an_interrupted_save_leaves_no_half_game(cli, tmp_path, monkeypatch):
    import bearcli.cli.simulate as command

    real = command.eventlog.dumps
    calls = []

    def dumps_then_interrupt(head, events):
        calls.append(1)
        if len(calls) == 2:
            raise KeyboardInterrupt  # after game 2's move log, before its event log
        return real(head, events)

    monkeypatch.setattr(command.eventlog, "dumps", dumps_then_interrupt)
    ran = cli("simulate", CLASSIC, "-n", "5", "--json", "--save-logs", "logs")
    assert ran.code == 130 and json.loads(ran.out)["games"] == 1
    assert sorted(p.name for p in (tmp_path / "logs").iterdir()) == [
        "00001.events.jsonl",
        "00001.yaml",
    ]
