"""`make lint`'s type check: mypy over the package, its errors filtered through the committed
mypy-baseline.txt by mypy-baseline (configured in pyproject.toml). A new error fails the
filter, and so does a baseline entry that no longer occurs (the baseline is then shrunk with
`make mypy-baseline`); the layers held clean have no entry at all. mypy itself runs in `make
lint` (CI runs it before `make test`), not here: these tests run the filter on mypy's output
format, which is quick.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.conftest import ROOT

BASELINE = ROOT / "mypy-baseline.txt"
# The layers mypy must find clean: no baseline entry may name them.
CLEAN = ("bearcli/core/", "bearcli/formats/", "bearcli/cli/", "bearcli/simulation.py")
CLEAN += ("bearcli/record_check.py",)
# The baseline only shrinks: growing it past this needs this number raised in the same change.
MOST_ENTRIES = 130


def _entries() -> list[str]:
    return [line for line in BASELINE.read_text(encoding="utf-8").splitlines() if line]


def _filter(mypy_output: list[str], baseline: Path) -> subprocess.CompletedProcess:
    """`mypy-baseline filter` as `make lint` runs it (pyproject.toml's settings), over the
    given lines of mypy output and the given baseline."""
    text = "".join(f"{line}\n" for line in mypy_output)
    return subprocess.run(
        [Path(sys.executable).parent / "mypy-baseline", "filter", "--baseline-path", baseline],
        input=text,
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )


def _as_mypy_prints(entry: str, line: int = 12) -> str:
    """A baseline entry (`path:0: error: ...`) as mypy prints it, at some line."""
    path, _, rest = entry.partition(":0:")
    return f"{path}:{line}:{rest}"


def test_the_layers_held_clean_have_no_baseline_entry():
    entries = _entries()
    assert entries, "the rest of the package still has errors: the baseline lists them"
    assert [e for e in entries if e.startswith(CLEAN)] == []


def test_the_baseline_only_shrinks():
    assert len(_entries()) <= MOST_ENTRIES
    assert all(":0: error: " in e for e in _entries())  # entries only, no notes or stats


def test_the_baseline_s_own_errors_pass_at_any_line():
    """What mypy finds now is what the baseline lists: the filter passes, whatever lines the
    errors moved to."""
    ran = _filter([_as_mypy_prints(e) for e in _entries()], BASELINE)
    assert ran.returncode == 0, ran.stdout


def test_a_new_error_fails_and_is_shown():
    new = 'bearcli/core/game.py:7: error: Incompatible return value type (got "int", expected "str")  [return-value]'  # noqa: E501
    ran = _filter([*(_as_mypy_prints(e) for e in _entries()), new], BASELINE)
    assert ran.returncode != 0
    assert new in ran.stdout


def test_an_entry_that_no_longer_occurs_fails(tmp_path):
    """An error fixed but left in the baseline fails too: the baseline must be shrunk."""
    entries = _entries()
    fixed = next(e for e in entries if entries.count(e) == 1)
    rest = [e for e in entries if e != fixed]
    ran = _filter([_as_mypy_prints(e) for e in rest], BASELINE)
    assert ran.returncode != 0
    assert "fixed: " in ran.stdout
    shrunk = tmp_path / "baseline.txt"
    shrunk.write_text("".join(f"{e}\n" for e in rest), encoding="utf-8")
    assert _filter([_as_mypy_prints(e) for e in rest], shrunk).returncode == 0
    assert fixed not in shrunk.read_text(encoding="utf-8")


def test_ci_lints_before_it_tests():
    steps = [
        line.strip()
        for line in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
        if line.strip() in ("make lint", "make test")
    ]
    assert steps == ["make lint", "make test"]
