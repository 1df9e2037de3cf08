"""Exploring on arrays (explore_arrays.py) finds turn_solver.explore's graph: the same
positions, each with the same ends in each part, the same counts, and so the very same values."""

from __future__ import annotations

import numpy as np
import pytest

from bearcli.exact_solver import TooLarge, solve
from bearcli.games.sliding_bears import explore_arrays as arrays
from bearcli.games.sliding_bears import turn_solver as turns
from tests.games.sliding_bears.test_solve_encoding import (
    CROSS,
    HOLE,
    LANE,
    TINY,
    scenario,
)

ALL_WIND = "{weather_die: [wind, wind, wind, wind, wind, wind]}"
ALL_CRACK = "{weather_die: [crack, crack, crack, crack, crack, crack]}"
ODD = (
    "{bear_die: [pink, pink, green/blue, yellow, blue, pink/yellow], "
    "weather_die: [wind, wind, crack, wind, crack, wind]}"
)

# Each branch of canon (classes sorted, with and without a mirror; colour maps tried; no
# symmetry), open water, seals, riders and jumps only a slide allows, both levels, both
# variants, and dice with no wind, no crack, or lopsided faces.
# Two bears a side, rocks between: a mirror (with swaps of the bears that share a column)
PAIRS = """\
finish: pg . by
     3: I R I
     2: I R I
     1: I R S
 start: pg . by
"""
FLOES = [
    ("lane", LANE, {}),
    ("lane, multicolour, all cracks", LANE, {"variant": "multicolour", "params": ALL_CRACK}),
    ("tiny, all wind", TINY, {"params": ALL_WIND}),
    ("tiny, multicolour", TINY, {"variant": "multicolour"}),
    ("hole, hard", HOLE, {"level": "hard"}),
    ("hole, multicolour, hard", HOLE, {"level": "hard", "variant": "multicolour"}),
    ("pairs", PAIRS, {}),
    ("hole, hard, odd dice", HOLE, {"level": "hard", "params": ODD}),
    ("cross, hard", CROSS, {"level": "hard"}),
    ("cross, multicolour, hard", CROSS, {"level": "hard", "variant": "multicolour"}),
]


def starts(scen, floe):
    game, cfg = scen.game, scen.config
    start, _ = game.initial_state(cfg)
    return [
        floe.encode(child.cells, child.bears)
        for child in (game.apply(start, s)[0] for s in game.legal_steps(start))
    ]


def table(graph) -> dict[int, tuple]:
    """Each position's code -> each part's end codes, sorted (as many times as stored)."""
    ends, parts = graph.arrays()
    parts = parts.astype(np.int64).reshape(-1)
    # As Python lists: read element by element, numpy's scalars took most of these tests' time.
    begins = np.concatenate([[0], np.cumsum(parts)]).tolist()
    counts, ends = parts.tolist(), ends.tolist()
    codes = [int(c) for c in graph.codes]
    out = {}
    for i in range(2, len(codes)):
        row = []
        for p in range(turns.PARTS):
            k = i * turns.PARTS + p
            at = begins[k]
            row.append(tuple(sorted(codes[e] for e in ends[at : at + counts[k]])))
        out[codes[i]] = tuple(row)
    return out


@pytest.mark.parametrize(("name", "layout", "keys"), FLOES, ids=[f[0] for f in FLOES])
def test_the_graph_is_solve_explores(name, layout, keys):
    scen = scenario(layout, **keys)
    plain_floe, floe = turns.Floe(scen.config), turns.Floe(scen.config)
    codes = starts(scen, floe)
    plain, fast = turns.explore(plain_floe, codes, 10**6), arrays.explore(floe, codes, 10**6)
    assert arrays.fits(floe)
    assert table(fast) == table(plain)
    assert (fast.positions, fast.successors, fast.images) == (
        plain.positions,
        plain.successors,
        plain.images,
    )
    assert [len(layer) for layer in fast.layers()] == [len(layer) for layer in plain.layers()]
    for layer in fast.layers():  # a layer is one count of ice and of bears across
        found = {
            (
                (c & floe.full).bit_count(),
                [c >> (floe.bears_shift + 8 * k) & 255 for k in range(4)].count(1),
            )
            for c in map(int, fast.codes[layer.start : layer.stop])
        }
        assert len(found) == 1
    fast_values, fast_most, _ = turns.values(fast, 1e-12)
    plain_values, plain_most, _ = turns.values(plain, 1e-12)
    assert fast_most == plain_most
    for code in codes:  # the very same floats
        assert fast_values[fast.id_of(code)] == plain_values[plain.id_of(code)]
    assert sorted(zip(map(int, fast.codes[2:]), fast_values[2:], strict=True)) == sorted(
        zip(plain.codes[2:], plain_values[2:], strict=True)
    )


