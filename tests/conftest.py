"""Shared fixtures: a CLI runner with pinned width and no colour, and scenario builders."""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from bearcli.cli.app import app
from bearcli.cli.console import Consoles
from bearcli.formats import movelog, scenario, yamlsrc

ROOT = Path(__file__).resolve().parent.parent


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
            Console(file=out, width=100, no_color=True, soft_wrap=True, emoji=False),
            Console(
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
