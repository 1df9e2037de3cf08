"""Running one fuzz case: bearcli in-process, guarded against hangs and runaway memory,
and the property every case must keep.

The property: the exit code is 0, 1, 2 or 130 (4 for `check` that could not check; never 3,
an internal error, and never an uncaught exception); on exit 1 or 4 the first line on stderr
is `FILE:LINE:COL: error: ...` or `error: ...`; the run ends within TIMEOUT seconds; memory
stays bounded. And (run_and_check): no device node, FIFO or symlink in the case's folder is
replaced or removed, no temp file is left, and no control or bidi character reaches the
terminal raw.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import resource
import shlex
import shutil
import signal
import stat
import sys
import traceback
from dataclasses import dataclass
from pathlib import Path

from hypothesis import HealthCheck, Phase, currently_in_test_context, event, settings
from typer.main import get_command
from typer.testing import CliRunner

from bearcli.cli.app import app
from bearcli.cli.console import Consoles
from bearcli.cli.console import make as make_console
from tests.conftest import Ran
from tests.fuzz.strategies import ROOT_MARK

TIMEOUT = float(os.environ.get("BEARCLI_FUZZ_TIMEOUT", "10"))  # seconds per case
# A case may reserve at most this much address space above what the process held before it
# (RLIMIT_AS: an allocation past it fails with MemoryError instead of swapping the machine).
HEADROOM = 1 << 30
MAX_RSS = 1536 << 20  # ru_maxrss, the whole run's high-water mark: 1.5 GiB
LOCATED = re.compile(r"^[^:\n]+:\d+:\d+: error: ")
UNPLACED = re.compile(r"^error: ")
ALLOWED = (0, 1, 2, 4, 130)  # 4: `check` could not check (README, exit codes)


def examples(default: int, weight: float = 1.0) -> int:
    """Cases per test: BEARCLI_FUZZ_EXAMPLES (make fuzz; times `weight` for a test whose cases
    run several commands), else the small make-test size."""
    value = os.environ.get("BEARCLI_FUZZ_EXAMPLES")
    return max(1, int(int(value) * weight)) if value else default


def fuzz_settings(default: int, weight: float = 1.0) -> settings:
    """make test: a small, fixed (derandomized) run; with BEARCLI_FUZZ_EXAMPLES set, that many
    cases with random seeds (pass --hypothesis-seed=N to repeat a run). No example database:
    nothing is written outside the temporary folders."""
    big = bool(os.environ.get("BEARCLI_FUZZ_EXAMPLES"))
    return settings(
        max_examples=examples(default, weight),
        derandomize=not big,
        database=None,
        deadline=None,
        suppress_health_check=list(HealthCheck),
        print_blob=big,
        phases=[p for p in Phase if p is not Phase.explain],  # explaining re-runs a lot
    )


class _Runner(CliRunner):
    """tests/conftest.py's Cli (in-process, 100-column consoles, no colour), with the click
    command built once: typer rebuilds it on every invoke, 80% of a small case's time."""

    command = get_command(app)
    live = False  # whether bearcli is running: a Ctrl-C timer that fires after it is ignored

    def __call__(self, args: list[str], input: bytes | None, interrupt: float | None = None) -> Ran:
        """Run bearcli; `interrupt` (CPU seconds) presses Ctrl-C while bearcli itself runs,
        never in this runner's own set-up (its consoles' first import of rich, the streams'
        swap) or tear-down, which a real `bearcli` process does not have."""
        out, err = io.StringIO(), io.StringIO()
        consoles = Consoles(
            make_console(file=out, width=100, no_color=True, soft_wrap=True, emoji=False),
            make_console(
                file=err, width=100, no_color=True, soft_wrap=True, highlight=False, emoji=False
            ),
        )
        code = 0
        with self.isolation(input=input) as streams:
            try:
                _Runner.live = True
                if interrupt:
                    signal.setitimer(signal.ITIMER_VIRTUAL, interrupt)
                _Runner.command.main(args=args, prog_name="bearcli", obj=consoles)
            except SystemExit as exc:
                code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
            finally:
                _Runner.live = False
                signal.setitimer(signal.ITIMER_VIRTUAL, 0)
                sys.stdout.flush()
                sys.stderr.flush()
                stdout, stderr = streams[0].getvalue(), streams[1].getvalue()
        decode = lambda b: b.decode("utf-8", "replace")  # noqa: E731
        return Ran(code, decode(stdout) + out.getvalue(), decode(stderr) + err.getvalue())


