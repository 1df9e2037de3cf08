"""One named test per ruling BD1-BD13, each showing the allowed and the refused side."""

from __future__ import annotations

import pytest

from bearcli.core.errors import IllegalStep, MalformedStep, ScenarioError
from bearcli.core.game import CHANCE, TERMINAL
from tests.games.bear_down.helpers import GAME, node, of, place, play, roll_all, scen, start, types


def _moving(players: int = 2, params: dict | None = None, face: str = "S1"):
    """A state in round 1's move phase (every die showed `face`)."""
    state = start(players, params)
    state, _ = play(state, roll_all(state, face))
    return state


def test_bd1_streams_by_player_count():
    assert start(2).cfg.streams == ("blue", "green", "yellow")
    assert start(3).cfg.streams == ("red", "blue", "green", "yellow")
    assert start(3, {"dropped_stream": "red"}).cfg.streams == ("blue", "green", "yellow", "purple")
    assert start(4).cfg.streams == ("red", "blue", "green", "yellow", "purple")
    # Refused: a fifth bear, a middle stream dropped, a dropped stream with 2 players.
    for players, params in (
        (5, None),
        (1, None),
        (3, {"dropped_stream": "green"}),
        (2, {"dropped_stream": "red"}),
    ):
        with pytest.raises(ScenarioError) as exc:
            scen(players, params)
        assert exc.value.ruling == "BD1"
    # Refused: the red die and the red stream are not in play with 2 players.
    state = start(2)
    with pytest.raises(IllegalStep) as exc:
        play(state, "roll red:W blue:W green:W yellow:W")
    assert exc.value.ruling == "BD1"
    with pytest.raises(IllegalStep) as exc:
        play(state, "roll blue:W green:W")
    assert exc.value.ruling == "BD1"
    with pytest.raises(IllegalStep) as exc:
        play(_moving(), "red1")
    assert exc.value.ruling == "BD1"


def test_bd2_sliding_one_tile_shifts_every_square_toward_the_edge():
    state = place(start(2), bears={1: "blue2"}, salmon={"blue3": 2})
    state, events = play(state, "roll blue:W green:S1 yellow:S1")
    assert state.bears[0] == node(state, "blue3")  # the bear rode its tile one square on
    assert state.salmon[node(state, "blue4")] == 2  # the salmon on blue3 went with their tile
    assert state.salmon[node(state, "blue1")] == 0  # the new square 1 is an empty tile
    assert of(events, "tile-fell") == [
        {"type": "tile-fell", "stream": "blue", "salmon": 1, "bear": None}
    ]
    # Refused: there is no fifth square, nor a square 0 (the hidden tiles are not squares).
    for text in ("blue5", "blue0", "seat1 green5"):
        with pytest.raises(MalformedStep):
            GAME.parse_step(text)


def test_bd3_dice_faces_and_weights():
    state = start(2)
    outcomes = GAME.chance_outcomes(state)
    assert len(outcomes) == 5**3  # five distinct faces per die
    assert sum(w for _, w in outcomes) == 6**3
    flows = sum(w for step, w in outcomes if dict(step.faces)["blue"] in ("W", "WWS"))
    assert flows * 3 == 6**3  # water flows with probability 1/3 per die
    weights = {str(step): w for step, w in outcomes}
    assert weights["roll blue:S1 green:S1 yellow:S1"] == 8  # S1 is on two faces
    assert weights["roll blue:S3 green:W yellow:WWS"] == 1
    # Allowed with a custom die; refused: a face that die does not have.
    custom = start(2, {"die": ["W", "W", "W", "S1", "S1", "S1"]})
    play(custom, "roll blue:W green:S1 yellow:W")
    with pytest.raises(IllegalStep) as exc:
        play(custom, "roll blue:S3 green:S1 yellow:W")
    assert exc.value.ruling == "BD3"
    with pytest.raises(ScenarioError) as err:
        scen(2, {"die": ["W", "WWS", "S1", "S2", "S3"]})
    assert err.value.ruling == "BD3"


