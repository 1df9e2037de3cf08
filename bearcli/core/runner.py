"""Play a game forward: bots, a generator or a record supply the steps; events flow out."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bearcli.core.errors import ScenarioError
from bearcli.core.events import Event
from bearcli.core.game import CHANCE, TERMINAL, Bot, Config, Game, Step
from bearcli.core.outcome import Outcome
from bearcli.core.rng import Rng, derive_seed

MAX_STEPS = 100_000  # a guard against a rules bug looping forever, far above any real game


@dataclass(frozen=True)
class LoggedEvent:
    seq: int  # 1-based position in the whole log
    step: int  # 1-based index of the step that caused it; 0 for the set-up
    event: Event

    def to_dict(self) -> dict:
        out = self.event.to_dict()
        out["seq"] = self.seq
        out["step"] = self.step
        return out


class Match:
    """A game in progress. States are immutable; the match only keeps the latest one."""

    def __init__(self, game: Game, config: Config):
        self.game = game
        self.config = config
        self.state, setup = game.initial_state(config)
        self.steps: list[Step] = []
        self.events: list[LoggedEvent] = []
        self._log(setup)

    def _log(self, events: Sequence[Event]) -> tuple[LoggedEvent, ...]:
        start = len(self.events)
        logged = tuple(LoggedEvent(start + i + 1, len(self.steps), e) for i, e in enumerate(events))
        self.events.extend(logged)
        return logged

    @property
    def actor(self) -> int:
        return self.game.actor(self.state)

    @property
    def over(self) -> bool:
        return self.actor == TERMINAL

    @property
    def outcome(self) -> Outcome | None:
        return self.game.outcome(self.state)

    def apply(self, step: Step) -> tuple[LoggedEvent, ...]:
        """Apply a step (validated by the rules); on IllegalStep the match is unchanged."""
        state, events = self.game.apply(self.state, step)
        self.state = state
        self.steps.append(step)
        return self._log(events)

    def apply_text(self, text: str) -> tuple[LoggedEvent, ...]:
        return self.apply(self.game.parse_step(text))

    def event_dicts(self) -> list[dict]:
        """The events as the log's lines say them (what narrators read)."""
        return [e.to_dict() for e in self.events]


def make_bots(
    game: Game, config: Config, seed: int, override: str | None = None
) -> list[Bot | None]:
    """One bot per seat (None for a human seat), each with its own derived generator."""
    bots: list[Bot | None] = []
    for i, seat in enumerate(config.seats):
        name = override or seat.bot
        if name == "human":
            bots.append(None)
            continue
        if name not in game.bots:
            raise ScenarioError(
                f"unknown bot {name!r} for {game.name} "
                f"(known: {', '.join(sorted(game.bots))}, human)"
            )
        spec = game.bots[name]
        options = dict(seat.options) if not override else {}
        bots.append(spec.factory(game, config, i, Rng(derive_seed(seed, "seat", i)), **options))
    return bots


def chance_rng(seed: int) -> Rng:
    return Rng(derive_seed(seed, "chance"))


def sample_chance(game: Game, state, rng: Rng) -> Step:
    return game.sample_chance(state, rng)


def notify(bots: Sequence[Bot | None], before, step: Step, logged: Sequence[LoggedEvent]) -> None:
    """Every bot sees every step (its own, other seats', chance) and what it caused."""
    events = tuple(le.event for le in logged)
    for bot in _watchers(bots):
        bot.observe(before, step, events)


def apply_and_notify(
    match: Match, bots: Sequence[Bot | None], step: Step
) -> tuple[LoggedEvent, ...]:
    """Apply a step, whoever chose it, and show it to every bot."""
    before = match.state
    logged = match.apply(step)
    notify(bots, before, step, logged)
    return logged


def auto_step(
    match: Match, bots: Sequence[Bot | None], rng: Rng
) -> tuple[Step, tuple[LoggedEvent, ...]] | None:
    """Take one step that needs no person: chance from the generator, or a bot seat's move.

    Returns None, without a step, when a human seat is to decide.
    """
    game = match.game
    actor = match.actor
    if actor == CHANCE:
        step = sample_chance(game, match.state, rng)
    else:
        bot = bots[actor]
        if bot is None:
            return None
        step = bot.choose(match.state, game.legal_steps(match.state))
    return step, apply_and_notify(match, bots, step)


def _step_guard() -> ScenarioError:
    # A setup no bot can finish (or a rules bug) is the scenario's problem, not a crash.
    return ScenarioError(
        f"the game did not end within {MAX_STEPS} steps (the step guard "
        "bearcli.core.runner.MAX_STEPS)"
    )


def _human_seat(actor: int) -> ScenarioError:
    return ScenarioError(f"seat {actor + 1} is human; pick a bot to simulate it")


def _watchers(bots: Sequence[Bot | None]) -> list[Bot]:
    """The bots that remember what they see: the others' observe() is the base no-op."""
    return [b for b in bots if b is not None and type(b).observe is not Bot.observe]


def play_quietly(game: Game, config: Config, bots: Sequence[Bot | None], rng: Rng):
    """play_out without a record: the same game (same steps, same bots' view, same end),
    returning only (final state, number of steps).

    A batch that keeps no logs spends most of its time here, so nothing is built that only a
    log would read (no LoggedEvent, no step list) and each step asks for the actor once.
    tests/core/test_runner.py proves it equal to play_out on seeded games of every game and
    bot.
    """
    state, _ = game.initial_state(config)
    watchers = _watchers(bots)
    actor_of, apply, advance, legal_steps, sample = (
        game.actor,
        game.apply,
        game.advance,
        game.legal_steps,
        game.sample_chance,
    )
    taken = 0
    while (actor := actor_of(state)) != TERMINAL:
        if taken >= MAX_STEPS:
            raise _step_guard()
        if actor == CHANCE:
            step = sample(state, rng)
        else:
            bot = bots[actor]
            if bot is None:
                raise _human_seat(actor)
            step = bot.choose(state, legal_steps(state))
        if watchers:
            after, events = apply(state, step)
            events = tuple(events)
            for bot in watchers:
                bot.observe(state, step, events)
            state = after
        else:  # nobody reads the events: the game need not make them
            state = advance(state, step)
        taken += 1
    return state, taken


def play_out(
    match: Match,
    bots: Sequence[Bot | None],
    rng: Rng,
    on_step: Callable[[Step, tuple[LoggedEvent, ...]], None] | None = None,
) -> Outcome:
    """Run bots and chance until the end. Every seat must have a bot."""
    while not match.over:
        if len(match.steps) >= MAX_STEPS:
            raise _step_guard()
        taken = auto_step(match, bots, rng)
        if taken is None:
            raise _human_seat(match.actor)
        if on_step:
            on_step(*taken)
    outcome = match.outcome
    assert outcome is not None
    return outcome
