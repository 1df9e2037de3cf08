"""core/source.py: values read from a file, with the exact place of each (for its errors)."""

from __future__ import annotations

import pytest

from bearcli.core.errors import ErrorList, InputError, Location, ScenarioError
from bearcli.core.source import KEY, OutsideFolder, Source, _tuple

F = "scen.yaml"


def _at(line: int, col: int) -> Location:
    return Location(F, line, col)


def _source(**kw) -> Source:
    data = {"board": {"rows": [1, 2], "size": 3}, "title": "T", "format": "bearcli-scenario/1"}
    locations = {
        ("board",): _at(2, 1),
        ("board", "rows"): _at(3, 3),
        ("board", "rows", 1): _at(3, 12),
        ("board", KEY): _at(2, 0),
        ("format",): _at(1, 9),
    }
    return Source(data, F, locations, **kw)


def _raised(call) -> ScenarioError:
    with pytest.raises(ScenarioError) as info:
        call()
    assert type(info.value) is ScenarioError
    return info.value


def test_the_place_of_a_value_or_of_its_nearest_parent():
    src = _source()
    assert src.loc("board", "rows", 1) == _at(3, 12)
    assert src.loc("board", "rows", 0) == _at(3, 3)  # no place of its own: the list's
    assert src.loc("board", "size") == _at(2, 1)
    assert src.loc("board", KEY) == _at(2, 0)
    assert src.loc("title") == _at(1, 1)  # nothing known on the way: the file's start
    assert src.loc() == _at(1, 1)


def test_a_known_root_place_is_used_for_everything_below_it():
    src = Source({}, F, {(): _at(4, 5)})
    assert src.loc("a", "b") == _at(4, 5)
    assert src.loc() == _at(4, 5)


def test_a_child_keeps_the_file_its_places_and_its_reader():
    def reader(name):
        return ("text of " + name, "shown " + name)

    src = _source(read_relative=reader, text="whole")
    rows = src.child("board", "rows")
    assert rows.data == [1, 2]
    assert rows.file == F
    assert rows.path == ("board", "rows")
    assert rows.locations is src.locations
    assert rows.read_relative is reader
    assert rows.text == "whole"
    # Its places are looked up below its own path.
    assert rows.loc(1) == _at(3, 12)
    assert rows.loc(0) == _at(3, 3)
    assert rows.loc() == _at(3, 3)
    assert rows.child(1).data == 2
    assert rows.child(1).path == ("board", "rows", 1)
    assert rows.child().path == ("board", "rows")
    assert src.child("board").child("size").data == 3


def test_get_a_present_a_defaulted_and_a_missing_key():
    src = _source()
    assert src.get("title") == "T"
    assert src.get("title", "other") == "T"
    assert src.get("nope", 7) == 7
    assert src.get("nope", None) is None
    err = _raised(lambda: src.get("nope"))
    assert err.message == "missing key 'nope'"
    assert err.location == _at(1, 1)
    assert err.ruling is None
    child_err = _raised(lambda: src.child("board").get("nope"))
    assert child_err.location == _at(2, 1)
    assert str(child_err) == "scen.yaml:2:1: error: missing key 'nope'"


def test_get_on_a_value_that_is_not_a_mapping():
    rows = _source().child("board", "rows")
    assert rows.get("x", "d") == "d"
    assert rows.get(1, "d") == "d"  # a list holds index 1, but it is no key
    err = _raised(lambda: rows.get("x"))
    assert err.message == "missing key 'x'"
    assert err.location == _at(3, 3)


def test_error_is_placed_at_the_value_named():
    src = _source()
    err = src.error("bad rows", "board", "rows", ruling="P-1")
    assert type(err) is ScenarioError
    assert (err.message, err.ruling, err.location) == ("bad rows", "P-1", _at(3, 3))
    plain = src.error("bad")
    assert (plain.message, plain.ruling, plain.location) == ("bad", None, _at(1, 1))


def test_require_mapping_refuses_anything_else():
    rows = _source().child("board", "rows")
    err = _raised(lambda: rows.require_mapping({"a"}))
    assert (err.message, err.ruling, err.location) == ("expected a mapping", None, _at(3, 3))


def test_require_mapping_accepts_known_keys():
    board = _source().child("board")
    assert board.require_mapping(frozenset({"rows", "size"})) is None
    assert board.require_mapping({"rows", "size", "extra"}) is None


def test_one_unknown_key_is_placed_at_the_key_itself():
    src = _source().child("board")
    err = _raised(lambda: src.require_mapping({"size", "b", "a"}))
    assert err.message == "unknown key 'rows' (expected one of: a, b, size)"
    assert err.location == _at(3, 3)  # ("board", "rows", KEY) is unknown: the value's place
    top = Source({"tilte": 1}, F, {("tilte", KEY): _at(6, 2), ("tilte",): _at(6, 9)})
    err = _raised(lambda: top.require_mapping({"title"}))
    assert err.message == "unknown key 'tilte' (expected one of: title)"
    assert err.location == _at(6, 2)


def test_every_unknown_key_is_reported_at_once():
    src = Source(
        {"x": 1, "ok": 2, "y": 3},
        F,
        {("x", KEY): _at(1, 1), ("y", KEY): _at(3, 1)},
    )
    with pytest.raises(ErrorList) as info:
        src.require_mapping({"ok"})
    assert [(e.message, e.location) for e in info.value.errors] == [
        ("unknown key 'x' (expected one of: ok)", _at(1, 1)),
        ("unknown key 'y' (expected one of: ok)", _at(3, 1)),
    ]
    assert all(type(e) is ScenarioError for e in info.value.errors)


