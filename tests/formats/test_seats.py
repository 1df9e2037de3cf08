"""Seats named in a record: read, checked against the turn, and the refusals explained
(formats/seats.py, P-C6 and P-C7)."""

from __future__ import annotations

import dataclasses
from types import SimpleNamespace

import pytest

from bearcli.core.errors import BearError, IllegalStep, MalformedStep
from bearcli.formats import seats
from tests.steps import THREE, played

HINT = (
    "expected one of: remove SQ, roll FACE crack|wind, jump COLOUR SQ|start|finish, crack SQ,"
    " wind SQ SQ, pass"
)


def _error(exc: BearError) -> tuple:
    return (type(exc), exc.message, exc.ruling, exc.location, getattr(exc, "text", None))


class _Over:
    """A game whose actor is always `actor` (TERMINAL: the game is over)."""

    def __init__(self, game, actor: int):
        self.game, self.actor_value = game, actor

    def actor(self, state) -> int:
        return self.actor_value

    def legal_for(self, state, seat):
        return self.game.legal_for(state, seat)


def test_the_rulings_cited():
    assert (seats.RULING, seats.STRICT_RULING) == ("P-C6", "P-C7")


def test_read_takes_a_seat_before_the_step():
    game = played("sliding-bears/classic.yaml").game
    remove = game.parse_step("remove d3")
    assert seats.read(game, "remove d3") == (remove, None)
    assert seats.read(game, "seat2 remove d3") == (remove, 1)
    assert seats.read(game, "seat1 remove d3") == (remove, 0)
    assert seats.read(game, "  SEAT 1   remove d3 ") == (remove, 0)
    assert seats.read(game, "Seat9 remove d3") == (remove, 8)
    assert seats.read(game, "seat1\nremove d3") == (remove, 0)
    assert seats.read(game, "seat1 remove\nd3") == (remove, 0)  # the step may hold a newline
    assert seats.read(game, "seat1 remove d3\n") == (remove, 0)


def test_read_refuses_text_that_is_no_step_with_or_without_a_seat():
    game = played("sliding-bears/classic.yaml").game
    for text in ("seat0 remove d3", "seat10 remove d3", "seat1remove d3", "jump", "seat1"):
        with pytest.raises(MalformedStep) as err:
            seats.read(game, text)
        assert _error(err.value) == (
            MalformedStep,
            f"malformed step {text!r}: {HINT}",
            None,
            None,
            text,
        )
    with pytest.raises(MalformedStep) as err:  # the step after the seat is refused
        seats.read(game, "seat1 jump")
    assert _error(err.value) == (
        MalformedStep,
        f"malformed step 'jump': {HINT}",
        None,
        None,
        "jump",
    )


def test_read_takes_the_seat_of_a_game_s_own_seat_form():
    game = played("bear-down/two-players.yaml").game
    step, claimed = seats.read(game, "seat2 blue1")
    assert (step, claimed) == (game.parse_step("seat2 blue1"), 1)
    assert step.seat == 2
    assert seats.read(game, "seat 1 blue1") == (game.parse_step("blue1"), 0)  # read here
    step, claimed = seats.read(game, "blue1")
    assert (step.seat, claimed) == (None, None)


@dataclasses.dataclass(frozen=True)
class _Mark:
    square: str
    seat: int | None = None


class _Marks:
    """A game whose notation writes the seat after the step: `mark a1 @2`."""

    def parse_step(self, text: str) -> _Mark:
        words = text.split()
        if len(words) == 2 and words[0] == "mark":
            return _Mark(words[1])
        if len(words) == 3 and words[0] == "mark" and words[2].startswith("@"):
            return _Mark(words[1], int(words[2][1:]))
        raise MalformedStep(text, "expected mark SQ [@N]")


def test_read_takes_the_seat_of_a_game_s_own_seat_form_whatever_its_notation():
    assert seats.read(_Marks(), "mark a1 @2") == (_Mark("a1", 2), 1)
    assert seats.read(_Marks(), "mark a1 @1") == (_Mark("a1", 1), 0)
    assert seats.read(_Marks(), "mark a1") == (_Mark("a1"), None)
    assert seats.read(_Marks(), "seat2 mark a1") == (_Mark("a1"), 1)
    assert seats.read(_Marks(), "seat2 mark a1 @3") == (_Mark("a1", 3), 2)  # the game's own


