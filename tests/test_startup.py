"""Start-up: loading the app (what `bearcli --version` and `--help` do) imports no library
module (no game, format, simulation, solver or checking) and nothing typer does not load
itself; each command imports what it needs when it runs.

How fast that is, is measured by a repeat-timing benchmark (`make bench`), never asserted here.
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys

from bearcli.cli.app import app
from tests.conftest import ROOT

COMMANDS = {"play", "simulate", "validate", "replay", "solve", "check", "rules", "scenarios"}
HEAVY = (
    "bearcli.games",
    "bearcli.formats",
    "bearcli.simulation",
    "bearcli.solver",
    "bearcli.checking",
    "bearcli.workers",
    "bearcli.distributed",
    "bearcli.core",  # the registry, the runner: the library's engine
)


def _python(code: str, *args: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith("BEARCLI_")}
    ran = subprocess.run(
        [sys.executable, "-c", code, *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        check=False,
    )
    assert ran.returncode == 0, ran.stderr
    return ran


def test_loading_the_app_imports_no_game_format_simulation_solver_or_checking():
    ran = _python(
        "import sys, bearcli.cli.app; "
        "print(sorted(m for m in sys.modules if m.startswith('bearcli')))"
    )
    loaded = ast.literal_eval(ran.stdout.strip())
    assert "bearcli.cli.app" in loaded and "bearcli.cli.simulate" in loaded
    assert [m for m in loaded if m.startswith(HEAVY)] == []
    assert all(m == "bearcli" or m.startswith("bearcli.cli") for m in loaded), loaded


def test_loading_the_app_loads_nothing_beyond_typer_itself():
    """No rich, no yaml, no multiprocessing: only modules `import typer` has loaded anyway,
    and bearcli's own command modules."""
    ran = _python(
        "import sys, typer; before = set(sys.modules); import bearcli.cli.app; "
        "print(sorted(set(sys.modules) - before))"
    )
    added = ast.literal_eval(ran.stdout.strip())
    assert added, "the app was loaded"
    assert [m for m in added if m != "bearcli" and not m.startswith("bearcli.cli")] == []


def test_help_and_version_run_on_the_app_alone():
    """Running `bearcli --help` and `--version` (not only importing) stays as light: no
    module is loaded but typer's own (its help formatter) and bearcli's command modules."""
    probe = (
        "import sys, typer; before = set(sys.modules)\n"
        "from bearcli.cli.app import main\n"
        "sys.argv = ['bearcli', sys.argv[1]]\n"
        "try:\n"
        "    main()\n"
        "except SystemExit:\n"
        "    pass\n"
        "extra = sorted(m for m in set(sys.modules) - before\n"
        "               if m != 'bearcli' and not m.startswith(('bearcli.cli', 'typer.')))\n"
        "print(extra, file=sys.stderr)\n"
    )
    for flag in ("--help", "--version"):
        ran = _python(probe, flag)
        assert ast.literal_eval(ran.stderr.strip()) == [], flag
        assert ran.stdout.strip()


def test_help_in_a_subprocess_lists_every_command():
    ran = subprocess.run(
        [sys.executable, "-m", "bearcli", "--help"], capture_output=True, text=True, check=False
    )
    assert ran.returncode == 0, ran.stderr
    listed = ran.stdout.split("Commands:", 1)[1].split()
    assert {name for name in COMMANDS if name in listed} == COMMANDS
    registered = {c.name for c in app.registered_commands}
    assert registered == COMMANDS  # app.py still registers every command


def test_every_command_still_runs_its_help(cli):
    for name in sorted(COMMANDS):
        ran = cli(name, "--help")
        assert ran.code == 0, (name, ran.err)
        assert ran.out.startswith("Usage: "), name


def test_the_names_the_app_repeats_agree_with_the_library():
    """The app names a few library constants itself, to be loaded without the library."""
    from bearcli import solver
    from bearcli.cli import options
    from bearcli.cli import solve as solve_cmd
    from bearcli.core import source

    assert options.ALLOW_OUTSIDE == source.ALLOW_OUTSIDE
    assert solve_cmd.MAX_POSITIONS == solver.MAX_POSITIONS
    assert solve_cmd.MAX_MEMORY_MB == solver.MAX_MEMORY_MB
