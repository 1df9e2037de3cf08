"""Bear Down! narration: the exact sentences of representative events (golden records)."""

from __future__ import annotations

from bearcli.core.narration import narrate
from bearcli.formats import movelog
from tests.conftest import ROOT, replay_text

# Not in any golden record: a bear boxed in on yellow4 (BD8) and water with no tile left (P-BD1).
BOXED_IN = """
format: bearcli-moves/1
game: bear-down
scenario:
  game: bear-down
  params: {water_supply: 1, rock_stack: 1, rocks: [blue/green 3, green/yellow 2, green/yellow 4]}
  seats: [{name: Emma, bot: human}, {name: Helena, bot: human}]
moves:
  - roll blue:S1 green:S1 yellow:S1
  - yellow3
  - blue1
  - roll blue:S1 green:S1 yellow:W      # Emma's bear rides from yellow3 to yellow4
  - yellow3                             # Helena's bear boxes it in (a rock at green/yellow 4)
  - stay
  - roll blue:WWS green:W yellow:S1     # the last tile comes from under the rock
"""


def told(match) -> list[str]:
    return narrate(match.game, match.config, [e.to_dict() for e in match.events])


def record(name: str) -> list[str]:
    return told(movelog.replay(movelog.load(ROOT / "replays" / "bear-down" / f"{name}.yaml")))


def test_the_bear_falls_with_its_salmon_in_the_blue_stream():
    lines = record("blue-stream-fall")
    assert lines[0] == (
        "Bear Down! begins with 2 players on the blue, green and yellow streams: 18 water "
        "tiles in the supply, 10 under the rock and 47 salmon in the salmon supply; "
        "Emma is the first player"
    )
    assert lines[15] == "round 2: Florian's bear caught 3 salmon on blue4 and now carries 4"
    assert lines[18] == "the first player token passed from Florian to Emma for round 3"
    assert lines[19:27] == [
        "round 3: Emma rolled blue WWS, green W and yellow S1",
        "round 3, blue WWS: a water tile from the supply slid into the blue stream "
        "(17 left in the supply, 10 under the rock)",
        "round 3, blue WWS: the tile on blue4 fell over the waterfall with Florian's bear on it",
        "round 3, blue WWS: the tile on blue4 fell; Florian's bear fell with 4 salmon and goes "
        "back to the boulder, the salmon to the supply",
        "round 3, blue WWS: a water tile from the supply slid into the blue stream "
        "(16 left in the supply, 10 under the rock)",
        "round 3, blue WWS: the empty tile on blue4 fell over the waterfall",
        "round 3, green W: a water tile from the supply slid into the green stream "
        "(15 left in the supply, 10 under the rock)",
        "round 3, green W: the tile on green4 fell over the waterfall with 3 salmon on it; "
        "the salmon go back to the supply",
    ]
    assert lines[27] == "round 3, blue WWS: 1 salmon jumped onto blue4"


def test_the_salmon_with_no_free_tile_go_back():
    lines = record("yellow-salmon-jump")
    assert lines[-2:] == [
        "round 2, yellow S3: 3 salmon rolled: 2 jumped onto yellow4 and yellow1",
        "round 2, yellow S3: 1 salmon found no free tile and went back to the supply",
    ]


def test_the_final_round_and_the_halves_at_the_end():
    lines = record("end-of-game-halves")
    assert (
        "round 4: the water supply is used up; the rock is put aside, so round 4 is the final round"
    ) in lines
    assert (
        "round 4, green WWS: a water tile from under the rock slid into the green stream "
        in (lines[lines.index("round 4, blue S1: 1 salmon jumped onto blue4") - 2])
    )
    assert lines[-5:] == [
        "round 4 is over: every bear has moved",
        "round 4: the game is over (the water ran out): every bear gives half of the salmon "
        "it carries, rounded down, back to the supply and banks the rest",
        "round 4: Emma carried 2 salmon: 1 goes back to the supply and 1 is banked, "
        "1 salmon banked in all",
        "round 4: Helena carried 5 salmon: 2 go back to the supply and 3 are banked, "
        "3 salmon banked in all",
        "the game ended after 4 rounds (the water ran out): Helena wins with 3 salmon "
        "(Emma 1, Helena 3)",
    ]


def test_a_salmon_shortage_ends_the_game_at_once():
    lines = record("salmon-ends-3p")
    assert lines[-7:-4] == [
        "round 2: Florian rolled red S1, blue S1, green S1 and yellow S1",
        "round 2: the dice need 4 salmon but the supply holds only 1, so the game ends at once",
        "round 2: the game is over (the salmon ran out): every bear gives half of the salmon "
        "it carries, rounded down, back to the supply and banks the rest",
    ]
    assert lines[-3] == "round 2: Florian carried no salmon: 0 salmon banked in all"


def test_a_bear_boxed_in_stays_and_water_with_no_tile_left_does_not_flow():
    lines = told(replay_text(BOXED_IN))
    assert lines[15:17] == [
        "round 2: Helena's bear moved from blue1 to yellow3 (4 steps)",
        "round 2: Emma's bear stayed on yellow4 (no destination)",
    ]
    assert lines[23:25] == [
        "round 3, blue WWS: no water tile is left anywhere, so no water flows into the blue stream",
        "round 3, green W: no water tile is left anywhere, so no water flows into the green stream",
    ]


def test_banked_salmon_and_a_shared_win():
    match = replay_text(BOXED_IN)
    narrator = match.game.narrator(match.config)
    banked = {"type": "salmon-banked", "seq": 1, "step": 1, "seat": 2, "count": 3, "banked": 5}
    assert narrator.tell(banked) == "Helena's bear brought 3 salmon to the boulder: 5 banked in all"
    tie = {
        "type": "game-ended",
        "seq": 2,
        "step": 1,
        "termination": "salmon-ran-out",
        "winners": [1, 2],
        "scores": [6, 6],
        "rounds": 9,
    }
    assert narrator.tell(tie) == (
        "the game ended after 9 rounds (the salmon ran out): Emma and Helena win with 6 salmon "
        "each (Emma 6, Helena 6)"
    )