def test_bd4_rocks_block_sideways_steps():
    cleared = place(_moving(), bears={1: "blue3", 2: "boulder"}, salmon={}, clear=True)
    # Default rocks: blue/green at 3. Sideways at 2 is open; at 3 the bear must go round.
    state, events = play(cleared, "green2")
    assert of(events, "bear-moved")[0]["steps"] == 2  # blue3 -> blue2 -> green2
    state, events = play(cleared, "green3")
    assert of(events, "bear-moved")[0]["steps"] == 3  # blue3 -> blue2 -> green2 -> green3
    # Refused: with a rock at every square between blue and green (and salmon on green1 and
    # yellow1, so the boulder offers no way round), green3 cannot be reached.
    walled = _moving(
        params={"rocks": ["blue/green 1", "blue/green 2", "blue/green 3", "blue/green 4"]}
    )
    walled = place(
        walled, bears={1: "blue3", 2: "boulder"}, salmon={"green1": 1, "yellow1": 1}, clear=True
    )
    assert "green3" not in [str(s) for s in GAME.legal_steps(walled)]
    with pytest.raises(IllegalStep) as exc:
        play(walled, "green3")
    assert exc.value.ruling == "BD4"
    with pytest.raises(ScenarioError) as err:
        scen(2, {"rocks": ["red/green 2"]})
    assert err.value.ruling == "BD4"


def test_bd5_water_from_the_supply_then_under_the_rock_left_to_right():
    state = start(2, {"water_supply": 1, "rock_stack": 3})
    state, events = play(state, "roll blue:W green:WWS yellow:S1")
    flowed = of(events, "water-tile-slid-in")
    assert [(e["stream"], e["source"]) for e in flowed] == [
        ("blue", "supply"),
        ("green", "rock-stack"),
        ("green", "rock-stack"),
    ]
    assert types(events).count("final-round-begun") == 1
    assert types(events).index("final-round-begun") < types(events).index("salmon-jumped")
    assert state.final and state.stack == 1 and state.water == 0
    # The final round is still played to its end: both bears move, then the game ends.
    assert GAME.actor(state) == 0
    state, events = play(state, str(GAME.legal_steps(state)[0]))
    assert GAME.actor(state) == 1
    state, events = play(state, str(GAME.legal_steps(state)[0]))
    assert GAME.actor(state) == TERMINAL
    assert GAME.outcome(state).termination == "water-ran-out"
    # A round that takes only supply tiles is not the final round.
    calm, _ = play(start(2, {"water_supply": 3}), "roll blue:W green:WWS yellow:S1")
    assert not calm.final
    # Refused: a rock with nothing under it could never announce the final round.
    with pytest.raises(ScenarioError) as err:
        scen(2, {"rock_stack": 0})
    assert err.value.ruling == "BD5"


def test_bd6_a_falling_bear_returns_to_the_boulder_and_loses_what_it_carries():
    state = place(
        start(2),
        bears={1: "blue4", 2: "green3"},
        carried={1: 3, 2: 2},
        salmon={"blue4": 0, "green3": 0},
        banked=(4, 0),
    )
    before = state.supply
    state, events = play(state, "roll blue:W green:W yellow:S1")
    assert state.bears[0] == state.boulder
    assert state.carried == (0, 2) and state.banked == (4, 0)  # banked salmon are safe
    assert of(events, "bear-fell") == [
        {"type": "bear-fell", "seat": 1, "stream": "blue", "lost": 3}
    ]
    fell = of(events, "tile-fell")
    assert fell[0]["bear"] == 1 and fell[1]["salmon"] == 1  # green4's salmon fell too
    assert state.supply == before + 3 + 1 - 1  # carried + green4's salmon - yellow's jump
    # Not fallen: one water tile moves a bear on square 3 only to square 4.
    assert state.bears[1] == node(state, "green4") and state.carried[1] == 2


