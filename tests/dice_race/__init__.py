"""Dice Race (game.py): a fourth game written in the tests, registered through the
`bearcli.games` entry-point group the way a package outside this repository registers one.

`site(folder)` writes what an installed package leaves on sys.path for that: a dist-info folder
whose entry_points.txt names the game. A `bearcli` process given it on PYTHONPATH (with the
repository, where the game's module is) plays Dice Race; `registered` does the same within
the test process for as long as a test runs.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from bearcli.core import registry

ROOT = Path(__file__).resolve().parent.parent.parent
SCENARIO = Path(__file__).resolve().parent / "race.yaml"
ENTRY = "dice-race = tests.dice_race.game:DiceRace"


def site(folder: Path, entry: str = ENTRY, package: str = "dice-race-game") -> Path:
    """A folder that holds an installed distribution `package` registering `entry` as a game."""
    dist = folder / "site" / f"{package.replace('-', '_')}-1.0.dist-info"
    dist.mkdir(parents=True)
    (dist / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {package}\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text(f"[{registry.GROUP}]\n{entry}\n")
    return dist.parent


def environment(folder: Path, entry: str = ENTRY) -> dict[str, str]:
    """The environment of a `bearcli` process that has the game registered."""
    paths = [str(site(folder, entry)), str(ROOT), os.environ.get("PYTHONPATH", "")]
    return {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in paths if p), "COLUMNS": "100"}


@pytest.fixture
def registered(tmp_path, monkeypatch):
    """Dice Race registered in this process while the test runs, read as any other game."""
    monkeypatch.syspath_prepend(str(site(tmp_path / "registration")))
    registry.forget()
    yield registry.get("dice-race")
    monkeypatch.undo()
    registry.forget()
