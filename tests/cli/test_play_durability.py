"""`bearcli play` never loses a person's move: not to SIGKILL, SIGTERM, SIGHUP, Ctrl-C, a save
target that cannot be written, bytes that are not UTF-8, nor a game that never ends."""

from __future__ import annotations

import contextlib
import errno
import os
import re
import select
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
import yaml

from bearcli.cli import play
from bearcli.core.game import CHANCE
from bearcli.core.runner import Match, auto_step, chance_rng, make_bots
from bearcli.formats import atomic, movelog, shipped, yamlsrc
from bearcli.formats import scenario as scenario_fmt
from bearcli.simulation import play_one
from tests.conftest import load_scenario_text

LAYOUT = """\
layout: |
  finish: p g b y
       3: I I I I
       2: I S I .
       1: I I I I
   start: p g b y
"""
SEATS = "seats: [{{name: Ana, bot: {0}}}, {{name: Ben, bot: {0}}}]\n"
HEAD = "game: sliding-bears\ntitle: Small\nseed: 4\n"
TWO_HUMANS = HEAD + SEATS.format("human") + LAYOUT
# A wall of rocks no bear can cross, and a weather die that never cracks the ice: no bot game
# on this floe ever ends (simulate runs into its own step guard, runner.MAX_STEPS).
NEVER = """\
game: sliding-bears
title: Never ends
seed: 1
seats: [{name: Ann, bot: greedy}]
params: {weather_die: [wind, wind, wind, wind, wind, wind]}
layout: |
  finish: p g b y
       3: I I I I
       2: R R R R
       1: I I S I
   start: p g b y
"""
PROMPT = re.compile(r"(?:Ana|Ben)(?: \[Enter: [a-z ]+\])?> ")
BOT_STEP = re.compile(r"^  \S", re.M)  # `  chance: roll ...`, `  Ann, greedy: ...`


@pytest.fixture(scope="module")
def reference():
    """The game two greedy bots play on the floe: typed in by two people, it is the same game
    (the dice come from the seed alone). Returns (all steps, the line typed at the prompt of
    each: the step itself, or Enter for a roll, P-C4: every roll waits for a person)."""
    scen = load_scenario_text(HEAD + SEATS.format("greedy") + LAYOUT)
    steps = list(play_one(scen, 4).steps)
    match, typed = Match(scen.game, scen.config), []
    for step in steps:
        typed.append("" if match.actor == CHANCE else step)
        match.apply_text(step)
    assert len(typed) > 12  # enough room for the moments chosen below
    return steps, typed


class Player:
    """`bearcli play` as a real process: stdin a pipe, stdout read as it comes."""

    def __init__(self, cwd: Path, *args: str):
        self.err_path = cwd / "stderr.txt"
        env = {**os.environ, "NO_COLOR": "1"}
        with self.err_path.open("wb") as err:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "bearcli", "play", *args],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=err,
                cwd=cwd,
                env=env,
            )
        self.out = ""

    def wait_for(self, pattern: re.Pattern, count: int, timeout: float = 60.0) -> None:
        """Read stdout until `pattern` has appeared `count` times (then the process waits at
        that point, or is still going, as the test intends)."""
        fd = self.proc.stdout.fileno()
        deadline = time.monotonic() + timeout
        while len(pattern.findall(self.out)) < count:
            left = deadline - time.monotonic()
            assert left > 0, f"timed out waiting for {pattern.pattern!r} x{count}:\n{self.out}"
            ready, _, _ = select.select([fd], [], [], left)
            if ready:
                chunk = os.read(fd, 65536)
                assert chunk, f"play ended early:\n{self.out}\n{self.err_path.read_text()}"
                self.out += chunk.decode("utf-8", "replace")

    def type(self, line: str) -> None:
        self.proc.stdin.write(line.encode() + b"\n")
        self.proc.stdin.flush()

    def stop(self, sig: int) -> tuple[int, str]:
        self.proc.send_signal(sig)
        # Drain stdout to its end: a process blocked on a full pipe could not exit.
        fd, deadline = self.proc.stdout.fileno(), time.monotonic() + 60
        while time.monotonic() < deadline and select.select([fd], [], [], 1)[0]:
            if not os.read(fd, 65536):
                break
        code = self.proc.wait(timeout=60)
        self.proc.stdout.close()
        with contextlib.suppress(BrokenPipeError):
            self.proc.stdin.close()
        return code, self.err_path.read_text()


