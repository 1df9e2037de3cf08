"""The canonical event log and its comparison."""

import pytest

from bearcli.core.events import event
from bearcli.core.runner import LoggedEvent
from bearcli.formats import eventlog
from bearcli.formats.eventlog import Difference, dumps, first_difference, header
from tests.conftest import ROOT


def test_lines_are_sorted_compact_json_with_header():
    text = dumps(header("g", 3, "sha256:0", 1), [LoggedEvent(1, 0, event("b-a", z=1, a="x"))])
    assert text == (
        '{"format":"bearcli-events/1","game":"g","rules":3,"scenario":"sha256:0","seats":1}\n'
        '{"a":"x","seq":1,"step":0,"type":"b-a","z":1}\n'
    )


def test_first_difference_names_the_line():
    a = 'h\n{"a":1}\n{"b":2}\n'
    assert first_difference(a, a) is None
    assert first_difference(a, 'h\n{"a":1}\n{"b":3}\n').line == 3
    assert first_difference(a, 'h\n{"a":1}\n').actual is None
    assert first_difference('h\n{ "a" : 1 }\n', 'h\n{"a":1}\n') is None  # JSON-normalised


def test_a_line_nested_past_json_s_reach_is_just_a_difference():
    deep = "[" * 100_000 + "]" * 100_000
    diff = first_difference('h\n{"a":1}\n' + deep + "\n", 'h\n{"a":1}\n{"b":2}\n')
    assert diff.line == 3 and diff.expected == deep and diff.fields() == []


def _scenario():
    from bearcli.formats import scenario

    return scenario.load(ROOT / "scenarios" / "bear-down" / "two-players.yaml")


def test_the_header_names_the_game_its_rules_the_scenario_and_the_seats():
    scen = _scenario()
    assert eventlog.scenario_header(scen) == {
        "format": "bearcli-events/1",
        "game": "bear-down",
        "rules": scen.game.rules_version,
        "scenario": scen.fingerprint,
        "seats": 2,
    }
    assert isinstance(scen.game.rules_version, int) and scen.fingerprint.startswith("sha256:")


def test_text_is_the_scenario_s_header_then_one_line_per_event():
    scen = _scenario()
    head = (
        '{"format":"bearcli-events/1","game":"bear-down",'
        f'"rules":{scen.game.rules_version},"scenario":"{scen.fingerprint}","seats":2}}\n'
    )
    assert eventlog.text(scen, []) == head
    events = [LoggedEvent(1, 0, event("a")), LoggedEvent(2, 1, event("b", n=2))]
    assert eventlog.text(scen, events) == (
        head + '{"seq":1,"step":0,"type":"a"}\n{"n":2,"seq":2,"step":1,"type":"b"}\n'
    )


def test_a_line_keeps_non_ascii_text_and_refuses_what_json_cannot_hold():
    text = dumps(header("ours-é", 1, "s", 2), [LoggedEvent(1, 0, event("a", who="Bär"))])
    assert text == (
        '{"format":"bearcli-events/1","game":"ours-é","rules":1,"scenario":"s","seats":2}\n'
        '{"seq":1,"step":0,"type":"a","who":"Bär"}\n'
    )
    with pytest.raises(ValueError, match="Out of range float values are not JSON compliant"):
        dumps(header("g", float("nan"), "s", 2), [])


def test_first_difference_normalises_the_expected_lines_only():
    assert first_difference('h\n{ "a" : 1 }\n', 'h\n{"a":1}\n') is None
    assert first_difference('h\n{"a":1}\n', 'h\n{ "a" : 1 }\n') == Difference(
        2, '{"a":1}', '{ "a" : 1 }'
    )
    assert first_difference('{"b":1,"a":2}\n', '{"a":2,"b":1}\n') is None
    assert first_difference('{"a":"é"}\n', '{"a":"é"}\n') is None
    assert first_difference("not json\n", "not json\n") is None  # compared as text
    assert first_difference("", "") is None


def test_first_difference_when_one_log_ends_first():
    assert first_difference('h\n{"a":1}\n', "h\n") == Difference(2, '{"a":1}', None)
    assert first_difference("h\n", 'h\n{"a":1}\n') == Difference(2, None, '{"a":1}')
    assert first_difference("", "h\n") == Difference(1, None, "h")
    assert first_difference('{ "a":1}\n', "") == Difference(1, '{"a":1}', None)
    assert first_difference('h\n{"a":1}\n{"b":2}\n', 'h\n{"a":2}\n{"b":3}\n') == Difference(
        2, '{"a":1}', '{"a":2}'
    )


def test_a_difference_is_described_on_one_line_or_two():
    assert (
        Difference(4, None, '{"a":1}').describe()
        == 'line 4: the replay has an extra event: {"a":1}'
    )
    assert Difference(5, '{"a":1}', None).describe() == (
        'line 5: the replay ends before expected event: {"a":1}'
    )
    assert Difference(6, '{"a":1}', '{"a":2}').describe() == (
        'line 6: expected {"a":1}\n  but got  {"a":2}'
    )


def test_the_values_of_a_difference_are_its_lines_parsed():
    diff = Difference(1, '{"a":[1,"é"]}', "not json")
    assert diff.expected_value == {"a": [1, "é"]} and diff.actual_value == "not json"
    assert Difference(1, None, "[2]").expected_value is None
    assert Difference(1, "3", None).actual_value is None
    deep = "[" * 100_000 + "]" * 100_000
    assert Difference(1, deep, "1").expected_value == deep  # past json's reach: kept as text


def test_fields_are_the_differing_keys_in_order_absent_on_the_side_that_lacks_one():
    diff = Difference(2, '{"z":1,"b":2,"a":3,"same":0}', '{"z":2,"c":4,"a":3,"same":0}')
    assert diff.fields() == [
        ("b", 2, eventlog.ABSENT),
        ("c", eventlog.ABSENT, 4),
        ("z", 1, 2),
    ]
    assert Difference(2, '{"a":null}', "{}").fields() == [("a", None, eventlog.ABSENT)]
    assert repr(eventlog.ABSENT) == "ABSENT"
    for exp, act in (('{"a":1}', "[1]"), ("[1]", '{"a":1}'), ("x", "y"), ('{"a":1}', None)):
        assert Difference(2, exp, act).fields() == []


def test_field_lines_show_each_differing_field_for_a_person():
    diff = Difference(2, '{"b":"é","a":1}', '{"b":"e","c":[1]}')
    assert diff.field_lines() == [
        "a: expected 1, got (absent)",
        'b: expected "é", got "e"',
        "c: expected (absent), got [1]",
    ]
    assert Difference(2, None, '{"a":1}').field_lines() == ['extra event: {"a":1}']
    assert Difference(2, '{"a":1}', None).field_lines() == ['missing event: {"a":1}']
    assert Difference(2, "[1]", "[2]").field_lines() == ["expected: [1]", "     got: [2]"]
    assert Difference(2, '{"a":1}', '{"a":1}').field_lines() == [
        'expected: {"a":1}',
        '     got: {"a":1}',
    ]


def test_read_header_is_the_first_line_when_it_is_a_json_object():
    assert eventlog.read_header('{"format": "bearcli-events/1", "seats": 2}\n{"seq":1}\n') == {
        "format": "bearcli-events/1",
        "seats": 2,
    }
    assert eventlog.read_header('{"a": 1}') == {"a": 1}
    assert eventlog.read_header('[1]\n{"a":1}\n') is None
    assert eventlog.read_header('not json\n{"a":1}\n') is None
    assert eventlog.read_header("") is None
