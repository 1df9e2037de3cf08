"""The fuzz harness itself: the Ctrl-C it presses lands in bearcli, never in the harness's own
set-up or tear-down (a real `bearcli` process has neither)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys

from tests.conftest import ROOT
from tests.fuzz import harness


def test_the_timer_presses_ctrl_c_only_while_bearcli_runs(monkeypatch):
    pressed: list[int] = []
    monkeypatch.setattr(harness.signal, "raise_signal", pressed.append)
    harness._on_interrupt(signal.SIGVTALRM, None)
    assert pressed == []  # bearcli has returned (or not started): nothing is pressed
    monkeypatch.setattr(harness._Runner, "live", True)
    harness._on_interrupt(signal.SIGVTALRM, None)
    assert pressed == [signal.SIGINT]


def test_the_interrupt_cases_hold_in_a_fresh_process():
    # First in a process, the runner's consoles import rich: with the timer armed before
    # them, the earliest Ctrl-C of the interrupt cases fired in that import, outside bearcli,
    # and the case failed alone but passed after any test that had imported rich.
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")}
    ran = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:randomly", "-p", "no:cacheprovider"]
        + ["tests/fuzz/test_fuzz_interrupts.py"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert ran.returncode == 0, ran.stdout[-4000:] + ran.stderr[-2000:]