class Hang(BaseException):
    """Raised by SIGALRM inside a case; a BaseException so bearcli's edge cannot catch it."""


def _on_alarm(signum, frame):
    raise Hang


def _address_space() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[0]) * resource.getpagesize()


@dataclass
class Case:
    """One case's folder (fresh and empty) under the session's workspace."""

    dir: Path
    root: Path  # the workspace: FIFO, socket, folder, symlink loop (see conftest.py)

    def place(self, text: str) -> str:
        return text.replace(ROOT_MARK, str(self.root))

    def write(self, name: str, content: str | bytes) -> Path:
        path = self.dir / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_bytes(self.place(content).encode("utf-8", "surrogatepass"))
        return path


def fresh_case(root: Path) -> Case:
    """An empty folder for one case, with the output targets of strategies.out_paths."""
    d = root / "case"
    if d.exists():
        shutil.rmtree(d)
    d.mkdir()
    os.mkfifo(d / "fifo.out")
    (d / "subdir").mkdir()
    (d / "exists.out").write_text("keep\n")
    os.symlink("exists.out", d / "link.out")
    os.symlink("nowhere/x.out", d / "dangling.out")
    with contextlib.suppress(PermissionError):  # mknod needs privileges (root in CI)
        os.mknod(d / "dev.out", 0o666 | stat.S_IFCHR, os.makedev(1, 3))  # as /dev/null is
    return Case(d, root)


def _nodes(folder: Path) -> dict[str, tuple[int, int]]:
    """(type, inode) of every entry of `folder` that is not a regular file or a folder."""
    found = {}
    for entry in os.scandir(folder):
        st = entry.stat(follow_symlinks=False)
        if not (stat.S_ISREG(st.st_mode) or stat.S_ISDIR(st.st_mode)):
            found[entry.name] = (stat.S_IFMT(st.st_mode), st.st_ino)
    return found


# What a terminal acts on: C0 controls but newline and tab, DEL, C1, bidi formatting.
RAW = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
TEMP = re.compile(r"^\..+\.[a-z0-9_]{8}\.tmp$")  # formats/atomic.py's temp files


COMMANDS = ("play", "simulate", "validate", "replay", "solve", "check", "rules", "scenarios")


def command_of(args) -> str:
    return next((a for a in args if a in COMMANDS), "(root)")


def shown(args, input=None) -> str:
    text = "bearcli " + shlex.join(str(a)[:400] for a in args)
    if input is not None:
        text += f"  (stdin: {input[:300]!r}{'...' if len(input) > 300 else ''})"
    return text


def _on_interrupt(signum, frame):
    # A real SIGINT, so that a handler bearcli installs (simulate holds it while a game's
    # files are written) decides what it does, as it would on Ctrl-C. A timer that fires once
    # bearcli has returned (between its last step and the runner disarming it) presses nothing.
    if _Runner.live:
        signal.raise_signal(signal.SIGINT)


