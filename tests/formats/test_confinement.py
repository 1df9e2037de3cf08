"""Files named by a scenario (`layout:`) or a record (`scenario:`) stay inside the folder of
the file naming them, symlinks resolved, unless `--allow-outside` says otherwise."""

from __future__ import annotations

import os

import pytest

from bearcli.core.errors import BearError
from bearcli.core.source import ALLOW_OUTSIDE
from bearcli.formats import movelog, yamlsrc
from bearcli.formats import scenario as scenario_fmt

LAYOUT = "finish: p g b y\n 3: I I I I\n 2: I S I I\n 1: I I I I\n start: p g b y\n"


def scenario(layout: str) -> str:
    return f"game: sliding-bears\nseats: [greedy]\nlayout: {layout}\n"


def record(ref: str) -> str:
    return f"format: bearcli-moves/1\ngame: sliding-bears\nmoves: []\nscenario: {ref}\n"


@pytest.fixture(autouse=True)
def confined(monkeypatch):
    # "0" rather than unset: monkeypatch then restores the original state after a test whose
    # `--allow-outside` set the variable in this process.
    monkeypatch.setenv(ALLOW_OUTSIDE, "0")


@pytest.fixture
def tree(tmp_path):
    """tmp/rec/ (the naming files), tmp/rec/sub/, and tmp/outside/ with a layout in each."""
    for folder in ("rec", "rec/sub", "outside"):
        (tmp_path / folder).mkdir(parents=True)
        (tmp_path / folder / "floe.layout").write_text(LAYOUT)
    return tmp_path


def _error(path) -> BearError:
    with pytest.raises(BearError) as info:
        scenario_fmt.load(path)
    return info.value


def test_the_same_folder_and_its_subfolders_are_read(tree):
    for ref in ("floe.layout", "sub/floe.layout", "sub/../floe.layout", "./sub/floe.layout"):
        (tree / "rec" / "s.yaml").write_text(scenario(ref))
        assert scenario_fmt.load(tree / "rec" / "s.yaml").config.layout.width == 4, ref


@pytest.mark.parametrize("ref", ["../outside/floe.layout", "sub/../../outside/floe.layout"])
def test_a_path_leading_out_is_refused_at_the_key(tree, ref):
    path = tree / "rec" / "s.yaml"
    path.write_text(scenario(ref))
    err = _error(path)
    assert err.headline() == (
        f"{path}:3:9: error: layout {ref!r} is outside the folder of {path}; "
        "pass --allow-outside to read it"
    )


def test_an_absolute_path_is_refused_even_to_an_existing_file(tree):
    target = tree / "outside" / "floe.layout"
    path = tree / "rec" / "s.yaml"
    path.write_text(scenario(str(target)))
    assert "is outside the folder of" in _error(path).message


def test_symlinks_are_judged_by_where_they_lead(tree):
    rec = tree / "rec"
    (rec / "out.layout").symlink_to(tree / "outside" / "floe.layout")
    (rec / "in.layout").symlink_to(rec / "sub" / "floe.layout")
    (rec / "outdir").symlink_to(tree / "outside", target_is_directory=True)
    for ref, inside in (("in.layout", True), ("out.layout", False), ("outdir/floe.layout", False)):
        (rec / "s.yaml").write_text(scenario(ref))
        if inside:
            scenario_fmt.load(rec / "s.yaml")
        else:
            assert "is outside the folder of" in _error(rec / "s.yaml").message, ref


def test_a_record_cannot_name_a_scenario_outside_its_folder(tree, cli):
    (tree / "rec" / "x.yaml").write_text(record("../../etc/passwd"))
    ran = cli("replay", "rec/x.yaml")
    assert ran.code == 1
    assert ran.err.splitlines() == [
        "rec/x.yaml:4:11: error: scenario '../../etc/passwd' is outside the folder of "
        "rec/x.yaml; pass --allow-outside to read it"
    ]


def test_each_file_is_judged_against_its_own_folder(tree):
    """A scenario in sub/ named by a record reads layouts inside sub/, not beside the record."""
    (tree / "rec" / "x.yaml").write_text(record("sub/s.yaml"))
    (tree / "rec" / "sub" / "s.yaml").write_text(scenario("floe.layout"))
    assert movelog.load(tree / "rec" / "x.yaml").scenario.config.layout.width == 4
    (tree / "rec" / "sub" / "s.yaml").write_text(scenario("../floe.layout"))
    with pytest.raises(BearError) as info:
        movelog.load(tree / "rec" / "x.yaml")
    assert info.value.headline().startswith(
        f"{tree}/rec/sub/s.yaml:3:9: error: layout '../floe.layout' is outside the folder of "
        f"{tree}/rec/sub/s.yaml"
    )


def test_standard_input_is_confined_to_the_working_folder(tree, cli):
    os.chdir(tree / "rec")
    ran = cli("validate", "-", input=scenario("floe.layout"))
    assert ran.code == 0, ran.err
    ran = cli("validate", "-", input=scenario("../outside/floe.layout"))
    assert ran.code == 1
    assert ran.err.startswith(
        "<stdin>:3:9: error: layout '../outside/floe.layout' is outside the working folder; "
        "pass --allow-outside"
    )


def test_allow_outside_lifts_it_for_the_command_and_its_workers(tree, cli):
    (tree / "rec" / "s.yaml").write_text(scenario("../outside/floe.layout"))
    assert cli("validate", "rec/s.yaml").code == 1
    ran = cli("--allow-outside", "validate", "rec/s.yaml")
    assert ran.code == 0, ran.err
    assert os.environ[ALLOW_OUTSIDE] == "1"  # set for the worker processes to inherit


def test_worker_processes_inherit_the_permission(tree, cli):
    (tree / "scen.yaml").write_text(scenario("outside/floe.layout"))
    for name in ("a", "b"):
        (tree / "rec" / f"{name}.yaml").write_text(record("../scen.yaml"))
    refused = cli("check", "rec", "--workers", "2")
    assert refused.code == 1 and "is outside the folder of" in refused.out + refused.err
    ran = cli("--allow-outside", "check", "rec", "--workers", "2", "--update")
    assert ran.code == 0, ran.out + ran.err
    assert (tree / "rec" / "a.events.jsonl").exists() and (tree / "rec" / "b.events.jsonl").exists()


def test_the_environment_variable_alone_lifts_it(tree, monkeypatch):
    (tree / "rec" / "s.yaml").write_text(scenario("../outside/floe.layout"))
    _error(tree / "rec" / "s.yaml")
    monkeypatch.setenv(ALLOW_OUTSIDE, "1")
    assert scenario_fmt.load(tree / "rec" / "s.yaml").config.layout.width == 4


def test_a_nul_in_the_name_is_still_a_located_error(tree):
    src = yamlsrc.loads(scenario('"floe\\0.layout"'), "s.yaml", tree / "rec")
    with pytest.raises(BearError) as info:
        scenario_fmt.parse(src)
    assert info.value.location.line == 3 and "NUL" in info.value.message
