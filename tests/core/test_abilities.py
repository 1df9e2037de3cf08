"""core/abilities.py: findings, and the drawings of a game with or without Pictures."""

from __future__ import annotations

import sys
import types

import pytest
from rich.text import Text

from bearcli.core.abilities import (
    ERROR,
    WARNING,
    DrawnBeside,
    Finding,
    Pictures,
    picture,
    render,
)
from bearcli.core.errors import Location, ScenarioError
from bearcli.core.picture import Position, svg


def test_a_finding_headline_with_and_without_a_place():
    here = Location("floe.yaml", 4, 7)
    assert (ERROR, WARNING) == ("error", "warning")
    assert Finding(ERROR, "no way out", "P-SB7", here).headline() == (
        "floe.yaml:4:7: error: no way out [P-SB7]"
    )
    assert Finding(WARNING, "a dead end", "P-SB9", None).headline() == (
        "warning: a dead end [P-SB9]"
    )


def test_a_finding_as_an_error():
    here = Location("floe.yaml", 4, 7)
    err = Finding(ERROR, "no way out", "P-SB7", here).as_error()
    assert type(err) is ScenarioError
    assert (err.message, err.ruling, err.location) == ("no way out", "P-SB7", here)
    assert str(err) == "floe.yaml:4:7: error: no way out [P-SB7]"
    unplaced = Finding(WARNING, "w", "P-1", None).as_error()
    assert (unplaced.message, unplaced.ruling, unplaced.location) == ("w", "P-1", None)


class Plain:
    """A game without Pictures: only its description."""

    name = "plain-game"

    def describe(self, state):
        return f"first line of {state}\nsecond line"


class Drawn:
    """A game with Pictures of its own: says how it was asked."""

    def render(self, state, *, viewer=None, show_memory=True):
        return ("render", state, viewer, show_memory)

    def picture(self, state, caption="", *, viewer=None, show_memory=True):
        return f"picture {state} {caption!r} {viewer} {show_memory}"


def test_the_terminal_drawing_of_a_game_without_pictures_is_its_description():
    assert not isinstance(Plain(), Pictures)
    drawn = render(Plain(), "s1", viewer=2, show_memory=False)
    assert type(drawn) is Text
    assert drawn.plain == "first line of s1\nsecond line"


def test_the_terminal_drawing_of_a_game_with_pictures_is_its_own():
    assert isinstance(Drawn(), Pictures)
    assert render(Drawn(), "s1") == ("render", "s1", None, True)
    assert render(Drawn(), "s1", viewer=1, show_memory=False) == ("render", "s1", 1, False)


def test_the_picture_of_a_game_without_pictures_is_its_description():
    expected = svg(
        Position("plain-game", (), (), (), above=("first line of s2", "second line")),
        {},
        "the caption",
    )
    shown = picture(Plain(), "s2", "the caption", show_memory=False)
    assert shown == expected
    assert "first line of s2" in shown and "second line" in shown and "the caption" in shown
    uncaptioned = picture(Plain(), "s2")
    assert uncaptioned == svg(
        Position("plain-game", (), (), (), above=("first line of s2", "second line")), {}
    )
    assert uncaptioned != shown


def test_the_picture_of_a_game_with_pictures_is_its_own():
    assert picture(Drawn(), "s3") == "picture s3 '' None True"
    assert picture(Drawn(), "s3", "cap", show_memory=False) == "picture s3 'cap' None False"


@pytest.fixture
def drawings(monkeypatch):
    """A package `toy_drawings` whose render.py and svg.py say how they were called."""
    calls = []
    package = types.ModuleType("toy_drawings")
    board = types.ModuleType("toy_drawings.render")
    drawing = types.ModuleType("toy_drawings.svg")

    def board_render(state, *, viewer, show_memory):
        calls.append(("render", state, viewer, show_memory))
        return "board"

    def svg_picture(state, caption, *, viewer, show_memory):
        calls.append(("picture", state, caption, viewer, show_memory))
        return "<svg/>"

    board.render = board_render
    drawing.picture = svg_picture
    monkeypatch.setitem(sys.modules, "toy_drawings", package)
    monkeypatch.setitem(sys.modules, "toy_drawings.render", board)
    monkeypatch.setitem(sys.modules, "toy_drawings.svg", drawing)
    return calls


class Beside(DrawnBeside):
    drawings = "toy_drawings"


class HidesMemory(Beside):
    shows_memory = False


def test_drawn_beside_renders_with_its_packages_render(drawings):
    assert isinstance(Beside(), Pictures)
    assert Beside().render("s") == "board"
    assert Beside().render("t", viewer=1, show_memory=False) == "board"
    assert drawings == [("render", "s", None, True), ("render", "t", 1, False)]


def test_drawn_beside_pictures_with_its_packages_svg(drawings):
    assert Beside().picture("s") == "<svg/>"
    Beside().picture("t", "cap", viewer=2, show_memory=False)
    HidesMemory().picture("u")
    HidesMemory().picture("v", show_memory=True)
    assert drawings == [
        ("picture", "s", "", None, True),
        ("picture", "t", "cap", 2, False),
        ("picture", "u", "", None, False),
        ("picture", "v", "", None, True),
    ]


def test_picture_passes_a_games_drawings_their_default(drawings):
    picture(HidesMemory(), "w")  # show_memory True unless told: the game's default is overridden
    picture(HidesMemory(), "x", "c", show_memory=False)
    assert drawings == [("picture", "w", "", None, True), ("picture", "x", "c", None, False)]
