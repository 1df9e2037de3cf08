"""The protocol every game implements (OpenSpiel-style, pure and small).

A game is: a configuration read from a scenario, an initial state, who acts at a state
(a seat, chance, or nobody once it is over), the legal steps there, `apply` (which always
validates and returns the events it caused) and the outcome. Chance is an explicit step
(RULINGS C2): at a chance node `chance_outcomes` lists every possible outcome with its
weight, so a record that states its chance steps replays with no generator at all.
States and steps are immutable values; `apply` returns a new state.

`Game[ConfigT, StateT]` and `Bot[ConfigT, StateT]` are generic in the game's own configuration
and state types: a game class names them once (`class SlidingBears(Game[SBConfig, State])`) and
its methods take and return those, with no narrowing; code that serves every game holds a
`Game[Any, Any]`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from bearcli.core.errors import IllegalStep
from bearcli.core.events import Event
from bearcli.core.narration import Narrator
from bearcli.core.outcome import Outcome
from bearcli.core.rng import Rng
from bearcli.core.source import Source

CHANCE = -1  # actor value at a chance node
TERMINAL = -2  # actor value once the game is over


class Step(Protocol):
    """A step prints itself back in the game's notation: `str(step)` parses to an equal step."""

    def __str__(self) -> str: ...


@dataclass(frozen=True)
class Seat:
    name: str
    bot: str  # a bot name of the game, or "human"
    options: tuple[tuple[str, Any], ...] = ()  # bot parameters, e.g. (("memory", 3),)

    def label(self, index: int) -> str:
        """What every board, narration, prompt and error calls this seat (P-C10): its own name
        ("Ben"), else `seat 2`. `index` is 0-based."""
        plain = f"seat {index + 1}"
        name = self.name.strip()
        return plain if name.casefold() in ("", plain) else name


@dataclass(frozen=True)
class Config:
    """What the rules need from a scenario; each game subclasses it with its own fields."""

    seats: tuple[Seat, ...]

    def __getstate__(self) -> dict:
        # Pickled by its fields alone (sent to a worker): what was worked out from them (the
        # rules' tables, core.memo.shared values) is made again where it is needed.
        names = {f.name for f in fields(self)}
        return {k: v for k, v in self.__dict__.items() if k in names}

    def who(self, index: int) -> str:
        """Seat `index` (0-based) as every board, narration, prompt and error names it (P-C10)."""
        return self.seats[index].label(index)


ConfigT = TypeVar("ConfigT", bound=Config)  # a game's own Config subclass
StateT = TypeVar("StateT")  # a game's own state type


class Bot(ABC, Generic[ConfigT, StateT]):
    """A seat's automatic player. One instance per game, so it may remember what it saw."""

    def __init__(
        self, game: Game[ConfigT, StateT], config: ConfigT, seat: int, rng: Rng, **options: Any
    ):
        self.game, self.config, self.seat, self.rng = game, config, seat, rng

    @abstractmethod
    def choose(self, state: StateT, legal: Sequence[Step]) -> Step: ...

    def observe(self, state: StateT, step: Step, events: Sequence[Event]) -> None:  # noqa: B027
        """Called after every step of the game (any seat's, and chance); default: forget."""


class RandomBot(Bot[ConfigT, StateT]):
    """Uniform over the legal options at each decision; every game registers it as `random`."""

    def choose(self, state: StateT, legal: Sequence[Step]) -> Step:
        return self.rng.choice(legal)


@dataclass(frozen=True)
class BotSpec:
    factory: type[Bot[Any, Any]]
    summary: str
    options: Mapping[str, type] = field(default_factory=dict)  # option name -> int/str/...


