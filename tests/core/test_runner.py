"""The quiet runner (no record) plays exactly the game the recording runner plays."""

from __future__ import annotations

from pathlib import Path

import pytest

from bearcli.core import registry, runner
from bearcli.core.errors import IllegalStep, ScenarioError
from bearcli.core.events import event
from bearcli.core.game import CHANCE, TERMINAL, Bot, BotSpec, Seat
from bearcli.core.outcome import Outcome
from bearcli.core.rng import Rng, derive_seed
from bearcli.core.runner import (
    MAX_STEPS,
    LoggedEvent,
    Match,
    _human_seat,
    _step_guard,
    _watchers,
    apply_and_notify,
    auto_step,
    chance_rng,
    make_bots,
    notify,
    play_out,
    play_quietly,
    sample_chance,
)
from bearcli.formats import scenario as scenario_fmt
from bearcli.simulation import game_seed, play_one
from tests.dice_race.game import DiceRace, Move, RaceConfig, RaceState, Roll, Runner

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


# -- the runner's steps, one by one, on Dice Race (tests/dice_race) ----------------------------


class Watcher(Bot):
    """Moves one square; remembers every step it is shown, with the state before it."""

    def __init__(self, *args, **options):
        super().__init__(*args, **options)
        self.options = options
        self.seen = []

    def choose(self, state, legal):
        return legal[0]

    def observe(self, state, step, events):
        self.seen.append((state, step, events))


def _race(*bots: str, track: int = 4):
    game = DiceRace()
    game.bots = {**DiceRace.bots, "watcher": BotSpec(Watcher, "moves one square")}
    config = RaceConfig(tuple(Seat(f"S{i}", b) for i, b in enumerate(bots)), track)
    return game, config


def test_a_match_starts_with_its_set_up_and_logs_each_step():
    game, config = _race("random", "random")
    match = Match(game, config)
    assert (match.game, match.config) == (game, config)
    assert match.state == RaceState(config, (0, 0))
    assert (match.steps, match.events, match.event_dicts()) == ([], [], [])
    assert (match.actor, match.over, match.outcome) == (CHANCE, False, None)
    first = match.apply_text("roll 3")
    assert first == (LoggedEvent(1, 1, event("rolled", seat=1, value=3)),)
    assert match.actor == 0
    second = match.apply(Move(3))
    assert second == (LoggedEvent(2, 2, event("moved", seat=1, to=3)),)
    assert match.steps == [Roll(3), Move(3)]
    assert match.events == [*first, *second]
    assert match.state == RaceState(config, (3, 0), 1, None, 1)
    with pytest.raises(IllegalStep):
        match.apply(Move(1))  # the die is rolled first
    assert match.steps == [Roll(3), Move(3)] and len(match.events) == 2
    assert match.state == RaceState(config, (3, 0), 1, None, 1)
    match.apply(Roll(1))
    last = match.apply(Move(1))
    match.apply(Roll(2))
    end = match.apply(Move(1))
    assert [(le.seq, le.step, le.event.type) for le in end] == [
        (6, 6, "moved"),
        (7, 6, "game-ended"),
    ]
    assert last == (LoggedEvent(4, 4, event("moved", seat=2, to=1)),)
    assert (match.actor, match.over) == (TERMINAL, True)
    assert match.outcome == Outcome("finish-reached", (0,), (4, 1))
    assert match.event_dicts()[:2] == [
        {"type": "rolled", "seat": 1, "value": 3, "seq": 1, "step": 1},
        {"type": "moved", "seat": 1, "to": 3, "seq": 2, "step": 2},
    ]
    assert match.event_dicts()[-1] == {
        "type": "game-ended",
        "termination": "finish-reached",
        "winners": [1],
        "scores": [4, 1],
        "seq": 7,
        "step": 6,
    }


def test_a_set_up_is_logged_as_step_0():
    class Announced(DiceRace):
        def initial_state(self, config):
            state, _ = super().initial_state(config)
            return state, (event("set-up", seats=2), event("track", squares=config.track))

    _, config = _race("random", "random")
    match = Match(Announced(), config)
    assert match.events == [
        LoggedEvent(1, 0, event("set-up", seats=2)),
        LoggedEvent(2, 0, event("track", squares=4)),
    ]
    assert match.apply(Roll(2)) == (LoggedEvent(3, 1, event("rolled", seat=1, value=2)),)
    assert LoggedEvent(3, 1, event("rolled", seat=1, value=2)).to_dict() == {
        "type": "rolled",
        "seat": 1,
        "value": 2,
        "seq": 3,
        "step": 1,
    }