def _moves(path: Path) -> list[str]:
    return yaml.safe_load(path.read_text())["moves"]


def _type_moves(player: Player, typed: list[str], k: int) -> None:
    """Type the first k lines, each at its own prompt, and wait for prompt k + 1."""
    for n in range(k):
        player.wait_for(PROMPT, n + 1)
        player.type(typed[n])
    player.wait_for(PROMPT, k + 1)


@pytest.mark.parametrize("k", [1, 9, -1])  # the first move, mid-game, all but the last
def test_sigkill_loses_no_typed_move_and_the_log_plays_on(cli, tmp_path, reference, k):
    steps, typed = reference
    k = k % len(typed)
    (tmp_path / "s.yaml").write_text(TWO_HUMANS)
    player = Player(tmp_path, "s.yaml", "--seed", "4", "--save", "g.yaml")
    _type_moves(player, typed, k)
    code, _ = player.stop(signal.SIGKILL)
    assert code == -signal.SIGKILL
    # The k lines typed, nothing else: the game up to prompt k + 1.
    assert _moves(tmp_path / "g.yaml") == steps[:k]
    assert not list(tmp_path.glob(".g.yaml.*"))  # no temp file left beside it
    assert cli("replay", "g.yaml").code == 0
    rest = "".join(line + "\n" for line in typed[k:])
    ran = cli("play", "g.yaml", "--save", "done.yaml", input=rest)
    assert ran.code == 0, ran.err
    assert "game over after turn" in ran.out and "all-bears-across" in ran.out
    assert "winners: Ana, Ben" in ran.out
    assert ran.out.count("game over") == 1  # said once, by the last board
    assert _moves(tmp_path / "done.yaml") == steps
    assert cli("replay", "done.yaml").code == 0


@pytest.mark.parametrize("name", ["SIGTERM", "SIGHUP", "SIGINT"])
def test_a_stop_signal_at_a_prompt_saves_like_ctrl_c(cli, tmp_path, reference, name):
    steps, typed = reference
    (tmp_path / "s.yaml").write_text(TWO_HUMANS)
    player = Player(tmp_path, "s.yaml", "--seed", "4", "--save", "g.yaml")
    _type_moves(player, typed, 5)
    code, err = player.stop(getattr(signal, name))
    assert code == 130, err
    assert "move log saved to g.yaml" in err
    assert "continue with: bearcli play g.yaml" in err
    assert "Traceback" not in err
    assert _moves(tmp_path / "g.yaml") == steps[:5]
    assert cli("replay", "g.yaml").code == 0


@pytest.mark.parametrize("name", ["SIGTERM", "SIGKILL"])
def test_a_long_bot_stretch_is_saved_as_it_goes(cli, tmp_path, name):
    (tmp_path / "never.yaml").write_text(NEVER)
    # --unchecked: the static checks refuse a floe no bear can cross (P-SB14).
    player = Player(tmp_path, "never.yaml", "--save", "g.yaml", "--unchecked", "--watch")
    player.wait_for(BOT_STEP, 2 * play.SAVE_EVERY + 50)
    code, err = player.stop(getattr(signal, name))
    moves = _moves(tmp_path / "g.yaml")
    if name == "SIGKILL":  # what was saved last: a whole number of stretches
        assert code == -signal.SIGKILL
        assert len(moves) >= 2 * play.SAVE_EVERY and len(moves) % play.SAVE_EVERY == 0
    else:  # every step taken, since the signal waits for a save under way
        assert code == 130, err
        assert "move log saved to g.yaml" in err
        assert len(moves) >= 2 * play.SAVE_EVERY + 50
    ran = cli("replay", "g.yaml")
    assert ran.code == 0 and "result unfinished" in ran.out


def test_signal_handlers_are_play_s_only(cli, tmp_path):
    before = {s: signal.getsignal(s) for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)}
    (tmp_path / "s.yaml").write_text(TWO_HUMANS)
    assert cli("play", "s.yaml", "--save", "g.yaml", input="remove b2\n").code == 130
    assert {s: signal.getsignal(s) for s in before} == before


def _target(tmp_path: Path, kind: str) -> str:
    if kind == "read-only folder":
        ro = tmp_path / "ro"
        ro.mkdir()
        ro.chmod(0o555)
        return "ro/g.yaml"
    (tmp_path / "sub").mkdir()
    (tmp_path / "file.txt").write_text("a file\n")
    return {
        "working folder": ".",
        "folder": "sub",
        "under a file": "file.txt/g.yaml",
        "name too long": "x" * 300 + ".yaml",
    }[kind]


