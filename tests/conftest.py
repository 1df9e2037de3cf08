"""Shared fixtures: a CLI runner with pinned width and no colour, and scenario builders."""

from __future__ import annotations

import io
import json
import os
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bearcli.cli.app import app
from bearcli.cli.console import Consoles
from bearcli.cli.console import make as make_console
from bearcli.formats import movelog, scenario, yamlsrc

ROOT = Path(__file__).resolve().parent.parent


def pytest_sessionstart(session):
    """Each session starts with empty memos (`functools.cache` and `lru_cache`).

    A memo is invisible to a caller, but one filled in an earlier session of this process
    answers for the code a session is testing: mutmut runs one session per mutant in a fork
    of the process that ran the clean tests, so a drawing or a table kept from the clean run
    would let every mutant of the code behind it survive. The tests' own memos too: the
    positions of seeded games a test module keeps were played by the code of the clean run.
    """
    for memo in kept_memos(sys.modules):
        memo.cache_clear()


def kept_memos(modules) -> list:
    """The memos held at the top level of bearcli's modules and the tests', in a fixed order."""
    found = []
    ours = ("bearcli", "tests")
    for name in sorted(n for n in list(modules) if n in ours or n.split(".")[0] in ours):
        for value in list(vars(modules[name]).values()):
            if callable(getattr(value, "cache_clear", None)) and value not in found:
                found.append(value)
    return found


def fastest_first(items: list, durations: dict[str, float]) -> list:
    """The items with the quickest test files first, and each file's quickest tests first.

    For a mutant's run (`make mutate`): mutmut hands the tests that run the mutated function
    in no particular order and stops at the first failure, so the quick ones should go
    first. A file's tests stay together, so a fixture shared by a file is built once."""
    by_file: dict[str, list] = {}
    for item in items:
        by_file.setdefault(item.nodeid.split("::", 1)[0], []).append(item)

    def took(item) -> float:
        return durations.get(item.nodeid, float("inf"))

    files = sorted(by_file.values(), key=lambda group: min(map(took, group)))
    return [item for group in files for item in sorted(group, key=took)]


def _mutant_durations() -> dict[str, float] | None:
    """The tests' durations mutmut measured, while it runs a mutant (it runs the tests in its
    copy of the tree, beside its statistics); None otherwise."""
    stats = Path("mutmut-stats.json")
    if "__mutmut_" not in os.environ.get("MUTANT_UNDER_TEST", "") or not stats.is_file():
        return None
    return json.loads(stats.read_text(encoding="utf-8")).get("duration_by_test", {})


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config, items):
    """Puts `--dist loadgroup`'s group back into each grouped test's id (`name@group`).

    pytest-xdist 3.8 does it by writing the old `_nodeid` field, which pytest 9.2 no longer
    reads (pytest-xdist issue 1386): the groups were silently spread over both workers, and
    each built the group's expensive fixtures. Harmless once xdist renames them itself.

    The grouped tests then go first: a group is the largest piece of work one worker takes
    (some 2-9 s), and handed out last it would leave the other worker idle meanwhile.

    While mutmut runs a mutant, the quickest tests go first (`fastest_first`).
    """
    durations = _mutant_durations()
    if durations is not None:
        items[:] = fastest_first(items, durations)
    if not getattr(config.option, "loadgroup", False):  # set on xdist's workers only
        return
    for item in items:
        names = groups_of(item)
        suffix = "@" + "_".join(sorted(names))
        if names and not item.nodeid.endswith(suffix):
            item._id = type(item._id).parse(item.nodeid + suffix)
    items[:] = groups_first(items, groups_of)


def groups_of(item) -> set[str]:
    return {
        str(m.args[0] if m.args else m.kwargs.get("name", "default"))
        for m in item.iter_markers("xdist_group")
    }


def groups_first(items: list, groups_of) -> list:
    """The items in a group, then the others, each in their order (the same on every worker)."""
    return [i for i in items if groups_of(i)] + [i for i in items if not groups_of(i)]


@dataclass
class Ran:
    code: int
    out: str
    err: str


class Cli:
    """Runs `bearcli ...` in-process; stdout/stderr consoles are 100 columns, no colour."""

    def __init__(self, cwd: Path):
        self.cwd = cwd

    def __call__(self, *args: str, input: str | None = None) -> Ran:
        out, err = io.StringIO(), io.StringIO()
        consoles = Consoles(
            make_console(file=out, width=100, no_color=True, soft_wrap=True, emoji=False),
            make_console(
                file=err, width=100, no_color=True, soft_wrap=True, highlight=False, emoji=False
            ),
        )
        runner = CliRunner()
        result = runner.invoke(app, list(args), input=input, obj=consoles, catch_exceptions=False)
        return Ran(result.exit_code, result.stdout + out.getvalue(), result.stderr + err.getvalue())


@pytest.fixture
def cli(tmp_path, monkeypatch) -> Cli:
    monkeypatch.chdir(tmp_path)
    return Cli(tmp_path)


def load_scenario_text(text: str, name: str = "inline.yaml", base: Path = ROOT):
    return scenario.parse(yamlsrc.loads(text, name, base))


def replay_text(text: str, name: str = "record.yaml", base: Path = ROOT):
    return movelog.replay(movelog.parse(yamlsrc.loads(text, name, base)))