def test_make_bots_gives_each_seat_its_bot_and_generator():
    game, config = _race("runner", "human", "watcher")
    config = RaceConfig((*config.seats[:2], Seat("S2", "watcher", (("depth", 2),))), 4)
    bots = make_bots(game, config, 17)
    assert [type(b) for b in bots] == [Runner, type(None), Watcher]
    runner_bot, _, watcher = bots
    assert (runner_bot.game, runner_bot.config, runner_bot.seat) == (game, config, 0)
    assert (watcher.seat, watcher.options) == (2, {"depth": 2})
    for i, bot in ((0, runner_bot), (2, watcher)):
        own = Rng(derive_seed(17, "seat", i))
        assert [bot.rng.random() for _ in range(3)] == [own.random() for _ in range(3)]


def test_make_bots_with_an_override_plays_every_seat_with_that_bot():
    game, config = _race("runner", "human", "watcher")
    config = RaceConfig((*config.seats[:2], Seat("S2", "watcher", (("depth", 2),))), 4)
    bots = make_bots(game, config, 5, "watcher")
    assert [type(b) for b in bots] == [Watcher, Watcher, Watcher]
    assert [b.seat for b in bots] == [0, 1, 2]
    assert [b.options for b in bots] == [{}, {}, {}]  # the seats' options are its own bot's
    assert make_bots(game, config, 5, "human") == [None, None, None]


def test_make_bots_refuses_an_unknown_bot():
    game, config = _race("random", "clever")
    with pytest.raises(ScenarioError) as info:
        make_bots(game, config, 1)
    assert info.value.message == (
        "unknown bot 'clever' for dice-race (known: random, runner, watcher, human)"
    )
    assert (info.value.location, info.value.ruling) == (None, None)
    with pytest.raises(ScenarioError) as info:
        make_bots(game, _race("random")[1], 1, "nobody")
    assert info.value.message == (
        "unknown bot 'nobody' for dice-race (known: random, runner, watcher, human)"
    )


def test_chance_draws_from_its_own_derived_generator():
    own = Rng(derive_seed(9, "chance"))
    rng = chance_rng(9)
    assert [rng.random() for _ in range(3)] == [own.random() for _ in range(3)]
    game, config = _race("random", "random")
    state, _ = game.initial_state(config)
    rng, again = chance_rng(4), chance_rng(4)
    assert [sample_chance(game, state, rng) for _ in range(9)] == [
        game.sample_chance(state, again) for _ in range(9)
    ]


def test_only_watchers_are_notified_with_the_state_before():
    game, config = _race("watcher", "runner", "watcher", "human")
    bots = make_bots(game, config, 1)
    match = Match(game, config)
    before = match.state
    logged = apply_and_notify(match, bots, Roll(2))
    assert logged == (LoggedEvent(1, 1, event("rolled", seat=1, value=2)),)
    expected = [(before, Roll(2), (event("rolled", seat=1, value=2),))]
    assert bots[0].seen == expected and bots[2].seen == expected
    assert bots[3] is None
    notify(bots, "a state", Move(1), logged)
    assert bots[2].seen[-1] == ("a state", Move(1), (event("rolled", seat=1, value=2),))


def test_auto_step_takes_chance_and_bot_steps_and_stops_at_a_human():
    game, config = _race("watcher", "human")
    bots = make_bots(game, config, 2)
    match, rng, again = Match(game, config), chance_rng(2), chance_rng(2)
    drawn = game.sample_chance(match.state, again)
    step, logged = auto_step(match, bots, rng)
    assert step == drawn and logged == tuple(match.events)
    before = match.state
    step, logged = auto_step(match, bots, rng)
    assert step == Move(1)  # the watcher takes the first legal step
    assert logged == (LoggedEvent(2, 2, event("moved", seat=1, to=1)),)
    assert bots[0].seen[-1] == (before, Move(1), (event("moved", seat=1, to=1),))
    auto_step(match, bots, rng)  # seat 2's roll
    state = match.state
    assert auto_step(match, bots, rng) is None
    assert match.state is state and len(match.steps) == 3


