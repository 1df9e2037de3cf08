"""Small Baerenspiel positions for the ruling tests."""

from __future__ import annotations

from bearcli.core.runner import Match
from tests.conftest import load_scenario_text
from tests.steps import refused, types  # noqa: F401 - re-exported for the tests

# A search from the edge at a5, then free chain reveals along row 5 while paths come up
# (BS5, BS6): the opening of most forest records below. The card on c5 is still to show.
PATH_TO_C5 = (
    "roll bear tree tree",
    "search a5",
    "a5 is path",
    "chain b5",
    "b5 is path",
    "chain c5",
)


def scenario(seats: int = 1, variant: str = "forest", extra: str = ""):
    text = (
        f"game: baerenspiel\nvariant: {variant}\nseats: [{', '.join(['random'] * seats)}]\n{extra}"
    )
    return load_scenario_text(text)


def match(moves=(), seats: int = 1, variant: str = "forest", extra: str = "") -> Match:
    scen = scenario(seats, variant, extra)
    m = Match(scen.game, scen.config)
    play(m, *moves)
    return m


def play(m: Match, *moves: str) -> list:
    logged = []
    for text in moves:
        logged.extend(m.apply_text(text))
    return logged


def cell(m: Match, square: str) -> str:
    from bearcli.games.baerenspiel.forest import parse_square

    return m.state.cells[parse_square(square)]
