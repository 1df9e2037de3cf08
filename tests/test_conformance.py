"""One conformance test over every registered game (OpenSpiel's `test_game_sim` in spirit).

Seeded random play through each shipped scenario, checking the protocol's promises at every
state: legal steps exist until the end, every step prints itself back, applying never mutates
the previous state, chance weights are positive, the outcome names real seats, and the record
of the game replays from text to the very same events.
"""

from __future__ import annotations

import dataclasses

import pytest

from bearcli.core import registry
from bearcli.core.errors import IllegalStep
from bearcli.core.game import CHANCE, TERMINAL
from bearcli.core.runner import Match, chance_rng, make_bots, play_out
from bearcli.formats import scenario as scenario_fmt
from tests.conftest import ROOT
from tests.dice_race import SCENARIO as DICE_RACE
from tests.dice_race import registered  # noqa: F401 (a fixture)

CASES = [
    (name, path)
    for name in registry.names()
    for path in sorted((ROOT / "scenarios" / name).glob("*.yaml"))
]


# A game registered from outside the package (tests/dice_race) keeps the protocol too.
OUTSIDE = [("dice-race", DICE_RACE)]


def test_every_game_ships_a_scenario():
    assert {name for name, _ in CASES} == set(registry.names())


@pytest.mark.parametrize("name,path", CASES + OUTSIDE, ids=lambda v: getattr(v, "name", v))
@pytest.mark.parametrize("seed", [1, 2])
def test_random_play_keeps_the_protocol(name, path, seed, request):
    if (name, path) in OUTSIDE:
        request.getfixturevalue("registered")
    scen = scenario_fmt.load(path)
    game = scen.game
    config = dataclasses.replace(
        scen.config,
        seats=tuple(dataclasses.replace(s, bot="random", options=()) for s in scen.config.seats),
    )
    match = Match(game, config)
    bots = make_bots(game, config, seed)
    rng = chance_rng(seed)

    # Steps are frozen values and parse_step reads the text alone, so a step shown to print
    # itself back once does so at every state: each distinct step is parsed once (a memo game
    # offers the same flips at hundreds of states, and parsing them all again was most of
    # this test's time).
    printed_back: set = set()

    def prints_back(s) -> None:
        if s not in printed_back:
            assert game.parse_step(str(s)) == s
            printed_back.add(s)

    def check(step, logged):
        state = match.state
        actor = game.actor(state)
        assert actor in (CHANCE, TERMINAL) or 0 <= actor < len(config.seats)
        if actor == CHANCE:
            outcomes = game.chance_outcomes(state)
            assert outcomes and all(w > 0 for _, w in outcomes)
            for s, _ in outcomes[:50]:
                prints_back(s)
        elif actor != TERMINAL:
            legal = game.legal_steps(state)
            assert legal, "a seat to move always has a legal step"
            for s in legal:
                prints_back(s)
        prints_back(step)
        assert all(e.step == len(match.steps) for e in logged)

    before = match.state
    snapshot = repr(before)
    outcome = play_out(match, bots, rng, on_step=check)
    assert repr(before) == snapshot, "apply must not mutate a state"
    assert match.over and outcome == game.outcome(match.state)
    assert all(0 <= w < len(config.seats) for w in outcome.winners)

    with pytest.raises(IllegalStep) as after_end:
        match.apply(match.steps[-1])
    assert after_end.value.ruling, "a step after the end is refused citing a ruling"

    again = Match(game, config)
    for step in match.steps:
        again.apply_text(str(step))
    assert [e.to_dict() for e in again.events] == [e.to_dict() for e in match.events]


@pytest.mark.parametrize("name,path", CASES[:1] + CASES[-1:], ids=lambda v: getattr(v, "name", v))
def test_same_seed_same_game(name, path):
    scen = scenario_fmt.load(path)
    runs = []
    for _ in range(2):
        match = Match(scen.game, scen.config)
        play_out(match, make_bots(scen.game, scen.config, 9), chance_rng(9))
        runs.append([e.to_dict() for e in match.events])
    assert runs[0] == runs[1]