def test_the_floes_meet_every_kind_of_symmetry_and_action():
    """FLOES covers each way canon works, slides with riders, and the jumps a slide allows."""
    kinds = set()
    for _, layout, keys in FLOES:
        floe = turns.Floe(scenario(layout, **keys).config)
        if len(floe.symmetries) == 1:
            kinds.add("none")
        elif floe._classes is not None:
            kinds.add("classes, mirror" if floe._mirror is not None else "classes")
        else:
            kinds.add("colour maps" if floe._colour_only else "maps and mirror")
    hole = scenario(HOLE, level="hard")
    floe = turns.Floe(hole.config)
    _, parts = arrays.explore(floe, starts(hole, floe), 10**6).arrays()
    after_slide = int(parts[:, 6:].sum())  # the jumps only a slide allows
    assert kinds == {"none", "classes", "classes, mirror", "colour maps", "maps and mirror"}
    assert after_slide > 100


def test_progress_and_the_position_limit_are_as_solve_explores():
    scen = scenario(HOLE, level="hard")
    heard: dict[str, list[int]] = {"plain": [], "fast": []}
    for name, explore in (("plain", turns.explore), ("fast", arrays.explore)):
        floe = turns.Floe(scen.config, symmetry=False)
        explore(floe, starts(scen, floe), 10**6, heard[name].append)
    assert heard["fast"] == heard["plain"] and len(heard["plain"]) > 2
    total = heard["plain"][-1]
    for explore in (turns.explore, arrays.explore):
        floe = turns.Floe(scen.config, symmetry=False)
        explore(floe, starts(scen, floe), total)  # exactly the limit: solved
        with pytest.raises(TooLarge, match=f"more than {total - 1} reachable positions"):
            explore(floe, starts(scen, floe), total - 1)


def test_arrays_serve_where_the_codes_fit_and_the_board_is_not_tiny(monkeypatch):
    open_4x4 = scenario(
        "finish: pgby . . .\n     4: I I I I\n     3: I I I I\n     2: I I I I\n"
        "     1: I I I S\n start: pgby . . .\n"
    )  # 16 squares: codes of 2 x 16 + 32 bits
    lane, pairs = scenario(LANE), scenario(PAIRS)

    class OnArrays(Exception):
        pass

    def on_arrays(*args):
        raise OnArrays

    monkeypatch.setattr(arrays, "explore", on_arrays)
    seen = {}
    for name, scen in (("4 x 4", open_4x4), ("lane", lane), ("pairs", pairs)):
        floe = turns.Floe(scen.config)
        codes = starts(scen, floe)
        try:
            arrays.explore_graph(floe, codes, 50)
            way = "one at a time"
        except TooLarge:
            way = "one at a time"
        except OnArrays:
            way = "arrays"
        seen[name] = (arrays.fits(floe), floe.upper_bound(codes) > arrays.SMALL, way)
    assert seen == {
        "4 x 4": (False, True, "one at a time"),
        "lane": (True, False, "one at a time"),
        "pairs": (True, True, "arrays"),
    }
    # solve explores through it
    monkeypatch.undo()
    calls = []
    real = arrays.explore_graph
    monkeypatch.setattr(arrays, "explore_graph", lambda *a, **k: calls.append(1) or real(*a, **k))
    result = solve(pairs.game, pairs.config)
    assert calls and result.method == "turns" and 0 < result.win_probability < 1