def test_bd7_salmon_shortage_ends_the_game_at_once():
    # Supply 1; the green water tips two salmon back (green3, green4): 3 < 4 needed.
    short = start(2, {"salmon_supply": 1})
    state, events = play(short, "roll blue:S1 green:WWS yellow:S2")
    assert GAME.actor(state) == TERMINAL
    assert "salmon-jumped" not in types(events)  # no salmon are placed
    assert of(events, "salmon-shortage")[0] == {"type": "salmon-shortage", "needed": 4, "supply": 3}
    assert state.salmon[node(state, "blue4")] == 1  # as before the roll
    assert GAME.outcome(state).termination == "salmon-ran-out"
    assert "water-tile-slid-in" in types(events)  # the water flowed first
    with pytest.raises(IllegalStep) as exc:
        play(state, "blue1")  # no bear moves
    assert exc.value.ruling == "BD12"
    # Enough salmon: the same roll is played; the yellow example: three salmon, two bears.
    state = place(
        start(2, {"salmon_supply": 3}), bears={1: "yellow4", 2: "yellow2"}, salmon={}, clear=True
    )
    state, events = play(state, "roll blue:S1 green:W yellow:S2")
    jumped = {e["stream"]: e for e in of(events, "salmon-jumped")}
    assert jumped["yellow"]["squares"] == ["yellow3", "yellow1"]
    assert state.supply == 0 and GAME.actor(state) == 0
    state = place(start(2), bears={1: "yellow4", 2: "yellow2"}, salmon={}, clear=True)
    state, events = play(state, "roll blue:S1 green:S1 yellow:S3")
    yellow = [e for e in of(events, "salmon-jumped") if e["stream"] == "yellow"][0]
    assert yellow["squares"] == ["yellow3", "yellow1"] and yellow["rolled"] == 3
    assert of(events, "surplus-returned") == [
        {"type": "surplus-returned", "stream": "yellow", "count": 1}
    ]


def test_bd8_a_bear_must_move_and_may_stay_only_when_boxed_in():
    state = place(_moving(), bears={1: "boulder", 2: "blue1"}, salmon={}, clear=True)
    legal = [str(s) for s in GAME.legal_steps(state)]
    assert "blue1" not in legal and "boulder" not in legal and "green1" in legal
    with pytest.raises(IllegalStep) as exc:
        play(state, "stay")
    assert exc.value.ruling == "BD8"
    with pytest.raises(IllegalStep) as exc:
        play(state, "blue1")  # a tile holds one bear
    assert exc.value.ruling == "BD8"
    with pytest.raises(IllegalStep) as exc:
        play(place(state, bears={1: "green2"}), "green2")  # a move goes somewhere else
    assert exc.value.ruling == "BD8"
    # Cannot pass a bear: yellow1 -> yellow3 with a bear on yellow2 and salmon on the
    # other squares 1 (so neither the boulder nor the green stream offers a way round).
    blocked = place(state, bears={1: "yellow1", 2: "yellow2"}, salmon={"blue1": 1, "green1": 1})
    with pytest.raises(IllegalStep) as exc:
        play(blocked, "yellow3")
    assert exc.value.ruling == "BD8"
    # Boxed in: on yellow4 with a bear on yellow3 and a rock between green4 and yellow4.
    boxed = _moving(params={"rocks": ["green/yellow 4"]})
    boxed = place(boxed, bears={1: "yellow4", 2: "yellow3"}, salmon={}, clear=True)
    assert [str(s) for s in GAME.legal_steps(boxed)] == ["stay"]
    after, events = play(boxed, "stay")
    assert of(events, "bear-stayed")[0]["at"] == "yellow4" and GAME.actor(after) == 1


def test_bd9_arriving_on_salmon_ends_the_move_and_takes_them_all():
    state = place(
        _moving(),
        bears={1: "boulder", 2: "yellow4"},
        carried={1: 1},
        salmon={"blue1": 3},
        clear=True,
    )
    after, events = play(state, "blue1")
    assert after.carried[0] == 4 and after.salmon[node(after, "blue1")] == 0
    assert of(events, "salmon-caught")[0]["count"] == 3
    # Refused: salmon on every square 1 stop any way up the streams.
    fished = place(state, salmon={"blue1": 1, "green1": 1, "yellow1": 1})
    with pytest.raises(IllegalStep) as exc:
        play(fished, "blue2")
    assert exc.value.ruling == "BD9"


