"""The program as a user starts it: `python -m bearcli`, usage errors, unexpected failures."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from bearcli import __version__
from bearcli.cli.exit_codes import Exit
from tests.conftest import ROOT


def test_python_dash_m_runs_the_cli():
    ran = subprocess.run(
        [sys.executable, "-m", "bearcli", "--version"], capture_output=True, text=True, check=False
    )
    assert ran.returncode == 0 and ran.stdout.strip() == f"bearcli {__version__}"


def test_usage_errors_exit_2(cli):
    assert cli("nonsense").code == Exit.USAGE
    assert cli("replay").code == Exit.USAGE
    assert cli("simulate", "x.yaml", "--games", "-3").code == Exit.USAGE


def test_a_bug_is_one_line_and_exit_3_not_a_traceback(cli, monkeypatch):
    def broken(*args, **kwargs):
        raise ZeroDivisionError("division by zero")

    monkeypatch.setattr("bearcli.formats.validation.check_file", broken)
    (cli.cwd / "a.yaml").write_text("game: sliding-bears\n")
    ran = cli("validate", "a.yaml")
    assert ran.code == Exit.INTERNAL
    assert ran.err == (
        "error: internal error: ZeroDivisionError: division by zero (this is a "
        "bug in bearcli; please report it)\n"
    )


def test_a_location_on_line_100_prints_literally_on_a_real_console(tmp_path):
    # Rich turns ':100:' into an emoji unless told not to; tools parse FILE:LINE:COL.
    (tmp_path / "s.yaml").write_text("#\n" * 99 + "nonsense: 1\n")
    ran = subprocess.run(
        [sys.executable, "-m", "bearcli", "validate", "s.yaml"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env={**os.environ, "NO_COLOR": "1"},
    )
    assert ran.returncode == 1
    assert ran.stderr.startswith("s.yaml:100:1: error: ")


def test_debug_shows_the_traceback_behind_an_internal_error(cli, monkeypatch):
    record = str(ROOT / "replays/bear-down/blue-stream-fall.yaml")

    def bug(*args, **kwargs):
        raise RuntimeError("a planted bug")

    monkeypatch.setattr("bearcli.formats.movelog.replay", bug)
    plain = cli("replay", record)
    assert plain.code == 3 and "Traceback" not in plain.err
    assert plain.err.strip().endswith("a planted bug (this is a bug in bearcli; please report it)")
    debug = cli("--debug", "replay", record)
    assert debug.code == 3 and "Traceback (most recent call last)" in debug.err
    assert 'raise RuntimeError("a planted bug")' in debug.err
    monkeypatch.setenv("BEARCLI_DEBUG", "1")
    assert "Traceback" in cli("replay", record).err


class _InterruptingFinder:
    """An import of bearcli.cli.app that Ctrl-C interrupts, as it would at start-up."""

    def find_spec(self, name, path=None, target=None):
        if name == "bearcli.cli.app":
            raise KeyboardInterrupt
        return None


def test_ctrl_c_while_the_app_loads_is_exit_130_not_a_traceback(monkeypatch, capsys):
    import bearcli.cli
    import bearcli.cli.app

    # The app's own main is not run in this process: it may end the process at once
    # (os._exit) after an earlier test killed worker processes.
    ran: list[bool] = []
    monkeypatch.setattr(bearcli.cli.app, "main", lambda: ran.append(True))
    bearcli.cli.main()
    assert ran == [True]  # loaded as usual: the app runs

    monkeypatch.delitem(sys.modules, "bearcli.cli.app")
    monkeypatch.setattr(sys, "meta_path", [_InterruptingFinder(), *sys.meta_path])
    with pytest.raises(SystemExit) as stopped:
        bearcli.cli.main()
    assert stopped.value.code == Exit.INTERRUPTED
    assert capsys.readouterr().err == "interrupted\n"


def test_the_bearcli_script_starts_where_ctrl_c_is_taken_from_the_first_import():
    pyproject = (ROOT / "pyproject.toml").read_text()
    assert 'bearcli = "bearcli.cli:main"' in pyproject
    assert "from bearcli.cli import main" in (ROOT / "bearcli/__main__.py").read_text()


def _main_exit(monkeypatch, argv: list[str]) -> int:
    """The `bearcli` script run here, with no worker killed before (else the app's main ends
    the process at once)."""
    import bearcli.cli
    from bearcli import workers

    monkeypatch.setattr(workers, "killed_workers", False)
    monkeypatch.setattr(sys, "argv", argv)
    with pytest.raises(SystemExit) as done:
        bearcli.cli.main()
    return done.value.code


def test_ctrl_c_while_the_command_line_is_read_says_interrupted(monkeypatch, capsys):
    from bearcli.cli.lazy import LazyGroup

    def interrupted(self, ctx, name):
        raise KeyboardInterrupt  # as Ctrl-C while the command is looked up and built

    monkeypatch.setattr(LazyGroup, "get_command", interrupted)
    assert _main_exit(monkeypatch, ["bearcli", "rules"]) == Exit.INTERRUPTED
    assert capsys.readouterr().err == "interrupted\n"  # Typer alone would exit silently


def test_ctrl_c_in_a_command_is_said_once(monkeypatch, capsys):
    from bearcli.formats import shipped

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt  # as Ctrl-C inside the command, where its edge takes it

    monkeypatch.setattr(shipped, "resolve", interrupted)
    assert _main_exit(monkeypatch, ["bearcli", "validate", "sliding-bears/classic"]) == 130
    assert capsys.readouterr().err == "interrupted\n"
