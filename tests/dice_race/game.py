"""Dice Race: a small fourth game, written here in the tests, registered from outside the
package through the `bearcli.games` entry-point group as a game of another package would be.

The rules: 2 to 4 seats (DR0) race along a track of `track` squares (3 to 20, default 8), all
starting on square 0. At a seat's turn one die is rolled (chance), then that seat moves its
piece forward 1 up to the number rolled, never past the end (DR1). The first seat to reach
the last square wins, and the race is over (DR2). It declares no optional ability: no static
checks, no pictures, no solver of its own.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from bearcli.core.errors import MalformedStep
from bearcli.core.events import event
from bearcli.core.game import CHANCE, TERMINAL, Bot, BotSpec, Config, Game, RandomBot
from bearcli.core.narration import TableNarrator
from bearcli.core.outcome import Outcome

FACES = 6


@dataclass(frozen=True)
class RaceConfig(Config):
    track: int = 8


@dataclass(frozen=True)
class Roll:
    value: int

    def __str__(self) -> str:
        return f"roll {self.value}"


@dataclass(frozen=True)
class Move:
    squares: int

    def __str__(self) -> str:
        return f"move {self.squares}"


@dataclass(frozen=True)
class RaceState:
    cfg: RaceConfig = field(compare=False)
    places: tuple[int, ...]
    seat: int = 0  # whose turn it is
    rolled: int | None = None  # the die of this turn, once rolled
    turns: int = 0


class Runner(Bot):
    """Moves as far as the die allows."""

    def choose(self, state, legal):
        return max(legal, key=lambda step: step.squares)


class DiceRace(Game):
    name = "dice-race"
    title = "Dice Race"
    min_seats, max_seats = 2, 4
    cooperative = False
    seats_ruling = "DR0"
    rules_version = 1
    scenario_keys = frozenset({"track"})
    bots = {
        "random": BotSpec(RandomBot, "uniform over the legal moves"),
        "runner": BotSpec(Runner, "moves as far as the die allows"),
    }

    def configure(self, source, seats):
        track = source.typed("track", int, 8)
        if not 3 <= track <= 20:
            raise source.error(f"track must be 3 to 20 squares, not {track}", "track")
        return RaceConfig(seats, track)

    def config_dict(self, config):
        return {"track": config.track}

    def initial_state(self, config):
        return RaceState(config, (0,) * len(config.seats)), ()

    def actor(self, state):
        if self.outcome(state) is not None:
            return TERMINAL
        return CHANCE if state.rolled is None else state.seat

    def legal_steps(self, state):
        if self.actor(state) < 0:
            return []
        left = state.cfg.track - state.places[state.seat]
        return [Move(n) for n in range(1, min(state.rolled, left) + 1)]

    def chance_outcomes(self, state):
        return [(Roll(n), 1) for n in range(1, FACES + 1)] if self.actor(state) == CHANCE else []

    def apply(self, state, step):
        actor = self.actor(state)
        if actor == TERMINAL:
            raise self.refuse(step, "the race is over", "DR2")
        if actor == CHANCE:
            if not isinstance(step, Roll) or not 1 <= step.value <= FACES:
                raise self.refuse(step, "the die is rolled first: roll 1 to roll 6", "DR1")
            new = RaceState(state.cfg, state.places, state.seat, step.value, state.turns)
            return new, (event("rolled", seat=state.seat + 1, value=step.value),)
        if step not in self.legal_steps(state):
            raise self.refuse(
                step, f"a move is 1 to {state.rolled} squares, never past the end", "DR1"
            )
        places = list(state.places)
        places[state.seat] += step.squares
        seats = len(places)
        new = RaceState(state.cfg, tuple(places), (state.seat + 1) % seats, None, state.turns + 1)
        events = [event("moved", seat=state.seat + 1, to=places[state.seat])]
        if (end := self.outcome(new)) is not None:
            events.append(
                event(
                    "game-ended",
                    termination=end.termination,
                    winners=[w + 1 for w in end.winners],
                    scores=list(new.places),
                )
            )
        return new, tuple(events)

    def outcome(self, state):
        done = [i for i, p in enumerate(state.places) if p >= state.cfg.track]
        return Outcome("finish-reached", tuple(done), state.places) if done else None

    def parse_step(self, text):
        found = re.fullmatch(r"\s*(roll|move)\s+([0-9]{1,2})\s*", text)
        if found is None:
            raise MalformedStep(text, "Dice Race steps are `roll N` and `move N`")
        kind, n = found.group(1), int(found.group(2))
        return Roll(n) if kind == "roll" else Move(n)

    def describe(self, state):
        places = ", ".join(f"seat {i + 1} on {p}" for i, p in enumerate(state.places))
        doing = (
            "over"
            if self.actor(state) == TERMINAL
            else f"seat {state.seat + 1} to "
            + ("roll" if state.rolled is None else f"move up to {state.rolled}")
        )
        return f"track of {state.cfg.track}: {places}; {doing}"

    def measures(self, state):
        return {"turns": state.turns}

    def narrator(self, config):
        return RaceNarrator(config)


class RaceNarrator(TableNarrator):
    title = "Dice Race"
    sentences = {
        "rolled": lambda n, e: f"{n.seat(e['seat'])} rolled {e['value']}",
        "moved": lambda n, e: f"{n.seat(e['seat'])} moved to square {e['to']}",
        "game-ended": lambda n, e: (
            "the race is over: "
            + " and ".join(n.seat(w) for w in e["winners"])
            + " reached the end"
        ),
    }
