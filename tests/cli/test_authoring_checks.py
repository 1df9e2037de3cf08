"""A floe author's commands: static findings stop every command that plays a floe (P-SB14),
ratings that name their bot and overrides (P-SB13), one set of symbols in file and on screen."""

from __future__ import annotations

import json

import pytest

from bearcli.games.sliding_bears.layout import parse
from bearcli.games.sliding_bears.rating import ANCHORS, PLANNER_ANCHORS
from bearcli.rating import BotFigures, LevelRating, difficulty, disagreement
from tests.games.sliding_bears.test_planner import OPEN

# The 7 x 5 floe `layout new` starts with, and a rock above the blue bear's start (P-SB8).
RIVER = """\
finish: p . g . b . y
     5: I I I I I I I
     4: I I I I I I I
     3: I I I S I I I
     2: I I I I I I I
     1: I I I I I I I
 start: p . g . b . y
"""
STRANDED = RIVER.replace("     1: I I I I I I I", "     1: I I I I R I I")
BLUE = "stranded.layout:7:17: error: the blue bear can never leave its start: e1, the square "
# Column a is walled off with one ice tile, a1: at the hard level removing it at set-up
# would strand pink; every other tile is safe to remove (P-SB11, a warning).
RISKY = """\
finish: p . g b y
     3: ~ R I I I
     2: ~ R S I I
     1: I R I I I
 start: p . g b y
"""


def _write(cli, name: str, text: str) -> str:
    (cli.cwd / name).write_text(text)
    return name


@pytest.mark.parametrize(
    "command",
    [
        ("simulate", "stranded.layout", "-n", "3"),
        ("solve", "stranded.layout"),
        ("layout", "rate", "stranded.layout", "-n", "3"),
        ("play", "stranded.layout", "--seed", "1"),
    ],
)
def test_a_static_error_stops_every_command_that_plays_the_floe(cli, command):
    _write(cli, "stranded.layout", STRANDED)
    ran = cli(*command)
    assert ran.code == 1
    assert ran.err.splitlines()[0].startswith(BLUE), ran.err
    assert "[P-SB8]" in ran.err and ran.out == ""
    assert not list(cli.cwd.glob("*.moves.yaml"))  # play wrote no record


def test_unchecked_runs_anyway_and_says_so_in_the_table_and_the_json(cli):
    _write(cli, "stranded.layout", STRANDED)
    ran = cli("simulate", "stranded.layout", "-n", "3", "--unchecked")
    assert ran.code == 0, ran.err
    note = [line for line in ran.out.splitlines() if "--unchecked" in line]
    assert len(note) == 1 and note[0].endswith("[P-SB8]")
    assert note[0].startswith(f"run despite a static error (--unchecked): {BLUE}")
    figures = json.loads(cli("simulate", "stranded.layout", "-n", "3", "--unchecked", "--json").out)
    assert [e.split(": error: ")[1][:23] for e in figures["unchecked_errors"]] == [
        "the blue bear can never"
    ]
    rated = json.loads(
        cli("layout", "rate", "stranded.layout", "-n", "2", "--unchecked", "--json").out
    )
    assert rated["unchecked_errors"] and all(
        lv["bots"] for lv in rated["levels"] if not lv["refused"]
    )
    # A floe that passes: nothing was run despite anything.
    _write(cli, "open.layout", OPEN)
    clean = json.loads(cli("simulate", "open.layout", "-n", "3", "--json").out)
    assert clean["unchecked_errors"] == []
    assert "--unchecked" not in cli("simulate", "open.layout", "-n", "3").out


def test_a_batch_of_endless_games_is_refused_even_unchecked(cli):
    _write(cli, "stranded.layout", STRANDED)
    no_crack = "params={weather_die: [wind, wind, wind, wind, wind, wind]}"
    ran = cli("simulate", "stranded.layout", "-n", "3", "--unchecked", "--set", no_crack)
    assert ran.code == 1 and "[P-SB10]" in ran.err and "P-SB8" not in ran.err


def test_warnings_go_to_stderr_and_the_command_runs(cli):
    _write(cli, "risky.layout", RISKY)
    ran = cli("simulate", "risky.layout", "-n", "3", "--set", "level=hard")
    assert ran.code == 0
    warning = ran.err.splitlines()[0]
    assert warning.startswith("risky.layout:") and ": warning: " in warning
    assert warning.endswith("[P-SB11]") and "warning" not in ran.out
    assert "[P-SB11]" not in cli("simulate", "risky.layout", "-n", "3").err  # normal level


def test_titles_and_json_name_every_override(cli):
    _write(cli, "open.layout", OPEN)
    plain = cli("simulate", "open.layout", "-n", "3").out.splitlines()[0]
    hard = cli("simulate", "open.layout", "-n", "3", "--set", "level=hard").out.splitlines()[0]
    assert plain != hard and hard == plain + ", --set level=hard"
    figures = json.loads(cli("simulate", "open.layout", "-n", "3", "--json", "--set", "seed=4").out)
    assert figures["overrides"] == ["seed=4"]
    rated = cli("layout", "rate", "open.layout", "-n", "2", "--set", "seed=9")
    assert rated.code == 0, rated.err
    titles = [line for line in rated.out.splitlines() if line.startswith("open: ")]
    assert len(titles) == 4 and all(t.endswith(", --set seed=9") for t in titles)
    js = json.loads(
        cli("layout", "rate", "open.layout", "-n", "2", "--set", "seed=9", "--json").out
    )
    assert js["overrides"] == ["seed=9"]


