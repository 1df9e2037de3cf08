"""The SVG picture of a floe (`layout render`): parsed as XML, it holds every tile with its
square's name, each bear's start and finish square in its column, and the edges' names."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter

from bearcli.games.sliding_bears import layout, svg
from tests.conftest import ROOT

NS = "{http://www.w3.org/2000/svg}"
KIND = {"I": "ice", "S": "seal", "R": "rock", ".": "water"}


def _parsed(lay):
    root = ET.fromstring(svg.svg(lay, "a floe"))
    assert root.tag == f"{NS}svg"
    return root


def _classes(el) -> list[str]:
    return el.get("class", "").split()


def test_every_tile_start_finish_square_and_edge_name_is_drawn():
    lay = layout.parse((ROOT / "scenarios/sliding-bears/classic.layout").read_text(), "c")
    root = _parsed(lay)
    squares = {
        el.get("data-square"): _classes(el)[1]
        for el in root.iter(f"{NS}rect")
        if "square" in _classes(el)
    }
    assert squares == {lay.square_name(i): KIND[c] for i, c in enumerate(lay.cells)}
    assert Counter(squares.values()) == {"ice": 23, "water": 9, "seal": 2, "rock": 2}
    for line, cols in (("start", lay.start), ("finish", lay.finish)):
        found = {
            el.get("data-bear"): el.get("data-column")
            for el in root.iter(f"{NS}rect")
            if _classes(el)[:1] == [line]
        }
        assert found == {c: "abcdef"[col] for c, col in zip(layout.COLOURS, cols, strict=True)}
    edges = Counter(el.text for el in root.iter(f"{NS}text") if "edge" in _classes(el))
    assert edges == {name: 2 for name in [*"abcdef", *"123456"]}  # both sides of the board
    titles = [el.text for el in root.iter(f"{NS}text") if "title" in _classes(el)]
    assert titles == ["a floe"]


def test_colours_sharing_a_column_each_keep_their_square():
    text = "finish: pgby . .\n 3: I I R\n 2: I R R\n 1: I R S\n start: pg by .\n"
    root = _parsed(layout.parse(text, "s"))
    starts = sorted(
        (el.get("data-bear"), el.get("data-column"))
        for el in root.iter(f"{NS}rect")
        if _classes(el)[:1] == ["start"]
    )
    assert starts == [("blue", "b"), ("green", "a"), ("pink", "a"), ("yellow", "b")]
    fills = {el.get("data-bear"): el.get("fill") for el in root.iter(f"{NS}rect")}
    assert fills["pink"] == svg.BEARS["pink"] != fills["yellow"]


def test_the_same_floe_draws_the_same_bytes():
    lay = layout.parse((ROOT / "scenarios/sliding-bears/the-great-wall.layout").read_text(), "w")
    assert svg.svg(lay, "w") == svg.svg(lay, "w")
    assert svg.svg(lay, "w") != svg.svg(lay, "x")