def test_the_step_guard_and_a_human_seats_messages():
    assert str(_step_guard()) == (
        f"error: the game did not end within {MAX_STEPS} steps (the step guard "
        "bearcli.core.runner.MAX_STEPS)"
    )
    assert str(_human_seat(1)) == "error: seat 2 is human; pick a bot to simulate it"
    assert type(_step_guard()) is ScenarioError and type(_human_seat(0)) is ScenarioError


def _recorded(bots: str, seed: int, on_step=None):
    game, config = _race(*bots.split())
    match = Match(game, config)
    outcome = play_out(match, make_bots(game, config, seed), chance_rng(seed), on_step)
    return match, outcome


def test_play_out_plays_to_the_end_and_shows_each_step():
    shown = []
    match, outcome = _recorded("runner random", 6, lambda step, logged: shown.append(logged))
    assert outcome == match.outcome and match.over
    assert len(shown) == len(match.steps)
    assert [le for logged in shown for le in logged] == match.events
    assert _recorded("runner random", 6)[0].events == match.events


def test_play_out_refuses_a_human_seat():
    game, config = _race("runner", "human", track=20)
    with pytest.raises(ScenarioError) as info:
        play_out(Match(game, config), make_bots(game, config, 1), chance_rng(1))
    assert str(info.value) == "error: seat 2 is human; pick a bot to simulate it"


@pytest.mark.parametrize("bots", ["runner random", "watcher random watcher", "runner runner"])
def test_play_quietly_ends_as_play_out_ends(bots):
    for seed in range(4):
        match, _ = _recorded(bots, seed)
        game, config = _race(*bots.split())
        state, taken = play_quietly(game, config, make_bots(game, config, seed), chance_rng(seed))
        assert (state, taken) == (match.state, len(match.steps))


def test_play_quietly_shows_watchers_each_step_with_the_state_before():
    game, config = _race("watcher", "runner", "watcher")
    loud, quiet = make_bots(game, config, 3), make_bots(game, config, 3)
    play_out(Match(game, config), loud, chance_rng(3))
    play_quietly(game, config, quiet, chance_rng(3))
    assert quiet[0].seen and quiet[0].seen == loud[0].seen and quiet[2].seen == loud[2].seen
    assert all(type(events) is tuple for _, _, events in quiet[0].seen)


def test_play_quietly_advances_when_nobody_watches_and_applies_when_one_does():
    calls = []

    class Counted(DiceRace):
        def apply(self, state, step):
            calls.append("apply")
            return super().apply(state, step)

        def advance(self, state, step):
            calls.append("advance")
            return super().apply(state, step)[0]

    _, config = _race("runner", "random")
    game = Counted()
    game.bots = {**DiceRace.bots, "watcher": BotSpec(Watcher, "")}
    _, taken = play_quietly(game, config, make_bots(game, config, 1), chance_rng(1))
    assert calls == ["advance"] * taken
    calls.clear()
    config = RaceConfig((Seat("a", "runner"), Seat("b", "watcher")), 4)
    _, taken = play_quietly(game, config, make_bots(game, config, 1), chance_rng(1))
    assert calls == ["apply"] * taken


@pytest.mark.parametrize("quietly", [False, True])
def test_the_step_guard_stops_a_game_one_step_too_long(monkeypatch, quietly):
    match, _ = _recorded("runner random", 8)
    length = len(match.steps)
    game, config = _race("runner", "random")

    def play():
        bots, rng = make_bots(game, config, 8), chance_rng(8)
        if quietly:
            return play_quietly(game, config, bots, rng)[1]
        m = Match(game, config)
        play_out(m, bots, rng)
        return len(m.steps)

    monkeypatch.setattr(runner, "MAX_STEPS", length)
    assert play() == length
    monkeypatch.setattr(runner, "MAX_STEPS", length - 1)
    with pytest.raises(ScenarioError) as info:
        play()
    assert info.value.message == (
        f"the game did not end within {length - 1} steps (the step guard "
        "bearcli.core.runner.MAX_STEPS)"
    )
