"""Start-up: loading the app (what `bearcli --version` and `--help` do) imports no command
module, no library module (no game, format, simulation, solver or checking) and nothing typer
does not load itself; running a command imports its own module (and what it needs), no other
command's; the root help's summaries of the commands are the commands' own.

How fast that is, is measured by a repeat-timing benchmark (`make bench`), never asserted here.
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys

import pytest
import typer
from typer.core import TyperGroup

from bearcli.cli import app as app_module
from bearcli.cli.app import app
from tests.conftest import ROOT

# `make test` (xdist, --dist loadgroup): one worker runs the probe of every command, not each.
pytestmark = pytest.mark.xdist_group("start-up")

# Every command, in the order `bearcli --help` lists them and TAB completes them.
COMMANDS = (
    "play",
    "simulate",
    "validate",
    "replay",
    "solve",
    "check",
    "rules",
    "scenarios",
    "record",
    "layout",
)
HEAVY = (
    "bearcli.games",
    "bearcli.formats",
    "bearcli.simulation",
    "bearcli.exact_solver",
    "bearcli.record_check",
    "bearcli.workers",
    "bearcli.distributed",
    "bearcli.core",  # the registry, the runner: the library's engine
)
# All that loading the app loads of bearcli: the root's options and the table of commands.
APP_MODULES = {
    "bearcli",
    "bearcli.cli",
    "bearcli.cli.app",
    "bearcli.cli.lazy",
    "bearcli.cli.options",
}
# Each command's module (layout's is the group's; its subcommands live there and beside it).
COMMAND_MODULES = {name: entry.module for name, entry in app_module.COMMANDS.items()}


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


def test_loading_the_app_imports_no_command_game_format_simulation_solver_or_checking():
    ran = _python(
        "import sys, bearcli.cli.app; "
        "print(sorted(m for m in sys.modules if m.startswith('bearcli')))"
    )
    loaded = set(ast.literal_eval(ran.stdout.strip()))
    assert loaded == APP_MODULES
    assert not loaded & set(COMMAND_MODULES.values())
    assert [m for m in loaded if m.startswith(HEAVY)] == []


def test_loading_the_app_loads_nothing_beyond_typer_itself():
    """No rich, no yaml, no multiprocessing: only modules `import typer` has loaded anyway,
    and bearcli's own app modules."""
    ran = _python(
        "import sys, typer; before = set(sys.modules); import bearcli.cli.app; "
        "print(sorted(set(sys.modules) - before))"
    )
    added = ast.literal_eval(ran.stdout.strip())
    assert added, "the app was loaded"
    # __future__ (a few lines, for `from __future__ import annotations`) is already loaded only
    # where something at start-up imported it, such as an editable install's import hook.
    assert set(added) - {"__future__"} == APP_MODULES


# Runs `bearcli ARGS...` once per argument after the first (split at spaces), each in a child
# forked from one process that has loaded typer and the app, and prints, per run, its exit
# code and the modules it loaded beyond those: one Python start-up for all the runs. What a
# run prints goes to a file of its own in the folder the first argument names.
PROBE = """
import json, os, sys
import typer
from bearcli.cli.app import main

runs = {}
for n, line in enumerate(sys.argv[2:]):
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read)
        before = set(sys.modules)
        quiet = os.open(os.path.join(sys.argv[1], f"{n}.out"), os.O_WRONLY | os.O_CREAT, 0o600)
        os.dup2(quiet, 1)
        os.dup2(quiet, 2)
        sys.argv = ["bearcli", *line.split()]
        code = 0
        try:
            main()
        except SystemExit as done:
            code = done.code
        sys.stdout.flush()
        os.write(write, json.dumps([code, sorted(set(sys.modules) - before)]).encode())
        os._exit(0)
    os.close(write)
    with os.fdopen(read) as answer:
        runs[line] = json.loads(answer.read())
    os.waitpid(pid, 0)
print(json.dumps(runs))
"""
RUNS = ["", "--help", "-h", "--version", "rules SB4", "layout new 3x3"]
RUNS += [f"{name} --help" for name in sorted(COMMANDS)]


@pytest.fixture(scope="module")
def runs(tmp_path_factory) -> dict[str, tuple[int, list[str]]]:
    if not hasattr(os, "fork"):  # the probe forks; bearcli itself does not need to
        pytest.fail("tests/test_startup.py needs os.fork")
    printed = tmp_path_factory.mktemp("probe")
    return json.loads(_python(PROBE, str(printed), *RUNS).stdout)


def _commands_loaded(modules: list[str]) -> set[str]:
    return {name for name, module in COMMAND_MODULES.items() if module in modules}


