"""One test per Baerenspiel ruling (BS1-BS14), each showing the allowed and the refused side."""

from __future__ import annotations

from fractions import Fraction

import pytest

from bearcli.core.errors import ScenarioError
from bearcli.core.game import CHANCE, TERMINAL
from bearcli.games.baerenspiel import bots, forest
from tests.games.baerenspiel.helpers import (
    PATH_TO_C5,
    cell,
    match,
    play,
    refused,
    scenario,
    types,
)

BORDER = sorted(forest.BORDER)


def test_bs1_forest_squares_dark_centre_and_edge():
    m = match()
    dark = [forest.square_name(i) for i in forest.SQUARES if m.state.cells[i] == "D"]
    assert len(dark) == 25 and dark[0] == "c3" and dark[-1] == "g7"
    assert sum(1 for c in m.state.cells if c == "L") == 56
    play(m, "roll bear tree tree")
    refused(m, "search j5", "BS1")  # off the 9 x 9 forest
    # A hole is outside: the path beside it is on the edge now and may be taken (BS7).
    m = match(extra="open: {e1: path, e2: path, d1: obstacle, h1: obstacle}")
    play(m, "roll bear bear tree")
    assert not forest.on_edge(m.state.cells, forest.parse_square("e2"))
    refused(m, "cover d1 from e2", "BS7")
    play(m, "cover d1 from e1")
    assert cell(m, "e1") == "hole" and forest.on_edge(m.state.cells, forest.parse_square("e2"))
    play(m, "cover h1 from e2")
    assert cell(m, "e2") == "hole" and cell(m, "h1") == "cover"


def test_bs2_card_counts_and_what_the_deck_cannot_hold():
    m = match(["roll bear tree tree", "search a1"])
    weights = dict((str(s), w) for s, w in m.game.chance_outcomes(m.state))
    assert weights == {"a1 is path": 22, "a1 is animal": 23, "a1 is obstacle": 11}
    refused(m, "a1 is bear", "BS2")  # the little bear has a dark back
    refused(m, "a1 is animal3", "BS2")  # species matter only in the memo game
    small = "params: {light: {path: 1, animal: 44, obstacle: 11}}"
    m = match(["roll bear bear tree", "search a1", "a1 is path", "search i9"], extra=small)
    refused(m, "i9 is path", "BS2")  # a second light path: the pile holds one
    play(m, "i9 is animal")
    assert cell(m, "i9") == "animal"


def test_bs2_a_33rd_path_and_a_second_little_bear_are_refused():
    light = [forest.square_name(i) for i in forest.SQUARES if i not in forest.DARK][:22]
    dark = ["c3", "d3", "e3", "f3", "g3", "c4", "d4", "e4", "f4", "g4"]
    opened = ", ".join(f"{s}: path" for s in light + dark)  # all 32 path cards face up
    m = match(["roll bear bear tree", "search c5"], extra=f"open: {{{opened}}}")
    err = refused(m, "c5 is path", "BS2")
    assert "10 path card(s), all already face up" in err.message
    play(m, "c5 is animal", "search i9")
    refused(m, "i9 is path", "BS2")
    refused(m, "i9 is bear", "BS2")  # the forest game's one bear is dark-backed
    play(m, "i9 is animal")


def test_bs3_three_dice_with_four_trees_a_paw_and_a_bear():
    m = match()
    outcomes = m.game.chance_outcomes(m.state)
    assert len(outcomes) == 27 and sum(w for _, w in outcomes) == 216
    assert dict((str(s), w) for s, w in outcomes)["roll tree tree tree"] == 64
    m = match(extra="params: {die: [tree, tree, tree, tree, tree, bear]}")
    refused(m, "roll paw tree tree", "BS3")
    play(m, "roll bear tree tree")
    assert m.state.searches == 1


