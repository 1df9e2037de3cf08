"""Options that several commands share, declared once."""

from __future__ import annotations

import typer


def settings_option():
    # A fresh OptionInfo per command: Typer keeps per-parameter state on it.
    return typer.Option(
        [], "--set", help="Override a scenario key, e.g. --set level=hard (repeatable)."
    )
