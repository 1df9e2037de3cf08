"""The static checks of a floe (P-SB7 to P-SB12): each flagged on a small hand-made floe and
not flagged on its nearest sound neighbour, located in the scenario file; no shipped floe or
scenario is flagged at either level or in either variant."""

from __future__ import annotations

from textwrap import indent

import pytest

from bearcli.formats import scenario as scenario_fmt
from bearcli.formats import validation, yamlsrc
from tests.conftest import ROOT

FLOES = ROOT / "scenarios/sliding-bears"
NO_CRACK = "{weather_die: [wind, wind, wind, wind, wind, wind]}"
NO_WIND = "{weather_die: [crack, crack, crack, crack, crack, crack]}"


def findings(layout: str, **keys) -> list[tuple[str, str, int, int]]:
    """(severity, ruling, line, col) of each finding; the layout starts on line 4."""
    body = "".join(f"{k}: {v}\n" for k, v in keys.items())
    text = f"game: sliding-bears\nseats: [random]\nlayout: |\n{indent(layout, '  ')}{body}"
    src = yamlsrc.loads(text, "s.yaml", ROOT)
    found = validation.static_findings(scenario_fmt.parse(src), src)
    return [(f.severity, f.ruling, f.location.line, f.location.col) for f in found]


def messages(layout: str, **keys) -> list[str]:
    text = f"game: sliding-bears\nseats: [random]\nlayout: |\n{indent(layout, '  ')}"
    text += "".join(f"{k}: {v}\n" for k, v in keys.items())
    src = yamlsrc.loads(text, "s.yaml", ROOT)
    return [f.headline() for f in validation.static_findings(scenario_fmt.parse(src), src)]


WALL = """\
finish: p g b y
     3: I I I I
     2: R R R R
     1: I S I I
 start: p g b y
"""
GAP = WALL.replace("R R R R", "R R . R")  # open water in the wall: the wind brings ice across


def test_a_finish_walled_off_by_rocks_is_an_error_at_its_letter():
    assert findings(WALL) == [("error", "P-SB7", 4, 11 + 2 * k) for k in range(4)]
    assert messages(WALL)[0] == (
        "s.yaml:4:11: error: the pink bear can never reach its finish: rocks wall a3 (below "
        "its finish) off from a1 (above its start), even with perfect wind [P-SB7]"
    )
    assert findings(GAP) == []


def test_without_a_wind_face_only_a_path_of_ice_leads_across():
    water = WALL.replace("R R R R", ". . . .")
    assert findings(water) == []  # the wind can fill the gap
    # (At the hard level, so that no seal is needed on the bears' way in.)
    water = water.replace("1: I S I I", "1: I I I I")
    assert findings(water, level="hard") == []
    dry = findings(water, level="hard", params=NO_WIND)
    assert dry == [("error", "P-SB7", 4, 11 + 2 * k) for k in range(4)]
    said = messages(water, level="hard", params=NO_WIND)
    assert "no path of ice tiles leads from a1" in said[0]
    ice = water.replace(". . . .", "I I I I")
    assert findings(ice, level="hard", params=NO_WIND, remove="b2") == []
    # Left to seat 1, removing a square above a start strands that bear (nothing moves).
    assert findings(ice, level="hard", params=NO_WIND) == [("warning", "P-SB11", 7, 11)]
    assert (
        "removing a1, b1, c1, d1, a3, b3, c3, d3 at set-up"
        in messages(ice, level="hard", params=NO_WIND)[0]
    )


def test_a_start_no_ice_can_reach_is_an_error_at_its_start_letter():
    rock = WALL.replace("R R R R", "I I I I").replace("1: I S I I", "1: R S I I")
    assert findings(rock) == [("error", "P-SB8", 8, 11)]
    assert "a1, the square above its start, is a rock" in messages(rock)[0]
    water = rock.replace("1: R S I I", "1: . S I I")  # ice from a2 can slide onto it
    assert findings(water) == []
    # Without wind nothing reaches a1, nor b1 under its seal.
    assert findings(water, params=NO_WIND) == [("error", "P-SB8", 8, 11), ("error", "P-SB8", 8, 13)]
    # Water walled off from every tile: no ice can ever reach the square above the start.
    pond = """\
finish: . p g b y
     3: I I I I I
     2: R I I I I
     1: . R I S I
 start: p . g b y
"""
    assert findings(pond) == [("error", "P-SB8", 8, 11)]
    assert "no ice can ever reach a1" in messages(pond)[0]
    assert findings(pond.replace("2: R I", "2: . I")) == []


