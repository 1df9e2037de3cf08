"""The floe `play` draws: in colour on a terminal, and still readable without colour."""

from __future__ import annotations

import io

from rich.console import Console

from bearcli.games.sliding_bears import render
from tests.games.sliding_bears.helpers import match


def _draw(**console) -> str:
    m = match(["remove b2", "roll pink wind", "jump pink a1"])
    out = io.StringIO()
    Console(file=out, width=100, soft_wrap=True, **console).print(render.render(m.state))
    return out.getvalue()


def test_colour_on_a_terminal():
    text = _draw(force_terminal=True, color_system="truecolor")
    assert "\x1b[" in text  # styled
    assert "\x1b[1;37;45mP" in text  # the pink bear: bold white on magenta
    assert "\x1b[30;107mI" in text  # ice: black on bright white


def test_plain_letters_without_colour():
    lines = _draw(no_color=True).splitlines()
    assert lines[0].split() == ["finish:", "p", "g", "b", "y"]
    assert lines[2].split() == ["2:", "I", "~", "I", "~"]  # open water is "~", never a blank
    assert lines[3].split() == ["1:", "P", "I", "R", "I"]  # pink stands on a1
    assert lines[4].split() == ["start:", "p", "G", "B", "Y"]  # pink's start square is empty
    assert "bear die" not in lines[-1] and lines[-1].startswith("turn 1")
