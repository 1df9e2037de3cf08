"""The canonical event log: JSON Lines, sorted keys, no floats, no timestamps (RULINGS C3)."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass

from bearcli.core.runner import LoggedEvent

FORMAT = "bearcli-events/1"


def _line(obj: dict) -> str:
    return json.dumps(
        obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
    )


def header(game: str, fingerprint: str, seats: int) -> dict:
    return {"format": FORMAT, "game": game, "scenario": fingerprint, "seats": seats}


def dumps(head: dict, events: Iterable[LoggedEvent]) -> str:
    lines = [_line(head)] + [_line(e.to_dict()) for e in events]
    return "\n".join(lines) + "\n"


@dataclass(frozen=True)
class Difference:
    line: int  # 1-based line in the expected file
    expected: str | None
    actual: str | None

    def describe(self) -> str:
        if self.expected is None:
            return f"line {self.line}: the replay has an extra event: {self.actual}"
        if self.actual is None:
            return f"line {self.line}: the replay ends before expected event: {self.expected}"
        return f"line {self.line}: expected {self.expected}\n  but got  {self.actual}"


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
            except (ValueError, TypeError):
                pass  # not JSON: compared as text, and so it differs
        if e != a:
            return Difference(i + 1, e, a)
    return None
