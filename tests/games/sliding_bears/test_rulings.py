"""One test per Sliding Bears ruling (SB1-SB9), each showing the allowed and the refused side."""

from __future__ import annotations

from textwrap import indent

import pytest

from bearcli.core.errors import ScenarioError
from bearcli.core.game import CHANCE, TERMINAL
from bearcli.core.runner import Match
from tests.conftest import load_scenario_text
from tests.games.sliding_bears.helpers import SMALL, match, refused, scenario, types

OPEN = """\
finish: p g b y .
     3: I I I I I
     2: I I I I I
     1: I I I I S
 start: p g b y .
"""


def test_sb1_board_sizes_squares_and_tiles():
    three = "finish: pg b y\n 3: I I I\n 2: I S I\n 1: I I I\n start: p gb y\n"
    assert scenario(three).config.layout.width == 3  # 3 x 3 is the smallest (P-SB1)
    twelve = (
        "finish: p g b y "
        + ". " * 8
        + "\n"
        + "".join(f"{r}: " + "I " * 11 + "S\n" for r in range(12, 0, -1))
        + "start: p g b y "
        + ". " * 8
        + "\n"
    )
    assert scenario(twelve).config.layout.height == 12
    with pytest.raises(ScenarioError) as too_small:
        scenario("finish: p g b y\n 2: I I I I\n 1: I S I I\n start: p g b y\n")
    assert too_small.value.ruling == "SB1" and "3 x 3 to 12 x 12" in too_small.value.message
    with pytest.raises(ScenarioError) as bad_tile:
        scenario("finish: p g b y\n 3: I I I I\n 2: I X I I\n 1: I S I I\n start: p g b y\n")
    assert bad_tile.value.ruling == "SB1" and "'X'" in bad_tile.value.message
    # Rows count up from the start line: a1 is the square above pink's start.
    m = match(["remove b2", "roll pink wind", "jump pink a1"])
    assert m.state.bears[0] == 0


def test_sb2_setup_removes_a_seal_at_normal_and_ice_at_hard():
    m = match(level="normal")
    assert m.actor == 0 and [str(s) for s in m.game.legal_steps(m.state)] == ["remove b2"]
    refused(m, "remove a1", "SB2")
    assert types(m.apply_text("remove b2")) == ["tile-removed"] and m.actor == CHANCE
    hard = match(level="hard")
    refused(hard, "remove b2", "SB2")
    hard.apply_text("remove a1")
    refused(hard, "remove a3", "SB2")  # only one tile, once
    named = match(level="normal", remove="b2")
    assert named.actor == CHANCE and named.events[-1].event.type == "tile-removed"
    with pytest.raises(ScenarioError) as no_seal:
        scenario("finish: p g b y\n 3: I I I I\n 2: I I I I\n 1: I I I I\n start: p g b y\n")
    assert no_seal.value.ruling == "SB2"
    with pytest.raises(ScenarioError) as bad_named:
        scenario(remove="a1")
    assert bad_named.value.ruling == "SB2"


def test_sb3_dice_faces_and_the_multicolour_variant():
    m = match(["remove b2"])
    refused(m, "roll pink/green crack", "SB3")  # not a face of the bear die
    m.apply_text("roll pink/blue wind")
    refused(m, "jump green b1", "SB3")  # classic: the two-colour face moves pink or blue only
    m.apply_text("jump pink a1")
    multi = match(["remove b2", "roll pink/blue wind"], variant="multicolour")
    multi.apply_text("jump green b1")
    with pytest.raises(ScenarioError) as five:
        scenario(params="{bear_die: [pink, green, blue, yellow, pink/blue]}")
    assert five.value.ruling == "SB3" and "six faces" in five.value.message
    with pytest.raises(ScenarioError) as never:
        scenario(params="{bear_die: [pink, green, blue, pink, green, blue]}")
    assert never.value.ruling == "SB3" and "yellow" in never.value.message
    weights = dict((str(s), w) for s, w in m.game.chance_outcomes(match(["remove b2"]).state))
    assert weights["roll pink crack"] == 3 and sum(weights.values()) == 36


def test_sb2_sb3_a_setting_out_of_the_rules_is_refused_at_its_line():
    # the first key is on line 3 of the file; a good setting first puts the bad one on line 4
    cases = [
        (dict(variant="classic", level="easy"), "level must be normal or hard, not 'easy'", "SB2"),
        (
            dict(level="hard", variant="odd"),
            "variant must be classic or multicolour, not 'odd'",
            "SB3",
        ),
        (
            dict(level="normal", remove="a1"),
            "'remove' must name a seal of the layout at the normal level, not 'a1'",
            "SB2",
        ),
        (
            dict(level="hard", remove="b2"),
            "'remove' must name an ice tile of the layout at the hard level, not 'b2'",
            "SB2",
        ),
    ]
    for keys, message, ruling in cases:
        with pytest.raises(ScenarioError) as bad:
            scenario(**keys)
        assert (bad.value.message, bad.value.ruling, bad.value.location.line) == (
            message,
            ruling,
            4,
        ), keys
    no_seal = SMALL.replace("S", "I")
    with pytest.raises(ScenarioError) as bad:
        scenario(no_seal, level="normal")
    assert bad.value.message == (
        "a layout with no seal tile cannot be played at the normal level: one seal tile is "
        "removed before the first roll"
    )
    assert (bad.value.ruling, bad.value.location.line) == ("SB2", 4)  # `layout:`
    with pytest.raises(ScenarioError) as no_ice:
        scenario(SMALL.replace("I", "S"), level="hard")
    assert no_ice.value.message == (
        "a layout with no ice tile cannot be played at the hard level: one ice tile is "
        "removed before the first roll"
    )