@pytest.mark.parametrize("args", ["", "--help", "-h", "--version"])
def test_help_and_version_load_no_command_module(runs, args):
    """Running `bearcli --help` and `--version` (not only importing) stays as light: nothing is
    loaded but typer's own modules (its help formatter); no command's module, none of bearcli.
    `bearcli` alone prints the help too (exit 2, as Click's no_args_is_help does)."""
    code, loaded = runs[args]
    assert code == (2 if args == "" else 0)
    assert [m for m in loaded if not m.startswith("typer.")] == [], args


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_a_command_s_help_loads_its_own_module_and_no_library(runs, name):
    code, loaded = runs[f"{name} --help"]
    assert code == 0
    assert _commands_loaded(loaded) == {name}
    assert [m for m in loaded if m.startswith(HEAVY)] == []


@pytest.mark.parametrize(
    ("args", "name", "needs"),
    [
        ("rules SB4", "rules", "bearcli.formats.rulings"),
        ("layout new 3x3", "layout", "bearcli.games.sliding_bears.starter"),
    ],
)
def test_running_a_command_loads_its_own_module_and_what_it_needs(runs, args, name, needs):
    """`bearcli rules SB4` reads the rulings, `bearcli layout new` writes a starting floe:
    each loads its own command module and what it runs, and no other command's module."""
    code, loaded = runs[args]
    assert code == 0
    assert _commands_loaded(loaded) == {name}
    assert needs in loaded


def test_the_group_builds_only_the_command_it_runs():
    group = typer.main.get_command(app)
    assert group.commands.built() == []
    assert list(group.commands) == list(app_module.COMMANDS)  # the names, nothing built
    with pytest.raises(SystemExit) as done:
        group.main(["rules", "--help"], prog_name="bearcli")
    assert done.value.code == 0
    assert group.commands.built() == ["rules"]
    assert "layout" in group.commands and "nosuch" not in group.commands
    assert group.commands.built() == ["rules"]  # asking whether it is there builds nothing


def test_help_in_a_subprocess_lists_every_command():
    ran = subprocess.run(
        [sys.executable, "-m", "bearcli", "--help"], capture_output=True, text=True, check=False
    )
    assert ran.returncode == 0, ran.stderr
    listed = ran.stdout.split("Commands:", 1)[1].split()
    assert {name for name in COMMANDS if name in listed} == set(COMMANDS)
    assert tuple(app_module.COMMANDS) == COMMANDS  # app.py still lists every command


def test_each_summary_is_the_first_sentence_of_its_command_s_help():
    group = typer.main.get_command(app)
    for name, entry in app_module.COMMANDS.items():
        command = group.commands[name]
        # The table stands for the help's first sentence: no short_help, deprecation or
        # hiding may change what click would list.
        assert (command.short_help, command.deprecated, command.hidden) == (None, False, False)
        assert entry.summary == command.get_short_help_str(10**6), name


def _root_help_commands(group, format_commands, width: int) -> str:
    with typer.Context(group, info_name="bearcli", terminal_width=width) as ctx:
        formatter = ctx.make_formatter()
        format_commands(ctx, formatter)
    return formatter.getvalue()


@pytest.mark.parametrize("width", [50, 80, 100, 160])
def test_the_root_help_lists_the_commands_as_typer_would(width):
    """The lazy list (from the table) is what TyperGroup writes from the built commands."""
    lazy = typer.main.get_command(app)
    listed = _root_help_commands(lazy, lazy.format_commands, width)
    assert lazy.commands.built() == []
    built = typer.main.get_command(app)
    assert listed == _root_help_commands(
        built, lambda ctx, f: TyperGroup.format_commands(built, ctx, f), width
    )
    assert listed.startswith("Commands:\n  play ")


def _completions(group, complete, typed: str) -> list[tuple[str, str]]:
    with typer.Context(group, info_name="bearcli") as ctx:
        return [(item.value, item.help) for item in complete(ctx, typed)]


@pytest.mark.parametrize("typed", ["", "s", "la", "x", "-", "--s"])
def test_completing_a_command_name_gives_what_typer_would(typed):
    """TAB after `bearcli `: the names, with summaries, from the table; the same items as
    TyperGroup makes from the built commands."""
    lazy = typer.main.get_command(app)
    ours = _completions(lazy, lazy.shell_complete, typed)
    assert lazy.commands.built() == []
    built = typer.main.get_command(app)
    assert ours == _completions(
        built, lambda ctx, text: TyperGroup.shell_complete(built, ctx, text), typed
    )
    assert bool(ours) == (typed != "x")


def test_the_cli_uses_only_typer_s_public_api():
    """The lazy group is Click's recipe on Typer's documented classes: no module of bearcli
    imports Typer's own copy of Click (`typer._click`), its models or any private name."""
    for path in sorted((ROOT / "bearcli").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("typer"):
                assert node.module in ("typer", "typer.core"), (path, node.module)
                assert not [a.name for a in node.names if a.name.startswith("_")], path
            elif isinstance(node, ast.Import):
                assert [a.name for a in node.names if a.name.startswith("typer.")] == [], path
            elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
                if node.value.id == "typer":
                    assert not node.attr.startswith("_") and node.attr != "models", path