def test_bare_drops_only_a_seat_of_the_game_s_own_form():
    game = played("bear-down/two-players.yaml").game
    named = game.parse_step("seat2 blue1")
    assert seats.bare(named) == dataclasses.replace(named, seat=None)
    assert seats.bare(named).seat is None and named.seat == 2
    plain = game.parse_step("blue1")
    assert seats.bare(plain) is plain
    remove = played("sliding-bears/classic.yaml").game.parse_step("remove d3")  # no seat field
    assert seats.bare(remove) is remove
    other = SimpleNamespace(seat=2)  # not a dataclass: left as it is
    assert seats.bare(other) is other and other.seat == 2


def test_suits_compares_the_step_as_written_with_what_the_seat_could_do():
    match = played("bear-down/three-players.yaml", *THREE)
    game, state = match.game, match.state
    boulder = game.parse_step("seat2 boulder")
    assert [seats._suits(game, state, boulder, k) for k in range(3)] == [True, False, True]
    assert seats._suits(game, state, game.parse_step("yellow2"), 1) is True
    assert seats._suits(game, state, game.parse_step("yellow3"), 1) is False


def test_a_claim_of_the_seat_whose_turn_it_is_or_of_none_is_accepted():
    match = played("sliding-bears/classic.yaml")
    game, state = match.game, match.state
    remove = game.parse_step("remove d3")
    assert seats.check_claim(game, state, "remove d3", remove, None) is None
    assert seats.check_claim(game, state, "seat1 remove d3", remove, 0) is None
    match = played("bear-down/three-players.yaml", *THREE)
    boulder = match.game.parse_step("seat2 boulder")
    assert seats.check_claim(match.game, match.state, "seat2 boulder", boulder, 1) is None


def test_a_claim_of_another_seat_is_refused_saying_whose_turn_it_is():
    match = played("sliding-bears/classic.yaml")
    game, state = match.game, match.state
    remove = game.parse_step("remove d3")
    with pytest.raises(IllegalStep) as err:
        seats.check_claim(game, state, "seat2 remove d3", remove, 1)
    assert _error(err.value) == (
        IllegalStep,
        "illegal step 'seat2 remove d3': it is Ana's turn, not Ben's; remove d3 is legal for"
        " Ana (seat1 remove d3)",
        "P-C6",
        None,
        "seat2 remove d3",
    )
    match = played("bear-down/three-players.yaml", *THREE)  # Florian's turn
    game, state = match.game, match.state
    with pytest.raises(IllegalStep) as err:  # not legal for Florian: no hint
        seats.check_claim(game, state, "seat1 boulder", game.parse_step("seat1 boulder"), 0)
    assert _error(err.value) == (
        IllegalStep,
        "illegal step 'seat1 boulder': it is Florian's turn, not Emma's",
        "P-C6",
        None,
        "seat1 boulder",
    )
    with pytest.raises(IllegalStep) as err:  # legal for Florian: the hint names his seat
        seats.check_claim(game, state, "seat3 yellow2", game.parse_step("seat3 yellow2"), 2)
    assert _error(err.value) == (
        IllegalStep,
        "illegal step 'seat3 yellow2': it is Florian's turn, not Helena's; yellow2 is legal for"
        " Florian (seat2 yellow2)",
        "P-C6",
        None,
        "seat3 yellow2",
    )


def test_a_claim_of_a_seat_the_game_has_not_is_refused():
    match = played("sliding-bears/classic.yaml")
    game, state = match.game, match.state
    remove = game.parse_step("remove d3")
    for claimed in (2, 8):
        text = f"seat{claimed + 1} remove d3"
        with pytest.raises(IllegalStep) as err:
            seats.check_claim(game, state, text, remove, claimed)
        assert _error(err.value) == (
            IllegalStep,
            f"illegal step {text!r}: there is no seat {claimed + 1}: this game has 2 seat(s)",
            "P-C6",
            None,
            text,
        )
    over = _Over(game, -2)  # the seat count is checked first, even after the end
    with pytest.raises(IllegalStep) as err:
        seats.check_claim(over, state, "seat3 remove d3", remove, 2)
    assert "there is no seat 3" in err.value.message


def test_a_chance_step_naming_a_seat_is_refused():
    match = played("sliding-bears/classic.yaml", "remove d3")
    game, state = match.game, match.state
    roll = game.parse_step("roll pink crack")
    for claimed in (0, 1):
        text = f"seat{claimed + 1} roll pink crack"
        with pytest.raises(IllegalStep) as err:
            seats.check_claim(game, state, text, roll, claimed)
        assert _error(err.value) == (
            IllegalStep,
            f"illegal step {text!r}: a chance step names no seat: write it without 'seatN'",
            "P-C6",
            None,
            text,
        )


def test_after_the_end_a_claim_is_left_to_the_game():
    match = played("sliding-bears/classic.yaml")
    over = _Over(match.game, -2)
    remove = match.game.parse_step("remove d3")
    assert seats.check_claim(over, match.state, "seat2 remove d3", remove, 1) is None
    assert seats.check_claim(over, match.state, "seat1 remove d3", remove, 0) is None


