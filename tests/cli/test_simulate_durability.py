"""`simulate` under kills and interrupts: workers die with it, a game's two files stand
together or not at all, --force clears the old run, memory does not grow with --games."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import tracemalloc
from pathlib import Path

import pytest

from bearcli import simulation as sim
from bearcli.formats import scenario as scenario_fmt
from tests.conftest import ROOT
from tests.test_workers import alive, children, linux_only, process, wait_until

CLASSIC = str(ROOT / "scenarios/sliding-bears/classic.yaml")
GAME_FILE = re.compile(r"\d{5}\.(yaml|events\.jsonl)")


def game_files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if GAME_FILE.fullmatch(p.name) and p.is_file())


def assert_whole_games(folder: Path) -> int:
    """Every saved game has both files, and there is no temp file left; returns the count."""
    names = set(game_files(folder))
    moves = {n.removesuffix(".yaml") for n in names if n.endswith(".yaml")}
    events = {n.removesuffix(".events.jsonl") for n in names if n.endswith(".events.jsonl")}
    assert moves == events
    assert not [p.name for p in folder.iterdir() if p.name.endswith(".tmp")]
    return len(moves)


# How long a stopped batch may take to finish its games in hand and exit: generous, as a
# loaded machine may leave the workers waiting for a core.
STOP_WAIT = 60


@pytest.fixture
def start():
    """Starts a long batch (fast random bots) in its own session, saving its games to a
    folder; whatever a test leaves running (it failed, or timed out) is killed with its whole
    process group, so no batch outlives its test."""
    procs: list[subprocess.Popen] = []

    def run(folder: Path, *extra: str) -> subprocess.Popen:
        args = ["simulate", CLASSIC, "--bot", "random", "-n", "100000", "--json", "--save-logs"]
        proc = subprocess.Popen(
            [sys.executable, "-m", "bearcli", *args, str(folder), *extra],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env={**os.environ, "NO_COLOR": "1"},
            start_new_session=True,
        )
        procs.append(proc)
        return proc

    yield run
    for proc in procs:
        try:
            os.killpg(proc.pid, signal.SIGKILL)  # the session's group: the workers too
        except ProcessLookupError:
            pass
        proc.wait()


def after_first_games(proc: subprocess.Popen, folder: Path) -> None:
    if not wait_until(lambda: (folder / "00002.yaml").exists() or proc.poll() is not None, 30):
        proc.kill()
        pytest.fail("no game was saved")
    assert proc.poll() is None, proc.stderr.read()


@linux_only
def test_kill_9_takes_the_workers_along_and_releases_stdout(tmp_path, start):
    proc = start(tmp_path / "logs", "--workers", "2")
    kids: list[tuple[int, str]] = []
    try:
        after_first_games(proc, tmp_path / "logs")
        kids = [process(k) for k in children(proc.pid)]
        assert len(kids) == 2
        proc.kill()
        out, _ = proc.communicate(timeout=STOP_WAIT)  # EOF: no worker holds the pipe open any more
        assert wait_until(lambda: not any(alive(k) for k in kids), 15.0)
    finally:
        proc.kill()
        for k in kids:
            if alive(k):
                os.kill(k[0], signal.SIGKILL)


@pytest.mark.parametrize("name", ["SIGTERM", "SIGHUP"])
def test_sigterm_and_sighup_stop_like_ctrl_c_and_keep_whole_games(cli, tmp_path, name, start):
    proc = start(tmp_path / "logs", "--workers", "2", "--csv", str(tmp_path / "g.csv"))
    after_first_games(proc, tmp_path / "logs")
    proc.send_signal(getattr(signal, name))
    out, err = proc.communicate(timeout=STOP_WAIT)
    assert proc.returncode == 130, err
    figures = json.loads(out)
    assert "interrupted after" in err.decode() and "Traceback" not in err.decode()
    # the figures cover exactly the games on disk, each with both of its files, and the CSV
    # is in place with their rows (no temp file left beside it)
    assert assert_whole_games(tmp_path / "logs") == figures["games"] >= 2
    assert len((tmp_path / "g.csv").read_text().splitlines()) == figures["games"] + 1
    assert not list(tmp_path.glob("*.tmp")) and not list(tmp_path.glob(".*.tmp"))
    ran = cli("check", "logs")
    assert ran.code == 0, ran.out + ran.err
    assert cli("validate", "logs").code == 0


def test_ctrl_c_to_the_process_group_prints_no_worker_traceback(tmp_path, start):
    proc = start(tmp_path / "logs", "--workers", "2")
    after_first_games(proc, tmp_path / "logs")
    os.killpg(proc.pid, signal.SIGINT)  # what a terminal sends: the workers get it too
    out, err = proc.communicate(timeout=STOP_WAIT)
    assert proc.returncode == 130, err
    assert b"Traceback" not in err
    assert json.loads(out)["games"] == assert_whole_games(tmp_path / "logs")


def _fail_rename(monkeypatch, at: int, *, kill: bool) -> None:
    """os.link (each game file is created by linking its temp file: exclusively) fails at its
    `at`-th call (KeyboardInterrupt); with `kill`, nothing is cleaned up afterwards either, as
    when the process dies right there."""
    real, calls = os.link, []

    def link(src, dst):
        calls.append(dst)
        if len(calls) == at:
            raise KeyboardInterrupt
        real(src, dst)

    monkeypatch.setattr(os, "link", link)
    if kill:
        monkeypatch.setattr(Path, "unlink", lambda self, missing_ok=False: None)


def test_an_interrupt_between_the_two_renames_leaves_neither_file(cli, tmp_path, monkeypatch):
    with monkeypatch.context() as m:
        _fail_rename(m, 4, kill=False)  # game 2: its event log is renamed, its move log not
        ran = cli("simulate", CLASSIC, "--bot", "random", "-n", "5", "--save-logs", "logs")
    assert ran.code == 130
    assert game_files(tmp_path / "logs") == ["00001.events.jsonl", "00001.yaml"]
    assert assert_whole_games(tmp_path / "logs") == 1


def test_a_kill_between_the_renames_leaves_an_orphan_that_validate_reports(
    cli, tmp_path, monkeypatch
):
    with monkeypatch.context() as m:
        _fail_rename(m, 4, kill=True)
        ran = cli("simulate", CLASSIC, "--bot", "random", "-n", "5", "--save-logs", "logs")
    assert ran.code == 130
    logs = tmp_path / "logs"
    # the event log is renamed first: never a move log without its event log
    assert game_files(logs) == ["00001.events.jsonl", "00001.yaml", "00002.events.jsonl"]
    assert [p.name.startswith(".00002.yaml.") for p in logs.glob(".*.tmp")] == [True]
    ran = cli("validate", "logs")
    assert ran.code == 1
    assert ran.err.splitlines() == [
        "logs/00002.events.jsonl:1:1: error: an event log without its move log 00002.yaml "
        "(an interrupted save?)",
        "1 of 2 files invalid",
    ]
    assert "logs/00001.yaml: ok (move log" in ran.out
    # a --force rerun clears it all, the stale temp file included
    assert cli("simulate", CLASSIC, "-n", "3", "--save-logs", "logs", "--force").code == 0
    assert assert_whole_games(logs) == 3
    assert cli("validate", "logs").code == 0


def test_force_removes_the_old_run_and_nothing_else(cli, tmp_path):
    assert cli("simulate", CLASSIC, "--bot", "random", "-n", "6", "--save-logs", "logs").code == 0
    logs = tmp_path / "logs"
    stale = [".00004.yaml.k2j3l.tmp", ".00002.events.jsonl.x.tmp"]
    others = ["notes.txt", "best.yaml", "0007.yaml", "000001.yaml", ".cache.tmp", ".x.00003.tmp"]
    for name in stale + others:
        (logs / name).write_text("x")
    (logs / "00009.yaml").mkdir()  # a folder is never removed
    ran = cli("simulate", CLASSIC, "--bot", "random", "-n", "3", "--save-logs", "logs")
    assert ran.code == 1 and ran.err.startswith("logs/00001.yaml:1:1: error: file exists")
    assert len(game_files(logs)) == 12  # refused: nothing removed without --force
    ran = cli("simulate", CLASSIC, "-n", "3", "--save-logs", "logs", "--force")
    assert ran.code == 0, ran.err
    assert game_files(logs) == [f"0000{i}.{s}" for i in (1, 2, 3) for s in ("events.jsonl", "yaml")]
    left = {p.name for p in logs.iterdir()} - set(game_files(logs))
    assert left == set(others) | {"00009.yaml"}


def _jobs_made_before_the_first_game(monkeypatch, games: int, workers: int) -> int:
    made = []
    real = sim._chunks

    def counted(*args):
        for c in real(*args):
            made.append(c)
            yield c

    monkeypatch.setattr(sim, "_chunks", counted)
    scen = scenario_fmt.load(Path(CLASSIC))
    # one game a chunk: the first result comes at once (tracemalloc slows the workers too)
    batch = sim.run_batch(scen, games, 1, bot="random", workers=workers, chunk=1)
    try:
        tracemalloc.start()
        next(batch)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
        batch.close()
    assert peak < 20_000_000  # building every chunk of 10**7 games took 0.5 GB
    return len(made)


@pytest.mark.parametrize("workers", [1, 2])
def test_memory_before_the_first_game_does_not_depend_on_games(monkeypatch, workers):
    few = _jobs_made_before_the_first_game(monkeypatch, 1_000, workers)
    many = _jobs_made_before_the_first_game(monkeypatch, 10_000_000, workers)
    assert few == many <= 2 * workers + 1


def test_unknown_bot_is_a_usage_error_naming_the_known_bots(cli):
    for args in (["--bot", "nosuch", CLASSIC], [CLASSIC, "--bot", "human"]):
        ran = cli("simulate", "-n", "2", *args)
        assert ran.code == 2
        message = " ".join(re.sub("[│╭╮╰╯─]", " ", ran.err).split())  # unwrap Rich's panel
        assert "Invalid value for '--bot'" in message
        assert "(known: greedy, planner, random)" in message


def test_human_seats_are_located_at_the_seat(cli, tmp_path):
    shipped = ROOT / "scenarios/sliding-bears"
    text = (shipped / "classic.yaml").read_text()
    (tmp_path / "h.yaml").write_text(
        text.replace("{name: Ben, bot: greedy}", "{name: Ben, bot: human}")
    )
    (tmp_path / "classic.layout").write_text((shipped / "classic.layout").read_text())
    (tmp_path / "logs").mkdir()
    (tmp_path / "logs/00001.yaml").write_text("kept")
    ran = cli("simulate", "h.yaml", "-n", "1", "--save-logs", "logs", "--force")
    assert ran.code == 1
    assert ran.err.splitlines() == [
        "h.yaml:7:5: error: Ben is human; pick a bot (--bot NAME) to simulate it"
    ]
    assert (tmp_path / "logs/00001.yaml").read_text() == "kept"  # refused before --force acts
    ran = cli("simulate", CLASSIC, "-n", "1", "--set", "seats=[greedy, human]")
    assert ran.err.startswith("--set:1:7: error: seat 2 is human")


def _batch(folder: Path, seed: int, *extra: str) -> subprocess.Popen:
    args = ["simulate", CLASSIC, "--bot", "random", "-n", "40", "--seed", str(seed), "--json"]
    return subprocess.Popen(
        [sys.executable, "-m", "bearcli", *args, "--save-logs", str(folder), *extra],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "NO_COLOR": "1"},
    )


def _contents(folder: Path) -> dict[str, bytes]:
    return {name: (folder / name).read_bytes() for name in game_files(folder)}


ROUNDS = 3  # each round starts two runs at once into a fresh folder


@pytest.mark.parametrize("force", [False, True], ids=["plain", "--force"])
def test_two_batches_into_one_folder_never_mix_their_games(tmp_path, force):
    """Two runs at once into one folder: one refuses (the folder's lock, or a game file the
    other wrote), or, with --force one after the other, the later one replaces the earlier
    run whole. Never a game made of both runs' files, never a run that exits 0 reporting a
    game the other wrote: every file in the folder is byte for byte the one its run makes."""
    refs = {}
    for seed in (1, 2):  # what each run writes on its own (the same bytes on every run, C3)
        proc = _batch(tmp_path / f"ref{seed}", seed)
        assert proc.wait() == 0, proc.stderr.read()
        refs[seed] = _contents(tmp_path / f"ref{seed}")
    extra = ("--force",) if force else ()
    for n in range(ROUNDS):
        shared = tmp_path / f"shared{n}"
        runs = {seed: _batch(shared, seed, *extra) for seed in (1, 2)}
        codes = {seed: proc.wait() for seed, proc in runs.items()}
        errs = {seed: proc.stderr.read().decode() for seed, proc in runs.items()}
        assert set(codes.values()) <= {0, 1}, errs
        winners = [seed for seed, code in codes.items() if code == 0]
        assert winners, errs
        for seed, code in codes.items():
            if code == 1:
                assert re.match(r"\S+:1:1: error: (another bearcli run|file exists)", errs[seed])
        got = _contents(shared)
        assert got in [refs[seed] for seed in winners], f"round {n}: the games are mixed"
        if not force:
            assert len(winners) == 1  # the second run finds the first's games and refuses
        assert assert_whole_games(shared) == 40
