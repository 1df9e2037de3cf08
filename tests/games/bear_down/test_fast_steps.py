"""The second round of Bear Down! fast paths against the plain ways they replace.

graph.search (bears marked first, the boulder left only from the start), the fall and
landing tables, the roll plan built die by die, the initial state made once per
configuration, advance() going straight to the move, and states built with a dict of their
own: each is compared with the plain computation on odd boards and seeded positions.
"""

from __future__ import annotations

import dataclasses
import pickle
import random

import pytest

from bearcli.core.errors import IllegalStep
from bearcli.core.game import CHANCE, TERMINAL
from bearcli.core.rng import Rng
from bearcli.games.bear_down import graph, rules
from bearcli.games.bear_down.graph import SQUARES
from bearcli.games.bear_down.notation import Move, Roll, Stay
from tests.games.bear_down.helpers import GAME, scen
from tests.games.bear_down.test_fast_paths import (
    SETUPS,
    _random_board,
    plain_apply,
    plain_search,
    positions,
)


@pytest.fixture(scope="module")
def seen() -> dict[str, list]:
    return {name: positions(name, 2, seed=23) for name in SETUPS}


def test_search_finds_the_plain_destinations_on_any_board():
    rnd = random.Random(9)
    for _ in range(2000):
        streams, rocks, boulder, salmon, bears = _random_board(rnd)
        adj = graph.neighbours(streams, rocks)
        inner = graph.inner_links(adj)
        assert inner[:-1] == adj[:-1] and inner[-1] == ()
        seat = rnd.randrange(len(bears))
        others = frozenset(b for i, b in enumerate(bears) if i != seat and b != boulder)
        expected = plain_search(adj, boulder, bears[seat], salmon, others)
        dist = graph.search(adj, inner, bears[seat], salmon, bears)
        assert {n: d for n, d in enumerate(dist) if d} == expected
        assert dist[bears[seat]] == 0


def _plain_landing(stream_nodes, count, bears):
    placed = []
    for node in stream_nodes:
        if len(placed) < count and node not in bears:
            placed.append(node)
    return placed


@pytest.mark.parametrize("players", [2, 3, 4])
def test_fall_and_landing_tables_are_the_plain_rules(players):
    tables = scen(players).config.tables
    for i in range(len(tables.jumps)):
        base, edge, after = tables.falls[i]
        assert (base, edge) == (SQUARES * i, SQUARES * i + SQUARES - 1)
        for node in range(tables.boulder + 1):
            moved = node + 1 if base <= node < edge else node
            assert after[node] == (tables.boulder if node == edge else moved)
        nodes = [n for n, _ in tables.jumps[i]]  # square 4 down
        for count in range(SQUARES):
            for pattern in range(1 << SQUARES):
                bears = {base + k for k in range(SQUARES) if pattern >> k & 1}
                landed, squares = tables.landings[i][count][pattern]
                assert list(landed) == _plain_landing(nodes, count, bears)
                assert squares == tuple(tables.names[n] for n in landed)


