"""The narrators' base (bearcli/core/narration.py): what a game's narrator inherits, and how
an event it cannot tell is refused, named by its place in the log."""

from __future__ import annotations

import pytest

from bearcli.core.game import Seat
from bearcli.core.narration import NarrationError, Narrator, TableNarrator, count, words


class _Config:
    seats = (Seat("Ana", "random"), Seat("", "random"))

    def who(self, index: int) -> str:
        return self.seats[index].name or f"seat {index + 1}"


class Plain(Narrator):
    def tell(self, event: dict) -> str:
        return "told"


class Table(TableNarrator):
    title = "Dice Race"
    sentences = {"moved": lambda n, e: f"{n.seat(e['seat'])} moved {count(e['by'], 'square')}"}


def test_a_narrator_has_no_status_line_unless_its_game_gives_one():
    assert Plain(_Config()).status(object()) == ""


def test_seats_are_named_and_a_seat_not_in_play_is_refused():
    narrator = Plain(_Config())
    assert (narrator.seat(1), narrator.seat(2)) == ("Ana", "seat 2")
    for wrong in (0, 3, "1"):
        with pytest.raises(NarrationError) as refused:
            narrator.seat(wrong)
        assert refused.value.message == f"seat {wrong!r} is not a seat of this game (1-2)"


def test_a_table_tells_its_events_and_names_the_one_it_cannot():
    table = Table(_Config())
    assert table.tell({"type": "moved", "seq": 4, "seat": 1, "by": 1}) == "Ana moved 1 square"
    assert table.tell({"type": "moved", "seat": 2, "by": 3}) == "seat 2 moved 3 squares"
    cases = {
        "event 7: no sentence for event type 'jumped': not an event of Dice Race": {
            "type": "jumped",
            "seq": 7,
        },
        "event ?: no sentence for event type ['moved']: not an event of Dice Race": {
            "type": ["moved"]  # not a type name: no look-up at all
        },
        "event 9 (moved) has no field 'by'": {"type": "moved", "seq": 9, "seat": 1},
        "event ? (moved) has no field 'seat'": {"type": "moved", "by": 2},
    }
    for said, event in cases.items():
        with pytest.raises(NarrationError) as refused:
            table.tell(event)
        assert refused.value.message == said


def test_words_join_a_list_as_a_sentence_does():
    assert [words(x) for x in ([], ["a"], ["a", "b"], ["a", "b", "c"])] == [
        "",
        "a",
        "a and b",
        "a, b and c",
    ]
