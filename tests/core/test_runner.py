"""The quiet runner (no record) plays exactly the game the recording runner plays."""

from __future__ import annotations

from pathlib import Path

import pytest

from bearcli.core import registry
from bearcli.core.errors import IllegalStep, ScenarioError
from bearcli.core.game import CHANCE, TERMINAL, Bot
from bearcli.core.runner import _watchers, chance_rng, make_bots, play_quietly
from bearcli.formats import scenario as scenario_fmt
from bearcli.simulation import game_seed, play_one

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = sorted((ROOT / "scenarios").rglob("*.yaml"))


def _cases():
    """Every shipped scenario with its own bots, and with each bot its game has."""
    for path in SCENARIOS:
        scen = scenario_fmt.load(path)
        rel = str(path.relative_to(ROOT / "scenarios"))
        yield pytest.param(path, None, id=f"{rel}-own")
        for bot in sorted(scen.game.bots):
            yield pytest.param(path, bot, id=f"{rel}-{bot}")


@pytest.mark.parametrize(("path", "bot"), list(_cases()))
def test_quiet_games_are_the_recorded_games(path, bot):
    scen = scenario_fmt.load(path)
    # One game a case: the cases (every shipped scenario with each of its bots, some 95) play
    # every floe, table and forest both ways already; a second seed a case repeated that.
    seed = game_seed(7, 1)
    loud = play_one(scen, seed, 1, bot, keep=True)
    quiet = play_one(scen, seed, 1, bot, keep=False)
    assert loud.events and not quiet.events  # the recording run kept its log, quiet not
    assert (quiet.outcome, quiet.measures, quiet.length) == (
        loud.outcome,
        loud.measures,
        loud.length,
    ), f"{path.name} bot={bot}"
    assert quiet.length == len(loud.steps)


def test_only_bots_that_remember_are_shown_the_steps():
    class Forgets(Bot):
        def choose(self, state, legal):
            return legal[0]

    class Remembers(Forgets):
        def observe(self, state, step, events):
            pass

    game = registry.get("sliding-bears")
    forgets, remembers = Forgets(game, None, 0, None), Remembers(game, None, 1, None)
    assert _watchers([forgets, None, remembers]) == [remembers]


def test_a_human_seat_cannot_be_played_quietly():
    scen = scenario_fmt.load(ROOT / "scenarios/sliding-bears/classic.yaml")
    bots = make_bots(scen.game, scen.config, 1)
    bots[0] = None
    with pytest.raises(ScenarioError, match="seat 1 is human"):
        play_quietly(scen.game, scen.config, bots, chance_rng(1))


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: str(p.relative_to(ROOT / "scenarios")))
def test_advance_makes_the_state_apply_makes(path):
    # Bear Down! skips its events in advance(); every state on the way must still be equal.
    scen = scenario_fmt.load(path)
    game = scen.game
    for i in range(1, 3):
        seed = game_seed(11, i)
        bots, rng = make_bots(game, scen.config, seed, "random"), chance_rng(seed)
        state, _ = game.initial_state(scen.config)
        while (actor := game.actor(state)) != TERMINAL:
            if actor == CHANCE:
                step = game.sample_chance(state, rng)
            else:
                step = bots[actor].choose(state, game.legal_steps(state))
            applied, events = game.apply(state, step)
            assert game.advance(state, step) == applied, f"{path.name} game {i}: {step}"
            state = applied


@pytest.mark.parametrize("name", registry.names())
def test_advance_refuses_what_apply_refuses(name):
    # A chance outcome offered at a seat's decision: both refuse it, with the same words.
    game = registry.get(name)
    scen = scenario_fmt.load(next(p for p in SCENARIOS if p.parent.name == name))
    state, _ = game.initial_state(scen.config)
    rng, bots = chance_rng(3), make_bots(game, scen.config, 3, "random")
    roll = None
    while roll is None or game.actor(state) == CHANCE:
        if game.actor(state) == CHANCE:
            step = roll = game.sample_chance(state, rng)
        else:
            step = bots[game.actor(state)].choose(state, game.legal_steps(state))
        state = game.advance(state, step)
    assert game.actor(state) >= 0
    with pytest.raises(IllegalStep) as applied:
        game.apply(state, roll)
    with pytest.raises(IllegalStep) as advanced:
        game.advance(state, roll)
    assert str(advanced.value) == str(applied.value)
