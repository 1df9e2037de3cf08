"""`bearcli check`: replay records and compare each with its expected event log (for CI)."""

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from bearcli.cli import console as consoles
from bearcli.cli.edge import command
from bearcli.cli.exit_codes import Exit
from bearcli.cli.options import Workers, file_name

if TYPE_CHECKING:
    from bearcli import record_check


@command
def check_cmd(
    ctx: typer.Context,
    paths: Annotated[
        list[Path],
        typer.Argument(
            help="Move logs, or folders searched for them (*.yaml, *.yml); '-' reads one "
            "record from standard input.",
            parser=file_name,
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
        typer.Option(
            "--junit",
            help="Also write a JUnit XML report (one test case a record); a regular file there "
            "is replaced on each run.",
        ),
    ] = None,
    html_path: Annotated[
        Path | None,
        typer.Option(
            "--html",
            metavar="PATH",
            help="Also write one self-contained page: each record's status and, for a "
            "failure, the first differing event and the pictures before and after its step; "
            "a regular file there is replaced on each run.",
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the report as JSON.")] = False,
    expected: Annotated[
        Path | None,
        typer.Option(help="The expected event log of a record read from '-'."),
    ] = None,
    workers: Workers = 1,
    force: Annotated[
        bool,
        typer.Option(
            "--force", hidden=True, help="Accepted and unneeded: the reports are replaced."
        ),
    ] = False,
) -> None:
    """Replay every record and compare its events with NAME.events.jsonl beside NAME.yaml.

    Exit 0 only when every record replays legally, reaches its stated result, agrees with
    its seed and matches its expected log; 1 when a record fails; 4 when nothing could be
    checked (no records found, an unwritable report).

    \b
    Examples:
      bearcli check replays/                      every record under replays/
      bearcli check replays/ --junit report.xml   and a JUnit report for CI
      bearcli check replays/ --html report.html   and a page with pictures of each failure
      bearcli check replays/ --update             write missing or differing expected logs
    """
    import json

    from bearcli import record_check
    from bearcli.core.errors import BearError, InputError, Location
    from bearcli.formats import atomic, junit

    cons = consoles.get(ctx)
    del force  # the report is a report: a regular file there is replaced on every run
    try:
        for out in (junit_path, html_path):
            if out is not None:
                atomic.refuse(out, force=True)  # a folder, a device, a FIFO, a symlink
        jobs = _jobs(paths, expected, update)
        if not jobs:
            raise InputError("no move logs found", location=Location(str(paths[0]), 1, 1))
    except BearError as exc:  # the invocation is at fault, not a record: exit 4, not 1
        raise _not_checked(cons, exc) from None
    reports = []
    with _stop_signals():
        for report in record_check.run(jobs, workers):
            if report.status == record_check.SKIPPED:
                continue
            reports.append(report)
            if not as_json:
                for line in _lines(report):
                    cons.out.print(line, markup=False, highlight=False)
    if not reports:
        none = InputError("no move logs found", location=Location(str(paths[0]), 1, 1))
        raise _not_checked(cons, none)
    summary = record_check.Summary.of(reports)
    if as_json:
        body = {"summary": summary.to_dict(), "records": [r.to_dict() for r in reports]}
        cons.out.print(json.dumps(body, indent=2, sort_keys=True), markup=False, highlight=False)
    else:
        cons.out.print(summary.line(), markup=False, highlight=False)
    try:
        if html_path is not None:
            atomic.write_text(html_path, _page(reports, summary.line()), force=True)
        if junit_path is not None:
            page = str(html_path) if html_path is not None else None
            atomic.write_text(
                junit_path, junit.report([r.junit_case() for r in reports], page), force=True
            )
    except BearError as exc:
        raise _not_checked(cons, exc) from None
    if not summary.passed:
        raise typer.Exit(Exit.INVALID)


def _not_checked(cons, exc) -> typer.Exit:
    """Report an error of the invocation (exit 4): a CI job can tell it from a failed record."""
    from bearcli.cli.edge import report

    report(cons.err, exc)
    return typer.Exit(Exit.NOT_CHECKED)


def _jobs(paths: list[Path], expected: Path | None, update: bool) -> "list[record_check.Job]":
    from bearcli import record_check
    from bearcli.core.errors import InputError, Location
    from bearcli.formats import yamlsrc

    found = record_check.find(paths)
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
            jobs.append(record_check.Job(path, expected, update, named, text))
        else:
            jobs.append(record_check.Job(path, record_check.expected_for(path), update, named))
    return jobs


def _lines(report: "record_check.Report") -> list[str]:
    from bearcli import record_check

    head = f"{report.record}: "
    if report.status == record_check.OK:
        return [head + "ok"]
    if report.status == record_check.MISSING:
        where = f" ({report.expected})" if report.expected else ""
        return [head + f"no expected log{where}"]
    if report.status == record_check.CREATED:
        return [head + f"created {report.expected}"]
    verb = "updated " + str(report.expected) if report.status == record_check.UPDATED else "FAILED"
    return [head + f"{verb}: {report.message}", *("  " + ln for ln in report.details)]


@contextmanager
def _stop_signals() -> Iterator[None]:
    """SIGTERM (a cancelled CI job) and SIGHUP (a closed terminal) stop `check` as Ctrl-C does:
    an expected log that --update is writing is written whole or not at all, and no temp file
    is left (exit 130). A signal the caller ignores stays ignored."""
    import signal
    import threading

    def stop(signum, frame) -> None:
        raise KeyboardInterrupt

    previous = {}
    if threading.current_thread() is threading.main_thread():
        for name in ("SIGTERM", "SIGHUP"):
            sig = getattr(signal, name, None)  # no SIGHUP on Windows
            if sig is not None and signal.getsignal(sig) is signal.SIG_DFL:
                previous[sig] = signal.signal(sig, stop)
    try:
        yield
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)


def _page(reports: "list[record_check.Report]", summary: str) -> str:
    """The --html page: a failure's pictures come from replaying its record again (a record
    read from standard input has none: it cannot be read twice)."""
    from bearcli import record_check, walkthrough
    from bearcli.core.errors import BearError
    from bearcli.formats import movelog, pages, yamlsrc

    entries = []
    for r in reports:
        pictures = []
        if not r.passed and r.record != yamlsrc.STDIN:
            try:
                log = movelog.load(Path(r.record))
                if r.status == record_check.FAILED and r.step:
                    pictures = walkthrough.step_pictures(log, r.step)
                elif r.status == record_check.ERROR:
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