def test_bs4_bears_search_paws_reroll_trees_nothing_and_the_two_player_paw():
    m = match(["roll bear paw tree"], seats=3)
    assert (m.state.searches, m.state.rerolls) == (1, (2,))
    refused(m, "reroll 3", "BS4")  # a tree is not rolled again
    play(m, "search a1", "a1 is animal")
    refused(m, "search b1", "BS4")  # the one search is spent
    play(m, "reroll 2", "rerolled 2 bear", "search b1", "b1 is animal")
    assert m.state.seat == 1  # nothing left: the turn ended by itself
    two = match(["roll paw tree tree"], seats=2)
    assert (two.state.searches, two.state.rerolls) == (1, (1,))  # search and re-roll
    three = match(["roll paw tree tree"], seats=3)
    assert (three.state.searches, three.state.rerolls) == (0, (1,))
    refused(three, "search a1", "BS4")


def test_bs5_reveal_on_the_edge_or_next_to_a_face_up_path():
    m = match(["roll bear bear bear"], seats=3)
    refused(m, "search e5", "BS5")  # neither on the edge nor next to a path
    play(m, "search a5", "a5 is path", "decline", "search b5")  # next to the path a5
    play(m, "b5 is animal")
    refused(m, "search b5", "BS5")  # already face up


def test_bs6_path_chain_free_reveals_end_on_a_non_path_or_when_declined():
    m = match(["roll bear paw bear", "search a5", "a5 is path"], seats=3)
    # The chain turns that card; a search there is accepted but never offered (P-BS2).
    assert "search b5" not in [str(x) for x in m.game.legal_steps(m.state)]
    play(m, "reroll 2", "rerolled 2 tree")  # a re-roll does not end the chain
    assert m.state.chain == forest.parse_square("a5")
    play(m, "chain b5", "b5 is path", "chain c5", "c5 is animal")
    refused(m, "chain d5", "BS6")  # the animal ended the chain
    refused(m, "decline", "BS6")
    assert m.state.chain is None and m.state.searches == 1
    m = match(
        ["roll bear bear bear", "search a5", "a5 is path", "search i5", "i5 is animal"], seats=3
    )
    refused(m, "chain b5", "BS6")  # the search spent elsewhere ended the chain


def test_bs7_cover_an_obstacle_with_an_edge_path_and_leave_a_hole():
    m = match(extra="open: {a5: path, d5: obstacle, a6: animal}")
    play(m, "roll bear tree tree")
    refused(m, "cover a6 from a5", "BS7")  # an animal is never covered
    refused(m, "cover d5 from a6", "BS7")  # only a path card is taken
    logged = play(m, "cover d5 from a5")
    assert "obstacle-covered" in types(logged)
    assert cell(m, "a5") == "hole" and cell(m, "d5") == "cover"
    play(m, "chain e5", "e5 is path")  # the laid path grants a chain reveal next to it
    assert m.state.chain == forest.parse_square("e5")
    m = match(["roll tree tree tree"], seats=2, extra="open: {a5: path, d5: obstacle}")
    assert m.state.seat == 1 and m.state.phase == "roll"  # no search: no cover


def test_bs8_finding_the_bear_ends_the_search_phase_at_once():
    m = match(
        ["roll bear bear bear", "search a5", "a5 is path", "chain b5", "b5 is path", "chain c5"],
        seats=3,
    )
    logged = play(m, "c5 is bear")
    assert types(logged)[-2:] == ["bear-found", "escort-started"]
    refused(m, "search a1", "BS8")  # two searches were left; they lapse
    assert m.game.actor(m.state) == CHANCE and m.state.phase == "throw"
    twin = match(
        [
            "roll bear bear bear",
            "search a5",
            "a5 is path",
            "chain b5",
            "b5 is path",
            "chain c5",
            "c5 is bear",
        ],
        seats=3,
        variant="twin",
    )
    assert twin.state.phase == "act" and twin.state.searches == 2  # one twin still lost


def _found_at_d5(**kw):
    return match(
        [
            *PATH_TO_C5,
            "c5 is path",
            "chain d5",
            "d5 is bear",
        ],
        **kw,
    )