@pytest.mark.parametrize(
    ("kind", "why"),
    [
        ("working folder", "it is a folder"),
        ("folder", "it is a folder"),
        ("read-only folder", "Permission denied"),
        ("under a file", "file.txt is not a folder"),
        ("name too long", "File name too long"),
    ],
)
def test_an_unwritable_save_target_is_refused_before_any_play(
    cli, tmp_path, monkeypatch, kind, why
):
    (tmp_path / "s.yaml").write_text(TWO_HUMANS)
    target = _target(tmp_path, kind)
    if kind == "read-only folder" and os.geteuid() == 0:
        # Root writes into a read-only folder: the folder refuses as it does anyone else
        # (never a system path as an output).
        mkstemp = tempfile.mkstemp

        def refused(*args, dir=None, **kwargs):
            if dir is not None and Path(dir).resolve() == (tmp_path / "ro").resolve():
                raise PermissionError(errno.EACCES, os.strerror(errno.EACCES))
            return mkstemp(*args, dir=dir, **kwargs)

        monkeypatch.setattr(tempfile, "mkstemp", refused)
    before = sorted(p.name for p in tmp_path.rglob("*"))
    try:
        ran = cli("play", "s.yaml", "--save", target, "--force", input="remove b2\n")
    finally:
        if (tmp_path / "ro").exists():
            (tmp_path / "ro").chmod(0o755)  # so that the tmp folder can be cleaned up
    assert ran.code == 1
    assert ran.err.startswith(f"{target}:1:1: error: cannot write the move log here: {why}")
    assert ran.out == ""  # not a board, not a title: nothing played
    assert sorted(p.name for p in tmp_path.rglob("*")) == before  # nor any file left


def test_a_missing_save_folder_is_made(cli, tmp_path):
    (tmp_path / "s.yaml").write_text(TWO_HUMANS)
    ran = cli("play", "s.yaml", "-s", "4", "--save", "logs/today/g.yaml", input="remove b2\n\n")
    assert ran.code == 130, ran.err
    assert _moves(tmp_path / "logs/today/g.yaml") == ["remove b2", "roll green wind"]


@pytest.mark.parametrize("fail_at", [1, 4])  # the first save, or one after moves were saved
def test_a_failing_save_stops_play_located_and_keeps_the_last_log(
    cli, tmp_path, monkeypatch, reference, fail_at
):
    steps, typed = reference
    (tmp_path / "s.yaml").write_text(TWO_HUMANS)
    real, calls, written = atomic.write_text, [], []

    def full_disk(path, text, *, force=False):
        calls.append(path)
        if len(calls) >= fail_at:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real(path, text, force=force)
        written.append(text)

    monkeypatch.setattr(atomic, "write_text", full_disk)
    lines = "".join(line + "\n" for line in typed[:8])
    ran = cli("play", "s.yaml", "-s", "4", "--save", "g.yaml", input=lines)
    assert ran.code == 1, ran.err  # not 3, and not 130: the game is not all kept
    assert "g.yaml:1:1: error: cannot write the move log here: No space left on device" in ran.err
    assert "Traceback" not in ran.err
    assert len(calls) == fail_at  # play stopped at the failure: no step more, no retry
    if written:
        assert (tmp_path / "g.yaml").read_text() == written[-1]
        saved = len(_moves(tmp_path / "g.yaml"))
        assert f"the file keeps the move log saved before, {saved} steps" in ran.err
    else:
        assert not (tmp_path / "g.yaml").exists()
        assert "nothing of this game was saved" in ran.err


def test_a_line_that_is_not_utf8_is_named_and_skipped(cli, tmp_path, reference):
    steps, typed = reference
    (tmp_path / "s.yaml").write_text(TWO_HUMANS)
    good = [line.encode() for line in typed[:4]]
    lines = [good[0], b"wind \xff\xfe c2", good[1], good[2], good[3]]
    ran = subprocess.run(
        [sys.executable, "-m", "bearcli", "play", "s.yaml", "-s", "4", "--save", "g.yaml"],
        input=b"\n".join(lines) + b"\n",  # one chunk: the good lines around it must survive
        capture_output=True,
        cwd=tmp_path,
        env={**os.environ, "NO_COLOR": "1"},
        timeout=20,
    )
    err = ran.stderr.decode()
    assert ran.returncode == 130, err
    assert "error: not UTF-8 text (byte 0xff at column 6); the line is skipped" in err
    assert "Traceback" not in err and "internal error" not in err
    assert _moves(tmp_path / "g.yaml") == steps[:4]


