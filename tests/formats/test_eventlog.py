"""The canonical event log and its comparison."""

from bearcli.core.events import event
from bearcli.core.runner import LoggedEvent
from bearcli.formats.eventlog import dumps, first_difference, header


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