def test_bs9_escort_route_length_and_four_throws():
    m = _found_at_d5()  # route c5 b5 a5: three path cards, four steps
    assert m.state.need == (4,)
    play(m, "throw paw", "throw tree")
    assert m.outcome is None
    play(m, "throw bear")  # the rulebook's example: out after three throws
    assert m.outcome.termination == "bear-escorted" and m.outcome.winners == (0,)
    refused(m, "throw tree", "BS9")  # a fourth throw is no longer needed
    m = match(
        [
            *PATH_TO_C5,
            "c5 is path",
            "chain d5",
            "d5 is path",
            "end",
            "roll bear tree tree",
            "search e5",
            "e5 is bear",
        ]
    )
    assert m.state.need == (5,)  # d = 4
    play(m, "throw tree", "throw tree", "throw tree", "throw tree")
    assert m.outcome.termination == "escort-failed" and m.outcome.winners == ()
    faces = bots._faces(m.state.cfg.die)
    assert Fraction(bots._success((5,), 4, faces)).limit_denominator(1000) == Fraction(65, 81)
    assert bots._success((4,), 4, faces) == 1.0
    # A laid path with no way to the edge: no route, lost at once.
    m = match(
        ["roll bear tree tree", "cover d5 from a1", "chain e5", "e5 is bear"],
        extra="open: {a1: path, d5: obstacle}",
    )
    assert m.outcome.termination == "no-route"
    started = next(e.event for e in m.events if e.event.type == "escort-started")
    assert dict(started.fields)["routes"] in ([-1], (-1,))  # the bear with no way out


def test_bs10_a_round_of_trees_gives_one_search_each_without_rolling():
    m = match(["roll tree tree tree", "roll tree tree tree"], seats=2)
    assert m.state.free and m.state.phase == "act" and m.state.searches == 1
    assert m.game.actor(m.state) == 0
    refused(m, "roll bear tree tree", "BS4")  # no rolling this round
    play(m, "search a1", "a1 is animal")
    assert m.state.seat == 1 and m.state.free and m.state.searches == 1
    play(m, "search b1", "b1 is animal")
    assert m.state.phase == "roll" and not m.state.free  # searches were granted: back to dice
    m = match(["roll tree tree tree", "roll bear tree tree", "search a1", "a1 is animal"], seats=2)
    assert m.state.phase == "roll" and not m.state.free


def test_bs11_a_bear_trapped_by_animals_loses_at_once():
    squares = [forest.square_name(i) for i in BORDER if forest.square_name(i) != "i9"]
    kinds = ["animal"] * 23 + ["obstacle"] * 8
    opened = ", ".join(f"{s}: {k}" for s, k in zip(squares, kinds, strict=True))
    m = match(["roll bear tree tree", "search i9"], extra=f"open: {{{opened}}}")
    logged = play(m, "i9 is obstacle")
    assert m.outcome.termination == "trapped" and m.game.actor(m.state) == TERMINAL
    assert types(logged)[-1] == "game-ended"
    m = match(["roll bear bear tree", "search i9"], extra=f"open: {{{opened}}}")
    play(m, "i9 is path")  # a path on the edge may still cover an obstacle: not trapped
    assert m.outcome is None and "cover" in m.game.options_text(m.state)


def test_bs12_one_to_six_players_cooperative():
    for n in (1, 6):
        assert len(scenario(n).config.seats) == n
    with pytest.raises(ScenarioError) as info:
        scenario(7)
    assert info.value.ruling == "BS12"
    m = _found_at_d5(seats=3)
    play(m, "throw bear")
    assert m.outcome.winners == (0, 1, 2)  # everyone wins together
    assert m.game.is_cooperative(m.state.cfg)


def _all_open_but_one(back: str, kinds: dict[str, int]) -> tuple[str, str]:
    """The first square of a back left face down, every other one of it opened with `kinds`
    (in order): (that square, the scenario's `open:` line)."""
    names = [forest.square_name(i) for i in range(81) if forest.back_of(i) == back]
    cards = [kind for kind, n in kinds.items() for _ in range(n)]
    opened = ", ".join(f"{sq}: {kind}" for sq, kind in zip(names[1:], cards, strict=True))
    return names[0], "open: {" + opened + "}"


