"""P-C10: a seat has one name wherever a person reads it (board, narration, results, refusals),
its scenario name, else `seat N`; the notation still writes a seat by its number."""

from __future__ import annotations

import re

import pytest

from tests.conftest import ROOT

TOUR = (ROOT / "replays/sliding-bears/rulings-tour.yaml").read_text()


def _record(tmp_path, *, named: bool, moves: str):
    text = TOUR.split("moves:")[0]
    if not named:
        text = text.replace("{name: Ana, bot: human}, {name: Ben, bot: human}", "human, human")
        text = text.replace("winners: [1, 2]}", "winners: [1, 2]}")
    path = tmp_path / ("named.yaml" if named else "plain.yaml")
    path.write_text(
        text.replace("result: {termination: all-bears-across, winners: [1, 2]}\n", "")
        + "moves:\n"
        + moves
    )
    return str(path)


@pytest.mark.parametrize(
    ("named", "first", "second"), [(True, "Ana", "Ben"), (False, "seat 1", "seat 2")]
)
def test_board_narration_and_result_name_a_seat_alike(cli, tmp_path, named, first, second):
    path = _record(tmp_path, named=named, moves="  - remove e1\n")
    board = cli("replay", path, "--board")
    assert board.code == 0, board.err
    assert f"turn 1: {first} to roll" in board.out
    path = _record(tmp_path, named=named, moves="  - remove e1\n  - roll pink crack\n")
    board = cli("replay", path, "--board")
    assert f"turn 1, {first}: bear die pink, weather die crack to use" in board.out
    told = cli("replay", path, "--narrate")
    assert first in told.out
    if named:  # the numbered form never appears where a seat has a name
        assert not re.search(r"seat [12]\b", board.out + told.out)
    full = cli("replay", str(ROOT / "replays/sliding-bears/rulings-tour.yaml"))
    assert full.out.rstrip().endswith("winners Ana, Ben")


@pytest.mark.parametrize(
    ("named", "first", "second"), [(True, "Ana", "Ben"), (False, "seat 1", "seat 2")]
)
def test_a_refusal_names_seats_as_the_board_does_and_writes_the_step_by_number(
    cli, tmp_path, named, first, second
):
    path = _record(
        tmp_path, named=named, moves="  - remove e1\n  - roll pink crack\n  - seat2 crack e3\n"
    )
    ran = cli("replay", path)
    assert ran.code == 1
    assert (
        f"it is {first}'s turn, not {second}'s; crack e3 is legal for {first} (seat1 crack e3)"
        in ran.err
    )
    assert "[P-C6]" in ran.err
    # the rule's own refusal names the seat the same way
    path = _record(tmp_path, named=named, moves="  - remove e1\n  - crack e3\n")
    ran = cli("replay", path)
    assert ran.code == 1 and "[SB3]" in ran.err
    assert f"{first}'s" in ran.err or f"{first} " in ran.err
