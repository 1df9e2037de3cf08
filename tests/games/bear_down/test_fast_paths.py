"""The fast rules and bots of Bear Down! are the reference rules and bots.

The reference (bearcli/games/bear_down/reference.py, reference_bots.py) is the rulebook as
plain code. The fast rules look the board up in per-configuration tables
(`BDConfig.tables`), search a bear's way once per state into a list of distances, draw a
roll from the single draw that `rng.weighted(chance_outcomes)` makes, work out once what
each roll does, make new states without dataclasses.replace and share the events that
recur; the bots read the same tables, and core's event() skips freezing plain values. Here
each is compared with the reference (and event() with the plain way it was made) on many
seeded positions and odd boards, and whole seeded games are pinned to the digests they had
before any of it (same steps, same events).
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import pickle
import random
from pathlib import Path

import pytest

from bearcli.core import events as core_events
from bearcli.core.errors import IllegalStep
from bearcli.core.events import Event, _freeze, event
from bearcli.core.game import CHANCE, TERMINAL
from bearcli.core.rng import Rng
from bearcli.core.runner import Match, chance_rng, make_bots
from bearcli.formats import scenario as scenario_file
from bearcli.games.bear_down import bots, graph, reference, reference_bots
from bearcli.games.bear_down import tables as config_tables
from bearcli.games.bear_down.graph import SQUARES
from bearcli.games.bear_down.notation import STREAMS, Move, Roll
from bearcli.games.bear_down.reference import ReferenceBearDown
from bearcli.simulation import game_seed, play_one
from tests.games.bear_down.helpers import GAME, scen

ROOT = Path(__file__).resolve().parents[3]

# -- the plain computations: the reference rules and bots, and core's event() as it was --------


def plain_event(type_: str, **fields) -> Event:
    if "type" in fields or "seq" in fields or "step" in fields:
        raise TypeError("'type', 'seq' and 'step' are reserved event keys")
    return Event(type_, tuple(sorted((k, _freeze(v)) for k, v in fields.items())))


REFERENCE = ReferenceBearDown()
plain_search = reference.search
plain_apply = REFERENCE.apply
plain_legal_steps = REFERENCE.legal_steps
plain_destinations = REFERENCE.destinations


# -- seeded positions -------------------------------------------------------------------------

SETUPS = {
    "2p": (2, None),
    "3p-red-dropped": (3, {"dropped_stream": "red"}),
    "4p": (4, None),
    "4p-short-water": (4, {"water_supply": 2, "rock_stack": 2}),
    "2p-no-tile-left": (2, {"water_supply": 0, "rock_stack": 1}),
    "3p-short-salmon": (3, {"salmon_supply": 6}),
    "4p-odd-dice": (
        4,
        {
            "die": ["S1", "W", "S3", "S1", "WWS", "S1"],  # equal faces apart
            "dice": {"green": ["W", "W", "WWS", "WWS", "S3", "S3"], "red": ["S3"] * 6},
            "rocks": ["red/blue 1", "blue/green 2", "blue/green 4", "yellow/purple 1"],
        },
    ),
    "2p-floods": (2, {"die": ["W", "WWS", "WWS", "W", "S2", "S3"], "rocks": []}),
}
BOTS = ("random", "greedy", "cautious")


def positions(name: str, games: int, seed: int = 11) -> list:
    """Every state met in `games` seeded games per bot, in order."""
    players, params = SETUPS[name]
    out = []
    for bot in BOTS:
        s = scen(players, params, bots=bot)
        for i in range(1, games + 1):
            game_s = game_seed(seed, i)
            match = Match(s.game, s.config)
            seats = make_bots(s.game, s.config, game_s, bot)
            rng = chance_rng(game_s)
            while not match.over:
                out.append(match.state)
                if match.actor == CHANCE:
                    step = GAME.sample_chance(match.state, rng)
                else:
                    step = seats[match.actor].choose(match.state, GAME.legal_steps(match.state))
                match.apply(step)
            out.append(match.state)
    return out


@pytest.fixture(scope="module")
def seen() -> dict[str, list]:
    return {name: positions(name, 3) for name in SETUPS}


@pytest.mark.parametrize("name", list(SETUPS))
def test_the_first_position_and_its_events_are_the_references(name):
    players, params = SETUPS[name]
    cfg = scen(players, params).config
    state, events = GAME.initial_state(cfg)
    plain_state, plain_events = REFERENCE.initial_state(cfg)
    assert state == plain_state and events == plain_events
    assert state.__dict__ == plain_state.__dict__  # the fields, and nothing more


@pytest.mark.parametrize("name", list(SETUPS))
def test_legal_steps_and_destinations_are_the_plain_ones(seen, name):
    for state in seen[name]:
        assert GAME.legal_steps(state) == plain_legal_steps(state)
        for seat in range(len(state.bears)):
            assert GAME.destinations(state, seat) == plain_destinations(state, seat)


@pytest.mark.parametrize("name", list(SETUPS))
def test_apply_makes_the_states_and_events_of_the_plain_way(seen, name):
    """Up to four legal steps (or chance outcomes) of every third position; every event is
    also what core's event() makes of its fields."""
    rnd = random.Random(name)
    for state in seen[name][::3]:
        if GAME.actor(state) == TERMINAL:
            continue
        if GAME.actor(state) == CHANCE:
            steps = [s for s, _ in rnd.sample(GAME.chance_outcomes(state), 4)]
        else:
            legal = GAME.legal_steps(state)
            steps = rnd.sample(legal, min(len(legal), 4))
        for step in steps:
            new, events = GAME.apply(state, step)
            plain_new, plain_events = plain_apply(state, step)
            assert new == plain_new and events == plain_events
            assert new.__dict__ == plain_new.__dict__  # the fields, and nothing more
            for ev in events:
                assert ev == event(ev.type, **dict(ev.fields))


