"""The shipped scenarios as package data: their names and how a command argument resolves."""

from __future__ import annotations

from pathlib import Path

import pytest

from bearcli.core.errors import InputError
from bearcli.formats import scenario, shipped
from tests.conftest import ROOT

SCENARIOS = ROOT / "scenarios"


def test_names_are_every_shipped_yaml_without_extension():
    expected = sorted(
        p.relative_to(SCENARIOS).with_suffix("").as_posix() for p in SCENARIOS.rglob("*.yaml")
    )
    assert shipped.names() == expected
    assert {"sliding-bears/classic", "sliding-bears/small/single-file", "bear-down/bots-4p"} <= set(
        expected
    )
    assert not any(n.endswith((".layout", ".yaml")) or "__init__" in n for n in shipped.names())


def test_path_is_the_packaged_file_and_it_loads():
    p = shipped.path("sliding-bears/classic")
    assert p.samefile(SCENARIOS / "sliding-bears/classic.yaml")
    assert shipped.path("sliding-bears/classic.yaml") == p
    assert scenario.load(p).title == "Classic floe"  # its layout, relative to it, is found too
    with pytest.raises(KeyError):
        shipped.path("sliding-bears/nowhere")


@pytest.mark.parametrize("arg", ["sliding-bears/classic", "sliding-bears/classic.yaml"])
def test_resolve_finds_a_shipped_name_from_anywhere(arg, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    got = shipped.resolve(Path(arg))
    assert got.is_absolute() and got.samefile(SCENARIOS / "sliding-bears/classic.yaml")


def test_a_real_file_wins_over_a_shipped_name(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    mine = Path("sliding-bears/classic.yaml")
    mine.parent.mkdir()
    mine.write_text("game: sliding-bears\n")
    assert shipped.resolve(mine) == mine
    # No file by that exact name here: the name is the shipped one.
    assert shipped.resolve(Path("sliding-bears/classic")) == shipped.path("sliding-bears/classic")


def test_an_unknown_name_is_left_unchanged(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for arg in ("sliding-bears/nowhere", "zzz", "nowhere.yaml", "sliding-bears/classic.layout"):
        assert shipped.resolve(Path(arg)) == Path(arg)


def test_a_name_close_to_shipped_ones_is_refused_suggesting_them(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for arg in ("classic", "sliding-bears/clasic"):
        with pytest.raises(InputError, match="did you mean the shipped scenario sliding-bears/"):
            shipped.resolve(Path(arg))
    (tmp_path / "classic").write_text("a file of that name\n")  # a file still wins
    assert shipped.resolve(Path("classic")) == Path("classic")