class Game(ABC, Generic[ConfigT, StateT]):
    name: ClassVar[str]  # registry key and `game:` value, e.g. "sliding-bears"
    title: ClassVar[str]
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]
    cooperative: ClassVar[bool]
    seats_ruling: ClassVar[str]  # the ruling that sets the player count, cited on refusal
    # Raised whenever the game's behaviour changes (docs/rules.md, "Rules versions"); it is in
    # every event-log header, so a golden log recorded under other rules says so.
    rules_version: ClassVar[int]
    # Top-level scenario keys this game reads, beyond format/game/title/seats/seed.
    scenario_keys: ClassVar[frozenset[str]] = frozenset()
    # Scenario keys whose value may name a file (a layout): a self-contained record inlines it.
    file_keys: ClassVar[frozenset[str]] = frozenset()
    bots: ClassVar[Mapping[str, BotSpec]]

    def __reduce__(self):
        """A registered game pickles by name: a worker then plays every job on its one
        registry instance, so the jobs of a batch carry equal scenarios (and the worker keeps
        the first: simulation._worker_copy). Any other instance (a test's variant) by value."""
        from bearcli.core import registry

        if registry.registered(self):
            return (registry.get, (self.name,))
        return super().__reduce__()

    # -- set-up ---------------------------------------------------------------------
    @abstractmethod
    def configure(self, source: Source, seats: tuple[Seat, ...]) -> ConfigT:
        """Validate the game's part of a scenario; raise ScenarioError at the bad value."""

    @abstractmethod
    def config_dict(self, config: ConfigT) -> dict[str, Any]:
        """The rules-relevant configuration as plain data (fingerprinted, shown in headers)."""

    @abstractmethod
    def initial_state(self, config: ConfigT) -> tuple[StateT, tuple[Event, ...]]: ...

    # -- play -------------------------------------------------------------------------
    @abstractmethod
    def actor(self, state: StateT) -> int:
        """The seat to decide (0-based), CHANCE, or TERMINAL."""

    @abstractmethod
    def legal_steps(self, state: StateT) -> Sequence[Step]:
        """Every legal decision at a seat's turn (never empty before the end)."""

    @abstractmethod
    def chance_outcomes(self, state: StateT) -> Sequence[tuple[Step, int]]:
        """At a chance node: every possible outcome with an integer weight."""

    def sample_chance(self, state: StateT, rng: Rng) -> Step:
        """Draw one chance outcome with the probabilities `chance_outcomes` states.

        The plain way lists every outcome; a game whose outcomes are many (five dice) may draw
        them its own way, faster, as long as each outcome keeps its probability. Seeded games
        (simulate, play, the P-C3 check) all draw through here, so they stay consistent.
        """
        return rng.weighted(list(self.chance_outcomes(state)))

    @abstractmethod
    def apply(self, state: StateT, step: Step) -> tuple[StateT, tuple[Event, ...]]:
        """Validate and apply; raise IllegalStep naming the ruling when the rules refuse."""

    def advance(self, state: StateT, step: Step) -> StateT:
        """apply() for a caller that reads no events (the quiet runner, when no bot does):
        the same new state. A game may skip making its events here, faster."""
        return self.apply(state, step)[0]

    @abstractmethod
    def outcome(self, state: StateT) -> Outcome | None: ...

    @abstractmethod
    def parse_step(self, text: str) -> Step:
        """Notation text to a step; raise MalformedStep if it is not notation at all."""

    # -- reporting --------------------------------------------------------------------
    @abstractmethod
    def describe(self, state: StateT) -> str:
        """The position as plain text, for error messages and logs (no colour)."""

    def is_cooperative(self, config: ConfigT) -> bool:
        """A game whose variants differ (Baerenspiel's memo game) overrides this."""
        return self.cooperative

    def solve_key(self, state: StateT) -> Any:
        """What identifies a position for exact solving (drop turn counters and the like)."""
        return state

    def transcript_kinds(self, config: ConfigT) -> Sequence[tuple[str, str, str]]:
        """Each kind of step a game of `config` can have, for a transcript header (`record
        new`): (its notation class's name, an example written when no sample game met that
        kind, what it is), in the order a record meets them. Default: none listed."""
        return ()

    def measures(self, state: StateT) -> dict[str, int]:
        """Per-game figures `simulate` averages, e.g. {"turns": 31}."""
        return {}

    @abstractmethod
    def narrator(self, config: ConfigT) -> Narrator:
        """A fresh narrator of this game's events, one plain sentence each (narrate.py)."""

    def options_text(self, state: StateT, limit: int = 40) -> str:
        """The legal steps (or chance outcomes) at a state, as one line for messages."""
        if self.actor(state) == CHANCE:
            items = [str(s) for s, _ in self.chance_outcomes(state)]
        elif self.actor(state) == TERMINAL:
            return "none (the game is over)"
        else:
            items = [str(s) for s in self.legal_steps(state)]
        items = sorted(set(items), key=items.index)
        more = f" ... (+{len(items) - limit} more)" if len(items) > limit else ""
        return ", ".join(items[:limit]) + more

    def chance_pattern(self, state: StateT) -> str:
        """How the chance step at `state` is written, for `?` at a typed-in chance prompt: the
        outcomes themselves when they are few, else word by word (`roll {pink|green} wind`),
        never every combination (five Bear Down! dice have 3,125)."""
        return pattern_of([str(s) for s, _ in self.chance_outcomes(state)])

    def legal_for(self, state: StateT, seat: int) -> Sequence[Step]:
        """The decisions `seat` (0-based) could make here were it that seat's turn: replays
        say so when a refused step belongs to another seat (P-C6). Where the seat changes
        nothing (every cooperative game) these are the legal steps; Bear Down! overrides it."""
        return self.legal_steps(state) if self.actor(state) >= 0 else []

    def refuse(self, step: Step | str, reason: str, ruling: str | None) -> IllegalStep:
        return IllegalStep(str(step), reason, ruling=ruling)


def pattern_of(items: Sequence[str], few: int = 6) -> str:
    """`a, b, c` for a few notations; else the words each position takes, `{x|y}`, with a
    shared `head:` kept outside the braces (`blue:{W|S1}`)."""
    items = list(dict.fromkeys(items))
    rows = [text.split(" ") for text in items]
    if len(items) <= few or len({len(r) for r in rows}) != 1:
        more = f" ... (+{len(items) - 40} more)" if len(items) > 40 else ""
        return ", ".join(items[:40]) + more
    slots = []
    for column in zip(*rows, strict=True):
        values = list(dict.fromkeys(column))
        heads = {v.split(":", 1)[0] for v in values if ":" in v}
        if len(values) == 1:
            slots.append(values[0])
        elif len(heads) == 1 and all(":" in v for v in values):
            slots.append(f"{heads.pop()}:{{{'|'.join(v.split(':', 1)[1] for v in values)}}}")
        else:
            slots.append("{" + "|".join(values) + "}")
    return " ".join(slots)