def test_sb1_a_layout_is_a_file_or_an_inline_grid():
    with pytest.raises(ScenarioError) as bad:
        load_scenario_text("game: sliding-bears\nseats: [random]\nlevel: normal\nlayout: 3\n")
    assert bad.value.message == "'layout' must be a path to a layout file or an inline grid"
    assert (bad.value.ruling, bad.value.location.line) == ("SB1", 4)


def test_sb3_every_colour_must_be_on_the_bear_die_unless_multicolour_moves_it():
    weather = "\n  weather_die: [crack, wind, crack, wind, crack, wind]"  # line 4
    one_short = weather + "\n  bear_die: [pink, green, blue, pink/blue, pink, green]"
    never = _die_refused(one_short)
    assert never.message == "no bear_die face moves yellow: the game could never be won"
    assert (never.ruling, never.location.line) == ("SB3", 5)
    two_short = weather + "\n  bear_die: [pink, green, pink, green, pink, green]"
    assert _die_refused(two_short).message.startswith("no bear_die face moves blue, yellow: ")
    # multicolour: a face of two colours moves any bear (SB3), so yellow can still move
    multi = scenario(variant="multicolour", params=one_short)
    assert multi.config.bear_die == ("pink", "green", "blue", "pink/blue", "pink", "green")
    with pytest.raises(ScenarioError):  # but only a face of two colours does
        scenario(variant="multicolour", params=two_short)


def _die_refused(params: str) -> ScenarioError:
    with pytest.raises(ScenarioError) as refused_die:
        scenario(params=params)
    return refused_die.value


def test_sb3_dice_are_named_and_placed_in_the_scenario():
    # the file's line 3 holds `params:` (game and seats come first), its keys the lines below
    not_a_mapping = _die_refused("3")
    assert (not_a_mapping.message, not_a_mapping.location.line) == ("'params' must be a mapping", 3)
    six = {
        "bear_die": "[pink, green, blue, yellow, pink, green]",
        "weather_die": "[crack, wind, crack, wind, crack, wind]",
    }
    for key, faces, count in (
        ("bear_die", "[pink, green, blue]", 3),
        ("weather_die", "[crack, wind]", 2),
    ):
        other = next(k for k in six if k != key)  # a good die first: the short one on line 5
        short = _die_refused(f"\n  {other}: {six[other]}\n  {key}: {faces}")
        assert (short.message, short.ruling) == (f"{key} needs six faces, not {count}", "SB3")
        assert short.location.line == 5
    faces = "\n    - ".join(["", "pink", "green", "blue", "yellow", "pink/blue", "red"])
    odd = _die_refused(f"\n  bear_die:{faces}")
    assert odd.message == "bear_die face 'red' is not a colour or colours joined by '/'"
    assert (odd.ruling, odd.location.line) == ("SB3", 10)  # the sixth face's line
    faces = "\n    - ".join(["", "crack", "wind", "crack", "snow", "wind", "crack"])
    odd = _die_refused(f"\n  weather_die:{faces}")
    assert odd.message == "weather_die face 'snow' must be crack or wind"
    assert (odd.ruling, odd.location.line) == ("SB3", 8)  # the fourth face's line


