"""The SVG picture of a floe (`layout render`): parsed as XML, it holds every tile with its
square's name, each bear on its start square and each finish square in its column."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter

from bearcli.formats import scenario as scenario_fmt
from bearcli.games.sliding_bears import layout, svg
from tests.conftest import ROOT

NS = "{http://www.w3.org/2000/svg}"
KIND = {"I": "ice", "S": "seal", "R": "rock", ".": "water"}


def _initial(path):
    scen = scenario_fmt.parse(scenario_fmt.read(path))
    return scen, scen.game.initial_state(scen.config)[0]


def _elements(text: str) -> list[ET.Element]:
    root = ET.fromstring(text)
    assert root.tag == f"{NS}svg"
    return [g for g in root.iter(f"{NS}g") if g.get("data-kind")]


def test_every_tile_start_and_finish_square_is_drawn():
    scen, state = _initial(ROOT / "scenarios/sliding-bears/classic.yaml")
    lay = scen.config.layout
    found = _elements(svg.picture(state, "a floe"))
    tiles = {
        g.get("data-square"): g.get("data-kind")
        for g in found
        if g.get("data-kind") in KIND.values()
    }
    assert tiles == {lay.square_name(i): KIND[c] for i, c in enumerate(lay.cells)}
    assert Counter(tiles.values()) == {"ice": 23, "water": 9, "seal": 2, "rock": 2}
    bears = {
        g.get("data-label"): g.get("data-square") for g in found if g.get("data-kind") == "bear"
    }
    cols = lay.grid.columns
    assert bears == {
        c[0].upper(): f"start-{cols[lay.start[k]]}" for k, c in enumerate(layout.COLOURS)
    }
    finish = {
        g.get("data-label"): g.get("data-square") for g in found if g.get("data-kind") == "finish"
    }
    assert finish == {c[0]: f"finish-{cols[lay.finish[k]]}" for k, c in enumerate(layout.COLOURS)}
    assert "a floe" in svg.picture(state, "a floe")


def test_colours_sharing_a_column_each_keep_their_square(tmp_path):
    text = "finish: pgby . .\n 3: I I R\n 2: I R R\n 1: I R S\n start: pg by .\n"
    (tmp_path / "s.layout").write_text(text)
    _, state = _initial(tmp_path / "s.layout")
    found = _elements(svg.picture(state))
    starts = sorted(
        (g.get("data-label"), g.get("data-square")) for g in found if g.get("data-kind") == "bear"
    )
    assert starts == [("B", "start-b"), ("G", "start-a"), ("P", "start-a"), ("Y", "start-b")]


def test_the_same_floe_draws_the_same_bytes():
    _, state = _initial(ROOT / "scenarios/sliding-bears/the-great-wall.yaml")
    assert svg.picture(state, "w") == svg.picture(state, "w")
    assert svg.picture(state, "w") != svg.picture(state, "x")