def test_bs2_the_last_face_down_card_of_a_pile_is_what_the_pile_has_left():
    last, opened = _all_open_but_one("D", {"path": 10, "animal": 9, "obstacle": 5})
    m = match(["roll bear tree tree", f"search {last}"], extra=opened)
    for kind, total in (("path", 10), ("animal", 9), ("obstacle", 5)):
        why = refused(m, f"{last} is {kind}", "BS2")
        assert why.message.endswith(
            f"the dark pile holds {total} {kind} card(s), all already face up"
        ), why.message
    play(m, f"{last} is bear")


def test_bs13_with_a_random_removal_the_last_light_card_is_the_twin():
    # 56 light squares, 57 light cards with the twin, one of them removed at random: with
    # one light square left face down, the bear is there for sure (BS13, P-BS7)
    last, opened = _all_open_but_one("L", {"path": 22, "animal": 22, "obstacle": 11})
    m = match(["roll bear tree tree", f"search {last}"], variant="twin", extra=opened)
    why = refused(m, f"{last} is animal", "BS13")
    assert why.message == (
        f"illegal step '{last} is animal': the last face-down light card must be the little "
        "bear: the card removed from the game was another one"
    ), why.message
    full = refused(m, f"{last} is path", "BS2")
    assert full.message.endswith("the light pile holds 22 path card(s), all already face up")
    play(m, f"{last} is bear")


def test_bs13_twin_game_two_bears_five_shared_throws():
    m = match(["roll bear bear tree", "search a5", "a5 is bear"], variant="twin")
    assert m.state.phase == "act" and m.state.bears == (forest.parse_square("a5"),)
    refused(match(["roll bear tree tree", "search a5"]), "a5 is bear", "BS2")  # forest: no
    play(m, "search a4", "a4 is path", "chain b4", "b4 is path", "chain c4")
    play(m, "c4 is bear")
    assert m.state.need == (1, 3) and m.state.throws == 5  # a5 on the edge: one step
    play(m, "throw paw")
    assert m.state.phase == "choose"
    refused(m, "escort e5", "BS9")
    play(m, "escort c4")
    assert m.state.need == (1, 1)
    play(m, "throw bear", "escort a5")  # steps beyond leaving are lost
    play(m, "throw tree")  # one bear left: no choice to make
    assert m.outcome.termination == "bear-escorted"
    # The removal: random by default (a spare light card, never the bear), or a named kind.
    t = match(["roll bear tree tree", "search a1"], variant="twin")
    w = dict((str(s), x) for s, x in t.game.chance_outcomes(t.state))
    assert Fraction(w["a1 is bear"], sum(w.values())) == Fraction(1, 56)
    named = scenario(variant="twin", extra="params: {removed: path}").config
    assert named.light == (1, 21, 23, 11)
    with pytest.raises(ScenarioError) as info:
        scenario(variant="twin", extra="params: {removed: bear}")
    assert info.value.ruling == "BS13"


def test_bs14_memo_pairs_kept_turn_continues_most_pairs_wins():
    m = match(
        ["flip a1", "a1 is bear", "flip b1", "b1 is bear"],
        seats=2,
        variant="memo",
        extra="params: {pairs: 3}",
    )
    assert m.state.pairs == (1, 0) and m.state.seat == 0  # a pair: flip again
    refused(m, "flip a1", "BS14")  # taken
    refused(m, "flip a2", "BS14")  # three pairs lie on a1-f1
    play(m, "flip c1")
    refused(m, "c1 is bear", "BS14")  # both bears are up already
    refused(m, "c1 is animal9", "BS14")  # not in a three-pair game
    play(m, "c1 is obstacle1", "flip d1", "d1 is obstacle2")
    assert m.state.seat == 1 and m.state.known[2] == "obstacle1"
    logged = play(m, "flip c1")  # seen before: no chance step
    assert m.game.actor(m.state) == 1 and types(logged) == ["card-flipped"]
    play(m, "flip e1", "e1 is obstacle1", "flip d1", "flip f1", "f1 is obstacle2")
    assert m.outcome.scores == (1, 2) and m.outcome.winners == (1,)
    assert not m.game.is_cooperative(m.state.cfg)
