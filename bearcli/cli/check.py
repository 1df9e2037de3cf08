"""`bearcli check`: replay records and compare each with its expected event log (for CI)."""

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from bearcli.cli import console as consoles
from bearcli.cli.edge import command
from bearcli.cli.exit_codes import Exit
from bearcli.cli.options import Workers

if TYPE_CHECKING:
    from bearcli import checking


@command
def check_cmd(
    ctx: typer.Context,
    paths: Annotated[
        list[Path],
        typer.Argument(
            help="Move logs, or folders searched for them (*.yaml, *.yml); '-' reads one "
            "record from standard input."
        ),
    ],
    update: Annotated[
        bool,
        typer.Option(
            "--update", help="Write missing and differing expected logs; list what changed."
        ),
    ] = False,
    junit_path: Annotated[
        Path | None,
        typer.Option("--junit", help="Also write a JUnit XML report (one test case a record)."),
    ] = None,
    html_path: Annotated[
        Path | None,
        typer.Option(
            "--html",
            metavar="PATH",
            help="Also write one self-contained page: each record's status and, for a "
            "failure, the first differing event and the pictures before and after its step.",
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the report as JSON.")] = False,
    expected: Annotated[
        Path | None,
        typer.Option(help="The expected event log of a record read from '-'."),
    ] = None,
    workers: Workers = 1,
    force: Annotated[
        bool, typer.Option("--force", help="Overwrite the --junit and --html files.")
    ] = False,
) -> None:
    """Replay every record and compare its events with NAME.events.jsonl beside NAME.yaml.

    Exit 0 only when every record replays legally, reaches its stated result, agrees with
    its seed and matches its expected log.

    \b
    Examples:
      bearcli check replays/                      every record under replays/
      bearcli check replays/ --junit report.xml   and a JUnit report for CI
      bearcli check replays/ --html report.html   and a page with pictures of each failure
      bearcli check replays/ --update             write missing or differing expected logs
    """
    import json
    import os

    from bearcli import checking
    from bearcli.core.errors import InputError, Location
    from bearcli.formats import atomic, junit

    cons = consoles.get(ctx)
    for out in (junit_path, html_path):
        if out is not None and os.path.exists(out) and not force:
            raise InputError(
                "file exists; pass --force to overwrite it", location=Location(str(out), 1, 1)
            )
    jobs = _jobs(paths, expected, update)
    if not jobs:
        raise InputError("no move logs found", location=Location(str(paths[0]), 1, 1))
    reports = []
    for report in checking.run(jobs, workers):
        if report.status == checking.SKIPPED:
            continue
        reports.append(report)
        if not as_json:
            for line in _lines(report):
                cons.out.print(line, markup=False, highlight=False)
    if not reports:
        raise InputError("no move logs found", location=Location(str(paths[0]), 1, 1))
    summary = checking.Summary.of(reports)
    if html_path is not None:
        atomic.write_text(html_path, _page(reports, summary.line()), force=True)
    if junit_path is not None:
        page = str(html_path) if html_path is not None else None
        atomic.write_text(junit_path, junit.report(reports, page), force=True)
    if as_json:
        body = {"summary": summary.to_dict(), "records": [r.to_dict() for r in reports]}
        cons.out.print(json.dumps(body, indent=2, sort_keys=True), markup=False, highlight=False)
    else:
        cons.out.print(summary.line(), markup=False, highlight=False)
    if not summary.passed:
        raise typer.Exit(Exit.INVALID)


def _jobs(paths: list[Path], expected: Path | None, update: bool) -> "list[checking.Job]":
    from bearcli import checking
    from bearcli.core.errors import InputError, Location
    from bearcli.formats import yamlsrc

    found = checking.find(paths)
    stdin = [p for p, _ in found if str(p) == yamlsrc.STDIN]
    if expected is not None and (len(found) != 1 or not stdin):
        raise InputError(
            "--expected goes with a single record read from '-'",
            location=Location("--expected", 1, 1),
        )
    jobs = []
    for path, named in found:
        if str(path) == yamlsrc.STDIN:
            text = yamlsrc.read_text(path)
            jobs.append(checking.Job(path, expected, update, named, text))
        else:
            jobs.append(checking.Job(path, checking.expected_for(path), update, named))
    return jobs


def _lines(report: "checking.Report") -> list[str]:
    from bearcli import checking

    head = f"{report.record}: "
    if report.status == checking.OK:
        return [head + "ok"]
    if report.status == checking.MISSING:
        where = f" ({report.expected})" if report.expected else ""
        return [head + f"no expected log{where}"]
    if report.status == checking.CREATED:
        return [head + f"created {report.expected}"]
    verb = "updated " + str(report.expected) if report.status == checking.UPDATED else "FAILED"
    return [head + f"{verb}: {report.message}", *("  " + ln for ln in report.details)]


def _page(reports: "list[checking.Report]", summary: str) -> str:
    """The --html page: a failure's pictures come from replaying its record again (a record
    read from standard input has none: it cannot be read twice)."""
    from bearcli import checking, walkthrough
    from bearcli.core.errors import BearError
    from bearcli.formats import movelog, pages, yamlsrc

    entries = []
    for r in reports:
        pictures = []
        if not r.passed and r.record != yamlsrc.STDIN:
            try:
                log = movelog.load(Path(r.record))
                if r.status == checking.FAILED and r.step:
                    pictures = walkthrough.step_pictures(log, r.step)
                elif r.status == checking.ERROR:
                    walk = walkthrough.walk(log)
                    last = walk.frames[-1]
                    what = "the position before the refused step" if walk.refusal else "the end"
                    pictures = [(what, last.svg)]
            except BearError:  # not even a record: the message says why
                pictures = []
        entries.append(
            {
                "record": r.record,
                "status": r.status,
                "passed": r.passed,
                "message": r.message,
                "details": list(r.details),
                "pictures": pictures,
            }
        )
    return pages.check_page(entries, summary)
