"""`bearcli layout vary`: every single-square change, rated, ranked, drawn as a heat map."""

from __future__ import annotations

import json
import re

from bearcli import rating
from bearcli.games.sliding_bears.layout import parse
from bearcli.games.sliding_bears.vary import Change, Rate, changes, effect

FLOE = """\
finish: p g b y
     3: I I I I
     2: I S I ~
     1: I I R I
 start: p g . by
"""


def _run(cli, *more):
    (cli.cwd / "floe.layout").write_text(FLOE)
    return cli("layout", "vary", "floe.layout", "--bot", "greedy", "-n", "25", *more)


def test_every_single_square_change_is_listed_once_and_applies_to_one_square():
    lay = parse(FLOE, "floe.layout")
    found = changes(lay)
    described = [c.describe() for c in found]
    assert len(described) == len(set(described))
    ice, water, seal, rock = (lay.cells.count(t) for t in ("I", ".", "S", "R"))
    # Each start and finish one column left and right, within the edge.
    moves = sum((col > 0) + (col < lay.width - 1) for col in lay.start + lay.finish)
    assert len(found) == 3 * ice + water + seal + rock + moves
    assert "a1: ice -> water" in described and "d2: water -> ice" in described
    assert "c1: rock -> ice" in described and "b2: seal -> ice" in described
    assert "a1: ice -> rock" in described and "a1: ice -> seal" in described
    assert "pink start: a -> b" in described
    assert "yellow finish: d -> c" in described and not any("-> e" in d for d in described)
    for change in found:
        after = change.apply(lay)
        if change.part == "tile":
            diff = [
                i for i, (a, b) in enumerate(zip(lay.cells, after.cells, strict=True)) if a != b
            ]
            assert diff == [lay.grid.parse(change.where)]
            assert (lay.start, lay.finish) == (after.start, after.finish)
        else:
            assert lay.cells == after.cells
            moved = getattr(after, change.part)
            assert sum(a != b for a, b in zip(getattr(lay, change.part), moved, strict=True)) == 1


def test_the_effect_interval_holds_the_difference_and_narrows_with_games():
    d, (lo, hi) = effect(Rate(100, 50), Rate(100, 30))
    assert d == -0.2 and lo < -0.2 < hi < 0
    _, (lo4, hi4) = effect(Rate(400, 200), Rate(400, 120))
    assert hi4 - lo4 < hi - lo
    same, (slo, shi) = effect(Rate(100, 50), Rate(100, 50))
    assert same == 0 and slo < 0 < shi


def test_changes_are_rated_ranked_by_effect_and_breaking_ones_named(cli):
    ran = _run(cli, "--json")
    assert ran.code == 0, ran.err
    out = json.loads(ran.out)
    base = out["floe"]["win_rate"]
    assert out["bot"] == "greedy" and out["changes_tried"] == out["changes_total"] > 30
    assert not out["interrupted"]
    played = [c for c in out["changes"] if c["refused"] is None]
    broken = [c for c in out["changes"] if c["refused"] is not None]
    assert played and broken
    for c in played:
        assert 0 < c["games"] <= 25 and abs(c["effect"] - (c["win_rate"] - base)) < 1e-3
        lo, hi = c["effect_ci95"]
        assert lo <= c["effect"] <= hi
    sizes = [abs(c["effect"]) for c in played]
    assert sizes == sorted(sizes, reverse=True)
    assert out["changes"][: len(played)] == played  # the broken ones come last
    # A rock above a start strands that bear (P-SB8): reported, not played.
    rock = next(c for c in broken if c["change"] == "a1: ice -> rock")
    assert rock["refused"].endswith("[P-SB8]") and "games" not in rock
    table = _run(cli, "--top", "5").out
    assert len(re.findall(r"^│ +[1-9] │", table, flags=re.M)) == 5
    assert table.count("breaks the floe") == len(broken)
    assert "the floe wins" in table.splitlines()[0] and "greedy, seed 1" in table.splitlines()[0]


def test_the_same_seed_gives_the_same_ranking(cli):
    assert _run(cli, "--json").out == _run(cli, "--json").out


def test_the_heat_map_colours_each_square_by_its_strongest_change(cli):
    ran = _run(cli, "--json", "--svg", "heat.svg")
    assert ran.code == 0, ran.err
    out = json.loads(ran.out)
    svg = (cli.cwd / "heat.svg").read_text()
    squares = re.findall(
        r'data-square="(\w+)" data-tile="(.)" data-change="([^"]*)" '
        r'data-effect="([^"]*)"',
        svg,
    )
    lay = parse(FLOE, "floe.layout")
    assert [s[0] for s in squares] == [
        lay.square_name(lay.index(c, r)) for r in range(2, -1, -1) for c in range(4)
    ]
    for square, _tile, change, shown in squares:
        here = [c for c in out["changes"] if c["where"] == square and c["refused"] is None]
        if not here:
            assert (change, shown) == ("none", "none")
            continue
        top = max(abs(c["effect"]) for c in here)
        assert abs(abs(float(shown)) - 100 * top) < 0.051
        assert change in {c["change"] for c in here if abs(c["effect"]) == top}
    assert {t for _, t, _, _ in squares} == {"I", "S", "R", "~"}
    again = _run(cli, "--svg", "heat.svg")
    assert again.code == 1 and "heat.svg:1:1: error: file exists" in again.err


def test_ctrl_c_stops_with_what_was_measured(cli, monkeypatch):
    real, calls = rating.simulate_bot, []

    def stopping(*args, **kwargs):
        calls.append(1)
        # The floe, then a1 to water, a1 to rock (breaks the floe: not played), a1 to seal;
        # the fourth game batch, b1 to water, is stopped.
        if len(calls) == 4:
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr(rating, "simulate_bot", stopping)
    ran = _run(cli)
    assert ran.code == 130
    total = len(changes(parse(FLOE, "floe.layout")))
    assert f"interrupted after 3 of {total} changes" in ran.err
    assert "a1: ice -> water" in ran.out and "a1: ice -> seal" in ran.out
    assert "a1: ice -> rock" in ran.out
    assert "b1: ice -> water" not in ran.out


def test_a_floe_the_static_checks_reject_is_not_varied(cli):
    (cli.cwd / "bad.layout").write_text(FLOE.replace("start: p g . by", "start: p . g by"))
    ran = cli("layout", "vary", "bad.layout", "--bot", "greedy", "-n", "25")
    assert ran.code == 1 and "[P-SB8]" in ran.err.splitlines()[0]


def test_a_change_names_what_it_does():
    assert Change("tile", "c3", "I", ".").describe() == "c3: ice -> water"
    assert Change("start", "blue", "c", "d").describe() == "blue start: c -> d"


def test_a_scenario_of_another_game_is_refused_at_its_game_key(cli):
    ran = cli("layout", "vary", "bear-down/two-players", "-n", "25")
    assert ran.code == 1 and ran.out == ""
    assert ran.err.splitlines()[0].endswith(
        "two-players.yaml:2:7: error: layout vary varies Sliding Bears floes, not this game"
    )
