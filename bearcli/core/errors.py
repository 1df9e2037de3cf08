"""Errors split by cause, as python-chess does: malformed text vs a step the rules refuse.

Every error carries enough to print `FILE:LINE:COL: error: message [ruling]`; the
location is filled in by the layer that knows the file (formats/), never by the rules.
"""

from __future__ import annotations

from dataclasses import dataclass

from bearcli.core.safetext import clip, safe


@dataclass(frozen=True)
class Location:
    file: str
    line: int  # 1-based
    col: int  # 1-based

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}"


class BearError(Exception):
    """Base of every error the engine raises on purpose (never a bug)."""

    def __init__(
        self,
        message: str,
        *,
        ruling: str | None = None,
        location: Location | None = None,
        details: tuple[str, ...] = (),
    ):
        super().__init__(message)
        self.message = message
        self.ruling = ruling
        self.location = location
        self.details = details  # extra lines: the board, the legal options

    def at(self, location: Location | None) -> BearError:
        """The same error, placed in a file (only if it has no place yet)."""
        if self.location is None and location is not None:
            self.location = location
        return self

    def headline(self) -> str:
        """One line, whatever the file name or message holds (a newline, an escape sequence:
        shown escaped, core/safetext.py)."""
        where = f"{self.location}: " if self.location else ""
        ruling = f" [{self.ruling}]" if self.ruling else ""
        return safe(f"{where}error: {self.message}{ruling}", lines=False)

    def __str__(self) -> str:
        return self.headline()


class InputError(BearError):
    """A file that cannot be read or parsed (YAML syntax, size, wrong shape)."""


class ScenarioError(BearError):
    """A scenario or layout that is well-formed YAML but not a playable setup."""


class MalformedStep(BearError):
    """Step text that is not in the game's notation at all."""

    def __init__(self, text: str, reason: str, **kw):
        super().__init__(f"malformed step {clip(text)!r}: {reason}", **kw)
        self.text = text


class IllegalStep(BearError):
    """A well-formed step that the rules refuse at this position."""

    def __init__(self, text: str, reason: str, *, ruling: str | None, **kw):
        super().__init__(f"illegal step {clip(text)!r}: {reason}", ruling=ruling, **kw)
        self.text = text


class CheckFailed(BearError):
    """A comparison (expected result, expected event log) that did not hold."""


class ErrorList(BearError):
    """Several independent problems found in one pass: each is reported on its own line."""

    def __init__(self, errors: list[BearError]):
        first = errors[0]
        super().__init__(first.message, ruling=first.ruling, location=first.location)
        self.errors = tuple(errors)

    def headline(self) -> str:
        return "\n".join(e.headline() for e in self.errors)


class Collector:
    """Gathers the problems of one pass so a person sees them all at once, not one a run."""

    def __init__(self) -> None:
        self.errors: list[BearError] = []

    def add(self, error: BearError) -> None:
        self.errors.append(error)

    def raise_any(self) -> None:
        if len(self.errors) == 1:
            raise self.errors[0]
        if self.errors:
            raise ErrorList(self.errors)
