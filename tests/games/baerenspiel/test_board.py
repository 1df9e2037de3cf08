"""The plain-text board (describe) and the rich renderer for the forest and the memo grid."""

from __future__ import annotations

import io

from rich.console import Console

from bearcli.games.baerenspiel import render
from tests.games.baerenspiel.helpers import PATH_TO_C5, match


def _rich(state) -> str:
    out = io.StringIO()
    Console(file=out, width=100, no_color=True, soft_wrap=True).print(render.render(state))
    return out.getvalue()


def test_forest_board_shows_backs_kinds_holes_and_the_dice():
    m = match(
        ["roll bear paw tree", "search a5", "a5 is path", "chain b5", "b5 is obstacle"],
        seats=3,
        extra="open: {i1: path}",
    )
    text = m.game.describe(m.state)
    assert "5: = x # # # # # . ." in text.splitlines()[4]
    assert "dice bear paw tree; 0 search(es); re-roll die 2" in text
    m.apply_text("end")
    m.apply_text("roll bear tree tree")
    m.apply_text("cover b5 from i1")
    text = m.game.describe(m.state)
    assert text.splitlines()[8].startswith("1: . . . . . . . . o")
    assert "free reveal next to b5" in text
    assert _rich(m.state) == text + "\n"  # play draws what describe says


def test_escort_status_and_rich_board():
    m = match(
        [
            *PATH_TO_C5,
            "c5 is bear",
        ]
    )
    assert "escort: 4 throw(s) left; c5 needs 3 step(s)" in m.game.describe(m.state)
    assert "5: = = B # # # # . ." in _rich(m.state)


def test_memo_grid_shows_unknown_known_and_taken_cards():
    m = match(
        ["flip a1", "a1 is bear", "flip b1", "b1 is bear", "flip c1", "c1 is obstacle1"],
        seats=2,
        variant="memo",
        extra="params: {pairs: 2}",
    )
    text = m.game.describe(m.state)
    assert "--" in text and "[ob1]" in text and "??" in text
    assert "pairs seat 1: 1, seat 2: 0" in text
    assert "[ob1]" in _rich(m.state)