@pytest.mark.parametrize("name", ["2p", "4p", "4p-odd-dice", "2p-floods"])
def test_the_plan_of_every_roll_is_the_plain_one(name):
    players, params = SETUPS[name]
    config = scen(players, params).config
    tables = config.tables
    for roll, _ in GAME.chance_outcomes(GAME.initial_state(config)[0]):
        texts, flows, needed, jumps = rules._plan(tables, roll.faces)
        assert list(texts) == [f"{s}:{f}" for s, f in roll.faces]
        plain_flows = [
            (s, i) for i, (s, f) in enumerate(roll.faces) for _ in range(rules.WATER.get(f, 0))
        ]
        assert [(s, fall) for s, fall in flows] == [(s, tables.falls[i]) for s, i in plain_flows]
        plain_jumps = [
            (s, rules.SALMON[f], i) for i, (s, f) in enumerate(roll.faces) if f in rules.SALMON
        ]
        assert [(s, c, shift // SQUARES) for s, c, shift, _ in jumps] == plain_jumps
        assert all(t is tables.landings[shift // SQUARES][c] for _, c, shift, t in jumps)
        assert needed == sum(c for _, c, _ in plain_jumps)
    streams = config.streams
    bad = [
        tuple((s, "W") for s in streams[:-1]),  # a die missing
        tuple((s, "W") for s in streams) + (("red", "W"),),  # a die too many
        ((streams[0], "S4"),) + tuple((s, "W") for s in streams[1:]),  # no such face
        tuple((s, "W") for s in reversed(streams)),  # out of order
    ]
    for faces in bad:
        if tuple(s for s, _ in faces) != streams or any(
            f not in die for (_, f), die in zip(faces, config.dice, strict=False)
        ):
            assert rules._plan(tables, faces) is None


def test_the_initial_state_is_made_once_and_is_the_plain_one():
    config = scen(3, {"salmon_supply": 7}).config
    first = GAME.initial_state(config)
    assert GAME.initial_state(config) is first
    assert first == GAME._initial_state(config)
    assert first[0].__dict__ == GAME._initial_state(config)[0].__dict__
    other = dataclasses.replace(config)  # another configuration: its own tables, its own start
    assert GAME.initial_state(other) is not first and GAME.initial_state(other) == first


def _steps_to_try(state):
    if GAME.actor(state) == CHANCE:
        return [GAME.sample_chance(state, Rng(state.round))] + [Move("boulder"), Stay()]
    seat = GAME.actor(state) + 1
    names = [graph.name(state.cfg.streams, n) for n in range(state.boulder + 1)]
    other = seat % len(state.bears) + 1
    return [
        *GAME.legal_steps(state),
        *(Move(n) for n in names),
        Move(names[0], seat=seat),
        Move(names[-1], seat=other),
        Stay(),
        Stay(seat=other),
        Roll(tuple((s, "W") for s in state.cfg.streams)),
    ]


@pytest.mark.parametrize("name", ["2p", "4p", "4p-odd-dice", "2p-no-tile-left"])
def test_advance_is_apply_without_the_events(seen, name):
    """Every legal step, every square, seat-named and refused steps: advance() makes apply()'s
    state field for field (events skipped) or refuses it word for word, as the reference
    rules do."""
    for state in seen[name][::2]:
        if GAME.actor(state) == TERMINAL:
            with pytest.raises(IllegalStep):
                GAME.advance(state, Stay())
            with pytest.raises(IllegalStep, match="game is over"):
                plain_apply(state, Stay())
            continue
        for step in _steps_to_try(state):
            try:
                applied, events = GAME.apply(state, step)
            except IllegalStep as refused:
                with pytest.raises(IllegalStep) as fast:
                    GAME.advance(state, step)
                assert (fast.value.ruling, str(fast.value)) == (refused.ruling, str(refused))
                with pytest.raises(IllegalStep) as plain:  # the reference refuses it alike
                    plain_apply(state, step)
                assert (plain.value.ruling, str(plain.value)) == (refused.ruling, str(refused))
                continue
            advanced = GAME.advance(state, step)
            assert advanced.__dict__ == applied.__dict__
            assert (advanced, events) == plain_apply(state, step)


def test_legal_steps_search_and_the_state_holds_it_for_the_moves_a_copy_leaves_it(seen):
    state = next(s for s in seen["4p"] if s.phase == "move")
    tables = state.cfg.tables
    plain = graph.search(
        tables.adj, tables.inner, state.bears[state.mover], state.salmon, state.bears
    )
    first = GAME.legal_steps(state)  # the runner asks first: it searches, the state holds it
    reach = state.reach
    assert reach == plain and GAME._distances(state, state.mover) is reach
    assert GAME.destinations(state, state.mover) == {n: d for n, d in enumerate(reach) if d}
    assert GAME.legal_steps(state) == first and state.reach is not reach  # searched anew
    after = GAME.advance(state, first[0])
    assert not hasattr(after, "_reach")  # a changed copy leaves it behind: searched anew
    other = (state.mover + 1) % len(state.bears)  # another seat's (a refusal's): not held
    held = state.reach
    assert GAME._distances(state, other) is not held and state.reach is held
    fresh = dataclasses.replace(state)  # a state nobody asked yet: searched on first read
    assert fresh.reach == plain and fresh.reach is fresh.reach
    copied = pickle.loads(pickle.dumps(state))  # pickled by its fields alone
    assert copied == state and not hasattr(copied, "_reach") and copied.reach == plain


def test_states_get_fields_of_their_own(seen):
    for state in seen["3p-short-salmon"][:200]:
        if GAME.actor(state) == TERMINAL:
            continue
        step = (
            GAME.legal_steps(state)[0]
            if state.phase == "move"
            else GAME.sample_chance(state, Rng(1))
        )
        new = GAME.advance(state, step)
        assert new == dataclasses.replace(new) and new.__dict__ is not state.__dict__
        assert list(new.__dict__) == [f.name for f in dataclasses.fields(new)]


def test_the_bots_are_looked_up_once():
    assert GAME.bots is GAME.bots
    assert set(GAME.bots) == {"random", "greedy", "cautious"}
