"""What a game may do beyond the Game protocol: optional abilities it declares.

An ability is a small Protocol: a game has it when its class defines the methods (and class
attributes) the Protocol names, and generic code asks `isinstance(game, Ability)` before it
uses one, never the game's name. A game without an ability still plays, replays, simulates
and is checked; what the ability gives is then left out or drawn plainly (`render`,
`picture` below).

- `StaticChecks`: findings known before any die is rolled (a floe's P-SB7..): `validate`,
  and the gate before `play`, `simulate`, `solve`;
- `ScenarioFiles`: a file of the game's own that stands for a whole scenario (a `.layout`
  file), wherever a scenario file is taken;
- `ExactSolving`: a faster exact solver of its own (whole turns over integer codes): `solve`;
- `Rating`: how hard a scenario is for the game's bots, placed among the shipped scenarios
  (`layout rate`, and the ratings of `layout vary` and `layout generate`);
- `Pictures`: the terminal board (rich) and the SVG picture of a position: `play`, `replay
  --board/--svg/--html`, `check --html`.

A scenario's files that a key names (a layout) are `Game.file_keys`, on the protocol itself.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from importlib import import_module
from typing import Any, ClassVar, NamedTuple, Protocol, runtime_checkable

from bearcli.core.errors import Location, ScenarioError
from bearcli.core.solving import Budget, Solution

ERROR, WARNING = "error", "warning"


@dataclass(frozen=True)
class Finding:
    """One static finding about a scenario, located in its file."""

    severity: str  # ERROR or WARNING (docs/rules.md says which finding is which, and why)
    message: str
    ruling: str
    location: Location | None

    def headline(self) -> str:
        where = f"{self.location}: " if self.location else ""
        return f"{where}{self.severity}: {self.message} [{self.ruling}]"

    def as_error(self) -> ScenarioError:
        return ScenarioError(self.message, ruling=self.ruling, location=self.location)


Where = Callable[..., Location | None]  # a scenario key's place: Source.loc


# Each Protocol is a declaration, not behaviour, and is left out of mutation testing: the
# copies mutmut makes of its methods would become members that no game has, failing every
# isinstance check (docs/architecture.md, "Mutation testing").
@runtime_checkable
class StaticChecks(Protocol):  # pragma: no mutate block
    """Findings on a configuration before any game of it is played; their errors fail
    `validate` and stop the commands that play it (unless `--unchecked`)."""

    # The rulings whose finding says no game of the scenario could ever end: a batch of
    # games is refused on them even with --unchecked.
    never_ends: ClassVar[frozenset[str]]

    def static_findings(self, config: Any, where: Where) -> tuple[Finding, ...]: ...


@runtime_checkable
class ScenarioFiles(Protocol):  # pragma: no mutate block
    """A file of the game's own (named by its suffix) that stands for a whole scenario with
    the game's default seats and rules, wherever a scenario file is taken."""

    scenario_suffix: ClassVar[str]  # ".layout"
    scenario_file_kind: ClassVar[str]  # what `validate` calls such a file: "layout"
    scenario_file_taken_by: ClassVar[str]  # the commands that take one, for a refusal

    def scenario_of_file(self, file_name: str, title: str) -> dict: ...

    # Whether a text (under any name, or on standard input) is such a file.
    def is_scenario_file_text(self, text: str) -> bool: ...


@runtime_checkable
class ExactSolving(Protocol):  # pragma: no mutate block
    """An exact solver of the game's own, faster than the generic walk over the protocol's
    states (which stays, as `method="plain"`, the reference it is tested against)."""

    def solve_exactly(self, config: Any, budget: Budget, *, symmetry: bool = True) -> Solution: ...


class RatedGame(NamedTuple):
    """What a rating reads of one played game, worked out where it was played: a few bytes
    to send back, not its events."""

    won: bool
    turns: int
    arrived: tuple[str, ...]  # the pieces that reached their goal (Rating.rating_pieces)
    lost_as: str | None  # a lost game's way of losing, in words; None for a won game
    choice: str | None  # the set-up choice the bot made, if the game has one


# A bot's win rates on the shipped scenarios at one setting, easiest first: (the shipped
# name within the game's folder, its title, the win rate).
Anchors = tuple[tuple[str, str, float], ...]


@runtime_checkable
class Rating(Protocol):  # pragma: no mutate block
    """How hard a scenario is for the game's bots. Each setting (a value for each of
    `rating_axes`, given as `--set AXIS=VALUE`) is played by each bot; a bot's win rate is
    placed among its own on the shipped scenarios (`rating_anchors`), and the label rests on
    the first of `rating_bots` that has anchors: the strongest."""

    rating_axes: ClassVar[tuple[str, ...]]  # the scenario keys a setting sets: level, variant
    rating_settings: ClassVar[tuple[tuple[str, ...], ...]]  # rated in this order
    rating_bots: ClassVar[tuple[str, ...]]  # the strongest first
    rating_pieces: ClassVar[tuple[str, ...]]  # whose arrivals a rating counts

    def rating_anchors(self, bot: str) -> Mapping[tuple[str, ...], Anchors]: ...

    def rated_game(self, events: Sequence[Any], outcome: Any, turns: int) -> RatedGame: ...

    def rating_seats(self, config: Any, bot: str, budget: int | None) -> tuple[Any, str | None]:
        """The configuration a bot's games are played on, and the bot named to the batch
        (None where the seats themselves name it, with options such as a node budget)."""
        ...


@runtime_checkable
class Pictures(Protocol):  # pragma: no mutate block
    """The drawings of a position: `render` for the terminal (rich Text, with its legend;
    `describe` is its plain text) and `picture`, the same position as SVG text."""

    def render(self, state: Any, *, viewer: int | None = None, show_memory: bool = True): ...

    def picture(
        self, state: Any, caption: str = "", *, viewer: int | None = None, show_memory=True
    ) -> str: ...


class DrawnBeside:
    """Pictures drawn by a game's own render.py and svg.py, in the package `drawings` names:
    imported when a position is first drawn, so a command that draws nothing never loads them."""

    drawings: ClassVar[str]  # the package of render.py and svg.py, e.g. "bearcli.games.bear_down"
    shows_memory: ClassVar[bool] = True  # `picture`'s default: what a face-down card showed

    def render(self, state: Any, *, viewer: int | None = None, show_memory: bool = True):
        """Pictures: the terminal board (render.py)."""
        board = import_module(f"{self.drawings}.render")
        return board.render(state, viewer=viewer, show_memory=show_memory)

    def picture(
        self, state: Any, caption: str = "", *, viewer: int | None = None, show_memory=None
    ) -> str:
        """Pictures: the position as SVG (svg.py)."""
        shown = self.shows_memory if show_memory is None else show_memory
        drawing = import_module(f"{self.drawings}.svg")
        return drawing.picture(state, caption, viewer=viewer, show_memory=shown)


def render(game: Any, state: Any, *, viewer: int | None = None, show_memory: bool = True):
    """The terminal drawing of a position: the game's own, else its plain description."""
    if isinstance(game, Pictures):
        return game.render(state, viewer=viewer, show_memory=show_memory)
    from rich.text import Text

    return Text(game.describe(state))


def picture(game: Any, state: Any, caption: str = "", *, show_memory: bool = True) -> str:
    """The SVG picture of a position: the game's own, else its plain description as text."""
    if isinstance(game, Pictures):
        return game.picture(state, caption, show_memory=show_memory)
    from bearcli.core.picture import Position, svg

    lines = tuple(game.describe(state).splitlines())
    return svg(Position(game.name, (), (), (), above=lines), {}, caption)
