"""`bearcli layout rate`: figures per level and variant, consistent, the same for any workers."""

from __future__ import annotations

import json

from bearcli import rating
from bearcli.cli import layout_rate
from bearcli.formats import shipped
from bearcli.rating import ANCHORS, SETTINGS, difficulty

# A 4 x 4 floe every bear can cross, with a seal (normal level) and ice (hard level).
from tests.games.sliding_bears.test_planner import OPEN


def _rate(cli, *more):
    (cli.cwd / "open.layout").write_text(OPEN)
    ran = cli("layout", "rate", "open.layout", "--games", "12", "--seed", "3", *more)
    assert ran.code == 0, ran.err
    return ran


def test_json_figures_are_consistent_and_the_table_on_two_workers_shows_them(cli):
    one = json.loads(_rate(cli, "--json").out)
    assert [(lv["level"], lv["variant"]) for lv in one["levels"]] == list(SETTINGS)
    for lv in one["levels"]:
        assert set(lv["bots"]) == {"planner", "greedy"} and lv["difficulty"]
        for fig in lv["bots"].values():
            games, wins = fig["games"], fig["wins"]
            assert games == 12 and 0 <= wins <= games
            lo, hi = fig["win_rate_ci95"]
            assert lo <= fig["win_rate"] <= hi
            assert all(0 <= n <= games for n in fig["arrived"].values())
            assert min(fig["arrived"].values()) >= wins  # a won game brought every bear
            assert sum(fig["losses"].values()) == games - wins
            assert fig["turns_mean"] > 0
            if fig["losses"]:
                top = max(fig["losses"].values())
                assert fig["losses"][fig["commonest_loss"]] == top
                assert fig["commonest_loss"].startswith("ice ran out with")
    # The table, on two workers: one block per level and variant, with the one-worker figures
    # (the games of a batch do not depend on the worker count).
    out = _rate(cli, "--workers", "2").out
    blocks = out.split("open: ")[1:]
    assert len(blocks) == len(SETTINGS) == out.count("difficulty: ")
    for block, lv in zip(blocks, one["levels"], strict=True):
        assert block.startswith(f"{lv['level']} level, {lv['variant']}")
        assert "win rate (95% CI)" in block and "turns per game" in block
        assert "pink arrived" in block and "commonest loss" in block
        assert f"difficulty: {lv['difficulty']}" in block
        for bot in ("planner", "greedy"):
            fig = lv["bots"][bot]
            lo, hi = fig["win_rate_ci95"]
            rates = f"{100 * fig['win_rate']:.1f}% ({100 * lo:.1f}% - {100 * hi:.1f}%)"
            assert rates in block, (rates, block)
            assert f"{fig['turns_mean']:.1f}" in block


def test_a_level_the_floe_cannot_be_played_at_is_reported_not_rated(cli):
    (cli.cwd / "noseal.layout").write_text(OPEN.replace("S", "I"))
    # Which levels are rated and which refused does not depend on the games: one is enough
    # (the figures themselves are the test above's).
    ran = cli("layout", "rate", "noseal.layout", "--games", "1", "--json")
    assert ran.code == 0, ran.err
    levels = json.loads(ran.out)["levels"]
    normal = [lv for lv in levels if lv["level"] == "normal"]
    assert normal and all("no seal" in lv["refused"] and not lv["bots"] for lv in normal)
    assert all(lv["refused"] is None and lv["bots"] for lv in levels if lv["level"] == "hard")


def test_another_game_is_refused_with_a_location(cli):
    ran = cli("layout", "rate", "bear-down/two-players", "--games", "1")
    first = ran.err.splitlines()[0]
    assert ran.code == 1 and first.endswith(
        "two-players.yaml:2:7: error: layout rate rates Sliding Bears floes, not this game"
    )


def test_the_anchor_table_is_sorted_and_names_shipped_floes():
    floes = {n.split("/", 1)[1] for n in shipped.names() if n.startswith("sliding-bears/")}
    assert set(ANCHORS) == set(SETTINGS)
    for rows in ANCHORS.values():
        rates = [rate for _, _, rate in rows]
        assert rates == sorted(rates, reverse=True)  # easiest first
        assert {name for name, _, _ in rows} == floes - {"small/single-file"}


def test_labels_place_a_rate_among_the_anchors():
    rows = ANCHORS[("normal", "classic")]
    (_, easiest, top), (_, second, below) = rows[0], rows[1]
    (_, hardest, bottom) = rows[-1]
    setting = ("normal", "classic")
    assert difficulty(min(1.0, top + 0.01), setting).startswith("easier than every")
    assert difficulty(bottom / 2, setting).startswith("harder than every")
    assert difficulty((top + below) / 2, setting) == f"between {easiest} and {second}"
    assert difficulty(top, setting) == f"about as hard as {easiest}"
    assert hardest in difficulty(bottom / 2, setting)


def test_the_command_defaults_are_the_librarys():
    # Named twice so that loading the app does not load bearcli.rating.
    assert (layout_rate.GAMES, layout_rate.PRECISION, layout_rate.SEED) == (
        rating.GAMES,
        rating.PRECISION,
        rating.SEED,
    )
