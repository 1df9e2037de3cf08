"""`check --junit`: a JUnit XML report, one test case a record (built with junitparser).

No clock is read: every time is 0 (RULINGS C3: the same records give the same bytes).
"""

from __future__ import annotations

from junitparser import Error, Failure, JUnitXml, TestCase, TestSuite

from bearcli import checking

SUITE = "bearcli check"


def report(reports: list[checking.Report], page: str | None = None) -> str:
    """The JUnit XML; `page` (check --html) is named in every failure's text."""
    suite = TestSuite(SUITE)
    for r in reports:
        case = TestCase(r.record, classname=r.game or "bearcli")
        if r.status == checking.ERROR:
            case.result = [_with_text(Error(r.message, "did-not-replay"), r, page)]
        elif r.status == checking.MISSING:
            failure = Failure(f"no expected log ({r.expected})", "missing")
            case.result = [_with_text(failure, r, page)]
        elif r.status == checking.FAILED:
            case.result = [_with_text(Failure(r.message, "differs"), r, page)]
        suite.add_testcase(case)
    xml = JUnitXml("bearcli")
    xml.add_testsuite(suite)
    xml.update_statistics()
    return xml.tostring().decode("utf-8") + "\n"


def _with_text(result, r: checking.Report, page: str | None):
    result.text = "\n".join(r.details) if r.details else r.message
    if page is not None:
        result.text += f"\nthe pictures of this failure: {page}"
    return result
