"""`bearcli layout show|render|new|check`, and a bare `.layout` wherever a scenario is taken
(its default seats and rules are the classic scenario's; `--set` still applies)."""

from __future__ import annotations

import io
import json
import shutil

import yaml
from rich.console import Console

from bearcli.core import registry
from bearcli.formats import scenario as scenario_fmt
from tests.conftest import ROOT

FLOES = ROOT / "scenarios/sliding-bears"
LANE = "finish: pgby . .\n 3: I R R\n 2: I R R\n 1: I R S\n start: pgby . .\n"
WALL = "finish: p g b y\n 3: I I I I\n 2: R R R R\n 1: I S I I\n start: p g b y\n"


def _classic(cwd):
    shutil.copy(FLOES / "classic.layout", cwd / "classic.layout")
    return "classic.layout"


# -- a bare .layout as a scenario ---------------------------------------------------------------


def test_simulate_a_bare_layout_is_the_classic_scenario_and_set_applies(cli):
    floe = _classic(cli.cwd)
    for extra in ((), ("--set", "level=hard")):
        bare = cli("simulate", floe, "--games", "20", "--seed", "1", "--json", *extra)
        full = cli(
            "simulate",
            str(FLOES / "classic.yaml"),
            "--games",
            "20",
            "--seed",
            "1",
            "--json",
            *extra,
        )
        assert bare.code == 0 and full.code == 0, bare.err
        b, f = json.loads(bare.out), json.loads(full.out)
        assert b["scenario"] == "classic" and f["scenario"] == "Classic floe"
        assert {k: v for k, v in b.items() if k != "scenario"} == {
            k: v for k, v in f.items() if k != "scenario"
        }
    hard = json.loads(cli("simulate", floe, "-n", "20", "--seed", "1", "--json").out)
    easy = json.loads(
        cli("simulate", floe, "-n", "20", "--seed", "1", "--json", "--set", "level=hard").out
    )
    assert hard != easy


def test_the_defaults_are_the_classic_scenarios_seats_and_rules():
    bare = scenario_fmt.load(FLOES / "classic.layout")
    full = scenario_fmt.load(FLOES / "classic.yaml")
    assert bare.config == full.config and bare.fingerprint == full.fingerprint
    assert bare.seed == full.seed == 1 and bare.title == "classic"


def test_play_a_bare_layout_with_typed_steps_then_replay_it(cli):
    floe = _classic(cli.cwd)
    ran = cli("play", floe, "--seed", "1", "--set", "seats=[human]", input="remove b5\nquit\n")
    assert ran.code == 130, ran.err
    saved = cli.cwd / "classic-seed1.moves.yaml"  # named after the layout, not .layout-...
    log = yaml.safe_load(saved.read_text())
    assert log["moves"][0] == "remove b5" and log["scenario_file"] == floe
    assert log["scenario"]["layout"] == (FLOES / "classic.layout").read_text()  # inline
    assert cli("replay", saved.name).code == 0
    bots = cli("play", floe, "--save", "bots.yaml", "--watch")  # the default: two greedy bots
    assert bots.code == 0 and "winners: " in bots.out


def test_validate_a_bare_layout_judges_it_with_the_default_rules(cli):
    (cli.cwd / "noseal.layout").write_text(LANE.replace("S", "R"))
    (cli.cwd / "lane.layout").write_text(LANE)
    ran = cli("validate", "noseal.layout", "lane.layout")
    assert ran.code == 1
    assert ran.err.splitlines()[0] == (
        "noseal.layout:1:1: error: a layout with no seal tile cannot be played at the normal "
        "level: one seal tile is removed before the first roll [SB2]"
    )
    assert ran.out.strip() == "lane.layout: ok (layout)"


def test_solve_a_small_bare_layout_as_its_scenario(cli):
    (cli.cwd / "lane.layout").write_text(LANE)
    inline = "game: sliding-bears\nseats: [greedy, greedy]\nlayout: |\n" + "".join(
        f"  {line}\n" for line in LANE.splitlines()
    )
    (cli.cwd / "lane.yaml").write_text(inline)
    bare = cli("solve", "lane.layout", "--json")
    full = cli("solve", "lane.yaml", "--json")
    assert bare.code == 0, bare.err
    b, f = json.loads(bare.out), json.loads(full.out)
    assert b["positions"] == f["positions"] == 160
    assert b["win_probability"] == f["win_probability"] > 0
    assert b["scenario"] == "lane"


# -- layout show ----------------------------------------------------------------------------------


