"""Narration: each event of the canonical event log told as one plain English sentence.

A narrator reads the events of one game in order (the JSON objects of an event log's lines
after the header, i.e. `LoggedEvent.to_dict()`) and may remember what it has seen (the round,
the die being resolved) to give each sentence its context. Every game's narrator knows every
event type its rules emit; an unknown type is an error, never a vague sentence.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from bearcli.core.errors import BearError

if TYPE_CHECKING:
    from bearcli.core.game import Config, Game


class NarrationError(BearError):
    """An event the narrator cannot tell: an unknown type, a missing field, a seat not in play."""


class Narrator(ABC):
    """Tells one game's events, in order, one sentence each (plain text, no final newline)."""

    def __init__(self, config: Config):
        self.config = config

    @abstractmethod
    def tell(self, event: dict) -> str:
        """The sentence for `event`; raises NarrationError for an event it does not know."""

    def status(self, state: Any) -> str:
        """One line on where the game stands (what `play` prints when it changes); a game's
        narrator says what matters in it: bears across, salmon carried and banked, ..."""
        return ""

    def seat(self, number: int) -> str:
        """Seat `number` (1-based, as events give it): its name ("Helena"), else "seat 2"."""
        seats = self.config.seats
        if not isinstance(number, int) or not 1 <= number <= len(seats):
            raise NarrationError(f"seat {number!r} is not a seat of this game (1-{len(seats)})")
        return self.config.who(number - 1)


Sentence = Callable[[Any, dict], str]


class TableNarrator(Narrator):
    """A narrator that looks each event type up in `sentences`: type -> f(narrator, event)."""

    title: ClassVar[str]  # the game's title, for error messages
    sentences: ClassVar[Mapping[str, Sentence]]

    def tell(self, event: dict) -> str:
        kind = event.get("type")
        say = self.sentences.get(kind) if isinstance(kind, str) else None
        where = f"event {event.get('seq', '?')}"
        if say is None:
            raise NarrationError(
                f"{where}: no sentence for event type {kind!r}: not an event of {self.title}"
            )
        try:
            return say(self, event)
        except KeyError as missing:
            raise NarrationError(f"{where} ({kind}) has no field {missing}") from None


def narrate(game: Game, config: Config, events: Iterable[dict]) -> list[str]:
    """One narrator for the game, every event told in order."""
    narrator = game.narrator(config)
    return [narrator.tell(e) for e in events]


# -- small helpers for the sentences -------------------------------------------------------


def words(items: Iterable[str]) -> str:
    """`a`, `a and b`, `a, b and c`."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def count(n: int, singular: str, plural: str | None = None) -> str:
    """`1 salmon`, `2 searches` (`plural` defaults to singular + "s")."""
    return f"{n} {singular if n == 1 else plural or singular + 's'}"
