"""Small Sliding Bears positions for the ruling tests."""

from __future__ import annotations

from textwrap import indent

from bearcli.core.runner import Match
from tests.conftest import load_scenario_text
from tests.steps import refused, types  # noqa: F401 - re-exported for the tests

# A 4 x 3 floe: every bear's start is below its own column, its finish above it.
SMALL = """\
finish: p g b y
     3: I I I I
     2: I S I .
     1: I I R I
 start: p g b y
"""


def scenario(layout: str = SMALL, **keys):
    body = "\n".join(f"{k}: {v}" for k, v in keys.items())
    text = f"game: sliding-bears\nseats: [random]\n{body}\nlayout: |\n{indent(layout, '  ')}"
    return load_scenario_text(text)


def match(moves=(), layout: str = SMALL, **keys) -> Match:
    keys.setdefault("level", "normal")
    m = Match(*(lambda s: (s.game, s.config))(scenario(layout, **keys)))
    for text in moves:
        m.apply_text(text)
    return m
