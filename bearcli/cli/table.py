"""The game at the `play` table: the match, its bots and narrator, who took each step, `undo`.

A table is always what replaying its steps gives: the bots are made from the seed and shown
every step, the narrator told every event. After an undo the table is rebuilt from the steps
kept, so it is the table `bearcli play SAVED` would set up from the saved record.
"""

from collections.abc import Sequence

from bearcli.core.errors import InputError, Location
from bearcli.core.game import CHANCE, Config, Game, Step
from bearcli.core.rng import Rng
from bearcli.core.runner import LoggedEvent, Match, apply_and_notify, auto_step, make_bots

UNDO_RULING = "P-C4"


class Table:
    def __init__(self, game: Game, config: Config, seed: int, steps: Sequence[Step] = ()):
        self.game, self.config, self.seed = game, config, seed
        self.humans = frozenset(i for i, s in enumerate(config.seats) if s.bot == "human")
        self._set_up(steps)

    def _set_up(self, steps: Sequence[Step]) -> None:
        self.match = Match(self.game, self.config)
        self.bots = make_bots(self.game, self.config, self.seed)
        self.narrator = self.game.narrator(self.config)
        self.actors: list[int] = []  # who took each step: a seat (0-based) or CHANCE
        for step in steps:
            self.actors.append(self.match.actor)
            apply_and_notify(self.match, self.bots, step)
        told = [self.narrator.tell(e) for e in self.match.event_dicts()]  # what was told
        self.opening = told[: sum(1 for e in self.match.events if e.step == 0)]  # the set-up

    def take(self, step: Step) -> tuple[LoggedEvent, ...]:
        """A step typed at the prompt (a person's decision, or a typed-in chance step)."""
        actor = self.match.actor
        logged = apply_and_notify(self.match, self.bots, step)
        self.actors.append(actor)
        return logged

    def auto(self, rng: Rng) -> tuple[Step, tuple[LoggedEvent, ...]] | None:
        """Chance from the generator or a bot seat's step; None when a person is to decide."""
        actor = self.match.actor
        taken = auto_step(self.match, self.bots, rng)
        if taken is not None:
            self.actors.append(actor)
        return taken

    def tell(self, logged: Sequence[LoggedEvent]) -> list[str]:
        return [self.narrator.tell(e.to_dict()) for e in logged]

    def undo(self, where: Location) -> list[Step]:
        """Take back the last person's decision and the bot steps after it, never a chance
        step (P-C4: nobody re-rolls); returns the steps taken back, the person's first.
        `where` is the input line that asked, for the refusal."""
        i = len(self.actors) - 1
        while i >= 0 and self.actors[i] != CHANCE and self.actors[i] not in self.humans:
            i -= 1  # a bot's step: taken back with the decision it answered
        if i < 0 or self.actors[i] == CHANCE:
            since = "in this game" if i < 0 else f"since the chance step '{self.match.steps[i]}'"
            raise InputError(
                f"nothing to undo: no person has decided anything {since}; undo never crosses "
                "a chance step",
                location=where,
                ruling=UNDO_RULING,
            )
        steps = list(self.match.steps)
        self._set_up(steps[:i])
        return steps[i:]
