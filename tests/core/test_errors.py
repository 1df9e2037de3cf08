"""Errors split by cause (bearcli/core/errors.py): what each carries and how it prints."""

from __future__ import annotations

from bearcli.core.errors import BearError, ErrorList, IllegalStep, Location, MalformedStep

HERE, THERE = Location("a.yaml", 3, 5), Location("b.yaml", 1, 1)


def test_an_error_is_an_exception_of_its_message():
    exc = BearError("no such seat", ruling="C2")
    assert exc.args == ("no such seat",) and exc.message == "no such seat"
    assert str(exc) == exc.headline() == "error: no such seat [C2]"
    assert BearError("plain").headline() == "error: plain"


def test_at_places_an_error_only_once():
    assert BearError("m").at(HERE).location == HERE
    assert BearError("m", location=HERE).at(THERE).location == HERE  # its own place stays
    assert BearError("m", location=HERE).at(None).location == HERE
    assert BearError("m").at(None).location is None


def test_a_headline_is_one_line_whatever_the_message_holds():
    exc = BearError("two\nlines\tand \x1b[2J", location=HERE, ruling="P-C1")
    assert exc.headline() == "a.yaml:3:5: error: two\\x0alines\\x09and \\x1b[2J [P-C1]"


def test_steps_carry_their_text_place_and_ruling():
    bad = MalformedStep("jump x9", "no such square", location=HERE)
    assert (bad.text, bad.location, bad.ruling) == ("jump x9", HERE, None)
    assert bad.message == "malformed step 'jump x9': no such square"
    refused = IllegalStep("jump a2", "a2 is water", ruling="SB4", location=HERE)
    assert (refused.text, refused.location, refused.ruling) == ("jump a2", HERE, "SB4")
    assert refused.message == "illegal step 'jump a2': a2 is water"
    long = MalformedStep("x" * 500, "too long")
    assert long.text == "x" * 500 and "(500 characters)" in long.message


def test_an_error_list_is_its_first_error_and_keeps_them_all():
    first = BearError("first", ruling="SB1", location=HERE)
    second = BearError("second", ruling="SB2", location=THERE)
    both = ErrorList([first, second])
    assert (both.message, both.ruling, both.location) == ("first", "SB1", HERE)
    assert both.errors == (first, second)
    assert both.headline() == "a.yaml:3:5: error: first [SB1]\nb.yaml:1:1: error: second [SB2]"