def run(
    case: Case, args: list[str], input: str | bytes | None = None, interrupt: float | None = None
) -> Ran:
    """Run `bearcli ARGS` in the case's folder; a hang or a MemoryError fails the case.

    `interrupt`: press Ctrl-C (SIGINT to this process) once this much CPU time has been
    used, wherever bearcli then is."""
    args = [case.place(str(a)) for a in args]
    if isinstance(input, str):
        input = case.place(input).encode("utf-8", "surrogatepass")
    cmd = shown(args, input)
    old_cwd = os.getcwd()
    old_handler = signal.signal(signal.SIGALRM, _on_alarm)
    old_limit = resource.getrlimit(resource.RLIMIT_AS)
    cap = _address_space() + HEADROOM
    if old_limit[1] != resource.RLIM_INFINITY:
        cap = min(cap, old_limit[1])
    saved_env = dict(os.environ)  # `--allow-outside` sets a variable for worker processes
    os.chdir(case.dir)
    resource.setrlimit(resource.RLIMIT_AS, (cap, old_limit[1]))
    old_interrupt = signal.signal(signal.SIGVTALRM, _on_interrupt)
    signal.setitimer(signal.ITIMER_REAL, TIMEOUT)
    hung = out_of_memory = escaped = False
    try:
        ran = _Runner()(args, input, interrupt)
    except Hang:
        hung = True
    except MemoryError:
        out_of_memory = True
    except KeyboardInterrupt:
        escaped = traceback.format_exc(limit=-6)
    except Exception as exc:
        raise AssertionError(f"uncaught {type(exc).__name__}: {exc!s:.500}\n{cmd}") from exc
    finally:
        signal.setitimer(signal.ITIMER_VIRTUAL, 0)
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGVTALRM, old_interrupt)
        signal.signal(signal.SIGALRM, old_handler)
        resource.setrlimit(resource.RLIMIT_AS, old_limit)
        os.chdir(old_cwd)
        if dict(os.environ) != saved_env:
            os.environ.clear()
            os.environ.update(saved_env)
    assert not hung, f"hang: still running after {TIMEOUT:g} s\n{cmd}"
    assert not escaped, f"Ctrl-C escaped bearcli (a KeyboardInterrupt traceback)\n{cmd}\n{escaped}"
    assert not out_of_memory, f"memory: more than {HEADROOM >> 20} MiB in one case\n{cmd}"
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss << 10
    assert rss < MAX_RSS, f"memory: maxrss {rss >> 20} MiB\n{cmd}"
    if currently_in_test_context():
        event(f"{command_of(args)}: exit {ran.code}")
    return ran


def check(ran: Ran, args: list[str], input=None, *, expect: int | None = None) -> None:
    """The property of every case (see the module docstring); `expect` pins the exit code."""
    cmd = shown(args, input)
    detail = f"{cmd}\n--- exit {ran.code}; stderr:\n{ran.err[:2000]}\n--- stdout:\n{ran.out[:1000]}"
    assert ran.code != 3, f"internal error (exit 3)\n{detail}"
    assert ran.code in ALLOWED, f"exit code {ran.code}\n{detail}"
    if expect is not None:
        assert ran.code == expect, f"expected exit {expect}\n{detail}"
    if ran.code == 4:
        assert command_of(args) == "check", f"exit 4 is check's alone\n{detail}"
    if ran.code in (1, 4):
        first = ran.err.split("\n", 1)[0]
        if not ran.err and command_of(args) == "check" and ran.code == 1:
            # `check` reports a failed record on stdout; its last line is the summary.
            assert ran.out.strip(), f"check exit 1 with no report\n{detail}"
            return
        assert LOCATED.match(first) or UNPLACED.match(first), (
            f"exit 1 whose first stderr line is not 'FILE:LINE:COL: error: ' or 'error: '\n{detail}"
        )


def run_and_check(
    case: Case,
    args,
    input=None,
    *,
    expect: int | None = None,
    outside: bool = False,
    interrupt: float | None = None,
) -> Ran:
    """Run and check one case; `outside` adds `--allow-outside` (files named anywhere)."""
    args = (["--allow-outside"] if outside else []) + [case.place(str(a)) for a in args]
    nodes = _nodes(case.dir)
    ran = run(case, args, input, interrupt)
    check(ran, args, input, expect=expect)
    cmd = shown(args, input)
    # Nothing but a regular file is ever replaced or removed (a device, a FIFO, a symlink).
    assert _nodes(case.dir) == nodes, f"a node in the case folder was replaced\n{cmd}"
    # No temp file outlives the command, whatever stopped it (SIGKILL aside).
    left = [p.name for p in case.dir.rglob(".*.tmp") if TEMP.match(p.name)]
    assert not left, f"temp files left: {left}\n{cmd}"
    # Nothing raw on the terminal; the one exception is an event log asked for on stdout
    # (`replay --events -`, data like `cat` prints; escaped there only at a terminal).
    data_out = "--events" in args and args[args.index("--events") + 1 :][:1] == ["-"]
    shown_text = ran.err if data_out else ran.out + ran.err
    raw = RAW.search(shown_text)
    assert raw is None, f"a raw {raw.group()!r} reached the terminal\n{cmd}\n{shown_text[:800]}"
    return ran