def test_explain_says_whose_turn_it_is_when_other_seats_could_make_the_step():
    match = played("bear-down/three-players.yaml", *THREE)
    game, state = match.game, match.state
    step = game.parse_step("boulder")
    with pytest.raises(IllegalStep) as err:
        game.apply(state, step)
    refused = err.value
    assert _error(seats.explain(game, state, step, None, refused)) == (
        IllegalStep,
        "illegal step 'boulder': it is Florian's turn and for Florian Florian's bear already"
        " stands on boulder; a move names a different place [BD8]; it would be legal for Emma,"
        " Helena: are two seats' steps in the wrong order? (name the seat: seat1 boulder)",
        "P-C6",
        None,
        "boulder",
    )
    # The reason is what follows the first ": " of the refusal; a refusal with no ruling
    # cites none; the text is the refusal's.
    own = IllegalStep("as: written", "first: second: third", ruling=None)
    assert _error(seats.explain(game, state, step, None, own)) == (
        IllegalStep,
        "illegal step 'as: written': it is Florian's turn and for Florian written': first:"
        " second: third; it would be legal for Emma, Helena: are two seats' steps in the wrong"
        " order? (name the seat: seat1 boulder)",
        "P-C6",
        None,
        "as: written",
    )


def test_explain_names_the_one_seat_that_fits_and_drops_a_native_seat():
    match = played("bear-down/three-players.yaml", *THREE[:3])  # Helena's turn
    game, state = match.game, match.state
    assert game.actor(state) == 2
    step = game.parse_step("boulder")
    refused = IllegalStep("boulder", "no", ruling="BD8")
    assert seats.explain(game, state, step, None, refused).message == (
        "illegal step 'boulder': it is Helena's turn and for Helena no [BD8]; it would be legal"
        " for Florian: are two seats' steps in the wrong order? (name the seat: seat2 boulder)"
    )


def test_explain_when_it_is_the_first_seat_s_turn():
    match = played("bear-down/three-players.yaml", *THREE[:10])  # Emma's turn, on the boulder
    game, state = match.game, match.state
    assert game.actor(state) == 0
    refused = IllegalStep("boulder", "no", ruling="BD8")
    assert seats.explain(game, state, game.parse_step("boulder"), None, refused).message == (
        "illegal step 'boulder': it is Emma's turn and for Emma no [BD8]; it would be legal"
        " for Helena: are two seats' steps in the wrong order? (name the seat: seat3 boulder)"
    )


def test_explain_leaves_other_refusals_as_they_were():
    match = played("bear-down/three-players.yaml", *THREE)
    game, state = match.game, match.state
    refused = IllegalStep("boulder", "no", ruling="BD8")
    boulder = game.parse_step("boulder")
    assert seats.explain(game, state, boulder, 0, refused) is refused  # a seat was named
    assert seats.explain(game, state, boulder, 1, refused) is refused
    no_one = game.parse_step("yellow3")  # legal for no one
    assert seats.explain(game, state, no_one, None, refused) is refused
    assert seats.explain(_Over(game, -2), state, boulder, None, refused) is refused
    assert seats.explain(_Over(game, -1), state, boulder, None, refused) is refused
    chance = played("bear-down/three-players.yaml", *THREE[:4])  # a roll is due
    assert seats.explain(chance.game, chance.state, boulder, None, refused) is refused


def test_unnamed_reports_a_decision_without_its_seat_under_strict_seats():
    match = played("bear-down/three-players.yaml", *THREE)
    game, state = match.game, match.state
    missing = seats.unnamed(game, state, " yellow2\t", None)
    assert isinstance(missing, BearError) and type(missing) is BearError
    assert _error(missing) == (
        BearError,
        "step 'yellow2' names no seat; a strict transcription names the seat of every decision:"
        " seat2 yellow2",
        "P-C7",
        None,
        None,
    )
    first = played("sliding-bears/classic.yaml")
    assert seats.unnamed(first.game, first.state, "remove d3", None).message == (
        "step 'remove d3' names no seat; a strict transcription names the seat of every"
        " decision: seat1 remove d3"
    )
    assert seats.unnamed(game, state, "seat2 yellow2", 1) is None
    assert seats.unnamed(game, state, "seat1 yellow2", 0) is None
    chance = played("sliding-bears/classic.yaml", "remove d3")
    assert seats.unnamed(chance.game, chance.state, "roll pink crack", None) is None
    assert seats.unnamed(_Over(game, -2), state, "yellow2", None) is None