def test_show_draws_the_floe_with_plays_own_drawing(cli):
    ran = cli("layout", "show", _classic(cli.cwd))
    assert ran.code == 0, ran.err
    scen = scenario_fmt.load(FLOES / "classic.layout")
    out = io.StringIO()
    state, _ = scen.game.initial_state(scen.config)
    Console(file=out, width=100, no_color=True, soft_wrap=True, emoji=False).print(
        registry.get("sliding-bears").render(state)
    )
    assert ran.out.startswith(out.getvalue())  # the very drawing play shows, legend and all
    assert ran.out.splitlines()[-1] == (
        "classic: 6 x 6, 23 ice tiles, 2 seals, 2 rocks, 9 open water squares; level normal"
    )


def test_show_takes_a_scenario_or_a_shipped_name_and_refuses_other_games(cli):
    ran = cli("layout", "show", "sliding-bears/small/single-file", "--set", "level=hard")
    assert ran.code == 0 and ran.out.splitlines()[-1].endswith("level hard")
    other = cli("layout", "show", str(ROOT / "scenarios/bear-down/two-players.yaml"))
    assert other.code == 1
    assert other.err.endswith(
        "two-players.yaml:2:7: error: layouts are Sliding Bears floes; this is a bear-down "
        "scenario\n"
    )


# -- layout render --------------------------------------------------------------------------------


def test_render_writes_an_svg_and_never_overwrites_without_force(cli):
    floe = _classic(cli.cwd)
    ran = cli("layout", "render", floe, "--svg", "pics/classic.svg")
    assert ran.code == 0, ran.err
    picture = (cli.cwd / "pics/classic.svg").read_text()
    assert picture.startswith("<?xml") and 'data-square="f6"' in picture
    again = cli("layout", "render", floe, "--svg", "pics/classic.svg")
    assert again.code == 1 and again.err.startswith("pics/classic.svg:1:1: error: file exists")
    forced = cli("layout", "render", floe, "--svg", "pics/classic.svg", "--force", "--title", "T")
    assert forced.code == 0 and ">T</text>" in (cli.cwd / "pics/classic.svg").read_text()
    assert not [p for p in (cli.cwd / "pics").iterdir() if p.name != "classic.svg"]  # no temp


def test_render_a_floe_with_an_error_is_refused_at_its_place(cli):
    (cli.cwd / "bad.layout").write_text(LANE.replace("I R S", "I Q S"))
    ran = cli("layout", "render", "bad.layout", "--svg", "bad.svg")
    assert ran.code == 1 and ran.err.startswith("bad.layout:4:7: error: unknown tile 'Q'")
    assert not (cli.cwd / "bad.svg").exists()


# -- layout new -----------------------------------------------------------------------------------


def test_new_writes_a_commented_layout_that_validates(cli):
    ran = cli("layout", "new", "7x5")
    assert ran.code == 0, ran.err
    assert ran.out.startswith("# A new Sliding Bears floe, 7 columns x 5 rows")
    assert ran.out.splitlines()[-1] == " start: p . g . b . y"
    (cli.cwd / "river-bend.layout").write_text(ran.out)
    checked = cli("validate", "river-bend.layout")
    assert checked.code == 0 and checked.err == "", checked.err
    assert cli("layout", "check", "river-bend.layout").out == "river-bend.layout: ok (0 warnings)\n"
    assert cli("simulate", "river-bend.layout", "-n", "5", "--seed", "1").code == 0
    for size in ("3x3", "12x12", "3x12", "4x7"):
        assert cli("layout", "new", size, "--out", f"{size}.layout").code == 0
        assert cli("validate", f"{size}.layout").err == "", size


def test_new_refuses_to_overwrite_without_force(cli):
    assert cli("layout", "new", "7x5", "--out", "f.layout").code == 0
    (cli.cwd / "f.layout").write_text("mine\n")
    ran = cli("layout", "new", "7x5", "--out", "f.layout")
    assert ran.code == 1 and ran.err.startswith("f.layout:1:1: error: file exists; pass --force")
    assert (cli.cwd / "f.layout").read_text() == "mine\n"
    assert cli("layout", "new", "4x4", "--out", "f.layout", "--force").code == 0
    assert "4 columns x 4 rows" in (cli.cwd / "f.layout").read_text()