def test_check_format():
    src = _source()
    assert src.check_format("bearcli-scenario/1") is None
    assert Source({}, F).check_format("anything") is None  # no format key: taken as expected
    err = _raised(lambda: src.check_format("bearcli-moves/1"))
    assert err.message == "unknown format 'bearcli-scenario/1' (expected 'bearcli-moves/1')"
    assert err.location == _at(1, 9)
    assert err.ruling is None


def _named(file: str, reader) -> Source:
    return Source({"layout": "floe.layout"}, file, {("layout",): _at(5, 9)}, read_relative=reader)


def test_read_named_file_reads_relative_to_the_file():
    seen = []

    def reader(name):
        seen.append(name)
        return ("the text", "shown/floe.layout")

    assert _named(F, reader).read_named_file("layout") == ("the text", "shown/floe.layout")
    assert seen == ["floe.layout"]


def test_read_named_file_needs_a_file_to_read_from():
    err = _raised(lambda: _named(F, None).read_named_file("layout"))
    assert err.message == "a layout path needs a file to be relative to"
    assert err.location == _at(5, 9)


def test_read_named_file_of_a_missing_key():
    src = Source({}, F, {(): _at(2, 2)}, read_relative=lambda name: ("", ""))
    err = _raised(lambda: src.read_named_file("layout"))
    assert (err.message, err.location) == ("missing key 'layout'", _at(2, 2))


def _outside(name):
    raise OutsideFolder("outside")


@pytest.mark.parametrize(
    ("file", "folder"),
    [
        ("dir/scen.yaml", "the folder of dir/scen.yaml"),
        ("<stdin>", "the working folder"),
        ("x<y.yaml", "the folder of x<y.yaml"),
    ],
)
def test_a_file_outside_the_folder_is_refused_at_the_key(file, folder):
    err = _raised(lambda: _named(file, _outside).read_named_file("layout"))
    assert err.message == (
        f"layout 'floe.layout' is outside {folder}; pass --allow-outside to read it"
    )
    assert (err.location, err.ruling) == (_at(5, 9), None)
    assert err.__cause__ is None and err.__suppress_context__


def test_a_file_that_cannot_be_read_is_refused_at_the_key():
    def reader(name):
        raise InputError("no such file", location=_at(9, 9))

    err = _raised(lambda: _named(F, reader).read_named_file("layout"))
    assert err.message == "layout 'floe.layout': no such file"
    assert (err.location, err.ruling) == (_at(5, 9), None)
    assert err.__cause__ is None and err.__suppress_context__


def test_an_error_that_is_no_bear_error_is_not_caught():
    def reader(name):
        raise KeyError(name)

    with pytest.raises(KeyError):
        _named(F, reader).read_named_file("layout")


def _typed_source() -> Source:
    data = {"n": 3, "flag": True, "name": "x", "big": "y" * 200, "none": None}
    places = {(k,): _at(i + 1, 4) for i, k in enumerate(data)}
    return Source(data, F, places)


def test_typed_returns_a_value_of_the_kind():
    src = _typed_source()
    assert src.typed("n", int) == 3
    assert src.typed("n", (str, int)) == 3
    assert src.typed("flag", bool) is True
    assert src.typed("flag", (int, bool)) is True
    assert src.typed("n", int, 5) == 3
    assert src.typed("none", type(None)) is None


def test_typed_returns_a_missing_keys_default_unchecked():
    src = _typed_source()
    assert src.typed("gone", int, "not an int") == "not an int"
    assert src.typed("gone", int, None) is None


def test_typed_refuses_another_kind():
    src = _typed_source()
    err = _raised(lambda: src.typed("name", int, ruling="P-2"))
    assert err.message == "'name' must be int, not 'x'"
    assert (err.location, err.ruling) == (_at(3, 4), "P-2")
    err = _raised(lambda: src.typed("name", (int, float)))
    assert err.message == "'name' must be int/float, not 'x'"
    assert err.ruling is None
    # A value given is checked even where a default exists.
    err = _raised(lambda: src.typed("name", int, 0))
    assert err.message == "'name' must be int, not 'x'"
    err = _raised(lambda: src.typed("none", int, 0))
    assert err.message == "'none' must be int, not None"
    assert err.location == _at(5, 4)


def test_typed_refuses_a_bool_as_a_number():
    src = _typed_source()
    err = _raised(lambda: src.typed("flag", int))
    assert (err.message, err.location) == ("'flag' must be int, not True", _at(2, 4))
    err = _raised(lambda: src.typed("flag", (int, float)))
    assert err.message == "'flag' must be int/float, not True"


def test_typed_clips_a_long_value():
    err = _raised(lambda: _typed_source().typed("big", int))
    shown = repr("y" * 200)
    assert err.message == f"'big' must be int, not {shown[:120]}... (202 characters)"


def test_typed_of_a_missing_key_without_default():
    err = _raised(lambda: _typed_source().typed("gone", int))
    assert (err.message, err.location) == ("missing key 'gone'", _at(1, 1))


def test_tuple():
    assert _tuple(int) == (int,)
    assert _tuple((int, str)) == (int, str)
