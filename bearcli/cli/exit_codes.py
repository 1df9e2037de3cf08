"""Exit codes, documented in README.md."""

from enum import IntEnum


class Exit(IntEnum):
    OK = 0
    INVALID = 1  # invalid input, an illegal step, or a failed check
    USAGE = 2  # bad command-line usage (Typer/Click's own code)
    INTERNAL = 3  # a bug in bearcli: reported without a traceback, please file it
    NOT_CHECKED = 4  # `check` could not check (no records found, an unwritable report)
    INTERRUPTED = 130  # Ctrl-C; whatever was done is kept
