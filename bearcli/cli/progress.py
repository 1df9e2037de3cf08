"""Progress bars on stderr for the long commands (simulate, solve): rich's Progress, with a
rate and an estimated time left, drawn only when stderr is a terminal and the output is not
JSON. On a pipe, in a CI log or under --json nothing is drawn, so no output file or figure
ever holds a clock reading.

Imported by a command when it runs, never by the app (rich.progress is not cheap to load).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
)
from rich.text import Text


def _rate(task: Task) -> float | None:
    """Units a second since the start. Not rich's own estimate (task.speed), which looks at
    the last samples only: games come from the workers in chunks of 25 at once, and a burst
    of 25 in a millisecond would read as tens of thousands a second."""
    elapsed = task.finished_time if task.finished else task.elapsed
    if not elapsed or not task.completed:
        return None
    return task.completed / elapsed


class RateColumn(ProgressColumn):
    """How many units a second, e.g. `1,234 games/s` (blank until one is done)."""

    def __init__(self, unit: str) -> None:
        super().__init__()
        self.unit = unit

    def render(self, task: Task) -> Text:
        rate = _rate(task)
        if rate is None:
            return Text("")
        shown = f"{rate:,.1f}" if rate < 10 else f"{rate:,.0f}"
        return Text(f"{shown} {self.unit}/s", style="progress.data.speed")


class EtaColumn(ProgressColumn):
    """The time left at the rate so far, `eta 0:01:05` (`eta -:--:--` with no known end)."""

    def render(self, task: Task) -> Text:
        rate = _rate(task)
        if task.finished:
            left = "0:00:00"
        elif task.total is None or rate is None:
            left = "-:--:--"
        else:
            left = str(timedelta(seconds=round((task.total - task.completed) / rate)))
        return Text(f"eta {left}", style="progress.remaining")


class Ticker:
    """What a running command tells its bar; does nothing when no bar is drawn."""

    def __init__(self, progress: Progress | None = None, task=None) -> None:
        self._progress, self._task = progress, task

    def advance(self, n: int = 1) -> None:
        if self._progress is not None:
            self._progress.advance(self._task, n)

    def update(self, completed: int) -> None:
        if self._progress is not None:
            self._progress.update(self._task, completed=completed)

    def describe(self, text: str) -> None:
        """Name what the bar is counting now (`hard classic, planner`)."""
        if self._progress is not None:
            self._progress.update(self._task, description=text)

    def finish(self, completed: int) -> None:
        """Done after `completed` units, fewer than the bar's total maybe (a batch that
        stopped early): the bar ends full."""
        if self._progress is not None:
            self._progress.update(self._task, total=completed, completed=completed)


def shown(console: Console, as_json: bool) -> bool:
    """A bar is drawn on `console` (stderr) only at a terminal, and never with --json."""
    return console.is_terminal and not as_json


@contextmanager
def bar(console: Console, unit: str, total: int | None, *, enabled: bool) -> Iterator[Ticker]:
    """A bar counting `unit` (games, positions) up to `total` (None: no known end)."""
    if not enabled:
        yield Ticker()
        return
    with _progress(console, unit) as progress:
        yield Ticker(progress, progress.add_task(unit, total=total))


def _progress(console: Console, unit: str) -> Progress:
    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        RateColumn(unit),
        TimeElapsedColumn(),
        EtaColumn(),
        console=console,
        redirect_stdout=False,  # the figures go to stdout untouched, after the bar
        redirect_stderr=False,
    )


class Bars:
    """Several bars at once, one per part of a command's work (`layout rate`: a bar for each
    level, variant and bot, all played side by side); does nothing when none is drawn."""

    def __init__(self, progress: Progress | None = None) -> None:
        self._progress = progress

    def add(self, description: str, total: int | None) -> Ticker:
        if self._progress is None:
            return Ticker()
        return Ticker(self._progress, self._progress.add_task(description, total=total))


@contextmanager
def bars(console: Console, unit: str, *, enabled: bool) -> Iterator[Bars]:
    """Bars counting `unit`, each added with its own name and total (Bars.add)."""
    if not enabled:
        yield Bars()
        return
    with _progress(console, unit) as progress:
        yield Bars(progress)