def test_a_bad_size_is_a_usage_error_placed_in_the_argument(cli):
    cases = {
        "13x5": "COLSxROWS:1:1: error: 13 columns: a floe has 3 to 12 columns [SB1]",
        "7x2": "COLSxROWS:1:3: error: 2 rows: a floe has 3 to 12 rows [SB1]",
        "10x99": "COLSxROWS:1:4: error: 99 rows: a floe has 3 to 12 rows [SB1]",
        "7by5": "COLSxROWS:1:1: error: a size is COLSxROWS, such as 7x5, not '7by5'",
    }
    for size, message in cases.items():
        ran = cli("layout", "new", size, "--out", "x.layout")
        assert (ran.code, ran.err.strip()) == (2, message), size
    assert not (cli.cwd / "x.layout").exists()


# -- layout check ---------------------------------------------------------------------------------


def test_check_prints_errors_and_exits_1_warnings_and_exits_0(cli):
    (cli.cwd / "wall.layout").write_text(WALL)
    ran = cli("layout", "check", "wall.layout")
    assert ran.code == 1
    lines = ran.err.splitlines()
    assert lines[0] == (
        "wall.layout:1:9: error: the pink bear can never reach its finish: rocks wall a3 "
        "(below its finish) off from a1 (above its start), even with perfect wind [P-SB7]"
    )
    assert lines[-1] == "4 errors, 0 warnings"
    (cli.cwd / "gap.layout").write_text(WALL.replace("R R R R", "R R . R"))
    dice = "params={weather_die: [wind, wind, wind, wind, wind, wind]}"
    warned = cli("layout", "check", "gap.layout", "--set", dice)
    assert warned.code == 0 and warned.out == "gap.layout: ok (1 warning)\n"
    assert warned.err.startswith("--set:1:8: warning: the weather die has no crack face")
    assert warned.err.rstrip().endswith("[P-SB12]")
    # validate runs the same checks: the warning is printed and the file passes.
    (cli.cwd / "s.yaml").write_text(
        "game: sliding-bears\nseats: [random]\nlayout: gap.layout\nparams:\n"
        "  weather_die: [wind, wind, wind, wind, wind, wind]\n"
    )
    both = cli("validate", "s.yaml", "wall.layout")
    assert both.code == 1
    assert (
        both.err.splitlines()[0]
        == "s.yaml:5:16: warning: " + warned.err.split("warning: ", 1)[1].splitlines()[0]
    )
    assert "wall.layout:1:9: error: the pink bear" in both.err
    assert "s.yaml: ok (scenario, sliding-bears)" in both.out


def test_simulate_and_rate_refuse_dice_on_which_no_game_can_end(cli):
    """P-SB10 is refused before the first game, even with --unchecked (each would run into the
    step guard); with a crack face the same walled floe is refused for its P-SB7 errors, and
    with --unchecked simulates (every game lost) and rates (P-SB14)."""
    (cli.cwd / "wall.layout").write_text(WALL)
    dice = "params={weather_die: [wind, wind, wind, wind, wind, wind]}"
    refused = cli("simulate", "wall.layout", "--set", dice, "-n", "5", "--unchecked")
    assert refused.code == 1 and refused.out == ""
    assert refused.err == (
        "--set:1:8: error: the weather die has no crack face, so a game is never lost, and some "
        "bear can never arrive: a game could never end [P-SB10]\n"
    )
    rated = cli("layout", "rate", "wall.layout", "--set", dice, "--games", "5", "--unchecked")
    assert rated.code == 1 and "a game could never end [P-SB10]" in rated.err
    checked = cli("simulate", "wall.layout", "-n", "5")
    assert checked.code == 1 and checked.err.count("[P-SB7]") == 4 and checked.out == ""
    played = json.loads(cli("simulate", "wall.layout", "-n", "5", "--json", "--unchecked").out)
    assert played["games"] == 5 and played["wins"] == 0
    assert len(played["unchecked_errors"]) == 4
    # A floe every bear can cross: no crack face only warns (P-SB12), and greedy's games end.
    (cli.cwd / "open.layout").write_text(WALL.replace("R R R R", "I I I I"))
    ended = cli("simulate", "open.layout", "--set", dice, "-n", "5", "--json")
    assert ended.code == 0 and ended.err.rstrip().endswith("[P-SB12]")
    assert ended.err.count("\n") == 1 and ": warning: " in ended.err
    assert json.loads(ended.out)["games"] == 5 and json.loads(ended.out)["wins"] == 5


def test_every_shipped_floe_checks_clean(cli):
    for path in sorted(FLOES.glob("*.layout")) + sorted(FLOES.rglob("*.yaml")):
        ran = cli("layout", "check", str(path))
        assert (ran.code, ran.err) == (0, ""), path