@pytest.mark.parametrize("name", ["2p", "3p-red-dropped", "4p", "4p-odd-dice"])
def test_moves_are_allowed_and_refused_as_before(seen, name):
    """Every square in play, the boulder and squares of streams not in play, at every fourth
    move position: the same state and events, or the same refusal word for word."""
    refusals = set()
    for state in [s for s in seen[name] if s.phase == "move"][::4]:
        names = [graph.name(state.cfg.streams, n) for n in range(state.boulder + 1)]
        for dest in [*names, "red4", "purple2"]:
            refused = _applied_alike(state, Move(dest))
            if refused:
                refusals.add(refused.ruling)
    assert {"BD8", "BD9"} <= refusals


def _applied_alike(state, step) -> IllegalStep | None:
    """The step makes the reference's position and events, or is refused as the reference
    refuses it, word for word (that refusal is returned)."""
    try:
        expected = plain_apply(state, step)
    except IllegalStep as refused:
        with pytest.raises(IllegalStep) as fast:
            GAME.apply(state, step)
        assert (fast.value.ruling, str(fast.value)) == (refused.ruling, str(refused))
        return refused
    assert GAME.apply(state, step) == expected
    return None


def _odd_rolls(state) -> list[Roll]:
    """Rolls a table might write wrongly: the dice out of order, one missing, one too many,
    a face that is not on its die (the first or a later one), and a good roll."""
    cfg = state.cfg
    good = tuple((stream, die[0]) for stream, die in zip(cfg.streams, cfg.dice, strict=True))
    other = next(s for s in STREAMS if s not in cfg.streams) if len(cfg.streams) < 5 else "red"
    return [
        Roll(good[::-1]),
        Roll(good[:-1]),
        Roll((*good, (other, "W"))),
        Roll(((good[0][0], "S9"), *good[1:])),
        Roll((*good[:-1], (good[-1][0], "X"))),
        Roll(good),
    ]


@pytest.mark.parametrize("name", ["2p", "3p-red-dropped", "4p-odd-dice"])
def test_odd_rolls_are_refused_as_the_reference_refuses_them(seen, name):
    """The same refusal word for word (BD1: the dice in play, left to right; BD3: a face of
    its die), or the same position."""
    refusals = []
    ends = [s for s in seen[name] if s.phase == "over"][:3]  # BD12: nothing after the end
    for state in [*[s for s in seen[name] if s.phase == "roll"][::10], *ends]:
        for step in [*_odd_rolls(state), Move("boulder")]:
            refused = _applied_alike(state, step)
            if refused:
                refusals.append(str(refused))
    streams = ", ".join(seen[name][0].cfg.streams)
    assert f"the roll names one face for each die in play, left to right: {streams}" in str(
        refusals
    )
    assert any("S9 is not a face of the" in r for r in refusals)
    assert any("X is not a face of the" in r for r in refusals)
    assert any(r.endswith(": the game is over [BD12]") for r in refusals)


