"""Consoles are made per invocation and injected through the Typer context, never at import.

Tests pass their own (fixed width, no colour) as `obj=Consoles(...)` to CliRunner.invoke.
Rich is imported only when a command asks for its consoles (bearcli --help never does).
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


def default() -> Consoles:
    from rich.console import Console

    # Consoles follow sys.stdout/stderr at call time (CliRunner swaps them).
    no_color = "NO_COLOR" in os.environ
    # emoji=False: Rich would print `f.yaml:100:3` as `f.yaml💯3`; messages are literal text.
    return Consoles(
        Console(file=sys.stdout, no_color=no_color, soft_wrap=True, emoji=False),
        Console(file=sys.stderr, no_color=no_color, soft_wrap=True, highlight=False, emoji=False),
    )


def get(ctx: typer.Context) -> Consoles:
    root = ctx.find_root()
    if not isinstance(root.obj, Consoles):
        root.obj = default()
    return root.obj