def test_a_game_that_never_ends_stops_at_the_guard_with_its_log(cli, tmp_path, monkeypatch):
    # The real guard takes seconds of bot play; a small one shows the same behaviour.
    monkeypatch.setattr(play, "MAX_PLAY_STEPS", 3 * play.SAVE_EVERY + 7)
    (tmp_path / "never.yaml").write_text(NEVER)
    ran = cli("play", "never.yaml", "--save", "g.yaml", "--unchecked", "--watch")  # P-SB14
    assert ran.code == 1
    assert ran.err.strip().splitlines()[-1] == (
        f"never.yaml:1:1: error: the game did not end within {play.MAX_PLAY_STEPS} steps; "
        "the move log so far is saved to g.yaml"
    )
    assert len(_moves(tmp_path / "g.yaml")) == play.MAX_PLAY_STEPS
    replayed = cli("replay", "g.yaml")
    assert replayed.code == 0 and "result unfinished" in replayed.out
    # Continued, it is still at the guard: refused the same way, its log saved again.
    again = cli("play", "g.yaml", "--save", "h.yaml", "--watch")
    assert again.code == 1 and "did not end within" in again.err
    assert _moves(tmp_path / "h.yaml") == _moves(tmp_path / "g.yaml")


def test_the_guard_keeps_any_saved_log_under_the_input_cap():
    # The longest step any shipped game can take (every decision and every chance outcome met
    # along one random game of each scenario), written MAX_PLAY_STEPS times, with the largest
    # inline scenario, still reads back: `bearcli play SAVED` must accept what play saved.
    longest, biggest, most_steps = "", {}, 0
    # Steps are frozen values: one met again prints as before, so each is printed once (the
    # same rolls are offered at every chance state). max keeps the first of equal lengths:
    # the very string that printing every step at every state finds.
    measured: set = set()
    for name in shipped.names():
        scen = scenario_fmt.load(shipped.path(name))
        game = scen.game
        match, rng = Match(game, scen.config), chance_rng(1)
        bots = make_bots(game, scen.config, 1, "random")
        while not match.over:
            if match.actor == CHANCE:
                options = [s for s, _ in game.chance_outcomes(match.state)]
            else:
                options = game.legal_steps(match.state)
            fresh = [s for s in options if s not in measured]
            measured.update(fresh)
            longest = max([longest, *map(str, fresh)], key=len)
            auto_step(match, bots, rng)
        most_steps = max(most_steps, len(match.steps))
        inline = scenario_fmt.self_contained(shipped.path(name))
        if len(str(inline)) > len(str(biggest)):
            biggest = inline

    def size(steps: int) -> int:
        text = movelog.dumps("bear-down", biggest, [longest] * steps, seed=2**63, result=None)
        return len(text.encode())

    # Each step adds the same line: the size at MAX_PLAY_STEPS follows from a few small logs
    # (dumping all 15,000 steps took two seconds).
    per_step = size(2) - size(1)
    assert per_step > len(longest) and size(3) - size(2) == per_step
    assert size(1) + (play.MAX_PLAY_STEPS - 1) * per_step < yamlsrc.MAX_BYTES
    assert play.MAX_PLAY_STEPS >= 5 * most_steps  # and far above any real game


@pytest.mark.parametrize(
    "scenario", ["sliding-bears/classic", "bear-down/bots-4p", "baerenspiel/memo"]
)
def test_saves_during_play_are_the_bytes_of_the_record(scenario):
    # Saves between steps are built from cached pieces; they must be what Record.save writes.
    path = shipped.path(scenario)
    scen = scenario_fmt.load(path)
    inline = scenario_fmt.self_contained(path)
    record = play.Record(inline, scenario, ("seed=5",), 5, False)
    saver = play.Saver(record, scen, Path("unused.yaml"))
    steps = play_one(scen, 5).steps
    match = Match(scen.game, scen.config)
    stride = max(1, len(steps) // 10)
    for i, step in enumerate(steps):
        if i % stride == 0 or i == len(steps) - 1:
            moves = [str(s) for s in match.steps]
            assert saver.interim_text(match) == record.dumps(scen, moves, None)
        match.apply_text(step)
    assert match.over
    assert saver.interim_text(match) == record.dumps(scen, list(steps), match.outcome)
