"""Records checked against their expected event logs (`bearcli check`). No terminal here.

A record `NAME.yaml` (a move log) is replayed (legality, stated result, seed: P-C3) and its
canonical event log compared with `NAME.events.jsonl` beside it, the pair that
`simulate --save-logs` writes and the golden tests pin. Each record is checked on its own,
so a batch runs in worker processes and is reported in the order the records were given.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from bearcli.core.errors import BearError, InputError, Location
from bearcli.formats import atomic, eventlog, junit, movelog, yamlsrc
from bearcli.workers import ordered_map

OK, FAILED, MISSING, ERROR = "ok", "failed", "missing", "error"
SKIPPED = "skipped"  # a file found in a folder that is not a move log (a scenario)
CREATED, UPDATED = "created", "updated"  # with --update: the expected log was written
PASSING = frozenset({OK, CREATED, UPDATED})


@dataclass(frozen=True)
class Report:
    """What checking one record found; `to_dict` is its entry in `check --json`."""

    record: str
    expected: str | None
    status: str
    game: str | None = None
    message: str = ""  # one line: what is wrong (empty when ok)
    details: tuple[str, ...] = ()  # lines for a person: field differences, place, position
    line: int | None = None  # the first differing line of the expected log
    step: int | None = None  # the move that produced it (0: the set-up)
    at: str | None = None  # FILE:LINE:COL of that move in the record
    fields: tuple[tuple[str, Any, Any], ...] = ()  # (key, expected, actual)
    rules: tuple[int | None, int] | None = None  # (recorded under, now) when they differ
    changed: bool = False  # --update wrote the expected log

    @property
    def passed(self) -> bool:
        return self.status in PASSING

    def junit_case(self) -> junit.Case:
        """This record as a case of `check --junit`."""
        classname = self.game or "bearcli"
        text = "\n".join(self.details) if self.details else self.message
        if self.status == ERROR:
            return junit.Case(
                self.record, classname, junit.ERROR, self.message, "did-not-replay", text
            )
        if self.status == MISSING:
            message = f"no expected log ({self.expected})"
            return junit.Case(self.record, classname, junit.FAILURE, message, "missing", text)
        if self.status == FAILED:
            return junit.Case(self.record, classname, junit.FAILURE, self.message, "differs", text)
        return junit.Case(self.record, classname)

    def to_dict(self) -> dict:
        out: dict[str, Any] = {
            "record": self.record,
            "expected": self.expected,
            "status": self.status,
            "game": self.game,
            "changed": self.changed,
        }
        if self.message:
            out["message"] = self.message
            out["details"] = list(self.details)
        if self.line is not None:
            out["difference"] = {
                "line": self.line,
                "step": self.step,
                "at": self.at,
                "fields": [
                    {"key": k, **_side("expected", e), **_side("actual", a)}
                    for k, e, a in self.fields
                ],
            }
        if self.rules is not None:
            out["rules"] = {"recorded": self.rules[0], "now": self.rules[1]}
        return out


def _side(name: str, value: Any) -> dict:
    return {} if value is eventlog.ABSENT else {name: value}


def expected_for(record: Path) -> Path:
    """NAME.yaml -> NAME.events.jsonl, beside it."""
    return record.with_name(record.name.rsplit(".", 1)[0] + eventlog.SUFFIX)


def find(paths: list[Path]) -> list[tuple[Path, bool]]:
    """(file, named): files as given (named), folders searched recursively for *.yaml and
    *.yml in sorted order (a file found there that is not a move log is skipped)."""
    out: list[tuple[Path, bool]] = []
    for p in paths:
        if str(p) != yamlsrc.STDIN and os.path.isdir(p):  # no error for a name too long
            found = sorted(f for f in p.rglob("*") if f.suffix in (".yaml", ".yml") and f.is_file())
            out.extend((f, False) for f in found)
        else:
            out.append((p, True))
    return out


def _is_record(data: Any) -> bool:
    return isinstance(data, dict) and ("moves" in data or data.get("format") == movelog.FORMAT)


@dataclass(frozen=True)
class Job:
    record: Path
    expected: Path | None  # None: a record on stdin with no --expected
    update: bool = False
    named: bool = True  # named on the command line (not found in a folder): must be a record
    stdin_text: str | None = field(default=None, repr=False)


def check(job: Job) -> Report:
    """Replay one record and compare its event log; with `update`, write it if it differs."""
    shown = yamlsrc.shown_name(job.record)
    expected_shown = str(job.expected) if job.expected is not None else None
    try:
        src = (
            yamlsrc.loads(job.stdin_text, shown, Path("."))
            if job.stdin_text is not None
            else yamlsrc.load(job.record)
        )
        if not _is_record(src.data):
            if not job.named:
                return Report(shown, None, SKIPPED)
            raise InputError("not a move log (no 'moves')", location=Location(shown, 1, 1))
        log = movelog.parse(src)
        match = movelog.replay(log)
    except BearError as exc:
        return Report(shown, expected_shown, ERROR, message=exc.headline(), details=exc.details)
    game = log.scenario.game
    actual = eventlog.text(log.scenario, match.events)
    if job.expected is None or not os.path.exists(job.expected):
        if job.update and job.expected is not None:
            if (failed := _write(job.expected, actual)) is not None:
                return Report(shown, expected_shown, ERROR, game.name, message=failed)
            return Report(shown, expected_shown, CREATED, game.name, changed=True)
        return Report(shown, expected_shown, MISSING, game.name, message="no expected log")
    try:
        expected = yamlsrc.read_text(job.expected)
    except BearError as exc:
        return Report(shown, expected_shown, ERROR, game.name, message=exc.headline())
    diff = eventlog.first_difference(expected, actual)
    if diff is None:
        return Report(shown, expected_shown, OK, game.name)  # the file is not touched
    report = _describe(log, diff, expected, str(job.expected), game)
    if job.update:
        if (failed := _write(job.expected, actual)) is not None:
            return replace(report, message=failed, details=())
        return replace(report, status=UPDATED, changed=True)
    return report


def _write(path: Path, text: str) -> str | None:
    """--update writes an expected log (only ever over a regular file); the error if it cannot."""
    try:
        atomic.write_text(path, text, force=True)
    except BearError as exc:
        return exc.headline()
    return None


def _describe(log, diff: eventlog.Difference, expected: str, shown: str, game) -> Report:
    head = eventlog.read_header(expected) or {}
    recorded = head.get("rules")
    rules = None
    lines: list[str] = []
    if head.get("game") == game.name and recorded != game.rules_version:
        rules = (recorded, game.rules_version)
        was = "no rules version" if recorded is None else f"{game.name} rules {recorded}"
        lines.append(f"recorded under {was}, now {game.name} rules {game.rules_version}")
    if diff.line == 1:
        message = f"{shown}:1: the header differs"
        lines += ["  " + ln for ln in diff.field_lines()]
        return Report(
            log.file, shown, FAILED, game.name, message, tuple(lines), 1, None, None,
            tuple(diff.fields()), rules,
        )  # fmt: skip
    event = diff.actual_value if isinstance(diff.actual_value, dict) else diff.expected_value
    step = event.get("step") if isinstance(event, dict) else None
    kind = event.get("type") if isinstance(event, dict) else None
    message = f"{shown}:{diff.line}: the first differing event" + (f" ({kind})" if kind else "")
    lines += ["  " + ln for ln in diff.field_lines()]
    at = None
    if isinstance(step, int) and 0 <= step <= len(log.moves):
        where = log.moves[step - 1][1] if step else log.scenario_at
        at = str(where) if where else None
        what = f"move {step} {log.moves[step - 1][0]!r}" if step else "the set-up"
        lines.append(f"produced by {what}" + (f" at {at}" if at else ""))
        if step:
            before = movelog.replay(log, step - 1).state
            lines.append("the position before it:")
            lines += ["  " + ln for ln in game.describe(before).splitlines()]
    return Report(
        log.file, shown, FAILED, game.name, message, tuple(lines), diff.line, step, at,
        tuple(diff.fields()), rules,
    )  # fmt: skip


@dataclass(frozen=True)
class Summary:
    counts: tuple[tuple[str, int], ...]  # (status, records) for every status that occurred

    @classmethod
    def of(cls, reports: list[Report]) -> Summary:
        counts: dict[str, int] = {}
        for r in reports:
            counts[r.status] = counts.get(r.status, 0) + 1
        order = (OK, UPDATED, CREATED, FAILED, ERROR, MISSING)
        return cls(tuple((s, counts[s]) for s in order if s in counts))

    @property
    def records(self) -> int:
        return sum(n for _, n in self.counts)

    @property
    def passed(self) -> bool:
        return self.records > 0 and all(s in PASSING for s, _ in self.counts)

    def to_dict(self) -> dict:
        return {"records": self.records, "passed": self.passed, **dict(self.counts)}

    def line(self) -> str:
        words = {
            OK: "ok",
            UPDATED: "updated",
            CREATED: "created",
            FAILED: "failed",
            ERROR: "did not replay",
            MISSING: "without an expected log",
        }
        parts = ", ".join(f"{n} {words[s]}" for s, n in self.counts)
        return f"{self.records} records: {parts}"


def run(jobs: list[Job], workers: int = 1) -> Iterator[Report]:
    """Reports in the order of `jobs`, whatever the number of workers."""
    # One record a job: a replay takes far longer than handing a job to a worker.
    yield from ordered_map(check, jobs, workers if len(jobs) > 1 else 1)