def _fig(bot: str, wins: int, games: int, lo: float, hi: float) -> BotFigures:
    return BotFigures(bot, games, wins, wins / games, (lo, hi), 40.0, (), (), "games")


def test_bots_that_disagree_by_far_are_flagged_and_close_ones_not():
    planner, weak = _fig("planner", 121, 200, 0.536, 0.670), _fig("greedy", 0, 200, 0.0, 0.019)
    said = disagreement((planner, weak))
    assert said is not None and "planner wins 60.5%, greedy 0.0%" in said
    near = _fig("greedy", 110, 200, 0.481, 0.617)  # ten points below, intervals overlap
    assert disagreement((planner, near)) is None
    # Apart, but by less than 20 points: not "by far".
    assert (
        disagreement((_fig("planner", 60, 100, 0.55, 0.65), _fig("greedy", 50, 100, 0.45, 0.54)))
        is None
    )


def test_the_label_rests_on_the_planner_with_greedys_beside_it_and_the_removals_counted(cli):
    _write(cli, "open.layout", OPEN)
    ran = cli("layout", "rate", "open.layout", "-n", "10", "--seed", "3", "--json")
    assert ran.code == 0, ran.err
    for lv in json.loads(ran.out)["levels"]:
        setting = (lv["level"], lv["variant"])
        planner, greedy = lv["bots"]["planner"], lv["bots"]["greedy"]
        assert lv["difficulty_bot"] == "planner"
        assert lv["difficulty"] == planner["difficulty"]
        assert planner["difficulty"] == difficulty(planner["win_rate"], PLANNER_ANCHORS[setting])
        assert greedy["difficulty"] == difficulty(greedy["win_rate"], ANCHORS[setting])
        for fig in (planner, greedy):  # one set-up removal a game (SB2)
            assert sum(fig["removals"].values()) == fig["games"]
            tile = "S" if lv["level"] == "normal" else "I"
            lay = parse(OPEN, "open.layout")
            assert all(lay.cells[lay.grid.parse(sq)] == tile for sq in fig["removals"])
    table = cli("layout", "rate", "open.layout", "-n", "10", "--seed", "3").out
    assert table.count("│ set-up removal ") == 4 and table.count("by planner (the label), ") == 4
    assert table.count("  by greedy, ") == 4


def test_planner_anchors_cover_every_setting_and_shipped_floe():
    assert set(PLANNER_ANCHORS) == set(ANCHORS)
    for setting, rows in PLANNER_ANCHORS.items():
        assert {r[0] for r in rows} == {r[0] for r in ANCHORS[setting]}
        rates = [r[2] for r in rows]
        assert rates == sorted(rates, reverse=True)


def test_a_level_record_says_which_bot_labels_it():
    lv = LevelRating((("level", "hard"), ("variant", "classic")), (), "not rated")
    assert lv.to_dict()["difficulty_bot"] is None and lv.to_dict()["disagreement"] is None


# -- one set of symbols -------------------------------------------------------------------


def test_water_is_tilde_in_the_file_as_on_the_screen_and_dot_is_still_read(cli):
    tilde = parse(OPEN.replace(".", "~"), "a.layout")
    dotted = parse(OPEN, "b.layout")
    assert tilde == dotted and tilde.cells.count(".") == 2
    _write(cli, "floe.layout", OPEN.replace(".", "~"))
    shown = cli("layout", "show", "floe.layout").out.splitlines()
    grid = [line for line in shown if line.strip()[:2] in ("4:", "3:", "2:", "1:")]
    written = [line for line in OPEN.replace(".", "~").splitlines() if line.strip()[:1].isdigit()]
    assert grid == written  # the screen draws the file's own symbols
    assert "~ open water" in "\n".join(shown)


def test_layout_new_writes_tilde_and_the_counts_have_their_plurals(cli):
    text = cli("layout", "new", "4x3").out
    rows = [line.split(":", 1)[1] for line in text.splitlines() if line.strip()[:1].isdigit()]
    assert all("." not in row for row in rows)
    assert "#   ~  open water" in text
    _write(cli, "floe.layout", OPEN.replace("I S I .", "R S I ."))
    last = cli("layout", "show", "floe.layout").out.splitlines()[-1]
    assert "12 ice tiles, 1 seal, 1 rock, 2 open water squares" in last
    _write(cli, "two.layout", OPEN.replace("I S I .", "R S R ~").replace("I I . I", "I I I I"))
    last = cli("layout", "show", "two.layout").out.splitlines()[-1]
    assert "12 ice tiles, 1 seal, 2 rocks, 1 open water square;" in last


def test_an_unknown_tile_names_the_symbols(cli):
    _write(cli, "q.layout", OPEN.replace("I S I .", "I S Q ."))
    ran = cli("validate", "q.layout")
    assert ran.code == 1
    assert ran.err.startswith(
        "q.layout:3:13: error: unknown tile 'Q' (I ice, S seal, R rock, ~ open water)"
    )
