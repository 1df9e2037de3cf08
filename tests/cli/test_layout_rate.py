"""`bearcli layout rate`: figures per level and variant, consistent, the same for any workers."""

from __future__ import annotations

import json

from bearcli import rating
from bearcli.cli import layout_rate
from bearcli.formats import scenario as scenario_fmt
from bearcli.formats import shipped
from bearcli.games.sliding_bears.rating import ANCHORS, BOTS, SETTINGS
from bearcli.rating import difficulty
from tests.cli.test_progress import run_at_a_terminal

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
    assert difficulty(min(1.0, top + 0.01), rows).startswith("easier than every")
    assert difficulty(bottom / 2, rows).startswith("harder than every")
    assert difficulty((top + below) / 2, rows) == f"between {easiest} and {second}"
    assert difficulty(top, rows) == f"about as hard as {easiest}"
    assert hardest in difficulty(bottom / 2, rows)
    assert difficulty(0.5, ()) == "no shipped floe measured at this level"


def test_the_command_defaults_are_the_librarys():
    # Named twice so that loading the app does not load bearcli.rating.
    assert (layout_rate.GAMES, layout_rate.PRECISION, layout_rate.SEED) == (
        rating.GAMES,
        rating.PRECISION,
        rating.SEED,
    )


def test_rows_played_side_by_side_are_each_bots_own_batch(tmp_path):
    # Every row stops by its own results (simulate's rule: a block's end once the interval is
    # within the precision, else the cap), so its figures are those of the bot's batch alone,
    # here with rows that stop early and rows that reach the cap.
    floe = tmp_path / "open.layout"
    floe.write_text(OPEN)
    settings = SETTINGS[1:3]  # (hard, classic) and (normal, multicolour)
    rated = rating.rate(floe, games=60, seed=3, precision=0.1, workers=2, settings=settings)
    stops = set()
    for (level, variant), lv in zip(settings, rated.levels, strict=True):
        scen = scenario_fmt.load(floe, (f"level={level}", f"variant={variant}"))
        for fig in lv.bots:
            alone = rating.simulate_bot(scen, 60, 3, fig.bot, precision=0.1)
            turns = alone.to_dict()["measures"]["turns"]["mean"]
            assert (fig.games, fig.wins, fig.stopped, fig.turns) == (
                alone.games,
                alone.wins,
                alone.stopped,
                turns,
            )
            stops.add(fig.stopped)
    assert stops == {"games", "precision"}


def test_the_rows_hear_each_game_in_order_and_their_end(tmp_path):
    floe = tmp_path / "open.layout"
    floe.write_text(OPEN)
    told: list = []
    rated = rating.rate(
        floe,
        games=30,
        seed=3,
        precision=0.1,
        on_rows=lambda rows: told.append(rows),
        on_game=lambda row: told.append(row),
        on_done=lambda row, n: told.append((row, n)),
    )
    rows, *heard = told
    assert rows == tuple((lv, var, bot) for lv, var in SETTINGS for bot in BOTS)
    ends = {row: n for row, n in (h for h in heard if isinstance(h, tuple))}
    games = [b.games for lv in rated.levels for b in lv.bots]
    assert ends == dict(enumerate(games))  # each row ends once, after its own games
    for row, n in ends.items():  # every game heard, and none after the row's end
        assert [h for h in heard if h == row] == [row] * n
        assert heard.index((row, n)) > max(i for i, h in enumerate(heard) if h == row)


def test_the_progress_bars_name_each_level_variant_and_bot(cli):
    (cli.cwd / "open.layout").write_text(OPEN)
    args = ("layout", "rate", "open.layout", "--games", "12", "--seed", "3")
    shown = run_at_a_terminal(*args)
    assert shown.code == 0, shown.err
    for level, variant in SETTINGS:
        for bot in BOTS:
            assert f"{level} {variant}, {bot}" in shown.err
    assert shown.err.count("12/12") >= len(SETTINGS) * len(BOTS)
    plain = cli(*args)
    assert plain.code == 0 and plain.err == ""  # no terminal: no bars
    assert shown.out == plain.out


def test_the_default_workers_are_every_core(monkeypatch):
    from bearcli.cli import options

    monkeypatch.setattr(options.os, "sched_getaffinity", lambda pid: {0, 1, 2}, raising=False)
    assert options.default_workers() == 3
    monkeypatch.setattr(options.os, "sched_getaffinity", lambda pid: set(range(100)))
    assert options.default_workers() == 64  # --workers' own bound
