"""Bärenspiel narration (forest, twin and memo games): exact sentences of representative events."""

from __future__ import annotations

from bearcli.core.narration import narrate
from bearcli.formats import movelog
from tests.conftest import ROOT, replay_text

# Not in any golden record: a paw re-rolled, a chain declined, searches and a re-roll lapsing.
REROLL_AND_DECLINE = """
format: bearcli-moves/1
game: baerenspiel
scenario:
  game: baerenspiel
  variant: forest
  seats: [{name: Uwe, bot: human}, {name: Bernd, bot: human}, {name: Christian, bot: human}]
moves:
  - roll bear paw tree
  - reroll 2
  - rerolled 2 bear
  - search a5
  - a5 is path
  - decline
  - search a1
  - a1 is animal
  - roll bear bear tree
  - end
  - roll bear paw tree
  - end
"""


def told(match) -> list[str]:
    return narrate(match.game, match.config, [e.to_dict() for e in match.events])


def record(name: str) -> list[str]:
    return told(movelog.replay(movelog.load(ROOT / "replays" / "baerenspiel" / f"{name}.yaml")))


def test_the_rulebook_escort_told():
    lines = record("escort-example")
    assert lines[0] == (
        "Bärenspiel, the forest game, begins for 3 players: the dark pile holds 25 cards "
        "(1 little bear, 10 paths, 9 animals and 5 obstacles); the light pile 56 cards "
        "(22 paths, 23 animals and 11 obstacles)"
    )
    assert lines[2:4] == [
        "turn 1: Uwe rolled bear, paw and tree: 1 search, and die 2 may be re-rolled",
        "turn 1: Uwe searched a5: the light-backed card shows a path",
    ]
    assert lines[6:] == [
        "turn 1: Uwe's free reveal next to the path turned over d5: the dark-backed card shows "
        "the little bear",
        "turn 1: the little bear is found on d5",
        "turn 1: the escort begins with 4 throws: the little bear on d5 must cross 3 path cards "
        "and needs 4 steps",
        "escort throw 1 of 4: the die shows paw, 2 steps; 3 throws left",
        "escort throw 1 of 4: the little bear from d5 went 2 steps along its route; "
        "2 steps still to go",
        "escort throw 2 of 4: the die shows tree, 1 step; 2 throws left",
        "escort throw 2 of 4: the little bear from d5 went 1 step along its route; "
        "1 step still to go",
        "escort throw 3 of 4: the die shows bear, 4 steps; 1 throw left",
        "escort throw 3 of 4: with the throw's 4 steps, the little bear from d5 is out of the "
        "forest",
        "turn 1: everyone wins: every little bear is out of the forest",
    ]


def test_an_obstacle_covered_and_a_trapped_forest():
    assert (
        "turn 1: seat 1 took the path from a5 on the edge and laid it on the obstacle on b5; "
        "a5 is now a hole"
    ) in record("obstacle-covered")
    lines = record("trapped")
    assert lines[0].endswith("; 31 cards start face up")
    assert lines[-1] == (
        "turn 1: everyone loses: nothing is left to turn over or cover, so the animals have won"
    )


def test_a_round_of_trees_then_one_search_without_dice():
    lines = record("trees-only-round")
    assert lines[6:10] == [
        "turn 2: seat 2's turn is over",
        "round 1 granted no search: in the next round each turn is one search without rolling",
        "turn 3: seat 1's turn begins with one search and no dice, after a round of only trees",
        "turn 3: seat 1 searched e1: the light-backed card shows a path",
    ]


def test_the_twins():
    lines = record("twin")
    assert lines[3:5] == [
        "turn 1: Ana searched a5: the light-backed card shows a little bear",
        "turn 1: little bear 1 of 2 is found on a5",
    ]
    assert lines[9] == (
        "turn 1: the escort begins with 5 throws: the little bear on a5 is on the edge and needs "
        "1 step; the little bear on c4 must cross 2 path cards and needs 3 steps"
    )
    assert lines[13] == (
        "escort throw 2 of 5: with the throw's 1 step, the little bear from a5 is out of the forest"
    )


def test_a_reroll_a_declined_chain_and_what_lapses():
    lines = told(replay_text(REROLL_AND_DECLINE))
    assert lines[3:6] == [
        "turn 1: Uwe re-rolled die 2: bear; 2 searches left",
        "turn 1: Uwe searched a5: the light-backed card shows a path",
        "turn 1: Uwe declined the free reveal next to the path on a5",
    ]
    assert lines[10] == "turn 2: Bernd's turn is over; 2 unused searches lapse"
    assert (
        lines[13] == "turn 3: Christian's turn is over; 1 unused search and 1 unused re-roll lapse"
    )


def test_the_memo_game_told():
    assert record("memo") == [
        "Bärenspiel, the memo game, begins for 2 players: 3 pairs, 6 cards face down",
        "turn 1: Ana flipped a1: little bear",
        "turn 1: Ana flipped b1: little bear",
        "turn 1: Ana took the little bear pair from a1 and b1: 1 pair so far",
        "turn 1: Ana flipped c1: obstacle 1",
        "turn 1: Ana flipped d1: obstacle 2",
        "turn 1: no pair: c1 and d1 turn back face down and Ben plays next",
        "turn 2: Ben flipped c1: obstacle 1",
        "turn 2: Ben flipped e1: obstacle 1",
        "turn 2: Ben took the obstacle 1 pair from c1 and e1: 1 pair so far",
        "turn 2: Ben flipped d1: obstacle 2",
        "turn 2: Ben flipped f1: obstacle 2",
        "turn 2: Ben took the obstacle 2 pair from d1 and f1: 2 pairs so far",
        "all pairs are taken: Ben wins with 2 pairs (Ana 1, Ben 2)",
    ]


def test_a_bear_with_no_route_loses():
    match = replay_text(REROLL_AND_DECLINE)
    narrator = match.game.narrator(match.config)
    started = {"type": "escort-started", "seq": 1, "step": 1, "bears": ["e5"], "routes": [-1]}
    started["throws"] = 4
    ended = {"type": "game-ended", "seq": 2, "step": 1, "result": "lost", "turn": 7}
    ended["termination"] = "no-route"
    assert [narrator.tell(started), narrator.tell(ended)] == [
        "the escort begins with 4 throws: the little bear on e5 has no route to the edge",
        "turn 7: everyone loses: a little bear found has no route to the edge of the forest",
    ]
