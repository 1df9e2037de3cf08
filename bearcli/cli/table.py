"""The game at the `play` table: the match, its bots and narrator, who took each step, `undo`
and `redo`, and when the table waits for a person to roll (P-C4).

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
    def __init__(
        self,
        game: Game,
        config: Config,
        seed: int,
        steps: Sequence[Step] = (),
        *,
        typed_chance: bool = False,
    ):
        self.game, self.config, self.seed = game, config, seed
        self.humans = frozenset(i for i, s in enumerate(config.seats) if s.bot == "human")
        # --manual-chance: chance steps are typed by a person (a table's dice transcribed), so
        # undo may take one back; drawn from the seed they are new information and never are.
        self.typed_chance = typed_chance
        self.undone: list[list[Step]] = []  # what undo took back, the latest last: for redo
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
        """A step typed at the prompt (a person's decision, or a typed-in chance step); what
        was undone can no longer be redone."""
        actor = self.match.actor
        logged = apply_and_notify(self.match, self.bots, step)
        self.actors.append(actor)
        self.undone.clear()
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

    def roller(self) -> int | None:
        """At a chance step drawn from the seed: the person the table waits for to roll (or
        turn the card), or None when it is drawn at once. A person waits who decided since
        the last chance step (until the dice are rolled, undo can take that back), or whose
        roll it is; bots never wait for each other."""
        if self.typed_chance or self.match.actor != CHANCE or not self.humans:
            return None
        for actor in reversed(self.actors):
            if actor == CHANCE:
                break
            if actor in self.humans:
                return actor
        owner = chance_seat(self.game, self.match.state)
        return owner if owner in self.humans else None

    def undo(self, where: Location) -> list[Step]:
        """Take back the last person's decision (or typed-in chance step) and the bot steps
        after it, never a chance step drawn from the seed (P-C4: nobody re-rolls); returns the
        steps taken back, the person's first. `where` is the input line that asked."""
        i = len(self.actors) - 1
        while i >= 0 and self.actors[i] != CHANCE and self.actors[i] not in self.humans:
            i -= 1  # a bot's step: taken back with the decision it answered
        if i < 0 or (self.actors[i] == CHANCE and not self.typed_chance):
            since = "in this game" if i < 0 else f"since the chance step '{self.match.steps[i]}'"
            raise InputError(
                f"nothing to undo: no person has decided anything {since}; once the dice are "
                "rolled (or a card turned up) the steps before stand",
                location=where,
                ruling=UNDO_RULING,
            )
        steps = list(self.match.steps)
        self._set_up(steps[:i])
        self.undone.append(steps[i:])
        return steps[i:]

    def redo(self, where: Location) -> list[tuple[Step, tuple[LoggedEvent, ...]]]:
        """Put back what the last undo took back (the same steps, so the same position)."""
        if not self.undone:
            raise InputError(
                "nothing to redo: redo puts back what undo took back, until a new step is typed",
                location=where,
                ruling=UNDO_RULING,
            )
        done = []
        for step in self.undone.pop():
            self.actors.append(self.match.actor)
            done.append((step, apply_and_notify(self.match, self.bots, step)))
        return done


def chance_seat(game: Game, state) -> int | None:
    """Whose the chance step at `state` is (0-based): the seat its events name (a seat's roll,
    the card a seat turned over); None when they name none (an escort throw is the table's)."""
    outcomes = game.chance_outcomes(state) if game.actor(state) == CHANCE else []
    if not outcomes:
        return None
    _, events = game.apply(state, outcomes[0][0])
    for e in events:
        seat = e.to_dict().get("seat")
        if isinstance(seat, int) and 1 <= seat <= len(state.cfg.seats):
            return seat - 1
    return None
