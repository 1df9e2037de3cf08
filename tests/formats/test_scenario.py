"""Scenario files (bearcli/formats/scenario.py) called directly: what a copy sent to a worker
names, a game's own files read as scenarios, a record made self-contained, `--set`."""

from __future__ import annotations

import os
import pickle

import pytest

from bearcli.core.errors import InputError, Location, ScenarioError
from bearcli.formats import scenario as scenario_fmt
from bearcli.formats import yamlsrc
from bearcli.formats.scenario import ORIGIN, origin
from tests.conftest import ROOT

CLASSIC = ROOT / "scenarios" / "sliding-bears" / "classic.yaml"
FLOE = "finish: p g b y\n     3: I I I I\n     2: I S I I\n     1: I I I I\n start: p g b y\n"


def test_a_copy_names_the_scenario_it_copies_and_a_copy_of_it_too():
    scen = scenario_fmt.load(CLASSIC)
    assert origin(scen) == (os.getpid(), id(scen)) and ORIGIN not in scen.__dict__
    copy = pickle.loads(pickle.dumps(scen))
    assert copy == scen and copy is not scen
    assert copy.__dict__[ORIGIN] == origin(copy) == origin(scen)
    again = pickle.loads(pickle.dumps(copy))
    assert origin(again) == origin(scen)  # not the first copy's own identity
    assert ORIGIN not in scen.__dict__  # pickling leaves the original as it was


def test_a_games_own_file_is_read_as_its_scenario_placed_in_that_file(tmp_path):
    floe = tmp_path / "river.layout"
    floe.write_text(FLOE)
    src = scenario_fmt.read(floe)
    assert src.file == str(floe) and src.data["game"] == "sliding-bears"
    assert src.loc() == Location(str(floe), 1, 1)
    assert src.loc("seats") == Location(str(floe), 1, 1)
    assert scenario_fmt.parse(src).title == "river"


def test_self_contained_inlines_a_named_layout_and_leaves_the_rest(tmp_path):
    (tmp_path / "floe.layout").write_text(FLOE)
    named = tmp_path / "named.yaml"
    named.write_text("game: sliding-bears\nseats: [random]\nlayout: floe.layout\n")
    data = scenario_fmt.self_contained(named)
    assert data == {"game": "sliding-bears", "seats": ["random"], "layout": FLOE}
    inline = tmp_path / "inline.yaml"
    inline.write_text("game: sliding-bears\nseats: [random]\nlayout: |\n" + _indent(FLOE))
    assert scenario_fmt.self_contained(inline)["layout"] == FLOE  # already inline: kept
    for value in ("[1, 2]", "null", "5"):  # not a file name: left for the parser to refuse
        odd = tmp_path / "odd.yaml"
        odd.write_text(f"game: sliding-bears\nseats: [random]\nlayout: {value}\n")
        assert scenario_fmt.self_contained(odd)["layout"] == yamlsrc.loads(value, "x").data
    for game in ("5", "[a]", "null"):  # no game named: nothing to inline, nothing refused
        nameless = tmp_path / "nameless.yaml"
        nameless.write_text(f"game: {game}\nlayout: floe.layout\n")
        assert scenario_fmt.self_contained(nameless)["layout"] == "floe.layout"


def _indent(text: str) -> str:
    return "".join(f"  {line}\n" for line in text.splitlines())


def test_self_contained_and_overrides_refuse_what_is_no_mapping(tmp_path):
    listed = tmp_path / "list.yaml"
    listed.write_text("- game\n")
    with pytest.raises(ScenarioError) as refused:
        scenario_fmt.self_contained(listed)
    assert refused.value.message == "a scenario is a mapping with at least 'game' and 'seats'"
    assert refused.value.location == Location(str(listed), 1, 1)
    src = yamlsrc.loads("- game\n", "list.yaml")
    assert scenario_fmt.with_overrides(src, ()) is src  # nothing to apply: not even looked at
    with pytest.raises(ScenarioError) as refused:
        scenario_fmt.with_overrides(src, ("level=hard",))
    assert refused.value.message == "a scenario is a mapping"


def test_each_override_is_placed_at_its_own_set_and_a_bad_one_refused_there():
    src = yamlsrc.loads("game: sliding-bears\nlevel: normal\n", "s.yaml")
    changed = scenario_fmt.with_overrides(src, ("level=hard", "seed=7", "title="))
    assert (changed.data["level"], changed.data["seed"], changed.data["title"]) == (
        "hard",
        7,
        None,
    )
    assert changed.loc("level") == Location("--set", 1, 7)
    assert changed.loc("seed") == Location("--set", 2, 6)
    assert src.data["level"] == "normal"  # the source itself is not changed
    for overrides, bad, n in ((("level",), "level", 1), (("a=1", "=hard"), "=hard", 2)):
        with pytest.raises(InputError) as refused:
            scenario_fmt.with_overrides(src, overrides)
        assert refused.value.message == f"--set takes KEY=VALUE, not {bad!r}"
        assert refused.value.location == Location("--set", n, 1)
    placed = Location("log.yaml", 9, 3)
    with pytest.raises(InputError) as refused:
        scenario_fmt.with_overrides(src, ("nothing",), (placed,))
    assert refused.value.location == placed


def test_overrides_from_a_records_set_list_are_placed_at_its_lines():
    src = yamlsrc.loads("game: sliding-bears\n", "s.yaml")
    first, second = Location("log.yaml", 4, 5), Location("log.yaml", 5, 5)
    both = scenario_fmt.with_overrides(src, ("level=hard", "seed=3"), (first, second))
    assert (both.loc("level"), both.loc("seed")) == (first, second)
    one = scenario_fmt.with_overrides(src, ("level=hard", "seed=3"), (first,))
    assert (one.loc("level"), one.loc("seed")) == (first, Location("--set", 2, 6))


def test_a_value_may_hold_an_equals_sign_and_a_setting_that_is_no_text_is_refused():
    src = yamlsrc.loads("game: sliding-bears\n", "s.yaml")
    assert scenario_fmt.with_overrides(src, ("title=a=b",)).data["title"] == "a=b"
    with pytest.raises(InputError) as refused:
        scenario_fmt.with_overrides(src, (5,))  # type: ignore[arg-type]  # a record's set: [5]
    assert refused.value.message == "--set takes KEY=VALUE, not 5"


def test_a_value_that_is_no_yaml_is_refused_in_its_set():
    src = yamlsrc.loads("game: sliding-bears\n", "s.yaml")
    with pytest.raises(InputError) as refused:
        scenario_fmt.with_overrides(src, ("params={a",))
    assert refused.value.location is not None and refused.value.location.file == "--set"
    assert refused.value.message.startswith("invalid YAML: ")
    assert scenario_fmt.with_overrides(src, ("title=  ",)).data["title"] is None