def test_a_floe_with_no_ice_after_the_set_up_is_lost_before_play():
    seals = "finish: p g b y\n 3: . . . .\n 2: . S . .\n 1: . . . .\n start: p g b y\n"
    assert findings(seals) == [("error", "P-SB9", 4, 3)]
    assert messages(seals)[0].startswith("s.yaml:4:3: error: no ice tile is left once the set-up")
    one = seals.replace("3: . . . .", "3: . I . .")
    assert findings(one, level="hard") == [("error", "P-SB9", 4, 3)]  # the removal takes it
    assert ("error", "P-SB9", 4, 3) not in findings(one)  # at the normal level a seal goes
    two = one.replace("1: . . . .", "1: I . . .")
    assert [r for _, r, *_ in findings(two, level="hard")] == []


def test_dice_on_which_a_game_can_never_end_are_an_error_at_the_weather_die():
    endless = findings(WALL, params=NO_CRACK)
    assert ("error", "P-SB10", 9, 23) in endless and len(endless) == 5
    assert "a game could never end" in messages(WALL, params=NO_CRACK)[-1]
    assert [r for _, r, *_ in findings(WALL)] == ["P-SB7"] * 4  # with cracks it ends (lost)


def test_a_die_without_cracks_on_a_floe_that_can_be_won_is_a_warning():
    assert findings(GAP, params=NO_CRACK) == [("warning", "P-SB12", 9, 23)]
    assert messages(GAP, params=NO_CRACK)[0].startswith(
        "s.yaml:9:23: warning: the weather die has no crack face, so a game is never lost"
    )
    assert findings(GAP) == []


ISLANDS = """\
finish: p . g b y
     3: . R . . .
     2: . R I I S
     1: I R . . .
 start: p . g b y
"""


def test_a_hard_level_removal_that_strands_a_bear_is_a_warning_at_that_tile():
    # Pink's island holds one ice tile (a1): removing it at set-up strands pink.
    assert findings(ISLANDS, level="hard") == [("warning", "P-SB11", 7, 11)]
    assert "removing a1 at set-up" in messages(ISLANDS, level="hard")[0]
    assert findings(ISLANDS) == []  # the normal level removes a seal, which never hurts
    assert findings(ISLANDS.replace("2: . R", "2: I R"), level="hard") == []
    assert findings(ISLANDS, level="hard", remove="c2") == []  # named: judged as made


def test_a_hard_level_where_every_removal_strands_a_bear_is_an_error_at_the_level():
    single = ISLANDS.replace("2: . R I I S", "2: . R I . S")  # one ice tile on each island
    assert findings(single, level="hard") == [("error", "P-SB11", 9, 8)]
    assert "whichever ice tile is removed" in messages(single, level="hard")[0]
    # Named, the removal is judged as made: green, blue and yellow are stranded.
    assert findings(single, level="hard", remove="c2") == [
        ("error", "P-SB8", 8, 15 + 2 * k) for k in range(3)
    ]


def _shipped() -> list:
    return sorted(FLOES.glob("*.layout")) + sorted(FLOES.rglob("*.yaml"))


@pytest.mark.parametrize("path", _shipped(), ids=lambda p: p.name)
def test_no_shipped_floe_or_scenario_is_flagged(path):
    for level in ("normal", "hard"):
        for variant in ("classic", "multicolour"):
            sets = (f"level={level}", f"variant={variant}")
            src = scenario_fmt.with_overrides(scenario_fmt.read(path), sets)
            assert validation.static_findings(scenario_fmt.parse(src), src) == (), (level, variant)
