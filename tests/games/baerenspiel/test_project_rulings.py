"""The project rulings of docs/rules.md (P-BS1 ...), allowed and refused sides."""

from __future__ import annotations

from bearcli.games.baerenspiel import forest
from tests.games.baerenspiel.helpers import match, play, refused, types


def test_p_bs1_a_two_player_paw_search_stays_when_the_die_is_rerolled():
    m = match(["roll paw tree tree", "reroll 1", "rerolled 1 paw"], seats=2)
    assert m.state.searches == 2 and m.state.rerolls == (1,)  # a new paw: search and re-roll
    play(m, "reroll 1", "rerolled 1 tree")
    assert m.state.searches == 2 and m.state.rerolls == ()
    refused(m, "reroll 1", "BS4")


def test_p_bs3_end_lets_the_rest_lapse_and_a_spent_turn_ends_itself():
    m = match(["roll bear bear paw"], seats=3)
    logged = play(m, "end")
    assert m.state.seat == 1 and types(logged)[0] == "turn-ended"
    assert logged[0].event.get("unused_searches") == 2
    assert logged[0].event.get("unused_rerolls") == 1
    m = match(["roll bear tree tree", "search a1"], seats=3)
    logged = play(m, "a1 is animal")
    assert m.state.seat == 1 and "turn-ended" in types(logged)


def test_p_bs6_only_a_plain_edge_path_is_taken_and_a_cover_ends_the_open_chain():
    m = match(
        ["roll bear bear bear", "cover d5 from a5"],
        extra="open: {a5: path, d5: obstacle, i5: obstacle}",
    )
    refused(m, "cover i5 from d5", "BS7")  # the path laid on d5 stays put
    play(m, "search a1", "a1 is path")
    play(m, "cover i5 from a1")
    assert m.state.chain == forest.parse_square("i5")  # a1's chain ended, i5's is open


def test_p_bs8_a_preset_forest_already_trapped_ends_before_the_first_step():
    squares = [forest.square_name(i) for i in sorted(forest.BORDER)]
    kinds = ["animal"] * 23 + ["obstacle"] * 9
    opened = ", ".join(f"{s}: {k}" for s, k in zip(squares, kinds, strict=True))
    m = match(extra=f"open: {{{opened}}}")
    assert m.outcome.termination == "trapped" and types(m.events)[-1] == "game-ended"
    refused(m, "roll bear tree tree", "BS11")


def test_p_bs10_the_finder_chooses_and_a_lone_twin_moves_without_a_choice():
    m = match(
        ["roll bear bear tree", "search a5", "a5 is bear", "search c3", "c3 is bear"],
        seats=2,
        variant="twin",
        extra="open: {a3: path, b3: path}",
    )
    assert m.state.need == (1, 3)
    play(m, "throw tree")
    assert m.game.actor(m.state) == 0  # seat 1 found the twins: seat 1 chooses
    refused(m, "throw tree", "BS13")
    play(m, "escort a5", "throw bear")  # only c3 is left in the forest: no choice
    assert m.outcome.termination == "bear-escorted"
