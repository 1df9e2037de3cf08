"""The command examples of README.md and docs/*.md: found, run and compared with their text.

An example is a fenced block with the info string `console`. A line starting with `$ ` is a
command, run by bash from a copy of the repository (so an example may write files), with the
venv's `bearcli` first on PATH, COLUMNS=100, no terminal and nothing on standard input; the
lines after it, up to the next command, are what it prints: its standard output, then its
standard error (each is one stream, so the text never depends on how the two interleave). A
line that is exactly `...` stands for any number of lines left out. The commands of one block
run one after another in the same folder, so a later one sees what an earlier one wrote.

An HTML comment `<!-- slow -->` on the line before a block marks an example that takes long:
`make check-docs` runs it, `make test` does not.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SLOW_MARK = "<!-- slow -->"
OMITTED = "..."
# Copied for the examples: what a command may read (the repository as a user's clone has it).
COPIED = ("README.md", "docs", "scenarios", "replays")
TIMEOUT_S = 1200  # a guard against a hang; the slow examples take minutes on a loaded machine


@dataclass(frozen=True)
class Command:
    line: int  # where the command is, 1-based
    text: str
    expected: tuple[str, ...]


@dataclass(frozen=True)
class Example:
    path: str  # relative to the repository root
    line: int  # the line of the opening fence
    slow: bool
    commands: tuple[Command, ...]

    @property
    def name(self) -> str:
        return f"{self.path}:{self.line}"


def documents(root: Path = ROOT) -> list[Path]:
    return [root / "README.md", *sorted((root / "docs").glob("*.md"))]


def fences(text: str):
    """(line of the opening fence, its info string, the lines inside) for every fenced block."""
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        match = re.match(r"^(`{3,})(.*)$", lines[i])
        if not match:
            i += 1
            continue
        fence, info, start = match.group(1), match.group(2).strip(), i
        i += 1
        body = []
        while i < len(lines) and not lines[i].startswith(fence):
            body.append(lines[i])
            i += 1
        yield start + 1, info, body, lines[start - 1] if start else ""
        i += 1


def examples_in(path: Path, root: Path = ROOT) -> list[Example]:
    found = []
    for line, info, body, before in fences(path.read_text(encoding="utf-8")):
        if info != "console":
            continue
        commands: list[Command] = []
        for n, text in enumerate(body):
            if text.startswith("$ "):
                commands.append(Command(line + 1 + n, text[2:], ()))
            elif commands:
                last = commands[-1]
                commands[-1] = Command(last.line, last.text, (*last.expected, text))
            else:
                raise ValueError(f"{path}:{line + 1 + n}: output before the first `$ ` command")
        found.append(
            Example(
                path.relative_to(root).as_posix(),
                line,
                before.strip() == SLOW_MARK,
                tuple(commands),
            )
        )
    return found


def all_examples(root: Path = ROOT) -> list[Example]:
    return [e for doc in documents(root) for e in examples_in(doc, root)]


def matches(expected: tuple[str, ...], actual: list[str]) -> bool:
    """Whether the printed lines are the shown ones, each `...` line standing for any lines."""
    pattern = "".join(
        r"(?:[^\n]*\n)*?" if line == OMITTED else re.escape(line) + r"\n" for line in expected
    )
    return re.fullmatch(pattern, "".join(a + "\n" for a in actual)) is not None


def workspace(into: Path) -> Path:
    """A copy of what the examples read, as a clone has it; the caches left out."""
    skip = shutil.ignore_patterns("__pycache__", "*.pyc")
    for name in COPIED:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, into / name, ignore=skip, symlinks=True)
        else:
            shutil.copy2(source, into / name)
    return into


def environment() -> dict[str, str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in {"FORCE_COLOR", "NO_COLOR", "CLICOLOR_FORCE", "TERM", "COLUMNS", "LINES"}
        and not k.startswith(("BEARCLI_", "_BEARCLI_", "PYTEST_"))
    }
    bin_dir = os.path.dirname(sys.executable)
    env.update(
        PATH=bin_dir + os.pathsep + env.get("PATH", ""),
        COLUMNS="100",
        PYTHONIOENCODING="utf-8",
        LC_ALL="C.UTF-8",
    )
    return env


def run(command: Command, cwd: Path) -> list[str]:
    """What the command prints: its standard output's lines, then its standard error's."""
    ran = subprocess.run(
        ["bash", "-c", command.text],
        cwd=cwd,
        env=environment(),
        stdin=subprocess.DEVNULL,
        capture_output=True,
        timeout=TIMEOUT_S,
        check=False,
    )
    out = ran.stdout.decode("utf-8", "replace") + ran.stderr.decode("utf-8", "replace")
    return out.splitlines()


def mismatch(example: Example, cwd: Path) -> str | None:
    """None when every command of the example prints what it shows; else a readable diff."""
    for command in example.commands:
        actual = run(command, cwd)
        if not matches(command.expected, actual):
            shown = "\n".join(command.expected)
            printed = "\n".join(actual)
            return (
                f"{example.path}:{command.line}: `{command.text}` prints something else\n"
                f"--- shown:\n{shown}\n--- printed:\n{printed}"
            )
    return None
