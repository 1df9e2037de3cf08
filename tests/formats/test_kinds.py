"""Which kind of bearcli file a file is, and the refusal naming it (formats/kinds.py)."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from bearcli.core import registry
from bearcli.core.errors import InputError, Location
from bearcli.formats import kinds
from bearcli.formats.kinds import EVENT_LOG, GAME_FILE, MOVE_LOG, SCENARIO

LAYOUT = "game file:sliding-bears"  # a Sliding Bears layout, the one game with files of its own

EVENTS = '{"format":"bearcli-events/1","game":"g","rules":1,"scenario":"s","seats":2}\n{"seq":1}\n'
GRID = "start: a b\n1: . .\nfinish: b a\n"  # three rows of a layout (and valid YAML too)


def test_an_event_log_is_told_by_its_first_non_blank_line():
    assert kinds.of_text(EVENTS) == EVENT_LOG
    assert kinds.of_text("\n   \n" + EVENTS, "f.yaml") == EVENT_LOG
    assert kinds.of_text('{"seq":1}\n' + EVENTS) is None  # the header must come first
    assert kinds.of_text("") is None
    assert kinds.of_text("\n \n") is None


def test_a_layout_is_told_by_its_name_or_by_three_rows_of_a_grid():
    assert kinds.game_file(registry.get("sliding-bears")) == LAYOUT
    assert kinds.of_text("game: x\n", "floe.layout") == LAYOUT
    assert kinds.of_text("game: x\n", "floe.layout.yaml") is None
    assert kinds.of_text(GRID) == LAYOUT
    assert kinds.of_text(GRID, "floe.yaml") == LAYOUT
    assert kinds.of_text("start: a b\nfinish: b a\n") is None  # two rows are not enough
    assert kinds.of_text("start: a b\n1: . .\n2: . .\nfinish: b a\n") == LAYOUT
    assert kinds.of_text("start: a b\n1: ~ I\nfinish: b a\n") == LAYOUT  # water as written
    assert kinds.of_text("start: a b\n1: ab c\nfinish: b a\n") is None  # squares are letters
    for key in ("game", "moves", "seats", "format"):  # a YAML file's key: not a layout
        assert kinds.of_text(f"{GRID}{key}: x\n") is None


def test_a_game_file_is_wanted_where_any_game_file_or_that_game_s_is():
    assert kinds.is_wanted(LAYOUT, (SCENARIO, GAME_FILE))
    assert kinds.is_wanted(LAYOUT, (LAYOUT,))
    assert not kinds.is_wanted(LAYOUT, (SCENARIO, MOVE_LOG))
    assert not kinds.is_wanted(LAYOUT, ("game file:another-game",))
    assert not kinds.is_wanted(SCENARIO, (GAME_FILE, MOVE_LOG))
    assert kinds.is_wanted(SCENARIO, (GAME_FILE, SCENARIO))


def test_a_move_log_or_a_scenario_is_told_by_its_keys():
    assert kinds.of_data({"moves": []}) == MOVE_LOG
    assert kinds.of_data({"format": "bearcli-moves/2"}) == MOVE_LOG
    assert kinds.of_data({"moves": [], "game": "x", "seats": []}) == MOVE_LOG
    assert kinds.of_data({"format": "bearcli-scenario/1"}) == SCENARIO
    assert kinds.of_data({"game": "x", "seats": []}) == SCENARIO
    assert kinds.of_data({"game": "x"}) is None
    assert kinds.of_data({"seats": []}) is None
    assert kinds.of_data({"format": "bearcli-events/1"}) is None
    assert kinds.of_data({"format": 7}) is None
    assert kinds.of_data({}) is None
    assert kinds.of_data(["moves", "game", "seats"]) is None  # not a mapping
    assert kinds.of_data(None) is None


def _refusal(err: InputError) -> tuple[str, Location | None]:
    return err.message, err.location


def test_the_refusal_names_the_kind_what_was_wanted_and_the_command_that_takes_it():
    assert _refusal(kinds.wrong(EVENT_LOG, (MOVE_LOG,), "e.jsonl")) == (
        "this is an event log, not a move log: `bearcli replay RECORD --check FILE` compares"
        " a record's replay with it",
        Location("e.jsonl", 1, 1),
    )
    assert _refusal(kinds.wrong(MOVE_LOG, (SCENARIO, GAME_FILE), "m.yaml")) == (
        "this is a move log (a game record), not a scenario or a Sliding Bears layout:"
        " `bearcli replay` and `validate` take it, `bearcli play` continues it",
        Location("m.yaml", 1, 1),
    )
    assert _refusal(kinds.wrong(LAYOUT, (SCENARIO, MOVE_LOG, EVENT_LOG), "f.layout")) == (
        "this is a Sliding Bears layout, not a scenario, a move log or an event log:"
        " `bearcli play`, `simulate`, `validate` and `layout show` take it",
        Location("f.layout", 1, 1),
    )
    assert _refusal(kinds.wrong(SCENARIO, (MOVE_LOG, EVENT_LOG, LAYOUT, SCENARIO), "s")) == (
        "this is a scenario, not a move log, an event log, a Sliding Bears layout or a"
        " scenario: `bearcli play`, `simulate`, `solve` and `validate` take it",
        Location("s", 1, 1),
    )


def test_where_any_game_s_own_file_is_wanted_each_such_game_s_is_named(monkeypatch):
    class Board:  # a second game with files of its own
        name, title, scenario_file_kind = "board-game", "Board Game", "board"
        scenario_file_taken_by = "`bearcli play` takes it"

    own = {".layout": registry.get("sliding-bears"), ".board": Board()}
    monkeypatch.setattr(registry, "scenario_files", lambda: own)
    assert _refusal(kinds.wrong(MOVE_LOG, (SCENARIO, GAME_FILE), "m.yaml"))[0] == (
        "this is a move log (a game record), not a scenario or a Sliding Bears layout or a"
        " Board Game board: `bearcli replay` and `validate` take it, `bearcli play` continues it"
    )
    assert _refusal(kinds.wrong("game file:board-game", (SCENARIO,), "b.board"))[0] == (
        "this is a Board Game board, not a scenario: `bearcli play` takes it"
    )


def _refused(path: Path, wanted: tuple[str, ...]) -> tuple[str, Location | None]:
    with pytest.raises(InputError) as err:
        kinds.load(path, wanted)
    return _refusal(err.value)


def test_load_refuses_a_file_of_another_kind_by_its_text(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("e.events.jsonl").write_text(EVENTS)
    assert _refused(Path("e.events.jsonl"), (MOVE_LOG,)) == (
        "this is an event log, not a move log: `bearcli replay RECORD --check FILE` compares"
        " a record's replay with it",
        Location("e.events.jsonl", 1, 1),
    )
    Path("floe.layout").write_text("a: 1\n")  # named a layout: refused before it is parsed
    assert _refused(Path("floe.layout"), (SCENARIO, MOVE_LOG)) == (
        "this is a Sliding Bears layout, not a scenario or a move log: `bearcli play`,"
        " `simulate`, `validate` and `layout show` take it",
        Location("floe.layout", 1, 1),
    )


def test_load_refuses_a_file_of_another_kind_by_its_keys(tmp_path):
    record = tmp_path / "r.yaml"
    record.write_text("moves: []\n")
    assert _refused(record, (SCENARIO,)) == (
        "this is a move log (a game record), not a scenario: `bearcli replay` and `validate`"
        " take it, `bearcli play` continues it",
        Location(str(record), 1, 1),
    )
    setup = tmp_path / "s.yaml"
    setup.write_text("game: x\nseats: []\n")
    assert _refused(setup, (MOVE_LOG,)) == (
        "this is a scenario, not a move log: `bearcli play`, `simulate`, `solve` and"
        " `validate` take it",
        Location(str(setup), 1, 1),
    )


def test_load_returns_a_wanted_file_whose_names_are_read_beside_it(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    folder = tmp_path / "sub"
    folder.mkdir()
    (folder / "floe.layout").write_text(GRID)
    (folder / "s.yaml").write_text("game: x\nseats: []\n")
    src = kinds.load(folder / "s.yaml", (SCENARIO,))
    assert (src.data, src.file) == ({"game": "x", "seats": []}, str(folder / "s.yaml"))
    assert src.read_relative is not None
    assert src.read_relative("floe.layout") == (GRID, str(folder / "floe.layout"))
    assert kinds.load(folder / "floe.layout", (LAYOUT,)).data == {
        "start": "a b",
        1: ". .",
        "finish": "b a",
    }
    (folder / "r.yaml").write_text("moves: [a]\n")
    assert kinds.load(folder / "r.yaml", (MOVE_LOG,)).data == {"moves": ["a"]}
    (folder / "other.yaml").write_text("- 1\n")  # of no kind: left to its reader
    assert kinds.load(folder / "other.yaml", (MOVE_LOG,)).data == [1]


def test_load_reads_standard_input_with_names_relative_to_the_working_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "floe.layout").write_text(GRID)
    stdin = type("Stdin", (), {"buffer": io.BytesIO(b"game: x\nseats: []\n")})()
    monkeypatch.setattr(sys, "stdin", stdin)
    src = kinds.load(Path("-"), (SCENARIO,))
    assert (src.data, src.file) == ({"game": "x", "seats": []}, "<stdin>")
    assert src.read_relative is not None
    assert src.read_relative("floe.layout") == (GRID, "floe.layout")


def test_load_names_standard_input_in_a_refusal(monkeypatch):
    stdin = type("Stdin", (), {"buffer": io.BytesIO(b"moves: []\n")})()
    monkeypatch.setattr(sys, "stdin", stdin)
    assert _refused(Path("-"), (SCENARIO,)) == (
        "this is a move log (a game record), not a scenario: `bearcli replay` and `validate`"
        " take it, `bearcli play` continues it",
        Location("<stdin>", 1, 1),
    )
