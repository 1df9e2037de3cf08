"""The canonical event log: JSON Lines, sorted keys, no floats, no timestamps (RULINGS C3).

The header names the game, its rules version and the scenario's fingerprint, never the
bearcli version: a release that changes no rules changes no golden file.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bearcli.core.runner import LoggedEvent

if TYPE_CHECKING:
    from bearcli.formats.scenario import Scenario

FORMAT = "bearcli-events/1"
SUFFIX = ".events.jsonl"  # NAME.yaml's expected log is NAME.events.jsonl, beside it
ABSENT: Any = type("Absent", (), {"__repr__": lambda self: "ABSENT"})()  # a key one side lacks


def _line(obj: dict) -> str:
    return json.dumps(
        obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
    )


def header(game: str, rules: int, fingerprint: str, seats: int) -> dict:
    return {"format": FORMAT, "game": game, "rules": rules, "scenario": fingerprint, "seats": seats}


def scenario_header(scen: Scenario) -> dict:
    game = scen.game
    return header(game.name, game.rules_version, scen.fingerprint, len(scen.config.seats))


def dumps(head: dict, events: Iterable[LoggedEvent]) -> str:
    lines = [_line(head)] + [_line(e.to_dict()) for e in events]
    return "\n".join(lines) + "\n"


def text(scen: Scenario, events: Iterable[LoggedEvent]) -> str:
    """The whole log of a game played from `scen`."""
    return dumps(scenario_header(scen), events)


def _parse(line: str | None) -> Any:
    if line is None:
        return None
    try:
        return json.loads(line)
    except (ValueError, RecursionError):  # RecursionError: nested deeper than json can follow
        return line  # not JSON: kept as text, and so it differs


@dataclass(frozen=True)
class Difference:
    line: int  # 1-based line in the expected file
    expected: str | None  # the expected line, normalised; None when the replay has more
    actual: str | None  # the replay's line; None when the replay ends first

    @property
    def expected_value(self) -> Any:
        return _parse(self.expected)

    @property
    def actual_value(self) -> Any:
        return _parse(self.actual)

    def fields(self) -> list[tuple[str, Any, Any]]:
        """(key, expected, actual) for every key whose value differs, in key order; a key
        that one side lacks has the value ABSENT there."""
        exp, act = self.expected_value, self.actual_value
        if not isinstance(exp, dict) or not isinstance(act, dict):
            return []
        out = []
        for key in sorted(set(exp) | set(act)):
            e, a = exp.get(key, ABSENT), act.get(key, ABSENT)
            if e != a:
                out.append((key, e, a))
        return out

    def describe(self) -> str:
        if self.expected is None:
            return f"line {self.line}: the replay has an extra event: {self.actual}"
        if self.actual is None:
            return f"line {self.line}: the replay ends before expected event: {self.expected}"
        return f"line {self.line}: expected {self.expected}\n  but got  {self.actual}"

    def field_lines(self) -> list[str]:
        """The difference as one line per field, for a person (`weather: expected ...`)."""
        if self.expected is None:
            return [f"extra event: {self.actual}"]
        if self.actual is None:
            return [f"missing event: {self.expected}"]
        fields = self.fields()
        if not fields:
            return [f"expected: {self.expected}", f"     got: {self.actual}"]
        return [f"{key}: expected {_show(e)}, got {_show(a)}" for key, e, a in fields]


def _show(value: Any) -> str:
    return "(absent)" if value is ABSENT else json.dumps(value, ensure_ascii=False)


def first_difference(expected: str, actual: str) -> Difference | None:
    """Compare two logs line by line (after normalising each JSON line)."""
    exp_lines = expected.splitlines()
    act_lines = actual.splitlines()
    for i in range(max(len(exp_lines), len(act_lines))):
        e = exp_lines[i] if i < len(exp_lines) else None
        a = act_lines[i] if i < len(act_lines) else None
        if e is not None:
            try:
                e = _line(json.loads(e))
            except (ValueError, TypeError, RecursionError):
                pass  # not JSON (or nested past json's reach): compared as text, so it differs
        if e != a:
            return Difference(i + 1, e, a)
    return None


def read_header(text: str) -> dict | None:
    """The header of a log's text, or None if its first line is not a JSON object."""
    first = text.split("\n", 1)[0]
    value = _parse(first)
    return value if isinstance(value, dict) else None