def test_sb4_jumps_onto_free_ice_only_and_start_finish_squares():
    m = match(["remove b2", "roll blue wind"])
    refused(m, "jump blue c1", "SB4")  # c1 is a rock
    m = match(["remove b2", "roll pink wind"])
    refused(m, "jump pink b1", "SB4")  # the start connects only to the square above it
    off = refused(m, "jump pink a4", "SB4")  # the floe is 4 x 3
    assert off.message.endswith("a4 is not a square of this 4 x 3 grid"), off.message
    m.apply_text("jump pink a1")
    refused(m, "jump pink a2", "SB4")  # the bear die is used
    m.apply_text("pass")
    m.apply_text("roll pink wind")
    m.apply_text("jump pink start")  # back onto its own start square
    m.apply_text("pass")
    m.apply_text("roll pink wind")
    m.apply_text("jump pink a1")
    m.apply_text("pass")
    for text in ("roll pink wind", "jump pink a2", "pass", "roll pink wind"):
        m.apply_text(text)
    refused(m, "jump pink finish", "SB4")  # the finish only from the top-row square below it
    for text in ("jump pink a3", "pass", "roll pink wind", "jump pink finish"):
        m.apply_text(text)
    m.apply_text("pass")
    m.apply_text("roll pink wind")
    refused(m, "jump pink a3", "SB4")  # arrived: does not move again
    m2 = match(
        [
            "remove b2",
            "roll pink wind",
            "jump pink a1",
            "pass",
            "roll pink wind",
            "jump pink b1",
            "pass",
            "roll pink wind",
        ]
    )
    assert m2.state.bears[0] == 1  # sideways onto b1 is fine
    refused(m2, "jump pink start", "SB4")  # b1 is above green's start, never pink's
    m3 = match(
        [
            "remove b2",
            "roll green wind",
            "jump green b1",
            "pass",
            "roll pink wind",
            "jump pink a1",
            "pass",
            "roll pink wind",
        ]
    )
    refused(m3, "jump pink b1", "SB4")  # not free: the green bear stands there


def test_sb5_crack_is_mandatory_and_takes_free_ice():
    m = match(["remove b2", "roll pink crack", "jump pink a1"])
    refused(m, "crack a1", "SB5")  # a bear stands on it
    refused(m, "crack c1", "SB5")  # a rock
    refused(m, "pass", "SB5")  # the crack cannot be forgone
    logged = m.apply_text("crack d3")
    assert types(logged) == ["ice-cracked", "turn-ended"]
    tiny = "finish: p g b y\n 3: . . . .\n 2: . S . .\n 1: I . . R\n start: p g b y\n"
    lost = match(["remove b2", "roll pink crack", "jump pink a1"], layout=tiny)
    assert lost.actor == TERMINAL and lost.outcome.termination == "no-free-ice"
    assert lost.outcome.winners == ()
    refused(lost, "roll pink crack", "SB8")


def test_sb6_wind_slides_ice_or_seal_into_open_water_with_its_rider():
    m = match(["remove b2", "roll yellow wind", "jump yellow d1"])
    refused(m, "wind c1 d2", "SB6")  # a rock never slides
    refused(m, "wind a1 b1", "SB6")  # only into open water
    refused(m, "wind c3 d2", "SB6")  # never diagonally
    logged = m.apply_text("wind d1 d2")
    ev = logged[0].event
    assert ev.type == "tile-slid" and ev.get("rider") == "yellow" and ev.get("to") == "d2"
    assert m.state.bears[3] == 7  # d2 (row-major index 1 * 4 + 3)
    crack = match(["remove b2", "roll pink crack"])
    refused(crack, "wind a1 b2", "SB6")  # the weather die shows crack


def test_sb7_the_two_dice_in_either_order():
    first = match(["remove b2", "roll pink crack", "crack d3", "jump pink a1"])
    second = match(["remove b2", "roll pink crack", "jump pink a1", "crack d3"])
    assert first.state.cells == second.state.cells and first.state.bears == second.state.bears
    m = match(["remove b2", "roll pink wind"])
    refused(m, "roll pink wind", "SB7")  # the dice of this turn are not used up yet


def _walk(colour: str, column: str) -> list[str]:
    out = []
    for target in (f"{column}1", f"{column}2", f"{column}3", "finish"):
        out += [f"roll {colour} wind", f"jump {colour} {target}", "pass"]
    return out


def test_sb8_won_when_all_four_are_across_lost_at_a_crack_without_ice():
    moves = ["remove e1"]
    for colour, column in zip(("pink", "green", "blue", "yellow"), "abcd", strict=True):
        moves += _walk(colour, column)
    m = match(moves[:-1], layout=OPEN)  # the last jump wins at once, no pass needed
    assert m.over and m.outcome.termination == "all-bears-across"
    assert m.outcome.winners == (0,)
    assert m.events[-1].event.type == "game-ended"
    refused(m, "pass", "SB8")  # nothing follows the end
    unfinished = match(moves[:-4], layout=OPEN)
    assert not unfinished.over and unfinished.outcome is None


def test_sb9_one_to_six_seats_taking_turns():
    six = "game: sliding-bears\nseats: [random, random, random, random, random, random]\n"
    lay = "layout: |\n" + indent(SMALL, "  ")
    assert len(load_scenario_text(six + lay).config.seats) == 6
    with pytest.raises(ScenarioError) as seven:
        load_scenario_text(six.replace("]", ", random]") + lay)
    assert seven.value.ruling == "SB9"
    two = load_scenario_text("game: sliding-bears\nseats: [human, human]\n" + lay)
    m = Match(two.game, two.config)
    for text in ("remove b2", "roll pink crack", "crack d3", "pass"):
        m.apply_text(text)
    assert m.actor == CHANCE
    m.apply_text("roll pink wind")
    assert m.actor == 1  # the second seat's turn
