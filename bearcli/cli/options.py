"""Options that several commands share, declared once."""

from __future__ import annotations

from typing import Annotated

import typer

# `--set KEY=VALUE`, repeatable; None means none given.
Settings = Annotated[
    list[str] | None,
    typer.Option("--set", help="Override a scenario key, e.g. --set level=hard (repeatable)."),
]
