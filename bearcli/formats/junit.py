"""`check --junit`: a JUnit XML report, one test case a record (built with junitparser).

No clock is read: every time is 0 (RULINGS C3: the same records give the same bytes). This
module knows JUnit, not records: the checker says what each case is (`Case`).
"""

from __future__ import annotations

from dataclasses import dataclass

SUITE = "bearcli check"
ERROR, FAILURE = "error", "failure"  # a case that did not run / ran and failed


@dataclass(frozen=True)
class Case:
    name: str  # the record
    classname: str  # its game
    verdict: str | None = None  # None (passed), ERROR or FAILURE
    message: str = ""  # one line
    kind: str = ""  # the result's `type`: "did-not-replay", "missing", "differs"
    text: str = ""  # the lines for a person


def report(cases: list[Case], page: str | None = None) -> str:
    """The JUnit XML; `page` (check --html) is named in every failure's text."""
    # Imported here: the checker builds its cases for every `check`, the XML only for --junit.
    from junitparser import Error, Failure, JUnitXml, TestCase, TestSuite

    suite = TestSuite(SUITE)
    for c in cases:
        case = TestCase(c.name, classname=c.classname)
        if c.verdict is not None:
            result = (Error if c.verdict == ERROR else Failure)(c.message, c.kind)
            result.text = c.text
            if page is not None:
                result.text += f"\nthe pictures of this failure: {page}"
            case.result = [result]
        suite.add_testcase(case)
    xml = JUnitXml("bearcli")
    xml.add_testsuite(suite)
    xml.update_statistics()
    return xml.tostring().decode("utf-8") + "\n"
