"""The shipped scenarios as package data: their names and how a command argument resolves."""

from __future__ import annotations

from pathlib import Path

import pytest

from bearcli.core.errors import InputError, Location
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


def test_path_is_the_file_under_the_package_s_scenarios_folder():
    expected = shipped.root() / "sliding-bears" / "small" / "single-file.yaml"
    assert shipped.path("sliding-bears/small/single-file") == expected
    assert shipped.path("sliding-bears/small/single-file.yaml") == expected
    assert expected.is_file()
    with pytest.raises(KeyError) as err:
        shipped.path("sliding-bears/nowhere.yaml")
    assert err.value.args == ("sliding-bears/nowhere",)


def test_is_name_takes_either_slash_and_an_optional_yaml_suffix():
    assert shipped.is_name("sliding-bears/classic")
    assert shipped.is_name("sliding-bears/classic.yaml")
    assert shipped.is_name("sliding-bears\\small\\single-file.yaml")
    assert not shipped.is_name("classic")
    assert not shipped.is_name("sliding-bears/classic.layout")


def test_closest_names_are_judged_by_their_last_part():
    assert shipped.closest("clasic") == ["sliding-bears/classic"]
    assert shipped.closest("bear-down/clasic.yaml") == ["sliding-bears/classic"]
    assert shipped.closest("sliding-bears\\small\\singel-file") == [
        "sliding-bears/small/single-file"
    ]
    assert shipped.closest("clas") == []  # similar, but not close enough
    assert shipped.closest("forest") == [
        "baerenspiel/forest-6p",
        "baerenspiel/forest-5p",
        "baerenspiel/forest-4p",
    ]
    assert shipped.closest("forest", 2) == ["baerenspiel/forest-6p", "baerenspiel/forest-5p"]
    assert shipped.closest("forest", 5) == [f"baerenspiel/forest-{i}p" for i in (6, 5, 4, 3, 2)]


def test_closest_puts_the_names_in_the_named_folder_first(monkeypatch):
    monkeypatch.setattr(shipped, "names", lambda: ["a/x/classic", "b/classic", "c/classic"])
    assert shipped.closest("b/clasic") == ["b/classic", "a/x/classic", "c/classic"]
    assert shipped.closest("c/classic") == ["c/classic", "a/x/classic", "b/classic"]
    assert shipped.closest("a/x/classic", 2) == ["a/x/classic", "b/classic"]
    assert shipped.closest("classic") == ["a/x/classic", "b/classic", "c/classic"]
    assert shipped.closest("x/classic") == ["a/x/classic", "b/classic", "c/classic"]
    assert shipped.closest("b\\clasic.yaml") == ["b/classic", "a/x/classic", "c/classic"]


def test_closest_takes_a_name_outside_any_folder(monkeypatch):
    monkeypatch.setattr(shipped, "names", lambda: ["classic", "b/classic"])
    assert shipped.closest("b/clasic") == ["b/classic", "classic"]
    assert shipped.closest("clasic") == ["classic", "b/classic"]


def test_hint_names_one_two_or_three_close_names(monkeypatch):
    end = "? (`bearcli scenarios` lists them)"
    assert (
        shipped.hint("clasic") == "; did you mean the shipped scenario sliding-bears/classic" + end
    )
    assert shipped.hint("zzz") == ""
    monkeypatch.setattr(shipped, "names", lambda: ["a/classic", "b/classic", "c/classic"])
    assert shipped.hint("b/clasic") == (
        "; did you mean the shipped scenario b/classic, a/classic or c/classic" + end
    )
    monkeypatch.setattr(shipped, "names", lambda: ["a/classic", "b/classic"])
    assert (
        shipped.hint("b/clasic")
        == "; did you mean the shipped scenario b/classic or a/classic" + end
    )


def test_resolve_refuses_a_name_close_to_shipped_ones_naming_the_argument(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for arg in ("sliding-bears/clasic.yaml", "forest"):
        with pytest.raises(InputError) as err:
            shipped.resolve(Path(arg))
        assert (err.value.message, err.value.location) == (
            "no such file" + shipped.hint(arg),
            Location(arg, 1, 1),
        )
    assert shipped.hint("forest").startswith("; did you mean the shipped scenario baerenspiel/")


def test_resolve_leaves_standard_input_layouts_event_logs_and_nul_names_alone(
    tmp_path, monkeypatch
):
    monkeypatch.chdir(tmp_path)
    # Each is close to a shipped name (`single-file`, `classic`), yet no scenario name.
    for arg in ("single-file.layout", "single-file.jsonl", "clasic\0", "-"):
        assert shipped.resolve(Path(arg)) == Path(arg)
    assert shipped.hint("single-file.layout") and shipped.hint("single-file.jsonl")
    assert shipped.hint("clasic\0")


def test_resolve_takes_a_shipped_name_with_backslashes(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    got = shipped.resolve(Path("sliding-bears\\small\\single-file"))
    assert got == shipped.root() / "sliding-bears" / "small" / "single-file.yaml"
    assert shipped.resolve(Path("sliding-bears/classic.yaml")) == shipped.path(
        "sliding-bears/classic"
    )