@pytest.mark.parametrize("name", list(SETUPS))
def test_sample_chance_draws_what_rng_weighted_draws(seen, name):
    for k, state in enumerate(seen[name][:60]):
        fast, plain = Rng(k), Rng(k)
        for _ in range(4):
            assert GAME.sample_chance(state, fast) == plain.weighted(GAME.chance_outcomes(state))
        assert fast.random() == plain.random()


@pytest.mark.parametrize("name", ["2p", "4p", "4p-odd-dice", "2p-floods"])
def test_every_draw_is_the_roll_the_weighted_scan_finds(name):
    players, params = SETUPS[name]
    config = scen(players, params).config
    tables = config.tables
    outcomes = GAME.chance_outcomes(GAME.initial_state(config)[0])
    assert tables.rolls == sum(w for _, w in outcomes)
    pick = 0
    for roll, weight in outcomes:
        for _ in range(weight):
            assert tables.roll(pick) == roll
            pick += 1
    assert pick == tables.rolls


def _random_board(rnd: random.Random):
    streams = STREAMS[: rnd.choice((3, 4, 5))]
    rocks = tuple(
        (a, b, k)
        for a, b in zip(streams, streams[1:], strict=False)
        for k in range(1, SQUARES + 1)
        if rnd.random() < 0.3
    )
    boulder = SQUARES * len(streams)
    full = rnd.random()
    salmon = tuple(rnd.choice((1, 2, 3)) if rnd.random() < full else 0 for _ in range(boulder))
    bears = tuple(rnd.choice(range(boulder + 1)) for _ in range(rnd.choice((2, 3, 4))))
    return streams, rocks, boulder, salmon + (0,), bears


def test_the_search_is_the_plain_search_on_any_board():
    rnd = random.Random(2026)
    for _ in range(1500):
        streams, rocks, boulder, salmon, bears = _random_board(rnd)
        adj = graph.neighbours(streams, rocks)
        seat = rnd.randrange(len(bears))
        others = frozenset(b for i, b in enumerate(bears) if i != seat and b != boulder)
        for flags in ({}, {"stop_on_salmon": False}, {"stop_on_boulder": False}):
            expected = plain_search(adj, boulder, bears[seat], salmon, others, **flags)
            for occupied in (others, bears):  # all the bears may be passed as occupied
                got = graph.destinations(adj, boulder, bears[seat], salmon, occupied, **flags)
                assert got == expected
                dist = graph.distances(adj, boulder, bears[seat], salmon, occupied, **flags)
                assert {n: d for n, d in enumerate(dist) if d} == expected


