"""Options that several commands share, declared once.

Loaded with the app for every command (even --help), so it imports nothing but typer.
"""

from __future__ import annotations

from typing import Annotated

import typer

# `--set KEY=VALUE`, repeatable; None means none given.
Settings = Annotated[
    list[str] | None,
    typer.Option("--set", help="Override a scenario key, e.g. --set level=hard (repeatable)."),
]

# The environment variable of `bearcli --allow-outside`: bearcli.core.source.ALLOW_OUTSIDE,
# named here too so that loading the app does not load the library (tests/test_startup.py
# checks that the two agree).
ALLOW_OUTSIDE = "BEARCLI_ALLOW_OUTSIDE"
