"""Consoles are made per invocation and injected through the Typer context, never at import.

Tests pass their own (fixed width, no colour) as `obj=Consoles(...)` to CliRunner.invoke,
made with `make`. Rich is imported only when a command asks for its consoles (bearcli --help
never does).

Everything printed passes core.safetext.safe on its way out: a control or bidi character from
a file, a command line or a file name is shown escaped, never sent to the terminal raw. Only
the text is escaped, not rich's own control codes (colour, the progress bar's cursor moves).
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from typing import TYPE_CHECKING

import typer

if TYPE_CHECKING:
    from rich.console import Console


@dataclass
class Consoles:
    out: Console
    err: Console


def make(**options) -> Console:
    """A rich Console whose output is made safe (see the module docstring)."""
    from rich.console import Console
    from rich.segment import Segment

    from bearcli.core.safetext import safe

    class SafeConsole(Console):
        # The one place every printed segment passes, after layout and before styling:
        # rich's own control segments (cursor moves, titles it sets) are left as they are.
        def _render_buffer(self, buffer):
            return super()._render_buffer(
                seg if seg.control else Segment(safe(seg.text), seg.style, seg.control)
                for seg in buffer
            )

    return SafeConsole(**options)


def default() -> Consoles:
    # Consoles follow sys.stdout/stderr at call time (CliRunner swaps them).
    no_color = "NO_COLOR" in os.environ
    # emoji=False: Rich would print `f.yaml:100:3` as `f.yaml💯3`; messages are literal text.
    return Consoles(
        make(file=sys.stdout, no_color=no_color, soft_wrap=True, emoji=False),
        make(file=sys.stderr, no_color=no_color, soft_wrap=True, highlight=False, emoji=False),
    )


def get(ctx: typer.Context) -> Consoles:
    root = ctx.find_root()
    if not isinstance(root.obj, Consoles):
        root.obj = default()
    return root.obj