def test_tables_are_the_lookups_they_replace():
    for name in SETUPS:
        players, params = SETUPS[name]
        cfg = scen(players, params).config
        tables = cfg.tables
        assert tables.adj == graph.neighbours(cfg.streams, cfg.rocks)
        for node, square in enumerate(tables.names):
            assert square == graph.name(cfg.streams, node)
            assert tables.nodes[square] == graph.node_of(cfg.streams, square) == node
            assert tables.moves[node] == Move(square)
        for node in range(tables.boulder):
            assert bots._risks(cfg.dice)[node] == reference_bots.fall_chance(
                cfg.dice[node // SQUARES], node % SQUARES + 1
            )


def test_a_pickled_config_leaves_its_tables_behind():
    config = scen(4, None).config
    GAME.sample_chance(GAME.initial_state(config)[0], Rng(1))
    assert "tables" in vars(config)
    copy = pickle.loads(pickle.dumps(config))
    assert copy == config and "tables" not in vars(copy)
    assert copy.tables.names == config.tables.names
    assert len(pickle.dumps(config)) == len(pickle.dumps(dataclasses.replace(config)))


# -- the bots ---------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["3p-red-dropped", "4p", "4p-short-water", "4p-odd-dice"])
def test_greedy_and_cautious_choose_what_they_chose(seen, name):
    players, params = SETUPS[name]
    config = scen(players, params).config
    for state in seen[name]:
        if GAME.actor(state) in (CHANCE, TERMINAL):
            continue
        seat = GAME.actor(state)
        legal = GAME.legal_steps(state)
        greedy = bots.GreedyBot(GAME, config, seat, Rng(5))
        plain = reference_bots.ReferenceGreedyBot(REFERENCE, config, seat, Rng(5))
        assert greedy.choose(state, legal) == plain.choose(state, legal)
        cautious = bots.CautiousBot(GAME, config, seat, Rng(5))
        plain = reference_bots.ReferenceCautiousBot(REFERENCE, config, seat, Rng(5))
        assert cautious.choose(state, legal) == plain.choose(state, legal)


# -- event() ----------------------------------------------------------------------------------


def test_event_makes_what_the_plain_event_made():
    cases = [
        {},
        {"seat": 1, "to": "blue3", "steps": 2, "from": "boulder"},
        {"b": True, "a": None, "c": 0, "d": False, "e": -3, "f": ""},
        {"faces": ["blue:W", "green:S1"], "round": 1},
        {"nested": [[1, [2, "x"]], (3,), []], "z": (True, None)},
        {"big": 2**70, "flag": True},
    ]
    for fields in cases:
        made, plain = event("x", **fields), plain_event("x", **fields)
        assert made == plain and repr(made) == repr(plain)
        assert [type(v) for _, v in made.fields] == [type(v) for _, v in plain.fields]


class _Text(str):
    pass


def test_event_keeps_subclasses_and_refuses_as_before():
    made = event("x", a=_Text("t"), b=True)
    assert made == plain_event("x", a=_Text("t"), b=True) and type(made.fields[0][1]) is _Text
    for bad in ({"b": 1.5, "a": 2.5}, {"a": [1, 0.5]}, {"a": {1, 2}}):
        with pytest.raises(TypeError) as fast:
            event("x", **bad)
        with pytest.raises(TypeError) as plain:
            plain_event("x", **bad)
        assert str(fast.value) == str(plain.value)
    for reserved in ("type", "seq", "step"):
        with pytest.raises(TypeError, match="reserved"):
            event("x", **{reserved: 1})
    assert core_events.event is event


# -- whole seeded games -----------------------------------------------------------------------

# sha256 (first 32 hex digits) of the steps and event logs of games 1-6 of batch seed 3, as the
# plain code played them before the fast paths (bearcli simulate would play them so). The roll
# is drawn from the same single draw as before, so seeded games did not change.
PINNED = {
    ("two-players", "random"): "74b2d1b7600e49cdda329d5bebb5941a",
    ("two-players", None): "2cb928a965c2cc3901aef1e6c45b298c",
    ("three-players", "random"): "328dfe6d196429799294131bd85a3fa8",
    ("three-players", None): "2ca07180613e4f37a9ec537b9a738898",
    ("four-players", "random"): "794a237615459c8217bd50b85b128002",
    ("four-players", "greedy"): "01529a00f0b8b3c77a44c06ca27dea72",
    ("four-players", "cautious"): "a448f4d750731e52159967f7949a8d50",
    ("four-players", None): "229d6ce06b1ea4464348ab1274f31409",
}


def _digest(name: str, bot: str | None) -> str:
    s = scenario_file.load(ROOT / "scenarios" / "bear-down" / f"{name}.yaml")
    digest = hashlib.sha256()
    for i in range(1, 7):
        result = play_one(s, game_seed(3, i), i, bot, keep=True)
        log = [list(result.steps), [e.to_dict() for e in result.events]]
        digest.update(json.dumps(log, sort_keys=True).encode())
    return digest.hexdigest()[:32]


@pytest.mark.parametrize(("name", "bot"), list(PINNED))
def test_seeded_games_play_the_same_steps_and_events(name, bot):
    assert _digest(name, bot) == PINNED[(name, bot)]


def test_recurring_events_are_the_same_when_the_memory_starts_again(monkeypatch):
    monkeypatch.setattr(config_tables, "EVENTS_KEPT", 3)  # each new configuration's tables
    assert _digest("four-players", None) == PINNED[("four-players", None)]
    loaded = scenario_file.load(ROOT / "scenarios" / "bear-down" / "four-players.yaml")
    assert loaded.config.tables.moved.most == 3
