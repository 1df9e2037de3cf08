"""What a person writes for the same step reads as that step (issue 11, point 6): the two dice
in either order, a two-colour face's colours in either order; printed back canonically so the
records and event logs stay as they are. A roll while a crack is owed cites SB5."""

from __future__ import annotations

import pytest

from bearcli.core.errors import MalformedStep
from bearcli.games.sliding_bears import notation
from bearcli.games.sliding_bears.notation import Roll
from tests.games.sliding_bears.helpers import match, refused, scenario


def test_a_roll_reads_in_any_order_and_prints_back_canonically():
    canonical = Roll("pink/blue", "crack")
    for text in (
        "roll pink/blue crack",
        "roll blue/pink crack",
        "roll crack blue/pink",
        "ROLL  Crack  Pink/Blue",
    ):
        step = notation.parse(text)
        assert step == canonical and str(step) == "roll pink/blue crack"
    assert notation.parse("roll wind yellow/green") == Roll("green/yellow", "wind")
    assert notation.parse("roll wind pink") == Roll("pink", "wind")
    # Still refused: not a face (a colour twice, no colour, two weather faces).
    for text in ("roll pink/pink crack", "roll crack wind", "roll red crack"):
        with pytest.raises(MalformedStep):
            notation.parse(text)


def test_a_scenario_face_written_in_another_order_is_the_same_face():
    scen = scenario(params="{bear_die: [pink, green, blue, yellow, blue/pink, yellow/green]}")
    assert scen.config.bear_die[-2:] == ("pink/blue", "green/yellow")
    m = match(["remove b2"], params="{bear_die: [pink, green, blue, yellow, blue/pink, green]}")
    m.apply_text("roll blue/pink wind")  # the face the scenario wrote the other way round
    assert m.state.bear_face == "pink/blue"


def test_a_roll_while_the_crack_is_owed_cites_sb5_and_never_suggests_pass():
    m = match(["remove b2", "roll blue crack"])
    error = refused(m, "roll pink wind", "SB5")
    assert "crack" in error.message and "pass" not in error.message
    m = match(["remove b2", "roll blue wind"])
    refused(m, "roll pink wind", "SB7")  # no crack owed: the old refusal stands
