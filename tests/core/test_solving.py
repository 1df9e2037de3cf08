"""What exact solving shares with a game's own solver (bearcli/core/solving.py): its two
refusals name the limit reached and the way past it."""

from __future__ import annotations

from bearcli.core.solving import TOO_LARGE, TooLarge, too_many_positions, too_much_memory


def test_too_many_positions_names_the_limit_and_the_option():
    exc = too_many_positions(3_000_000)
    assert isinstance(exc, TooLarge)
    assert exc.message == (
        "more than 3000000 reachable positions; this board is too large to solve exactly "
        "(raise --max-positions, or measure it with simulate)"
    )


def test_too_much_memory_names_the_ceiling_and_how_far_it_got():
    exc = too_much_memory(512, 1234)
    assert isinstance(exc, TooLarge)
    assert exc.message == (
        f"more than --max-memory 512 MB used after 1234 positions; {TOO_LARGE} "
        "(raise --max-memory, or measure it with simulate)"
    )
    assert TOO_LARGE == "this board is too large to solve exactly"
