"""`check --junit`'s XML (bearcli/formats/junit.py), read back with the standard library:
one suite, a case a record, its result's type and text, no clock."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from bearcli.formats.junit import ERROR, FAILURE, SUITE, Case, report

CASES = [
    Case("a.yaml", "sliding-bears"),
    Case("b.yaml", "bear-down", ERROR, "illegal step", "did-not-replay", "line one\nline two"),
    Case("c.yaml", "baerenspiel", FAILURE, "line 3 differs", "differs", "the difference"),
]


def _parse(text: str) -> ET.Element:
    assert text.endswith("</testsuites>\n")
    return ET.fromstring(text)


def test_a_suite_of_cases_each_with_its_verdict_kind_and_text():
    root = _parse(report(CASES))
    assert root.tag == "testsuites" and root.get("name") == "bearcli"
    (suite,) = root
    assert suite.get("name") == SUITE == "bearcli check"
    assert (suite.get("tests"), suite.get("errors"), suite.get("failures")) == ("3", "1", "1")
    a, b, c = suite.findall("testcase")
    assert (a.get("name"), a.get("classname"), list(a)) == ("a.yaml", "sliding-bears", [])
    (err,) = list(b)
    assert (b.get("classname"), err.tag, err.get("message"), err.get("type")) == (
        "bear-down",
        "error",
        "illegal step",
        "did-not-replay",
    )
    assert err.text == "line one\nline two"
    (fail,) = list(c)
    assert (fail.tag, fail.get("message"), fail.get("type"), fail.text) == (
        "failure",
        "line 3 differs",
        "differs",
        "the difference",
    )


def test_a_page_is_named_in_every_failures_text_and_nowhere_else():
    root = _parse(report(CASES, page="report.html"))
    a, b, c = root[0].findall("testcase")
    assert list(a) == []
    for case in (b, c):
        (result,) = list(case)
        assert result.text.endswith("\nthe pictures of this failure: report.html")
    assert list(b)[0].text.startswith("line one\nline two\n")
    assert "report.html" not in report(CASES)


def test_no_clock_is_read_the_same_cases_give_the_same_bytes():
    assert report(CASES) == report(list(CASES))
    assert all(float(t) == 0 for t in (e.get("time") for e in _parse(report(CASES)).iter()) if t)