def test_bd10_arriving_on_the_boulder_banks_and_ends_the_move():
    state = place(
        _moving(), bears={1: "blue2", 2: "boulder"}, carried={1: 3}, salmon={}, clear=True
    )
    after, events = play(state, "boulder")
    assert after.banked[0] == 3 and after.carried[0] == 0
    assert of(events, "salmon-banked")[0]["count"] == 3
    # Any number of bears share the boulder (seat 2 already stands there).
    assert after.bears[0] == after.bears[1] == after.boulder
    # Refused: crossing the boulder to another stream (blue1 -> boulder -> yellow1).
    cross = place(state, bears={1: "blue1"}, salmon={"blue2": 1, "green1": 1})
    with pytest.raises(IllegalStep) as exc:
        play(cross, "yellow1")
    assert exc.value.ruling == "BD10"


def test_bd11_seat_order_and_first_player_rotation():
    state = _moving(players=3)
    assert GAME.actor(state) == 0
    with pytest.raises(IllegalStep) as exc:
        play(state, "seat2 blue1")
    assert exc.value.ruling == "BD11"
    state, _ = play(state, str(GAME.legal_steps(state)[0]))
    assert GAME.actor(state) == 1
    state, _ = play(state, "seat2 " + str(GAME.legal_steps(state)[0]))
    state, events = play(state, str(GAME.legal_steps(state)[0]))
    passed = of(events, "first-player-passed")[0]
    assert (passed["from"], passed["to"], passed["round"]) == (1, 2, 2)
    assert GAME.actor(state) == CHANCE
    with pytest.raises(IllegalStep) as exc:
        play(state, "blue1")  # a round begins with the roll
    assert exc.value.ruling == "BD11"
    state, events = play(state, roll_all(state, "S1"))
    assert of(events, "dice-rolled")[0]["seat"] == 2
    assert GAME.actor(state) == 1  # seat 2 moves first in round 2, then 3, then 1
    state, _ = play(state, str(GAME.legal_steps(state)[0]))
    state, _ = play(state, str(GAME.legal_steps(state)[0]))
    assert GAME.actor(state) == 0


def test_bd12_final_scoring_returns_half_the_carried_salmon_and_ties_share():
    state = start(2, {"water_supply": 0, "rock_stack": 10})
    state, events = play(state, "roll blue:S1 green:W yellow:S1")
    assert state.final
    state = place(
        state,
        bears={1: "blue2", 2: "yellow2"},
        carried={1: 1, 2: 5},
        salmon={"blue3": 1, "yellow3": 0},
        banked=(6, 4),
    )
    state, _ = play(state, "blue3")  # Emma: carries 2
    state, events = play(state, "green3")  # Helena: carries 5
    counted = {e["seat"]: e for e in of(events, "salmon-counted")}
    assert (counted[1]["returned"], counted[1]["kept"]) == (1, 1)
    assert (counted[2]["returned"], counted[2]["kept"]) == (2, 3)
    outcome = GAME.outcome(state)
    assert outcome.scores == (7, 7) and outcome.winners == (0, 1)  # tied players all win
    assert types(events)[-1] == "game-ended"
    # Refused: nothing moves once the game is over.
    with pytest.raises(IllegalStep) as exc:
        play(state, "boulder")
    assert exc.value.ruling == "BD12"


def test_bd13_setup_by_player_count():
    for players, streams, water, salmon in ((2, 3, 18, 47), (3, 4, 24, 45), (4, 5, 30, 43)):
        state = start(players)
        assert len(state.cfg.streams) == streams
        assert (state.water, state.stack, state.supply) == (water, 10, salmon)
        assert set(state.bears) == {state.boulder}
        for i in range(streams):
            assert state.salmon[4 * i : 4 * i + 4] == (0, 0, 1, 1)
    # Refused: negative supplies.
    for key in ("salmon_supply", "water_supply"):
        with pytest.raises(ScenarioError) as err:
            scen(2, {key: -1})
        assert err.value.ruling == "BD13"
