"""Scenario validation: variant, params (BS2, BS3, BS13, BS14), deal and open (P-BS5), bots."""

from __future__ import annotations

import pytest

from bearcli.core.errors import ScenarioError
from tests.games.baerenspiel.helpers import match, refused, scenario


def error(extra: str, variant: str = "forest", seats: int = 1) -> ScenarioError:
    with pytest.raises(ScenarioError) as info:
        scenario(seats, variant, extra)
    return info.value


def test_defaults_are_the_rulebook():
    cfg = scenario().config
    assert cfg.dark == (1, 10, 9, 5) and cfg.light == (0, 22, 23, 11)
    assert cfg.die == ("tree", "tree", "tree", "tree", "paw", "bear")
    assert scenario(variant="twin").config.light == (1, 22, 23, 11)  # one spare (P-BS7)
    assert scenario(variant="memo").config.pairs == 25


def test_unknown_variant_points_at_the_value():
    err = error("", variant="giant")
    assert err.ruling == "BS13" and err.location.line == 2 and "forest, twin or memo" in err.message


@pytest.mark.parametrize(
    "extra,ruling,line,col,words",
    [
        ("params:\n  dark: {path: 11}\n", "BS2", 5, 9, "must hold 25 cards"),
        ("params:\n  dark: {bear: 2, path: 9}\n", "BS2", 5, 16, "exactly one little bear"),
        ("params:\n  light: {bear: 1, path: 21}\n", "BS13", 5, 17, "no little bear"),
        ("params:\n  light: {path: -1, animal: 46}\n", "BS2", 5, 17, "0 or more"),
        ("params:\n  die: [tree, tree, paw, bear]\n", "BS3", 5, 8, "six faces"),
        (
            "params:\n  die: [tree, tree, tree, tree, paw, salmon]\n",
            "BS3",
            5,
            38,
            "bear, paw or tree",
        ),
        ("params:\n  die: [tree, tree, tree, tree, paw, paw]\n", "BS3", 5, 8, "no bear face"),
    ],
)
def test_forest_params_are_validated_at_their_place(extra, ruling, line, col, words):
    err = error(extra)
    assert err.ruling == ruling and words in err.message
    assert (err.location.line, err.location.col) == (line, col), err.headline()


def test_removed_only_in_the_twin_game():
    assert "unknown key 'removed'" in error("params: {removed: path}\n").message
    assert error("params: {removed: tree}\n", variant="twin").ruling == "BS13"


def test_memo_pairs_one_to_twenty_five():
    assert scenario(variant="memo", extra="params: {pairs: 1}").config.pairs == 1
    for bad in (0, 26):
        err = error(f"params: {{pairs: {bad}}}\n", variant="memo")
        assert err.ruling == "BS14" and "1 to 25" in err.message
    assert "unknown key 'dark'" in error("params: {dark: {path: 10}}\n", variant="memo").message
    assert error("deal: {a1: path}\n", variant="memo").ruling == "BS14"


def test_deal_and_open_presets_are_checked_against_the_piles():
    m = match(["roll bear tree tree", "search a1"], extra="deal: {a1: obstacle}")
    assert [str(s) for s, _ in m.game.chance_outcomes(m.state)] == ["a1 is obstacle"]
    refused(m, "a1 is path", "P-BS5")
    assert error("deal: {a1: bear}\n").ruling == "BS2"  # the bear has a dark back
    assert error("deal: {k1: path}\n").ruling == "BS1"
    assert error("deal: {a1: tree}\n").ruling == "BS2"
    assert error("open: {c3: bear}\n").ruling == "P-BS5"
    assert error("deal: {a1: path}\nopen: {a1: path}\n").ruling == "P-BS5"
    many = ", ".join(f"{c}3: obstacle" for c in "cdefg") + ", c4: obstacle"
    err = error(f"open: {{{many}}}\n")
    assert err.ruling == "BS2" and "only 5 obstacle" in err.message


def test_a_dealt_card_is_reserved_for_its_square():
    m = match(
        ["roll bear tree tree", "search c3"], extra="deal: {d3: bear}\nopen: {a3: path, b3: path}"
    )
    kinds = [s.kind for s, _ in m.game.chance_outcomes(m.state)]
    assert "bear" not in kinds
    refused(m, "c3 is bear", "P-BS5")


def test_bots_must_fit_the_variant():
    with pytest.raises(ScenarioError) as info:
        from tests.conftest import load_scenario_text

        load_scenario_text("game: baerenspiel\nvariant: memo\nseats: [searcher]\n")
    assert "the memo game has" in info.value.message
    from tests.conftest import load_scenario_text

    scen = load_scenario_text(
        "game: baerenspiel\nvariant: memo\nseats: [{bot: forgetful, memory: 2}, perfect]\n"
    )
    assert scen.config.seats[0].options == (("memory", 2),)
    with pytest.raises(ScenarioError):
        load_scenario_text(
            "game: baerenspiel\nvariant: memo\nseats: [{bot: forgetful, memory: -1}]\n"
        )
